"""Issue 13 item 3: a judge that fails (HTTP 500) leaves the sample in error, and eval-retry scores it.

The judge is the local OpenAI-compatible server bound as the `grader` model
role, without retries and with a short timeout (the role's own config). A
failing judge call is not an unresolved answer: the sample ends in error, the
run ends in error, and `eval_retry` with a healthy judge scores exactly the
failed samples; the others are reused, none is counted twice.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval, eval_retry
from inspect_ai.model import GenerateConfig, get_model

from tests.fakes.openai_server import OpenAIServer, last_user_text
from tests.helpers import metrics

UNDECIDED = "Hard to say; it could be several of these."


class FlakyJudge:
    """Answers "A", except with HTTP 500 for the leftmost/rightmost questions until healed."""

    def __init__(self) -> None:
        self.healthy = False

    def __call__(self, request: dict[str, Any]) -> str:
        question = re.findall(r"^Question: (.*)$", last_user_text(request), re.MULTILINE)[-1]
        if not self.healthy and "most one" in question:
            raise RuntimeError("judge overloaded")
        return "A"


def test_judge_errors_are_sample_errors_and_eval_retry_scores_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LOCAL_API_KEY", "x")  # the retried run rebuilds the judge from the log
    responder = FlakyJudge()
    with OpenAIServer(responder) as server:
        judge = get_model(
            "openai-api/local/judge",
            base_url=server.base_url,
            config=GenerateConfig(max_retries=0, timeout=60),
            max_retries=0,
            memoize=False,
        )
        (first,) = eval(
            "vpt_tasks/omni_perspective",
            task_args={"source": "demo"},
            model=get_model("vpt_tasks/constant", answer=UNDECIDED, memoize=False),
            model_roles={"grader": judge},
            log_dir=str(tmp_path),
            display="none",
            continue_on_fail=True,
        )
        assert first.status == "error"
        errored = {s.id for s in first.samples if s.error is not None}
        expected = {s.id for s in first.samples if "most one" in s.metadata["question"]}
        assert errored == expected and len(errored) == 8, {  # 2 items x 4 rotations
            s.id: s.error.message for s in first.samples if s.error is not None
        }
        for sample in first.samples:
            if sample.id in errored:
                assert not sample.scores and "eval-retry" in sample.error.message
            else:
                assert sample.scores["merge_match"].metadata["decided_by"] == "grader"

        responder.healthy = True
        before = len(server.requests)
        (retried,) = eval_retry(first, log_dir=str(tmp_path), display="none")
        retried_requests = len(server.requests) - before

    assert retried.status == "success"
    ids = [s.id for s in retried.samples]
    assert len(ids) == len(set(ids)) == 40  # none lost, none twice
    assert retried.results.total_samples == retried.results.completed_samples == 40
    assert retried_requests == len(errored)  # one judge call per failed sample, no more
    assert all(s.error is None for s in retried.samples)
    values = metrics(retried)
    assert values["decided_by_grader"] == 40 and values["undecided"] == 0


def test_a_judge_that_names_no_option_leaves_the_answers_undecided(tmp_path: Path) -> None:
    """A reply that names nothing, in every try, is no reading: undecided (bounded), counted."""
    (log,) = eval(
        "vpt_tasks/omni_perspective",
        task_args={"source": "demo", "qtype": "3"},
        model=get_model("vpt_tasks/constant", answer=UNDECIDED, memoize=False),
        model_roles={"grader": get_model("vpt_tasks/constant", answer="hmm", memoize=False)},
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success" and len(log.samples) == 8
    for sample in log.samples:
        assert sample.error is None
        score = sample.scores["merge_match"]
        assert score.metadata["decided_by"] == "undecided"
        assert score.metadata["why"] == "grader_unreadable (named no option in 3 tries)"
        assert score.metadata["judge_replies"] == ["hmm"] * 3
    assert metrics(log)["undecided"] == 8

"""A grader that fails -- HTTP 500, an empty reply, a reply cut off at its token limit -- leaves
the sample in error, and eval-retry scores it (issues 13 and 22); a reply outside the vocabulary
("Yes or No", "Not Yes") is a reply: the answer is undecided, counted, not an error.

The grader is the local OpenAI-compatible server bound as the `grader` model
role with small retry and timeout settings (the role's own config), so the
injected failures surface at once. A failing grader call, or a reply without a
reading, is not an answer:
the sample ends in error (not "Unknown"), the run ends in error, and
`eval_retry` with a healthy grader scores exactly the failed samples -- the
others are reused, none is counted twice.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval, eval_retry
from inspect_ai.model import GenerateConfig, get_model

from tests.fakes.openai_server import OpenAIServer, Reply, last_user_text
from tests.helpers import metrics

UNDECIDED = "Hard to say from this angle."

FAULTS = {
    "http500": ("grader model failed", None),
    "empty": ("is empty", Reply("")),
    "truncated": (
        "cut off at its token limit",
        Reply("The answer would most likely be", finish_reason="length"),
    ),
}
"""How the grader fails on the cup while it is unhealthy: the sample error's text, the reply."""


class FlakyGrader:
    """Replies "No", except with the fault for questions about the cup until it is healed."""

    def __init__(self, fault: str) -> None:
        self.fault = fault
        self.healthy = False
        self.failed: list[str] = []

    def __call__(self, request: dict[str, Any]) -> Reply | str:
        context = json.loads(last_user_text(request))["DETAILS"]["CONTEXT"]
        if not self.healthy and "the cup" in context:
            self.failed.append(context)
            reply = FAULTS[self.fault][1]
            if reply is None:
                raise RuntimeError("grader overloaded")  # the server answers HTTP 500
            return reply
        return "No"


def _grader(server: OpenAIServer):
    # no retries and a short timeout through the role's own config: the failure surfaces at once
    return get_model(
        "openai-api/local/grader",
        base_url=server.base_url,
        config=GenerateConfig(max_retries=0, timeout=60),
        max_retries=0,
        memoize=False,
    )


@pytest.mark.parametrize("fault", list(FAULTS))
def test_grader_errors_are_sample_errors_and_eval_retry_scores_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fault: str
) -> None:
    monkeypatch.setenv("LOCAL_API_KEY", "x")  # the retried run rebuilds the grader from the log
    responder = FlakyGrader(fault)
    with OpenAIServer(responder) as server:
        (first,) = eval(
            "vpt_tasks/isle_brick_v1",
            task_args={"source": "demo"},
            model=get_model("vpt_tasks/constant", answer=UNDECIDED, memoize=False),
            model_roles={"grader": _grader(server)},
            log_dir=str(tmp_path),
            display="none",
            continue_on_fail=True,
        )
        assert first.status == "error"
        errored = {s.id for s in first.samples if s.error is not None}
        cup = {s.id for s in first.samples if "the cup" in s.metadata["question"]}
        assert errored == cup and 0 < len(errored) < len(first.samples), {
            s.id: s.error.message[:300]
            for s in first.samples
            if s.error is not None and s.id not in cup
        }
        for sample in first.samples:
            if sample.id in errored:
                assert not sample.scores  # no "Unknown" score for a grader error
                assert FAULTS[fault][0] in sample.error.message
                assert "eval-retry" in sample.error.message
            else:
                assert sample.scores["option_mapping"].metadata["decided_by"] == "grader"

        responder.healthy = True
        before = len(server.requests)
        (retried,) = eval_retry(first, log_dir=str(tmp_path), display="none")
        retried_requests = len(server.requests) - before

    assert retried.status == "success"
    ids = [s.id for s in retried.samples]
    assert len(ids) == len(set(ids)) == len(first.samples) == 32  # none lost, none twice
    assert retried.results.total_samples == retried.results.completed_samples == 32
    assert retried_requests == len(errored)  # only the failed samples were graded again
    for sample in retried.samples:
        assert sample.error is None
        score = sample.scores["option_mapping"]
        assert (score.answer, score.metadata["decided_by"]) == ("No", "grader")
    values = metrics(retried)
    assert values["decided_by_grader"] == 32 and values["unknown_rate"] == 0.0


def test_a_grader_that_answers_unknown_is_a_reading_counted_as_unknown(tmp_path: Path) -> None:
    """Not an error: the grader read the answer as picking no option."""
    (log,) = eval(
        "vpt_tasks/isle_dots",
        task_args={"source": "demo"},
        model=get_model("vpt_tasks/constant", answer=UNDECIDED, memoize=False),
        model_roles={"grader": get_model("vpt_tasks/constant", answer="Unknown", memoize=False)},
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success" and all(s.error is None for s in log.samples)
    values = metrics(log)
    assert values["unknown_rate"] == 1.0 and values["decided_by_grader"] == 32


@pytest.mark.parametrize("reply", ["Yes or No, hard to say", "Not Yes", "Maybe"])
def test_a_grader_reply_outside_the_vocabulary_is_undecided_not_an_error(
    tmp_path: Path, reply: str
) -> None:
    (log,) = eval(
        "vpt_tasks/isle_brick_v1",
        task_args={"source": "demo"},
        model=get_model("vpt_tasks/constant", answer=UNDECIDED, memoize=False),
        model_roles={"grader": get_model("vpt_tasks/constant", answer=reply, memoize=False)},
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success" and all(s.error is None for s in log.samples)
    for sample in log.samples:
        score = sample.scores["option_mapping"]
        assert score.metadata["decided_by"] == "undecided" and score.value == 0.0
        assert score.metadata["why"].startswith("grader_unreadable (")
        assert score.metadata["grader_reply"] == reply
    values = metrics(log)
    assert values["undecided"] == 32 and values["decided_by_grader"] == 0


class OneBadReply:
    """Replies "No", except once: an empty reply to the first question about the cup."""

    def __init__(self) -> None:
        self.failed: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, request: dict[str, Any]) -> Reply | str:
        context = json.loads(last_user_text(request))["DETAILS"]["CONTEXT"]
        with self.lock:
            if "the cup" in context and not self.failed:
                self.failed.append(context)
                return Reply("")
        return "No"


def test_one_bad_grader_reply_does_not_stop_the_run_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without any --fail-on-error: the task's own default lets the run finish; the one
    sample errors visibly (counted) and every other sample is scored."""
    monkeypatch.setenv("LOCAL_API_KEY", "x")
    responder = OneBadReply()
    with OpenAIServer(responder) as server:
        (log,) = eval(
            "vpt_tasks/isle_brick_v1",
            task_args={"source": "demo"},
            model=get_model("vpt_tasks/constant", answer=UNDECIDED, memoize=False),
            model_roles={"grader": _grader(server)},
            log_dir=str(tmp_path),
            display="none",
        )
    assert (log.eval.config.fail_on_error, log.eval.config.continue_on_fail) == (0.1, True)
    errored = [s for s in log.samples if s.error is not None]
    assert len(responder.failed) == 1 and len(errored) == 1
    assert "is empty" in errored[0].error.message and "eval-retry" in errored[0].error.message
    assert log.status == "success"
    assert (log.results.total_samples, log.results.completed_samples) == (32, 31)
    assert all(
        s.scores["option_mapping"].metadata["decided_by"] == "grader"
        for s in log.samples
        if s.error is None
    )

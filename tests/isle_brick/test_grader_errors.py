"""A grader that fails (HTTP 500 after Inspect's retries) errors the sample; `eval-retry` completes it.

The grader role is an `openai-api/local/...` model talking to the local
OpenAI-compatible server (`tests/fakes/openai_server.py`), so the failure
travels the real path: HTTP 500 -> the openai client -> Inspect's retries
(none here: `max_retries=0`) -> the scorer. A grader *error* must not be scored
as "rules (llm extraction failed)": the sample ends in error, and
`inspect eval-retry` with a healthy grader scores it, once.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval, eval_retry
from inspect_ai.model import GenerateConfig, get_model

from tests.fakes.openai_server import OpenAIServer, last_user_text
from vpt_tasks.isle_brick.metrics import details
from vpt_tasks.report.logs import sample_scores

FAILING_OBJECT = "the dog"
"""Grader requests about this object get HTTP 500 while the grader is down (4 of the 8 demo scenes)."""


class Grader:
    """The fake grader: '["north"]' for every request, HTTP 500 for the dog while it is down."""

    def __init__(self) -> None:
        self.down = True
        self.lock = threading.Lock()
        self.failed: list[str] = []

    def __call__(self, request: dict[str, Any]) -> str:
        text = last_user_text(request)
        if self.down and FAILING_OBJECT in text.split("Model answer:")[0]:
            with self.lock:
                self.failed.append(text)
            raise RuntimeError("grader overloaded")  # the server answers HTTP 500
        return '["north"]'


@pytest.mark.parametrize(
    ("grader_mode", "answer", "fail_on_error"),
    [
        # the grader extracts every answer; the run goes on past errors: exactly the dog fails
        ("llm", "It is to the north-east.", False),
        # the rules cannot settle it, the grader cascades; Inspect's default stops at the first error
        ("auto", "It is over by the window.", True),
    ],
)
def test_grader_errors_fail_samples_and_eval_retry_completes_them(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    grader_mode: str,
    answer: str,
    fail_on_error: bool,
) -> None:
    monkeypatch.setenv("LOCAL_API_KEY", "x")  # eval-retry rebuilds the grader from the log
    grader = Grader()
    logs = tmp_path / "logs"
    with OpenAIServer(grader) as server:
        grader_model = get_model(
            "openai-api/local/grader",
            base_url=server.base_url,
            config=GenerateConfig(max_retries=0, timeout=10),
            memoize=False,
        )
        [first] = eval(
            "vpt_tasks/isle_brick",
            task_args={"source": "demo", "questions": "Q4", "grader": grader_mode},
            model=get_model("vpt_tasks/constant", answer=answer, memoize=False),
            model_roles={"grader": grader_model},
            log_dir=str(logs),
            display="none",
            fail_on_error=fail_on_error,
        )
        assert first.samples and grader.failed
        assert first.status == ("error" if fail_on_error else "success")
        dog = {str(s.id) for s in first.samples if s.metadata["object"] == "dog"}
        server_errors = {
            str(s.id) for s in first.samples if s.error and "InternalServerError" in s.error.message
        }
        assert server_errors and server_errors <= dog
        if not fail_on_error:  # every dog sample failed, every other one was scored
            assert server_errors == dog == {str(s.id) for s in first.samples if s.error}
        for sample in first.samples:
            if sample.error:
                assert not sample.scores  # never scored as "rules (llm extraction failed)"
                continue
            meta = sample.scores["prediction_correctness"].metadata
            assert meta["decided_by"] == "grader" and meta["components"] == ["north"]
            assert sample.metadata["object"] != "dog"

        grader.down = False
        [second] = eval_retry(first.location, log_dir=str(logs), display="none")

    assert second.status == "success" and second.eval.task_id == first.eval.task_id
    assert second.samples and len(second.samples) == 8
    assert len({str(s.id) for s in second.samples}) == 8  # no sample twice
    assert not any(s.error for s in second.samples)
    assert second.results and second.results.completed_samples == 8
    scores = [s.scores["prediction_correctness"] for s in second.samples]
    assert all(s.metadata["decided_by"] == "grader" for s in scores)
    assert all(s.metadata["reading"] == ["north"] for s in scores)
    printed = {name: m.value for name, m in second.results.scores[0].metrics.items()}
    mean = sum(float(s.value) for s in scores) / 8
    assert printed["overall"] == pytest.approx(mean) and printed["undecided"] == 0
    assert printed["disclaimers"] == 0
    types = details(sample_scores(second))
    assert sum(types[f"types_Q4_{t}"] for t in ("single", "compound", "disclaimer")) == 8
    assert types["decided_by_grader"] == 8

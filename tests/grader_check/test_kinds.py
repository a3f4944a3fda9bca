"""The grader check asks exactly what the scorers ask: the same prompt, the same settings.

Each benchmark whose scorer asks a grader runs on its demo data with `-T grader=llm` and
the local OpenAI server as the grader, recording every request; the grader check's
sample for the same answer (same question, options, dataset, question kind) must send the
same prompt with the same temperature and token limit.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.model import get_model

from tests.fakes.openai_server import OpenAIServer, last_user_text
from vpt_tasks.grader_check.dataset import Answer, build_samples
from vpt_tasks.grader_check.kinds import asking

ANSWER = "Hard to say from this angle, maybe the first one.\n\nAnswer: it is unclear"


def _graded(tmp_path: Path, task: str, reply: str, **task_args: Any) -> tuple[Any, dict]:
    """One sample of `task` read by the fake grader: (the sample, its grader request)."""
    requests: list[dict] = []

    def respond(request: dict) -> str:
        requests.append(request)
        return reply

    with OpenAIServer(respond) as server:
        grader = get_model(
            "openai-api/local/grader", base_url=server.base_url, api_key="x", memoize=False
        )
        (log,) = eval(
            f"vpt_tasks/{task}",
            task_args={"source": "demo", "grader": "llm", **task_args},
            model=get_model("vpt_tasks/constant", answer=ANSWER, memoize=False),
            model_roles={"grader": grader},
            limit=1,
            log_dir=str(tmp_path),
            display="none",
        )
    [sample] = log.samples
    assert sample.error is None and requests
    return sample, requests[0]


def _check(answer: Answer, request: dict) -> None:
    [sample] = list(build_samples([answer]))
    sent = sample.input[0].content
    text = sent if isinstance(sent, str) else "\n".join(p.text for p in sent)
    assert text == last_user_text(request)
    how = asking(answer.kind)
    assert request.get("temperature") == how.temperature(0)
    assert (request.get("max_completion_tokens") or request.get("max_tokens")) == how.max_tokens


def _answer(kind: str, **fields: Any) -> Answer:
    defaults = dict(
        id="x",
        answer=ANSWER,
        label="ambiguous",
        options={},
        question="",
        dataset="",
        prompt="",
        question_id="",
        object="",
        language="",
        source_file="",
    )
    return Answer(kind=kind, **{**defaults, **fields})  # type: ignore[arg-type]


@pytest.mark.parametrize("task", ["isle_brick_v1", "isle_dots"])
def test_two_options_ask_what_answer_mapping_asks(tmp_path: Path, task: str) -> None:
    sample, request = _graded(tmp_path, task, "Unknown")
    meta = sample.metadata
    _check(
        _answer(
            "two_options",
            options=meta["options"],
            question=meta["question"],
            dataset=meta["dataset"],
            prompt=meta["prompt_style"],
        ),
        request,
    )


def test_four_options_ask_what_merge_match_asks(tmp_path: Path) -> None:
    sample, request = _graded(tmp_path, "omni_perspective", "Z", circular=False)
    options = {chr(ord("A") + i): choice for i, choice in enumerate(sample.choices)}
    _check(_answer("four_options", options=options, question=sample.metadata["question"]), request)


def test_components_ask_what_set_precision_asks(tmp_path: Path) -> None:
    sample, request = _graded(tmp_path, "isle_brick", "[]", questions="Q4")
    meta = sample.metadata
    _check(_answer("components", question_id=meta["question_id"], object=meta["object"]), request)
    # the same reading of the reply
    assert json.loads(last_user_text(request).split("Model answer: ", 1)[1].split("\n")[0]) == (
        "it is unclear"
    )  # the part after the last "Answer:" line, as the scorer reads it

"""The generic answer mapping with a grader, configured by a benchmark that is not Isle v1.

A made-up two-option benchmark ("Is the light on?" with the options "on" /
"off") passes its own grader prompt, valid values and grader settings; the
scorer maps answers by rules first, then through the `grader` model role.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task
from inspect_ai.dataset import Sample
from inspect_ai.model import GenerateConfig, ModelOutput, get_model
from inspect_ai.scorer import Scorer, scorer
from inspect_ai.solver import Generate, Solver, TaskState, solver

from tests.fakes.openai_server import OpenAIServer, last_user_text
from tests.helpers import metrics, run
from vpt_tasks.scorers.answer_mapping import (
    UNKNOWN_REASONS,
    GraderMode,
    answer_mapping,
    answer_mapping_paths,
)

UNDECIDED = "Hard to tell from this picture."


def light_prompt(metadata: Mapping[str, Any], options: Mapping[str, str], answer: str) -> str:
    return f"{metadata['question']} | A={options['A']} B={options['B']} | {answer}"


def light_values(metadata: Mapping[str, Any], options: Mapping[str, str]) -> list[str]:
    return ["on", "off"]


@scorer(metrics=[answer_mapping_paths()], name="light_mapping")
def light_mapping(grader: GraderMode = "role") -> Scorer:
    return answer_mapping(
        prompt=light_prompt,
        valid_values=light_values,
        grader_config=GenerateConfig(temperature=0.0, max_tokens=5),
        grader=grader,
    )


@solver
def scripted_answer() -> Solver:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        state.output = ModelOutput.from_content("scripted", state.metadata["answer"])
        return state

    return solve


def light_task(answers: list[str], grader: GraderMode = "role") -> Task:
    samples = []
    for i, answer in enumerate(answers):
        options = {"A": "on", "B": "off"} if i % 2 == 0 else {"A": "off", "B": "on"}
        gold_letter = "A" if options["A"] == "on" else "B"
        samples.append(
            Sample(
                id=f"s{i}",
                input="Is the light on?",
                target=gold_letter,
                metadata={
                    "answer": answer,
                    "question": "Is the light on?",
                    "options": options,
                    "gold_answer": "on",
                    "gold_letter": gold_letter,
                },
            )
        )
    return Task(dataset=samples, solver=[scripted_answer()], scorer=light_mapping(grader=grader))


def test_rules_then_the_benchmarks_grader_prompt_and_values(tmp_path: Path) -> None:
    def grader_reply(request: dict[str, Any]) -> str:
        text = last_user_text(request)
        return "'ON'." if "A=on" in text else "Unknown"

    with OpenAIServer(grader_reply) as server:
        grader = get_model(
            "openai-api/local/grader", base_url=server.base_url, api_key="x", memoize=False
        )
        log = run(
            light_task(["B", UNDECIDED, UNDECIDED, ""]),
            "vpt_tasks/random",
            tmp_path,
            model_roles={"grader": grader},
        )
        requests = server.requests
    scores = {s.id: s.scores["light_mapping"] for s in log.samples}
    assert (scores["s0"].answer, scores["s0"].metadata["path"], scores["s0"].value) == (
        "off",
        "rules",
        0.0,
    )
    assert (scores["s1"].answer, scores["s1"].metadata["path"], scores["s1"].value) == (
        "Unknown",
        "grader",
        0.0,
    )
    assert scores["s1"].metadata["unknown_reason"] == "grader_unknown"
    assert (scores["s2"].answer, scores["s2"].metadata["grader_reply"], scores["s2"].value) == (
        "on",
        "'ON'.",
        1.0,
    )
    assert scores["s3"].metadata["unknown_reason"] == "empty_answer"
    assert sorted(last_user_text(r) for r in requests) == [
        f"Is the light on? | A=off B=on | {UNDECIDED}",
        f"Is the light on? | A=on B=off | {UNDECIDED}",
    ]
    for request in requests:
        assert request["temperature"] == 0
        assert (request.get("max_completion_tokens") or request.get("max_tokens")) == 5
    values = metrics(log)
    assert (values["mapped_by_rules"], values["mapped_by_grader"], values["grader_calls"]) == (
        1,
        1,
        2,
    )
    assert values["unknown_grader_unknown"] == 1 and values["unknown_empty_answer"] == 1
    assert set(values) == {
        "mapped_by_rules",
        "mapped_by_grader",
        "grader_calls",
        "grader_failures",
        *(f"unknown_{reason}" for reason in UNKNOWN_REASONS),
    }


def test_without_a_grader_undecided_answers_are_unknown(tmp_path: Path) -> None:
    log = run(light_task([UNDECIDED, "A"], grader="none"), "vpt_tasks/random", tmp_path)
    scores = {s.id: s.scores["light_mapping"] for s in log.samples}
    assert scores["s0"].metadata["unknown_reason"] == "no_grader"
    assert scores["s1"].answer == "off" and scores["s1"].metadata["path"] == "rules"
    values = metrics(log)
    assert values["unknown_no_grader"] == 1 and values["grader_calls"] == 0


def test_unknown_grader_modes_are_rejected() -> None:
    with pytest.raises(ValueError, match="role, none"):
        answer_mapping(
            prompt=light_prompt,
            valid_values=light_values,
            grader_config=GenerateConfig(),
            grader="self",  # type: ignore[arg-type]
        )

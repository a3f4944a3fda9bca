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
    answer_mapping_agreement,
    answer_mapping_paths,
)

UNDECIDED = "Hard to tell from this picture."


def light_prompt(metadata: Mapping[str, Any], options: Mapping[str, str], answer: str) -> str:
    return f"{metadata['question']} | A={options['A']} B={options['B']} | {answer}"


def light_values(metadata: Mapping[str, Any], options: Mapping[str, str]) -> list[str]:
    return ["on", "off"]


@scorer(metrics=[answer_mapping_paths(), answer_mapping_agreement()], name="light_mapping")
def light_mapping(grader: GraderMode = "auto") -> Scorer:
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


def light_task(answers: list[str], grader: GraderMode = "auto") -> Task:
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
    grader = get_model("vpt_tasks/constant", answer="on", memoize=False)
    for mode, roles in (("rules", {"grader": grader}), ("auto", {})):
        log = run(
            light_task([UNDECIDED, "A"], grader=mode),
            "vpt_tasks/random",
            tmp_path,
            model_roles=roles,
        )
        scores = {s.id: s.scores["light_mapping"] for s in log.samples}
        assert scores["s0"].metadata["unknown_reason"] == "no_grader", mode
        assert scores["s1"].answer == "off" and scores["s1"].metadata["path"] == "rules"
        values = metrics(log)
        assert values["unknown_no_grader"] == 1 and values["grader_calls"] == 0
        assert "rules_agreement" not in values  # only with -T grader=both


def test_llm_maps_every_answer_and_both_reports_agreement(tmp_path: Path) -> None:
    answers = ["A", "off", UNDECIDED, "", "I'm sorry, but I can't assist with that."]
    grader = get_model("vpt_tasks/constant", answer="on", memoize=False)
    log = run(
        light_task(answers, grader="llm"),
        "vpt_tasks/random",
        tmp_path,
        model_roles={"grader": grader},
    )
    scores = {s.metadata["answer"]: s.scores["light_mapping"] for s in log.samples}
    for answer in ("A", "off", UNDECIDED, "I'm sorry, but I can't assist with that."):
        meta = scores[answer].metadata
        assert (scores[answer].answer, meta["path"], meta["grader_called"]) == (
            "on",
            "grader",
            True,
        )
        assert "rules_chosen" not in meta
    assert scores[""].metadata["unknown_reason"] == "empty_answer"  # nothing to map: no call
    values = metrics(log)
    assert values["grader_calls"] == 4 and values["mapped_by_rules"] == 0

    log = run(
        light_task(answers, grader="both"),
        "vpt_tasks/random",
        tmp_path,
        model_roles={"grader": grader},
    )
    scores = {s.metadata["answer"]: s.scores["light_mapping"] for s in log.samples}
    # s0 shows A=on: "A" -> on (agrees); s1 shows A=off: "off" -> off (disagrees);
    # the undecided answer is not compared; the refusal -> Unknown (disagrees)
    assert [scores[a].metadata.get("rules_chosen") for a in answers] == [
        "on", "off", None, None, "Unknown",
    ]  # fmt: skip
    values = metrics(log)
    assert values["rules_compared"] == 3 and values["rules_agreement"] == pytest.approx(1 / 3)


class _Failing:
    """A grader whose call raises, as a provider error does after Inspect's retries."""

    async def generate(self, *args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("grader unreachable")


def test_a_grader_error_is_raised_not_scored() -> None:
    import asyncio

    from vpt_tasks.scorers.answer_mapping import GraderCallError, ask_grader

    with pytest.raises(GraderCallError, match=r"grader unreachable.*eval-retry"):
        asyncio.run(
            ask_grader(
                _Failing(),  # type: ignore[arg-type]
                "prompt",
                {"A": "on", "B": "off"},
                ["on", "off"],
                GenerateConfig(),
            )
        )


def test_unknown_grader_modes_are_rejected() -> None:
    with pytest.raises(ValueError, match="auto, rules, llm, both"):
        answer_mapping(
            prompt=light_prompt,
            valid_values=light_values,
            grader_config=GenerateConfig(),
            grader="self",  # type: ignore[arg-type]
        )

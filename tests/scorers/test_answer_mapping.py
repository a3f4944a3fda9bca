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
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.model import GenerateConfig, ModelOutput, get_model
from inspect_ai.scorer import Metric, SampleScore, Scorer, metric, scorer
from inspect_ai.solver import Generate, Solver, TaskState, solver

from tests.fakes.openai_server import OpenAIServer, last_user_text
from tests.helpers import metrics, run
from vpt_tasks.scorers.answer_mapping import answer_mapping
from vpt_tasks.scorers.cascade import (
    GraderMode,
    GraderReplyError,
    decision_counts,
    rules_beside_grader,
)

UNDECIDED = "Hard to tell from this picture."


def light_prompt(metadata: Mapping[str, Any], options: Mapping[str, str], answer: str) -> str:
    return f"{metadata['question']} | A={options['A']} B={options['B']} | {answer}"


def light_values(metadata: Mapping[str, Any], options: Mapping[str, str]) -> list[str]:
    return ["on", "off"]


@metric
def light_counts() -> Metric:
    def compute(scores: list[SampleScore]) -> dict[str, float]:
        return decision_counts(scores)

    return compute


@scorer(metrics=[light_counts(), rules_beside_grader()], name="light_mapping")
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
    first = scores["s0"]
    assert (first.answer, first.metadata["decided_by"], first.value) == ("off", "rules", 0.0)
    second = scores["s1"]
    assert (second.answer, second.metadata["decided_by"], second.value) == (
        "Unknown",
        "grader",
        0.0,
    )
    assert second.metadata["reading"] == "Z" and second.metadata["rules_reading"] is None
    third = scores["s2"]
    assert (third.answer, third.metadata["grader_reply"], third.value) == ("on", "'ON'.", 1.0)
    empty = scores["s3"].metadata
    assert (empty["decided_by"], empty["why"], empty["chosen"]) == (
        "rules",
        "empty_answer",
        "Unknown",
    )
    assert sorted(last_user_text(r) for r in requests) == [
        f"Is the light on? | A=off B=on | {UNDECIDED}",
        f"Is the light on? | A=on B=off | {UNDECIDED}",
    ]
    for request in requests:
        assert request["temperature"] == 0
        assert (request.get("max_completion_tokens") or request.get("max_tokens")) == 5
    values = metrics(log)
    assert values == {
        "decided_by_rules": 2,
        "decided_by_grader": 2,
        "decided_by_human": 0,
        "undecided": 0,
    }


def test_without_a_grader_undecided_answers_are_counted_and_score_zero(tmp_path: Path) -> None:
    grader = get_model("vpt_tasks/constant", answer="on", memoize=False)
    for mode, roles in (("rules", {"grader": grader}), ("auto", {})):
        log = run(
            light_task([UNDECIDED, "A"], grader=mode),
            "vpt_tasks/random",
            tmp_path,
            model_roles=roles,
        )
        scores = {s.id: s.scores["light_mapping"] for s in log.samples}
        undecided = scores["s0"]
        assert (undecided.metadata["decided_by"], undecided.value) == ("undecided", 0.0), mode
        assert undecided.metadata["chosen"] is None  # not "Unknown": nobody read it
        assert scores["s1"].answer == "off" and scores["s1"].metadata["decided_by"] == "rules"
        values = metrics(log)
        assert (values["undecided"], values["decided_by_grader"]) == (1, 0)
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
        assert (scores[answer].answer, meta["decided_by"], meta["grader_reply"]) == (
            "on",
            "grader",
            "on",
        )
    assert scores[""].metadata["why"] == "empty_answer"  # nothing to map: no call
    values = metrics(log)
    assert (values["decided_by_grader"], values["decided_by_rules"]) == (4, 1)

    log = run(
        light_task(answers, grader="both"),
        "vpt_tasks/random",
        tmp_path,
        model_roles={"grader": grader},
    )
    scores = {s.metadata["answer"]: s.scores["light_mapping"] for s in log.samples}
    # s0 shows A=on: "A" -> A=on (agrees); s1 shows A=off: "off" -> A (disagrees: grader "on"
    # is B there); the undecided answer is not compared; the refusal -> Z (disagrees)
    assert [scores[a].metadata.get("rules_reading") for a in answers] == [
        "A", "A", None, "Z", "Z",
    ]  # fmt: skip
    values = metrics(log)
    assert values["rules_compared"] == 3 and values["rules_agreement"] == pytest.approx(1 / 3)


def _light_log(tmp_path: Path, reply: str, answers: list[str]):
    with OpenAIServer(lambda request: reply) as server:
        grader = get_model(
            "openai-api/local/grader", base_url=server.base_url, api_key="x", memoize=False
        )
        [log] = eval(
            light_task(answers),
            model="vpt_tasks/random",
            log_dir=str(tmp_path),
            display="none",
            model_roles={"grader": grader},
            fail_on_error=False,
        )
    return {s.id: s for s in log.samples}


@pytest.mark.parametrize("reply", ["", "   "])
def test_an_empty_grader_reply_fails_the_sample(tmp_path: Path, reply: str) -> None:
    samples = _light_log(tmp_path, reply, [UNDECIDED, "A"])
    assert samples["s0"].error is not None and "eval-retry" in samples["s0"].error.message
    assert "is empty" in samples["s0"].error.message
    assert not samples["s0"].scores  # never scored as a wrong answer
    assert samples["s1"].scores["light_mapping"].metadata["decided_by"] == "rules"


@pytest.mark.parametrize(
    ("reply", "problem"),
    [
        ("Maybe the light is dim", "no reading"),
        ("on or off", "several options"),
        ("not on", "no reading"),  # negated: not "on"
        ("The answer is not on.", "no reading"),
        ("I cannot help with that.", "a refusal"),  # the grader declining is no "Unknown"
    ],
)
def test_a_grader_reply_outside_the_vocabulary_leaves_the_answer_undecided(
    tmp_path: Path, reply: str, problem: str
) -> None:
    samples = _light_log(tmp_path, reply, [UNDECIDED, "A"])
    assert samples["s0"].error is None
    score = samples["s0"].scores["light_mapping"]
    assert score.value == 0.0 and score.answer == ""
    assert score.metadata["decided_by"] == "undecided" and score.metadata["reading"] is None
    assert score.metadata["why"].startswith("grader_unreadable (")
    assert problem in score.metadata["why"]
    assert score.metadata["grader_reply"] == reply
    assert samples["s1"].scores["light_mapping"].metadata["decided_by"] == "rules"


class _Failing:
    """A grader whose call raises, as a provider error does after Inspect's retries."""

    async def generate(self, *args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("grader unreachable")


def test_a_grader_error_is_raised_not_scored() -> None:
    import asyncio

    from vpt_tasks.scorers.judge import ask_grader_model

    with pytest.raises(GraderReplyError, match=r"grader unreachable.*eval-retry"):
        asyncio.run(ask_grader_model(_Failing(), "prompt", GenerateConfig()))  # type: ignore[arg-type]


def test_unknown_grader_modes_are_rejected() -> None:
    with pytest.raises(ValueError, match="auto, rules, narrow, llm, both"):
        answer_mapping(
            prompt=light_prompt,
            valid_values=light_values,
            grader_config=GenerateConfig(),
            grader="self",  # type: ignore[arg-type]
        )

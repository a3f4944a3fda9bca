"""The generic set-precision scorer, configured with a toy extractor and vocabulary."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from inspect_ai import Task
from inspect_ai.dataset import Sample
from inspect_ai.model import ModelName, ModelOutput, StopReason, get_model
from inspect_ai.scorer import SampleScore, Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState

from tests.helpers import metrics, run
from vpt_tasks.scorers.set_precision import (
    LLMExtraction,
    Vocabulary,
    answer_type,
    extractor_agreement,
    final_answer,
    parse_component_list,
    precision,
    set_precision,
)

COLOURS = ("red", "green", "blue")
PROMPT = "Q: {question}\nA: {answer}\nAllowed: {vocabulary}\nReply with a JSON list."


def colour_rules(answer: str, state: TaskState) -> set[str]:
    """The toy rules: every colour word of the answer."""
    return {word.strip(".,!").lower() for word in answer.split()} & set(COLOURS)


def colour_vocabulary(state: TaskState) -> Vocabulary:
    return Vocabulary(COLOURS)


def _state(completion: str, *, stop_reason: StopReason = "stop") -> TaskState:
    output = ModelOutput.from_content("mockllm/model", completion, stop_reason=stop_reason)
    return TaskState(
        model=ModelName("mockllm/model"),
        sample_id="s1",
        epoch=1,
        input="Which colours does the flag have?",
        messages=[],
        output=output,
        metadata={"question": "Which colours does the flag have?"},
    )


def _score(completion: str, gold: list[str]) -> Score:
    score = asyncio.run(set_precision(colour_rules)(_state(completion), Target(gold)))
    assert score is not None
    return score


# ----------------------------------------------------------------- pure helpers


@pytest.mark.parametrize(
    ("components", "gold", "expected"),
    [
        ({"red"}, {"red"}, 1.0),
        ({"red", "blue"}, {"red"}, 0.5),
        ({"green"}, {"red", "blue"}, 0.0),
        ({"red"}, {"red", "blue"}, 1.0),  # omissions are tolerated
        (set(), {"red"}, 0.0),  # a disclaimer
        ({" Red "}, {"RED"}, 1.0),  # case and whitespace do not matter
    ],
)
def test_precision(components: set[str], gold: set[str], expected: float) -> None:
    assert precision(components, gold) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("components", "expected"),
    [
        ([], "disclaimer"),
        (["red"], "single"),
        (["red", "red"], "single"),
        (["red", "blue"], "compound"),
    ],
)
def test_answer_type(components: list[str], expected: str) -> None:
    assert answer_type(components) == expected


@pytest.mark.parametrize(
    ("completion", "expected"),
    [
        ("red", "red"),
        ("  red and blue \n", "red and blue"),
        ("Let me think: red? blue?\nAnswer: blue", "blue"),
        ("**Answer:** red\nwait\nFinal answer: green", "green"),
        ("The answer: red", "The answer: red"),  # not on a line of its own
    ],
)
def test_final_answer(completion: str, expected: str) -> None:
    assert final_answer(completion) == expected


def test_vocabulary_describes_and_accepts() -> None:
    closed = Vocabulary(COLOURS)
    assert closed.describe() == "red, green, blue"
    assert closed.accepts("red") and not closed.accepts("purple") and not closed.accepts("3")
    counts = Vocabulary(("0", "1"), description="counts as digits", any_digits=True)
    assert counts.describe() == "counts as digits"
    assert counts.accepts("1") and counts.accepts("12") and not counts.accepts("twelve")


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ('["red", "blue"]', ["blue", "red"]),
        ('Sure: [" Red ", "purple"] done', ["red"]),
        ("[]", []),
        ("red", None),
        ("[red, blue]", None),
        ('{"components": "red"}', None),
    ],
)
def test_parse_component_list(reply: str, expected: list[str] | None) -> None:
    assert parse_component_list(reply, Vocabulary(COLOURS)) == expected


# ----------------------------------------------------------------- the rules path


def test_rules_path_scores_and_records_metadata() -> None:
    score = _score("The flag is red and blue.", ["red"])
    assert score.value == pytest.approx(0.5)
    assert score.answer == "The flag is red and blue."
    assert score.metadata == {
        "components": ["blue", "red"],
        "answer_type": "compound",
        "extractor": "rules",
        "refused": False,
    }


def test_chain_of_thought_scores_only_the_final_answer() -> None:
    score = _score("Green is on the left... no.\nAnswer: red", ["red"])
    assert score.value == 1.0 and score.answer == "red"
    assert score.metadata["components"] == ["red"]


def test_empty_answer_is_a_disclaimer() -> None:
    score = _score("I cannot tell.", ["red"])
    assert score.value == 0.0
    assert score.metadata["answer_type"] == "disclaimer" and score.metadata["components"] == []


def test_content_filter_refusal_scores_zero_without_extraction() -> None:
    def rules_must_not_run(answer: str, state: TaskState) -> set[str]:
        raise AssertionError("a refused answer is not extracted")

    scorer_fn = set_precision(rules_must_not_run)
    state = _state("red", stop_reason="content_filter")
    score = asyncio.run(scorer_fn(state, Target(["red"])))
    assert score is not None
    assert score.value == 0.0
    assert score.metadata["refused"] is True
    assert score.metadata["answer_type"] == "disclaimer"
    assert score.metadata["components"] == []


def test_llm_extractor_needs_its_configuration() -> None:
    for mode in ("auto", "llm", "both"):
        with pytest.raises(ValueError, match="LLMExtraction"):
            set_precision(colour_rules, grader=mode)
    with pytest.raises(ValueError, match="auto, rules, llm, both"):
        set_precision(colour_rules, grader="magic")


def test_auto_without_a_grader_role_is_the_rules() -> None:
    """Outside an eval (no model roles) `auto` never asks a grader: rules only, as `rules`."""
    llm = LLMExtraction(prompt=PROMPT, vocabulary=colour_vocabulary, max_tokens=16)
    for answer in ("It is red.", "I cannot tell."):
        auto = asyncio.run(
            set_precision(colour_rules, grader="auto", llm=llm)(_state(answer), Target(["red"]))
        )
        rules = asyncio.run(set_precision(colour_rules)(_state(answer), Target(["red"])))
        assert auto is not None and rules is not None
        assert (auto.value, auto.metadata) == (rules.value, rules.metadata)


# ----------------------------------------------------------------- the LLM path


@scorer(metrics=[extractor_agreement()])
def colour_precision(grader: str = "rules") -> Scorer:
    llm = LLMExtraction(prompt=PROMPT, vocabulary=colour_vocabulary, max_tokens=16)
    return set_precision(colour_rules, grader=grader, llm=llm)  # type: ignore[arg-type]


def _run_with_grader(tmp_path: Path, answer: str, grader_reply: str, mode: str):
    task = Task(
        dataset=[Sample(input="Which colours does the flag have?", target=["red"], id="s1")],
        scorer=colour_precision(grader=mode),
    )
    model = get_model("vpt_tasks/constant", answer=answer, memoize=False)
    grader = get_model("vpt_tasks/constant", answer=grader_reply, memoize=False)
    log = run(task, model, tmp_path, model_roles={"grader": grader})
    assert log.samples
    return log, log.samples[0].scores["colour_precision"]


def test_llm_decides_and_rules_are_recorded(tmp_path: Path) -> None:
    log, score = _run_with_grader(tmp_path, "It is red.", '["red", "purple", "blue"]', "both")
    assert score.value == pytest.approx(0.5)
    assert score.metadata["extractor"] == "llm"
    assert score.metadata["rule_components"] == ["red"]
    assert score.metadata["llm_components"] == ["blue", "red"]  # purple is not accepted
    assert score.metadata["llm_reply"] == '["red", "purple", "blue"]'
    assert metrics(log) == {"agreement": 0.0, "llm_failures": 0.0}
    # the grader saw the filled-in template
    grader_inputs = [str(e.input) for e in log.samples[0].events if e.event == "model"]
    assert any(
        "Q: Which colours does the flag have?" in text
        and "A: It is red." in text
        and "Allowed: red, green, blue" in text
        for text in grader_inputs
    )


def test_unparseable_llm_reply_falls_back_to_the_rules(tmp_path: Path) -> None:
    log, score = _run_with_grader(tmp_path, "It is red.", "red, I think", "llm")
    assert score.value == 1.0
    assert score.metadata["extractor"] == "rules (llm extraction failed)"
    assert score.metadata["llm_components"] is None
    assert metrics(log)["llm_failures"] == 1.0


def test_auto_asks_the_grader_only_where_the_rules_find_nothing(tmp_path: Path) -> None:
    log, score = _run_with_grader(tmp_path, "Hard to say: crimson, maybe.", '["red"]', "auto")
    assert score.value == 1.0
    assert score.metadata["extractor"] == "llm" and score.metadata["cascade"] is True
    assert score.metadata["rule_components"] == [] and score.metadata["llm_components"] == ["red"]
    assert [e for e in log.samples[0].events if e.event == "model" and e.role == "grader"]
    assert metrics(log) == {
        "grader_decided": 1.0,
        "llm_failures": 0.0,
    }  # no agreement: nothing beside

    log, score = _run_with_grader(tmp_path, "It is blue.", '["red"]', "auto")
    assert score.value == 0.0 and score.metadata["extractor"] == "rules"
    assert "llm_components" not in score.metadata
    assert not [e for e in log.samples[0].events if e.event == "model" and e.role == "grader"]
    assert metrics(log) == {}

    log, score = _run_with_grader(tmp_path, "Hmm.", "no idea", "auto")
    assert score.value == 0.0 and score.metadata["extractor"] == "rules (llm extraction failed)"
    assert metrics(log) == {"grader_decided": 0.0, "llm_failures": 1.0}


def test_a_grader_error_fails_the_sample_not_the_score() -> None:
    """A grader call that raises (after Inspect's retries) propagates out of the scorer."""

    class GraderDown(Exception):
        pass

    async def failing(*args: object, **kwargs: object) -> object:
        raise GraderDown("HTTP 500")

    llm = LLMExtraction(prompt=PROMPT, vocabulary=colour_vocabulary, max_tokens=16)
    for mode, answer in (("llm", "It is red."), ("both", "It is red."), ("auto", "I cannot tell.")):
        scorer_fn = set_precision(colour_rules, grader=mode, llm=llm)  # type: ignore[arg-type]
        with (
            pytest.MonkeyPatch.context() as patch,
            pytest.raises(GraderDown),
        ):
            patch.setattr("vpt_tasks.scorers.set_precision.extract_with_llm", failing)
            patch.setattr("vpt_tasks.scorers.set_precision.grader_bound", lambda: True)
            asyncio.run(scorer_fn(_state(answer), Target(["red"])))


def test_extractor_agreement_counts() -> None:
    def sample(**meta: object) -> SampleScore:
        return SampleScore(score=Score(value=1.0, metadata=meta), sample_id="x")

    agreement = extractor_agreement()
    assert agreement([sample(components=["red"])]) == {}
    result = agreement(
        [
            sample(rule_components=["red"], llm_components=["red"]),
            sample(rule_components=["red"], llm_components=["blue", "red"]),
            sample(rule_components=["red"], llm_components=None),
        ]
    )
    assert result == {"agreement": 0.5, "llm_failures": 1.0}
    # nothing compared (every reply unparseable): no agreement key, never NaN
    assert agreement([sample(rule_components=["red"], llm_components=None)]) == {
        "llm_failures": 1.0
    }
    cascaded = agreement(
        [
            sample(rule_components=[], llm_components=["red"], cascade=True, extractor="llm"),
            sample(rule_components=[], llm_components=None, cascade=True, extractor="rules"),
        ]
    )
    assert cascaded == {"grader_decided": 1.0, "llm_failures": 1.0}

"""The generic set-precision scorer, configured with a toy extractor and vocabulary."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from inspect_ai import Task
from inspect_ai.dataset import Sample
from inspect_ai.model import ModelName, ModelOutput, StopReason, get_model
from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, metric, scorer
from inspect_ai.solver import TaskState

from tests.helpers import metrics, run
from vpt_tasks.scorers.cascade import RulesReading, decision_counts, rules_beside_grader
from vpt_tasks.scorers.set_precision import (
    LLMExtraction,
    Vocabulary,
    answer_type,
    final_answer,
    parse_component_list,
    precision,
    read_component_reply,
    set_precision,
)

COLOURS = ("red", "green", "blue")
PROMPT = "Q: {question}\nA: {answer}\nAllowed: {vocabulary}\nReply with a JSON list."


def colour_rules(answer: str, state: TaskState) -> RulesReading:
    """The toy rules: every colour word of the answer; undecided when there is none, unless
    the answer says it cannot tell."""
    found = sorted({word.strip(".,!").lower() for word in answer.split()} & set(COLOURS))
    if found or "cannot tell" in answer:
        return RulesReading(found, "colours")
    return RulesReading(None, "no_reading")


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
        ('Sure: [" Red "] done', ["red"]),
        ("[]", []),
        ("red", None),
        ("[red, blue]", None),
        ('{"components": "red"}', None),
        # a component outside the vocabulary is no reading: leaving it out would score a
        # reading the grader never gave (["purple"] was an empty list, a "disclaimer")
        ('Sure: [" Red ", "purple"] done', None),
        ('["purple"]', None),
        ('["not red"]', None),
    ],
)
def test_parse_component_list(reply: str, expected: list[str] | None) -> None:
    assert parse_component_list(reply, Vocabulary(COLOURS)) == expected


DIRECTIONS = Vocabulary(
    ("north", "east", "south", "west"),
    exclusive=(frozenset({"north", "south"}), frozenset({"east", "west"})),
    max_components=2,
)


@pytest.mark.parametrize(
    ("reply", "components", "problem"),
    [
        ('["north", "east"]', ["east", "north"], ""),
        ('["up"]', None, "outside the vocabulary: up"),
        ('["not west"]', None, "outside the vocabulary: not west"),
        ('["north", "south"]', None, "contradictory: north, south"),
        ('["north", "east", "north"]', ["east", "north"], ""),
        ("It faces north.", None, "not a JSON list"),
        ("", None, "not a JSON list"),
    ],
)
def test_a_grader_reply_is_components_only_when_it_is_one_reading(
    reply: str, components: list[str] | None, problem: str
) -> None:
    read = read_component_reply(reply, DIRECTIONS)
    assert (read.components, read.problem) == (components, problem)
    counts = Vocabulary(("0", "1", "2"), any_digits=True, max_components=1)
    assert (
        read_component_reply('["1", "2"]', counts).problem == "contradictory: 2 of at most 1: 1, 2"
    )


# ----------------------------------------------------------------- the rules path


def test_rules_path_scores_and_records_metadata() -> None:
    score = _score("The flag is red and blue.", ["red"])
    assert score.value == pytest.approx(0.5)
    assert score.answer == "The flag is red and blue."
    assert score.metadata == {
        "reading": ["blue", "red"],
        "why": "colours",
        "rules_reading": ["blue", "red"],
        "rules_why": "colours",
        "kind": "set_precision",
        "components": ["blue", "red"],
        "answer_type": "compound",
        "refused": False,
        "decided_by": "rules",
    }


def test_chain_of_thought_scores_only_the_final_answer() -> None:
    score = _score("Green is on the left... no.\nAnswer: red", ["red"])
    assert score.value == 1.0 and score.answer == "red"
    assert score.metadata["components"] == ["red"]


def test_a_disclaimer_scores_zero() -> None:
    score = _score("I cannot tell.", ["red"])
    assert score.value == 0.0 and score.metadata["decided_by"] == "rules"
    assert score.metadata["answer_type"] == "disclaimer" and score.metadata["components"] == []


def test_an_undecided_answer_is_never_credited_and_is_counted() -> None:
    def unsure(answer: str, state: TaskState) -> RulesReading:
        return RulesReading(None, "retraction")

    score = asyncio.run(set_precision(unsure)(_state("red. Wait: red?"), Target(["red"])))
    assert score is not None and score.value == 0.0
    assert (score.metadata["decided_by"], score.metadata["reading"]) == ("undecided", None)
    assert score.metadata["components"] == [] and score.metadata["why"] == "retraction"


def test_content_filter_refusal_scores_zero_without_extraction() -> None:
    def rules_must_not_run(answer: str, state: TaskState) -> RulesReading:
        raise AssertionError("a refused answer is not extracted")

    scorer_fn = set_precision(rules_must_not_run)
    state = _state("red", stop_reason="content_filter")
    score = asyncio.run(scorer_fn(state, Target(["red"])))
    assert score is not None
    assert score.value == 0.0
    assert score.metadata["refused"] is True and score.metadata["why"] == "content_filter"
    assert score.metadata["answer_type"] == "disclaimer"
    assert score.metadata["components"] == []


def test_llm_extractor_needs_its_configuration() -> None:
    for mode in ("auto", "llm", "both"):
        with pytest.raises(ValueError, match="LLMExtraction"):
            set_precision(colour_rules, grader=mode)
    llm = LLMExtraction(prompt=PROMPT, vocabulary=colour_vocabulary, max_tokens=16)
    with pytest.raises(ValueError, match="auto, rules, narrow, llm, both"):
        set_precision(colour_rules, grader="magic", llm=llm)  # type: ignore[arg-type]


def test_auto_without_a_grader_role_is_the_rules() -> None:
    """Outside an eval (no model roles) `auto` never asks a grader: rules only, as `rules`."""
    llm = LLMExtraction(prompt=PROMPT, vocabulary=colour_vocabulary, max_tokens=16)
    for answer in ("It is red.", "I cannot tell."):
        auto = asyncio.run(
            set_precision(colour_rules, grader="auto", llm=llm)(_state(answer), Target(["red"]))
        )
        rules = asyncio.run(set_precision(colour_rules)(_state(answer), Target(["red"])))
        assert auto is not None and rules is not None
        # the same reading; only the vocabulary for adjudication is recorded beside it
        assert auto.metadata.pop("vocabulary") == {"options": list(COLOURS), "any_digits": False}
        assert (auto.value, auto.metadata) == (rules.value, rules.metadata)


# ----------------------------------------------------------------- the LLM path


@metric
def colour_counts() -> Metric:
    def compute(scores: list[SampleScore]) -> dict[str, float]:
        return decision_counts(scores)

    return compute


@scorer(metrics=[colour_counts(), rules_beside_grader()])
def colour_precision(grader: str = "rules") -> Scorer:
    llm = LLMExtraction(prompt=PROMPT, vocabulary=colour_vocabulary, max_tokens=16)
    return set_precision(colour_rules, grader=grader, llm=llm)  # type: ignore[arg-type]


def _task(mode: str) -> Task:
    return Task(
        dataset=[Sample(input="Which colours does the flag have?", target=["red"], id="s1")],
        scorer=colour_precision(grader=mode),
    )


def _run_with_grader(tmp_path: Path, answer: str, grader_reply: str, mode: str):
    model = get_model("vpt_tasks/constant", answer=answer, memoize=False)
    grader = get_model("vpt_tasks/constant", answer=grader_reply, memoize=False)
    log = run(_task(mode), model, tmp_path, model_roles={"grader": grader})
    assert log.samples
    return log, log.samples[0].scores["colour_precision"]


def test_llm_decides_and_rules_are_recorded(tmp_path: Path) -> None:
    log, score = _run_with_grader(tmp_path, "It is red.", '["red", "blue"]', "both")
    assert score.value == pytest.approx(0.5)
    assert score.metadata["decided_by"] == "grader"
    assert score.metadata["rules_reading"] == ["red"]
    assert score.metadata["reading"] == ["blue", "red"]
    assert score.metadata["grader_reply"] == '["red", "blue"]'
    values = metrics(log)
    assert (values["rules_agreement"], values["rules_compared"], values["decided_by_grader"]) == (
        0.0,
        1.0,
        1.0,
    )
    # the grader saw the filled-in template, the answer quoted as data
    sample = log.samples[0]
    grader_inputs = [
        sample.attachments.get(str(m.content).removeprefix("attachment://"), str(m.content))
        for e in sample.events
        if e.event == "model"
        for m in e.input
    ]
    assert any(
        "Q: Which colours does the flag have?" in text
        and 'A: "It is red."' in text
        and "Allowed: red, green, blue" in text
        for text in grader_inputs
    )


@pytest.mark.parametrize(
    ("reply", "problem"),
    [
        ("red, I think", "not a JSON list"),
        ('["red"', "not a JSON list"),
        ('["red", "purple"]', "outside the vocabulary: purple"),
        ('["not red"]', "outside the vocabulary: not red"),
    ],
)
@pytest.mark.parametrize("mode", ["llm", "both"])
def test_a_reply_outside_the_vocabulary_leaves_the_answer_undecided(
    tmp_path: Path, reply: str, problem: str, mode: str
) -> None:
    """Never an empty reading scored as a disclaimer, never a sample error: undecided,
    counted, with the grader's reply kept for a human."""
    log, score = _run_with_grader(tmp_path, "It is red.", reply, mode)
    assert log.status == "success" and log.samples[0].error is None
    assert score.value == 0.0
    assert score.metadata["decided_by"] == "undecided" and score.metadata["reading"] is None
    assert score.metadata["why"] == f"grader_unreadable ({problem})"
    assert score.metadata["grader_reply"] == reply
    assert score.metadata["answer_type"] == "undecided"  # not a disclaimer
    assert score.metadata["rules_reading"] == (["red"] if mode == "both" else None)
    values = metrics(log)
    assert (values["undecided"], values["decided_by_grader"]) == (1.0, 0.0)


@pytest.mark.parametrize("reply", ["", "   "])
def test_an_empty_llm_reply_fails_the_sample(tmp_path: Path, reply: str) -> None:
    from inspect_ai import eval

    model = get_model("vpt_tasks/constant", answer="It is red.", memoize=False)
    grader = get_model("vpt_tasks/constant", answer=reply, memoize=False)
    [log] = eval(
        _task("llm"),
        model=model,
        log_dir=str(tmp_path),
        display="none",
        model_roles={"grader": grader},
        fail_on_error=False,
    )
    [sample] = log.samples
    assert sample.error is not None and "eval-retry" in sample.error.message
    assert "is empty" in sample.error.message
    assert not sample.scores  # never scored from the rules instead, never a wrong answer


def test_auto_asks_the_grader_only_where_the_rules_cannot_decide(tmp_path: Path) -> None:
    log, score = _run_with_grader(tmp_path, "Hard to say: crimson, maybe.", '["red"]', "auto")
    assert score.value == 1.0
    assert score.metadata["decided_by"] == "grader" and score.metadata["rules_reading"] is None
    assert score.metadata["reading"] == ["red"]
    assert [e for e in log.samples[0].events if e.event == "model" and e.role == "grader"]
    assert "rules_agreement" not in metrics(log)  # nothing beside

    log, score = _run_with_grader(tmp_path, "It is blue.", '["red"]', "auto")
    assert score.value == 0.0 and score.metadata["decided_by"] == "rules"
    assert "grader_reply" not in score.metadata
    assert not [e for e in log.samples[0].events if e.event == "model" and e.role == "grader"]


def test_a_grader_error_fails_the_sample_not_the_score() -> None:
    """A grader call that raises (after Inspect's retries) propagates out of the scorer."""

    class GraderDown(Exception):
        pass

    async def failing(*args: object, **kwargs: object) -> object:
        raise GraderDown("HTTP 500")

    llm = LLMExtraction(prompt=PROMPT, vocabulary=colour_vocabulary, max_tokens=16)
    for mode, answer in (("llm", "It is red."), ("both", "It is red."), ("auto", "Crimson.")):
        scorer_fn = set_precision(colour_rules, grader=mode, llm=llm)  # type: ignore[arg-type]
        with (
            pytest.MonkeyPatch.context() as patch,
            pytest.raises(GraderDown),
        ):
            patch.setattr("vpt_tasks.scorers.set_precision.extract_with_llm", failing)
            patch.setattr("vpt_tasks.scorers.cascade.grader_bound", lambda: True)
            asyncio.run(scorer_fn(_state(answer), Target(["red"])))


def test_decision_counts_and_agreement() -> None:
    def sample(**meta: object) -> SampleScore:
        return SampleScore(score=Score(value=1.0, metadata=meta), sample_id="x")

    scores = [
        sample(decided_by="rules", reading=["red"]),
        sample(decided_by="grader", reading=["red"], rules_reading=["red"]),
        sample(decided_by="grader", reading=["red"], rules_reading=["blue", "red"]),
        sample(decided_by="grader", reading=["red"], rules_reading=None),
        sample(decided_by="undecided", reading=None),
        sample(decided_by="human", reading=["blue"]),
    ]
    assert decision_counts(scores) == {
        "decided_by_rules": 1.0,
        "decided_by_grader": 3.0,
        "decided_by_human": 1.0,
        "undecided": 1.0,
    }
    agreement = rules_beside_grader()
    assert agreement(scores) == {"rules_agreement": 0.5, "rules_compared": 2.0}
    assert agreement(scores[:1]) == {}  # nothing compared: no key, never NaN

"""The generic choice-probability scorer: P(option) over k options from log-probabilities or text."""

from __future__ import annotations

import asyncio
import logging
import math

import pytest
from inspect_ai.model import (
    ChatCompletionChoice,
    ChatMessageAssistant,
    Logprob,
    Logprobs,
    ModelName,
    ModelOutput,
    TopLogprob,
)
from inspect_ai.scorer import NOANSWER, SampleScore, Score, Target
from inspect_ai.solver import TaskState

from vpt_tasks.scorers.choice_probability import (
    NO_LOGPROBS_WARNING,
    Choices,
    choice_probabilities_from_output,
    choice_probability,
    choice_probability_answers,
    logprob_choice_probabilities,
    read_position,
    text_choice_probabilities,
)

ln = math.log
DIRECTIONS = Choices.of(("north", "east", "south", "west"))


def _output(
    tokens: list[tuple[str, float, list[tuple[str, float]]]] | None, text: str
) -> ModelOutput:
    logprobs = None
    if tokens is not None:
        logprobs = Logprobs(
            content=[
                Logprob(
                    token=token,
                    logprob=logprob,
                    top_logprobs=[TopLogprob(token=t, logprob=lp) for t, lp in top],
                )
                for token, logprob, top in tokens
            ]
        )
    choice = ChatCompletionChoice(
        message=ChatMessageAssistant(content=text), stop_reason="stop", logprobs=logprobs
    )
    return ModelOutput(model="m", choices=[choice])


def test_sums_variants_per_option_and_normalises_over_the_options() -> None:
    top = [
        ("East", ln(0.4)),
        (" east", ln(0.1)),
        ("North", ln(0.2)),
        ("The", ln(0.2)),  # not an option: left out of the normalisation
        ("SOUTH", ln(0.1)),
    ]
    probabilities, mass = logprob_choice_probabilities(top, DIRECTIONS)
    assert probabilities == pytest.approx({"north": 0.25, "east": 0.625, "south": 0.125, "west": 0})
    assert mass == pytest.approx(0.8)


def test_each_token_counts_once_and_whole_tokens_only() -> None:
    top = [("East", ln(0.5)), ("East", ln(0.5)), ("Eastern", -0.1), ("North", ln(0.5))]
    probabilities, _ = logprob_choice_probabilities(top, DIRECTIONS)
    assert probabilities["east"] == pytest.approx(0.5)
    assert logprob_choice_probabilities([("Eastern", -0.1), ("The", -1)], DIRECTIONS) is None


def test_invalid_logprob_of_an_option_raises_but_not_of_other_tokens() -> None:
    from vpt_tasks.scorers.yes_probability import InvalidLogprob

    with pytest.raises(InvalidLogprob):
        logprob_choice_probabilities([("East", float("nan"))], DIRECTIONS)
    with pytest.raises(InvalidLogprob):
        logprob_choice_probabilities([("West", 1e308)], DIRECTIONS)
    assert logprob_choice_probabilities([("The", float("nan")), ("West", 0.0)], DIRECTIONS) == (
        {"north": 0.0, "east": 0.0, "south": 0.0, "west": 1.0},
        1.0,
    )


def test_words_per_option_and_overlaps_are_refused() -> None:
    choices = Choices({"yes": ["yes", "ja"], "no": ["no", "nein"]})
    assert choices.option(" Ja") == "yes" and choices.option("NEIN") == "no"
    with pytest.raises(ValueError, match="both"):
        Choices({"a": ["x"], "b": ["X"]})
    with pytest.raises(ValueError, match="two options"):
        Choices.of(["only"])


def test_text_reading_is_a_one_hot_on_the_first_option_word() -> None:
    assert text_choice_probabilities("It faces West, not north.", DIRECTIONS) == {
        "north": 0.0,
        "east": 0.0,
        "south": 0.0,
        "west": 1.0,
    }
    assert text_choice_probabilities("I cannot tell.", DIRECTIONS) is None


def test_read_position_finds_the_first_option_token() -> None:
    assert read_position(["The", " figure", " faces", " east", "."], DIRECTIONS) == 3
    assert read_position(["The", " end"], DIRECTIONS) is None


def test_reads_the_first_answer_token_after_filler() -> None:
    output = _output(
        [("\n", 0.0, [("\n", 0.0)]), ("East", ln(0.7), [("East", ln(0.7)), ("West", ln(0.3))])],
        "\nEast",
    )
    reading = choice_probabilities_from_output(output, DIRECTIONS)
    assert reading.method == "logprobs" and reading.token_index == 1 and reading.first_answer_token
    assert reading.probabilities == pytest.approx(
        {"north": 0, "east": 0.7, "south": 0, "west": 0.3}
    )
    assert reading.candidates == [["East", ln(0.7)], ["West", ln(0.3)]]


def test_reads_the_first_option_token_when_the_answer_starts_otherwise() -> None:
    output = _output(
        [
            ("The", ln(0.9), [("The", ln(0.9)), ("It", ln(0.1))]),
            (" figure", 0.0, [(" figure", 0.0)]),
            (" faces", 0.0, [(" faces", 0.0)]),
            (" south", ln(0.6), [(" south", ln(0.6)), (" north", ln(0.2))]),
        ],
        "The figure faces south",
    )
    reading = choice_probabilities_from_output(output, DIRECTIONS)
    assert reading.token_index == 3 and reading.first_answer_token is False
    assert reading.probabilities == pytest.approx(
        {"north": 0.25, "east": 0, "south": 0.75, "west": 0}
    )
    assert reading.option_mass == pytest.approx(0.8)


def test_answer_start_skips_the_reasoning() -> None:
    tokens = [
        ("North", 0.0, [("North", 0.0)]),
        (" is", 0.0, [(" is", 0.0)]),
        (" up.", 0.0, [(" up.", 0.0)]),
        ("\nAnswer:", 0.0, [("\nAnswer:", 0.0)]),
        (" West", ln(0.5), [(" West", ln(0.5)), (" East", ln(0.5))]),
    ]
    text = "".join(t for t, _, _ in tokens)
    reading = choice_probabilities_from_output(
        _output(tokens, text), DIRECTIONS, answer_start=text.index(" West")
    )
    assert reading.token_index == 4
    assert reading.probabilities == pytest.approx(
        {"north": 0, "east": 0.5, "south": 0, "west": 0.5}
    )


def test_no_option_anywhere_and_no_logprobs() -> None:
    none = choice_probabilities_from_output(
        _output([("Sorry", 0.0, [("Sorry", 0.0)])], "Sorry"), DIRECTIONS
    )
    assert (none.probabilities, none.method, none.logprobs) == (None, "none", True)
    text = choice_probabilities_from_output(_output(None, "north-east"), DIRECTIONS)
    assert (text.method, text.logprobs, text.probabilities["north"]) == ("text", False, 1.0)
    assert choice_probabilities_from_output(None, DIRECTIONS).method == "none"


def _state(output: ModelOutput) -> TaskState:
    state = TaskState(
        model=ModelName("vpt_tasks/test"), sample_id=1, epoch=1, input="q", messages=[]
    )
    state.output = output
    return state


def test_the_builder_scores_the_target_probability_and_warns_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    score = choice_probability(DIRECTIONS)
    with_logprobs = _output([("East", ln(0.8), [("East", ln(0.8)), ("North", ln(0.2))])], "East")
    result = asyncio.run(score(_state(with_logprobs), Target(["north"])))
    assert result.value == pytest.approx(0.2) and result.metadata["method"] == "logprobs"
    with caplog.at_level(logging.WARNING):
        asyncio.run(score(_state(_output(None, "west")), Target(["west"])))
        asyncio.run(score(_state(_output(None, "east")), Target(["west"])))
    assert caplog.text.count(NO_LOGPROBS_WARNING) == 1
    unscored = asyncio.run(score(_state(_output(None, "no idea")), Target(["west"])))
    assert unscored.value == NOANSWER and unscored.metadata["probabilities"] is None


def test_the_builder_uses_the_benchmark_text_reader() -> None:
    score = choice_probability(
        DIRECTIONS,
        text=lambda answer, state: {"north": 0.5, "east": 0.5} if "NE" in answer else None,
    )
    result = asyncio.run(score(_state(_output(None, "NE")), Target(["north"])))
    assert result.value == 0.5 and result.metadata["probabilities"]["east"] == 0.5


def test_the_counter_metric() -> None:
    def sample(metadata: dict) -> SampleScore:
        return SampleScore(score=Score(value=0, metadata=metadata))

    values = choice_probability_answers()(
        [
            sample(
                {
                    "probabilities": {"east": 1},
                    "method": "logprobs",
                    "logprobs": True,
                    "first_answer_token": False,
                }
            ),
            sample({"probabilities": {"east": 1}, "method": "text", "logprobs": False}),
            sample({"probabilities": None, "method": "none", "logprobs": False}),
        ]
    )
    assert values == {
        "n_samples": 3.0,
        "n_no_choice": 1.0,
        "no_choice_rate": 1 / 3,
        "n_from_text": 1.0,
        "from_text_rate": 1 / 3,
        "no_logprobs_rate": 2 / 3,
        "n_later_token": 1.0,
    }

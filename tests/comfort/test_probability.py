"""Tests of P(Yes) extraction from log-probabilities and from text."""

from __future__ import annotations

import math

import pytest
from inspect_ai.model import Logprob, Logprobs, ModelOutput, TopLogprob

from vpt_tasks.comfort.probability import (
    answer_token_index,
    text_yes_probability,
    yes_probability,
    yes_probability_from_output,
)

ln = math.log


def test_sums_case_and_space_variants() -> None:
    top = [
        ("Yes", ln(0.4)),
        (" yes", ln(0.1)),
        ("YES", ln(0.05)),
        (" No", ln(0.2)),
        ("no", ln(0.05)),
        ("Maybe", ln(0.2)),
    ]
    assert yes_probability(top) == pytest.approx(0.55 / 0.80)


def test_accepts_top_logprob_objects() -> None:
    top = [TopLogprob(token=" Yes", logprob=ln(0.3)), TopLogprob(token="NO", logprob=ln(0.1))]
    assert yes_probability(top) == pytest.approx(0.75)


def test_only_one_class_present() -> None:
    assert yes_probability([("Yes", ln(0.9)), ("Sure", ln(0.1))]) == 1.0
    assert yes_probability([("\nno", -3.0)]) == 0.0


def test_neither_class_present_is_none() -> None:
    assert yes_probability([("Maybe", -0.1), ("The", -2.0)]) is None
    assert yes_probability([]) is None


def test_words_must_match_whole_token() -> None:
    # "Yesterday" / "Nobody" / "Yes." are other tokens, not the answer words.
    assert yes_probability([("Yesterday", -0.1), ("Nobody", -0.2), ("Yes.", -0.3)]) is None


def test_tokenizer_word_markers_are_stripped() -> None:
    assert yes_probability([("\u2581Yes", ln(0.6)), ("\u0120No", ln(0.2))]) == pytest.approx(0.75)


def test_repeated_token_is_counted_once() -> None:
    assert yes_probability([("Yes", ln(0.5)), ("Yes", ln(0.5)), ("No", ln(0.5))]) == 0.5


def test_minus_infinity_only_is_none() -> None:
    assert yes_probability([("Yes", -math.inf), ("No", -math.inf)]) is None


def test_custom_vocabulary() -> None:
    top = [("Oui", ln(0.3)), (" non", ln(0.1)), ("Yes", ln(0.6))]
    assert yes_probability(top, yes_words=["oui"], no_words=["non"]) == pytest.approx(0.75)
    assert yes_probability([("Yes", 0.0)], yes_words=["oui"], no_words=["non"]) is None
    assert yes_probability([("はい", ln(0.2)), ("いいえ", ln(0.2))], ["はい"], ["いいえ"]) == 0.5
    with pytest.raises(ValueError):
        yes_probability(top, yes_words=["ja", "nee"], no_words=["nee"])


def test_text_yes_probability() -> None:
    assert text_yes_probability("Yes.") == 1.0
    assert text_yes_probability("**No**, it is not.") == 0.0
    assert text_yes_probability("I think the answer is yes") == 1.0
    assert text_yes_probability("Nothing to see; no.") == 0.0  # "Nothing" is not "no"
    assert text_yes_probability("I cannot tell.") is None
    assert text_yes_probability("") is None
    assert text_yes_probability("Non.", ["oui"], ["non"]) == 0.0


def test_answer_token_index_skips_filler() -> None:
    assert answer_token_index(["Yes", "."]) == 0
    assert answer_token_index(["\n", " ", "**", "No", "**"]) == 3
    assert answer_token_index(["\n", " "]) is None
    assert answer_token_index([]) is None


def _output(text: str, positions: list[tuple[str, float, list[tuple[str, float]] | None]] | None):
    output = ModelOutput.from_content(model="test", content=text)
    if positions is not None:
        output.choices[0].logprobs = Logprobs(
            content=[
                Logprob(
                    token=token,
                    logprob=logprob,
                    top_logprobs=None
                    if top is None
                    else [TopLogprob(token=t, logprob=lp) for t, lp in top],
                )
                for token, logprob, top in positions
            ]
        )
    return output


def test_output_with_logprobs() -> None:
    output = _output(
        "Yes.",
        [("Yes", ln(0.7), [("Yes", ln(0.7)), (" yes", ln(0.1)), ("No", ln(0.2))]), (".", 0.0, [])],
    )
    p, how = yes_probability_from_output(output)
    assert how == "logprobs"
    assert p == pytest.approx(0.8)


def test_output_reads_the_first_answer_token_not_filler() -> None:
    output = _output(
        "\nNo",
        [
            ("\n", -0.01, [("\n", -0.01), ("Yes", ln(0.001))]),
            ("No", ln(0.6), [("No", ln(0.6)), ("Yes", ln(0.2))]),
        ],
    )
    assert yes_probability_from_output(output) == (pytest.approx(0.25), "logprobs")


def test_output_sampled_token_missing_from_top_list() -> None:
    # e.g. Google drops tokens with logprob exactly 0.0 from the top list
    output = _output("Yes", [("Yes", 0.0, [("Maybe", -30.0)])])
    assert yes_probability_from_output(output) == (1.0, "logprobs")
    output = _output("No", [("No", -0.1, None)])
    assert yes_probability_from_output(output) == (0.0, "logprobs")


def test_output_with_logprobs_but_no_class_is_unscored() -> None:
    output = _output("The ball is behind.", [("The", -0.1, [("The", -0.1), ("A", -3.0)])])
    assert yes_probability_from_output(output) == (None, "none")


def test_output_without_logprobs_falls_back_to_text() -> None:
    assert yes_probability_from_output(_output("Yes, it is.", None)) == (1.0, "text")
    assert yes_probability_from_output(_output("no", None)) == (0.0, "text")
    assert yes_probability_from_output(_output("I am not sure.", None)) == (None, "none")
    assert yes_probability_from_output(_output("Oui.", None), ["oui"], ["non"]) == (1.0, "text")


def test_output_without_choices() -> None:
    output = ModelOutput(model="test", choices=[])
    assert yes_probability_from_output(output) == (None, "none")

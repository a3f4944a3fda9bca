"""Answers in the language asked: its own Yes/No (and their beginnings), English counted apart,
neither counted -- never guessed."""

from __future__ import annotations

import asyncio
import math
from types import SimpleNamespace

import pytest
from inspect_ai.model import (
    ChatCompletionChoice,
    ChatMessageAssistant,
    Logprob,
    Logprobs,
    ModelOutput,
    TopLogprob,
)
from inspect_ai.scorer import NOANSWER, SampleScore, Score, Target

from vpt_tasks.scorers.yes_probability import (
    logprob_yes_probability,
    prefix_class,
    yes_probability,
    yes_probability_answers,
)

SWAHILI = (["Ndiyo"], ["Hapana"])
ENGLISH = (["Yes"], ["No"])


def _output(candidates: list[tuple[str, float]] | None, text: str | None = None) -> ModelOutput:
    if candidates is None:
        return ModelOutput(
            choices=[ChatCompletionChoice(message=ChatMessageAssistant(content=text or ""))]
        )
    token, logprob = candidates[0]
    top = [TopLogprob(token=t, logprob=lp) for t, lp in candidates]
    return ModelOutput(
        choices=[
            ChatCompletionChoice(
                message=ChatMessageAssistant(content=text or token),
                logprobs=Logprobs(
                    content=[Logprob(token=token, logprob=logprob, top_logprobs=top)]
                ),
            )
        ]
    )


def _score(output: ModelOutput, **options) -> Score:
    score = yes_probability(*SWAHILI, english_words=ENGLISH, prefixes=True, **options)
    return asyncio.run(score(SimpleNamespace(output=output), Target("")))


def test_a_word_split_by_the_tokenizer_counts_by_its_beginning() -> None:
    yes, no = frozenset({"ndiyo"}), frozenset({"hapana"})
    assert prefix_class("nd", yes, no) == "yes" and prefix_class("hap", yes, no) == "no"
    assert prefix_class("n", yes, no) is None  # one letter says too little
    assert prefix_class("ndiyo", yes, no) is None  # the whole word is not a beginning
    assert prefix_class("ha", frozenset({"habari"}), no) is None  # begins both: neither
    assert prefix_class("是", frozenset({"是的"}), frozenset({"不是"})) == "yes"  # one syllable
    top = [("Nd", math.log(0.6)), ("Hap", math.log(0.2)), ("The", math.log(0.2))]
    assert logprob_yes_probability(top, *SWAHILI) is None
    assert logprob_yes_probability(top, *SWAHILI, prefixes=True) == pytest.approx(0.75)
    score = _score(_output(top, "Ndiyo"))
    assert score.value == pytest.approx(0.75) and score.metadata["by_prefix"] is True


def test_the_language_words_give_p_and_english_is_read_apart() -> None:
    score = _score(
        _output([("Ndiyo", math.log(0.7)), ("Hapana", math.log(0.2)), ("Yes", math.log(0.1))])
    )
    assert score.value == pytest.approx(0.7 / 0.9)  # the English Yes is not mixed in
    assert score.metadata["p_english"] == 1.0 and score.metadata["answered_in"] == "asked"
    assert score.metadata["mass"] == pytest.approx(0.9)
    assert score.metadata["mass_english"] == pytest.approx(0.1)


def test_an_english_answer_is_counted_not_read_as_the_language() -> None:
    score = _score(_output([("Yes", math.log(0.8)), ("No", math.log(0.2))]))
    assert score.value == NOANSWER
    assert score.metadata["answered_in"] == "english" and score.metadata[
        "p_english"
    ] == pytest.approx(0.8)
    assert "English Yes/No, counted apart" in score.explanation
    text = _score(_output(None, "Yes, it is."))
    assert text.value == NOANSWER and text.metadata["answered_in"] == "english"


def test_neither_is_counted_not_guessed() -> None:
    score = _score(_output([("Sijui", math.log(0.9)), ("Labda", math.log(0.1))]))
    assert score.value == NOANSWER and score.metadata["answered_in"] == "neither"
    text = _score(_output(None, "Sijui."))
    assert text.value == NOANSWER and text.metadata["answered_in"] == "neither"
    assert _score(_output(None, "Hapana.")).value == 0.0


def test_the_answer_metric_counts_each_kind() -> None:
    outputs = [
        _output([("Ndiyo", math.log(0.9)), ("Hapana", math.log(0.1))]),
        _output([("Yes", math.log(0.9))]),
        _output([("Sijui", -0.1)]),
        _output([("Nd", math.log(0.5)), ("Hap", math.log(0.5))]),
    ]
    scores = [SampleScore(score=_score(o), sample_id=i) for i, o in enumerate(outputs)]
    counts = yes_probability_answers()(scores)
    assert counts["n_no_yes_no"] == 2 and counts["no_yes_no_rate"] == 0.5
    assert counts["n_answered_in_english"] == 1 and counts["answered_in_english_rate"] == 0.25
    assert counts["n_answered_in_neither"] == 1 and counts["n_by_prefix"] == 1
    english_only = [
        SampleScore(score=Score(value=1.0, metadata={"method": "logprobs"}), sample_id=0)
    ]
    assert "n_answered_in_english" not in yes_probability_answers()(english_only)

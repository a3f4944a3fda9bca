"""The sampled estimate of P(Yes): counting, the Wilson interval, the score, the run label."""

from __future__ import annotations

import asyncio

import pytest
from inspect_ai.model import ChatCompletionChoice, ChatMessageAssistant, ModelOutput
from inspect_ai.scorer import NOANSWER, SampleScore, Score, Target
from inspect_ai.solver import TaskState

from vpt_tasks.scorers.sampled_yes_probability import (
    SAMPLING_KEY,
    method_label,
    read_samples,
    rejects_logprobs,
    sampled_score,
    wilson_interval,
)
from vpt_tasks.scorers.yes_probability import yes_probability, yes_probability_answers

QUESTION = "Is the red sphere in front of the blue sphere?"


def _choices(*texts: str) -> list[ChatCompletionChoice]:
    return [ChatCompletionChoice(message=ChatMessageAssistant(content=t)) for t in texts]


def _state(texts: list[str], samples: int | None = None) -> TaskState:
    state = TaskState(model="m", sample_id=1, epoch=1, input=QUESTION, messages=[], metadata={})
    state.output = ModelOutput(model="m", choices=_choices(*texts))
    if samples is not None:
        state.store.set(SAMPLING_KEY, {"samples": samples, "requests": 1, "because": "asked"})
    return state


def test_wilson_interval_known_values() -> None:
    # 20 of 20: (1, 1) as a Wald interval; Wilson keeps room for a No
    low, high = wilson_interval(20, 20)
    assert (round(low, 4), high) == (0.8389, 1.0)
    assert tuple(round(v, 4) for v in wilson_interval(10, 20)) == (0.2993, 0.7007)
    assert tuple(round(v, 4) for v in wilson_interval(0, 5)) == (0.0, 0.4345)
    low, high = wilson_interval(7, 19)
    assert low < 7 / 19 < high
    with pytest.raises(ValueError):
        wilson_interval(1, 0)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def test_unread_replies_are_counted_never_as_no() -> None:
    reading = read_samples(
        _choices("Yes.", "No, it is behind.", "Yes", "I cannot tell from this image.", "Yes/No"),
        ["yes"],
        ["no"],
        samples=6,
        question=QUESTION,
    )
    assert (reading.yes, reading.no, reading.unread, reading.missing) == (2, 1, 2, 1)
    assert reading.p == pytest.approx(2 / 3)  # not 2 / 5 (unread as No) nor 2 / 6
    assert reading.interval == pytest.approx(wilson_interval(2, 3))
    nothing = read_samples(_choices("Maybe.", ""), ["yes"], ["no"], samples=2)
    assert (nothing.p, nothing.interval, nothing.unread) == (None, None, 2)


def test_sampled_score_value_interval_and_metadata() -> None:
    score = sampled_score(_state(["Yes", "Yes", "No", "Unsure."], samples=5), ["yes"], ["no"])
    assert score.value == pytest.approx(2 / 3)
    meta = score.metadata or {}
    assert meta["method"] == "sampled" and meta["p"] == pytest.approx(2 / 3)
    assert (meta["samples"], meta["n_yes"], meta["n_no"], meta["n_unread"], meta["n_missing"]) == (
        5, 2, 1, 1, 1
    )  # fmt: skip
    assert meta["p_interval"] == pytest.approx(list(wilson_interval(2, 3)))
    assert meta["logprobs"] is False and meta["candidates"] is None
    assert (meta["requests"], meta["sampled_because"]) == (1, "asked")
    assert "2 Yes, 1 No, 1 unread, 1 not sent of 5" in str(score.answer)
    unscored = sampled_score(_state(["Hmm.", "Perhaps."], samples=2), ["yes"], ["no"])
    assert unscored.value == NOANSWER and unscored.metadata["p"] is None  # type: ignore[index]
    assert unscored.metadata["p_interval"] is None  # type: ignore[index]


def test_the_generic_scorer_reads_a_sampled_sample_from_all_its_replies() -> None:
    score = asyncio.run(
        yes_probability(["yes"], ["no"])(_state(["No.", "No.", "Yes."], samples=3), Target("Yes"))
    )
    assert score.value == pytest.approx(1 / 3) and score.metadata["method"] == "sampled"  # type: ignore[index]
    # without the solver's mark the first reply's text is read, as before
    plain = asyncio.run(yes_probability(["yes"], ["no"])(_state(["No.", "Yes."]), Target("Yes")))
    assert plain.value == 0.0 and plain.metadata["method"] == "text"  # type: ignore[index]


def test_a_question_in_another_language_counts_english_answers_apart() -> None:
    state = _state(["Ja.", "Yes.", "Nein.", "Yes."], samples=4)
    score = sampled_score(state, ["ja"], ["nein"], english_words=(["yes"], ["no"]))
    meta = score.metadata or {}
    assert score.value == pytest.approx(0.5) and meta["n_unread"] == 2
    assert meta["p_english"] == 1.0 and meta["answered_in"] == "asked"
    english = sampled_score(
        _state(["Yes.", "Yes.", "Ja."], 3), ["ja"], ["nein"], english_words=(["yes"], ["no"])
    )
    assert english.metadata["answered_in"] == "english"  # type: ignore[index]


def _scored(method: str, **meta: object) -> SampleScore:
    return SampleScore(score=Score(value=0.5, metadata={"method": method, **meta}))


def test_answer_counts_of_a_sampled_run() -> None:
    scores = [
        _scored("sampled", samples=20, n_yes=10, n_no=8, n_unread=2, n_missing=0, logprobs=False),
        _scored("sampled", samples=20, n_yes=0, n_no=19, n_unread=0, n_missing=1, logprobs=False),
        _scored("logprobs", logprobs=True),
    ]
    out = yes_probability_answers()(scores)  # type: ignore[arg-type]
    assert out["n_sampled"] == 2 and out["sampled_rate"] == pytest.approx(2 / 3)
    assert out["samples_per_frame"] == 20 and out["n_sampled_replies"] == 39
    assert out["n_unread_replies"] == 2 and out["unread_reply_rate"] == pytest.approx(2 / 39)
    assert out["n_missing_replies"] == 1
    assert "sampled_rate" not in yes_probability_answers()(scores[2:])  # type: ignore[arg-type]


def test_method_label() -> None:
    assert method_label({"p_from_text_rate": 0.0}) == "log-probabilities"
    assert method_label({"sampled_rate": 1.0}, {"samples_per_frame": 20}) == "sampled (K = 20)"
    assert method_label({"sampled_rate": 1.0, "no_logprobs_rate": 1.0}) == "sampled"
    assert method_label({"p_from_text_rate": 1.0}) == "text (0/1)"
    # every answer unscored, none with log-probabilities: read (in vain) from the text
    assert method_label({"p_from_text_rate": 0.0, "no_logprobs_rate": 1.0}) == "text (0/1)"
    assert method_label(
        {"sampled_rate": 0.25, "no_logprobs_rate": 0.25}, {"samples_per_frame": 10}
    ) == ("mixed: 75% log-probabilities, 25% sampled (K = 10)")


def test_a_rejection_of_logprobs_is_told_from_other_errors() -> None:
    class Rejected(Exception):
        status_code = 400

    assert rejects_logprobs(Rejected("Unsupported parameter: 'logprobs' is not supported"))
    assert not rejects_logprobs(Rejected("image too large"))
    assert not rejects_logprobs(RuntimeError("logprobs"))

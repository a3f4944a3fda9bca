"""The generic yes-probability scorer: P(Yes) from log-probabilities and from text, the builder, the metric."""

from __future__ import annotations

import asyncio
import logging
import math

import pytest
from inspect_ai.model import Logprob, Logprobs, ModelName, ModelOutput, TopLogprob
from inspect_ai.scorer import NOANSWER, SampleScore, Score, Target
from inspect_ai.solver import TaskState

from vpt_tasks.comfort.language import load_language
from vpt_tasks.comfort.scorer import comfort_scorer
from vpt_tasks.scorers.yes_probability import (
    NO_LOGPROBS_WARNING,
    InvalidLogprob,
    answer_token_index,
    logprob_yes_probability,
    score_p,
    text_yes_probability,
    yes_probability,
    yes_probability_answers,
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
    assert logprob_yes_probability(top) == pytest.approx(0.55 / 0.80)


def test_accepts_top_logprob_objects() -> None:
    top = [TopLogprob(token=" Yes", logprob=ln(0.3)), TopLogprob(token="NO", logprob=ln(0.1))]
    assert logprob_yes_probability(top) == pytest.approx(0.75)


def test_only_one_class_present() -> None:
    assert logprob_yes_probability([("Yes", ln(0.9)), ("Sure", ln(0.1))]) == 1.0
    assert logprob_yes_probability([("\nno", -3.0)]) == 0.0


def test_neither_class_present_is_none() -> None:
    assert logprob_yes_probability([("Maybe", -0.1), ("The", -2.0)]) is None
    assert logprob_yes_probability([]) is None


def test_words_must_match_whole_token() -> None:
    # "Yesterday" / "Nobody" / "Yes." are other tokens, not the answer words.
    assert logprob_yes_probability([("Yesterday", -0.1), ("Nobody", -0.2), ("Yes.", -0.3)]) is None


def test_tokenizer_word_markers_are_stripped() -> None:
    assert logprob_yes_probability(
        [("\u2581Yes", ln(0.6)), ("\u0120No", ln(0.2))]
    ) == pytest.approx(0.75)


def test_repeated_token_is_counted_once() -> None:
    assert logprob_yes_probability([("Yes", ln(0.5)), ("Yes", ln(0.5)), ("No", ln(0.5))]) == 0.5


def test_minus_infinity_only_is_none() -> None:
    assert logprob_yes_probability([("Yes", -math.inf), ("No", -math.inf)]) is None


@pytest.mark.parametrize("bad", [math.nan, math.inf, 1e308, 0.5])
def test_a_value_that_is_not_a_log_probability_is_refused(bad: float) -> None:
    """NaN used to count as probability 0 (p = 0 silently); 1e308 overflowed math.exp."""
    with pytest.raises(InvalidLogprob, match="invalid log-probability"):
        logprob_yes_probability([("Yes", bad), ("No", -1.0)])
    with pytest.raises(InvalidLogprob):
        logprob_yes_probability([("No", bad), ("Yes", -1.0)])


def test_round_off_above_zero_is_zero_and_other_tokens_do_not_matter() -> None:
    assert logprob_yes_probability([("Yes", 1e-7), ("No", -40.0)]) == pytest.approx(1.0)
    assert logprob_yes_probability([("Maybe", math.nan), ("Yes", ln(0.3)), ("No", ln(0.1))]) == (
        pytest.approx(0.75)
    )


def test_invalid_log_probabilities_leave_the_sample_unscored_and_counted() -> None:
    for bad in (math.nan, 1e308):
        output = _with_logprobs([("Yes", bad), ("No", -0.5)])
        assert yes_probability_from_output(output) == (None, "invalid")
        score = _score(output)
        assert score.value == NOANSWER and score.metadata["method"] == "invalid"
        assert score.metadata["invalid_logprobs"] is True and score.metadata["p"] is None
        counts = yes_probability_answers()([SampleScore(score=score)])
        assert counts["n_no_yes_no"] == 1 and counts["no_yes_no_rate"] == 1.0


def test_custom_vocabulary() -> None:
    top = [("Oui", ln(0.3)), (" non", ln(0.1)), ("Yes", ln(0.6))]
    assert logprob_yes_probability(top, yes_words=["oui"], no_words=["non"]) == pytest.approx(0.75)
    assert logprob_yes_probability([("Yes", 0.0)], yes_words=["oui"], no_words=["non"]) is None
    assert (
        logprob_yes_probability([("はい", ln(0.2)), ("いいえ", ln(0.2))], ["はい"], ["いいえ"])
        == 0.5
    )
    with pytest.raises(ValueError):
        logprob_yes_probability(top, yes_words=["ja", "nee"], no_words=["nee"])


def test_text_yes_probability() -> None:
    assert text_yes_probability("Yes.") == 1.0
    assert text_yes_probability("**No**, it is not.") == 0.0
    assert text_yes_probability("I think the answer is yes") == 1.0
    assert text_yes_probability("Nothing to see; no.") == 0.0  # "Nothing" is not "no"
    assert text_yes_probability("I cannot tell.") is None
    assert text_yes_probability("") is None
    assert text_yes_probability("Non.", ["oui"], ["non"]) == 0.0


ZH = (["是", "是的", "对"], ["否", "不是", "不", "不对"])


@pytest.mark.parametrize(
    ("reply", "words", "expected"),
    [
        # the Yes/No the reply states, wherever it stands as the answer
        ("No doubt about it: yes.", None, 1.0),
        ("There is no obstacle between them, so yes.", None, 1.0),
        ("Yes it is, right in front.", None, 1.0),
        ("Nein (No)", (["Ja"], ["Nein"]), 0.0),
        ("不是，球在车的后面。", ZH, 0.0),
        ('{"answer": "No"}', None, 0.0),
        # nothing certain: undecided, never a guess
        ("No image was provided.", None, None),
        ("Yes/No", None, None),
        ("Yes and no.", None, None),
        ("From my viewpoint yes, from the woman's viewpoint no.", None, None),
        ("If we take the horse's view, yes; otherwise, no.", None, None),
        ("Is the ball not in front of the car? No, it is in front of the car.", None, None),
        ("It's not true that it isn't in front: yes.", None, None),
        ("The answer is not yes.", None, None),
        ("Hard to say from this angle.", None, None),
        ("No se proporcionó ninguna imagen.", (["Sí"], ["No"]), None),
        # found by the COMFORT trap set
        ("Oui et non.", (["Oui"], ["Non"]), None),
        ('"Yes" is the wrong answer here; the ball is in front of the sofa.', None, None),
        ("In front? No. Behind.", None, None),
        ("Yes, the basketball is not to the right of the horse.", None, None),
        ("Yes (confidence: 30%)", None, None),
        ("No dog, but yes, there is a horse.", None, None),
        ("No problem! Yes, the ball is to the right of the horse.", None, 1.0),
    ],
)
def test_text_replies_are_read_as_an_annotator_would(reply, words, expected) -> None:
    """Found by the blind COMFORT set (`tests/scorers/blind/comfort_text.jsonl`): the first
    Yes/No word was read as the answer, 20 of 150 replies confidently wrong."""
    assert text_yes_probability(reply, *(words or ())) == expected


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        # r199 (comf199-032): the asked question restated, then its answer
        ("The red ball is behind the blue ball? Yes.", 1.0),
        ("Behind the blue ball? Yes.", 1.0),
        # a question of its own: the Yes/No may answer it
        ("Is the red ball in front of the blue ball? No, it is behind it.", None),
        ("Is the red ball not behind the blue ball? No.", None),
    ],
)
def test_the_asked_question_restated_is_answered(reply: str, expected: float | None) -> None:
    question = "Is the red ball behind the blue ball?"
    assert text_yes_probability(reply, question=question) == expected
    assert text_yes_probability(reply) is None  # without the question nothing is restated


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


# --------------------------------------------------------------------------
# the builder: the undecorated `score` coroutine


def _state(output: ModelOutput) -> TaskState:
    return TaskState(ModelName("test/model"), "s", 1, "q", [], output=output)


def _with_logprobs(top: list[tuple[str, float]], text: str = "Yes") -> ModelOutput:
    output = ModelOutput.from_content(model="m", content=text)
    output.choices[0].logprobs = Logprobs(
        content=[
            Logprob(
                token=top[0][0],
                logprob=top[0][1],
                top_logprobs=[TopLogprob(token=t, logprob=lp) for t, lp in top],
            )
        ]
    )
    return output


def _score(output: ModelOutput, scorer=None) -> Score:
    scorer = scorer or yes_probability()
    return asyncio.run(scorer(_state(output), Target("Yes")))


def test_scorer_reads_p_from_logprobs() -> None:
    score = _score(
        _with_logprobs([(" Yes", math.log(0.6)), ("no", math.log(0.2)), ("Maybe", -1.0)])
    )
    assert score.value == pytest.approx(0.75)
    assert score.metadata["method"] == "logprobs" and score.metadata["logprobs"] is True
    assert score.metadata["candidates"][0] == [" Yes", pytest.approx(math.log(0.6))]
    assert score.explanation == "P(Yes) = 0.7500 from log-probabilities"


def test_scorer_without_logprobs_uses_the_text_and_warns_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    scorer = yes_probability()
    with caplog.at_level(logging.WARNING):
        first = _score(ModelOutput.from_content(model="m", content="No, it is not."), scorer)
        second = _score(ModelOutput.from_content(model="m", content="Yes."), scorer)
    assert (first.value, second.value) == (0.0, 1.0)
    assert first.metadata["method"] == "text" and first.metadata["candidates"] is None
    assert [r.getMessage() for r in caplog.records].count(NO_LOGPROBS_WARNING) == 1


def test_each_built_scorer_warns_once_with_its_own_message(
    caplog: pytest.LogCaptureFixture,
) -> None:
    text = ModelOutput.from_content(model="m", content="Yes.")
    with caplog.at_level(logging.WARNING):
        for _ in range(2):
            scorer = yes_probability(no_logprobs_warning="BENCH: no log-probabilities")
            _score(text, scorer)
            _score(text, scorer)
    messages = [r.getMessage() for r in caplog.records]
    assert messages.count("BENCH: no log-probabilities") == 2  # once per built scorer (run)
    assert NO_LOGPROBS_WARNING not in messages


def test_scorer_marks_no_yes_no_as_unscored_not_nan() -> None:
    score = _score(_with_logprobs([("Maybe", -0.1), ("Perhaps", -2.0)], text="Maybe"))
    assert score.value == NOANSWER and score.metadata["p"] is None
    assert "neither Yes nor No" in score.explanation
    empty = _score(ModelOutput.from_content(model="m", content=""))
    assert empty.value == NOANSWER and empty.metadata["method"] == "none"


def test_scorer_in_another_language() -> None:
    scorer = yes_probability(yes_words=["Ja"], no_words=["Nein"])
    score = _score(
        _with_logprobs([("Ja", math.log(0.9)), ("Nein", math.log(0.1))], text="Ja"), scorer
    )
    assert score.value == pytest.approx(0.9)
    assert _score(_with_logprobs([("Yes", 0.0)]), scorer).value == NOANSWER


# --------------------------------------------------------------------------
# the answer-path metric


def test_answers_metric_counts_methods() -> None:
    scores = [
        SampleScore(score=Score(value=0.7, metadata={"method": "logprobs", "logprobs": True})),
        SampleScore(score=Score(value=1.0, metadata={"method": "text", "logprobs": False})),
        SampleScore(score=Score(value=0.0, metadata={"method": "text", "logprobs": False})),
        SampleScore(score=Score(value=NOANSWER, metadata={"method": "none", "logprobs": False})),
    ]
    assert yes_probability_answers()(scores) == {
        "n_samples": 4.0, "n_no_yes_no": 1.0, "no_yes_no_rate": 0.25, "n_p_from_text": 2.0,
        "p_from_text_rate": 0.5, "no_logprobs_rate": 0.75,
    }  # fmt: skip
    assert yes_probability_answers()([]) == {}


def test_score_p() -> None:
    assert score_p(SampleScore(score=Score(value=0.25))) == 0.25
    assert score_p(SampleScore(score=Score(value=1))) == 1.0
    assert score_p(SampleScore(score=Score(value=NOANSWER))) is None
    assert score_p(SampleScore(score=Score(value=True))) is None
    assert score_p(SampleScore(score=Score(value=math.nan))) is None


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("No. The basketball is in front of the car.", None),
        ("Yes, it is behind the car.", None),
        ("No, it is behind the car.", 0.0),
        ("Yes, it is in front of the car.", 1.0),
        ("No, it is not in front of the car.", 0.0),
    ],
)
def test_a_reply_whose_statement_contradicts_its_answer_is_undecided(reply, expected) -> None:
    """With the question: the reply's statement of the asked relation must agree with its
    Yes/No (found by the second COMFORT trap set)."""
    question = "Is the basketball in front of the car?"
    assert text_yes_probability(reply, question=question) == expected


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        # r307 (comf307-026): where the viewpoint's owner stands is no statement of the ball's
        (
            "The man is standing behind the car, looking toward it. The ball is on the far side "
            "of the car, so it is in front of the car from his viewpoint. So the answer is Yes.",
            1.0,
        ),
        ("She sits behind the car. Yes.", 1.0),
        # the ball's own place still counts against the answer
        (
            "The man stands behind the car. The ball is behind the car too. So the answer is Yes.",
            None,
        ),
    ],
)
def test_a_person_placed_by_the_relation_is_not_the_asked_thing(reply, expected) -> None:
    question = "From the man's viewpoint, is the basketball in front of the car?"
    assert text_yes_probability(reply, question=question) == expected


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        # r317 (comf317-052, read yes, labelled ambiguous)
        ("Yes, from the man's viewpoint, the basketball is on his left.", None),
        ("No, from the man's viewpoint, the basketball is on his left.", 0.0),
        # the asked side said too: a corner
        ("Yes, the basketball is in front of him and to his left.", 1.0),
        # in a sentence of its own, the crossing side is the reasoning's
        ("The basketball is on his left, a little ahead of him. Yes.", 1.0),
    ],
)
def test_a_yes_beside_only_a_side_across_the_asked_one_is_undecided(reply, expected) -> None:
    question = "From the man's viewpoint, is the basketball in front of the man?"
    assert text_yes_probability(reply, question=question) == expected


def test_a_statement_naming_the_relatum_by_its_pronoun_is_read() -> None:
    """ "on its right side" states the opposite of "to the left of the sofa" (r59)."""
    left = "From the sofa's viewpoint, is the basketball to the left of the sofa?"
    said = "From the sofa's viewpoint, the basketball is on its {} side."
    assert text_yes_probability("Yes. " + said.format("right"), question=left) is None
    assert text_yes_probability("Yes. " + said.format("left"), question=left) == 1.0
    assert text_yes_probability("No. " + said.format("right"), question=left) == 0.0


def test_a_relation_stated_as_partial_is_no_answer() -> None:
    """ "so it's partially in front of the bicycle" (r57) hedges the relation it states."""
    question = "From the bicycle's viewpoint, is the basketball in front of the bicycle?"
    partial = "The basketball is off to the side, so it is partially in front of the bicycle."
    assert text_yes_probability(partial, question=question) is None
    whole = "The basketball is off to the side, so it is not in front of the bicycle."
    assert text_yes_probability(whole, question=question) == 0.0


def test_an_answer_word_after_or_is_an_alternative() -> None:
    """ "... sia davanti o no" ("whether it is in front or not", r59): the word offered as one
    of two is no answer; a word closing a clause after "so" still is."""
    it = (["Sì", "Si"], ["No"])
    reply = "Il pallone è a sinistra, quindi non è chiaro se sia davanti o no."
    assert text_yes_probability(reply, *it) is None
    assert text_yes_probability("Il pallone è a sinistra, quindi no.", *it) == 0.0
    assert text_yes_probability("It's unclear whether it is in front or no.") is None


def test_a_no_followed_by_the_questions_own_statement_is_undecided() -> None:
    """In a language whose relations are not read, a No that goes on to repeat the end of the
    question ("No, il pallone da basket è dietro il divano.") contradicts itself; a reply
    that only restates the viewpoint does not."""
    it = (["Sì", "Si"], ["No"])
    question = "Dal punto di vista della donna, il pallone da basket è dietro il divano?"
    assert (
        text_yes_probability("No, il pallone da basket è dietro il divano.", *it, question=question)
        is None
    )
    assert text_yes_probability("No, è davanti al divano.", *it, question=question) == 0.0
    de = (["Ja"], ["Nein"])
    question = "Ist der Basketball aus Sicht der Frau hinter dem Sofa?"
    reply = "Nein, aus Sicht der Frau befindet sich der Basketball vor dem Sofa."
    assert text_yes_probability(reply, *de, question=question) == 0.0


RIGHT_NL = "Vanuit het gezichtspunt van de camera, is de rode bal rechts van de blauwe bal?"


@pytest.mark.parametrize(
    ("code", "question", "reply", "expected"),
    [
        ("nl", RIGHT_NL, "Nee, de rode bal ligt links van de blauwe bal.", 0.0),
        (
            "es",
            "¿Está la pelota roja detrás de la pelota azul?",
            "No. La pelota roja está delante de la pelota azul.",
            0.0,
        ),
        (
            "fr",
            "La balle rouge est-elle à gauche de la balle bleue ?",
            "Non, la balle rouge est à droite de la balle bleue.",
            0.0,
        ),
        (
            "en",
            "Is the red ball in front of the blue ball?",
            "No, the red ball is directly behind the blue ball from the camera's viewpoint.",
            0.0,
        ),
        # the asked relation itself after the No: the echo, undecided as before
        ("nl", RIGHT_NL, "Nee, de rode bal ligt rechts van de blauwe bal.", None),
        # another relation, but negated: "not left of" leaves the reply unclear
        ("nl", RIGHT_NL, "Nee, de rode bal ligt niet links van de blauwe bal.", None),
        (
            "fr",
            "La balle rouge est-elle à gauche de la balle bleue ?",
            "Non, la balle rouge n'est pas à droite de la balle bleue.",
            None,
        ),
    ],
)
def test_a_no_followed_by_another_relation_of_the_relatum_is_decided(
    code: str, question: str, reply: str, expected
) -> None:
    """With the language's relation phrases (`Language.relation_words`), a No that goes on to
    name another relation of the question's relatum ("Nee, de rode bal ligt links van de
    blauwe bal." to "... rechts van de blauwe bal?", r133, r139) says which relation holds
    instead: a No, in any language of the table; not when it names the asked one too, or
    negates it."""
    language = load_language(code)
    words = (language.yes_words, language.no_words)
    got = text_yes_probability(reply, *words, question=question, relations=language.relation_words)
    assert got == expected


def test_a_reasoning_block_between_triangles_is_reasoning() -> None:
    """r169 (comf169-040): "◁think▷... so not left.◁/think▷No" answers No after its reasoning."""
    reply = (
        "\u25c1think\u25b7The ball is on the right of the sofa, so not left.\u25c1/think\u25b7No"
    )
    assert text_yes_probability(reply) == 0.0


def test_the_chinese_no_that_echoes_the_verb_is_a_no() -> None:
    """ "不在。" ("not at", to "篮球在马的左边吗？", r155, r13, r30, r105): Chinese answers a
    yes/no question with its verb negated; the table lists it among the No words."""
    zh = load_language("zh")
    assert "不在" in zh.no_words
    assert text_yes_probability("不在。", zh.yes_words, zh.no_words) == 0.0
    assert text_yes_probability("不在，篮球在椅子的左边。", zh.yes_words, zh.no_words) == 0.0


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        # r307 (comf307-052): Japanese quotes its answer word in corner brackets, then "です"
        (
            "3. カメラの視点では、ボールは馬の右にあります。\n\nしたがって、答えは「いいえ」です。",
            0.0,
        ),
        ("答えは「はい」です。", 1.0),  # r295 (comf295-055)
        ("答えは『はい』です。", 1.0),
        # both quoted is no answer
        ("「はい」でも「いいえ」でもありません。", None),
    ],
)
def test_an_answer_word_quoted_in_corner_brackets_stands(reply: str, expected) -> None:
    ja = load_language("ja")
    assert text_yes_probability(reply, ja.yes_words, ja.no_words) == expected


def test_the_comfort_scorer_reads_the_relation_words_of_its_language() -> None:
    """What a run does: the COMFORT scorer of a Dutch run passes Dutch relation phrases."""
    scorer = comfort_scorer("comfort_ball", "paper", load_language("nl"))
    output = ModelOutput.from_content(
        model="m", content="Nee, de rode bal ligt links van de blauwe bal."
    )
    state = TaskState(ModelName("test/model"), "s", 1, RIGHT_NL, [], output=output)
    score = asyncio.run(scorer(state, Target("No")))
    assert score.value == 0.0 and score.metadata["method"] == "text"


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("Yes. Wait - from the camera's view, no.", 0.0),
        ("No, wait — yes. The red ball is on the left.", 1.0),
        ("Yes, the ball is in front. Wait, actually it is farther away, so behind it. No.", 0.0),
        # the corrected part is read on its own, with every doubt
        ("No. Actually, it's hard to say from this angle.", None),
        ("Yes. Wait, actually yes and no.", None),
        ("Hmm, it's close. I'd lean slightly toward yes, but it's genuinely borderline.", None),
    ],
)
def test_after_a_self_correction_the_corrected_part_is_read(reply: str, expected) -> None:
    """As every reader reads a self-correction (`options._corrected`, Isle-Brick-V2's
    `corrected`): the part after the last one is the answer, decided only if it settles."""
    assert text_yes_probability(reply) == expected

"""One perception, every reader: a Yes/No that stands as the answer (`reading.stands_as_answer`)
is read alike by the option reader (two options "Yes"/"No"), COMFORT's text reading and
Isle-Brick-V2's yes/no components (issue 31 §1: it was written three times, and the copies
differed)."""

from __future__ import annotations

import pytest

from vpt_tasks.isle_brick.extraction import read_components
from vpt_tasks.scorers.options import read_option
from vpt_tasks.scorers.reading import prepare, stands_as_answer
from vpt_tasks.scorers.yes_probability import text_yes_probability

QUESTION = "Assuming the minifigure can see, can it see the dog in the picture?"

CASES = [
    ("No, the dog is behind it.", "no"),
    ("Yes it can.", "yes"),
    ("There is nothing between them, so yes.", "yes"),
    ("I'd say yes it can", None),  # inside its clause: no answer word
    ("There is no obstacle", None),  # a determiner
    ("It is in front of it. So the answer could be yes or no.", None),  # a pair offered (r73)
    ("Yes no", None),  # both side by side (r213, brick213-030: Isle-Brick-V2 read it as no)
    ("No yes", None),
]


def _option(answer: str) -> str | None:
    letter = read_option(answer, {"A": "Yes", "B": "No"}, question=QUESTION).letter
    return {"A": "yes", "B": "no"}.get(letter or "")


def _comfort(answer: str) -> str | None:
    p = text_yes_probability(answer, question=QUESTION)
    return None if p is None else ("yes" if p else "no")


def _components(answer: str) -> str | None:
    read = read_components(answer, "yesno", question=QUESTION)
    return next(iter(read.components)) if read.decided and len(read.components) == 1 else None


@pytest.mark.parametrize(("answer", "expected"), CASES)
def test_every_reader_reads_a_standing_yes_or_no_alike(answer: str, expected: str | None) -> None:
    assert (_option(answer), _comfort(answer), _components(answer)) == (expected,) * 3


# Read by some readers, left undecided by others for reasons of their own (COMFORT's English
# vocabulary is the paper's "Yes"/"No"; the option reader sees both options named), never
# read as the opposite.
PARTLY = [
    ("Nope.", "no"),
    ("No doubt about it: yes.", "yes"),
    ("Yes/No: No\nReason: the dog is behind its back.", "no"),
]


@pytest.mark.parametrize(("answer", "expected"), PARTLY)
def test_no_reader_reads_the_opposite(answer: str, expected: str) -> None:
    read = (_option(answer), _comfort(answer), _components(answer))
    assert expected in read and set(read) <= {expected, None}


@pytest.mark.parametrize(
    ("text", "word", "stands"),
    [
        ("No, it cannot.", "no", True),
        ("No it cannot.", "no", True),
        ("Yes (B)", "yes", True),
        ("Nein (No)", "nein", True),
        ("..., so no.", "no", True),
        ("no doubt", "no", False),
        ("there is no obstacle", "no", False),
    ],
)
def test_stands_as_answer(text: str, word: str, stands: bool) -> None:
    prepared = prepare(text)
    at = prepared.low.index(word)
    assert stands_as_answer(prepared, at, at + len(word)) is stands


@pytest.mark.parametrize(
    ("answer", "yes_words", "no_words"),
    [("Нет. Yes.", ["да"], ["нет"]), ("Ja. No.", ["ja"], ["nein"])],
)
def test_an_english_answer_word_against_the_languages_own_is_two_answers(
    answer: str, yes_words: list[str], no_words: list[str]
) -> None:
    """r213 (comf213-058): "Нет. Yes." was read as no; an English reply alone stays unread
    in the asked language (it is counted apart, `answered_in: english`)."""
    assert text_yes_probability(answer, yes_words, no_words) is None
    assert text_yes_probability(answer.split(".")[0] + ".", yes_words, no_words) in (0.0, 1.0)
    assert text_yes_probability("Yes.", ["ja"], ["nein"]) is None
    assert text_yes_probability("Sim, no lado esquerdo.", ["sim"], ["não"]) == 1.0


def test_q3_evidence_of_the_opposite_beside_its_own_contradicts_the_answer_word() -> None:
    """r215 (brick215-026): "... not on the same surface, but both are on the same baseplate,
    so yes." was read as yes."""
    q3 = "Are the humanoid minifigure and the owl on the same surface?"
    answer = (
        "The minifigure is standing on the floor and the owl is perched on a branch. So they are "
        "not on the same surface, but both are on the same baseplate, so yes."
    )
    read = read_components(answer, "yesno", question=q3)
    assert not read.decided and read.components == {"yes", "no"}, read
    plain = "The minifigure is standing on the floor and the owl is on the floor too, so yes."
    assert read_components(plain, "yesno", question=q3).components == {"yes"}


@pytest.mark.parametrize(
    "answer",
    [
        # r227 (brick227-057): read as yes
        "It partially sees it: the car is at the very edge of its field of view, so maybe.",
        "Yes, maybe. It could be just inside its view.",  # r203's shape, for every reader
        "Maybe not.",
    ],
)
def test_maybe_standing_as_the_answer_is_read_by_no_reader(answer: str) -> None:
    assert (_option(answer), _comfort(answer), _components(answer)) == (None, None, None)


def test_maybe_inside_a_clause_is_no_hedge_of_the_answer() -> None:
    answer = "Yes, it can see the dog; maybe the cat too is in its view, but the dog surely is."
    assert _components(answer) == "yes"


@pytest.mark.parametrize("heading", ["### Answer", "**Final Answer**", "## Answer:"])
def test_an_answer_heading_on_its_own_line_states_the_next_line(heading: str) -> None:
    # r279 (two279-034): "...\n\n### Answer\n**The girl sees 0 dots (A)**" was read by none
    reasoning = (
        "There are two red dots on the wall to her left and one on the ceiling. Since she is "
        "looking at her book, none of the dots are in her field of view."
    )
    answer = f"{reasoning}\n\n{heading}\n**The girl sees 0 dots (A)**"
    assert prepare(answer).text.endswith("Answer: The girl sees 0 dots (A)")
    assert read_option(answer, {"A": "0", "B": "2"}).letter == "A"
    # a heading word inside a sentence is no heading
    assert "Answer:" not in prepare("I will give my answer\nnow: A").text


@pytest.mark.parametrize(
    ("reply", "p"),
    [
        ("Yes or No: No.", 0.0),  # r269 (comf269-035): the instruction echoed as a label
        ("Answer Yes or No: Yes, it is.", 1.0),
        ("Yes or No: Yes or No.", None),
        ("Yes or no?", None),
    ],
)
def test_the_questions_yes_or_no_echoed_as_a_label_is_no_answer(
    reply: str, p: float | None
) -> None:
    question = "Is the ball to the left of the man? Answer Yes or No."
    assert text_yes_probability(reply, question=question) == p


def test_the_question_asked_again_in_a_whether_clause_is_no_echo_of_it() -> None:
    # r283 (comf283-014): "To determine whether the ball is to the left of the sofa ...
    # Therefore, the answer is: No." was taken for a No echoing the question's statement
    question = "From the camera's viewpoint, is the ball to the left of the sofa?"
    reply = (
        "To determine whether the ball is to the left of the sofa from the camera's viewpoint, "
        "we need to look at their positions in the image.\n\nTherefore, the answer is: No."
    )
    assert text_yes_probability(reply, question=question) == 0.0
    # the question's statement said after the No still is one (the echo rule, r255)
    echoed = "No, il pallone da basket è dietro il divano."
    italian = "Il pallone da basket è dietro il divano?"
    assert text_yes_probability(echoed, ["sì"], ["no"], question=italian) is None


def test_the_asked_side_of_another_relatum_is_no_echo_of_the_question() -> None:
    """r337 (comf337-037): "the ball is on the left of the image, which is her right" after a No
    to "... is the ball to the left of the sofa?" names the image's side, not the question's
    statement."""
    question = "From the woman's viewpoint, is the ball to the left of the sofa?"
    reply = (
        "**Answer:** No\n\n**Explanation:** The woman is sitting on the sofa facing the camera; "
        "the ball is on the left of the image, which is her right."
    )
    assert text_yes_probability(reply, question=question) == 0.0
    # the question's own statement, with its relatum, still is an echo
    echoed = "No, il pallone da basket è dietro il divano."
    assert text_yes_probability(echoed, ["sì"], ["no"], question="È dietro il divano?") is None

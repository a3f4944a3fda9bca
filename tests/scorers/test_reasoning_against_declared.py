"""The protocol (docs/reading-answers.md, "Where the reasoning and the declared answer
disagree"): when the reasoning places the asked thing at one option and the declared letter
names another, the rules do not choose. Blind round r23 (four23-026): "The front wheel is to
his right. So the answer is D. left." was read as D."""

from __future__ import annotations

import pytest

from vpt_tasks.scorers.options import read_option

OPTIONS = {"A": "front", "B": "behind", "C": "right", "D": "left"}
QUESTION = "From the perspective of the man in the red cap, in which direction is the lamp?"


@pytest.mark.parametrize(
    "answer",
    [
        "He faces the table. The lamp is to his right. So the answer is D. left.",
        "He is looking at the door. The lamp is behind him.\n\nAnswer: A",
    ],
)
def test_the_reasoning_placing_the_thing_at_another_option_leaves_it_undecided(answer) -> None:
    reading = read_option(answer, OPTIONS, question=QUESTION)
    assert reading.letter is None and reading.reason == "reasoning_disagrees", reading


@pytest.mark.parametrize(
    ("answer", "letter"),
    [
        ("The lamp is to his right. So the answer is C.", "C"),  # they agree
        ("The lamp is on the left side of the image; he faces us, so it is on his right. C", "C"),
        ("- D (left): no, the lamp is not there.\n- C (right): yes.\nAnswer: C", "C"),
    ],
)
def test_agreeing_or_other_framed_statements_do_not_object(answer: str, letter: str) -> None:
    assert read_option(answer, OPTIONS, question=QUESTION).letter == letter


def test_the_asked_thing_is_found_in_a_conditional_question() -> None:
    """Blind round r31 (four31-032): "in which direction would the sink be from you?"."""
    question = "If you were the man, in which direction would the lamp be from you?"
    answer = "From my point of view the lamp is on my left. So the answer is D (right)."
    options = {"A": "front", "B": "behind", "C": "left", "D": "right"}
    reading = read_option(answer, options, question=question)
    assert reading.letter is None and reading.reason == "reasoning_disagrees", reading
    agreeing = answer.replace("D (right)", "C (left)")
    assert read_option(agreeing, options, question=question).letter == "C"

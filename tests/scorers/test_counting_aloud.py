"""A number said while counting aloud ("the dots on that wall: 1, 2.") is a step of the count,
not a statement of an option's value (blind round r21, two21-057: "Counting the yellow dots
on that wall: 1, 2. ... In total there are 3" was read as the option 2)."""

from __future__ import annotations

import pytest

from vpt_tasks.scorers.options import read_option

QUESTION = "In the picture, how many yellow dots does the man see? Respond solely with A or B."


@pytest.mark.parametrize(
    "answer",
    [
        "Counting the yellow dots on that wall: 1, 2. There is one more on the right wall.",
        "One, two. And a third one behind him.",
    ],
)
def test_a_count_in_progress_names_no_option(answer: str) -> None:
    reading = read_option(answer, {"A": "3", "B": "2"}, question=QUESTION)
    assert reading.letter is None, reading


@pytest.mark.parametrize(
    ("answer", "letter"),
    [
        ("He sees 2, not 3.", "B"),  # "2, not 3" is no count in progress
        ("He sees two dots.", "B"),
        ("3", "A"),
    ],
)
def test_a_stated_count_is_still_read(answer: str, letter: str) -> None:
    assert read_option(answer, {"A": "3", "B": "2"}, question=QUESTION).letter == letter

"""A letter in the brackets of other scripts is a bracketed letter (issue 31: "a letter in
full-width or guillemet brackets" was left undecided): the shared normaliser maps them to
ASCII quotes and brackets, so every reader gets them."""

from __future__ import annotations

import pytest

from vpt_tasks.scorers.options import read_option
from vpt_tasks.scorers.reading import prepare

OPTIONS = {"A": "in front of him", "B": "behind him", "C": "to his left", "D": "to his right"}
QUESTION = "From the man's perspective, where is the lamp?"


@pytest.mark.parametrize(
    ("answer", "letter"),
    [
        ("（B）", "B"),
        ("«C»", "C"),
        ("【D】", "D"),
        ("「A」", "A"),
        ("‹A›", "A"),
        ("Answer: 《B》", "B"),
    ],
)
def test_a_letter_in_other_brackets_is_read(answer: str, letter: str) -> None:
    assert read_option(answer, OPTIONS, question=QUESTION).letter == letter


def test_the_brackets_keep_every_offset() -> None:
    text = "«C» 【D】 「A」"
    assert len(prepare(text).text) == len(text)
    assert prepare(text).text == '"C" [D] "A"'


def test_two_bracketed_letters_are_still_two_options() -> None:
    assert read_option("«C» or 【D】", OPTIONS, question=QUESTION).letter is None


@pytest.mark.parametrize(
    ("answer", "letter"),
    [
        # r125 (four125-036, four125-037): Llama's closing line, the letter in inline math
        ("Greek salad ingredients.\n\nFinal Answer: The final answer is $\\boxed{C}$", "C"),
        ("## Step 1\nHe faces the bike.\n\nThe final answer is: $\\boxed{A}$", "A"),
        ("The answer is \\(\\boxed{D}\\).", "D"),
        ("The answer is $$B$$", "B"),
    ],
)
def test_a_letter_in_inline_math_is_read(answer: str, letter: str) -> None:
    assert read_option(answer, OPTIONS, question=QUESTION).letter == letter
    assert "$" not in prepare(answer).text

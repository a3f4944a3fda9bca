"""The answers Isle v1's paper lists as mapped to its Unknown class (002, Appendix B.1, the five
numbered examples after "Below, we list examples of answers that we mapped to the unknown
class", read from the paper's text): the rules never read them as option A or B. They pick no
option (Unknown) or leave the answer undecided, for the grader, as the paper's mapping did."""

from __future__ import annotations

import re

import pytest

from tests.paper_numbers import paper_text
from vpt_tasks.scorers.options import NO_OPTION, read_option

PAPER = "002_14845d989c9b5805.txt"
# the question each example answered (the paper quotes the answers only; the questions
# follow the paper's templates for the objects the answers name)
QUESTIONS = [
    ("Assuming the Lego minifigure has the ability to see, can it see the dagger?", "Yes", "No"),
    ("How many red dots can the man with the purple hoodie see?", "1", "0"),
    ("Can the person in the purple hooded sweatshirt see the blue rectangle?", "Yes", "No"),
    ("Assuming the Lego minifigure has the ability to see, can it see the box?", "Yes", "No"),
    ("Assuming the Lego minifigure with black hair can see, can it see the bat?", "Yes", "No"),
]


def _examples() -> list[str]:
    text = paper_text(PAPER)
    start = text.index("we list examples of answers that we mapped to the unknown class")
    block = text[start : text.index("B.2 Multiple Perspectives", start)]
    answers = re.findall(r'^\d\. [^"\n]*- "(.*)"\s*$', block, flags=re.MULTILINE)
    assert len(answers) == len(QUESTIONS), answers
    return answers


@pytest.mark.parametrize("index", range(len(QUESTIONS)))
@pytest.mark.parametrize("swapped", [False, True])
def test_the_papers_unknown_answers_are_never_an_option(index: int, swapped: bool) -> None:
    question, first, second = QUESTIONS[index]
    options = {"A": second, "B": first} if swapped else {"A": first, "B": second}
    reading = read_option(_examples()[index], options, question=question)
    assert reading.letter in (None, NO_OPTION), (index, reading)

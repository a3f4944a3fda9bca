"""An option named by a paraphrase of its text (the `paraphrase` reader): a short answer that
holds every distinctive word of one option's text, inflected or not, and none of another's.
Written from the principle; its first out-of-sample measurement is blind round r21's."""

from __future__ import annotations

import pytest

from vpt_tasks.scorers.options import read_option

BIKE = {
    "A": "Install a wheel",
    "B": "Clean and lubricate the chain",
    "C": "Replace the tire tube on the wheel",
    "D": "Set up for test",
}
QUESTION = "What is the person's intention? Answer with the option's letter."


@pytest.mark.parametrize(
    ("answer", "letter"),
    [
        ("The person is cleaning and lubricating the bike chain.", "B"),
        ("My intention is to replace the inner tube of the tire.", "C"),
        ("They are setting things up for a test.", "D"),
    ],
)
def test_an_inflected_paraphrase_names_its_option(answer: str, letter: str) -> None:
    reading = read_option(answer, BIKE, question=QUESTION)
    assert reading.letter == letter and "paraphrase" in reading.readers, reading


@pytest.mark.parametrize(
    "answer",
    [
        "The person is not cleaning the chain.",  # negated
        "If the chain were dirty, they would be cleaning and lubricating it.",  # hypothetical
        "Cleaning and lubricating the chain, then installing the wheel.",  # two options' words
        "The person is cleaning the chain.",  # not every distinctive word of B
        "Looking closely at the image, the person in the workshop seems to be cleaning and "
        "lubricating the chain of the bike.",  # too long to be a short answer
    ],
)
def test_anything_less_is_no_paraphrase(answer: str) -> None:
    assert "paraphrase" not in read_option(answer, BIKE, question=QUESTION).readers


def test_one_word_options_are_never_recognised_by_paraphrase() -> None:
    directions = {"A": "front", "B": "behind", "C": "left", "D": "right"}
    assert "paraphrase" not in read_option("Fronting it.", directions).readers

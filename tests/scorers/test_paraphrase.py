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


OBJECTS = {"A": "a blue mug", "B": "a white test cassette", "C": "a silver laptop", "D": "a lamp"}
SEEN = "If you were the woman in the picture, which item would be in your line of sight?"


@pytest.mark.parametrize(
    ("answer", "letter"),
    [
        # r101, r105: an object option named by its head, the words before it left out
        ("I can see the laptop and the leaflet on the desk. The laptop is option D.", None),
        ("She is looking down at the table. So the visible item is the test cassette.", "B"),
        ("The leftmost item from my point of view is the laptop.", "C"),
    ],
)
def test_an_object_option_is_named_by_its_head(answer: str, letter: str | None) -> None:
    # (the first names the laptop and letter D: two options, so nothing is decided)
    assert read_option(answer, OBJECTS, question=SEEN).letter == letter


def test_a_head_two_options_share_or_a_text_with_a_preposition_names_nothing() -> None:
    from vpt_tasks.scorers.options import _head_forms

    shared = {"A": "a red mug", "B": "a blue mug", "C": "a lamp", "D": "a wooden shelf"}
    heads = _head_forms(shared)
    assert "mug" not in heads["A"] | heads["B"] and "shelf" in heads["D"]
    placed = {"A": "the poster on the wall behind him", "B": "3 red dots", "C": "x", "D": "y"}
    assert _head_forms(placed) == {letter: set() for letter in placed}


def test_a_sentence_walking_through_the_options_states_none_of_them() -> None:
    # "From left to right: mug, cassette, laptop." is an enumeration, not three answers
    answer = "From left to right in the image: mug, cassette, laptop, lamp.\n\nAnswer: A"
    assert read_option(answer, OBJECTS, question=SEEN).letter == "A"
    # two options named as the answer are still several
    assert read_option("Answer: the mug and the lamp.", OBJECTS).reason == "several_options"

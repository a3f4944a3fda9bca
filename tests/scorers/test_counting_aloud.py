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


def test_the_steps_of_a_count_aloud_are_no_other_options_words() -> None:
    """r267 (four267-043): "1, 2, 3." before "Answer: 3" named the options "1" and "2" to the
    short reader, which then saw several options."""
    options = {"A": "4", "B": "3", "C": "2", "D": "1"}
    answer = "Counting the cups visible to the woman: 1, 2, 3.\nAnswer: 3"
    assert read_option(answer, options).letter == "B"
    assert read_option("She sees 1 cup, or 2.\nAnswer: 3", options).letter is None


def test_a_count_whose_list_names_another_number_of_things_is_undecided() -> None:
    """r229 (brick229-006): "There are two objects ...: a bicycle." was read as 2."""
    from vpt_tasks.core.config import load_config
    from vpt_tasks.isle_brick.extraction import read_components

    q1 = load_config("isle_brick")["questions"]["Q1"]["text"]
    said = "There are two objects in the image that are not humanoid minifigures: a bicycle."
    read = read_components(said, "count", question=q1)
    assert not read.decided and read.why == "count_disagrees_with_list", read
    for agreeing, count in [
        ("There are two objects: a bicycle and a cone.", "2"),
        ("There is 1 object that is not a minifigure: a desk with 4 legs and 2 drawers.", "1"),
        ("I can see three things: the plant, its pot, and the white table.", "3"),
    ]:
        assert read_components(agreeing, "count", question=q1).components == {count}


def test_a_list_before_a_count_of_another_number_is_undecided() -> None:
    """r243 (brick243-009): the list first, then a count that does not match it."""
    from vpt_tasks.core.config import load_config
    from vpt_tasks.isle_brick.extraction import read_components

    q1 = load_config("isle_brick")["questions"]["Q1"]["text"]
    said = (
        "The non-minifigure objects are: a blue car, a tree, and a traffic light. Total count: two."
    )
    read = read_components(said, "count", question=q1)
    assert not read.decided and read.why == "count_disagrees_with_list", read
    for agreeing, count in [
        ("Objects: treasure chest, gold coin, gold coin. Count: 3", "3"),
        ("Objects: 1. white baseplate 2. black bat. Total: 2", "2"),  # numbered: not read
        ('{"objects": ["chair", "table"], "count": 2}', "2"),
        ("The objects are: a dog and a ball. Total: 2", "2"),
        (
            "Total number of objects that are not minifigures: three (a banana, a plate, a cup).",
            "3",
        ),
    ]:
        read = read_components(agreeing, "count", question=q1)
        assert read.decided and read.components == {count}, (agreeing, read)


@pytest.mark.parametrize(
    ("answer", "count"),
    [("lamp", "1"), ("a dog", "1"), ("A chair, a table", "2"), ("a red car and a blue truck", "2")],
)
def test_q1_answered_by_naming_the_things_alone_counts_them(answer: str, count: str) -> None:
    """r211 (brick211-007), r217, r227, r229, r231, r233: "bicycle", "a dog" were undecided."""
    from vpt_tasks.core.config import load_config
    from vpt_tasks.isle_brick.extraction import read_components

    questions = load_config("isle_brick")["questions"]
    assert read_components(answer, "count", question=questions["Q1"]["text"]).components == {count}
    for other in ("Unknown", "Sorry", "I see a dog"):
        assert not read_components(other, "count", question=questions["Q1"]["text"]).decided
    assert not read_components(answer, "count", question=questions["Q2"]["text"]).decided


def test_q1_a_repeated_word_is_no_list() -> None:
    """r239 (brick239-007): "parrot parrot parrot" was read as 1 by the bare-list path."""
    from vpt_tasks.core.config import load_config
    from vpt_tasks.isle_brick.extraction import read_components

    q1 = load_config("isle_brick")["questions"]["Q1"]["text"]
    assert not read_components("parrot parrot parrot", "count", question=q1).decided
    assert read_components("a parrot and a cat", "count", question=q1).components == {"2"}


def test_two_counts_side_by_side_contradict() -> None:
    """r247 (brick247-009): "There are 1 2 objects" was read as 2."""
    from vpt_tasks.core.config import load_config
    from vpt_tasks.isle_brick.extraction import read_components

    q1 = load_config("isle_brick")["questions"]["Q1"]["text"]
    read = read_components("There are 1 2 objects", "count", question=q1)
    assert (read.decided, read.why) == (False, "contradiction")
    assert read_components("There are 2 objects", "count", question=q1).components == {"2"}


def test_a_count_given_in_parts_is_no_count_of_the_whole() -> None:
    """r309 (brick309-013): "I see one figure next to the car and one figure inside the car.
    ... So there are two humanoid minifigures" was left undecided as 1 against 2; the parts
    alone were read as 1."""
    from vpt_tasks.core.config import load_config
    from vpt_tasks.isle_brick.extraction import read_components

    q2 = load_config("isle_brick")["questions"]["Q2"]["text"]
    parts = "I see one figure next to the car and one figure inside the car."
    assert not read_components(parts, "count", question=q2).decided
    whole = f"{parts} So there are two humanoid minifigures in the picture."
    read = read_components(whole, "count", question=q2)
    assert read.decided and read.components == {"2"}, read
    other = "There is one humanoid minifigure and one robot figure."
    assert read_components(other, "count", question=q2).components == {"1"}

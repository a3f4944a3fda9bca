"""The one decision rule as data: objections are asked in order, the first that applies is
the reason recorded, and every reader keeps its objections in one tuple."""

from __future__ import annotations

from vpt_tasks.isle_brick import extraction
from vpt_tasks.scorers import options
from vpt_tasks.scorers.objections import Objection, first_objection, reasons


def test_the_first_objection_that_applies_is_the_reason() -> None:
    asked: list[str] = []

    def applies(name: str, result: bool):
        def check(answer: str) -> bool:
            asked.append(name)
            return result

        return check

    objections = (
        Objection("a", applies("a", False)),
        Objection("b", applies("b", True)),
        Objection("c", applies("c", True)),
    )
    assert first_objection(objections, "answer") == "b"
    assert asked == ["a", "b"]  # stops at the first that applies
    assert first_objection(objections[:1], "answer") is None
    assert reasons((*objections, Objection("a", applies("a", True)))) == ["a", "b", "c"]


def test_each_reader_keeps_its_objections_in_one_tuple() -> None:
    for reader in (extraction, options):
        found = reasons(reader.OBJECTIONS)
        assert len(found) >= 5 and "statement_disagrees" in found, reader.__name__


def test_an_objection_leaves_the_reading_undecided_with_its_reason() -> None:
    read = extraction.read_components(
        "Yes. The minifigure has its back to the dog.",
        "yesno",
        question="Assuming the minifigure can see, does it see the dog?",
    )
    assert (read.decided, read.why, read.components) == (False, "statement_disagrees", {"yes"})
    chosen = options.read_option(
        "It cannot see the bicycle. Answer: Yes",
        {"A": "Yes", "B": "No"},
        question="Can the minifigure see the bicycle?",
    )
    assert (chosen.letter, chosen.reason) == (None, "statement_disagrees")


def test_what_the_figure_would_see_is_a_statement_about_seeing() -> None:
    # r129 (two129-021): "B. No. ... it would be able to see it": the statement says Yes
    from vpt_tasks.scorers.reading import prepare, seeing_statement

    for said, meant in [
        ("It would be able to see the apple.", "yes"),
        ("It would see the apple.", "yes"),
        ("It wouldn't see the apple.", "no"),
        ("It would not be able to see the apple.", "no"),
        ("It won't see the apple.", "no"),
    ]:
        assert seeing_statement(prepare(said)) == meant, said
    chosen = options.read_option(
        "B. No.\n\nNothing stands between them, so it would be able to see the apple.",
        {"A": "Yes", "B": "No"},
        question="Can the minifigure see the apple?",
    )
    assert (chosen.letter, chosen.reason) == (None, "statement_disagrees")
    agrees = options.read_option(
        "A. Yes. Nothing stands between them, so it would see the apple.",
        {"A": "Yes", "B": "No"},
        question="Can the minifigure see the apple?",
    )
    assert agrees.letter == "A", agrees


def test_the_models_own_seeing_is_no_statement_about_the_figures() -> None:
    """r293 (two293-041): "I can see its face printing, ... My answer is A (No)." The model
    looking at the picture says nothing about what the figure sees; asked as the figure
    ("Imagine you are ..."), the speaker's seeing is the figure's and still objects."""
    answer = (
        "I can see its face printing, so it faces the camera. The owl is behind it. "
        "My answer is A (No)."
    )
    third = "Assuming the minifigure with a wizard hat can see, can it see the owl in the picture?"
    first = "Imagine you are the minifigure with a wizard hat. Can you see the owl in the picture?"
    no_yes = {"A": "No", "B": "Yes"}
    assert options.read_option(answer, no_yes, question=third).letter == "A"
    assert options.read_option(answer, no_yes, question=first).reason == "statement_disagrees"
    # the figure's own statement still objects
    figure = "It can see the owl clearly. My answer is A (No)."
    assert options.read_option(figure, no_yes, question=third).reason == "statement_disagrees"

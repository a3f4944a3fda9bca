"""The generic judge parts: grader-reply reading and the choice-judge prompt.

A reply that gives no reading (empty, two values, a value not offered, a negated one,
prose) is None -- never read as an answer: the scorer leaves the answer undecided (or,
for an empty or cut-off reply, fails the sample for `eval-retry`)."""

from __future__ import annotations

import pytest

from vpt_tasks.scorers.judge import (
    ChoiceJudge,
    choice_judge_prompt,
    grader_value,
    normalise_grader_reply,
    parse_choice_judge_reply,
)

# --------------------------------------------------------------------------
# Grader reply normalisation
# --------------------------------------------------------------------------

YN = ["Yes", "No"]
COUNTS = ["3", "4"]


@pytest.mark.parametrize(
    ("reply", "valid", "options", "expected"),
    [
        ("Yes", YN, None, "Yes"),
        ("No", YN, None, "No"),
        ("'No'.", YN, None, "No"),
        ('"yes"', YN, None, "Yes"),
        (" NO \n", YN, None, "No"),
        ("**No**", YN, None, "No"),
        ("No.", YN, None, "No"),
        ("Unknown", YN, None, "Unknown"),
        ("'unknown'.", YN, None, "Unknown"),
        ("Maybe", YN, None, None),
        ("Yes or No", YN, None, None),
        ("There is no match.", YN, None, None),  # "no" as a determiner is not the value No
        ("The answer maps to 'No'.", YN, None, "No"),
        ('{"MAPPED_ANSWER": "No"}', YN, None, "No"),
        ('```json\n{"answer": "Yes"}\n```', YN, None, "Yes"),
        ("B", YN, {"A": "Yes", "B": "No"}, "No"),
        ("B", YN, {"A": "No", "B": "Yes"}, "Yes"),
        ("B", YN, None, None),
        ("3", COUNTS, None, "3"),
        ("'4'", COUNTS, None, "4"),
        ("Three", COUNTS, None, "3"),
        ("four.", COUNTS, None, "4"),
        ("5", COUNTS, None, None),
        ("Unknown, or maybe 3", COUNTS, None, None),
        ("x" * 5000, YN, None, None),
        ("A", COUNTS, {"A": "4", "B": "3"}, "4"),
        ("", YN, None, None),
        ("   ", YN, None, None),
        ("'.'", YN, None, None),
        (None, YN, None, None),
        # negation is read: "not 3" is not 3, "not Yes" is not Yes (nor No)
        ("Not 3", COUNTS, None, None),
        ("not Yes", YN, None, None),
        ("It is not Yes.", YN, None, None),
        ("4, not 3", COUNTS, None, None),
        ("The answer is not B", YN, {"A": "Yes", "B": "No"}, None),
        ("Not A.", YN, {"A": "Yes", "B": "No"}, None),
        # a determiner is no answer word; a refusal of the grader's own is no "Unknown"
        ("No match", YN, None, None),
        ("No doubt: yes", YN, None, None),
        ("I cannot help with that.", YN, None, None),
        ("No, it cannot.", YN, None, "No"),
        ("The mapped value is 4", COUNTS, None, "4"),
    ],
)
def test_normalise_grader_reply(reply, valid, options, expected) -> None:
    assert normalise_grader_reply(reply, valid, options) == expected


# --------------------------------------------------------------------------
# Choice judge (merge match)
# --------------------------------------------------------------------------

OPTIONS = {
    "A": "The person wants to open the door.",
    "B": "The person wants to pick up the red cup.",
    "C": "The person wants to sit on the chair.",
    "D": "The person wants to turn off the lamp.",
}
TEMPLATE = "Letters: {letters}\nQ: {question}\n{options}\nAnswer: {answer}\nYour output:"


def test_choice_judge_prompt_fills_the_template_it_is_given() -> None:
    prompt = choice_judge_prompt(
        TEMPLATE,
        "Image 1: <image> Image 2: <image 2>\nWhich view?  ",
        {"a": " left ", "b": "right"},
        "  the left one \n",
    )
    assert prompt == (
        "Letters: A, B\nQ: Image 1: [image] Image 2: [image]\nWhich view?\n"
        'A. left\nB. right\nAnswer: "the left one"\nYour output:'
    )


def test_choice_judge_settings() -> None:
    judge = ChoiceJudge(TEMPLATE, max_tries=3, temperatures=(0.0, 0.5), max_tokens=8)
    assert [judge.temperature(i) for i in range(4)] == [0.0, 0.5, 0.5, 0.5]
    assert ChoiceJudge(TEMPLATE, temperatures=()).temperature(2) == 0.0
    assert judge.prompt("<image> Q?", OPTIONS, "x") == choice_judge_prompt(
        TEMPLATE, "<image> Q?", OPTIONS, "x"
    )
    with pytest.raises(ValueError, match="at least 1"):
        ChoiceJudge(TEMPLATE, max_tries=0)


@pytest.mark.parametrize(
    ("reply", "letter"),
    [
        ("B", "B"),
        ("Z", "Z"),
        ("(C)", "C"),
        ("Your output: D", "D"),
        ("The most similar option is A.", "A"),
        ("B\n", "B"),
        ("", None),
        ("I am not sure.", None),
        ("A or B", None),
        ("E", None),
        ("Not B", None),
        ("The answer is not B", None),
        ("not the red cup", None),
        ("I cannot determine which option.", None),  # the judge declining is no "Z"
    ],
)
def test_parse_choice_judge_reply(reply: str, letter: str | None) -> None:
    assert parse_choice_judge_reply(reply, OPTIONS) == letter


@pytest.mark.parametrize("reply", ["The answer would most likely be", "The figure is facing the"])
def test_a_grader_reply_cut_off_before_any_answer_is_no_reading(reply: str) -> None:
    """The readers decide such a model answer as answering nothing (`unfinished`, "Z"); from a
    grader it is no reading, never "no option" nor a crash (a KeyError('Z') before the fix)."""
    assert grader_value(reply, ["Yes", "No"]) == (None, "unfinished")
    assert parse_choice_judge_reply(reply, {"A": "left", "B": "right"}) is None

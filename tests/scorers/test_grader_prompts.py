"""Tests for the grader-model prompt builders and reply parsers."""

from __future__ import annotations

import json

import pytest

from vpt_tasks.scorers.grader_prompts import (
    ISLE_GRADER_MAX_TOKENS,
    ISLE_GRADER_TEMPERATURE,
    OMNI_JUDGE_MAX_TRIES,
    build_isle_mapping_payload,
    build_isle_mapping_prompt,
    build_omni_judge_prompt,
    isle_dataset_kind,
    isle_valid_values,
    normalise_grader_reply,
    parse_omni_judge_reply,
)
from vpt_tasks.scorers.options import OptionMatch

BRICK_Q = (
    "Assuming the snail Lego minifigure has the ability to see, can it see the "
    "flower in the picture?"
)
DOTS_Q = (
    "In the picture, how many blue circles does the man with the purple hoodie see? "
    "Consider only the dots that are directly visible within the picture's frame."
)

# --------------------------------------------------------------------------
# Isle v1 JSON mapping prompt
# --------------------------------------------------------------------------


def test_brick_prompt_is_the_papers_json_document() -> None:
    prompt = build_isle_mapping_prompt(
        BRICK_Q, {"A": "Yes", "B": "No"}, "The figure faces away, so B.", "isle-brick"
    )
    assert prompt == json.dumps(json.loads(prompt))  # plain json.dumps output
    doc = json.loads(prompt)
    assert list(doc) == ["INSTRUCTION", "DETAILS", "MODEL_ANSWER"]
    assert doc["INSTRUCTION"] == (
        "Map the MODEL_ANSWER to 'Yes' or 'No' based on the CONTEXT and the provided OPTIONS."
    )
    assert list(doc["DETAILS"]) == ["CONTEXT", "OPTIONS", "RESPONSE_FORMAT"]
    assert doc["DETAILS"]["CONTEXT"] == BRICK_Q
    assert doc["DETAILS"]["OPTIONS"] == {"A": "Yes", "B": "No"}
    fmt = doc["DETAILS"]["RESPONSE_FORMAT"]
    assert "'Yes'" in fmt and "'No'" in fmt and "'Unknown'" in fmt
    assert doc["MODEL_ANSWER"] == "The figure faces away, so B."


def test_dots_prompt_lists_the_counts_and_unknown() -> None:
    doc = json.loads(build_isle_mapping_prompt(DOTS_Q, {"A": "4", "B": "3"}, "three", "isle-dots"))
    assert doc["INSTRUCTION"] == (
        "Map the MODEL_ANSWER to one of the values '3', '4' based on the CONTEXT and the "
        "provided OPTIONS. Map to 'Unknown' if no match is found."
    )
    assert doc["DETAILS"]["OPTIONS"] == {"A": "4", "B": "3"}  # order as shown
    assert doc["DETAILS"]["RESPONSE_FORMAT"].startswith(
        "Respond only with one of: '3', '4', 'Unknown'"
    )
    assert doc["MODEL_ANSWER"] == "three"


def test_dots_instruction_is_the_same_in_both_orders() -> None:
    a = build_isle_mapping_payload(DOTS_Q, {"A": "3", "B": "4"}, "x", "isle-dots")
    b = build_isle_mapping_payload(DOTS_Q, {"A": "4", "B": "3"}, "x", "isle-dots")
    assert a["INSTRUCTION"] == b["INSTRUCTION"]
    assert a["DETAILS"]["OPTIONS"] != b["DETAILS"]["OPTIONS"]


def test_bricks_do_not_get_the_numeric_payload() -> None:
    # Upstream bug: the numeric (Dots) payload was sent for Bricks too.
    doc = build_isle_mapping_payload(BRICK_Q, {"A": "No", "B": "Yes"}, "No", "isle-brick")
    assert "one of the values" not in doc["INSTRUCTION"]
    assert doc["DETAILS"]["OPTIONS"] == {"A": "No", "B": "Yes"}


@pytest.mark.parametrize(
    ("alias", "kind"),
    [
        ("isle-brick", "isle-brick"),
        ("Isle-Brick", "isle-brick"),
        ("bricks", "isle-brick"),
        ("isle-dots", "isle-dots"),
        ("dots", "isle-dots"),
    ],
)
def test_dataset_kind_aliases(alias: str, kind: str) -> None:
    assert isle_dataset_kind(alias) == kind


def test_unknown_dataset_type_raises() -> None:
    with pytest.raises(ValueError):
        build_isle_mapping_prompt(BRICK_Q, {"A": "Yes", "B": "No"}, "A", "isle-brick-v2")


def test_valid_values() -> None:
    assert isle_valid_values("isle-brick", {"A": "No", "B": "Yes"}) == ["Yes", "No"]
    assert isle_valid_values("isle-dots", {"A": "10", "B": "9"}) == ["9", "10"]


def test_grader_settings_match_the_paper() -> None:
    assert ISLE_GRADER_MAX_TOKENS == 16
    assert ISLE_GRADER_TEMPERATURE == 0.0
    assert 1 <= OMNI_JUDGE_MAX_TRIES <= 5


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
        ("Maybe", YN, None, "Unknown"),
        ("Yes or No", YN, None, "Unknown"),
        ("The answer maps to 'No'.", YN, None, "No"),
        ('{"MAPPED_ANSWER": "No"}', YN, None, "No"),
        ('```json\n{"answer": "Yes"}\n```', YN, None, "Yes"),
        ("B", YN, {"A": "Yes", "B": "No"}, "No"),
        ("B", YN, {"A": "No", "B": "Yes"}, "Yes"),
        ("B", YN, None, "Unknown"),
        ("3", COUNTS, None, "3"),
        ("'4'", COUNTS, None, "4"),
        ("Three", COUNTS, None, "3"),
        ("four.", COUNTS, None, "4"),
        ("5", COUNTS, None, "Unknown"),
        ("A", COUNTS, {"A": "4", "B": "3"}, "4"),
        ("", YN, None, None),
        ("   ", YN, None, None),
        ("'.'", YN, None, None),
        (None, YN, None, None),
    ],
)
def test_normalise_grader_reply(reply, valid, options, expected) -> None:
    assert normalise_grader_reply(reply, valid, options) == expected


# --------------------------------------------------------------------------
# Omni-Perspective judge
# --------------------------------------------------------------------------

OMNI_OPTIONS = {
    "A": "The person wants to open the door.",
    "B": "The person wants to pick up the red cup.",
    "C": "The person wants to sit on the chair.",
    "D": "The person wants to turn off the lamp.",
}


def test_omni_judge_prompt() -> None:
    prompt = build_omni_judge_prompt(
        "<image>\nIf you were the person in the image, what would you intend to do?",
        OMNI_OPTIONS,
        "Probably grab something to drink.",
    )
    assert "most similar option letter (A, B, C, D), or Z if none" in prompt
    assert "<image>" not in prompt and "[image]" in prompt
    assert "If you were the person in the image, what would you intend to do?" in prompt
    assert "A. The person wants to open the door.\nB. The person wants to pick up" in prompt
    assert "Answer: Probably grab something to drink.\nYour output:" in prompt
    assert prompt.endswith("Your output:")


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
    ],
)
def test_parse_omni_judge_reply(reply: str, letter: str | None) -> None:
    got = parse_omni_judge_reply(reply, OMNI_OPTIONS)
    assert isinstance(got, OptionMatch)
    assert got.letter == letter

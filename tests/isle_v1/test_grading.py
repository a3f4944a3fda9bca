"""The paper's grader prompt for Isle v1 (the JSON mapping document) and the grader's valid values."""

from __future__ import annotations

import json

import pytest

from vpt_tasks.isle_v1.grading import (
    dataset_kind,
    mapping_payload,
    mapping_prompt,
    sample_prompt,
    sample_valid_values,
    valid_values,
)
from vpt_tasks.isle_v1.spec import load_spec

BRICK_Q = (
    "Assuming the snail Lego minifigure has the ability to see, can it see the "
    "flower in the picture?"
)
DOTS_Q = (
    "In the picture, how many blue circles does the man with the purple hoodie see? "
    "Consider only the dots that are directly visible within the picture's frame."
)


def test_brick_prompt_is_the_papers_json_document() -> None:
    prompt = mapping_prompt(
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
    doc = json.loads(mapping_prompt(DOTS_Q, {"A": "4", "B": "3"}, "three", "isle-dots"))
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
    a = mapping_payload(DOTS_Q, {"A": "3", "B": "4"}, "x", "isle-dots")
    b = mapping_payload(DOTS_Q, {"A": "4", "B": "3"}, "x", "isle-dots")
    assert a["INSTRUCTION"] == b["INSTRUCTION"]
    assert a["DETAILS"]["OPTIONS"] != b["DETAILS"]["OPTIONS"]


def test_bricks_do_not_get_the_numeric_payload() -> None:
    # Upstream bug: the numeric (Dots) payload was sent for Bricks too.
    doc = mapping_payload(BRICK_Q, {"A": "No", "B": "Yes"}, "No", "isle-brick")
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
    assert dataset_kind(alias) == kind


def test_unknown_dataset_type_raises() -> None:
    with pytest.raises(ValueError):
        mapping_prompt(BRICK_Q, {"A": "Yes", "B": "No"}, "A", "isle-brick-v2")


def test_valid_values() -> None:
    assert valid_values("isle-brick", {"A": "No", "B": "Yes"}) == ["Yes", "No"]
    assert valid_values("isle-dots", {"A": "10", "B": "9"}) == ["9", "10"]


def test_grader_settings_match_the_paper() -> None:
    grader = load_spec().grader
    assert grader.max_tokens == 16
    assert grader.temperature == 0.0


def test_the_prompts_sent_are_byte_identical_to_the_released_ones() -> None:
    assert mapping_prompt(
        "Can it see the cup?", {"A": "No", "B": "Yes"}, "hard to say", "isle-brick"
    ) == (
        "{\"INSTRUCTION\": \"Map the MODEL_ANSWER to 'Yes' or 'No' based on the CONTEXT and the "
        'provided OPTIONS.", "DETAILS": {"CONTEXT": "Can it see the cup?", "OPTIONS": {"A": "No", '
        '"B": "Yes"}, "RESPONSE_FORMAT": "Respond only with one of: \'Yes\', \'No\', \'Unknown\'. '
        'Use \'Unknown\' if the MODEL_ANSWER matches no option."}, "MODEL_ANSWER": "hard to say"}'
    )
    assert mapping_prompt("How many?", {"A": "4", "B": "3"}, "three", "isle-dots") == (
        "{\"INSTRUCTION\": \"Map the MODEL_ANSWER to one of the values '3', '4' based on the "
        'CONTEXT and the provided OPTIONS. Map to \'Unknown\' if no match is found.", "DETAILS": '
        '{"CONTEXT": "How many?", "OPTIONS": {"A": "4", "B": "3"}, "RESPONSE_FORMAT": "Respond only '
        "with one of: '3', '4', 'Unknown'. Use 'Unknown' if the MODEL_ANSWER matches no "
        'option."}, "MODEL_ANSWER": "three"}'
    )


def test_sample_hooks_read_the_question_and_dataset_from_the_metadata() -> None:
    meta = {"question": DOTS_Q, "dataset": "isle-dots"}
    options = {"A": "4", "B": "3"}
    assert sample_prompt(meta, options, "three") == mapping_prompt(
        DOTS_Q, options, "three", "isle-dots"
    )
    assert sample_valid_values(meta, options) == ["3", "4"]

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


BRICK_FORMAT = (
    "The response must be 'Yes', 'No', or 'Unknown' based on the matching of the MODEL_ANSWER "
    "to the OPTIONS provided."
)
"""RESPONSE_FORMAT of the released code's Bricks payload (answer_mapping.py), verbatim."""


def test_brick_prompt_is_the_papers_json_document() -> None:
    prompt = mapping_prompt(
        BRICK_Q, {"A": "Yes", "B": "No"}, "The figure faces away, so B.", "isle-brick"
    )
    assert prompt == json.dumps(json.loads(prompt), indent=4)  # the released layout
    doc = json.loads(prompt)
    assert list(doc) == ["INSTRUCTION", "DETAILS", "MODEL_ANSWER"]
    assert doc["INSTRUCTION"] == (
        "Map the MODEL_ANSWER to 'Yes' or 'No' based on the CONTEXT and the provided OPTIONS."
    )
    assert list(doc["DETAILS"]) == ["CONTEXT", "OPTIONS", "RESPONSE_FORMAT"]
    assert doc["DETAILS"]["CONTEXT"] == BRICK_Q
    assert doc["DETAILS"]["OPTIONS"] == {"A": "Yes", "B": "No"}
    assert doc["DETAILS"]["RESPONSE_FORMAT"] == BRICK_FORMAT
    assert doc["MODEL_ANSWER"] == "The figure faces away, so B."


def test_dots_prompt_lists_the_counts_in_the_order_shown_and_unknown() -> None:
    doc = json.loads(mapping_prompt(DOTS_Q, {"A": "4", "B": "3"}, "three", "isle-dots"))
    assert doc["INSTRUCTION"] == (
        "Map the MODEL_ANSWER to one of the values '4', '3' based on the CONTEXT and the "
        "provided OPTIONS. Map to 'Unknown' if no match is found."
    )
    assert doc["DETAILS"]["OPTIONS"] == {"A": "4", "B": "3"}  # order as shown
    assert doc["DETAILS"]["RESPONSE_FORMAT"] == (
        "The response must be one of the values '4', '3' or 'Unknown'."
    )
    assert doc["MODEL_ANSWER"] == "three"


def test_dots_values_follow_the_order_shown() -> None:
    a = mapping_payload(DOTS_Q, {"A": "3", "B": "4"}, "x", "isle-dots")
    b = mapping_payload(DOTS_Q, {"A": "4", "B": "3"}, "x", "isle-dots")
    assert "'3', '4'" in a["INSTRUCTION"] and "'4', '3'" in b["INSTRUCTION"]
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
    assert valid_values("isle-dots", {"A": "10", "B": "9"}) == ["10", "9"]  # as shown


def test_grader_settings_match_the_paper() -> None:
    grader = load_spec().grader
    assert grader.max_tokens == 16
    assert grader.temperature == 0.0


def test_the_prompts_sent_are_byte_identical_to_the_released_ones() -> None:
    # written out as the released answer_mapping.py prints them (json.dumps, indent=4)
    assert mapping_prompt(
        "Can it see the cup? Respond solely with A or B.",
        {"A": "No", "B": "Yes"},
        "hard to say",
        "isle-brick",
    ) == "\n".join(
        [
            "{",
            "    \"INSTRUCTION\": \"Map the MODEL_ANSWER to 'Yes' or 'No' based on the CONTEXT "
            'and the provided OPTIONS.",',
            '    "DETAILS": {',
            '        "CONTEXT": "Can it see the cup? Respond solely with A or B.",',
            '        "OPTIONS": {',
            '            "A": "No",',
            '            "B": "Yes"',
            "        },",
            f'        "RESPONSE_FORMAT": "{BRICK_FORMAT}"',
            "    },",
            '    "MODEL_ANSWER": "hard to say"',
            "}",
        ]
    )
    assert mapping_prompt("How many?", {"A": "4", "B": "3"}, "three", "isle-dots") == "\n".join(
        [
            "{",
            "    \"INSTRUCTION\": \"Map the MODEL_ANSWER to one of the values '4', '3' based on "
            "the CONTEXT and the provided OPTIONS. Map to 'Unknown' if no match is found.\",",
            '    "DETAILS": {',
            '        "CONTEXT": "How many?",',
            '        "OPTIONS": {',
            '            "A": "4",',
            '            "B": "3"',
            "        },",
            "        \"RESPONSE_FORMAT\": \"The response must be one of the values '4', '3' or "
            "'Unknown'.\"",
            "    },",
            '    "MODEL_ANSWER": "three"',
            "}",
        ]
    )


def test_sample_hooks_read_the_question_and_dataset_from_the_metadata() -> None:
    meta = {"question": DOTS_Q, "dataset": "isle-dots"}
    options = {"A": "4", "B": "3"}
    assert sample_prompt(meta, options, "three") == mapping_prompt(
        DOTS_Q, options, "three", "isle-dots"
    )
    assert sample_valid_values(meta, options) == ["4", "3"]
    # the CONTEXT is the prompt before its options when the sample records it
    context = f"{DOTS_Q} Respond solely with A or B."
    with_context = {**meta, "context": context}
    assert (
        json.loads(sample_prompt(with_context, options, "three"))["DETAILS"]["CONTEXT"] == context
    )

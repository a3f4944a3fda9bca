"""`-T solver=first_person` on Omni-Perspective: third-person items restated, first-person items kept.

The demo holds every question type in both points of view. For each demo
sample the prompt sent is compared with the one the YAML prescribes: a
first-person item exactly as with `zero_shot`; a third-person item with its
question restated in the paper's first-person style ("If you were the person
in the image, ...", written out below), followed by the YAML's options block.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml

from vpt_tasks.core.config import config_dir
from vpt_tasks.omni_perspective.first_person import verb_base
from vpt_tasks.omni_perspective.spec import load_spec
from vpt_tasks.omni_perspective.task import omni_perspective

CONFIG = yaml.safe_load((config_dir() / "omni_perspective.yaml").read_text(encoding="utf-8"))
PROMPT = CONFIG["prompt"]

# The demo's third-person questions and their first-person restatements, by question type.
THIRD_PERSON = {
    "1": (
        "Image 1: <image> shows a room from above. Image 2: <image> shows a view inside it. "
        "What would the person in image 1 have to do to see the view of image 2?",
        "Image 1: <image> shows a room from above. Image 2: <image> shows a view inside it. "
        "If you were the person in image 1, what would you have to do to see the view of image 2?",
    ),
    "2": (
        "Image 1: <image> Image 2: <image> Each person walks to the box they are facing. How "
        "does the goal of the person in image 1 compare with the goal of the person in image 2?",
        "Image 1: <image> Image 2: <image> Each person walks to the box they are facing. If you "
        "were the person in image 1, how does your goal compare with the goal of the person in "
        "image 2?",
    ),
    "3": (
        "<image> From the perspective of the person in the image, where is the {colour} box?",
        "<image> If you were the person in the image, where is the {colour} box?",
    ),
    "3.5": (
        "<image> From the perspective of the person in the image, which box is the {which} one?",
        "<image> If you were the person in the image, which box is the {which} one?",
    ),
    "4": (
        "<image> The person in the image walks straight ahead. What do they most likely intend "
        "to do?",
        "<image> Imagine you are the person in the image and you walk straight ahead. What do "
        "you most likely intend to do?",
    ),
}


def sent_text(sample: Any) -> str:
    """The user message as text, each image as `<image>`."""
    parts = ["<image>" if part.type == "image" else part.text for part in sample.input[0].content]
    return " ".join(parts)


def options_block(choices: list[str]) -> str:
    lines = [
        PROMPT["option_line"].format(letter=chr(ord("A") + i), text=text)
        for i, text in enumerate(choices)
    ]
    return "\n".join([PROMPT["options_intro"], *lines, PROMPT["instruction"]])


def expected_question(qtype: str, question: str) -> str:
    third, first = THIRD_PERSON[qtype]
    pattern = re.escape(third).replace(r"\{colour\}", r"(?P<colour>\w+)")
    pattern = pattern.replace(r"\{which\}", r"(?P<which>\w+)")
    m = re.fullmatch(pattern, question)
    assert m, (qtype, question)
    return first.format(**m.groupdict())


def test_every_demo_prompt_is_the_yaml_first_person_prompt() -> None:
    task = omni_perspective(source="demo", solver="first_person")
    zero = {s.id: s for s in omni_perspective(source="demo").dataset}
    assert len(task.dataset) == len(zero) == 40
    seen = {"first": 0, "third": 0}
    for sample in task.dataset:
        meta = sample.metadata
        sent = sent_text(sample)
        if meta["pov"] == "first":
            assert sent == sent_text(zero[sample.id]) and meta["first_person"] == "unchanged"
        else:
            question = expected_question(meta["qtype"], meta["question"])
            assert sent == f"{question}\n{options_block(sample.choices)}", sample.id
            assert sent != sent_text(zero[sample.id]) and meta["first_person"] == "template"
        assert re.search(r"\byou\b", sent.split("\nOptions:")[0], re.IGNORECASE)
        assert meta["prompt_style"] == "first_person"
        seen[meta["pov"]] += 1
    assert seen == {"first": 20, "third": 20}
    assert task.metadata["first_person"] == {"template": 5, "framing": 0, "unchanged": 5}


@pytest.mark.parametrize(
    ("third", "first"),
    [
        (
            "<image> Where is the man in the image looking?",
            "<image> If you were the man in the image, where would you be looking?",
        ),
        (
            "<image> Can the woman in the picture see the red box?",
            "<image> If you were the woman in the picture, could you see the red box?",
        ),
        (
            "<image> How many boxes can the person in the image see?",
            "<image> If you were the person in the image, how many boxes could you see?",
        ),
        (
            "<image> The person in the image is holding a cup. What does she want to do with it?",
            "<image> Imagine you are the person in the image. You are holding a cup. What do "
            "you want to do with it?",
        ),
        (
            "The woman in the picture goes to the table. Where will she sit?",
            "Imagine you are the woman in the picture and you go to the table. Where will you sit?",
        ),
        (
            "<image> Where is the lamp relative to the person's left?",
            "<image> If you were the person in the image, where is the lamp relative to your left?",
        ),
        (
            "<image> From the point of view of the man in the photo, is the door on his left?",
            "<image> If you were the man in the photo, is the door on your left?",
        ),
    ],
)
def test_rules_restate_third_person_phrasings(third: str, first: str) -> None:
    assert load_spec().first_person.restate(third, "third") == (first, "template")


def test_a_question_no_rule_matches_gets_the_framing_and_is_counted(omni_dir, caplog) -> None:
    from hf_datasets.builders.synthetic.omni_perspective import synthetic_items

    rows = synthetic_items(5, size=16, seed=3)
    rows[2] = {  # a single-image item (qtype 3)
        **rows[2],
        "question": "<image> Which object is closest to the camera?",
        "prompt_pov": "third",
    }
    task = omni_perspective(source=str(omni_dir(rows, name="framing")), solver="first_person")
    framing = CONFIG["first_person"]["framing"]
    framed = [s for s in task.dataset if s.metadata["first_person"] == "framing"]
    assert len(framed) == 4  # the item's four rotations
    assert sent_text(framed[0]).startswith(f"{framing} <image> Which object is closest")
    assert task.metadata["first_person"]["framing"] == 1
    assert "match no rule" in caplog.text


def test_first_person_items_are_left_as_they_are() -> None:
    question = "<image> If you were the person in the image, what is in your line of sight?"
    assert load_spec().first_person.restate(question, "first") == (question, "unchanged")


@pytest.mark.parametrize(
    ("verb", "base"),
    [
        ("walks", "walk"),
        ("goes", "go"),
        ("reaches", "reach"),
        ("carries", "carry"),
        ("faces", "face"),
    ],
)
def test_verb_base(verb: str, base: str) -> None:
    assert verb_base(verb) == base

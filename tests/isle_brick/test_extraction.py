"""Table-driven tests for the Isle-Brick-V2 answer-component extractor.

Each row is a realistic free-text answer (GPT-4 / Claude / Llama styles) with
its gold set, the components the rules must extract, and the resulting
prediction correctness P = |M ∩ G| / |M|.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from vpt_tasks.isle_brick.extraction import QUESTION_KINDS, extract_components, read_components
from vpt_tasks.scorers.set_precision import answer_type, precision

# The seven questions, "the object" replaced by the object's name (spec §1).
_QUESTIONS = {
    "Q1": "List and count all objects in the image that are not humanoid minifigures.",
    "Q2": "How many humanoid minifigures are in the picture?",
    "Q3": "Are the humanoid minifigure and the {obj} on the same surface?",
    "Q4": (
        "Assuming the top of the image is north, in which cardinal direction "
        "(i.e., north, west, east, or south) is the {obj} located relative to the "
        "humanoid minifigure?"
    ),
    "Q5": (
        "Assuming the top of the image is north, which cardinal direction "
        "(i.e., north, west, east, or south) is the humanoid minifigure facing?"
    ),
    "Q6": (
        "Assuming that the humanoid minifigure can see and its eyes are open, "
        "does it see the {obj}?"
    ),
    "Q7": (
        "From the perspective of the humanoid minifigure, where is the {obj} located "
        "relative to it? Please use terms such as front, left, right, or back."
    ),
}


def question(q: str, obj: str = "dog") -> str:
    return _QUESTIONS[q].format(obj=obj)


class Case(NamedTuple):
    id: str
    q: str
    obj: str
    answer: str
    gold: set[str]
    expected: set[str]
    p: float
    pass_question: bool = True


CASES: list[Case] = [
    # ---------------------------------------------------------------- Q1
    Case("q1-colon", "Q1", "dog", "1 object: a dog", {"1"}, {"1"}, 1.0),
    Case("q1-sentence", "Q1", "plant", "There is one object, a plant.", {"1"}, {"1"}, 1.0),
    Case(
        "q1-gpt4-restate",
        "Q1",
        "goblet",
        "The objects in the image that are not humanoid minifigures are:\n\n"
        "1. A golden goblet\n\nTotal count: 1 object.",
        {"1"},
        {"1"},
        1.0,
    ),
    Case(
        "q1-llama-two-objects",
        "Q1",
        "chair",
        "There are 2 objects in the image that are not humanoid minifigures:\n\n"
        "1. A brown chair\n2. A green baseplate",
        {"1"},
        {"2"},
        0.0,
    ),
    Case(
        "q1-single",
        "Q1",
        "bat",
        "The image shows a single object besides the minifigure: a black bat.",
        {"1"},
        {"1"},
        1.0,
    ),
    Case(
        "q1-minifigure-and-objects",
        "Q1",
        "desk",
        "I can see one minifigure and two objects: a desk and a computer monitor.",
        {"1"},
        {"2"},
        0.0,
    ),
    Case(
        "q1-bullets-no-number",
        "Q1",
        "wardrobe",
        "Objects that are not minifigures:\n- Wardrobe\n- Lamp",
        {"1"},
        {"2"},
        0.0,
    ),
    Case(
        "q1-claude-bold",
        "Q1",
        "monitor",
        "**Objects (excluding minifigures):**\n- A computer monitor\n\n**Count: 1**",
        {"1"},
        {"1"},
        1.0,
    ),
    Case(
        "q1-the-one-pronoun",
        "Q1",
        "cat",
        "Apart from the minifigure, there is just one thing in the picture: a cat, "
        "the one sitting on the left.",
        {"1"},
        {"1"},
        1.0,
    ),
    Case(
        "q1-total-of-one",
        "Q1",
        "plant",
        "The image contains the following objects that are not humanoid minifigures:\n\n"
        "* A potted plant\n\nThere is a total of one such object.",
        {"1"},
        {"1"},
        1.0,
    ),
    Case(
        "q1-one-dog-no-other",
        "Q1",
        "dog",
        "There is one dog and no other objects.",
        {"1"},
        {"1"},
        1.0,
    ),
    Case(
        "q1-none-seen",
        "Q1",
        "cat",
        "I don't see any other objects besides the minifigure.",
        {"1"},
        {"0"},
        0.0,
    ),
    # ---------------------------------------------------------------- Q2
    Case("q2-sentence", "Q2", "dog", "There is one humanoid minifigure", {"1"}, {"1"}, 1.0),
    Case("q2-bare-digit", "Q2", "dog", "1", {"1"}, {"1"}, 1.0),
    Case(
        "q2-bold",
        "Q2",
        "cat",
        "There is **1** humanoid minifigure in the picture.",
        {"1"},
        {"1"},
        1.0,
    ),
    Case(
        "q2-a-single",
        "Q2",
        "plant",
        "The picture contains a single LEGO minifigure, standing next to a plant.",
        {"1"},
        {"1"},
        1.0,
    ),
    Case(
        "q2-two",
        "Q2",
        "chair",
        "There are two humanoid minifigures in the picture: one wearing a red shirt and "
        "one with a yellow helmet.",
        {"1"},
        {"2"},
        0.0,
    ),
    Case(
        "q2-only-one",
        "Q2",
        "goblet",
        "Only one minifigure is present in the picture.",
        {"1"},
        {"1"},
        1.0,
    ),
    Case(
        "q2-restated",
        "Q2",
        "bat",
        "How many humanoid minifigures are in the picture? The answer is 1.",
        {"1"},
        {"1"},
        1.0,
    ),
    # ---------------------------------------------------------------- Q3
    Case(
        "q3-yes-same-surface",
        "Q3",
        "dog",
        "Yes, they are both on the same surface.",
        {"yes"},
        {"yes"},
        1.0,
    ),
    Case("q3-bare-yes", "Q3", "cat", "Yes.", {"yes"}, {"yes"}, 1.0),
    Case(
        "q3-no-different",
        "Q3",
        "plant",
        "No, the minifigure is standing on a different surface than the plant.",
        {"yes"},
        {"no"},
        0.0,
    ),
    Case(
        "q3-declarative",
        "Q3",
        "wardrobe",
        "The humanoid minifigure and the wardrobe are on the same surface, a green LEGO baseplate.",
        {"yes"},
        {"yes"},
        1.0,
    ),
    Case(
        "q3-not-same",
        "Q3",
        "desk",
        "Looking at the image, the minifigure and the desk are not on the same surface; "
        "the minifigure is standing on a raised platform.",
        {"yes"},
        {"no"},
        0.0,
    ),
    Case(
        "q3-answer-label",
        "Q3",
        "chair",
        "**Answer:** Yes - both rest on the grey table.",
        {"yes"},
        {"yes"},
        1.0,
    ),
    Case(
        "q3-platform-not-same",
        "Q3",
        "cat",
        "The cat is on a raised platform while the minifigure is on the ground, so they are "
        "not on the same surface.",
        {"no"},
        {"no"},
        1.0,
    ),
    # one surface named for both (r131): the same surface in other words
    Case(
        "q3-both-on-one-surface",
        "Q3",
        "wardrobe",
        "Both the minifigure and the wardrobe are placed on the grey tabletop.",
        {"yes"},
        {"yes"},
        1.0,
    ),
    Case(
        "q3-also-on-it",
        "Q3",
        "cat",
        "The minifigure is on a white surface and the cat is also on the white surface.",
        {"yes"},
        {"yes"},
        1.0,
    ),
    # ---------------------------------------------------------------- Q4
    Case("acc-north", "Q4", "dog", "north", {"north"}, {"north"}, 1.0),
    Case("acc-northeast", "Q4", "dog", "northeast", {"north"}, {"north", "east"}, 0.5),
    Case(
        "acc-plant-southeast",
        "Q4",
        "plant",
        "The plant is located southeast of the LEGO minifigure.",
        {"south"},
        {"south", "east"},
        0.5,
    ),
    Case(
        "q4-dog-southeast",
        "Q4",
        "dog",
        "The dog is located to the southeast of the LEGO minifigure.",
        {"south", "east"},
        {"south", "east"},
        1.0,
    ),
    Case(
        "q4-answer-label", "Q4", "cat", "**Answer:** North-East", {"north"}, {"north", "east"}, 0.5
    ),
    Case(
        "q4-restating-cot",
        "Q4",
        "dog",
        "To determine in which cardinal direction (north, west, east or south) the dog is "
        "located relative to the humanoid minifigure, we look at their positions in the image. "
        "The dog is to the right of the minifigure, so the dog is to the east.",
        {"east"},
        {"east"},
        1.0,
    ),
    Case(
        "q4-restating-cot-no-question",
        "Q4",
        "dog",
        "To determine in which cardinal direction (north, west, east or south) the dog is "
        "located relative to the humanoid minifigure, we look at their positions in the image. "
        "The dog is to the right of the minifigure, so the dog is to the east.",
        {"east"},
        {"east"},
        1.0,
        False,
    ),
    Case(
        "q4-premise-echo",
        "Q4",
        "goblet",
        "Assuming the top of the image is north, the goblet is located to the south of the "
        "humanoid minifigure.",
        {"south"},
        {"south"},
        1.0,
    ),
    Case(
        "q4-premise-echo-no-question",
        "Q4",
        "goblet",
        "Assuming the top of the image is north, the goblet is located to the south of the "
        "humanoid minifigure.",
        {"south"},
        {"south"},
        1.0,
        False,
    ),
    Case(
        "q4-not-but",
        "Q4",
        "cat",
        "The cat is not north, but west of the minifigure.",
        {"west"},
        {"west"},
        1.0,
    ),
    Case(
        "q4-north-east-space",
        "Q4",
        "bat",
        "The bat is located in the north east direction relative to the minifigure.",
        {"north", "east"},
        {"north", "east"},
        1.0,
    ),
    Case("q4-abbreviation", "Q4", "chair", "NE", {"north"}, {"north", "east"}, 0.5),
    Case(
        "q4-northwest",
        "Q4",
        "chair",
        "The chair is north-west of the minifigure.",
        {"north"},
        {"north", "west"},
        0.5,
    ),
    Case(
        "q4-llama-bold",
        "Q4",
        "dog",
        "The dog is located to the **west** of the humanoid minifigure.",
        {"west"},
        {"west"},
        1.0,
    ),
    Case(
        "q4-trailing-negation",
        "Q4",
        "plant",
        "The plant is directly south of the minifigure, not east.",
        {"south"},
        {"south"},
        1.0,
    ),
    Case(
        "q4-hedged-compound",
        "Q4",
        "wardrobe",
        "The wardrobe is located to the north of the humanoid minifigure, slightly to the east.",
        {"north"},
        {"north", "east"},
        0.5,
    ),
    Case(
        "q4-northern",
        "Q4",
        "desk",
        "Based on the image, the desk is located in the northern direction relative to the minifigure.",
        {"north"},
        {"north"},
        1.0,
    ),
    Case(
        "q4-ie-right",
        "Q4",
        "cat",
        "The object (the cat) is to the east (i.e., to the right) of the minifigure.",
        {"east"},
        {"east"},
        1.0,
    ),
    Case(
        "q4-facing-context",
        "Q4",
        "monitor",
        "The minifigure is facing north, and the computer monitor is located to its west.",
        {"west"},
        {"west"},
        1.0,
    ),
    Case(
        "q4-impossible",
        "Q4",
        "goblet",
        "It is impossible to tell from the image.",
        {"north"},
        set(),
        0.0,
    ),
    Case(
        "q4-hard-but",
        "Q4",
        "dog",
        "It's difficult to determine precisely from this angle, but the dog appears to be "
        "to the south-west of the minifigure.",
        {"south", "west"},
        {"south", "west"},
        1.0,
    ),
    Case(
        "q4-refusal-lists-options",
        "Q4",
        "cat",
        "I'm sorry, but I can't determine whether the cat is north or east of the minifigure.",
        {"north"},
        set(),
        0.0,
    ),
    Case(
        "q4-neither-nor",
        "Q4",
        "dog",
        "Neither north nor south; the dog is to the east.",
        {"east"},
        {"east"},
        1.0,
    ),
    Case(
        "q4-rather-than",
        "Q4",
        "cat",
        "The cat is located east of the minifigure rather than north.",
        {"east"},
        {"east"},
        1.0,
    ),
    Case(
        "q4-above-so-north",
        "Q4",
        "plant",
        "In the image, the minifigure is at the bottom and the plant is at the top. Since the "
        "top of the image represents north, the plant is north of the minifigure.",
        {"north"},
        {"north"},
        1.0,
    ),
    # ---------------------------------------------------------------- Q5
    Case("q5-plain", "Q5", "dog", "The minifigure is facing north.", {"north"}, {"north"}, 1.0),
    Case(
        "q5-bold-compound",
        "Q5",
        "cat",
        "The humanoid minifigure is facing **south-west**.",
        {"south", "west"},
        {"south", "west"},
        1.0,
    ),
    Case(
        "q5-negation",
        "Q5",
        "plant",
        "It is not facing north; it is facing east.",
        {"east"},
        {"east"},
        1.0,
    ),
    Case(
        "q5-not-facing-only",
        "Q5",
        "plant",
        "It is not facing north.",
        {"north"},
        set(),
        0.0,
    ),
    Case(
        "q5-bottom-of-image",
        "Q5",
        "chair",
        "The minifigure is facing towards the bottom of the image, which corresponds to south.",
        {"south"},
        {"south"},
        1.0,
    ),
    Case(
        "q5-cannot-determine",
        "Q5",
        "bat",
        "I cannot determine the direction the minifigure is facing from this image.",
        {"west"},
        set(),
        0.0,
    ),
    Case(
        "q5-back-to",
        "Q5",
        "desk",
        "The minifigure faces east, with its back to the west.",
        {"east"},
        {"east"},
        1.0,
    ),
    Case(
        "q5-verbatim-restatement",
        "Q5",
        "goblet",
        "Assuming the top of the image is north, which cardinal direction (i.e., north, west, "
        "east, or south) is the humanoid minifigure facing? The minifigure is facing west.",
        {"west"},
        {"west"},
        1.0,
    ),
    Case(
        "q5-verbatim-restatement-no-question",
        "Q5",
        "goblet",
        "Assuming the top of the image is north, which cardinal direction (i.e., north, west, "
        "east, or south) is the humanoid minifigure facing? The minifigure is facing west.",
        {"west"},
        {"west"},
        1.0,
        False,
    ),
    Case("q5-lone-letter", "Q5", "dog", "W", {"west"}, {"west"}, 1.0),
    Case(
        "q5-southeast-camera",
        "Q5",
        "monitor",
        "The minifigure appears to be facing southeast, toward the camera.",
        {"south"},
        {"south", "east"},
        0.5,
    ),
    Case(
        "q5-away-from",
        "Q5",
        "wardrobe",
        "The minifigure is facing away from the south, toward the north.",
        {"north"},
        {"north"},
        1.0,
    ),
    Case(
        "q5-cot-therefore",
        "Q5",
        "cat",
        "Let's analyze the image. The minifigure's face is visible and it is turned toward the "
        "right side of the picture. Since the top of the image is north, the right side is "
        "east. Therefore, the minifigure is facing east.",
        {"east"},
        {"east"},
        1.0,
    ),
    # ---------------------------------------------------------------- Q6
    Case(
        "q6-yes-see",
        "Q6",
        "cat",
        "Yes, the minifigure can see the cat",
        {"yes"},
        {"yes"},
        1.0,
    ),
    Case("q6-no-behind", "Q6", "dog", "No, the dog is behind it", {"no"}, {"no"}, 1.0),
    Case("q6-yes-it-can", "Q6", "plant", "Yes, it can", {"yes"}, {"yes"}, 1.0),
    Case(
        "q6-likely-yes",
        "Q6",
        "chair",
        "It is likely that yes, the minifigure can see the chair since it is facing towards it.",
        {"yes"},
        {"yes"},
        1.0,
    ),
    Case(
        "q6-would-not",
        "Q6",
        "bat",
        "Based on the image, the minifigure would not be able to see the bat because the bat "
        "is located behind it.",
        {"no"},
        {"no"},
        1.0,
    ),
    Case("q6-cannot-see", "Q6", "desk", "The minifigure cannot see the desk.", {"no"}, {"no"}, 1.0),
    Case("q6-cant-see", "Q6", "desk", "The minifigure can't see the desk.", {"no"}, {"no"}, 1.0),
    Case(
        "q6-not-visible",
        "Q6",
        "goblet",
        "The goblet is not visible to the minifigure.",
        {"no"},
        {"no"},
        1.0,
    ),
    Case(
        "q6-does-not-see",
        "Q6",
        "monitor",
        "The minifigure does not see the computer monitor, as it is facing the opposite direction.",
        {"no"},
        {"no"},
        1.0,
    ),
    Case(
        "q6-field-of-view",
        "Q6",
        "wardrobe",
        "No. The minifigure is facing away from the wardrobe, so the wardrobe is outside of "
        "its field of view.",
        {"no"},
        {"no"},
        1.0,
    ),
    Case(
        "q6-positive-paraphrase",
        "Q6",
        "plant",
        "The minifigure is facing the plant, so the plant is within its field of view.",
        {"yes"},
        {"yes"},
        1.0,
    ),
    Case(
        "q6-refusal",
        "Q6",
        "cat",
        "I'm sorry, but I can't determine whether the minifigure can see the cat from this image.",
        {"yes"},
        set(),
        0.0,
    ),
    Case(
        "q6-cot-therefore",
        "Q6",
        "dog",
        "To determine if the minifigure can see the dog, we need to consider its orientation. "
        "The minifigure is facing left, and the dog is to its right. Therefore, the minifigure "
        "cannot see the dog.",
        {"no"},
        {"no"},
        1.0,
    ),
    Case(
        "q6-hedge-but",
        "Q6",
        "wardrobe",
        "It's hard to say for certain, but it seems the minifigure can see the wardrobe.",
        {"yes"},
        {"yes"},
        1.0,
    ),
    Case(
        "q6-probably-not",
        "Q6",
        "cat",
        "Probably not, since the cat is behind the minifigure.",
        {"no"},
        {"no"},
        1.0,
    ),
    Case(
        "q6-restated-premise",
        "Q6",
        "dog",
        "Assuming that the humanoid minifigure can see and its eyes are open, does it see the "
        "dog? No, it does not.",
        {"no"},
        {"no"},
        1.0,
        False,
    ),
    # ---------------------------------------------------------------- Q7
    Case(
        "acc-cat-front-right",
        "Q7",
        "cat",
        "the cat is located to its front and slightly to the right",
        {"front"},
        {"front", "right"},
        0.5,
    ),
    Case(
        "q7-on-its-right",
        "Q7",
        "cat",
        "from the minifigure's perspective the cat is on its right",
        {"right"},
        {"right"},
        1.0,
    ),
    Case(
        "q7-front-slightly-left",
        "Q7",
        "dog",
        "in front of it and slightly to the left",
        {"front", "left"},
        {"front", "left"},
        1.0,
    ),
    Case("q7-behind-it", "Q7", "dog", "behind it", {"back"}, {"back"}, 1.0),
    Case(
        "q7-back-left",
        "Q7",
        "goblet",
        "From the perspective of the minifigure, the goblet is located to its back left.",
        {"back", "left"},
        {"back", "left"},
        1.0,
    ),
    Case(
        "q7-back-slightly-left",
        "Q7",
        "plant",
        "The plant is back and slightly to the left.",
        {"back"},
        {"back", "left"},
        0.5,
    ),
    Case(
        "q7-in-front",
        "Q7",
        "plant",
        "From the perspective of the humanoid minifigure, the plant is located in front of it.",
        {"front"},
        {"front"},
        1.0,
    ),
    Case(
        "q7-right-intensifier",
        "Q7",
        "cat",
        "The cat is right in front of the minifigure.",
        {"front"},
        {"front"},
        1.0,
    ),
    Case(
        "q7-viewer-vs-minifigure",
        "Q7",
        "cat",
        "From the viewer's perspective, the cat is on the left, but from the minifigure's "
        "perspective it is on the right.",
        {"right"},
        {"right"},
        1.0,
    ),
    Case(
        "q7-image-side",
        "Q7",
        "wardrobe",
        "The wardrobe is on the left side of the image, but from the minifigure's point of "
        "view it is to its right.",
        {"right"},
        {"right"},
        1.0,
    ),
    Case(
        "q7-terms-echo",
        "Q7",
        "chair",
        "Using terms such as front, left, right, or back: the chair is to the minifigure's left.",
        {"left"},
        {"left"},
        1.0,
        False,
    ),
    Case(
        "q7-full-restatement",
        "Q7",
        "dog",
        "From the perspective of the humanoid minifigure, where is the dog located relative to "
        "it? Please use terms such as front, left, right, or back. The dog is located behind "
        "the minifigure, slightly to the right.",
        {"back", "right"},
        {"back", "right"},
        1.0,
    ),
    Case(
        "q7-negated-front",
        "Q7",
        "bat",
        "The bat is not in front of the minifigure; it is behind it.",
        {"back"},
        {"back"},
        1.0,
    ),
    Case(
        "q7-rear-left",
        "Q7",
        "monitor",
        "The monitor is to the rear-left of the minifigure.",
        {"back", "left"},
        {"back", "left"},
        1.0,
    ),
    Case("q7-bold-compound", "Q7", "desk", "**Back-right**", {"back"}, {"back", "right"}, 0.5),
    Case(
        "q7-left-hand",
        "Q7",
        "desk",
        "The desk is on the minifigure's left-hand side.",
        {"left"},
        {"left"},
        1.0,
    ),
    Case(
        "q7-ahead",
        "Q7",
        "plant",
        "The minifigure is facing the plant, so the plant is directly ahead of it.",
        {"front"},
        {"front"},
        1.0,
    ),
    Case(
        "q7-facing-context",
        "Q7",
        "cat",
        "The minifigure is facing to the left in the image, and the cat is on the right side "
        "of the image. Therefore, from the minifigure's perspective, the cat is behind it.",
        {"back"},
        {"back"},
        1.0,
    ),
    Case(
        "q7-unable",
        "Q7",
        "goblet",
        "I'm unable to determine the minifigure's perspective from this image.",
        {"front"},
        set(),
        0.0,
    ),
    Case(
        "q7-thats-right",
        "Q7",
        "cat",
        "That's right, the cat is directly behind it.",
        {"back"},
        {"back"},
        1.0,
    ),
    Case(
        "q7-left-slightly-behind",
        "Q7",
        "cat",
        "From the minifigure's point of view, the cat is located to its left and slightly behind.",
        {"left"},
        {"back", "left"},
        0.5,
    ),
    Case("q7-empty", "Q7", "goblet", "", {"front"}, set(), 0.0),
    Case(
        "q7-wrong-side",
        "Q7",
        "chair",
        "The chair is to the left of the minifigure.",
        {"right"},
        {"left"},
        0.0,
    ),
]


def _kind(q: str):
    return QUESTION_KINDS[q]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_extraction_and_precision(case: Case) -> None:
    q_text = question(case.q, case.obj) if case.pass_question else None
    got = extract_components(case.answer, _kind(case.q), question=q_text)
    assert isinstance(got, frozenset)
    assert set(got) == case.expected
    assert precision(got, case.gold) == pytest.approx(case.p)


def test_table_is_large_and_covers_every_question() -> None:
    assert len(CASES) >= 60
    assert {c.q for c in CASES} == set(_QUESTIONS)
    assert len({c.id for c in CASES}) == len(CASES)


# ------------------------------------------------------------ acceptance.md
@pytest.mark.parametrize(
    ("gold", "answer", "kind", "expected"),
    [
        ({"north"}, "north", "cardinal", 1.0),
        ({"north"}, "northeast", "cardinal", 0.5),
        ({"south"}, "The plant is located southeast of the LEGO minifigure.", "cardinal", 0.5),
        ({"front"}, "the cat is located to its front and slightly to the right", "egocentric", 0.5),
    ],
)
def test_acceptance_examples(gold, answer, kind, expected) -> None:
    assert precision(extract_components(answer, kind), gold) == pytest.approx(expected)


# ------------------------------------------------------------ spec phrasings
@pytest.mark.parametrize(
    ("answer", "kind", "expected"),
    [
        ("north-east", "cardinal", {"north", "east"}),
        ("north east", "cardinal", {"north", "east"}),
        ("northeast", "cardinal", {"north", "east"}),
        ("NE", "cardinal", {"north", "east"}),
        ("not north, but west", "cardinal", {"west"}),
        ("it is not facing north", "cardinal", set()),
        ("back and slightly to the left", "egocentric", {"back", "left"}),
        ("The cat is behind the minifigure.", "egocentric", {"back"}),
        ("The cat is in front of the minifigure.", "egocentric", {"front"}),
        ("The goblet is to its left.", "egocentric", {"left"}),
        ("The goblet is on the left side.", "egocentric", {"left"}),
        ("1 object: a dog", "count", {"1"}),
        ("There are three objects.", "count", {"3"}),
        ("There are no objects other than the minifigure.", "count", {"0"}),
        ("Yes, it can", "yesno", {"yes"}),
        ("No", "yesno", {"no"}),
        ("The minifigure cannot see the dog.", "yesno", {"no"}),
        ("The dog is not visible to the minifigure.", "yesno", {"no"}),
        ("It is likely that yes", "yesno", {"yes"}),
        ("", "yesno", set()),
        ("   ", "cardinal", set()),
    ],
)
def test_spec_phrasings(answer, kind, expected) -> None:
    assert set(extract_components(answer, kind)) == expected


def test_option_enumeration_is_not_an_answer() -> None:
    answer = "The options are north, west, east, or south (i.e., north, west, east, or south)."
    assert extract_components(answer, "cardinal") == frozenset()
    answer = "Please use terms such as front, left, right, or back."
    assert extract_components(answer, "egocentric") == frozenset()


def test_unknown_kind_rejected() -> None:
    with pytest.raises(ValueError, match="unknown question kind"):
        extract_components("north", "compass")  # type: ignore[arg-type]


def test_question_kinds_mapping() -> None:
    assert QUESTION_KINDS == {
        "Q1": "count",
        "Q2": "count",
        "Q3": "yesno",
        "Q4": "cardinal",
        "Q5": "cardinal",
        "Q6": "yesno",
        "Q7": "egocentric",
    }


# ------------------------------------------------------------ answer_type
@pytest.mark.parametrize(
    ("components", "expected"),
    [
        (frozenset(), "disclaimer"),
        (frozenset({"north"}), "single"),
        (frozenset({"north", "east"}), "compound"),
        ({"back", "left", "right"}, "compound"),
        (["yes"], "single"),
        (["1", "1"], "single"),
    ],
)
def test_answer_type(components, expected) -> None:
    assert answer_type(components) == expected


def test_answer_type_from_extraction() -> None:
    assert answer_type(extract_components("northeast", "cardinal")) == "compound"
    assert answer_type(extract_components("The dog is north.", "cardinal")) == "single"
    assert answer_type(extract_components("It is impossible to tell.", "cardinal")) == "disclaimer"


# ------------------------------------------------------------ precision
@pytest.mark.parametrize(
    ("components", "gold", "expected"),
    [
        ({"north"}, {"north"}, 1.0),
        ({"north", "east"}, {"north"}, 0.5),
        ({"north"}, {"north", "east"}, 1.0),  # omissions are tolerated
        ({"north", "east"}, {"north", "east"}, 1.0),
        ({"south"}, {"north"}, 0.0),
        (set(), {"north"}, 0.0),  # empty M scores 0
        ({"front", "left", "right"}, {"front", "left"}, 2 / 3),
        ({"North"}, ["north"], 1.0),  # case-insensitive
        (["1"], ("1",), 1.0),
    ],
)
def test_precision(components, gold, expected) -> None:
    assert precision(components, gold) == pytest.approx(expected)


# ------------------------------------------------------------ first person
# -T solver=first_person: the model is addressed as the minifigure; the question
# it answers is the framing sentence plus the first-person question of the task
# config, and "I", "me", "my" (and the question's "you") are the minifigure.


def first_person_question(q: str, obj: str = "dog") -> str:
    from vpt_tasks.isle_brick.spec import load_spec

    spec = load_spec()
    text = spec.questions[q].prompt(obj, spec.placeholder, first_person=True)
    return f"{spec.first_person.framing} {text}"


FIRST_PERSON_CASES: list[Case] = [
    # Q1 / Q2
    Case(
        "fp-q1-around-me", "Q1", "dog", "Around me there is one object: a dog.", {"1"}, {"1"}, 1.0
    ),
    Case(
        "fp-q1-echo",
        "Q1",
        "dog",
        "List and count all objects around you in the image that are not humanoid "
        "minifigures: 1 (a dog).",
        {"1"},
        {"1"},
        1.0,
    ),
    Case("fp-q2-just-me", "Q2", "dog", "Just me.", {"1"}, {"1"}, 1.0),
    Case(
        "fp-q2-only-one", "Q2", "dog", "I am the only minifigure in the picture.", {"1"}, {"1"}, 1.0
    ),
    Case(
        "fp-q2-two", "Q2", "dog", "There are two minifigures, counting myself.", {"1"}, {"2"}, 0.0
    ),
    # Q3
    Case(
        "fp-q3-yes",
        "Q3",
        "dog",
        "Yes, the dog and I are on the same surface.",
        {"yes"},
        {"yes"},
        1.0,
    ),
    Case("fp-q3-different", "Q3", "dog", "No, we are on different surfaces.", {"yes"}, {"no"}, 0.0),
    Case(
        "fp-q3-baseplate",
        "Q3",
        "dog",
        "I am standing on the same baseplate as the dog.",
        {"yes"},
        {"yes"},
        1.0,
    ),
    # Q4 / Q5
    Case("fp-q5-facing", "Q5", "dog", "I am facing north.", {"north"}, {"north"}, 1.0),
    Case(
        "fp-q5-premise-echo",
        "Q5",
        "dog",
        "Assuming the top of the image is north, I am facing west.",
        {"west"},
        {"west"},
        1.0,
    ),
    Case(
        "fp-q5-question-echo",
        "Q5",
        "dog",
        "Which cardinal direction (i.e., north, west, east, or south) am I facing? I am facing west.",
        {"west"},
        {"west"},
        1.0,
    ),
    Case(
        "fp-q5-framing-echo",
        "Q5",
        "dog",
        "As the humanoid minifigure in the image, I'm facing south-east.",
        {"south"},
        {"south", "east"},
        0.5,
    ),
    Case(
        "fp-q5-my-back",
        "Q5",
        "dog",
        "My back is to the south, so I face north.",
        {"north"},
        {"north"},
        1.0,
    ),
    Case(
        "fp-q4-facing-then-located",
        "Q4",
        "dog",
        "I am facing north, and the dog is to my east.",
        {"east"},
        {"east"},
        1.0,
    ),
    Case(
        "fp-q4-of-me",
        "Q4",
        "dog",
        "The dog is north-west of me.",
        {"north"},
        {"north", "west"},
        0.5,
    ),
    # Q6
    Case("fp-q6-yes-i-can", "Q6", "dog", "Yes, I can see it.", {"yes"}, {"yes"}, 1.0),
    Case("fp-q6-i-see", "Q6", "dog", "I see the dog right in front of me.", {"yes"}, {"yes"}, 1.0),
    Case(
        "fp-q6-no-behind-me",
        "Q6",
        "dog",
        "No, I can't see the dog because it is behind me.",
        {"no"},
        {"no"},
        1.0,
    ),
    Case(
        "fp-q6-unable",
        "Q6",
        "dog",
        "I am unable to see the dog; it is behind me.",
        {"no"},
        {"no"},
        1.0,
    ),
    Case(
        "fp-q6-premise-echo",
        "Q6",
        "dog",
        "Assuming I can see and my eyes are open, I do not see the dog.",
        {"no"},
        {"no"},
        1.0,
    ),
    Case(
        "fp-q6-field-of-view",
        "Q6",
        "dog",
        "The dog is outside my field of view.",
        {"no"},
        {"no"},
        1.0,
    ),
    Case(
        "fp-q6-line-of-sight",
        "Q6",
        "dog",
        "The dog is within my line of sight.",
        {"yes"},
        {"yes"},
        1.0,
    ),
    Case(
        "fp-q6-refusal",
        "Q6",
        "dog",
        "I'm sorry, I can't determine that from the image.",
        {"yes"},
        set(),
        0.0,
    ),
    Case("fp-q6-unable-image", "Q6", "dog", "I am unable to see the image.", {"yes"}, set(), 0.0),
    # Q7
    Case("fp-q7-behind-me", "Q7", "dog", "It is behind me.", {"back"}, {"back"}, 1.0),
    Case(
        "fp-q7-my-perspective",
        "Q7",
        "dog",
        "From my perspective, the dog is in front of me.",
        {"front"},
        {"front"},
        1.0,
    ),
    Case("fp-q7-my-left", "Q7", "dog", "The dog is to my left.", {"left"}, {"left"}, 1.0),
    Case(
        "fp-q7-compound",
        "Q7",
        "dog",
        "The dog is on my right, slightly behind me.",
        {"back", "right"},
        {"back", "right"},
        1.0,
    ),
    Case(
        "fp-q7-question-echo",
        "Q7",
        "dog",
        "From your perspective, where is the dog located relative to you? The dog is behind me.",
        {"back"},
        {"back"},
        1.0,
    ),
    Case(
        "fp-q7-viewer-then-mine",
        "Q7",
        "dog",
        "From the viewer's perspective the dog is on the left, but from my perspective it is "
        "on my right.",
        {"right"},
        {"right"},
        1.0,
    ),
    Case(
        "fp-q7-facing-is-not-position",
        "Q7",
        "dog",
        "I am facing left, and the dog is right in front of me.",
        {"front"},
        {"front"},
        1.0,
    ),
    Case(
        "fp-q7-ahead",
        "Q7",
        "dog",
        "From my point of view the dog is directly ahead.",
        {"front"},
        {"front"},
        1.0,
    ),
]


@pytest.mark.parametrize("case", FIRST_PERSON_CASES, ids=[c.id for c in FIRST_PERSON_CASES])
def test_first_person_extraction(case: Case) -> None:
    got = extract_components(
        case.answer,
        _kind(case.q),
        question=first_person_question(case.q, case.obj),
        first_person=True,
    )
    assert set(got) == case.expected
    assert precision(got, case.gold) == pytest.approx(case.p)


def test_first_person_table_covers_every_question() -> None:
    assert {c.q for c in FIRST_PERSON_CASES} == set(_QUESTIONS)
    assert len({c.id for c in FIRST_PERSON_CASES}) == len(FIRST_PERSON_CASES) >= 30


@pytest.mark.parametrize(
    ("answer", "kind"),
    [
        ("The dog is to my left.", "egocentric"),  # the viewer's left
        ("From my perspective, the dog is in front.", "egocentric"),  # the viewer's frame
        ("I am unable to see the dog.", "yesno"),  # a refusal when the model is not the figure
    ],
)
def test_first_person_readings_stay_off_for_third_person_questions(answer: str, kind) -> None:
    assert extract_components(answer, kind) == frozenset()


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # r37 (brick37-066): the parenthesis is in the camera's frame, the answer outside it
        (
            "To the minifigure's right (which appears on the left side of the image from the "
            "camera's point of view).",
            {"right"},
        ),
        ("Behind it (from the camera's point of view it looks to the left).", {"back"}),
        # r59 (brick59-065): the parenthesis places things in the picture
        (
            "Back. (The minifigure is on the right side of the picture and the cat is on the "
            "left.)",
            {"back"},
        ),
    ],
)
def test_a_parenthesis_in_another_frame_is_set_aside_alone(answer: str, expected) -> None:
    from vpt_tasks.isle_brick.extraction import read_components

    reading = read_components(answer, "egocentric")
    assert reading.decided and reading.components == expected, reading
    # a parenthesis in no other frame is not set aside: the sentence's frame still rules it
    other = "From the camera's point of view (the photo) the wardrobe is on the left."
    assert not read_components(other, "egocentric").components


@pytest.mark.parametrize(
    ("answer", "first_person", "expected"),
    [
        # r89, r93 (and r63, r67, r73): the side "in the image" is the picture's; Q7 asks the
        # figure's, which the answer names apart
        (
            "In the image the wardrobe is to the right of the minifigure, but from the "
            "minifigure's own perspective (it's facing the camera) it would be on its left.",
            False,
            {"left"},
        ),
        (
            "From the perspective of the humanoid minifigure, the desk is located to its left "
            "side. (In the image it appears on the right, since the figure faces the camera.)",
            False,
            {"left"},
        ),
        (
            "In the image the monitor appears on the left side, but I'm facing the camera, so "
            "from my own point of view it's on my right.",
            True,
            {"right"},
        ),
        # r269 (brick269-069): the viewer's frame said after its side, then "and" the figure's
        (
            "The flower is located to the right of the minifigure from the viewer's perspective "
            "and to its left from the minifigure's perspective.",
            False,
            {"left"},
        ),
        # r267 (brick267-067): a region of the picture ("the upper-left area") is no side
        (
            "Imagining myself as the minifigure, the lamp would be **behind me and to my right**. "
            "I'm facing the bottom of the image, and the lamp is in the upper-left area, which "
            "from my viewpoint is back-right.",
            True,
            {"back", "right"},
        ),
    ],
)
def test_a_side_in_the_image_is_the_pictures_not_the_figures(
    answer: str, first_person: bool, expected: set[str]
) -> None:
    from vpt_tasks.isle_brick.extraction import read_components

    reading = read_components(answer, "egocentric", first_person=first_person)
    assert reading.decided and reading.components == expected, reading
    # the picture's side alone answers nothing of the figure's
    alone = read_components("In the image the desk is on the left.", "egocentric")
    assert not alone.decided, alone


def test_a_commitment_after_a_hedge_is_the_answer() -> None:
    """r71 (brick71-038): "maybe very slightly south-west, but I'll say west" commits to west."""
    from vpt_tasks.isle_brick.extraction import read_components

    answer = "It's west of me - maybe very slightly south-west, but I'll say west."
    reading = read_components(answer, "cardinal", first_person=True)
    assert reading.decided and reading.components == {"west"}, reading
    both = read_components("North-east, I'd say.", "cardinal")
    assert both.components == {"north", "east"}, both


def test_q4_said_the_other_way_round_is_turned() -> None:
    """r55 (brick55-035): "The humanoid minifigure is to the east of the goblet" answers where
    the goblet is: west. Only of the asked object, and only when nothing else is said."""
    from vpt_tasks.isle_brick.extraction import read_components

    question = (
        "Assuming the top of the image is north, in which cardinal direction (i.e., north, "
        "west, east, or south) is the goblet located relative to the humanoid minifigure?"
    )
    turned = read_components(
        "The humanoid minifigure is to the north-east of the goblet.", "cardinal", question=question
    )
    assert turned == (frozenset({"south", "west"}), True, "turned"), turned
    for other in (
        "The minifigure is east of the chair.",  # another thing
        "The minifigure is east of the goblet, which is north of the chair.",  # more said
    ):
        reading = read_components(other, "cardinal", question=question)
        assert not reading.decided and reading.why == "reversed", (other, reading)
    # Q7: the other thing's own front is unknown
    q7 = "Where is the goblet located relative to the humanoid minifigure from its perspective?"
    ego = read_components("The minifigure is in front of the goblet.", "egocentric", question=q7)
    assert not ego.decided, ego


def test_the_images_own_left_is_the_image_frame() -> None:
    """r59 (brick59-069), in the first person: "the desk on the image's left is on my right"
    answers right; "the image's left" is a side of the picture, as "the camera's left" is."""
    from vpt_tasks.isle_brick.extraction import read_components

    answer = (
        "The desk is to my left... actually, since I'm facing the camera, the desk on the "
        "image's left is on my right. So: right."
    )
    reading = read_components(answer, "egocentric", first_person=True)
    assert reading.decided and reading.components == {"right"}, reading


def test_the_north_premise_as_a_condition_is_no_condition() -> None:
    """r59 (brick59-046): "which would be south if the top of the image is north" restates the
    question's premise; another condition still is one."""
    from vpt_tasks.isle_brick.extraction import read_components

    question = (
        "Assuming the top of the image is north, which cardinal direction (i.e., north, west, "
        "east, or south) is the humanoid minifigure facing?"
    )
    premise = (
        "The figure is facing the viewer, which would be south if the top of the image is north."
    )
    reading = read_components(premise, "cardinal", question=question)
    assert reading.decided and reading.components == {"south"}, reading
    other = "The figure is facing the viewer, which would be south if it turned around."
    assert not read_components(other, "cardinal", question=question).decided


def test_two_frames_offered_with_or_are_alternatives() -> None:
    """r39 (brick39-069): "left ... in the picture, or to its right from the figure's own point
    of view" offers two readings, one per frame: undecided. Contrasted with "but", the
    figure's own frame is the answer."""
    from vpt_tasks.isle_brick.extraction import read_components

    offered = (
        "The teapot is to the left of the minifigure in the picture, or to its right from the "
        "figure's own point of view."
    )
    reading = read_components(offered, "egocentric")
    assert not reading.decided and reading.why == "alternatives", reading
    contrasted = offered.replace(", or to its right", ", but it is to its right")
    reading = read_components(contrasted, "egocentric")
    assert reading.decided and reading.components == {"right"}, reading


def test_a_count_of_them_of_the_asked_kind_is_a_second_count() -> None:
    """r41 (brick41-018): "There are 2 figures ..., but only 1 of them is humanoid" states two
    counts of figures: undecided, never the 2."""
    from vpt_tasks.isle_brick.extraction import read_components

    question = "How many humanoid minifigures are in the picture?"
    answer = (
        "There are 2 figures in the image, a minifigure and a dog, but only 1 of them is humanoid."
    )
    reading = read_components(answer, "count", question=question)
    assert not reading.decided, reading
    plain = "There is 1 humanoid minifigure in the image."
    assert read_components(plain, "count", question=question).components == {"1"}


@pytest.mark.parametrize(
    ("kind", "answer", "expected"),
    [
        # r37, r18, r39: an ellipsis then "no," takes back what came before
        ("egocentric", "The wardrobe is on the minifigure's left... no, on its right.", {"right"}),
        ("cardinal", "The monitor is located to the east... no, to the west of it.", {"west"}),
        (
            "count",
            "I count two objects: a plant and... no, the second is the pot, so one object.",
            {"1"},
        ),
    ],
)
def test_an_ellipsis_then_no_is_a_self_correction(kind: str, answer: str, expected) -> None:
    from vpt_tasks.isle_brick.extraction import read_components

    reading = read_components(answer, kind)
    assert reading.decided and reading.components == expected, reading


def test_a_dash_before_or_joins_the_alternatives() -> None:
    """r47 (brick47-010): "I count one object, the dog — or two, if the base counts" offers two
    counts: undecided, never the 1."""
    from vpt_tasks.isle_brick.extraction import read_components

    question = "List and count all objects in the image that are not humanoid minifigures."
    answer = "I count one object, the dog — or two, if the grey base it stands on counts."
    reading = read_components(answer, "count", question=question)
    assert not reading.decided and reading.why == "alternatives", reading
    plain = "I count one object — the dog."
    assert read_components(plain, "count", question=question).components == {"1"}


@pytest.mark.parametrize(
    ("answer", "question", "expected"),
    [
        # r51 (brick51-031): the asked thing's own place is not "where the camera points"
        (
            "The camera is located to the north-east of the humanoid minifigure.",
            "Assuming the top of the image is north, in which cardinal direction is the camera "
            "located relative to the humanoid minifigure?",
            {"north", "east"},
        ),
        # a compound direction of the light is set aside whole, never its second half
        (
            "The light comes from the north-east, so the goblet casts its shadow toward the "
            "south-west. The goblet itself sits directly south of the minifigure.",
            "Assuming the top of the image is north, in which cardinal direction is the goblet "
            "located relative to the humanoid minifigure?",
            {"south"},
        ),
    ],
)
def test_another_things_direction_is_set_aside_whole(answer: str, question: str, expected) -> None:
    from vpt_tasks.isle_brick.extraction import read_components

    reading = read_components(answer, "cardinal", question=question)
    assert reading.decided and reading.components == expected, reading


def test_n_of_us_counts_the_speaker_among_the_figures() -> None:
    """r51 (brick51-018), first person: "one other minifigure ..., so including myself there
    are two of us" gives two counts of figures: undecided, never the 1."""
    from vpt_tasks.isle_brick.extraction import read_components

    question = "How many humanoid minifigures are in the picture?"
    answer = (
        "I can see one other minifigure across from me, so including myself there are two of us."
    )
    reading = read_components(answer, "count", question=question, first_person=True)
    assert not reading.decided, reading
    alone = "There's one of us here — me. The cat doesn't count."
    reading = read_components(alone, "count", question=question, first_person=True)
    assert reading.decided and reading.components == {"1"}, reading


Q7_CAR = (
    "From the perspective of the humanoid minifigure, where is the car located relative to it? "
    "Please use terms such as front, left, right, or back."
)


def test_another_thing_placed_after_a_modifier_is_set_aside() -> None:
    """r255 (brick255-065, read back+right, labelled right): "The tree in the background is
    behind it" places the tree; "background" is no "back"."""
    answer = (
        "The minifigure faces west. The car is to the north of it, which is on its right side. "
        "The tree in the background is behind it. So the car is to its right."
    )
    reading = read_components(answer, "egocentric", question=Q7_CAR)
    assert (reading.decided, reading.components) == (True, {"right"}), reading
    own = answer.replace("The tree in the background", "The car in the background")
    assert read_components(own, "egocentric", question=Q7_CAR).components == {"back", "right"}


Q4_HORSE = (
    "Assuming the top of the image is north, in which cardinal direction (i.e., north, west, "
    "east, or south) is the horse located relative to the humanoid minifigure?"
)


def test_a_conclusion_before_the_declared_answer_naming_another_direction_objects() -> None:
    """r261 (brick261-036, read east, labelled ambiguous): "So the horse is in the west.
    Answer: east" concludes one direction and declares another; the sentence before the
    declared answer objects with or without its "So" (every such reading of the earlier rounds
    was labelled ambiguous)."""
    answer = (
        "The minifigure is on the right side of the image and the horse is on the left side. "
        "So the horse is in the west. Answer: east"
    )
    reading = read_components(answer, "cardinal", question=Q4_HORSE)
    assert (reading.decided, reading.why) == (False, "reasoning_disagrees"), reading
    agreeing = answer.replace("Answer: east", "Answer: west")
    assert read_components(agreeing, "cardinal", question=Q4_HORSE).components == {"west"}
    observed = answer.replace("So the horse", "The horse")
    assert read_components(observed, "cardinal", question=Q4_HORSE).decided is False


Q6_LAMP = (
    "Assuming that the humanoid minifigure can see and its eyes are open, does it see the lamp?"
)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # r235 (brick235-059, labelled no): what else it sees is no answer about the lamp
        (
            "No, I cannot see the lamp because it is behind me. I can only see the wall.",
            (True, {"no"}),
        ),
        # the asked thing named by another of its words, or as "the object", still counts
        ("Yes, I can see the red lamp.", (True, {"yes"})),
        ("No, I cannot see the object; it is behind me.", (True, {"no"})),
        # only another thing said to be seen: nothing said of the lamp, undecided
        ("It sees the wall.", (False, set())),
        # r361 (brick361-059): another thing not seen, placed by a pronoun ("behind it"), is
        # no statement about the lamp that disagrees with the Yes
        ("Yes, it can see the lamp, but it cannot see the chair behind it.", (True, {"yes"})),
        ("No, it cannot see the lamp, though it can see the chair in front of it.", (True, {"no"})),
    ],
)
def test_another_thing_seen_is_no_answer_about_the_asked_one(answer: str, expected) -> None:
    """Q6 asks whether the figure sees *the object*: a seeing statement about another thing,
    seen or not, is set aside, as another thing's place is for Q4/Q7."""
    from vpt_tasks.isle_brick.extraction import read_components

    reading = read_components(answer, "yesno", question=Q6_LAMP, first_person=True)
    assert (reading.decided, set(reading.components)) == expected, reading


@pytest.mark.parametrize(
    ("answer", "decided"),
    [
        # r279 (brick279-028): two surfaces named for the two things, then "same surface"
        (
            "Yes, I am standing on the floor and the cat is on the table, so we are on the "
            "same surface.",
            False,
        ),
        ("Yes. The cat sits on top of the red box, and the figure is on the baseplate.", False),
        # one surface for both, a surface denied, or the same surface in two words
        ("Yes, the cat and I are both on the table, which stands on the floor.", True),
        ("Yes, they share the floor. The monitor is placed on the floor, not on a desk.", True),
        ("Yes: the figure is on the tabletop and the cat is on the table too.", True),
    ],
)
def test_q3_a_yes_beside_two_different_named_surfaces_is_undecided(
    answer: str, decided: bool
) -> None:
    question = _QUESTIONS["Q3"].format(obj="cat")
    got = read_components(answer, "yesno", question=question, first_person=True)
    assert got.decided is decided and got.components == {"yes"}, got


@pytest.mark.parametrize(
    ("answer", "decided"),
    [
        # r283 (brick283-018): a second one offered as a possibility, after the count
        (
            "There appears to be 1 minifigure, although a second one might be partially hidden "
            "behind the pumpkin.",
            False,
        ),
        ("There is 1 minifigure, possibly another behind the pumpkin.", False),
        ("There is 1 minifigure. A second figure would need a head, which nothing has.", True),
    ],
)
def test_q2_another_one_offered_as_a_possibility_is_an_alternative(
    answer: str, decided: bool
) -> None:
    got = read_components(answer, "count", question=_QUESTIONS["Q2"])
    assert got.decided is decided and got.components == {"1"}, got


@pytest.mark.parametrize("answer", ["I see the pizza. No.", "No. I can see the pizza clearly."])
def test_q6_first_person_seeing_against_the_answer_word_is_a_contradiction(answer: str) -> None:
    # r285 (brick285-060): "I see the pizza. No." was read no; the speaker's "I see" is the
    # minifigure's seeing when the question addresses it as the minifigure
    question = _QUESTIONS["Q6"].format(obj="pizza")
    got = read_components(answer, "yesno", question=question, first_person=True)
    assert not got.decided, got


@pytest.mark.parametrize(
    ("answer", "decided"),
    [
        # what the figure faces, a thing of the scene, no direction: the paper's failed answer
        ("The minifigure is facing the dog.", True),
        ("I am facing towards the cat.", True),
        (" The humanoid minifigure is facing the treasure chest.", True),
        # the camera or a side names a direction as much as a thing: the labels split
        ("The minifigure is facing the camera.", False),
        ("It is facing the viewer.", False),
        ("The minifigure is facing the left side of the desk.", False),
        # more than the facing: not read this way
        ("The minifigure is facing the dog, which is at the top of the image.", False),
    ],
)
def test_q5_facing_a_thing_only_names_no_direction(answer: str, decided: bool) -> None:
    got = read_components(answer, "cardinal", question=_QUESTIONS["Q5"])
    assert got.components == frozenset() or not decided, got
    assert (got.decided, got.why == "disclaimer") == (decided, decided), got


@pytest.mark.parametrize(
    ("answer", "q", "expected", "decided"),
    [
        # Q2: "only a" after a zero names what is there instead of a minifigure (r177, r197)
        ("There are no humanoid minifigures in the picture, only a cat figure.", "Q2", {"0"}, True),
        ("Zero. The image shows only a computer monitor on a table.", "Q2", {"0"}, True),
        ("There are no humanoid minifigures; only a dog figurine is visible.", "Q2", {"0"}, True),
        # "no other": the one there is counts
        ("There are no other minifigures, only a chef minifigure.", "Q2", {"1"}, True),
        # Q1 is not read so: "no other objects, only a dog" is one object
        ("There are no other objects, only a dog.", "Q1", {"1"}, True),
    ],
)
def test_q2_only_a_thing_after_zero_is_no_second_count(
    answer: str, q: str, expected: set[str], decided: bool
) -> None:
    kind = "count"
    got = read_components(answer, kind, question=_QUESTIONS[q])
    assert (got.components, got.decided) == (expected, decided), got


@pytest.mark.parametrize(
    "answer",
    [
        # r35: the viewer's frame with "however" set off by commas
        "From the perspective of the humanoid minifigure, the cat is located to the right of it. "
        "From the viewer's perspective, however, it appears on the left.",
        # r25: "from the viewer's side" is the viewer's frame
        "From the minifigure's perspective, the cat is to its right. (From the viewer's side it "
        "appears on the left.)",
        # a turn after a comma still ends the figure's clause (r49)
        "The cat is to the right of the minifigure from its perspective, though from the "
        "viewer's perspective it's on the left.",
    ],
)
def test_q7_the_viewers_frame_beside_the_figures_is_an_aside(answer: str) -> None:
    got = read_components(answer, "egocentric", question=_QUESTIONS["Q7"].format(obj="cat"))
    assert (got.components, got.decided) == ({"right"}, True), got


@pytest.mark.parametrize(
    ("q", "answer", "expected"),
    [
        # r373 (brick373-063): the car's relation to the tree, beside its relation to the figure
        ("Q7", "The car is in front of the minifigure and to the right of the tree.", {"front"}),
        ("Q7", "The car is to the left of the bench, behind the minifigure.", {"back"}),
        ("Q4", "The car is north of the minifigure, just west of the barrel.", {"north"}),
        # a side of a person may be the figure's own, under another name: kept
        (
            "Q7",
            "The car is in front of the minifigure and to the right of the man.",
            {"front", "right"},
        ),
        # the figure placed by the asked object is the relation the other way round: kept
        ("Q4", "The minifigure is to the west of the car.", {"east"}),
    ],
)
def test_a_side_of_another_thing_beside_the_figures_is_no_answer(
    q: str, answer: str, expected: set[str]
) -> None:
    reading = read_components(answer, QUESTION_KINDS[q], question=question(q, "car"))
    assert reading.decided and reading.components == expected, reading


@pytest.mark.parametrize(
    ("answer", "decided"),
    [
        # r373 (brick373-045): a forced single choice naming other components than the answer
        (
            "The face is turned slightly toward the right side of the image, which means the "
            "figure is facing roughly south-east. If I had to choose a single direction, I'd say "
            "south.",
            False,
        ),
        ("It is facing south-east. If forced to pick one: east.", False),
        # the same components chosen again: one answer
        ("It is facing south. If I had to choose a single direction, I'd still say south.", True),
    ],
)
def test_a_forced_choice_naming_other_components_is_undecided(answer: str, decided: bool) -> None:
    reading = read_components(answer, "cardinal", question=question("Q5"))
    assert reading.decided is decided, reading
    assert decided or reading.why == "forced_choice"


def test_q5_a_wall_placed_by_another_thing_gives_no_facing() -> None:
    """ "It faces the big red wall, which is north of the dog.": the wall's place is by the dog,
    not by the figure; "facing the dog, which is north of it" still faces north."""
    wall = read_components(
        "It faces the big red wall, which is north of the dog.", "cardinal", question=question("Q5")
    )
    assert not wall.decided or not wall.components, wall
    dog = read_components(
        "The minifigure is facing the dog, which is north of it.",
        "cardinal",
        question=question("Q5"),
    )
    assert dog.decided and dog.components == {"north"}, dog

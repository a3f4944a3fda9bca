"""Isle v1's `option_mapping`: the deterministic pass, grader replies and grader failures.

The generic answer mapping (`vpt_tasks.scorers.answer_mapping`) on realistic
answers to the paper's prompts, with the paper's grader prompt and valid values.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import NamedTuple

import pytest
from inspect_ai.model import GenerateConfig, get_model

from vpt_tasks.isle_v1.grading import mapping_prompt, valid_values
from vpt_tasks.isle_v1.scorer import option_mapping
from vpt_tasks.scorers.answer_mapping import letter_of_value
from vpt_tasks.scorers.cascade import GraderReplyError
from vpt_tasks.scorers.judge import ask_grader_model, normalise_grader_reply
from vpt_tasks.scorers.options import read_option

GRADER_CONFIG = GenerateConfig(temperature=0.0, max_tokens=16)

# The two option orders of each dataset, as the task shows them.
BRICK = {"A": "Yes", "B": "No"}  # original
SW = {"A": "No", "B": "Yes"}  # swapped
D = {"A": "2", "B": "3"}  # dots, original (ascending)
DS = {"A": "3", "B": "2"}  # dots, swapped
DZ = {"A": "0", "B": "1"}


class Case(NamedTuple):
    answer: str
    options: Mapping[str, str]
    letter: str | None
    """Expected letter; "Z" = Unknown (refusal); None = undecided (goes to the grader)."""


# Realistic free-text answers to the paper's prompts ("... Respond solely with A
# or B.\nOptions:\nA. Yes\nB. No\nAnswer: " and the CoT variant): terse
# replies, option values, markdown, chain of thought ending with a choice,
# answers that discuss both letters, hedges, contradictions and refusals.
CASES = [
    Case("B", BRICK, "B"),
    Case("B.", SW, "B"),
    Case("A. Yes", BRICK, "A"),
    Case("B. Yes", SW, "B"),
    Case("**A. No**", SW, "A"),
    Case("A) Yes", BRICK, "A"),
    Case("Answer: B. No", BRICK, "B"),
    Case("The answer is A.", SW, "A"),
    Case("No.", BRICK, "B"),
    Case("No, the minifigure cannot see the flower because it is facing away from it.", SW, "A"),
    Case("Yes, the snail minifigure can see the flower.", BRICK, "A"),
    Case("B - No", BRICK, "B"),
    Case(
        "Let's analyze the image step by step.\n1. The snail minifigure is standing on the left side of the table, facing left.\n2. The flower is on the right side, behind the minifigure.\n3. Since the minifigure is looking away from the flower, the flower is outside its field of view.\n\nTherefore, the answer is B. No",
        BRICK,
        "B",
    ),
    Case(
        "The minifigure with the red cap faces the cup, and the flower is directly in front of it with nothing blocking the view.\n\nAnswer: B. Yes",
        SW,
        "B",
    ),
    Case(
        "The figure is turned towards the ball and the wardrobe is not between them. So the correct option is A.",
        BRICK,
        "A",
    ),
    Case(
        "1. The figure faces right.\n2. The cup is on its right.\n3. Nothing blocks the view.\n\n**Answer: B**",
        SW,
        "B",
    ),
    Case(
        "Option A (Yes) would require the figure to face the cup, and option B (No) applies if it faces away. The figure faces away from the cup, so I choose B.",
        BRICK,
        "B",
    ),
    Case(
        "A says No and B says Yes. The wardrobe blocks the line of sight, so the minifigure cannot see the ball. The answer is A.",
        SW,
        "A",
    ),
    Case("A or B, it is hard to tell from this angle.", BRICK, None),
    Case("It could be either A or B.", SW, None),
    Case("A. No", BRICK, None),
    Case(
        "The image shows a minifigure with a red cap standing next to a cup on a wooden table.",
        BRICK,
        None,
    ),
    Case("I'm sorry, but I can't assist with that request.", SW, "Z"),
    Case("3", D, "B"),
    Case("B. 3", D, "B"),
    Case("A. 3", DS, "A"),
    Case("two", D, "A"),
    Case("The man with the purple hoodie sees 2 red dots.", DS, "B"),
    Case(
        "Step 1: The man faces the left wall.\nStep 2: On the left wall there are three red dots; the right wall has one, but it is behind him.\nSo he sees 3 red dots.\n\nAnswer: A",
        DS,
        "A",
    ),
    Case(
        "Counting all red dots gives 3, but the man only faces the right wall, where there are 2. Therefore the answer is B.",
        DS,
        "B",
    ),
    Case("There are 3 dots in total, but he can see only 2 of them, so the answer is 2.", D, "A"),
    Case("(B) 2", DS, "B"),
    Case(
        "Both options are plausible: 2 if we count only the dots in front of him, 3 if we include the ones behind.",
        D,
        None,
    ),
    Case("0", DZ, "A"),
    Case("He cannot see any of the blue dots, so zero.", DZ, "A"),
    Case("I cannot determine how many dots the man sees from this image.", D, "Z"),
    Case("**B**", SW, "B"),
    Case("B\n\nThe minifigure is turned away from the flower.", BRICK, "B"),
    Case("b", BRICK, "B"),
    Case("Answer: (A)", SW, "A"),
    Case(
        "<think>The figure faces the cup. Maybe A? No wait, it is turned away, so B.</think>\nB",
        BRICK,
        "B",
    ),
    Case("\\boxed{A}", D, "A"),
    Case("Yes, the cup is present in the image.", SW, "B"),
    Case("No, there is no ball in the image.", BRICK, "B"),
    Case("The answer is B: 3.", D, "B"),
    Case("B) 2 red dots", DS, "B"),
    Case(
        "Looking at the picture, the man is facing the wall on the right, which has 3 blue dots. The wall on the left, with 2 dots, is behind him. Therefore, he sees 3 dots, so the answer is A.",
        DS,
        "A",
    ),
    Case("A. Yes. The minifigure is facing the flower.", BRICK, "A"),
    Case(
        "Let me think step by step. The man in the purple hoodie faces the right wall. On the right wall I count two red dots, and the three dots on the left wall are behind him, so they are not visible to him.\n\nAnswer: A. 2",
        D,
        "A",
    ),
    Case(
        "To decide between A (Yes) and B (No): the minifigure with the green backpack is facing left, and the ball is on its left with no wardrobe in between. Hence it can see the ball, so the correct answer is A.",
        BRICK,
        "A",
    ),
    Case(
        "The minifigure's head is turned toward the wardrobe, which stands between it and the cup. The wardrobe blocks its line of sight to the cup, so it cannot see it. So the final answer is: No",
        SW,
        "A",
    ),
    # No option named in a form the rules read: the grader decides.
    Case("The minifigure cannot see the flower.", BRICK, None),
    Case("I would say B, since the figure looks away.", BRICK, "B"),  # a commitment to B
]


def test_the_table_covers_both_datasets_orders_cot_and_both_letters() -> None:
    assert len(CASES) >= 30
    shown = {tuple(case.options.values()) for case in CASES}
    assert {("Yes", "No"), ("No", "Yes"), ("2", "3"), ("3", "2")} <= shown
    long_answers = [c for c in CASES if len(c.answer) > 120 and c.letter in ("A", "B")]
    assert len(long_answers) >= 6  # chain of thought ending with a choice
    both_letters = [c for c in CASES if " A " in f" {c.answer} " and " B" in c.answer]
    assert len(both_letters) >= 3


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.answer[:40].replace("\n", " "))
def test_deterministic_pass_is_right_or_undecided(case: Case) -> None:
    got = read_option(case.answer, case.options)
    if case.letter is None:
        assert got.letter is None, got
    else:
        assert got.letter in (case.letter, None), got  # never a confident wrong mapping


def test_most_clear_answers_are_mapped_by_the_rules() -> None:
    clear = [c for c in CASES if c.letter is not None]
    decided = [c for c in clear if read_option(c.answer, c.options).letter == c.letter]
    assert len(decided) >= 0.85 * len(clear)


@pytest.mark.parametrize(
    ("reply", "options", "dataset", "letter"),
    [
        ("'No'.", SW, "isle-brick", "A"),
        ('"Yes."', SW, "isle-brick", "B"),
        ("**yes**", BRICK, "isle-brick", "A"),
        ("B", SW, "isle-brick", "B"),
        ("The answer maps to 'No'.", BRICK, "isle-brick", "B"),
        ('{"MAPPED_ANSWER": "No"}', BRICK, "isle-brick", "B"),
        ("three", DS, "isle-dots", "A"),
        ("'2'.", DS, "isle-dots", "B"),
        ("Unknown", BRICK, "isle-brick", "Z"),
        ("4", D, "isle-dots", None),  # a value that is not an option: no reading
        ("Yes or No", BRICK, "isle-brick", None),
        ("", BRICK, "isle-brick", None),
        (" '' ", BRICK, "isle-brick", None),
        (None, D, "isle-dots", None),
    ],
)
def test_grader_replies_are_read_or_refused(reply, options, dataset, letter) -> None:
    value = normalise_grader_reply(reply, valid_values(dataset, options), options)
    got = (
        None if value is None else ("Z" if value == "Unknown" else letter_of_value(value, options))
    )
    assert got == letter


class _Failing:
    """A grader whose call raises, as a provider error does after Inspect's retries."""

    async def generate(self, *args, **kwargs):
        raise ConnectionError("grader unreachable")


def test_grader_call_prompt_and_failure() -> None:
    grader = get_model("vpt_tasks/constant", answer="'No'.", memoize=False)
    prompt = mapping_prompt("Can it see the cup?", SW, "hard to say", "isle-brick")
    output = asyncio.run(ask_grader_model(grader, prompt, GRADER_CONFIG))
    assert normalise_grader_reply(output.completion, valid_values("isle-brick", SW), SW) == "No"
    # a failed call is no reply: it is raised (the sample errors and eval-retry rescores it)
    with pytest.raises(GraderReplyError, match="ConnectionError: grader unreachable"):
        asyncio.run(ask_grader_model(_Failing(), prompt, GRADER_CONFIG))  # type: ignore[arg-type]


def test_scorer_rejects_unknown_grader_modes() -> None:
    with pytest.raises(ValueError, match="auto, rules, narrow, llm, both"):
        option_mapping(grader="self")  # type: ignore[arg-type]

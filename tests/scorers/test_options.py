"""Table-driven tests for the deterministic option reading (`read_option`).

Rows are realistic model answers (terse letters, markdown, chain-of-thought,
refusals, option text only, articles that look like option letters) with the
letter a careful annotator would pick (`Z` for no option) -- or ``None`` when
the answer is genuinely ambiguous and has to go to the grader/judge. The rule
column names the form an earlier, case-by-case version of the rules used; the
reading now decides by agreement of independent readers, so the tests check the
principle: a decision is never wrong, an ambiguous answer is never decided, and
the clear forms every model uses are decided.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import pytest

from vpt_tasks.scorers.options import NO_OPTION, OptionReading, number_synonyms, read_option
from vpt_tasks.scorers.reading import prepare, retraction

# --------------------------------------------------------------------------
# k-option multiple choice (Omni-Perspective style)
# --------------------------------------------------------------------------

DIRECTION = {"A": "left", "B": "right", "C": "front", "D": "behind"}
ANIMAL = {"A": "cat", "B": "dog", "C": "bird", "D": "fish"}
ACTION = {
    "A": "opening the door",
    "B": "picking up the cup",
    "C": "sitting down",
    "D": "turning off the lamp",
}
INTENT = {
    "A": "The person wants to open the door.",
    "B": "The person wants to pick up the red cup.",
    "C": "The person wants to sit on the chair.",
    "D": "The person wants to turn off the lamp.",
}
EGO = {"A": "Image 1", "B": "Image 2", "C": "Image 3", "D": "Image 4"}
POSITION = {"A": "left", "B": "top left", "C": "right", "D": "bottom right"}


class MC(NamedTuple):
    answer: str
    options: Mapping[str, str]
    letter: str | None
    rule: str | None


MC_CASES = [
    # Terse letters, brackets, punctuation, case.
    MC("A", DIRECTION, "A", "lone_letter"),
    MC("B", DIRECTION, "B", "lone_letter"),
    MC("C.", DIRECTION, "C", "lone_letter"),
    MC("(D)", DIRECTION, "D", "lone_letter"),
    MC("[B]", DIRECTION, "B", "lone_letter"),
    MC("'C'", DIRECTION, "C", "lone_letter"),
    MC("b", DIRECTION, "B", "lone_letter"),
    MC("(c)", DIRECTION, "C", "lone_letter"),
    MC("a", ANIMAL, "A", "lone_letter"),
    MC("Answer: D", DIRECTION, "D", "lone_letter"),
    MC("**Answer:** C", DIRECTION, "C", "lone_letter"),
    MC("The answer is C.", DIRECTION, "C", "lone_letter"),
    MC("Option C", DIRECTION, "C", "lone_letter"),
    MC("\\boxed{D}", DIRECTION, "D", "lone_letter"),
    MC("I think it's D.", INTENT, "D", "lone_letter"),
    MC("D. The lamp.", INTENT, "D", "lone_letter"),
    MC("A is the answer.", DIRECTION, "A", "lone_letter"),
    MC(
        "The person in the image is looking at the object on their left, which "
        "corresponds to option A.",
        DIRECTION,
        "A",
        "lone_letter",
    ),
    MC(
        "From the man's point of view, the ball is on his left. Answer: (A) left",
        DIRECTION,
        "A",
        "lone_letter",
    ),
    # The article "A" at the start of a sentence is not option A.
    MC(
        "A dog is sitting on the left side of the image, so the answer is B.",
        ANIMAL,
        "B",
        "lone_letter",
    ),
    MC(
        "A careful look at the image shows the person facing the window. "
        "Therefore, the answer is C.",
        INTENT,
        "C",
        "lone_letter",
    ),
    MC("A dog.", ANIMAL, "B", "option_text"),
    MC("A person picking up the cup.", ACTION, "B", "option_text"),
    MC(
        "A man in a red shirt is standing to the left of the table, and from his "
        "perspective the cup is on his right.",
        DIRECTION,
        None,
        None,
    ),
    MC("There is a cup on the table, so the answer is C.", INTENT, "C", "lone_letter"),
    # A letter opening a long answer as a label.
    MC(
        "B. The person is reaching toward the cup on the table, which indicates "
        "they want to pick it up.",
        INTENT,
        "B",
        "leading_letter",
    ),
    MC(
        "(A) The person is facing the door and reaching for the handle, so they intend to open it.",
        INTENT,
        "A",
        "leading_letter",
    ),
    # Explicit answer statements in verbose answers mentioning several letters.
    MC("Not A, the answer is C", DIRECTION, "C", "answer_is"),
    MC(
        "I would choose option D because the person is facing away from the camera.",
        DIRECTION,
        "D",
        "answer_is",
    ),
    MC(
        "Option A shows the person opening the door, but their gaze is on the cup. "
        "Option B matches the gaze direction. Therefore, the answer is B.",
        INTENT,
        "B",
        "answer_is",
    ),
    MC(
        "The correct option is (D) since the lamp is the only object within the "
        "person's line of sight.",
        INTENT,
        "D",
        "answer_is",
    ),
    MC(
        "C is correct because the person is looking toward the chair and bending their knees.",
        INTENT,
        "C",
        "answer_is",
    ),
    MC("Both A and C seem plausible, but C is the best answer.", INTENT, "C", "answer_is"),
    MC(
        "Between B and D, D fits better because the person holds a light switch.",
        INTENT,
        "D",
        "answer_is",
    ),
    MC("It's option b.", DIRECTION, "B", "answer_is"),
    MC("the answer is b", DIRECTION, "B", "answer_is"),
    MC(
        "Image 2 shows the scene from the left. Looking at the ego view, the "
        "correct answer is [C] because the table edge is visible at the bottom.",
        EGO,
        "C",
        "answer_is",
    ),
    # Chain of thought that ends with a choice.
    MC(
        "Let's analyze each option. A: the door is behind the person. B: the cup "
        "is in front of them and they're reaching for it. C: the chair is empty. "
        "D: the lamp is off. The person wants to pick up the cup, so B.",
        INTENT,
        "B",
        "final_choice",
    ),
    MC("The answer is not A. It's D.", DIRECTION, "D", "final_choice"),
    MC(
        "Looking at image 1, the person is at the counter.\n"
        "Comparing with the options:\nA. Image 1 - no\nB. Image 2 - no\n"
        "C. Image 3 - yes",
        EGO,
        None,
        None,
    ),
    MC(
        "Step 1: find the person.\nStep 2: follow their gaze toward the chair.\n"
        "C. The person wants to sit on the chair.",
        INTENT,
        "C",
        "final_choice",
    ),
    # Option text only.
    MC("left", DIRECTION, "A", "option_text"),
    MC("On their right.", DIRECTION, "B", "option_text"),
    MC("Image 3", EGO, "C", "option_text"),
    MC("The ego view matches Image 2.", EGO, "B", "option_text"),
    MC("The answer is a dog.", ANIMAL, "B", "option_text"),
    MC("It is a bird", ANIMAL, "C", "option_text"),
    MC("top left", POSITION, "B", "option_text"),
    MC("The person wants to pick up the red cup.", INTENT, "B", "option_text"),
    MC("cat or dog", ANIMAL, None, None),
    # Refusals.
    MC("Sorry, I can't help with images of people yet.", INTENT, "Z", "refusal"),
    MC("I cannot determine the answer from the image provided.", DIRECTION, "Z", "refusal"),
    MC("None of the options match what the person is doing.", INTENT, "Z", "refusal"),
    MC(
        "I'm unable to view the images, so I cannot answer this question.",
        EGO,
        "Z",
        "refusal",
    ),
    MC("I\u2019m sorry, but I can\u2019t assist with that.", INTENT, "Z", "refusal"),
    MC(
        "I cannot determine this with certainty, but the answer is most likely C.",
        DIRECTION,
        "C",
        "answer_is",
    ),
    MC("Z", INTENT, "Z", "lone_letter"),
    # Genuinely undecidable.
    MC("The answer is A or B.", DIRECTION, None, None),
    MC("Not A.", DIRECTION, None, None),
    MC(
        "Option A is incorrect because the door is closed. Option D is incorrect "
        "too. The person is looking at something on the table near the window.",
        INTENT,
        None,
        None,
    ),
    MC("", DIRECTION, None, None),
    MC("   ", DIRECTION, None, None),
]


def test_enough_multiple_choice_cases() -> None:
    assert len(MC_CASES) >= 40


def _never_wrong(answer: str, options: Mapping[str, str], letter: str | None) -> OptionReading:
    got = read_option(answer, options)
    if letter is None:
        assert got.letter is None, (answer, got)  # ambiguous: never decided
    else:
        assert got.letter in (letter, None), (answer, got)  # decided right, or left to the grader
    return got


@pytest.mark.parametrize("case", MC_CASES, ids=lambda c: c.answer[:50] or "<empty>")
def test_read_option_is_never_confidently_wrong(case: MC) -> None:
    _never_wrong(case.answer, case.options, case.letter)


# the forms every model uses: these must be decided by the rules, not sent to a grader
CLEAR = [
    ("A", DIRECTION, "A"),
    ("C.", DIRECTION, "C"),
    ("(D)", DIRECTION, "D"),
    ("**B**", DIRECTION, "B"),
    ("Answer: C", ANIMAL, "C"),
    ("The answer is B.", ANIMAL, "B"),
    ("B. dog", ANIMAL, "B"),
    ("dog", ANIMAL, "B"),
    ("Image 3", EGO, "C"),
    ("It's impossible to tell from this image.", DIRECTION, NO_OPTION),
    ("<think>A or D? The lamp is off.</think>\nD", INTENT, "D"),
    # Kimi-VL's thinking models bracket the tags with triangles (r169)
    ("\u25c1think\u25b7A or D? The lamp is off.\u25c1/think\u25b7D", INTENT, "D"),
    ("Let me think. The person reaches for the handle, so the answer is A.", INTENT, "A"),
]


@pytest.mark.parametrize(("answer", "options", "letter"), CLEAR, ids=[c[0][:30] for c in CLEAR])
def test_clear_forms_are_decided(answer: str, options: Mapping[str, str], letter: str) -> None:
    assert read_option(answer, options).letter == letter


def test_most_clear_table_answers_are_decided_by_the_rules() -> None:
    clear = [c for c in MC_CASES if c.letter is not None]
    decided = [c for c in clear if read_option(c.answer, c.options).letter == c.letter]
    assert len(decided) >= 0.85 * len(clear)


def test_reading_is_frozen_and_reports_decided() -> None:
    got = read_option("B", DIRECTION)
    assert got.letter == "B" and got.decided and "lead" in got.readers
    assert not read_option("A or B", DIRECTION).decided
    with pytest.raises(AttributeError):
        got.letter = "C"  # type: ignore[misc]


def test_read_option_is_deterministic() -> None:
    answer = "Both A and C seem plausible, but C is the best answer."
    assert (
        len({(r.letter, r.reason) for r in (read_option(answer, INTENT) for _ in range(20))}) == 1
    )


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        ("A. Wait, looking again, I cannot settle it.", "retraction"),
        ("A or C", "several_options"),
        # two labels joined by a slash offer both (r89: "... at the same time -- A/B.")
        ("He is turning and looking at the same time -- A/B.", "several_options"),
        ("C / D", "several_options"),
        ("C. left", "several_options"),  # the letter's text is another option's
        ("Answer: F", "not_an_option"),
        ("Options:\nA. left\nB. right\nC. front\nD. behind", "options_echoed"),
        ("<think>The person faces the door, so", "unfinished_reasoning"),
        ("\u25c1think\u25b7The person faces the door, so", "unfinished_reasoning"),
        ("答案是 B，因为人物正看着门。", "script"),
        ("I can't tell, so B.", "refusal_mixed"),
        ("x" * 30_000, "too_long"),
        ("The person is near the window.", "no_reading"),
    ],
)
def test_each_doubt_leaves_the_answer_undecided(answer: str, why: str) -> None:
    got = read_option(answer, DIRECTION)
    assert (got.letter, got.reason) == (None, why)


def test_a_refusal_picks_no_option() -> None:
    assert (
        read_option("I'm sorry, but without the image provided I cannot help.", DIRECTION).letter
        == NO_OPTION
    )
    assert read_option("The person is looking left.", DIRECTION).letter == "A"


@pytest.mark.parametrize(
    "answer",
    [
        # each was a refusal to one reader only before the readers shared one list
        "I'm sorry, but I can't view images.",  # Isle-Brick-V2's, not the options'
        "I'm not able to infer a person's intentions from a single image.",
        "I can't reliably tell which of these items the woman can see from this angle.",
        "Can't tell from this angle.",  # the options', not Isle-Brick-V2's
        "None of the four options fits.",
        # declining to speculate, or the question declined (r41, r43, r45, r47, r51)
        "I apologize, but I do not feel comfortable identifying figures in images.",
        "I cannot make assumptions about what a toy figure can perceive.",
        "I can't make claims about where it would be.",
        "It is a toy, so the question of where things are for it doesn't really apply.",
        "I don't have enough information to determine where the cup is.",  # r61
    ],
)
def test_one_refusal_list_serves_every_reader(answer: str) -> None:
    from vpt_tasks.isle_brick.extraction import read_components

    assert read_option(answer, DIRECTION).letter == NO_OPTION
    reading = read_components(answer, "egocentric")
    assert reading.decided and not reading.components and reading.why == "disclaimer", reading
    # the figure's own "I am unable to see the cat" is no refusal in an option answer
    first_person = read_option("I am unable to see the cat from here.", {"A": "Yes", "B": "No"})
    assert first_person.letter != NO_OPTION, first_person


# --------------------------------------------------------------------------
# Two-option mapping (Isle-Bricks v1 / Isle-Dots)
# --------------------------------------------------------------------------

BRICK = {"A": "Yes", "B": "No"}
BRICK_SWAPPED = {"A": "No", "B": "Yes"}
DOTS = {"A": "3", "B": "4"}
DOTS_SWAPPED = {"A": "4", "B": "3"}
DOTS_ZERO = {"A": "0", "B": "1"}


class Two(NamedTuple):
    answer: str
    options: Mapping[str, str]
    letter: str | None
    rule: str | None


TWO_CASES = [
    # Bricks (Yes/No), both orders, terse.
    Two("A", BRICK, "A", "lone_letter"),
    Two("B", BRICK, "B", "lone_letter"),
    Two("A", BRICK_SWAPPED, "A", "lone_letter"),
    Two("B.", BRICK_SWAPPED, "B", "lone_letter"),
    Two("(B)", BRICK, "B", "lone_letter"),
    Two("**B**", BRICK, "B", "lone_letter"),
    Two("b", BRICK, "B", "lone_letter"),
    Two("Answer: B", BRICK, "B", "lone_letter"),
    Two("B. No", BRICK, "B", "lone_letter"),
    Two("A. No", BRICK_SWAPPED, "A", "lone_letter"),
    Two("No", BRICK, "B", "option_text"),
    Two("No", BRICK_SWAPPED, "A", "option_text"),
    Two("Yes.", BRICK, "A", "option_text"),
    Two("yes", BRICK_SWAPPED, "B", "option_text"),
    Two("Answer: Yes", BRICK_SWAPPED, "B", "option_text"),
    Two("The answer is no.", BRICK, "B", "option_text"),
    Two("Yes, the minifigure can see the flower.", BRICK, "A", "option_text"),
    Two(
        "No, it cannot see the flower because it is facing the other way.",
        BRICK_SWAPPED,
        "A",
        "option_text",
    ),
    Two("There is no way it can see the flower. No.", BRICK, "B", "option_text"),
    Two("A. Yes, it can see the flower.", BRICK, "A", "leading_letter"),
    Two(
        "B\n\nExplanation: The figure is facing away from the flower, so it cannot see it.",
        BRICK,
        "B",
        "leading_letter",
    ),
    Two("The answer is B. No, it can't see it.", BRICK, "B", "answer_is"),
    Two("The minifigure can see the flower, so the answer is A.", BRICK, "A", "lone_letter"),
    # Bricks CoT ending with a choice.
    Two(
        "First, the snail minifigure is facing left. The flower is located to its "
        "right, behind its back. Since minifigures see only in front of them, the "
        "flower is not in its field of view. Therefore, the answer is B.",
        BRICK,
        "B",
        "lone_letter",
    ),
    Two(
        "The minifigure faces the flower directly. The flower is in front of it and "
        "there is no obstruction between them, so yes.",
        BRICK_SWAPPED,
        "B",
        "option_text",
    ),
    # CoT mentioning both letters.
    Two(
        "Option A (Yes) would require the figure to face the flower. Option B (No) "
        "fits because it faces away. So the answer is B.",
        BRICK,
        "B",
        "answer_is",
    ),
    Two(
        "Option A says 4 and option B says 3. Counting the visible yellow "
        "triangles, I get three. So B.",
        DOTS_SWAPPED,
        "B",
        "final_choice",
    ),
    # Dots (counts), both orders.
    Two("3", DOTS, "A", "option_text"),
    Two("three", DOTS_SWAPPED, "B", "option_text"),
    Two("Three.", DOTS, "A", "option_text"),
    Two("B. 4", DOTS, "B", "lone_letter"),
    Two("Answer: A. 4", DOTS_SWAPPED, "A", "lone_letter"),
    Two("The man with the purple hoodie sees 4 blue circles.", DOTS, "B", "option_text"),
    Two("The answer is 4.", DOTS_SWAPPED, "A", "option_text"),
    Two(
        "Step 1: Identify the man. Step 2: Count the dots in his line of sight: two "
        "on the left wall and one on the right wall. So the man sees 3 dots.\nAnswer: B",
        DOTS_SWAPPED,
        "B",
        "lone_letter",
    ),
    Two(
        "1. The man faces the back wall.\n2. Only the shapes on that wall are "
        "visible to him.\n3. He sees four red squares.",
        DOTS,
        "B",
        "option_text",
    ),
    Two("zero", DOTS_ZERO, "A", "option_text"),
    Two("The man cannot see any dots, so zero.", DOTS_ZERO, "A", "option_text"),
    # Ambiguous: both values, both letters, or letter and value contradict.
    Two("A. No", BRICK, None, None),
    Two("A. 4", DOTS, None, None),
    Two("Yes or no", BRICK, None, None),
    Two("A or B", BRICK, None, None),
    Two("Both A and B could be correct.", BRICK, None, None),
    Two("3 or 4", DOTS, None, None),
    Two(
        "There are 4 blue circles on the wall but the man can only see 3 of them.",
        DOTS,
        None,
        None,
    ),
    Two("Not A.", BRICK, "B", None),  # two options: ruling one out picks the other
    Two("", BRICK, None, None),
    Two(
        "The image shows a minifigure and a flower on a table next to a wardrobe.",
        BRICK,
        None,
        None,
    ),
    # Refusals map to Unknown without the grader.
    Two("I'm sorry, but I can't assist with that.", BRICK, "Z", "refusal"),
    Two(
        "I cannot determine whether the figure can see the flower from this image.",
        BRICK_SWAPPED,
        "Z",
        "refusal",
    ),
]


def test_enough_two_option_cases() -> None:
    assert len(TWO_CASES) >= 30
    kinds = {tuple(c.options.values()) for c in TWO_CASES}
    assert {("Yes", "No"), ("No", "Yes"), ("3", "4"), ("4", "3")} <= kinds


@pytest.mark.parametrize("case", TWO_CASES, ids=lambda c: c.answer[:50] or "<empty>")
def test_two_option_reading_is_never_confidently_wrong(case: Two) -> None:
    _never_wrong(case.answer, case.options, case.letter)


def test_most_clear_two_option_answers_are_decided_by_the_rules() -> None:
    clear = [c for c in TWO_CASES if c.letter is not None]
    decided = [c for c in clear if read_option(c.answer, c.options).letter == c.letter]
    assert len(decided) >= 0.85 * len(clear)


def test_two_option_same_answer_flips_value_with_order() -> None:
    # Always answering "A" picks a different value in each order.
    assert BRICK[read_option("A", BRICK).letter] == "Yes"
    assert BRICK_SWAPPED[read_option("A", BRICK_SWAPPED).letter] == "No"
    # Always answering the value picks the same value in each order.
    assert BRICK[read_option("No", BRICK).letter] == "No"
    assert BRICK_SWAPPED[read_option("No", BRICK_SWAPPED).letter] == "No"


@pytest.mark.parametrize(
    ("value", "forms"),
    [
        ("3", {"3", "three"}),
        ("three", {"3", "three"}),
        ("Yes", {"yes", "yeah", "yep"}),
        ("25", {"25"}),
    ],
)
def test_number_synonyms(value: str, forms: set[str]) -> None:
    assert number_synonyms(value) == forms


@pytest.mark.parametrize(
    ("answer", "letter"),
    [
        ("A. Wait, looking again, it is B.", "B"),
        ("B. Correction: the answer is C.", "C"),
        ("Answer: D. Hmm, on second thought, A.", "A"),
        # r295 (two295-043): a closer look, in any of its words, corrects
        ("At first glance it is A. However, looking more carefully, it is B.", "B"),
        ("So it would be C. On closer examination, though, the answer is D.", "D"),
        ("It seems to be A. Look closer: it is B.", "B"),
    ],
)
def test_after_a_self_correction_the_corrected_part_is_read(answer: str, letter: str) -> None:
    got = read_option(answer, DIRECTION)
    assert got.letter == letter and got.reason.startswith("corrected+")


def test_actually_inside_a_condition_is_no_self_correction() -> None:
    # r283 (four283-045): "B\n\n... If she's actually turned toward the camera, the oven would
    # be on her left instead." was read A, the part after "actually" taken for a correction
    sides = {"A": "left", "B": "right", "C": "front", "D": "behind"}
    answer = (
        "B\n\nNote: this assumes the woman is facing the counter. If she's actually turned "
        "toward the camera, the oven would be on her left instead."
    )
    assert read_option(answer, sides).letter != "A"
    assert retraction(prepare(answer)) is None
    # "actually" correcting, outside a condition, still is one
    assert read_option("B. Actually, no: it is on her left. A", sides).letter == "A"


def test_an_option_said_again_after_a_self_correction_is_no_echoed_list() -> None:
    """r269 (two269-029): "A. Yes" and, after the correction, "B. No" are every option with
    its text in order, as an option list copied from the prompt is; set aside as one, the
    corrected answer was gone."""
    answer = (
        "She can see the castle. A. Yes. Wait, the castle is actually behind the princess's "
        "back; she faces the camera. So the answer is B. No."
    )
    got = read_option(answer, {"A": "Yes", "B": "No"})
    assert (got.letter, got.reason) == ("B", "corrected+stated+concluding")
    echoed = read_option("A. Yes B. No", {"A": "Yes", "B": "No"})
    assert (echoed.letter, echoed.reason) == (None, "options_echoed")


@pytest.mark.parametrize(
    ("options", "answer", "letter"),
    [
        # r35, r39: "The third image." for Image 3, the options numbering images from 1
        ({"A": "Image 1", "B": "Image 2", "C": "Image 3", "D": "Image 4"}, "The third image.", "C"),
        (
            {"A": "Image 3", "B": "Image 1", "C": "Image 4", "D": "Image 2"},
            "The second image.",
            "D",
        ),
        # images 2-5: the third image could be Image 3 or the third of them
        (
            {"A": "Image 2", "B": "Image 3", "C": "Image 4", "D": "Image 5"},
            "The third image.",
            None,
        ),
    ],
)
def test_an_ordinal_names_a_numbered_option_when_the_numbers_start_at_one(
    options, answer, letter
) -> None:
    assert read_option(answer, options).letter == letter


def test_a_conclusion_ending_on_its_option_text_and_label_is_read() -> None:
    """r39 (four39-026): a walk past every option, then "Therefore, the item visible to her is
    the metal faucet (B)."; without its label the conclusion alone still does not choose."""
    options = {"A": "a red box", "B": "a metal faucet", "C": "a white mug", "D": "a cutting board"}
    walk = (
        "- The red box and the cutting board are behind her.\n- The white mug is outside her "
        "view.\n- The metal faucet is directly in front of her.\n\nTherefore, the item visible "
        "to her is the metal faucet"
    )
    question = "Which of the following items are visible to the woman?"
    assert read_option(walk + " (B).", options, question=question).letter == "B"
    assert read_option(walk + ".", options, question=question).letter is None


def test_the_last_sentence_labelling_its_pick_is_read() -> None:
    # r107, r135: "<option text> (<its letter>)" closing the answer is the answer's pick
    items = {"A": "a cutting board", "B": "a fruit bowl", "C": "a stove", "D": "a blender"}
    picked = "From left to right: blender, bowl, board, stove.\n\nThe leftmost is the blender (D)."
    reading = read_option(picked, items)
    assert reading.letter == "D" and "labelled" in reading.readers, reading
    # another option labelled anywhere: two weighed, not one picked
    weighed = "From the camera it is the stove (C). From her side, the leftmost is the blender (D)."
    assert read_option(weighed, items).letter is None
    # a text with another option's letter is no pick of either
    assert "labelled" not in read_option("The leftmost is the blender (C).", items).readers


def test_a_one_sentence_answer_is_short_up_to_twenty_words() -> None:
    # r133 (two133-035): thirteen words, one sentence, one count
    dots = {"A": "1", "B": "2"}
    assert read_option("I can see two red dots on the wall in front of me.", dots).letter == "B"
    # two sentences of that length are no short answer: reasoning may come first
    long = "The wall in front of me has red dots. I can see two of them from here."
    assert "short" not in read_option(long, dots).readers


def test_the_speakers_own_frame_opening_a_short_answer_is_no_clause() -> None:
    # r163 (two163-051): "From where I'm standing," restates the question's role, as "If I
    # were the man," does; the answer is the one clause after it
    dots = {"A": "3", "B": "1"}
    for lead in ("From where I'm standing,", "From my point of view,", "As the man,"):
        answer = f"{lead} I can see three blue dots on the wall in front of me."
        assert read_option(answer, dots).letter == "A", lead
    # any other opening clause still counts: reasoning may come first
    reasoned = "Since he faces the wall, I can see three blue dots on the wall in front of me."
    assert "short" not in read_option(reasoned, dots).readers
    # r195 (four195-051): the role with the question's own place, "As the person in the image,"
    bike = {"A": "Fix a flat tire", "B": "Clean the bike chain", "C": "Adjust the brakes"}
    answer = "As the person in the image, my intention is to clean the bike chain."
    assert read_option(answer, bike).letter == "B"
    # a clause of its own is no restated role
    acting = "As the person in the image leans over, my intention is to clean the bike chain."
    assert "short" not in read_option(acting, bike).readers


def test_an_actions_object_may_take_another_article_or_number() -> None:
    # r177 (four177-056): "remove the wheel" names "Remove a wheel"
    bike = {"A": "Remove a wheel", "B": "Clean the bike chain", "C": "Adjust the seat height"}
    answer = "I am trying to fix the flat tire, so my intention is to remove the wheel."
    assert read_option(answer, bike).letter == "A"
    kitchen = {"A": "Preheat pan for cooking", "B": "Prepare ingredient", "C": "Taste the food"}
    assert read_option("My intention is to prepare the ingredients.", kitchen).letter == "B"
    # a noun phrase keeps its own spellings only: "a bowl" is no action
    assert number_synonyms("a green bowl") == {"a green bowl", "green bowl", "the green bowl"}


def test_a_letter_joined_to_a_label_is_a_label() -> None:
    # r137 (four137-026): "Both A and C appear ..." names two options
    items = {"A": "a potted plant", "B": "a blue laptop", "C": "a framed photo", "D": "a rack"}
    assert read_option("Both A and C appear to be visible.", items).reason == "several_options"
    # an article after "and" is no label: "a plant and a photo" has none
    assert read_option("B and a photo appear.", items).letter is None


def test_a_direction_said_of_the_asked_thing_is_the_relation_turned() -> None:
    # r137 (four137-043): "The man is standing in front of the stove" places him, not the stove
    sides = {"A": "front", "B": "behind", "C": "left", "D": "right"}
    asked = "From the man's perspective, in which direction is the stove?"
    assert (
        read_option("The man is standing in front of the stove.", sides, question=asked).letter
        is None
    )
    assert read_option("The stove is in front of him.", sides, question=asked).letter == "A"


def test_a_letter_before_a_dash_is_a_label() -> None:
    # r139 (two139-059): "A — the dog is behind me" opens with its label; an article takes no dash
    yes_no = {"A": "No", "B": "Yes"}
    assert read_option("A — the dog is behind me, out of my line of sight.", yes_no).letter == "A"
    assert read_option("**B** - it is in front of me.", yes_no).letter == "B"
    assert read_option("A-frame ladder stands there.", yes_no).letter is None


@pytest.mark.parametrize(
    ("answer", "letter"),
    [
        # r199 (two199-033): none seen is the 0 option
        ("I can't see any red dots — they're all on the wall behind me.", "A"),
        ("I see no red dots.", "A"),
        # r329: "any of them"; a vantage is no place of the dots
        ("I can't see any of them — they're all on the wall behind me.", "A"),
        ("I don't see any red dots from where I'm standing.", "A"),
        # none of one place's dots: not read
        ("I can't see any red dots on the back wall.", None),
        # anything else seen, a possibility, or a second statement: not read
        ("I don't see any red dots, but I see two on the wall.", None),
        ("I can see one red dot; I can't see any red dots behind me.", None),
        ("I might not see any red dots.", None),
    ],
)
def test_none_seen_is_the_zero_option(answer: str, letter: str | None) -> None:
    question = (
        "Imagine you are the man with the purple hoodie. In the picture, how many red dots do "
        "you see? Respond solely with A or B."
    )
    assert read_option(answer, {"A": "0", "B": "1"}, question=question).letter == letter
    # without a 0 option, or asked nothing about dots seen, nothing is read
    assert read_option(answer, {"A": "1", "B": "2"}, question=question).letter is None
    assert read_option(answer, {"A": "0", "B": "1"}).letter is None


@pytest.mark.parametrize("answer", ["Yes, B", "B, Yes", "No, A"])
def test_an_answer_word_listed_with_another_options_letter_names_two(answer: str) -> None:
    # r245 (two245-033, "Yes, B" with A. Yes / B. No): the letter beside the answer word
    # was dropped with the list the word opened, and the Yes read as A
    got = read_option(answer, {"A": "Yes", "B": "No"})
    assert (got.letter, got.reason) == (None, "several_options")


def test_an_answer_word_listed_with_its_own_letter_is_read() -> None:
    assert read_option("Yes, A", {"A": "Yes", "B": "No"}).letter == "A"
    assert read_option("No, B", {"A": "Yes", "B": "No"}).letter == "B"


def test_a_letter_after_reasoning_that_concludes_no_options_count_is_undecided() -> None:
    # r245 (two245-056): "... that makes 3 red dots.\n\nAnswer: B" with A. 4 / B. 2
    dots = {"A": "4", "B": "2"}
    reasoning = (
        "Second, count the dots in front of her: there are two red dots on the upper wall and "
        "one on the left wall. Third, that makes 3 red dots.\n\nAnswer: B"
    )
    assert (read_option(reasoning, dots).letter, read_option(reasoning, dots).reason) == (
        None,
        "reasoning_disagrees",
    )
    # a conclusion naming the letter's count, a total, or "one" as a pronoun stays read
    assert read_option("So she sees 2 red dots.\n\nAnswer: B", dots).letter == "B"
    assert read_option("There are 3 dots in total; she sees two. Answer: B", dots).letter == "B"
    assert (
        read_option("It is behind her, so she cannot see that one. Answer: B", dots).letter == "B"
    )


def test_a_letter_after_a_conclusion_counting_another_options_value_is_undecided() -> None:
    # r277 (four277-056): the reasoning concludes 2 seen, the declared letter names 3
    paintings = {"A": "2", "B": "1", "C": "3", "D": "0"}
    answer = (
        "There are three paintings in the room: two above the fireplace and one on the wall "
        "behind the sofa. So she can see 2 of the 3 paintings.\nAnswer: {}"
    )
    got = read_option(answer.format("C"), paintings)
    assert (got.letter, got.reason) == (None, "reasoning_disagrees")
    assert read_option(answer.format("A"), paintings).letter == "A"
    # a negated count is none; the seen count after a total is the one concluded
    assert (
        read_option(
            "So he doesn't see two dots - he sees none.\n\nAnswer: A", {"A": "0", "B": "2"}
        ).letter
        == "A"
    )
    sees_two = (
        "There are 3 dots in the picture, but one of them is on the wall behind the man. He "
        "cannot see the back wall, so of the 3 dots he sees 2.\n\nAnswer: B"
    )
    assert read_option(sees_two, {"A": "3", "B": "2"}).letter == "B"  # twot3-042
    # r285 (two285-055): "one" after a seeing verb is a count
    corrected = (
        "Hmm, looking around... I see two red dots in front of me. Wait, no - one of those is "
        "actually on the shelf behind me. So I only see one.\n\nA"
    )
    assert read_option(corrected, {"A": "2", "B": "0"}).letter is None


DOTS_SEEN = (
    "In the picture, how many red dots does the woman with the green scarf see? Consider only "
    "the dots that are directly visible within the picture's frame."
)


@pytest.mark.parametrize(
    ("answer", "letter"),
    [
        # r285 (two285-020): the one count said with a seeing verb, no letter anywhere
        ("There are 4 red dots in the picture. The woman sees 3 of them.", "A"),
        ("She can see 4 red dots.", "B"),
        # a condition, a hedge, a letter, two seen counts, a refusal or a step's number: none
        ("If she turned, she would see 4. She sees 3 of them.", None),
        ("There are 4 red dots in the picture. She perhaps sees 3 of them.", None),
        ("She sees 3 of the 4 dots, maybe all 4.", None),
        ("Step 3: nothing blocks her view, so she can see all five. Neither option fits.", None),
    ],
)
def test_the_one_count_said_seen_answers_how_many_are_seen(answer: str, letter: str | None) -> None:
    assert read_option(answer, {"A": "3", "B": "4"}, question=DOTS_SEEN).letter == letter

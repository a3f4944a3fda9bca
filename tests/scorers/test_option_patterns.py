"""Issue 12 §1: the answer patterns the shared option reading must read as an annotator would.

One table per pattern, for both scorer kinds that start with `read_option`:
k options (merge match, Omni-Perspective) and two options whose values matter
(option mapping, Isle v1 / Isle-Dots).
The answers are written for this test in the styles of several model families
(terse GPT-4, Claude's dash-and-reason, Llama's markdown, Qwen's label-first,
LLaVA's short "Explanation:" form); they are not the issue's examples.

Each row gives the letter an annotator would choose, `Z` for a refusal, or
`None` when a careful annotator could not decide (the answer goes to the
grader/judge). Every row must be read right or left undecided (never a letter
where the annotator has none, or a different letter), and at least 85% of the
rows with a letter must be decided by the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import pytest

from vpt_tasks.scorers.options import NO_OPTION, read_option

# k-option sets (Omni-Perspective style)
WHERE = {"A": "to the left", "B": "to the right", "C": "in front", "D": "behind"}
TURN = {"A": "turn around", "B": "turn right", "C": "turn left", "D": "keep facing forward"}
BOX = {"A": "the yellow box", "B": "the blue box", "C": "the red box", "D": "the green box"}
SEES = {"A": "the door", "B": "the lamp", "C": "the window", "D": "the mirror"}
OBJECTS = {"A": "the door", "B": "the window", "C": "the chair", "D": "the table"}
VIEW = {"A": "Image 1", "B": "Image 2", "C": "Image 3", "D": "Image 4"}
PICK = {
    "A": "pick up the green box",
    "B": "pick up the yellow box",
    "C": "pick up the blue box",
    "D": "pick up the red box",
}

# two-option sets (Isle-Bricks v1 / Isle-Dots), both orders
YN = {"A": "Yes", "B": "No"}
NY = {"A": "No", "B": "Yes"}
DOTS = {"A": "3", "B": "4"}
DOTS_SW = {"A": "4", "B": "3"}
FEW = {"A": "1", "B": "2"}


class Row(NamedTuple):
    pattern: str
    style: str
    answer: str
    options: Mapping[str, str]
    letter: str | None


K = "k"  # extract_option
TWO = "two"  # map_two_option_answer

ROWS: list[tuple[str, Row]] = [
    # --- 1. a leading answer, then an explanation naming other options -----------------
    (
        K,
        Row(
            "leading",
            "gpt4",
            "D\n\nThe box sits right behind the person; A would apply only if they turned to face it.",
            WHERE,
            "D",
        ),
    ),  # noqa: E501
    (
        K,
        Row(
            "leading",
            "claude",
            "D) behind — from where the person stands it is neither to the left (A) nor to the right (B).",
            WHERE,
            "D",
        ),
    ),  # noqa: E501
    (
        K,
        Row(
            "leading",
            "llava",
            "B\n\nExplanation: The blue box is on the person's right, while (A) and (C) name other boxes.",
            BOX,
            "B",
        ),
    ),  # noqa: E501
    (
        K,
        Row(
            "leading",
            "qwen",
            "C. turn left\nThe red wall of image 2 is on the person's left; turning right (B) or around (A) would show other walls.",
            TURN,
            "C",
        ),
    ),  # noqa: E501
    (
        K,
        Row(
            "leading",
            "llama",
            "**A**\n\nFrom the person's position the yellow box is the rightmost one. Options B and C are in the middle and D is at the far left.",
            BOX,
            "A",
        ),
    ),  # noqa: E501
    (
        K,
        Row(
            "leading",
            "gpt4",
            "(C)\n\nReasoning: the person faces the window. Neither (A) the door nor (D) the mirror is in their line of sight.",
            SEES,
            "C",
        ),
    ),  # noqa: E501
    (
        K,
        Row(
            "leading",
            "claude",
            "B — image 2. Image 1 (A) shows the room from the doorway and image 4 (D) from the window.",
            VIEW,
            "B",
        ),
    ),  # noqa: E501
    (
        TWO,
        Row(
            "leading",
            "gpt4",
            "B\n\nThe figure faces away from the cup; option A would only fit if it were turned toward it.",
            YN,
            "B",
        ),
    ),  # noqa: E501
    (
        TWO,
        Row(
            "leading",
            "claude",
            "A\n\nYes — the minifigure faces the ball and nothing blocks it, so B (No) does not apply.",
            YN,
            "A",
        ),
    ),  # noqa: E501
    (
        TWO,
        Row(
            "leading",
            "llava",
            "A\nExplanation: the wardrobe stands between them, so B would be wrong here.",
            NY,
            "A",
        ),
    ),  # noqa: E501
    (
        TWO,
        Row(
            "leading",
            "qwen",
            "B. 3\nOnly the three dots on the wall he faces count; option A (4) also includes a dot behind him.",
            DOTS_SW,
            "B",
        ),
    ),  # noqa: E501
    # --- 2. contrast and elimination ------------------------------------------------------
    (K, Row("contrast", "gpt4", "It's B, not D.", WHERE, "B")),
    (K, Row("contrast", "llama", "A is wrong, C is wrong, D is wrong. B.", TURN, "B")),
    (
        K,
        Row(
            "contrast",
            "claude",
            "Not C — it's D. The person has their back to that box.",
            WHERE,
            "D",
        ),
    ),  # noqa: E501
    (K, Row("contrast", "qwen", "B rather than D: the box is on the person's right.", WHERE, "B")),
    (
        K,
        Row(
            "contrast",
            "llama",
            "Option A can be ruled out because the lamp is behind her, and option C is wrong since the window is on her left. That leaves B.",
            SEES,
            "B",
        ),
    ),  # noqa: E501
    (
        K,
        Row(
            "contrast",
            "gpt4",
            "The correct answer is not C; the person would have to turn right, so the answer is B.",
            TURN,
            "B",
        ),
    ),  # noqa: E501
    (K, Row("contrast", "gpt4", "The answer is not A.", WHERE, None)),
    (K, Row("contrast", "claude", "It isn't A or B.", BOX, None)),
    (K, Row("contrast", "llava", "Definitely not D.", TURN, None)),
    (TWO, Row("contrast", "gpt4", "It's A, not B.", YN, "A")),
    (TWO, Row("contrast", "claude", "He sees 3, not 4.", DOTS_SW, "B")),
    (
        TWO,
        Row("contrast", "llama", "I count three dots on the wall he faces, not four.", DOTS, "A"),
    ),
    # with two options, ruling one out picks the other (the `excluded` reader)
    (TWO, Row("contrast", "qwen", "The answer is not A.", NY, "B")),
    (TWO, Row("contrast", "llava", "Not 3.", DOTS, "B")),
    (TWO, Row("contrast", "llava", "Neither 3 nor 4.", DOTS, None)),
    (TWO, Row("contrast", "gpt4", "More than 1, so 2.", FEW, "B")),
    # --- 3. an option named only in a negated or contrastive clause ------------------------
    (
        K,
        Row(
            "negated",
            "claude",
            "She sees the lamp and the mirror, but the door is behind her.",
            OBJECTS,
            None,
        ),
    ),  # noqa: E501
    (K, Row("negated", "gpt4", "The door is behind her, so she cannot see it.", OBJECTS, None)),
    (K, Row("negated", "llava", "Not to the left.", WHERE, None)),
    (K, Row("negated", "llama", "Not the door.", SEES, None)),
    (K, Row("negated", "qwen", "She can see the lamp, but the door is behind her.", SEES, "B")),
    (
        K,
        Row(
            "negated",
            "claude",
            "They don't want to pick up the red box; they are heading for the green one.",
            PICK,
            None,
        ),
    ),  # noqa: E501
    (
        TWO,
        Row("negated", "gpt4", "There are 3 dots behind him, so he cannot see them.", DOTS, None),
    ),
    # --- 4. letter and value contradict --------------------------------------------------
    (K, Row("contradiction", "qwen", "C. to the left", WHERE, None)),
    (K, Row("contradiction", "llama", "Answer: (B) turn left", TURN, None)),
    (K, Row("contradiction", "gpt4", "the red box (A)", BOX, None)),
    (
        K,
        Row(
            "contradiction",
            "claude",
            "A) Image 3 — it shows the shelf the person faces.",
            VIEW,
            None,
        ),
    ),  # noqa: E501
    (K, Row("contradiction", "gpt4", "D) behind", WHERE, "D")),
    (TWO, Row("contradiction", "gpt4", "Yes (A)", NY, None)),
    (TWO, Row("contradiction", "llava", "No (A)", YN, None)),
    (TWO, Row("contradiction", "qwen", "(B) Yes", YN, None)),
    (TWO, Row("contradiction", "llama", "(A) 4", DOTS, None)),
    (TWO, Row("contradiction", "claude", "Yes (B)", NY, "B")),
    # --- 5. hedged but committed ---------------------------------------------------------
    (K, Row("hedged", "gpt4", "Hard to be certain, but B seems most likely.", WHERE, "B")),
    (
        K,
        Row(
            "hedged",
            "claude",
            "I can't be completely sure from this angle, but I'd lean towards C.",
            TURN,
            "C",
        ),
    ),  # noqa: E501
    (
        K,
        Row(
            "hedged",
            "gpt4",
            "It's difficult to determine with certainty, but the most likely answer is D.",
            BOX,
            "D",
        ),
    ),  # noqa: E501
    (
        K,
        Row(
            "hedged",
            "llama",
            "I cannot determine this for sure from the image, but probably A.",
            SEES,
            "A",
        ),
    ),  # noqa: E501
    (
        K,
        Row(
            "hedged",
            "qwen",
            "Impossible to tell for sure, but C is the more likely one.",
            VIEW,
            "C",
        ),
    ),  # noqa: E501
    (TWO, Row("hedged", "claude", "It's hard to be sure, but probably no.", YN, "B")),
    (
        TWO,
        Row(
            "hedged", "llava", "Difficult to count precisely, but I think he sees 3.", DOTS_SW, "B"
        ),
    ),  # noqa: E501
    (TWO, Row("hedged", "gpt4", "Probably yes.", NY, "B")),
    (
        TWO,
        Row(
            "hedged",
            "llama",
            "I can't tell for certain, but the minifigure most likely cannot see the cup, so B.",
            YN,
            "B",
        ),
    ),  # noqa: E501
    (TWO, Row("hedged", "qwen", "Impossible to tell exactly, but probably 4.", DOTS, "B")),
    # --- 6. the options echoed back, then an answer -----------------------------------------
    (
        K,
        Row(
            "echo",
            "llava",
            "Options:\nA. to the left\nB. to the right\nC. in front\nD. behind\n\nAnswer: C",
            WHERE,
            "C",
        ),
    ),  # noqa: E501
    (
        K,
        Row(
            "echo",
            "llama",
            "A. turn around B. turn right C. turn left D. keep facing forward -- C",
            TURN,
            "C",
        ),
    ),  # noqa: E501
    (
        K,
        Row(
            "echo",
            "qwen",
            "Options: A. Image 1 B. Image 2 C. Image 3 D. Image 4\nThe matching view is Image 4.",
            VIEW,
            "D",
        ),
    ),  # noqa: E501
    (TWO, Row("echo", "llava", "Options:\nA. Yes\nB. No\nAnswer: B", YN, "B")),
    (TWO, Row("echo", "llava", "Options: A. No B. Yes\nAnswer: A", NY, "A")),
    (TWO, Row("echo", "gpt4", "A. 3\nB. 4\nThe man sees 4 dots, so the answer is B.", DOTS, "B")),
    (TWO, Row("echo", "qwen", "A. Yes\nB. No\n\nB", YN, "B")),
    (TWO, Row("echo", "llama", "Options: A. 4 B. 3\n\nHe can see 3 of them.", DOTS_SW, "B")),
    # --- 7. the option text alone --------------------------------------------------------
    (K, Row("text", "llava", "right", WHERE, "B")),
    (K, Row("text", "llava", "behind them", WHERE, "D")),
    (K, Row("text", "gpt4", "Image 4", VIEW, "D")),
    (K, Row("text", "qwen", "blue", BOX, "B")),
    (K, Row("text", "llama", "Left.", TURN, "C")),
    (K, Row("text", "claude", "In front of them.", WHERE, "C")),
    (K, Row("text", "llava", "green", PICK, "A")),
    (K, Row("text", "gpt4", "box", BOX, None)),
    # --- 8. plain refusals and "impossible to tell" ---------------------------------------
    (K, Row("refusal", "gpt4", "It's impossible to tell from this image.", WHERE, "Z")),
    (
        K,
        Row(
            "refusal",
            "claude",
            "I can't tell from the picture which way the person is facing.",
            TURN,
            "Z",
        ),
    ),  # noqa: E501
    (
        K,
        Row(
            "refusal",
            "llama",
            "There is not enough information in the image to answer this question.",
            BOX,
            "Z",
        ),
    ),  # noqa: E501
    (K, Row("refusal", "llava", "I don't know.", SEES, "Z")),
    (TWO, Row("refusal", "gpt4", "Impossible to tell from this angle.", YN, "Z")),
    (TWO, Row("refusal", "qwen", "I cannot tell how many dots he can see.", DOTS, "Z")),
    (
        TWO,
        Row(
            "refusal",
            "llava",
            "I'm not able to tell whether the minifigure can see the cup.",
            NY,
            "Z",
        ),
    ),  # noqa: E501
    (TWO, Row("refusal", "claude", "There's no way to tell from this picture.", YN, "Z")),
    # --- mixed: the same patterns inside longer answers ------------------------------------
    (
        K,
        Row(
            "leading",
            "llama",
            "The correct answer is: **B) to the right**\n\nExplanation: Imagining yourself in the person's place, the blue box is on your right. Options A, C and D do not match.",
            WHERE,
            "B",
        ),
    ),  # noqa: E501
    (
        K,
        Row(
            "final",
            "gpt4",
            "Let's think step by step. The person in image 1 faces the blue wall, and the red wall of image 2 is on their left. Therefore, the answer is (C) turn left.",
            TURN,
            "C",
        ),
    ),  # noqa: E501
    (
        K,
        Row(
            "final",
            "claude",
            "From the person's perspective: they face the camera, so their left is our right. The green box is on our right, which makes it the leftmost box from their view: the green box (D).",
            BOX,
            "D",
        ),
    ),  # noqa: E501
    (
        TWO,
        Row(
            "contrast",
            "claude",
            "It can see the ball: the wardrobe is not in the way, so yes.",
            NY,
            "B",
        ),
    ),  # noqa: E501
    # the model corrects its opening letter: the correction is the answer
    (TWO, Row("leading", "gpt4", "A. Actually, on reflection, the answer is B.", YN, "B")),
    (TWO, Row("leading", "llama", "A\n\nNo wait, the wardrobe blocks its view.", YN, None)),
    (K, Row("leading", "llava", "A\nB\nC", WHERE, None)),
    (
        TWO,
        Row("hedged", "claude", "I'm sorry, I can't determine that for certain, but no.", YN, "B"),
    ),
    (TWO, Row("leading", "gpt4", "Yes \u2014 it faces the ball with nothing in between.", NY, "B")),
]


def test_enough_new_answers_in_several_styles() -> None:
    assert len(ROWS) >= 60
    assert {row.style for _, row in ROWS} >= {"gpt4", "claude", "llama", "qwen", "llava"}
    assert {kind for kind, _ in ROWS} == {K, TWO}
    patterns = {row.pattern for _, row in ROWS}
    assert patterns >= {
        "leading",
        "contrast",
        "negated",
        "contradiction",
        "hedged",
        "echo",
        "text",
        "refusal",
    }


@pytest.mark.parametrize(
    ("kind", "row"),
    ROWS,
    ids=[f"{kind}-{row.pattern}-{row.answer[:40]}" for kind, row in ROWS],
)
def test_pattern_is_read_right_or_left_undecided(kind: str, row: Row) -> None:
    got = read_option(row.answer, row.options)
    if row.letter is None:
        assert got.letter is None, (got, row.answer)
    else:
        assert got.letter in (row.letter, None), (got, row.answer)
    if got.letter == NO_OPTION:
        assert got.reason == "refusal"  # decided by the rules, no grader call


def test_most_patterns_with_an_answer_are_decided_by_the_rules() -> None:
    clear = [row for _, row in ROWS if row.letter is not None]
    decided = [row for row in clear if read_option(row.answer, row.options).letter == row.letter]
    assert len(decided) >= 0.85 * len(clear), len(decided) / len(clear)

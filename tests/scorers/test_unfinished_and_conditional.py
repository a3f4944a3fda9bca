"""Two principles found by blind set 3: cut-off walk-throughs and answers that depend on a condition.

- A walk-through cut off before its conclusion ("To count the minifigures, I first look at
  the 4 corners of the baseplate and then at the") has not answered yet: every reader
  leaves it undecided (`reading.unfinished_walkthrough`, one of the shared `doubts`), so
  the option readers get it too. A walk-through that concludes, or one that ends its last
  sentence, is read as before.
- An Isle-Brick-V2 answer that says different things under different conditions ("if it
  faces the chair, yes; if it faces the other way, it cannot") is undecided; restating
  the question's premise ("if the top of the image is north") is no condition.
"""

from __future__ import annotations

import pytest

from vpt_tasks.isle_brick.extraction import read_components
from vpt_tasks.scorers.options import read_option
from vpt_tasks.scorers.reading import prepare, unfinished_walkthrough

Q2 = "How many humanoid minifigures are in the picture?"
Q4 = (
    "Assuming the top of the image is north, in which cardinal direction (i.e., north, west, "
    "east, or south) is the cat located relative to the humanoid minifigure?"
)
Q6 = "Assuming that the humanoid minifigure can see and its eyes are open, does it see the cat?"
Q7 = (
    "From the perspective of the humanoid minifigure, where is the cat located relative to "
    "it? Please use terms such as front, left, right, or back."
)

CUT_OFF = [
    ("count", Q2, "To count the minifigures, I will scan the 3 rows of studs and then the"),
    (
        "cardinal",
        Q4,
        "Let's work through this. The figure stands near the bottom and the cat is to its",
    ),
    (
        "egocentric",
        Q7,
        "First, its face points at the camera, which means its left is the image's right. The cat is on the",
    ),
    (
        "yesno",
        Q6,
        "Step 1: the figure faces the wall. Step 2: the cat is behind it, where it cannot see",
    ),
]


def _read_as(kind, question, answer, expected) -> None:
    reading = read_components(answer, kind, question=question)
    if expected is None:
        assert not reading.decided, reading
    else:
        assert reading.decided and set(reading.components) == expected, reading


@pytest.mark.parametrize(("kind", "question", "answer"), CUT_OFF)
def test_a_walkthrough_cut_off_before_its_conclusion_is_undecided(kind, question, answer) -> None:
    reading = read_components(answer, kind, question=question)
    assert (reading.decided, reading.why) == (False, "unfinished_reasoning")


@pytest.mark.parametrize(
    ("kind", "question", "answer", "expected"),
    [
        (
            "count",
            Q2,
            "To count the minifigures, I scan the whole baseplate. There is 1 minifigure.",
            {"1"},
        ),
        (
            "cardinal",
            Q4,
            "Let's see: the cat is right of the figure, so the answer is east",
            {"east"},
        ),
        (
            "cardinal",
            Q4,
            "The cat is to the east of the minifigure, toward the right edge of the",
            {"east"},
        ),
    ],
)
def test_a_finished_or_concluded_walkthrough_is_read(kind, question, answer, expected) -> None:
    _read_as(kind, question, answer, expected)


def test_the_option_readers_share_the_principle() -> None:
    options = {"A": "Yes", "B": "No"}
    cut = "To answer, I will look at where the minifigure faces. It faces the shelf, and Yes"
    assert unfinished_walkthrough(prepare(cut))
    reading = read_option(cut, options)
    assert (reading.letter, reading.reason) == (None, "unfinished_reasoning")
    assert (
        read_option("To answer, I look at where it faces. It faces the shelf: Yes.", options).letter
        == "A"
    )


@pytest.mark.parametrize(
    ("kind", "question", "answer"),
    [
        (
            "yesno",
            Q6,
            "If the minifigure faces the cat, then yes, it sees it; if it faces the wall, it cannot.",
        ),
        (
            "egocentric",
            Q7,
            "If it is looking at the camera, the cat is on its left. Otherwise it is on its right.",
        ),
    ],
)
def test_an_answer_that_depends_on_a_condition_is_undecided(kind, question, answer) -> None:
    reading = read_components(answer, kind, question=question)
    assert not reading.decided, reading


@pytest.mark.parametrize(
    ("kind", "question", "answer", "expected"),
    [
        (
            "cardinal",
            Q4,
            "If the top of the image is north, the cat is east of the minifigure.",
            {"east"},
        ),
        ("yesno", Q6, "If it can see, yes: the cat is right in front of it.", {"yes"}),
        # what would be under another condition is not the scene
        (
            "cardinal",
            Q4,
            "The cat is east. If the photo was taken from the other side, it would be west.",
            {"east"},
        ),
        (
            "yesno",
            Q6,
            "Yes. If the wardrobe stood between them it could not, but nothing blocks it.",
            {"yes"},
        ),
    ],
)
def test_a_premise_or_an_idle_condition_is_no_branch(kind, question, answer, expected) -> None:
    _read_as(kind, question, answer, expected)


# --- principles found by blind set 4 (Isle-Brick-V2 traps) -----------------------------
Q1 = "List and count all objects in the image that are not humanoid minifigures."
Q3 = "Are the humanoid minifigure and the goblet on the same surface?"
Q5 = (
    "Assuming the top of the image is north, which cardinal direction (i.e., north, west, "
    "east, or south) is the humanoid minifigure facing?"
)


SET_FOUR = [
    # a count: a lone "0." opens with its number; two counts settle nothing; a list
    # counts its items only when it is not cut off
    (
        "count",
        Q1,
        "0. The image shows just the minifigure on its baseplate.",
        {"0"},
    ),
    ("count", Q1, "Objects:\n- Goblet\n- Chair", {"2"}),
    ("count", Q1, "Objects:\n1. Goblet: a golden cup.\n2. Chair: the goblet stands on", None),
    (
        "count",
        Q2,
        "There is no humanoid minifigure here. There is one figure, but it is a droid.",
        None,
    ),
    ("count", Q1, "One object, the goblet, and no other objects.", {"1"}),
    # a leading "No" that is a determiner; a Yes its last seeing statement contradicts
    ("yesno", Q3, "No question about it, yes: both stand on the grey plate.", {"yes"}),
    (
        "yesno",
        Q6,
        "Yes, it can see the cat. But it faces the wall, so it cannot see the cat.",
        None,
    ),
    (
        "yesno",
        Q6,
        "Yes, it can see it. Wait, it faces away, so no, it cannot see the cat.",
        {"no"},
    ),
    # compass words naming a part of the image; Q5 directions beyond the facing
    (
        "cardinal",
        Q4,
        "The cat is in the western half of the image, left of the minifigure.",
        None,
    ),
    (
        "cardinal",
        Q5,
        "It is facing east, although the cat it glances at sits to the north.",
        {"east"},
    ),
    ("cardinal", Q5, "It is facing east, with its raised arm pointing north.", None),
    (
        "cardinal",
        Q5,
        "It faces mostly west, slightly turned toward the north.",
        {"north", "west"},
    ),
    (
        "cardinal",
        Q5,
        "The minifigure is facing north-east, toward the cat in the north-east.",
        {"north", "east"},
    ),
    # body parts and positions placed in the image are not the figure's frame
    ("egocentric", Q7, "Its left hand holds a cup; the cat is behind it.", {"back"}),
    (
        "egocentric",
        Q7,
        "The cat is right of the minifigure in the picture; for the figure it is behind.",
        {"back"},
    ),
]


# --- principles found by the trap sets -------------------------------------------------
TRAPS = [
    ("yesno", Q3, "They are not on different surfaces; both stand on the grey plate.", None),
    ("yesno", Q3, "Yes, the figure is on the plate, but the goblet is on a box, so no.", None),
    (
        "yesno",
        Q3,
        "Hard to judge at first, but both sit on the same wide grey surface.",
        {"yes"},
    ),
    ("count", Q2, "I'm sorry, but I can't determine how many minifigures there are.", set()),
    (
        "yesno",
        Q6,
        "Its eyes are open, yes, but it faces away, so it would not be able to see it.",
        None,
    ),
    (
        "cardinal",
        Q4,
        "Direction: S\n\nThe cat is below the figure (its shadow falls to the east).",
        {"south"},
    ),
    (
        "cardinal",
        Q5,
        "The light comes from the west. It faces north; the cat lies to its east.",
        {"north"},
    ),
    ("cardinal", Q5, "The minifigure is facing to the west, towards the plant.", {"west"}),
    ("egocentric", Q7, "Right, so from its point of view the cat is behind it.", {"back"}),
]


OPTION_TRAPS = [
    # a question asking for what is NOT the case is read by letter only
    (
        "He can see the ball, the dog and the fence, but not the tree.",
        {"A": "the ball", "B": "the dog", "C": "the fence", "D": "the tree"},
        "Which object can the boy NOT see?",
        None,
    ),
    (
        "Answer: D",
        {"A": "the ball", "B": "the dog", "C": "the fence", "D": "the tree"},
        "Which object can the boy NOT see?",
        "D",
    ),
    # a first line and a final answer that differ, with no correction between
    (
        "C\n\nShe faces the wall and the cat is on the floor.\n\nFinal answer: A",
        {"A": "on her left", "B": "on her right", "C": "in front of her", "D": "behind her"},
        None,
        None,
    ),
    # "No" about being blocked, then a clear view: the Yes/No and the statement disagree
    (
        "No, it's not blocked: the minifigure has a clear view of the cup.",
        {"A": "Yes", "B": "No"},
        None,
        None,
    ),
]


# --- principles found by the second trap sets ------------------------------------------
TRAPS_2 = [
    (
        "count",
        Q1,
        "Objects:\n1. Goblet\n\nOn second look, there is a second goblet behind it.",
        None,
    ),
    ("count", Q1, "The goblet is the only one; the wall and floor I count as zero.", None),
    ("count", Q2, "There are no other humanoid minifigures besides the one at the desk.", None),
    ("count", Q1, "There are no objects other than the minifigure.", {"0"}),
    ("count", Q2, "I can't make out any humanoid figures, only the plant.", {"0"}),
    ("count", Q2, "Two minifigure-sized pieces, but only one of them is humanoid.", {"1"}),
    (
        "cardinal",
        Q4,
        "The cat lies about 90 degrees clockwise from north, seen from the figure.",
        None,
    ),
    ("cardinal", Q4, "The minifigure is west of the cat.", {"east"}),  # turned (r55)
    ("cardinal", Q4, "Comparing their positions, the cat is to the south, but slightly", None),
    ("yesno", Q6, "Yes, if it turned its head; as it stands, the cat is behind it.", None),
    ("egocentric", Q7, "The cat is behind it, over its right shoulder.", {"back", "right"}),
    ("egocentric", Q7, "The cat would be in front of it if it turned around.", None),
    (
        "yesno",
        Q6,
        "If it turned, it would see the cat, but as it stands it cannot see it.",
        {"no"},
    ),
]


OPTION_TRAPS_2 = [
    (
        "Both A and C fit - he could be looking at either.",
        {"A": "the roses", "B": "the feeder", "C": "the fence", "D": "the can"},
        None,
        None,
    ),
    (
        "She is looking at the laptop, not the book. Answer: A",
        {"A": "the book", "B": "the laptop", "C": "the librarian", "D": "the clock"},
        None,
        None,
    ),
    (
        "Not the book: she reads the laptop screen. Answer: B",
        {"A": "the book", "B": "the laptop", "C": "the librarian", "D": "the clock"},
        None,
        "B",
    ),
    # a Yes supported only by the object being in the picture answers another question
    (
        "Yes, the lamp is present in the image, next to the wardrobe.",
        {"A": "No", "B": "Yes"},
        "Assuming the minifigure can see, can it see the lamp in the picture?",
        None,
    ),
    (
        "Yes, the lamp is in its line of sight.",
        {"A": "No", "B": "Yes"},
        "Assuming the minifigure can see, can it see the lamp in the picture?",
        "B",
    ),
    # set 5 (model families): the last "so" sentence names another option; the person's side
    # worked out from the image's, then a bare letter; a figure facing away, then Yes
    (
        "So, there are 2 blue dots in total.\n\nThe answer is A.",
        {"A": "1", "B": "2"},
        None,
        None,
    ),
    (
        "She faces the camera, so her right is the image's left. The bench is there.\n\nAnswer: A",
        {"A": "the stroller", "B": "the fence", "C": "the bench", "D": "the tree"},
        None,
        None,
    ),
    (
        "She faces the camera, so her right is the image's left: the bench. Answer: C. the bench",
        {"A": "the stroller", "B": "the fence", "C": "the bench", "D": "the tree"},
        None,
        "C",
    ),
    (
        "The minifigure is facing away from the chest. B",
        {"A": "No", "B": "Yes"},
        None,
        None,
    ),
    # set 6: two options' values stated, only the last "so" picks one; a bare ordinal-like number
    (
        "There are 5 yellow dots. However, one is hidden, so only 4 are fully visible.",
        {"A": "4", "B": "5"},
        None,
        None,
    ),
    ("2", {"A": "Image 2", "B": "Image 3", "C": "Image 4", "D": "Image 5"}, None, None),
    ("2", {"A": "Image 1", "B": "Image 2", "C": "Image 3", "D": "Image 4"}, None, "B"),
    # set 7: a lone "4." opens with its answer; a paraphrase names a second option
    (
        "4. The man with the purple hoodie sees three blue squares.",
        {"A": "3", "B": "4"},
        None,
        None,
    ),
    (
        "The lamp is to her left and slightly behind her.",
        {"A": "on her left", "B": "on her right", "C": "in front of her", "D": "behind her"},
        None,
        None,
    ),
    # set 8: the explanation concludes another option in its own words
    (
        "**Answer: B**\n\nThe man is looking at the ball at his feet, which means he intends to kick it.",
        {
            "A": "to kick the ball",
            "B": "to throw the frisbee",
            "C": "to sit down",
            "D": "to tie his shoe",
        },
        None,
        None,
    ),
    (
        "**Answer: B**\n\nHis arm is drawn back, so he is about to throw the frisbee.",
        {
            "A": "to kick the ball",
            "B": "to throw the frisbee",
            "C": "to sit down",
            "D": "to tie his shoe",
        },
        None,
        "B",
    ),
    # set 9: another option's text beside the letter; the total chosen for a seeing question
    (
        "From the man's perspective, the bicycle is on his right, which corresponds to option A.",
        {"A": "on his left", "B": "on his right", "C": "in front of him", "D": "behind him"},
        None,
        None,
    ),
    (
        "From his position he can see 3 purple dots. In total there are 4 purple dots.\n\nAnswer: B",
        {"A": "3", "B": "4"},
        "How many purple dots does the man see?",
        None,
    ),
    (
        "From his position he can see 3 purple dots. In total there are 4 purple dots.\n\nAnswer: A",
        {"A": "3", "B": "4"},
        "How many purple dots does the man see?",
        "A",
    ),
    # set 10: the value after the last "so" is another option's; an earlier "text (letter)" pick
    (
        "Two red dots are on that wall and one more near the edge, so he sees 3 red dots.\n\nAnswer: A",
        {"A": "2", "B": "3"},
        None,
        None,
    ),
    (
        "The leftmost person would be the man with the camera (C).\n\nAnswer: D",
        {
            "A": "the man with the laptop",
            "B": "the barista",
            "C": "the man with the camera",
            "D": "the girl",
        },
        None,
        None,
    ),
    (
        "The leftmost person would be the man with the camera (C).\n\nAnswer: C",
        {
            "A": "the man with the laptop",
            "B": "the barista",
            "C": "the man with the camera",
            "D": "the girl",
        },
        None,
        "C",
    ),
]


# --- principles found by the third trap sets -------------------------------------------
TRAPS_3 = [
    ("yesno", Q6, '{"sees_object": false}', None),
    (
        "cardinal",
        Q4,
        "The cat is lower in the picture. Taking the top as north, it is therefore to the",
        None,
    ),
    (
        "cardinal",
        Q4,
        "Taking the top of the image as north, the cat is east of the minifigure.",
        {"east"},
    ),
    ("yesno", Q3, "Yes, they are.", {"yes"}),
    # set 5 (model families): a lead its last sentence contradicts; "the only object"
    (
        "yesno",
        Q3,
        "Yes, they are on the same surface. The cat is on a shelf. So they are not on the same surface.",
        None,
    ),
    (
        "count",
        Q1,
        "There are 2 objects in the image. The cat is the only object that is not a minifigure.",
        None,
    ),
    ("count", Q1, "The cat is the only object besides the minifigure.", {"1"}),
    ("count", Q1, "It is blurry; the only thing I can make out is the minifigure itself.", None),
    # set 6 (other settings): another thing's place, negated evidence, two figures, partly
    (
        "cardinal",
        Q4,
        "The wardrobe to the north blocks part of the view; the cat is to the east of it.",
        {"east"},
    ),
    (
        "egocentric",
        Q7,
        "The cat is behind the minifigure, partly hidden by the wardrobe on its left.",
        {"back"},
    ),
    (
        "yesno",
        Q3,
        "There is no sign that they are on different surfaces; both rest on the same tabletop.",
        {"yes"},
    ),
    (
        "yesno",
        Q3,
        "The minifigure on the left is on the same surface as the goblet, but the one on the right is not.",
        None,
    ),
    ("yesno", Q6, "Only partially: the wardrobe hides most of the cat.", None),
    # set 7: an answer word its own evidence contradicts
    ("yesno", Q3, "The minifigure and the goblet are on the same surface, no.", None),
    # set 9: a count with another count under a condition
    ("count", Q2, "There is 1 humanoid minifigure (2 if the cat figure is also counted).", None),
    # set 10: "may or may not"; a walk-through cut right after its "so"
    ("yesno", Q3, "I can't tell exactly. They may or may not be on the same surface.", None),
    (
        "yesno",
        Q3,
        "To determine this, let's look step by step: 1. The figure is on the plate. 2. The goblet is hidden, so",
        None,
    ),
    # set 11: a zero beside "only a <something else>"; a hedged second figure; "no second one"
    (
        "count",
        Q2,
        "There are no humanoid minifigures in the picture, only a LEGO dog on a baseplate.",
        {"0"},
    ),
    (
        "count",
        Q2,
        "There is a minifigure by the desk, and possibly another one hidden behind it.",
        None,
    ),
    ("count", Q2, "There is no second minifigure; only one is visible, next to the goblet.", {"1"}),
]


def test_an_answer_word_before_a_bracketed_letter_is_read_with_it() -> None:
    """ "Answer: Yes (B)" with B = No names two options (found by the third option trap set)."""
    assert read_option("Answer: Yes (B)", {"A": "Yes", "B": "No"}).letter is None
    assert read_option("Answer: No (B)", {"A": "Yes", "B": "No"}).letter == "B"


@pytest.mark.parametrize(
    ("kind", "question", "answer", "expected"), SET_FOUR + TRAPS + TRAPS_2 + TRAPS_3
)
def test_principles_found_by_the_later_sets(kind, question, answer, expected) -> None:
    _read_as(kind, question, answer, expected)


@pytest.mark.parametrize(
    ("answer", "options", "question", "expected"), OPTION_TRAPS + OPTION_TRAPS_2
)
def test_option_principles_found_by_the_trap_sets(answer, options, question, expected) -> None:
    assert read_option(answer, options, question=question).letter == expected


def test_a_first_person_count_that_leaves_out_the_speaker_is_undecided() -> None:
    """ "Apart from me, I can see one other minifigure" counts one besides the speaker."""
    reading = read_components(
        "Apart from me, I can see one other minifigure near the desk.",
        "count",
        question="How many humanoid minifigures are in the picture?",
        first_person=True,
    )
    assert not reading.decided, reading


def test_a_last_line_holding_one_letter_is_an_answer_given_not_a_cut() -> None:
    """r267 (four267-047): "I should note that ..." opens like a walk-through, and the answer
    ends on a line holding only "A": the answer was given, the token limit cut nothing."""
    options = {"A": "behind", "B": "right", "C": "front", "D": "left"}
    answer = (
        "I should note that I can't actually be the person in the image, but imagining myself "
        "in their position: I'm facing the fence, and the dog is sitting on the lawn behind me."
        "\n\nA"
    )
    assert not unfinished_walkthrough(prepare(answer))
    assert read_option(answer, options).letter == "A"
    assert unfinished_walkthrough(prepare(answer[: answer.index("behind")]))


@pytest.mark.parametrize(
    "answer",
    [
        "I am going to open the window. C",  # r295 (four295-054)
        "I will open the window! C",
        "Let me think: I face the window and I'm about to open it. (C)",
    ],
)
def test_a_last_sentence_holding_one_letter_is_an_answer_given_not_a_cut(answer: str) -> None:
    """A first-person answer opens like a walk-through ("I am going to ..."); a last sentence
    of one letter after it is the answer given, as a last line of one letter is."""
    options = {
        "A": "turn on the light",
        "B": "sit on the chair",
        "C": "open the window",
        "D": "close the curtain",
    }
    assert not unfinished_walkthrough(prepare(answer))
    assert read_option(answer, options).letter == "C"
    assert unfinished_walkthrough(prepare("I am going to open the"))


def test_a_list_cut_off_at_its_next_number_is_unfinished() -> None:
    """A walk-through whose list stops at the next item's number ("1. a silver kettle\\n2.")
    ends in a full stop but has not concluded."""
    options = {"A": "a silver kettle", "B": "a red bowl", "C": "a glass jar", "D": "a pan"}
    answer = (
        "To determine which item is leftmost, I first establish his orientation. He faces the "
        "camera. From right to left in the image:\n\n1. a silver kettle\n2."
    )
    assert unfinished_walkthrough(prepare(answer))
    assert read_option(answer, options).letter is None
    finished = answer.replace("\n2.", "\n\nSo the leftmost item is a silver kettle: A.")
    assert read_option(finished, options).letter == "A"


@pytest.mark.parametrize(
    ("answer", "kind"),
    [
        ("The rocket is located", "egocentric"),  # r211 brick211-067
        ("The minifigure is facing the", "cardinal"),  # r227 brick227-050
        ("The minifigure and the pumpkin are on", "yesno"),  # r235 brick235-030
        ("From my perspective, the ball is located", "egocentric"),  # r243 brick243-070
        ("The minifigure is looking at", "yesno"),  # r247 brick247-059
    ],
)
def test_a_fragment_cut_off_before_any_answer_is_the_papers_failed_answer(answer, kind) -> None:
    """Every such answer of r12-r262 is labelled as answering nothing: decided, no component
    (scored 0 as the paper scores an answer that gives none), where it was undecided."""
    reading = read_components(answer, kind)
    assert (reading.decided, reading.components, reading.why) == (True, frozenset(), "unfinished")


@pytest.mark.parametrize(
    "answer",
    [
        "The man with the purple hoodie is facing the",  # r111 two111-058
        "The Lego minifigure with the red cap is standing next to the",  # r91 two91-059
    ],
)
def test_an_option_answer_cut_off_before_any_answer_picks_no_option(answer: str) -> None:
    reading = read_option(answer, {"A": "Yes", "B": "No"})
    assert (reading.letter, reading.reason) == ("Z", "unfinished"), reading


@pytest.mark.parametrize(
    ("answer", "kind"),
    [
        ("The cat is to the left of the", "egocentric"),  # a side named before the cut
        ("There is one minifigure and", "count"),  # a count named before the cut
        ("The minifigure is facing the. It is west", "cardinal"),  # two sentences
    ],
)
def test_a_fragment_naming_something_is_not_a_failed_answer(answer: str, kind) -> None:
    assert read_components(answer, kind).why != "unfinished"


def test_a_sentence_said_again_and_cut_is_a_repetition_not_a_cut_answer() -> None:
    """r315 (brick315-068): "The chair is located at the back of the minifigure. The chair is
    located at the" was left undecided as cut off before its answer."""
    said = "The chair is located at the back of the minifigure."
    read = read_components(f"{said} The chair is located at the", "egocentric")
    assert read.decided and read.components == {"back"}, read
    # a new sentence cut off is still cut off
    read = read_components(f"{said} The lamp is located at the", "egocentric")
    assert (read.decided, read.why) == (False, "cut_off"), read


def test_a_seeing_statement_cut_off_before_its_thing_is_no_yes() -> None:
    """r341 (brick341-060): "I can see the" (cut off) was read as Yes."""
    question = "Can the minifigure see the cup?"
    reading = read_components("I can see the", "yesno", question=question, first_person=True)
    assert not reading.decided and reading.why == "cut_off", reading
    assert read_components("yes they are", "yesno").decided  # an answer word stands


def test_answers_under_an_assumed_facing_after_a_disclaimer_are_no_refusal() -> None:
    """r341 (brick341-070): a disclaimer, then a side under each facing it might have, was
    read as the paper's disclaimer (no components, decided)."""
    answer = (
        "I can't reliably tell which way I'm facing from this image; the face print isn't "
        "visible. If I'm facing the camera, the chest would be to my right; if I'm facing away, "
        "it would be to my left."
    )
    reading = read_components(answer, "egocentric", first_person=True)
    assert not reading.decided and reading.why == "facing_assumed", reading
    refusal = "I can't reliably tell which way I'm facing from this image."
    assert read_components(refusal, "egocentric", first_person=True).why == "disclaimer"

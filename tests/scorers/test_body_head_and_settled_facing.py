"""Four principles of the stop of 2026-11-29 10:17, each tested on answers written here from
the shape of a fix-from error (r349, r351, r359), not copied from the held-out rows:

- the body's facing set against the head's, each giving its own answer, is two answers
  (`reading.body_and_head`): undecided, for an option and for Isle-Brick-V2 components; a
  part that gives no answer ("her head is turned slightly") is a caveat;
- a reason put first ("Since he faces the camera, the fountain is behind him.") concludes
  what follows its comma, as "so" does: a declared letter naming another option objects;
- "It depends on which way the car is facing" that the answer then settles as a fact ("Its
  headlights point to the left ...") is no hesitation; a dependence left open, or settled only
  under a supposition ("if"), still is;
- a second letter offered as a possibility ("A. Yes, or possibly B if ...") is an alternative.
"""

from __future__ import annotations

import pytest

from vpt_tasks.core.config import load_config
from vpt_tasks.isle_brick.extraction import QUESTION_KINDS, read_components
from vpt_tasks.scorers.options import read_option
from vpt_tasks.scorers.yes_probability import text_yes_probability

SIDES = {"A": "front", "B": "behind", "C": "left", "D": "right"}
WHERE = (
    "From the perspective of the girl in the red coat in the picture, in which direction is the "
    "kite? Answer with the option's letter from the given choices directly."
)
Q5 = load_config("isle_brick")["questions"]["Q5"]["text"]


@pytest.mark.parametrize(
    "answer",
    [
        "It comes down to what counts as her facing: going by her body, the kite is in front "
        "of her, but going by where her head is turned, it is on her right.\n\nAnswer: D",
        "Judged by her body the kite is in front of her, while her head is turned so that it "
        "is on her right.\n\nAnswer: D",
    ],
)
def test_body_and_head_each_naming_an_option_leave_it_undecided(answer: str) -> None:
    assert read_option(answer, SIDES, question=WHERE).letter is None


def test_a_head_turned_with_no_answer_of_its_own_is_a_caveat() -> None:
    answer = (
        "Her head is turned a little, but based on her body orientation the kite is on her "
        "right.\n\nAnswer: D"
    )
    assert read_option(answer, SIDES, question=WHERE).letter == "D"


def test_body_and_head_facing_different_cardinals_leave_components_undecided() -> None:
    answer = (
        "The minifigure's torso is facing the viewer, which is south. However, its head is "
        "turned to its right, which would be west."
    )
    reading = read_components(answer, QUESTION_KINDS["Q5"], question=Q5)
    assert not reading.decided
    assert reading.why == "body_and_head"


def test_a_head_turned_to_its_side_beside_the_body_facing_is_read() -> None:
    answer = "Its head is turned slightly to its left, but its body faces north-west."
    reading = read_components(answer, QUESTION_KINDS["Q5"], question=Q5)
    assert reading.decided
    assert set(reading.components) == {"north", "west"}


@pytest.mark.parametrize(
    ("answer", "letter"),
    [
        (
            "Step 1: The girl sits on the wall facing the camera.\nStep 2: The kite is in the "
            "background, further from the camera than the wall.\nStep 3: Since she faces the "
            "camera, the kite is behind her.\n\nAnswer: A",
            None,
        ),
        (
            "Step 1: The girl stands by the fence, facing the camera.\nStep 2: Since she faces "
            "the camera, the kite is behind her.\n\nAnswer: B",
            "B",
        ),
    ],
)
def test_a_reason_put_first_concludes_what_follows_its_comma(answer: str, letter) -> None:
    reading = read_option(answer, SIDES, question=WHERE)
    assert reading.letter == letter
    if letter is None:
        assert reading.reason == "reasoning_disagrees"


CAR = "From the car's viewpoint, is the ball behind the car? Answer Yes or No."


@pytest.mark.parametrize(
    ("reply", "p"),
    [
        (
            "That depends on which way the car is facing. Its headlights point towards the "
            "right of the picture and the ball lies on the left, so from the car's own "
            "viewpoint the ball is behind it.\n\nYes.",
            1.0,
        ),
        (
            "It depends on which way the car is facing. The car appears to be facing the "
            "camera, and the ball is between the car and the camera.\n\nNo.",
            0.0,
        ),
    ],
)
def test_a_dependence_on_the_facing_that_the_answer_settles_is_no_hesitation(
    reply: str, p: float
) -> None:
    assert text_yes_probability(reply, question=CAR) == p


@pytest.mark.parametrize(
    "reply",
    [
        "That depends on which way the car is facing.\n\nYes.",
        "That depends on which way the car is facing. If it is facing the camera, the ball "
        "is behind it.\n\nYes.",
        "It depends on which way the car is facing. The car appears to be facing left; "
        "assuming that, the ball is behind it.\n\nYes.",
    ],
)
def test_a_dependence_left_open_or_settled_under_a_supposition_still_hesitates(reply: str) -> None:
    assert text_yes_probability(reply, question=CAR) is None


SEE = {"A": "Yes", "B": "No"}
CAN_SEE = (
    "Assuming the Lego minifigure with a red cap has the ability to see, can it see the kite in "
    "the picture? Respond solely with A or B."
)


@pytest.mark.parametrize(
    "answer",
    [
        "B. No, or maybe A if it is turned a little further than it looks.",
        "A, or perhaps B.",
        "Answer: B (or possibly A instead).",
    ],
)
def test_a_second_letter_offered_as_a_possibility_is_an_alternative(answer: str) -> None:
    reading = read_option(answer, SEE, question=CAN_SEE)
    assert reading.letter is None
    assert reading.reason == "alternatives"


def test_or_possibly_before_an_article_offers_no_letter() -> None:
    answer = "B. No: it faces the wall, or possibly a window, and the kite is behind it."
    assert read_option(answer, SEE, question=CAN_SEE).letter == "B"

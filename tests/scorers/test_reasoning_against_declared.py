"""The protocol (docs/reading-answers.md, "Where the reasoning and the declared answer
disagree"): when the reasoning places the asked thing at one option and the declared letter
names another, the rules do not choose. Blind round r23 (four23-026): "The front wheel is to
his right. So the answer is D. left." was read as D. Every reader holds it for a reasoning
block ("<think>... Answer No.</think> Yes", r267): the options, COMFORT's text and
Isle-Brick-V2's components."""

from __future__ import annotations

import pytest

from vpt_tasks.isle_brick.extraction import read_components
from vpt_tasks.scorers import options as options_module
from vpt_tasks.scorers.options import read_option
from vpt_tasks.scorers.yes_no_text import text_yes_probability

OPTIONS = {"A": "front", "B": "behind", "C": "right", "D": "left"}
QUESTION = "From the perspective of the man in the red cap, in which direction is the lamp?"


@pytest.mark.parametrize(
    "answer",
    [
        "He faces the table. The lamp is to his right. So the answer is D. left.",
        "He is looking at the door. The lamp is behind him.\n\nAnswer: A",
    ],
)
def test_the_reasoning_placing_the_thing_at_another_option_leaves_it_undecided(answer) -> None:
    reading = read_option(answer, OPTIONS, question=QUESTION)
    assert reading.letter is None and reading.reason == "reasoning_disagrees", reading


@pytest.mark.parametrize(
    ("answer", "letter"),
    [
        ("The lamp is to his right. So the answer is C.", "C"),  # they agree
        ("The lamp is on the left side of the image; he faces us, so it is on his right. C", "C"),
        ("- D (left): no, the lamp is not there.\n- C (right): yes.\nAnswer: C", "C"),
    ],
)
def test_agreeing_or_other_framed_statements_do_not_object(answer: str, letter: str) -> None:
    assert read_option(answer, OPTIONS, question=QUESTION).letter == letter


def test_the_asked_thing_is_found_in_a_conditional_question() -> None:
    """Blind round r31 (four31-032): "in which direction would the sink be from you?"."""
    question = "If you were the man, in which direction would the lamp be from you?"
    answer = "From my point of view the lamp is on my left. So the answer is D (right)."
    options = {"A": "front", "B": "behind", "C": "left", "D": "right"}
    reading = read_option(answer, options, question=question)
    assert reading.letter is None and reading.reason == "reasoning_disagrees", reading
    agreeing = answer.replace("D (right)", "C (left)")
    assert read_option(agreeing, options, question=question).letter == "C"


EXTREME = {
    "A": "a pepper grinder",
    "B": "a bottle of olive oil",
    "C": "a salt shaker",
    "D": "a bowl",
}
LEFTMOST = "From the woman's perspective, which of the following items appears leftmost?"


def test_another_option_named_in_the_asked_role_leaves_it_undecided() -> None:
    """r35 (four35-036): the answer names the salt shaker (C) as the leftmost, then "A"."""
    answer = "She faces the counter. The leftmost item is the salt shaker. Answer: A"
    reading = read_option(answer, EXTREME, question=LEFTMOST)
    assert reading.letter is None and reading.reason == "reasoning_disagrees", reading
    agreeing = "She faces the counter. The leftmost item is the salt shaker. Answer: C"
    assert read_option(agreeing, EXTREME, question=LEFTMOST).letter == "C"


COUNTS = {"A": "0", "B": "2"}
DOTS = "In the picture, how many red dots does the man see?"


def test_the_count_he_is_said_to_see_against_the_letter_leaves_it_undecided() -> None:
    """r33 (two33-032): "He sees 0 red dots. Answer: B" where B is 2."""
    answer = "The man is looking at the wall with two red dots. He sees 0 red dots. Answer: B"
    reading = read_option(answer, COUNTS, question=DOTS)
    assert reading.letter is None and reading.reason == "text_disagrees", reading
    # a count he is said not to see is no statement of what he sees
    answer = "There are 2 dots ahead of him and 0 behind, which he cannot see. Answer: B"
    assert read_option(answer, COUNTS, question=DOTS).letter == "B"
    assert read_option("He sees 2 red dots. Answer: B", COUNTS, question=DOTS).letter == "B"


@pytest.mark.parametrize(
    "question",
    [
        DOTS,
        "Imagine you are the woman in the picture. How many red dots can you see? Respond "
        "solely with A or B.",
    ],
)
def test_a_statement_that_none_is_seen_against_a_count_letter_leaves_it_undecided(
    question: str,
) -> None:
    """r309 (two309-058): "I cannot see any red dots because they are all behind me. A" where A
    is 2 and B is 0: the statement reads B."""
    options = {"A": "2", "B": "0"}
    subject = "He" if "man see" in question else "I"
    answer = f"{subject} cannot see any red dots because they are all behind him. A"
    reading = read_option(answer, options, question=question)
    assert reading.letter is None and reading.reason == "text_disagrees", reading
    assert read_option(answer[:-1] + "B", options, question=question).letter == "B"


@pytest.mark.parametrize(
    "answer",
    [
        # r329 (two329-042): a person of the question, and "any of them"
        "The girl is facing the camera, and all the red dots are on the wall behind her. Hence "
        "she cannot see any of them. Answer: B",
        "The girl with the yellow raincoat does not see any red dots. Answer: B",
        "She is turned away from the wall, so she sees none of them. Answer: B",
        # r361 (two361-019): "any of the dots", "none of those circles"
        "The girl faces the blank wall; the red dots are behind her. So she cannot see any of "
        "the dots.\n\nAnswer: B",
        "She has her back to the wall with the dots, so she sees none of the red dots. Answer: B",
    ],
)
def test_none_seen_by_any_person_asked_about_against_a_count_letter(answer: str) -> None:
    question = (
        "In the picture, how many red dots does the girl with the yellow raincoat see? Think "
        "step by step, then answer with A or B."
    )
    reading = read_option(answer, {"A": "0", "B": "3"}, question=question)
    assert reading.letter is None and reading.reason.endswith("_disagrees"), reading
    # none of one place's dots is no statement about them all
    for limited in (
        "She cannot see any dots on the back wall. Answer: B",
        "She cannot see any of the dots on the back wall. Answer: B",
    ):
        assert read_option(limited, {"A": "0", "B": "3"}, question=question).letter == "B"


def test_a_conditional_other_answer_after_the_answer_is_an_alternative() -> None:
    """r35 (two35-060): "Answer: A (1) However, if the dot ... counts, the answer would be B"."""
    options = {"A": "1", "B": "2"}
    answer = (
        "One dot is ahead of him, one at the edge of his view.\n\n**Answer: A (1)**\n\nHowever, "
        "if the dot at the edge counts as within his field of view, the answer would be B (2)."
    )
    reading = read_option(answer, options, question=DOTS)
    assert reading.letter is None and reading.reason == "alternatives", reading
    plain = "One dot is ahead of him, one behind him.\n\n**Answer: A (1)**"
    assert read_option(plain, options, question=DOTS).letter == "A"


KITCHEN = {"A": "a wall clock", "B": "a frying pan", "C": "a glass bowl", "D": "a spice rack"}
VISIBLE = (
    "From the perspective of the man in the picture, which of the following items are visible?"
)


def test_a_reasoning_that_puts_the_chosen_thing_out_of_sight_leaves_it_undecided() -> None:
    """r35 (four35-023): the reasoning block puts the glass bowl (C) behind him, then "C"."""
    answer = (
        "<think>He faces the stove. The frying pan is on the stove, in front of him. The glass "
        "bowl is on the table behind him.</think>\n\nC"
    )
    reading = read_option(answer, KITCHEN, question=VISIBLE)
    assert reading.letter is None and reading.reason == "reasoning_disagrees", reading
    agreeing = answer.replace("\n\nC", "\n\nB")
    assert read_option(agreeing, KITCHEN, question=VISIBLE).letter == "B"
    # "can he see the bowl?" has verdicts for options, not things: nothing to put out of sight
    verdicts = {"A": "Yes, it is in front of him", "B": "No, it is behind him"}
    behind = "<think>The bowl is on the table behind him.</think>\nB"
    assert read_option(behind, verdicts, question="Can the man see the bowl?").letter == "B"


PLATES = {"A": "a red kettle", "B": "a glass jar", "C": "a wooden spoon", "D": "a white plate"}


@pytest.mark.parametrize(
    "answer",
    [
        # r35 (four35-032): the option's text named with "the" ties the letter to the side
        "She faces the camera, so her left is the camera's right. The item farthest to the "
        "right in the image is the white plate. So from her perspective the white plate is "
        "the leftmost.\nAnswer: D",
        # the text without its article
        "She faces the camera, so her left is the image's right. Rightmost in frame: white "
        "plate.\n\nAnswer: D",
    ],
)
def test_an_option_text_named_with_another_article_ties_the_letter_to_the_side(answer) -> None:
    assert read_option(answer, PLATES, question=LEFTMOST).letter == "D"
    # the same reasoning with a letter whose text it never names still does not choose
    other = read_option(answer.replace("Answer: D", "Answer: B"), PLATES, question=LEFTMOST)
    assert other.letter is None and other.reason == "reasoning_disagrees", other


def test_an_answer_naming_its_option_without_the_article_is_read() -> None:
    """r35 (four35-022): "Therefore, she can see the metal faucet." after a walk past others."""
    options = {"A": "a red box", "B": "a metal faucet", "C": "a white mug", "D": "a cutting board"}
    answer = (
        "The red box and the white mug are on the counter behind her. The faucet is directly "
        "in front of her.\n\nTherefore, she can see the metal faucet."
    )
    assert read_option(answer, options, question=VISIBLE).letter == "B"


def test_labelled_texts_walked_through_before_the_letter_are_no_objection() -> None:
    """r23 (four23-054): "The metal faucet (B) is ... partly hidden; the yellow sponge (D) is
    right in front of him. ... Answer: D" names its own option with its label too."""
    options = {"A": "a fridge", "B": "a metal faucet", "C": "a clock", "D": "a yellow sponge"}
    answer = (
        "The metal faucet (B) is partly hidden behind his arm; the yellow sponge (D) is right "
        "in front of him.\n\nThe item most clearly visible to him is the sponge.\n\nAnswer: D"
    )
    assert read_option(answer, options, question=VISIBLE).letter == "D"
    only_other = (
        "He stands at the sink and looks down at the counter in front of him.\n\nThe item most "
        "clearly visible to him is the metal faucet (B).\n\nAnswer: D"
    )
    reading = read_option(only_other, options, question=VISIBLE)
    assert reading.letter is None and reading.reason == "reasoning_disagrees", reading


def test_another_option_given_the_asked_side_leaves_it_undecided() -> None:
    """v5 (four5-049): "... a blue cooler, which would be on his right. ... B" to "what would
    be on your right?" (A = the cooler)."""
    options = {"A": "the cooler", "B": "the picnic table", "C": "the fence", "D": "the dog"}
    question = "If you were the man at the grill, what would be on your right?"
    answer = (
        "He faces the camera. On the left side of the image there is a blue cooler, which "
        "would be on his right. On the right side of the image there is a picnic table. B"
    )
    reading = read_option(answer, options, question=question)
    assert reading.letter is None and reading.reason == "reasoning_disagrees", reading
    assert read_option(answer[:-1] + "A", options, question=question).letter == "A"
    # a question whose options are the sides asks no side of a thing
    sides = {"A": "Left", "B": "Right"}
    first_person = "The chair is on my left. In the image it is on the right, but I face you. A"
    asked = "Is the chair on your left or on your right? Respond solely with A or B."
    assert read_option(first_person, sides, question=asked).letter == "A"


@pytest.mark.parametrize(
    ("question", "answer", "agreeing"),
    [
        # r43 (four43-038): the person's own side counts in a sentence that converts frames:
        # "... on the right side of the image, which means it is on his left. So the answer is
        # D. right." places the fridge at his left (C), not at D
        (
            "From the perspective of the man in the picture, in which direction is the fridge?",
            "The man is facing away from the camera. The fridge is on the right side of the "
            "image, which means it is on his left. So the answer is D. right.",
            ("D. right", "C. left", "C"),
        ),
        # r51 (four51-032): the asked thing is found by its head noun ("the chain" for "the
        # bike chain")
        (
            "From the perspective of the man, in which direction is the bike chain?",
            "The man is bending over the bike. The chain is directly in front of his hands and "
            "face, so it is in front of him.\n\nAnswer: B. behind",
            ("B. behind", "A. front", "A"),
        ),
    ],
)
def test_a_letter_against_where_the_reasoning_puts_the_asked_thing_is_undecided(
    question: str, answer: str, agreeing: tuple[str, str, str]
) -> None:
    options = {"A": "front", "B": "behind", "C": "left", "D": "right"}
    reading = read_option(answer, options, question=question)
    assert reading.letter is None and reading.reason == "reasoning_disagrees", reading
    declared, instead, letter = agreeing
    assert read_option(answer.replace(declared, instead), options, question=question).letter == (
        letter
    )


def test_a_place_taken_back_after_an_ellipsis_is_no_place() -> None:
    """r25 (four25-060): "... corresponds to his left... no - ..., so it's to his right. (D)":
    the left given up by the self-correction does not object to D."""
    options = {"A": "front", "B": "behind", "C": "left", "D": "right"}
    question = "From the perspective of the man in the picture, in which direction is the door?"
    answer = (
        "He faces image-right. The door is at the top of the image, which corresponds to his "
        "left... no - in this side view the door is behind his right shoulder, so it is to his "
        "right.\n\n**Final answer: (D) right**"
    )
    assert read_option(answer, options, question=question).letter == "D"


@pytest.mark.parametrize(
    "answer",
    [
        # r51 (two51-057): both answers given
        "I might see the bat if I turn my head, but looking straight ahead I can't. So yes and no.",
        "Looking ahead it's out of view, so it's both yes and no.",
    ],
)
def test_yes_and_no_together_are_alternatives(answer: str) -> None:
    options = {"A": "Yes", "B": "No"}
    question = "Imagine you are the minifigure. Can you see the bat? Respond solely with A or B."
    reading = read_option(answer, options, question=question)
    assert reading.letter is None and reading.reason == "alternatives", reading
    declines = "I can't tell which way it faces, so I'm not able to pick between Yes and No here."
    assert read_option(declines, options, question=question).letter == "Z"


FRAMED = {"A": "front", "B": "behind", "C": "left", "D": "right"}
FRAMED_QUESTION = (
    "From the perspective of the woman in the blue apron, in which direction is the knife block?"
)


@pytest.mark.parametrize(
    "answer",
    [
        # r217 (four217-046): the figure's frame says right, the letter is the image's side
        "The knife block is on the left side of the image. From her point of view it would be "
        "on her right side.\n\nAnswer: C",
        # r215 (four215-031): the same, the figure's frame said "ahead ... to her right"
        "From the camera's point of view, the entrance is to the left. From the woman's point "
        "of view, it is ahead of her and slightly to her right.\n\nAnswer: C",
    ],
)
def test_a_statement_in_the_figures_frame_against_the_letter_leaves_it_undecided(
    answer: str,
) -> None:
    reading = read_option(answer, FRAMED, question=FRAMED_QUESTION)
    assert reading.letter is None, reading


@pytest.mark.parametrize(
    ("answer", "letter"),
    [
        (
            "From the camera's view it is on the left. From her point of view it is on her "
            "right.\n\nAnswer: D",
            "D",
        ),
        # "seen from behind" names no one's viewpoint
        (
            "She is seen from behind, so her left is the image's left. It is on the left side of "
            "the image. So from her perspective it is on her left. The answer is C.",
            "C",
        ),
    ],
)
def test_a_figures_frame_agreeing_with_the_letter_does_not_object(answer: str, letter: str) -> None:
    assert read_option(answer, FRAMED, question=FRAMED_QUESTION).letter == letter


Q7 = (
    "From the perspective of the humanoid minifigure, where is the cup located relative to it? "
    "Please use terms such as front, left, right, or back."
)


def test_q7_a_statement_in_the_figures_frame_against_the_answer_leaves_it_undecided() -> None:
    """r217 (brick217-069): the minifigure's frame says left, the answer says right."""
    from vpt_tasks.isle_brick.extraction import read_components

    answer = (
        "From the camera's perspective, the cup is to the right of the minifigure. From the "
        "minifigure's perspective, the cup is to its left. So the answer is right."
    )
    reading = read_components(answer, "egocentric", question=Q7)
    assert not reading.decided and reading.why == "frames_disagree", reading
    agreeing = answer.replace("answer is right", "answer is left")
    assert read_components(agreeing, "egocentric", question=Q7).components == {"left"}
    image_clause = (
        "From the minifigure's point of view, the cup is on its right, which is the left side "
        "of the image."
    )
    assert read_components(image_clause, "egocentric", question=Q7).decided


def test_my_view_is_the_figures_when_the_question_addresses_the_model_as_the_figure() -> None:
    """r211 (four211-052): "From the camera's view the window is on the left, so A. But from my
    own view, since I'm facing the camera, it is on my right." was read as A."""
    options = {"A": "left", "B": "front", "C": "right", "D": "behind"}
    answer = (
        "From the camera's view the window is on the left, so A. But from my own view, since I'm "
        "facing the camera, it is on my right."
    )
    as_figure = (
        "Imagine you are the person in the image. In which direction is the window relative to you?"
    )
    assert read_option(answer, options, question=as_figure).letter is None
    third = "From the perspective of the man in the image, in which direction is the window?"
    assert read_option(answer, options, question=third).letter == "A"  # "my" is the viewer's


PLAID_ITEMS = {
    "A": "the amplifier",
    "B": "the drum kit",
    "C": "the window",
    "D": "the guitar stand",
}
PLAID_QUESTION = (
    "From the perspective of the man in the plaid shirt in the picture, which of the following "
    "items is visible to him?"
)


def test_the_visible_answer_putting_the_chosen_thing_behind_the_person_objects() -> None:
    """r233 (four233-016): the answer's own reasoning puts the drum kit behind him, then
    declares B (the drum kit) to "which item is visible?"."""
    answer = (
        "The man is sitting facing the right side of the room. The drum kit is behind him and "
        "the window is on the wall to his left, outside his view. The guitar stand is the only "
        "item directly in front of him.\n\nAnswer: B"
    )
    assert read_option(answer, PLAID_ITEMS, question=PLAID_QUESTION).letter is None
    other_clause = "B — the drum kit is in his line of sight; the other items are behind him."
    assert read_option(other_clause, PLAID_ITEMS, question=PLAID_QUESTION).letter == "B"


def test_two_declared_answers_naming_different_letters_are_undecided() -> None:
    """r231 (four231-057): "Answer: C\\nAnswer: D" was read as D."""
    options = {"A": "the printer", "B": "the water cooler", "C": "the plant", "D": "the clock"}
    question = "From the perspective of the woman, which of the following items is visible to her?"
    reasoning = "The plant is on the windowsill in front of her. The clock is on the wall.\n\n"
    read = read_option(reasoning + "Answer: C\nAnswer: D", options, question=question)
    assert read.letter is None and read.reason == "several_declared", read
    corrected = (
        reasoning + "Answer: C\n\nLooking more carefully, the clock is in view.\n\nAnswer: D"
    )
    assert read_option(corrected, options, question=question).letter == "D"
    assert read_option(reasoning + "Answer: C\nAnswer: C", options, question=question).letter == "C"


INTENTIONS = {
    "A": "wash the car",
    "B": "unlock the door",
    "C": "change the tire",
    "D": "check the oil",
}


@pytest.mark.parametrize("cue", ["This suggests", "This indicates", "This means", "which means"])
def test_an_inference_naming_another_options_text_is_a_conclusion(cue: str) -> None:
    """r261 (four261-022, read C): "... a spare tire is leaning against the car. This suggests
    he is going to check the oil.\\nAnswer: C": "this suggests" concludes as "so" does."""
    answer = (
        "The man is kneeling beside the front wheel holding a lug wrench, and a spare tire is "
        f"leaning against the car. {cue} he is going to check the oil.\nAnswer: C"
    )
    reading = read_option(answer, INTENTIONS)
    assert (reading.letter, reading.reason) == (None, "reasoning_disagrees")
    agreeing = answer.replace("check the oil", "change the tire")
    assert read_option(agreeing, INTENTIONS).letter == "C"


SIDES = {"A": "behind", "B": "right", "C": "front", "D": "left"}
FROM_THE_BOY = (
    "From the perspective of the boy on the sofa in the picture, in which direction is the lamp?"
)


@pytest.mark.parametrize(
    "answer",
    [
        "The lamp is on the left side of the image.",  # r261 four261-006, read D
        "The lamp is at the viewer's left.",
    ],
)
def test_a_side_of_the_image_names_no_side_of_the_person(answer: str) -> None:
    """The image's left is the person's only when the answer says which way the person faces
    (and then the answer's own side of the person is read)."""
    assert read_option(answer, SIDES, question=FROM_THE_BOY).letter is None
    own = "The lamp is on the left side of the image; he faces us, so it is on his right. B"
    assert read_option(own, SIDES, question=FROM_THE_BOY).letter == "B"
    # r279 (four279-036): the image's side in a terse step is no second option
    terse = "He faces the camera. Lamp at image-left -> his right.\n\nAnswer: B"
    assert read_option(terse, SIDES, question=FROM_THE_BOY).letter == "B"


def test_a_correction_offered_as_possibly_better_is_no_answer() -> None:
    """r257 (four257-050, read A, labelled ambiguous): "Answer: B\\n\\nActually, ..., so **A**
    might be more accurate.": the correction is offered, not chosen."""
    options = {"A": "left", "B": "front", "C": "right", "D": "behind"}
    answer = (
        "## Final answer\n\nAnswer: B\n\nActually, the stand is slightly to the image's right, "
        "which is her left, so **A** might be more accurate."
    )
    assert read_option(answer, options).letter is None
    chosen = answer.replace("might be more accurate", "is the answer")
    assert read_option(chosen, options).letter == "A"


COMFORT_QUESTION = (
    "From the man's viewpoint, is the ball to the right of the sofa? Think step by step, "
    "then answer Yes or No."
)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # r267 (comf267-026): the reasoning block ends on "Answer No.", the visible answer is Yes
        (
            "<think>So from his view, the ball is to the left of the sofa. Answer No.</think>\n\nYes",
            None,
        ),
        ("<think>So from his view it is on his right. Answer yes.</think>\n\nYes", 1.0),
        # its steps are its work: only its last sentence is its conclusion
        (
            "<think>Is it on his right? Yes, if he faced away. He faces us, so it is on his left.</think>No",
            0.0,
        ),
    ],
)
def test_comfort_a_reasoning_block_concluding_the_other_answer_is_undecided(
    answer: str, expected: float | None
) -> None:
    assert text_yes_probability(answer, question=COMFORT_QUESTION) == expected


BENCH = "From the bench's viewpoint, is the ball to the right of the bench? Answer Yes or No."


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # r279 (comf279-024): the reasoning's "on the bench's right" (Yes), then "No"
        (
            "The bench faces the camera. The ball is on the left side of the image. From the "
            "bench's perspective, left and right are reversed, so the ball is on the bench's "
            "right. However, benches don't have a clear front. The answer is No.",
            None,
        ),
        ("The ball is on the bench's right. The answer is Yes.", 1.0),
        ("The ball is on the bench's left. The answer is No.", 0.0),
        # the image's or the camera's side is no side of the relatum
        ("The ball is on the image's left. The answer is Yes.", 1.0),
    ],
)
def test_comfort_the_relatums_own_side_is_the_asked_relation(
    answer: str, expected: float | None
) -> None:
    assert text_yes_probability(answer, question=BENCH) == expected


@pytest.mark.parametrize(
    ("answer", "decided"),
    [
        (
            "<think>The goblet is north of it, so it is behind it.</think>\n\nThe goblet is in front of it.",
            False,
        ),
        (
            "<think>It faces the camera; the goblet is below it, so in front.</think>\n\nIn front of it.",
            True,
        ),
        # fewer or more components on the way to the answer do not object (r259)
        (
            "<think>It is lower than me, so slightly in front.</think>\n\nThe goblet is to my front-right.",
            True,
        ),
    ],
)
def test_isle_brick_a_reasoning_block_concluding_other_components_is_undecided(
    answer: str, decided: bool
) -> None:
    reading = read_components(
        answer,
        "egocentric",
        question="From the perspective of the humanoid minifigure, where is the goblet located "
        "relative to it? Please use terms such as front, left, right, or back.",
    )
    assert reading.decided is decided, reading
    assert decided or reading.why == "reasoning_disagrees"


def test_a_count_seen_in_parts_is_no_other_seen_count() -> None:
    """r327 (four327-019): "Visible from his seat: two mugs on the desk and one on the windowsill
    ahead. ... Answer: B" (B = 3): the parts (two, one) are no seen count against the letter."""
    question = (
        "From the perspective of the man at the desk, how many mugs can he see? First, analyze "
        'the image step by step, then give your final answer on a new line as "Answer: X".'
    )
    options = {"A": "2", "B": "3", "C": "4", "D": "5"}
    answer = (
        "Visible from his seat: two mugs on the desk and one on the windowsill ahead. The fourth "
        "mug is on the shelf behind him.\n\nAnswer: B"
    )
    assert read_option(answer, options, question=question).letter == "B"
    # one count of the whole seen still objects; so do two kinds named apart
    whole = "He can see two mugs. The others are behind him.\n\nAnswer: B"
    assert read_option(whole, options, question=question).letter is None
    kinds = "He sees 2 mugs and 2 cups on the desk.\n\nAnswer: B"
    assert read_option(kinds, options, question=question).letter is None


def test_the_person_in_the_image_of_a_role_names_no_other_frame() -> None:
    """r341 (four341-060): "As a person in the image, the window is in front of me. ... B" (B =
    behind): "in the image" of the role is no frame of the image, so the reasoning's front
    objects to the letter."""
    question = (
        "Imagine you are the person in the image. From your perspective, in which direction is "
        "the window? Answer with the option's letter from the given choices directly."
    )
    options = {"A": "front", "B": "behind", "C": "left", "D": "right"}
    answer = (
        "As a person in the image, the window is in front of me. However, the window is also "
        "on the left side of the image. B"
    )
    reading = read_option(answer, options, question=question)
    assert reading.letter is None and reading.reason == "reasoning_disagrees", reading
    # the image's own side still is another frame's
    assert options_module._other_frame_in("in the image, the window is on the left")
    assert not options_module._other_frame_in("as a person in the image, it is in front of me")


def test_a_total_beside_a_statement_that_only_some_are_seen_is_not_the_seen_count() -> None:
    """r339 (two339-038): "I can count 4 red dots in the picture in total: three on the wall he
    is facing and one on the wall behind him. He sees the ones in front of him. Answer: B" (B =
    4)."""
    question = (
        "In the picture, how many red dots does the man with the purple hoodie see? Think step "
        "by step, then answer with A or B."
    )
    options = {"A": "3", "B": "4"}
    answer = (
        "The man is in the middle of the room facing forward. I can count 4 red dots in the "
        "picture in total: three on the wall he is facing and one on the wall behind him. He "
        "sees the ones in front of him.\n\nAnswer: B"
    )
    reading = read_option(answer, options, question=question)
    assert reading.letter is None and reading.reason == "text_disagrees", reading
    # both counts in the total's sentence: the letter may be the seen part (two309-015)
    both = (
        "I can see the dots in front of me. There are 4 dots in total in the picture, but only "
        "3 of them are in front of me. So the answer is A."
    )
    assert read_option(both, options, question=question).letter == "A"


SEEING = {"A": "No", "B": "Yes"}
SEEING_QUESTION = (
    "Assuming the Lego minifigure with a blue cap has the ability to see, can it see the tree in "
    "the picture? Think step by step, then answer with A or B."
)


@pytest.mark.parametrize(
    ("answer", "options", "question", "expected"),
    [
        # r373 (two373-029): the block's seeing statement, read under the question asked
        (
            "<think>The minifigure faces to the left of the image. The tree stands on the right "
            "side, behind the minifigure. So the minifigure cannot see the tree.</think>\nB",
            SEEING,
            SEEING_QUESTION,
            None,
        ),
        (
            "<think>The minifigure faces the tree. So the minifigure can see the tree.</think>\nB",
            SEEING,
            SEEING_QUESTION,
            "B",
        ),
        # r373 (four373-029): its last sentence, a conclusion ("So ..."), names another option
        (
            "<think>The man on the bicycle is riding toward the left of the image. The car is "
            "parked at the left edge, in the direction he is riding. So the car is in front of "
            "him.</think>\nAnswer: D",
            OPTIONS,
            QUESTION.replace("lamp", "car"),
            None,
        ),
        # a last sentence that only names an option's thing, with no conclusion word, is a step
        # ("The bathtub is behind.", four359-052)
        (
            "<think>Directly in front of them on the wall is the mirror. The bathtub is "
            "behind.</think>\n\nAnswer: C",
            {"A": "the vase", "B": "the towel", "C": "the mirror", "D": "the bathtub"},
            "Imagine you are the person in the image. What is in your line of sight?",
            "C",
        ),
    ],
)
def test_a_reasoning_block_is_read_under_the_question_and_by_its_conclusion(
    answer: str, options: dict[str, str], question: str, expected: str | None
) -> None:
    reading = read_option(answer, options, question=question)
    assert reading.letter == expected, reading
    assert expected or reading.reason == "reasoning_disagrees"


LAPTOP = "From the woman's viewpoint, is the ball to the left of the laptop? Answer Yes or No."


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # r373 (comf373-025): the block's last sentence states the opposite relation
        (
            "<think>The woman sits behind the laptop, facing the camera. The ball is on the left "
            "of the laptop in the image. Since she faces the camera, the image's left is her "
            "right. So the ball is to her right of the laptop.</think>\nYes",
            None,
        ),
        ("<think>So the ball is to the right of the laptop.</think>\nYes", None),
        ("<think>So the ball is to the left of the laptop.</think>\nYes", 1.0),
        # the image-left is the image's side, no side of the relatum (comf135-039)
        (
            "<think>She faces the camera, so her right is the image's left. The ball is to the "
            "image-right of the laptop, so from her viewpoint it is on the left.</think>\n\nYes.",
            1.0,
        ),
    ],
)
def test_comfort_a_reasoning_blocks_conclusion_is_read_under_the_question(
    answer: str, expected: float | None
) -> None:
    assert text_yes_probability(answer, question=LAPTOP) == expected


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # r383 (two383-060): "visible" shares the copula of "in front of it" (A = Yes, B = No)
        (
            "The minifigure faces the right side of the image, and the car is on the right side, "
            "so the car is in front of it and visible. Answer: B",
            None,
        ),
        ("So the car is behind it and hidden from view. Answer: A", None),
        ("So the car is in front of it and clearly visible. Answer: A", "A"),
    ],
)
def test_a_seeing_predicate_sharing_the_copula_is_a_seeing_statement(
    answer: str, expected: str | None
) -> None:
    question = "Assuming the minifigure has the ability to see, can it see the car in the picture?"
    assert read_option(answer, {"A": "Yes", "B": "No"}, question=question).letter == expected


def test_within_its_line_of_sight_is_a_seeing_statement() -> None:
    """r387 (two387-018): "... so the horse is within its line of sight.\n\nAnswer: B" (B = No)."""
    question = (
        "Assuming the minifigure has the ability to see, can it see the horse in the picture?"
    )
    options = {"A": "Yes", "B": "No"}
    answer = (
        "There is no obstacle between them, so the horse is within its line of sight.\n\nAnswer: "
    )
    assert read_option(answer + "B", options, question=question).letter is None
    assert read_option(answer + "A", options, question=question).letter == "A"
    hidden = "The horse is behind it, so it is not within its line of sight.\n\nAnswer: "
    assert read_option(hidden + "A", options, question=question).letter is None


GIRL_INTENTIONS = {
    "A": "reach the top shelf",
    "B": "open the window",
    "C": "change the light bulb",
    "D": "hang a picture",
}


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # r391 (four391-055): the likeliest option, named before another letter
        (
            "The girl is standing on a chair next to the window and her hand is on the window "
            "latch. She is most likely trying to open the window.\n\nAnswer: D",
            None,
        ),
        (
            "Her hand is on the latch. She is most likely trying to open the window.\n\nAnswer: B",
            "B",
        ),
    ],
)
def test_the_likeliest_option_named_is_a_conclusion(answer: str, expected: str | None) -> None:
    question = "What is the girl on the chair most likely intending to do?"
    assert read_option(answer, GIRL_INTENTIONS, question=question).letter == expected

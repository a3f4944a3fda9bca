"""Three principles of issue 31's list of confident-wrong readings, each tested on answers
written here from the issue's description (not from a held-out set):

- a reply giving verdicts under two viewpoints answers per frame of reference: undecided
  when the question asks no viewpoint; when it asks one, the other viewpoints' parts are
  asides (since 2026-11-29);
- a list of three of the four directions offers alternatives (a list of all four is the
  question's own list echoed): undecided, never a refusal;
- a body part after a place preposition ("over my left shoulder") names a place.
"""

from __future__ import annotations

import pytest

from vpt_tasks.comfort.language import load_language
from vpt_tasks.core.config import load_config
from vpt_tasks.isle_brick.extraction import read_components
from vpt_tasks.scorers.reading import prepare, rejects_premise, unfinished_walkthrough, viewpoints
from vpt_tasks.scorers.yes_probability import text_yes_probability

COMFORT_QUESTION = "From the dog's viewpoint, is the ball to the left of the car?"
BENCH = "From the bench's viewpoint, is the ball to the right of the bench?"
CAMERA = "From the camera's viewpoint, is the ball to the left of the car?"
NO_VIEWPOINT = "Is the ball to the left of the car?"
QUESTIONS = {q: spec["text"] for q, spec in load_config("isle_brick")["questions"].items()}


@pytest.mark.parametrize(
    "reply",
    [
        "From the camera's view yes, but from the dog's perspective no.",
        "From the camera's view, yes. From the dog's own view it would be on the right.",
        "Yes, from the camera's perspective the ball is left of the car. From the dog's "
        "perspective, it is on the right.",
        "From my point of view yes; from her viewpoint no.",
    ],
)
def test_verdicts_under_two_viewpoints_are_undecided(reply: str) -> None:
    """To a question that asks no viewpoint, a reply giving two answers per frame."""
    assert len(viewpoints(prepare(reply))) == 2
    assert text_yes_probability(reply, question=NO_VIEWPOINT) is None


@pytest.mark.parametrize(
    ("question", "reply", "p"),
    [
        (COMFORT_QUESTION, "From the camera's view yes, but from the dog's perspective no.", 0.0),
        (CAMERA, "From the camera's view yes, but from the dog's perspective no.", 1.0),
        (CAMERA, "Yes, but from the dog's own viewpoint it would be on the right.", 1.0),
        (
            "From the horse's viewpoint, is the basketball to the right of the horse?",
            "From the camera's point of view, the basketball is on the left of the horse. But "
            "from the horse's point of view, since it is facing the camera, the basketball is on "
            "its right. So the answer is yes.",
            1.0,
        ),
        (
            "Do ponto de vista da câmera, a bola está atrás do cavalo?",
            "Sim, mas do ponto de vista do cavalo ela estaria à esquerda.",
            1.0,
        ),
        (
            "Ist der Ball aus Sicht der Frau links von ihr? Antworte mit Ja oder Nein.",
            "Aus Sicht der Frau liegt der Ball rechts von ihr, also nein. Aus Sicht der Kamera "
            "wäre er allerdings links.",
            0.0,
        ),
        # abstentions: the other frame's part does not stand apart; a pronoun's viewpoint
        (
            CAMERA,
            "Yes: from the camera's view and, I think, from the dog's view it is on the left.",
            None,
        ),
        (CAMERA, "From my point of view yes; from her viewpoint no.", None),
        # the asked frame's own statement still objects to its Yes/No
        (
            CAMERA,
            "From the dog's view it is on the left. From the camera's view it is on the "
            "right of the car. Yes.",
            None,
        ),
    ],
)
def test_to_a_question_asking_one_viewpoint_the_others_are_asides(
    question: str, reply: str, p: float | None
) -> None:
    """A question that names a viewpoint asks for that frame: what a reply says from another
    viewpoint, in a part of its own, is an aside (r283, r285, r293, r295)."""
    language = load_language("pt" if "câmera" in question else "de" if "Frau" in question else "en")
    got = text_yes_probability(
        reply,
        language.yes_words,
        language.no_words,
        question=question,
        relations=language.relation_words,
    )
    assert got == p


@pytest.mark.parametrize(
    ("reply", "p"),
    [
        # r93: "her" is the woman whose viewpoint the reply names: one viewpoint
        (
            "To judge from the woman's viewpoint, note that she faces right. From her viewpoint, "
            "the ball is closer to the camera, so it is to her right.\n\nAnswer: Yes",
            1.0,
        ),
        ("From the man's perspective the ball is behind the car; from his perspective, no.", 0.0),
        # "her" cannot be the camera: two viewpoints, undecided
        ("From the camera's view, yes. From her view it is behind the car.", None),
        # two people she could be: two viewpoints
        ("From the woman's view yes; from the girl's view no; from her view, yes.", None),
    ],
)
def test_a_pronoun_names_the_one_person_whose_viewpoint_is_named(
    reply: str, p: float | None
) -> None:
    question = "From the woman's viewpoint, is the ball to the right of the car?"
    assert text_yes_probability(reply, question=question) == p


@pytest.mark.parametrize(
    ("reply", "p"),
    [
        ("From the dog's viewpoint, yes: the ball is to its left.", 1.0),
        ("No. From the dog's perspective the ball is on its right.", 0.0),
    ],
)
def test_one_viewpoint_is_read(reply: str, p: float) -> None:
    assert text_yes_probability(reply, question=COMFORT_QUESTION) == p


def test_a_relation_of_a_person_is_not_the_asked_relatums() -> None:
    """ "The car is in front of her, and the basketball is on the far side ... So yes, ... the
    basketball is behind the car." (r179): where the viewpoint's owner stands is no statement
    of the asked relation; the relation said of the asked relatum still disagrees."""
    question = "From the woman's viewpoint, is the basketball behind the car?"
    reply = (
        "The woman is facing right. The car is in front of her, and the basketball is on the "
        "far side of the car from her. So yes, from her viewpoint the basketball is behind the car."
    )
    assert text_yes_probability(reply, question=question) == 1.0
    both = "Yes, the basketball is behind the car. From the camera it is in front of the car."
    assert text_yes_probability(both, question=question) is None


def test_another_frame_put_as_a_condition_is_a_second_answer() -> None:
    """ "Yes ... (If you mean from the chair's own orientation, it would be on its left.)" (r165):
    the reply answers per frame, as after a "but"."""
    question = "Is the basketball to the right of the chair?"
    reply = "Yes — the basketball is to the right of the chair in the image."
    assert text_yes_probability(reply, question=question) == 1.0
    framed = reply + " (If you mean from the chair's own orientation, it would be on its left.)"
    assert text_yes_probability(framed, question=question) is None


@pytest.mark.parametrize(
    ("reply", "p"),
    [
        # the relation said, then denied from the asked viewpoint (r161): two ways, undecided
        (
            "Yes, the basketball is behind the dog. From the woman's viewpoint, though, the ball "
            "would be to the dog's left rather than behind it.",
            None,
        ),
        ("Yes, it is behind the dog. Well, not behind the dog exactly, more beside it.", None),
        # the asked relation denied beside its opposite agrees with a No: one way
        ("No, the basketball is in front of the dog rather than behind it.", 0.0),
    ],
)
def test_a_relation_both_said_and_denied_is_undecided(reply: str, p: float | None) -> None:
    question = "From the woman's viewpoint, is the basketball behind the dog?"
    assert text_yes_probability(reply, question=question) == p


@pytest.mark.parametrize(
    ("qid", "kind", "answer"),
    [
        ("Q4", "cardinal", "Either north, east or south; I can't be sure."),
        ("Q4", "cardinal", "North, east or south."),
        ("Q7", "egocentric", "It could be front, left or right, I can't be sure."),
    ],
)
def test_three_of_four_directions_are_alternatives_not_a_refusal(qid, kind, answer) -> None:
    read = read_components(answer, kind, question=QUESTIONS[qid].replace("object", "dog"))
    assert not read.decided and read.why in ("contradiction", "alternatives"), read


@pytest.mark.parametrize(
    ("qid", "kind", "answer", "expected"),
    [
        ("Q4", "cardinal", "Of north, west, east or south: it is west.", {"west"}),
        ("Q7", "egocentric", "Using front, left, right, or back: it is to the left.", {"left"}),
        ("Q4", "cardinal", "I can't tell: north, west, east or south are all possible.", set()),
    ],
)
def test_the_list_of_every_option_is_an_echo(qid, kind, answer, expected) -> None:
    read = read_components(answer, kind, question=QUESTIONS[qid].replace("object", "dog"))
    assert read.decided and read.components == expected, read


@pytest.mark.parametrize(
    ("answer", "first_person", "expected"),
    [
        ("It is behind me, over my left shoulder.", True, {"back", "left"}),
        ("It's behind it, over its left shoulder.", False, {"back", "left"}),
        ("The dog is behind him, just past his right hand.", False, {"back", "right"}),
        ("It's behind me, by my right foot.", True, {"back", "right"}),
        ("I raise my left arm; the dog is in front of me.", True, {"front"}),
        ("It holds a cup in its right hand; the dog is in front of it.", False, {"front"}),
    ],
)
def test_a_body_part_after_a_place_preposition_is_a_place(answer, first_person, expected) -> None:
    question = QUESTIONS["Q7"].replace("object", "dog")
    read = read_components(answer, "egocentric", question=question, first_person=first_person)
    assert read.decided and read.components == expected, read


# --------------------------------------------------------------------------
# principles found by blind round r14 (its first run is published; r14 is in-sample since)


@pytest.mark.parametrize(
    "answer",
    [
        "With north at the top, the cup is east of the minifigure.",
        "Taking north as up, the cup lies east of the figure.",
    ],
)
def test_the_north_premise_opened_as_a_premise_is_no_answer(answer: str) -> None:
    question = QUESTIONS["Q4"].replace("object", "cup")
    read = read_components(answer, "cardinal", question=question)
    assert read.decided and read.components == {"east"}, read


@pytest.mark.parametrize(
    ("qid", "answer"),
    [
        ("Q6", "It does not possess vision, but the plant is on the same surface as it."),
        ("Q3", "From where it stands, the minifigure can see the dog clearly."),
    ],
)
def test_each_yes_no_question_is_answered_by_its_own_evidence(qid: str, answer: str) -> None:
    """Q3 asks about surfaces, Q6 about seeing: "same surface" is no seeing, "can see" no
    surface."""
    read = read_components(answer, "yesno", question=QUESTIONS[qid].replace("object", "dog"))
    assert not (read.decided and "yes" in read.components), read


def test_the_other_evidence_still_answers_its_own_question() -> None:
    q3, q6 = (QUESTIONS[q].replace("object", "dog") for q in ("Q3", "Q6"))
    assert read_components("Both are on the same surface.", "yesno", question=q3).components == {
        "yes"
    }
    assert read_components("It can see the dog clearly.", "yesno", question=q6).components == {
        "yes"
    }


@pytest.mark.parametrize(
    ("answer", "decided", "components"),
    [
        # two statements of the facing, of two parts: two answers (r159)
        ("The minifigure's body is facing north, but its head is turned to the east.", False, None),
        ("It faces south. Its head is looking west, though.", False, None),
        # a slight turn goes on the same facing: one compound direction
        (
            "Judging from its posture, it is facing north, turned slightly to the west.",
            True,
            {"north", "west"},
        ),
        # a correction between them: the corrected one
        (
            "The minifigure is facing east. Actually, looking at its face, it is facing west.",
            True,
            {"west"},
        ),
    ],
)
def test_facing_statements_that_name_two_directions_are_two_answers(
    answer: str, decided: bool, components: set[str] | None
) -> None:
    question = QUESTIONS["Q5"]
    read = read_components(answer, "cardinal", question=question)
    assert read.decided == decided, read
    if decided:
        assert read.components == components
    else:
        assert read.why == "facings_disagree", read


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("It faces towards the east side of the image, i.e., to the right.", {"east"}),
        ("Its front is oriented toward the west side of the image.", {"west"}),
        # where a thing lies in the picture stays no answer to the facing
        ("It stands in the west part of the image, near the dog.", None),
        ("It stands in the left part of the image, near the dog.", None),
        # the image's own sides, the top being north (r195)
        ("The minifigure is facing to the left side of the image.", {"west"}),
        ("The minifigure appears to be facing towards the right side of the image.", {"east"}),
        ("It faces the top edge of the picture.", {"north"}),
        ("I'm looking toward the bottom of the image.", {"south"}),
        # a faced side that names another direction than the one said: two answers
        ("The minifigure is facing north. It is looking toward the bottom of the image.", None),
        ("It is facing east. Its face points to the right side of the image, which is west.", None),
    ],
)
def test_a_side_of_the_image_faced_is_the_facing(answer: str, expected: set[str] | None) -> None:
    """Q5, the image's top being north: "faces towards the east side of the image" (r161)
    says east, and "facing to the left side of the image" (r195) west; a region where the
    figure stands says nothing of its facing."""
    read = read_components(answer, "cardinal", question=QUESTIONS["Q5"])
    assert (read.components if read.decided else None) == expected, read


@pytest.mark.parametrize(
    ("thing", "answer", "first_person", "expected"),
    [
        # r197: another thing's place said with its own relation word
        (
            "bat",
            "The bat is located to the left of the minifigure, and the tree is behind it.",
            False,
            {"left"},
        ),
        (
            "desk",
            "The desk is in front of me, and the wall of the room is behind me.",
            True,
            {"front"},
        ),
        (
            "chair",
            "From my perspective, the chair is on my right, and the wall is in front of me.",
            True,
            {"right"},
        ),
        # the asked thing named by its head noun ("treasure chest" -> "chest")
        (
            "treasure chest",
            "The treasure chest is on my left, and the wall is in front of me.",
            True,
            {"left"},
        ),
        # r243 (brick243-068): another thing named with a word before its noun
        (
            "treasure chest",
            "The treasure chest is in front of me, and the palm tree is to my right.",
            True,
            {"front"},
        ),
        # the asked thing's own relation stays the answer
        ("bat", "The bat is directly behind the minifigure.", False, {"back"}),
        ("cat", "The wardrobe is to my left, but the cat itself is behind me.", True, {"back"}),
        # a phrase blanked before it leaves no noun: "the [left of the picture] is on my right"
        (
            "computer monitor",
            "Since I'm facing the bottom of the image, the monitor on the left of the picture is on my right.",
            True,
            {"right"},
        ),
    ],
)
def test_another_things_place_is_no_answer_to_q7(
    thing: str, answer: str, first_person: bool, expected: set[str]
) -> None:
    question = QUESTIONS["Q7"].replace("object", thing)
    read = read_components(answer, "egocentric", question=question, first_person=first_person)
    assert read.decided and read.components == expected, read


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # r201: the image's frame opening the sentence with a comma, then the figure's own
        (
            "In the image, the goblet is on the left side. But since the minifigure is facing "
            "the camera, from its perspective the goblet is on its right.",
            {"right"},
        ),
        (
            "In the image the goblet is on the left, but from the minifigure's perspective it is "
            "on its right.",
            {"right"},
        ),
        # r279 (brick279-068): "image left", "screen right" name the image's side
        (
            "The goblet is on its left. Wait, it faces the camera, so image left is its right. "
            "The goblet is on the image left, so it is on its right.",
            {"right"},
        ),
        ("The goblet appears screen-right, which is the minifigure's left.", {"left"}),
        (
            "From the minifigure's perspective, the goblet is **in front and slightly to the "
            "right**. Note that in the image itself, the goblet appears on the left.",
            {"front", "right"},
        ),
        # the figure's own side alone is still read
        ("The goblet is on its left.", {"left"}),
    ],
)
def test_a_side_in_the_image_is_another_frame_than_the_figures(
    answer: str, expected: set[str]
) -> None:
    question = QUESTIONS["Q7"].replace("object", "goblet")
    read = read_components(answer, "egocentric", question=question)
    assert read.decided and read.components == expected, read


def test_statements_about_seeing_that_say_both_are_undecided() -> None:
    question = QUESTIONS["Q6"].replace("object", "desk")
    read = read_components(
        "Yes. The minifigure cannot see the desk. It can see the desk as it faces it.",
        "yesno",
        question=question,
    )
    assert (read.decided, read.why) == (False, "statements_disagree"), read
    # a Yes after evidence of both is a contradiction first (r215)
    read = read_components(
        "The minifigure cannot see the desk. Yes, it can see the desk as it faces it.",
        "yesno",
        question=question,
    )
    assert (read.decided, read.why) == (False, "contradiction"), read


# --------------------------------------------------------------------------
# COMFORT: a reply with no Yes/No that states the asked relation of the asked things


@pytest.mark.parametrize(
    ("question", "reply", "p"),
    [
        ("Is the basketball behind the dog?", "The basketball is not behind the dog.", 0.0),
        (
            "Is the basketball in front of the laptop?",
            "The basketball is in front of the laptop.",
            1.0,
        ),
        (
            "Is the red ball behind the blue ball?",
            "Correct, the red ball is behind the blue ball.",
            1.0,
        ),
        (
            "Is the basketball to the right of the car?",
            "The basketball is to the left of the car.",
            0.0,
        ),
        (
            "From the woman's viewpoint, is the basketball to the right of the bed?",
            "From the woman's viewpoint, the basketball is to the right of the bed.",
            1.0,
        ),
    ],
)
def test_the_asked_relation_stated_answers(question: str, reply: str, p: float) -> None:
    assert text_yes_probability(reply, question=question) == p


BENCH_FRONT = "From the bench's viewpoint, is the ball in front of the bench?"


@pytest.mark.parametrize(
    ("reply", "p"),
    [
        # one convention for the relatum's front, after denying it a viewpoint (r283, r285)
        (
            "Benches don't have a viewpoint, but if we consider the front of the bench to be "
            "the side you sit facing, then yes.",
            1.0,
        ),
        (
            "Benches don't have a viewpoint of their own; if we take the side people sit facing "
            "as its front, yes.",
            1.0,
        ),
        (
            "A bench doesn't really have a front, but if we treat the seat side as its front, no.",
            0.0,
        ),
        # two conventions, or none denied: a condition left open
        (
            "Benches don't have a viewpoint. If we take the seat side as its front, yes; if "
            "instead the back rest is its front, no.",
            None,
        ),
        (
            "Benches don't have a viewpoint, but if we take the seat side as its front, yes. "
            "Otherwise it would be behind it.",
            None,
        ),
        ("If we take the seat side as its front, yes.", None),
    ],
)
def test_one_front_granted_to_the_relatum_is_the_replys_premise(
    reply: str, p: float | None
) -> None:
    assert text_yes_probability(reply, question=BENCH_FRONT) == p


CAR_OWN = "From the car's viewpoint, is the basketball to the right of the car?"


@pytest.mark.parametrize(
    ("question", "reply", "p"),
    [
        # the relatum named as "it" after the sentence named it (r61, r77, r185)
        (
            "From the sofa's viewpoint, is the basketball in front of the sofa?",
            "From the sofa's viewpoint, the basketball is behind it.",
            0.0,
        ),
        (
            "From the woman's viewpoint, is the basketball behind the car?",
            "From the woman's viewpoint, the basketball is to the left of the car, not behind it.",
            0.0,
        ),
        # the relatum's own side, to a question asking the relatum's own viewpoint (r25, r235)
        (CAR_OWN, "From the car's viewpoint, the basketball is on its left side.", 0.0),
        (CAR_OWN, "From the car's viewpoint, the basketball is on its right.", 1.0),
        # ... not to one asking another viewpoint: "its" side is the car's, not the woman's
        (
            "From the woman's viewpoint, is the basketball to the right of the car?",
            "From the woman's viewpoint, the basketball is on its left side.",
            None,
        ),
        # "it" of a thing the sentence did not name before
        (CAR_OWN, "The basketball is to the right of it.", None),
        # compared, not stated (r35, r111)
        (
            "From the woman's viewpoint, is the basketball in front of the laptop?",
            "From the woman's position the basketball is more to the side of the laptop than "
            "in front of it.",
            None,
        ),
        (
            "Is the basketball in front of the bed?",
            "The basketball is at the bed's corner, as much to the left of the bed as in front of it.",
            None,
        ),
    ],
)
def test_the_relatum_said_as_a_pronoun(question: str, reply: str, p: float | None) -> None:
    assert text_yes_probability(reply, question=question) == p


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        # another viewpoint than the one asked
        (
            "From the woman's viewpoint, is the basketball to the right of the bed?",
            "From the camera's viewpoint, the basketball is to the right of the bed.",
        ),
        # the relation of other things
        ("Is the basketball to the right of the car?", "The dog is to the right of the car."),
        (
            "Is the basketball to the right of the car?",
            "The basketball is to the right of the dog, which is left of the car.",
        ),
        # hypothetical
        (
            "Is the basketball behind the dog?",
            "If the camera moved, the basketball would be behind the dog.",
        ),
        # both
        (
            "Is the basketball behind the dog?",
            "The basketball is behind the dog, or maybe in front of the dog.",
        ),
        # the opposite denied leaves the asked relation open ("directly behind it")
        (
            "Is the red ball to the left of the blue ball?",
            "The red ball is neither to the left nor to the right of the blue ball; it is "
            "directly behind it.",
        ),
        (
            "Is the basketball to the left of the car?",
            "The basketball is not to the right of the car.",
        ),
        # the same nouns the other way round
        ("Is the red ball behind the blue ball?", "The blue ball is behind the red ball."),
    ],
)
def test_a_relation_of_something_else_is_no_answer(question: str, reply: str) -> None:
    assert text_yes_probability(reply, question=question) is None


CAMERA_BEHIND = "From the camera's viewpoint, is the basketball behind the horse? Answer Yes or No."


@pytest.mark.parametrize(
    ("reply", "p"),
    [
        # r279 (comf279-023): where the camera is, in the reasoning, is no statement of the
        # asked relation against the Yes
        ("1. **Camera position:** in front of the scene.\n\n### Answer\n**Yes**", 1.0),
        ("The horse stands in front of the fence; the ball is hidden by it.\n\nAnswer: Yes", 1.0),
        # the relatum, a pronoun for it, a part of it, or its own side still disagree
        ("The basketball is in front of the horse.\n\nAnswer: Yes", None),
        ("The basketball is in front of it.\n\nAnswer: Yes", None),
        ("The basketball is in front of the horse's legs.\n\nAnswer: Yes", None),
        ("The basketball is to his left from the camera's view. Answer: Yes", 1.0),
    ],
)
def test_a_relation_of_things_the_question_does_not_name_is_not_against_the_answer(
    reply: str, p: float | None
) -> None:
    assert text_yes_probability(reply, question=CAMERA_BEHIND) == p


MANS_RIGHT = (
    "From the man's viewpoint, is the basketball to the right of the sofa? Answer Yes or No."
)


@pytest.mark.parametrize(
    ("question", "reply", "p"),
    [
        # r261 (comf261-004): the image's side, said "in the image", is the reasoning's step
        # to the man's frame
        (
            MANS_RIGHT,
            "The man faces the camera. The basketball is on the left side of the sofa in the "
            "image; his right is the image's left.\n\n**Answer: Yes**",
            1.0,
        ),
        # a question naming no viewpoint, or the camera's, asks in the image's frame (r237)
        (
            "Is the basketball to the left of the rubber duck? Answer Yes or No.",
            "It is located on the right side of the rubber duck in the image. So the answer is yes.",
            None,
        ),
        (
            "From the camera's viewpoint, is the basketball to the left of the duck?",
            "It is on the right side of the duck in the image. So the answer is yes.",
            None,
        ),
    ],
)
def test_a_relation_said_in_the_image_is_the_images_frame(
    question: str, reply: str, p: float | None
) -> None:
    assert text_yes_probability(reply, question=question) == p


@pytest.mark.parametrize(
    ("reply", "p"),
    [
        # r283 (comf283-029): a No beside the asked side, said with no relatum
        ("No, it is on the left.", None),
        ("Yes, it is on the right.", None),
        # agreeing, or two things placed in the image
        ("No, it is on the right.", 0.0),
        ("Yes, it is on the left.", 1.0),
        ("No: the ball is on the left side of the frame and the horse is on the right.", 0.0),
    ],
)
def test_a_side_with_no_relatum_against_the_yes_no_is_undecided(
    reply: str, p: float | None
) -> None:
    question = "From the horse's viewpoint, is the basketball to the left of the horse?"
    assert text_yes_probability(reply, question=question) == p


# --------------------------------------------------------------------------
# principles found by blind round r16 (its first run is published; r16 is in-sample since)


def test_a_leading_yes_against_its_own_sentence_is_undecided() -> None:
    question = QUESTIONS["Q3"].replace("object", "bat")
    read = read_components(
        "Yes, the minifigure and the bat are not on the same surface.", "yesno", question=question
    )
    assert not read.decided and read.components == {"yes", "no"}, read


def test_a_possible_relation_is_no_statement() -> None:
    reply = (
        "It is possible that the basketball is in front of the car, but it could also be "
        "considered to its left. I'm not entirely sure."
    )
    assert text_yes_probability(reply, question="Is the basketball in front of the car?") is None
    assert (
        text_yes_probability(
            "The basketball might be in front of the car.",
            question="Is the basketball in front of the car?",
        )
        is None
    )


def test_none_is_a_count_of_zero_among_count_options() -> None:
    from vpt_tasks.scorers.options import read_option

    question = "How many red dots does the man see?"
    assert read_option("None.", {"A": "0", "B": "3"}, question=question).letter == "A"
    # "none" and "three" both named: two options, undecided
    assert (
        read_option(
            "None - all three red dots are on the wall behind him.",
            {"A": "0", "B": "3"},
            question=question,
        ).letter
        is None
    )
    # a refusal is not a count
    assert read_option("None of the options.", {"A": "0", "B": "3"}, question=question).letter in (
        None,
        "Z",
    )


def test_a_count_of_objects_may_leave_out_the_speaker() -> None:
    """Q1 counts the objects that are no minifigure: "Besides me" leaves out nothing counted;
    Q2 counts the minifigures, and the speaker is one (`excludes_speaker`)."""
    q1 = QUESTIONS["Q1"]
    q2 = QUESTIONS["Q2"]
    read = read_components("Besides me, there is 1 object: a chair.", "count", question=q1)
    assert read.decided and read.components == {"1"}, read
    read = read_components("Apart from me, there is one minifigure.", "count", question=q2)
    assert (read.decided, read.why) == (False, "excludes_speaker"), read
    # no others besides the speaker: the count is all of them (r37, r45, r47, r51)
    for answer in (
        "Besides me, there are no other minifigures, so there is only one: me.",
        "I don't see any other minifigures besides myself, so there is 1 in the picture.",
    ):
        read = read_components(answer, "count", question=q2, first_person=True)
        assert read.decided and read.components == {"1"}, read
    # "no other minifigures" alone leaves out one, perhaps the speaker: no count (r65)
    for answer in ("I see no other minifigures around me.", "There are no other minifigures."):
        read = read_components(answer, "count", question=q2, first_person=True)
        assert not read.decided, read
    # objects: "no other objects" is none (Q1 counts the objects that are no minifigure)
    read = read_components("There are no other objects.", "count", question=q1)
    assert read.decided and read.components == {"0"}, read
    # other things denied beside it leave the speaker out all the same
    read = read_components(
        "Besides me, there is one minifigure, and no other objects.", "count", question=q2
    )
    assert (read.decided, read.why) == (False, "excludes_speaker"), read


# --------------------------------------------------------------------------
# Yes/No options answered by statements about seeing the asked thing (from r16, in-sample)

SEE_CHAIR = "Assuming the Lego minifigure can see, can it see the chair in the picture?"


@pytest.mark.parametrize(
    ("answer", "value"),
    [
        ("The minifigure can see the chair.", "Yes"),
        ("The minifigure cannot see the chair.", "No"),
        ("It can see the chair but not the dog.", "Yes"),
    ],
)
@pytest.mark.parametrize("swapped", [False, True])
def test_a_statement_about_seeing_the_asked_thing_answers(
    answer: str, value: str, swapped: bool
) -> None:
    from vpt_tasks.scorers.options import read_option

    options = {"A": "No", "B": "Yes"} if swapped else {"A": "Yes", "B": "No"}
    read = read_option(answer, options, question=SEE_CHAIR)
    assert read.letter is not None and options[read.letter] == value, read


@pytest.mark.parametrize(
    "answer",
    [
        "It can see the dog.",  # not the asked thing
        "The minifigure can see the chair, I think.",  # a possibility
        "From my position I cannot see the chair.",  # the speaker's own view
        "It can see the chair. It cannot see the dog.",  # both
        "For the minifigure to be unable to see the chair, something would have to block it.",
    ],
)
def test_other_statements_about_seeing_do_not_answer(answer: str) -> None:
    from vpt_tasks.scorers.options import read_option

    assert read_option(answer, {"A": "Yes", "B": "No"}, question=SEE_CHAIR).letter is None


SEE_AS_IT = (
    "Imagine you are the Lego minifigure with a red cap. Assuming you have the ability to see, "
    "can you see the bat in the picture? Respond solely with Yes or No."
)


def test_asked_as_the_figure_would_is_the_roles_mood() -> None:
    # r141 (two141-060): "As the minifigure, I would not be able to see the dagger" answers No
    from vpt_tasks.scorers.options import read_option

    yes_no = {"A": "Yes", "B": "No"}
    said = "As the minifigure, I would not be able to see the bat."
    assert read_option(said, yes_no, question=SEE_AS_IT).letter == "B"
    # asked about the figure, "would" stays a counterfactual
    about = "Can the minifigure see the bat in the picture?"
    assert read_option("It would be able to see the bat.", yes_no, question=about).letter is None
    # both answers offered as possible is no answer
    both = "As the minifigure, I would see the bat. So the answer could be yes or no."
    assert read_option(both, yes_no, question=SEE_AS_IT).letter is None


def test_asked_as_the_figure_the_speakers_seeing_statement_answers() -> None:
    """r55: to a question that makes the model the figure, "I can see the bat" is the
    figure's statement; seeing only part of it, or a possibility, still answers nothing."""
    from vpt_tasks.scorers.options import read_option

    yes_no = {"A": "Yes", "B": "No"}
    assert (
        read_option("As the minifigure, I can see the bat.", yes_no, question=SEE_AS_IT).letter
        == "A"
    )
    assert (
        read_option("I cannot see the bat; it is behind me.", yes_no, question=SEE_AS_IT).letter
        == "B"
    )
    for answer in (
        "I can see part of the bat peeking out, but not the whole bat.",
        "I might see the bat.",
    ):
        assert read_option(answer, yes_no, question=SEE_AS_IT).letter is None, answer
    # asked of the figure in the third person, "I" is still the model looking at the picture
    assert read_option("I cannot see the chair.", yes_no, question=SEE_CHAIR).letter is None


# The frame an answer speaks from (round r21's fixes): the question's role taken as a premise
# ("If I were the minifigure, ...") is no condition; a place in the image said in compass
# terms ("the upper left (northwest) part") and how two frames map ("its left and right are
# mirrored", "its left is our right") name no answer; after "from the viewer's perspective",
# the part that turns to the figure's own view is the answer.


@pytest.mark.parametrize(
    ("qid", "kind", "answer", "expected"),
    [
        ("Q7", "egocentric", "If I were the minifigure, the dog would be on my left.", {"left"}),
        ("Q7", "egocentric", "If I were it, the dog would be right behind me.", {"back"}),
        (
            "Q4",
            "cardinal",
            "The dog is west of the minifigure. The minifigure stands in the lower right "
            "(southeast) part of the image and the dog in the lower left (southwest) corner.",
            {"west"},
        ),
        (
            "Q7",
            "egocentric",
            "The dog appears on the left side of the image; the figure faces us, so its left "
            "and right are mirrored, and from its perspective the dog is on its right.",
            {"right"},
        ),
        (
            "Q7",
            "egocentric",
            "The dog is on the right from the viewer's perspective, which means it is on the "
            "left from the minifigure's perspective.",
            {"left"},
        ),
    ],
)
def test_the_frame_of_the_answer_is_read(qid, kind, answer, expected) -> None:
    read = read_components(answer, kind, question=QUESTIONS[qid].replace("object", "dog"))
    assert read.decided and read.components == expected, read


@pytest.mark.parametrize(
    "answer",
    [
        "If I were the minifigure and turned around, the dog would be in front of me.",
        "The dog is on the left from the viewer's perspective.",
    ],
)
def test_a_condition_or_the_viewers_frame_alone_is_no_answer(answer: str) -> None:
    read = read_components(answer, "egocentric", question=QUESTIONS["Q7"].replace("object", "dog"))
    assert not read.decided or not read.components, read


def test_the_role_premise_is_no_condition_for_the_option_reader() -> None:
    from vpt_tasks.scorers.options import read_option

    options = {"A": "front", "B": "left", "C": "behind", "D": "right"}
    assert read_option("If I were her, the cup would be behind me.", options).letter == "C"
    assert read_option("If she turned around, the cup would be behind her.", options).letter is None
    # r105, r111: the role restated does not make a short answer long
    long_role = "If I were the woman in the green apron, the stove would be on my right side."
    assert read_option(long_role, options).letter == "D"
    # two directions named: several options, whatever the role's length (r127, four127-056)
    two = "If I were the man, the toolbox would be in front of me, to my left."
    assert read_option(two, options).reason == "several_options"


def test_right_as_an_intensifier_names_no_direction() -> None:
    from vpt_tasks.scorers.options import read_option

    options = {"A": "front", "B": "left", "C": "behind", "D": "right"}
    for answer in ["The mannequin is right in front of me.", "It's right behind him."]:
        assert read_option(answer, options).letter in {"A", "C"}, answer
    assert read_option("It is to my right, in front of the sink.", options).letter is None


# Round r25's fixes.


def test_an_orientation_is_a_viewpoint() -> None:
    reply = (
        "Yes, from the camera's perspective the ball is in front of the car. From the car's own "
        "orientation, however, it is off to its side."
    )
    assert len(viewpoints(prepare(reply))) == 2
    assert text_yes_probability(reply, question=COMFORT_QUESTION) is None


@pytest.mark.parametrize(
    ("qid", "kind", "answer", "first_person", "why"),
    [
        ("Q1", "count", "I see one, possibly two objects: a dog and maybe a bone.", False, None),
        (
            "Q3",
            "yesno",
            "The dog stands on a raised tile. However, it's possible they are on the same surface.",
            False,
            None,
        ),
        (
            "Q6",
            "yesno",
            "The dog is at the edge of its view, so it might partially see it.",
            False,
            "possibility",
        ),
        (
            "Q7",
            "egocentric",
            "The dog is either directly in front of me or slightly to my right - hard to tell.",
            True,
            "alternatives",
        ),
    ],
)
def test_an_answer_offered_as_a_possibility_is_undecided(qid, kind, answer, first_person, why):
    question = QUESTIONS[qid].replace("object", "dog")
    read = read_components(answer, kind, question=question, first_person=first_person)
    assert not read.decided, read
    assert why is None or read.why == why, read


@pytest.mark.parametrize(
    ("answer", "turned"),
    [
        ("The minifigure is positioned to the west of the dog.", {"east"}),
        ("The figure is placed east of the dog.", {"west"}),
    ],
)
def test_the_relation_the_other_way_round_is_turned(answer: str, turned: set[str]) -> None:
    # of the asked object and nothing else: turned (since r55; `test_extraction.py`)
    read = read_components(answer, "cardinal", question=QUESTIONS["Q4"].replace("object", "dog"))
    assert read == (frozenset(turned), True, "turned"), read
    other = read_components(answer, "cardinal", question=QUESTIONS["Q4"].replace("object", "cat"))
    assert not other.decided and other.why == "reversed", other


# Q4's premise makes the image a map (top = north): a side of the figure in the image is a
# cardinal, and one naming another direction than the answer's is a second place.


@pytest.mark.parametrize(
    ("answer", "decided"),
    [
        # r91: "east", then the desk on the figure's left in the image (west)
        (
            "The object is located to the east of the humanoid minifigure. The minifigure is "
            "positioned on the right side of the image, with the desk to its left.",
            False,
        ),
        ("West. In the picture the desk is to the right of the minifigure.", False),
        ("North. In the image the desk is below the figure.", False),
        # the same side agrees; the figure's own frame is another frame, not read here
        ("East. In the image the desk is to the right of the minifigure.", True),
        ("East. From its own point of view the desk is on its left in the image.", True),
        # another thing's side is not the asked object's
        ("East. In the image the chair is to its left.", True),
    ],
)
def test_an_image_side_naming_another_direction_leaves_q4_undecided(
    answer: str, decided: bool
) -> None:
    question = QUESTIONS["Q4"].replace("object", "desk")
    read = read_components(answer, "cardinal", question=question)
    assert read.decided is decided, read
    assert read.why == ("answer" if decided else "image_side_disagrees"), read


# Round r29's fixes.


@pytest.mark.parametrize(
    "reply",
    [
        # an intrinsic frame named by its front
        "From the camera's perspective, yes. But relative to the car's own front, the ball is "
        "off to its side.",
        # the asked relation and its opposite, both stated
        "Yes, the ball is to the left of the car. From the car's own side it would be to the "
        "right of it.",
    ],
)
def test_a_reply_per_frame_of_reference_is_undecided(reply: str) -> None:
    assert text_yes_probability(reply, question=COMFORT_QUESTION) is None


@pytest.mark.parametrize(
    ("reply", "words"),
    [("Ja och nej.", (["ja"], ["nej"])), ("Ya dan tidak.", (["ya"], ["tidak"]))],
)
def test_both_answer_words_joined_in_the_language_asked_are_undecided(reply, words) -> None:
    assert text_yes_probability(reply, *words) is None


def test_another_relation_beside_the_asked_one_is_no_second_frame() -> None:
    reply = "Yes, the ball is to the left of the car and behind the dog."
    assert text_yes_probability(reply, question=COMFORT_QUESTION) == 1.0


def test_a_refused_role_is_a_premise_rejection() -> None:
    answer = "I'm an AI and can't really imagine seeing as the minifigure, so I cannot see the dog."
    assert rejects_premise(prepare(answer))
    read = read_components(answer, "yesno", question=QUESTIONS["Q6"].replace("object", "dog"))
    # nothing answered but the refusal: the paper's failed answer (001, line 114), no No
    assert read == (frozenset(), True, "disclaimer"), read


NOP_QUESTION = "Is the ball to the left of the car?"


@pytest.mark.parametrize(
    ("reply", "yes_no"),
    [
        # r33: a frame taken after a turn, offered as a possibility
        (
            "The ball is to the left of the car. However, if we consider the car's orientation, "
            "it might be to its right.",
            (["yes"], ["no"]),
        ),
        ("Yes, it is. But taking the car's point of view, it is on its right.", (["yes"], ["no"])),
        # r33 (French): two viewpoints named in the language asked
        (
            "Du point de vue de la caméra, oui. Mais du point de vue du chien, le ballon serait "
            "plutôt à sa droite.",
            (["oui"], ["non"]),
        ),
        ("Aus Sicht der Kamera ja. Aber aus Sicht des Autos ist er rechts.", (["ja"], ["nein"])),
        (
            "카메라 시점에서 보면 네. 하지만 자동차의 시점에서 보면 오른쪽입니다.",
            (["네"], ["아니요"]),
        ),
        ("从相机的角度看，是的。但从汽车的角度看，它在右边。", (["是"], ["不是"])),
        # r39 (Dutch): a frame named as "seen from the horse"
        (
            "Ja, vanuit het perspectief van de camera wel, maar vanuit het paard gezien ligt "
            "de bal rechts.",
            (["ja"], ["nee"]),
        ),
        ("Ja. Aber vom Auto aus gesehen liegt er rechts.", (["ja"], ["nein"])),
        ("Yes. But seen from the car, it is on the right.", (["yes"], ["no"])),
        # r40: an owner named in two words ("the rubber duck's")
        (
            "From the camera's perspective, yes. However, from the rubber duck's own "
            "perspective, it would be on its left.",
            (["yes"], ["no"]),
        ),
        # r67: "it depends (on the viewpoint)" in the language asked
        (
            "Dipende dal punto di vista: dalla prospettiva della fotocamera sì, ma rispetto al "
            "divano stesso il pallone si trova di lato.",
            (["sì"], ["no"]),
        ),
        ("Es kommt darauf an. Von der Kamera aus ja.", (["ja"], ["nein"])),
        # r65: the other frame after "although"
        (
            "Yes, the basketball is in front of the bicycle. Although from the bicycle's own "
            "orientation, it would be to its side.",
            None,
        ),
        # r57: the relatum itself, or its orientation, taken as the frame
        (
            "С точки зрения камеры — да. Но относительно самой машины мяч находится сбоку.",
            (["да"], ["нет"]),
        ),
        ("Yes from the camera. But relative to the car itself, it is on its right.", None),
        (
            "Dal punto di vista della fotocamera sì, ma rispetto all'orientamento dell'auto si "
            "trova alla sua destra.",
            (["sì"], ["no"]),
        ),
    ],
)
def test_a_turn_to_another_frame_is_a_reply_per_frame(reply: str, yes_no) -> None:
    assert text_yes_probability(reply, *(yes_no or ()), question=NOP_QUESTION) is None


def test_the_relatums_own_orientation_in_chinese_is_another_frame() -> None:
    # r197 (comf197-054): "从汽车自身的朝向来看" after "但", in the table's own words
    from vpt_tasks.comfort.language import load_language

    zh = load_language("zh")
    reply = "从相机的角度看，是的，篮球在汽车的左边；但从汽车自身的朝向来看，篮球在它的右边。"
    read = text_yes_probability(
        reply,
        zh.yes_words,
        zh.no_words,
        question="篮球在汽车的左边吗？",
        relations=zh.relation_words,
    )
    assert read is None
    one_frame = "从相机的角度看，是的，篮球在汽车的左边。"
    assert (
        text_yes_probability(one_frame, zh.yes_words, zh.no_words, question="篮球在汽车的左边吗？")
        == 1.0
    )


@pytest.mark.parametrize(
    ("reply", "question", "p"),
    [
        # the frame the question asks, named again after a turn: one frame
        (
            "Yes. But note that from the dog's viewpoint it is close to the car.",
            COMFORT_QUESTION,
            1.0,
        ),
        # a turn with no frame
        ("Yes, but only just: the ball is to the left of the car.", NOP_QUESTION, 1.0),
        ("Du point de vue de la caméra, oui.", NOP_QUESTION, 1.0),
    ],
)
def test_one_frame_after_a_turn_is_still_read(reply: str, question: str, p: float) -> None:
    yes_no = (["yes", "oui"], ["no", "non"])
    assert text_yes_probability(reply, *yes_no, question=question) == p


def test_a_correction_inside_an_aside_is_not_read_as_the_answers() -> None:
    """r211 (brick211-063): the part after "actually", inside a parenthesis that corrects the
    camera-view aside, was read as the whole answer ({back}; labelled back and left)."""
    question = QUESTIONS["Q7"].replace("object", "car")
    answer = (
        "From the minifigure's perspective, the car is behind it and slightly to its left. (From "
        "the camera's view, the car appears in front of the figure, since the figure faces away "
        "from the camera... actually the figure faces the camera, so the car is behind it.)"
    )
    read = read_components(answer, "egocentric", question=question)
    assert not read.decided and read.why == "correction_in_aside", read
    plain = "The car is in front of it. Actually, looking again, the car is behind it."
    assert read_components(plain, "egocentric", question=question).components == {"back"}


@pytest.mark.parametrize(
    ("answer", "first_person", "expected"),
    [
        # r211 (brick211-045), r217 (brick217-046): another thing's place in the first person
        ("I am facing west, and the bat is located to my north.", True, {"west"}),
        (
            "I'm facing southwest. The horse is to my north-east, behind me.",
            True,
            {"south", "west"},
        ),
        ("It faces west; the bat is north of it.", False, {"west"}),
        # r227 (brick227-042): a comma before the place
        ("I'm facing south. The horse is behind me, to the north.", True, {"south"}),
        # r307 (brick307-048): a side of the figure, then its compass name
        (
            "I'm facing north, toward the top of the image. The tree is to my right, which "
            "would be east.",
            True,
            {"north"},
        ),
        ("It faces south; the dog is on its left side, which is east.", False, {"south"}),
    ],
)
def test_q5_where_another_thing_lies_is_not_the_facing(
    answer: str, first_person: bool, expected: set[str]
) -> None:
    read = read_components(answer, "cardinal", question=QUESTIONS["Q5"], first_person=first_person)
    assert read.decided and read.components == expected, read


def test_q5_a_faced_thing_placed_by_which_is_not_masked() -> None:
    answer = "The minifigure is facing the dog, which is north of it."
    assert read_components(answer, "cardinal", question=QUESTIONS["Q5"]).components == {"north"}


@pytest.mark.parametrize(
    ("answer", "question", "expected"),
    [
        # r217 (comf217-031): the image's right side is where the reasoning starts, not the
        # relation it answers
        (
            "The sofa faces the camera. From its viewpoint, its left is the image's right. The "
            "basketball is on the right side of the image.\n\nAnswer: Yes",
            "From the sofa's viewpoint, is the basketball to the left of the sofa?",
            1.0,
        ),
        (
            "The horse is facing toward the right side of the image. So the ball is on the "
            "horse's left.\n\nYes.",
            "From the horse's viewpoint, is the basketball to the left of the horse?",
            1.0,
        ),
    ],
)
def test_a_side_of_the_image_is_no_relation_of_the_relatum(
    answer: str, question: str, expected: float
) -> None:
    assert text_yes_probability(answer, question=question) == expected


def test_the_relatums_side_stated_against_the_yes_still_disagrees() -> None:
    question = "Is the basketball to the left of the sofa?"
    assert (
        text_yes_probability("Yes. The basketball is to the right of the sofa.", question=question)
        is None
    )


def test_a_self_correction_in_the_language_asked_is_read_as_one() -> None:
    """ "wacht" (Dutch "wait") is a self-correction: the part after it is the answer (r14,
    comf14-052; found from r217's Chinese "是。不对，..." whose 不对 is a Chinese No, not added)."""
    answer = "Ja... nee, wacht, de bal ligt vóór het bed. Nee."
    assert text_yes_probability(answer, ["ja"], ["nee"]) == 0.0
    assert text_yes_probability("Ja, wacht even.", ["ja"], ["nee"]) is None
    # German "Moment -" / "Moment mal" (r285, comf285-054); "im Moment" is no correction
    german = "Nein. Moment - von ihr aus gesehen liegt der Ball doch hinter dem Pferd. Ja."
    assert text_yes_probability(german, ["ja"], ["nein"]) == 1.0
    assert text_yes_probability("Ja. Im Moment liegt er dahinter.", ["ja"], ["nein"]) == 1.0
    # Chinese "等一下" ("wait a moment", r377, comf377-060), as "等等" is
    chinese = "否。等一下，狗面朝右边，球在它的左边，也就是后面。是。"
    assert text_yes_probability(chinese, ["是"], ["否"]) == 1.0


def test_the_relatums_side_said_with_a_pronoun_is_the_asked_relation() -> None:
    """r241 (comf241-017): "So the ball is to her right. Answer: No" to "... is the ball to the
    right of the woman?" was read as no."""
    question = "From the woman's viewpoint, is the ball to the right of the woman?"
    answer = (
        "The woman is facing the camera. The ball is on the left side of the image. Since she "
        "faces the camera, her right is the image's left. So the ball is to her right. Answer: No"
    )
    assert text_yes_probability(answer, question=question) is None
    assert (
        text_yes_probability(answer.replace("Answer: No", "Answer: Yes"), question=question) == 1.0
    )


def test_my_side_against_your_side_disagrees_with_the_yes() -> None:
    """r255 (comf255-038, read yes, labelled ambiguous): "to my right" answers "to your left?"
    as the other side, the first person's side as "her right" is the third's."""
    question = "Imagine you are the woman. Is the ball to your left? Answer Yes or No."
    assert (
        text_yes_probability("I am the woman. The ball is to my right. Yes.", question=question)
        is None
    )
    agreeing = "I am the woman. The ball is to my left. Yes."
    assert text_yes_probability(agreeing, question=question) == 1.0


IT = load_language("it")


def test_a_yes_beside_another_relation_in_the_language_asked_is_undecided() -> None:
    """r255 (comf255-059, read yes, labelled ambiguous): "Sì. La palla è davanti al cavallo."
    to "... la palla è dietro il cavallo?": the Yes and the relation it states disagree."""
    question = (
        "Dal punto di vista della fotocamera, la palla è dietro il cavallo? Rispondi Sì o No."
    )

    def read(reply: str) -> float | None:
        return text_yes_probability(
            reply, IT.yes_words, IT.no_words, question=question, relations=IT.relation_words
        )

    assert read("Sì. La palla è davanti al cavallo.") is None
    assert read("Sì. La palla è dietro al cavallo.") == 1.0  # the asked relation itself
    assert read("Sì.") == 1.0


ES = load_language("es")


def test_a_no_after_stating_the_asked_relation_in_the_language_asked_is_undecided() -> None:
    """r257 (comf257-055, read no, labelled ambiguous): the reply's last step states the asked
    relation of the relatum, then answers No."""
    question = (
        "Desde el punto de vista de la cámara, ¿está el balón a la derecha del sofá? Piensa "
        "paso a paso y luego responde Sí o No."
    )

    def read(reply: str) -> float | None:
        return text_yes_probability(
            reply, ES.yes_words, ES.no_words, question=question, relations=ES.relation_words
        )

    said = "Paso 3: Desde el punto de vista de la cámara, el balón está a la derecha del sofá."
    assert read(f"{said}\n\nRespuesta: No") is None
    assert read(f"{said}\n\nRespuesta: Sí") == 1.0
    # of the image, or asked again: no statement of the asked relation
    assert read("El balón está a la derecha del sofá en la imagen.\n\nRespuesta: No") == 0.0
    assert read("¿Está el balón a la derecha del sofá? No.") == 0.0


def test_the_asked_relation_stated_from_a_frame_the_question_does_not_ask_is_no_statement() -> None:
    """r267 (comf267-049, labelled no): "Desde la cámara, el balón está a la izquierda del
    sofá" states the asked relation from the camera, the man being asked; the reply's No
    answers the man's frame."""
    question = (
        "Desde el punto de vista del hombre, ¿está el balón a la izquierda del sofá? Piensa "
        "paso a paso y luego responde Sí o No."
    )
    reply = (
        "**Paso 1:** El hombre está de pie detrás del sofá, mirando hacia la cámara.\n"
        "**Paso 2:** Desde la cámara, el balón está a la izquierda del sofá.\n"
        "**Paso 3:** Como el hombre mira hacia la cámara, su izquierda corresponde a la derecha "
        "de la imagen.\n\n**Respuesta: No**"
    )

    def read(reply: str) -> float | None:
        return text_yes_probability(
            reply, ES.yes_words, ES.no_words, question=question, relations=ES.relation_words
        )

    assert read(reply) == 0.0
    assert read(reply.replace("Desde la cámara, el", "El")) is None


def test_a_side_said_as_the_images_is_no_statement_of_the_asked_relation() -> None:
    """r269 (comf269-007, labelled yes): "on the image's right of the sofa, which is the sofa's
    left" is the step from the image's frame to the sofa's; it does not deny the Yes."""
    question = "From the sofa's viewpoint, is the ball to the left of the sofa? Answer Yes or No."
    reply = (
        "The sofa faces the camera. The ball is on the image's right of the sofa, which is the "
        "sofa's left.\n\nYes."
    )
    assert text_yes_probability(reply, question=question) == 1.0
    assert text_yes_probability(reply.replace("image's ", ""), question=question) is None
    camera = "From the camera's viewpoint, is the ball to the left of the sofa? Answer Yes or No."
    assert (
        text_yes_probability("It is on the camera's right of the sofa. Yes.", question=camera)
        is None
    )


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        # r267 (comf267-029): two viewpoints named, and said to agree
        (
            "From the camera's viewpoint, the basketball is to the left of the car. From the "
            "car's own viewpoint, its left also corresponds to the image's left.\n\nSo under "
            "both interpretations, the answer is the same.\n\n**Yes**",
            1.0,
        ),
        (
            "The basketball is to the left of the car both from the camera's viewpoint and "
            "from the car's orientation.\n\nAnswer: Yes",
            1.0,
        ),
        # two viewpoints and no word that they agree: per frame, undecided
        (
            "From the camera's viewpoint, the basketball is to the left of the car. From the "
            "car's own viewpoint, its left also corresponds to the image's left.\n\n**Yes**",
            None,
        ),
    ],
)
def test_two_viewpoints_said_to_agree_give_one_answer(reply: str, expected: float | None) -> None:
    question = (
        "Is the basketball to the left of the car? Think step by step, then answer Yes or No."
    )
    assert text_yes_probability(reply, question=question) == expected


def test_a_walkthrough_cut_inside_its_conclusion_concluded_nothing() -> None:
    """r259 (comf259-030, read no, labelled unknown): the token limit came in the concluding
    sentence ("So from the dog's viewpoint, the basketball is"); the image's "to the right of
    the dog" before it is observation."""
    question = "From the dog's viewpoint, is the basketball to the left of the dog?"
    reply = (
        "Let me work through this step by step:\n\n1. The dog is lying down, facing toward the "
        "bottom-right corner of the image.\n2. The basketball is located above and to the right "
        "of the dog in the image.\n\nSo from the dog's viewpoint, the basketball is"
    )
    assert text_yes_probability(reply, question=question) is None
    assert unfinished_walkthrough(prepare(reply))
    assert not unfinished_walkthrough(prepare(reply + " on its left. Yes."))


@pytest.mark.parametrize(
    "tail",
    [
        "Though if you count the slight turn of my head, it could be south-east.",
        "But if we consider the way my torso is turned, it might be east.",
    ],
)
def test_what_another_reckoning_could_make_the_answer_is_an_alternative(tail: str) -> None:
    # r279 (brick279-049): "... so I'm facing south. Though if you count the slight turn of my
    # head, it could be south-east." was read south
    answer = f"My printed face points toward the bottom of the image, so I'm facing south. {tail}"
    got = read_components(answer, "cardinal", first_person=True)
    assert not got.decided, got
    # the same principle in the COMFORT reader (one shared `is_hypothetical`)
    reply = (
        "Yes, the ball is to the right of the bench. Though if you consider that benches have "
        "no front, it could be on its left."
    )
    assert text_yes_probability(reply, question=BENCH) is None


@pytest.mark.parametrize(
    "answer",
    [
        # a counterfactual of the scene, or what another reckoning would make of a count the
        # answer has just ruled out (r211), is no alternative
        "So I'm facing south. If I turned my head, I could see the east wall.",
        "I'm facing south. If you consider my cape, the answer would be the same.",
    ],
)
def test_a_counterfactual_or_a_ruled_out_reckoning_leaves_the_answer(answer: str) -> None:
    got = read_components(answer, "cardinal", first_person=True)
    assert got.decided and got.components == {"south"}, got


@pytest.mark.parametrize(
    "tail",
    [
        # r307 (brick307-015, read 1, labelled ambiguous)
        "If the robot is counted as humanoid, there would be 2.",
        "If you also count the robot, the answer would be 2.",
        "If we consider the robot humanoid, it'd be two.",
    ],
)
def test_what_another_reckoning_would_make_a_count_is_an_alternative(tail: str) -> None:
    """What the count *would* be under another reckoning of the question is a second answer,
    unless the answer says which reckoning it took (r211: "so I haven't counted it")."""
    question = QUESTIONS["Q2"].replace("object", "robot")
    answer = f"There is 1 humanoid minifigure, standing next to the robot. {tail}"
    got = read_components(answer, "count", question=question)
    assert (got.decided, got.why) == (False, "conditional"), got
    taken = answer.replace(". If", ", so I haven't counted the robot. If", 1)
    got = read_components(taken, "count", question=question)
    assert got.decided and got.components == {"1"}, got


@pytest.mark.parametrize(
    "answer",
    [
        "The lamp is to the north or east of the minifigure.",  # r283 (brick283-037), read {N, E}
        "The lamp is north or maybe east of the minifigure.",
    ],
)
def test_two_directions_joined_by_or_in_a_sentence_naming_the_asked_thing_are_alternatives(
    answer: str,
) -> None:
    question = QUESTIONS["Q4"].replace("object", "lamp")
    got = read_components(answer, "cardinal", question=question)
    assert (got.decided, got.why) == (False, "alternatives"), got


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # r327 (brick327-069): the mapping said image side first
        (
            "The minifigure faces the bottom of the image. The flower is at the bottom-left of "
            "the image. From the minifigure's perspective (facing the viewer), image-left is its "
            "right. So the flower is in front of it and to its right.\n\n**Answer: front-right**",
            {"front", "right"},
        ),
        (
            "It faces us, so the image's right is its left. The car is in front of it, on its "
            "left.\n\nAnswer: front-left",
            {"front", "left"},
        ),
    ],
)
def test_a_mapping_from_the_image_side_to_the_figures_names_no_side(
    answer: str, expected: set[str]
) -> None:
    reading = read_components(answer, "egocentric")
    assert (reading.decided, set(reading.components)) == (True, expected), reading
    # a side of the figure's own named apart from the mapping still objects
    other = answer.replace("Answer: front-", "Answer: back-")
    assert not read_components(other, "egocentric").decided


@pytest.mark.parametrize(
    "answer",
    [
        # r337 (brick337-070)
        "The bicycle is on the right side of the minifigure from the viewer's perspective, or on "
        "its left from the minifigure's own perspective if it is facing us.",
        "The dog is on its left, assuming it is facing us.",
        "Assuming it faces the camera, the dog is on its left.",
    ],
)
def test_a_side_under_a_facing_the_answer_only_assumes_is_undecided(answer: str) -> None:
    reading = read_components(answer, "egocentric")
    assert not reading.decided and reading.why == "facing_assumed", reading
    # a turn it does not make is a counterfactual, beside the answer as it stands
    posed = "If the minifigure turned 90 degrees, the dog would be in front of it. As it stands, the dog is on its right."
    assert read_components(posed, "egocentric").decided


def test_another_thing_that_could_count_is_a_second_count() -> None:
    """r335 (brick335-016): "Just one minifigure — although the skeleton on the left could count
    as a second if you consider it humanoid." names one or two."""
    answer = (
        "Just one minifigure — although the skeleton on the left could count as a second if you "
        "consider it humanoid."
    )
    reading = read_components(answer, "count")
    assert not reading.decided and reading.why == "alternatives", reading
    mistaken = "There is only one minifigure visible, although the shadow could be mistaken for a second one."
    assert read_components(mistaken, "count").decided

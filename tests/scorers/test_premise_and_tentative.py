"""Three abstentions, each read the same way by every reader that meets it (written here from
the principle, not copied from a held-out set):

- a second answer offered as a possibility ("B, though it might also be C") is a hedge between
  alternatives even without an "or": undecided;
- a tentative Yes/No by a pro-form ("It appears so", "I think not") is an answer, so "hard to
  tell" beside it is no refusal: undecided, never scored as a disclaimer or "no option";
- an answer that rejects the premise that the figure can see ("As an inanimate LEGO toy, it
  does not possess actual vision") is what the Isle-Brick-V2 paper counts as a failed answer
  (001, lines 114 and 213), not a No: with nothing answered but the rejection ("..., so it
  cannot see anything"), the paper's disclaimer and no option; beside a Yes/No that stands as
  an answer, undecided -- unless it then sets the rejection aside and answers under the premise
  ("However, if we imagine it could, ... so yes"; "However, judging from its position, ..."),
  as every held-out label reads it.
"""

from __future__ import annotations

import pytest

from vpt_tasks.core.config import load_config
from vpt_tasks.isle_brick.extraction import read_components
from vpt_tasks.scorers.options import read_option
from vpt_tasks.scorers.reading import prepare, rejects_premise
from vpt_tasks.scorers.yes_no_text import text_yes_probability

QUESTIONS = {
    q: spec["text"].replace("the object", "the dog")
    for q, spec in load_config("isle_brick")["questions"].items()
}
DIRECTIONS = {"A": "front", "B": "left", "C": "right", "D": "behind"}
SEE = "Can the minifigure with the red cap see the dog? Respond solely with Yes or No."
YES_NO = {"A": "Yes", "B": "No"}


@pytest.mark.parametrize(
    "answer",
    [
        "The answer is B, though it might also be C given the angle.",
        "Left. Alternatively, it could be behind him.",
        "I'd say D, although A is also possible.",
        # r57: a second count offered after the declared answer
        "Therefore, the answer is A. However, there is another dot on the floor, which he "
        "could also see by looking down, which would make it 2.",
        # r63: a possibility offered after a concession
        "It is in front of him, although it could be slightly to his left.",
        # r135: a second answer trailed after an ellipsis
        "It is in front of him... or behind him if he turned his head.",
        # two offered as the last sentence
        "I think it is either in front of him or behind him.",
    ],
)
def test_an_alternative_offered_as_a_possibility_leaves_an_option_undecided(answer) -> None:
    reading = read_option(answer, DIRECTIONS, question="Where is the cup from his view?")
    assert reading.letter is None and reading.reason in ("alternatives", "several_options")


def test_another_count_as_the_answers_last_words_is_an_alternative() -> None:
    """ "..., which would make 3 (B)." (r163): a second count offered last; one weighed before
    a declared answer is reasoning (r154's "..., which would make 2. Based on his current
    orientation, though, the answer is A.")."""
    dots = {"A": "2", "B": "3"}
    last = (
        "There are 2 yellow dots on that wall, so the answer would be A. Hmm, but there is also "
        "a yellow dot near the corner that might be in his view, which would make 3 (B)."
    )
    assert read_option(last, dots).letter is None
    weighed = (
        "There are 2 yellow dots on that wall. He might catch the one on the side wall, which "
        "would make 3. Based on where he faces, though, the answer is A."
    )
    assert read_option(weighed, dots).letter == "A"


@pytest.mark.parametrize(
    ("qid", "kind", "answer"),
    [
        ("Q5", "cardinal", "It seems to be facing south, although it could also be facing west."),
        ("Q7", "egocentric", "The dog is in front of it; it might also be slightly to the left."),
        ("Q6", "yesno", "Yes, though the dog could equally be hidden by the chair."),
        (
            "Q6",
            "yesno",
            "The dog is at the edge of its view: it might just see it, or it might not.",
        ),
        ("Q3", "yesno", "They seem to be on the same surface, or perhaps not."),
        ("Q7", "egocentric", "The dog is on my left... or maybe behind me."),
        ("Q7", "egocentric", "The dog is either in front of me or slightly to my right."),
    ],
)
def test_an_alternative_offered_as_a_possibility_leaves_components_undecided(
    qid, kind, answer
) -> None:
    reading = read_components(answer, kind, question=QUESTIONS[qid])
    assert not reading.decided and reading.why == "alternatives", reading


def test_either_or_weighed_before_a_declared_answer_is_reasoning() -> None:
    answer = "He could be either installing or removing it; he is most likely installing it.\n\nA"
    options = {"A": "Install a wheel", "B": "Remove a wheel", "C": "Pump", "D": "Clean"}
    assert read_option(answer, options).letter == "A"


def test_an_ellipsis_then_or_rather_corrects() -> None:
    read = read_components("It is to my left... or rather, behind me on the left.", "egocentric")
    assert read.decided and read.components == {"back", "left"}, read


def test_an_alternative_offered_leaves_a_yes_no_reply_undecided() -> None:
    assert text_yes_probability("Yes, although it could also be read as behind.") is None
    assert text_yes_probability("Yes, it is behind the car.") == 1.0  # the control


@pytest.mark.parametrize(
    "answer",
    [
        "It appears so, though the dog might be partly hidden. Hard to tell from this angle.",
        "I think so, but it's hard to tell.",
        "I guess not. Hard to tell from this angle.",
    ],
)
def test_a_tentative_answer_is_never_a_disclaimer(answer: str) -> None:
    for qid in ("Q3", "Q6"):
        reading = read_components(answer, "yesno", question=QUESTIONS[qid])
        assert not reading.decided, (qid, reading)
    # the control: a refusal with no tentative answer is the paper's disclaimer
    control = read_components(
        "I can't determine that from this angle.", "yesno", question=QUESTIONS["Q6"]
    )
    assert control.decided and control.components == frozenset(), control


def test_a_hesitation_beside_a_lean_is_no_disclaimer() -> None:
    """Blind round r27 (brick27-027): "It is difficult to tell ... whether they are on the
    same surface; the banana might be on a slightly elevated piece" leans no."""
    answer = (
        "It is difficult to tell from this angle whether they are on the same surface; the dog "
        "might be on a slightly raised tile."
    )
    reading = read_components(answer, "yesno", question=QUESTIONS["Q3"])
    assert not reading.decided, reading
    refusal = "It is impossible to determine from this angle whether they are on the same surface."
    assert read_components(refusal, "yesno", question=QUESTIONS["Q3"]).decided  # the disclaimer


def test_a_tentative_answer_is_never_no_option() -> None:
    options = {"A": "Yes", "B": "No"}
    assert read_option("I think so, though I can't be sure.", options, question=SEE).letter is None
    assert read_option("I can't be sure.", options, question=SEE).letter == "Z"  # the control
    # possibilities offered beside the refusal (r42, two42-055): it hesitates between them
    offered = (
        "I might just catch it out of the corner of my eye, or it might be just out of view. "
        "I can't say for sure either way."
    )
    reading = read_option(offered, options, question=SEE)
    assert reading.letter is None and reading.reason == "tentative_answer", reading
    # ... or offered before the refusal in its own sentence (r107)
    before = "I might glimpse it at the edge of my view, or it might be hidden - I can't say."
    reading = read_option(before, options, question=SEE)
    assert reading.letter is None and reading.reason == "tentative_answer", reading
    # a possibility conceded to the refusal, "..., but I can't be certain" (r155)
    conceded = "I might catch it out of the corner of my eye, but I can't be certain."
    reading = read_option(conceded, options, question=SEE)
    assert reading.letter is None and reading.reason == "tentative_answer", reading
    # possibilities inside the refusal's own clause are what it declines
    inside = "I can't say whether it might be visible or hidden from there."
    assert read_option(inside, options, question=SEE).letter == "Z"
    # a possibility that offers no alternative beside a refusal still declines
    declines = "I can't determine where she is looking from this image. Could you say more?"
    assert read_option(declines, options, question=SEE).letter == "Z"


PREMISE_REJECTIONS = [
    # 001, line 213, the paper's own quote, continued as models continue it
    "As an inanimate LEGO toy, the minifigure does not possess actual vision, so it is not "
    "really able to see the dog or anything else.",
    "It's just a plastic toy, so it cannot see the dog.",
    # the ability denied in other words; "actually" after a negation corrects nothing
    "A LEGO minifigure is a plastic toy, so it does not actually have the ability to see.",
    "The figure doesn't actually have functioning eyes or vision; its eyes are printed on.",
    # "perceive" is a seeing verb as "see" is (r167)
    "The minifigure is a plastic toy and cannot perceive its surroundings, so the question of "
    "whether it sees the dog doesn't really apply.",
    # "being a toy" gives the reason it cannot see (r277)
    "Being a plastic toy, it cannot see the dog.",
]
ANSWERED_BESIDE_A_REJECTION = [
    # an answer before the premise is taken ("No - ..."): the rejection stands (a premise
    # rejected and then taken with nothing answered before is answered under it, below)
    "No - minifigures can't actually see, but taking the assumption at face value, the dog is "
    "behind it.",
    "The figure has no real eyes, so no, it does not see the dog.",
    "No, the minifigure is a plastic toy and does not have functional eyes, so it cannot see "
    "the dog.",
]


@pytest.mark.parametrize("answer", PREMISE_REJECTIONS)
def test_a_premise_rejection_that_answers_nothing_is_the_papers_failed_answer(answer: str) -> None:
    # its "cannot see the dog" is the rejection, not a No: the paper's disclaimer (scored 0),
    # and no option of a Yes/No question
    assert rejects_premise(prepare(answer))
    reading = read_components(answer, "yesno", question=QUESTIONS["Q6"])
    assert reading == (frozenset(), True, "disclaimer"), reading
    chosen = read_option(answer, YES_NO, question=SEE)
    assert (chosen.letter, chosen.reason) == ("Z", "refuses_premise"), chosen


@pytest.mark.parametrize("answer", ANSWERED_BESIDE_A_REJECTION)
def test_a_no_beside_a_premise_rejection_is_the_graders(answer: str) -> None:
    assert rejects_premise(prepare(answer))
    reading = read_components(answer, "yesno", question=QUESTIONS["Q6"])
    assert not reading.decided and reading.why == "rejects_premise", reading
    chosen = read_option(answer, YES_NO, question=SEE)
    assert chosen.letter is None and chosen.reason == "rejects_premise", chosen


def test_seeing_only_partly_is_no_yes() -> None:
    # r75: "..., so maybe only partly" qualifies the answer; a thing partly hidden does not
    partly = "I can see the dog out of the corner of my eye, so maybe only partly."
    reading = read_components(partly, "yesno", question=QUESTIONS["Q6"], first_person=True)
    assert not reading.decided and reading.why == "partial", reading
    hidden = "Yes, it can see the dog, which is only partly hidden by the chair."
    assert read_components(hidden, "yesno", question=QUESTIONS["Q6"]).decided


def test_a_partial_qualifier_concluding_the_answer_is_no_yes() -> None:
    # r277 (brick277-056, labelled ambiguous, read yes): "So, partially." is the answer
    answer = "I can see the dog in my peripheral vision, but not directly. So, partially."
    reading = read_components(answer, "yesno", question=QUESTIONS["Q6"], first_person=True)
    assert not reading.decided and reading.why == "partial", reading
    plain = "I can see the dog in my peripheral vision."
    assert read_components(plain, "yesno", question=QUESTIONS["Q6"], first_person=True).decided


def test_a_kind_said_not_to_see_rejects_the_premise() -> None:
    # r57: "toys and cannot see" is the kind, not this figure's view of the plant
    answer = "Lego minifigures are plastic toys and cannot see; their eyes are just printed on."
    assert rejects_premise(prepare(answer))
    reading = read_components(answer, "yesno", question=QUESTIONS["Q6"])
    assert reading == (frozenset(), True, "disclaimer"), reading  # a failed answer, no No
    assert not rejects_premise(prepare("The toy dog is behind it, so it cannot see the toy."))


def test_a_premise_rejection_that_declines_the_question_is_the_papers_disclaimer() -> None:
    # the premise rejected and the question declined, nothing answered (r39, r41, r47, r51)
    answer = (
        "As an inanimate LEGO toy, the minifigure does not possess actual vision, so the "
        "question of what it sees does not really apply."
    )
    reading = read_components(answer, "yesno", question=QUESTIONS["Q6"])
    assert reading == (frozenset(), True, "disclaimer"), reading
    # a No given all the same stays the grader's (above)
    beside = ANSWERED_BESIDE_A_REJECTION[1]
    assert not read_components(beside, "yesno", question=QUESTIONS["Q6"]).decided


@pytest.mark.parametrize(
    "answer",
    [
        "No, the minifigure cannot see the dog because it is behind it.",
        "The minifigure can't really see the dog; the wardrobe is in the way.",
        "It does not see the dog, which is behind the wardrobe.",
    ],
)
def test_a_no_about_this_figure_is_no_premise_rejection(answer: str) -> None:
    assert not rejects_premise(prepare(answer))
    reading = read_components(answer, "yesno", question=QUESTIONS["Q6"])
    assert reading.decided and reading.components == {"no"}, reading


@pytest.mark.parametrize(
    "answer",
    [
        "There is no dog visible; the black piece appears to be a weapon.",  # 001, line 213
        # the speaker looking at the picture (r37, brick37-059)
        "I don't see a dog in this image; the dark rectangular piece looks like a box.",
        "I can't see any small dog anywhere in the picture.",
    ],
)
def test_the_thing_said_absent_from_the_picture_settles_no_seeing_question(answer) -> None:
    # alone, the paper's disclaimer (001, line 203: "claiming no object is present when one
    # is"); beside a reading of something else, no statement about seeing: undecided
    reading = read_components(answer, "yesno", question=QUESTIONS["Q6"])
    assert reading == (frozenset(), True, "disclaimer"), reading
    beside = read_components(answer + " Yes, it sees it.", "yesno", question=QUESTIONS["Q6"])
    assert not beside.decided and beside.why == "absence", beside
    # the figure not seeing it is a No, in the third person and in the first
    said = "The minifigure doesn't see the dog; it is behind it."
    assert read_components(said, "yesno", question=QUESTIONS["Q6"]).components == {"no"}
    mine = "I don't see the dog: it is behind me."
    reading = read_components(mine, "yesno", question=QUESTIONS["Q6"], first_person=True)
    assert reading.decided and reading.components == {"no"}, reading


# A premise rejected, then taken: "... cannot actually see. However, if we imagine it could,
# ... so yes" answers under the premise (r69, r75, r89, r101, r105 label every such answer with
# it); the rejection alone, or an answer before the turn, stays undecided.


@pytest.mark.parametrize(
    ("answer", "letter", "components"),
    [
        (
            "A LEGO figure is plastic and cannot actually see. However, if we imagine that it "
            "could, the dog stands right in front of its face, so yes, it would see the dog.",
            "A",
            {"yes"},
        ),
        (
            "Strictly speaking a toy has no real vision. Taking the premise as given: the dog "
            "is behind its back, so it would not be able to see it. B",
            "B",
            {"no"},
        ),
        # the part before the turn already answers: the rejection stands
        (
            "No. Minifigures are toys and cannot actually see, but assuming it could, the dog "
            "is in front of it.",
            None,
            None,
        ),
        # the rejection set aside with no word on the premise (r6, r37, r55, r74)
        (
            "A LEGO minifigure is an inanimate toy and cannot actually see. However, judging "
            "from its position, the dog stands right in front of it, so: A",
            "A",
            None,
        ),
        (
            "I'm a language model and can't actually see, but going by the image, the dog is "
            "behind the figure, so no, it would not see it.",
            "B",
            {"no"},
        ),
        # the speaker a toy, "strictly speaking" (r167)
        (
            "I'm a toy, so strictly speaking I can't see - but if I could, then yes: the dog "
            "is directly ahead of me.",
            "A",
            {"yes"},
        ),
        # the answer under the premise hedges: undecided as any hedge is
        (
            "Minifigures can't actually see. But if it could, it might glimpse the dog, or "
            "maybe not.",
            None,
            None,
        ),
    ],
)
def test_a_premise_taken_after_its_rejection_is_answered_under_it(
    answer: str, letter: str | None, components: set[str] | None
) -> None:
    assert rejects_premise(prepare(answer))
    assert read_option(answer, YES_NO, question=SEE).letter == letter
    read = read_components(answer, "yesno", question=QUESTIONS["Q6"])
    assert read.decided is (components is not None), read
    if components is not None:
        assert read.components == components, read


@pytest.mark.parametrize(
    ("answer", "letter"),
    [
        # r307 (two307-057, read nothing): a bare letter, then the rejection as an aside in
        # brackets, then the premise taken: the letter, read with what follows it
        (
            "A\n\n(Minifigures can't actually see, of course, but assuming they could, the dog "
            "is right in its line of sight.)",
            "A",
        ),
        (
            "B\n\n(Minifigures can't actually see, but assuming they could, the dog is behind it.)",
            "B",
        ),
        # what follows says otherwise: the letter is not read past it
        (
            "B\n\n(Minifigures can't actually see, but assuming they could, it would see the "
            "dog right in front of it.)",
            None,
        ),
        # not in brackets, the rejection stands, as after a No
        (
            "B. Minifigures are toys and cannot actually see, but assuming it could, the dog is "
            "in front of it.",
            None,
        ),
    ],
)
def test_a_bare_letter_before_a_rejection_in_brackets_is_read_with_the_premise_taken(
    answer: str, letter: str | None
) -> None:
    assert read_option(answer, YES_NO, question=SEE).letter == letter


@pytest.mark.parametrize(
    ("qid", "answer", "decided"),
    [
        # r107: a qualified negation beside a Yes is partly yes, partly no
        (
            "Q3",
            "Not quite - the dog is on a small raised plate, which stands on the same table.",
            False,
        ),
        (
            "Q6",
            "I can see the dog at the edge of my view, but not really - it is mostly behind me.",
            False,
        ),
        # r197: "but mostly not"
        (
            "Q6",
            "As a minifigure, I can partially see the umbrella out of the corner of my eye, but "
            "mostly not.",
            False,
        ),
        # a qualified negation that concludes No is a No
        ("Q6", "Not really - the dog is behind it, so no, it cannot see the dog.", True),
        (
            "Q6",
            "The umbrella is mostly not in view: it is behind me, so no, I cannot see it.",
            True,
        ),
    ],
)
def test_a_qualified_negation_beside_a_yes_is_partial(qid: str, answer: str, decided: bool) -> None:
    read = read_components(answer, "yesno", question=QUESTIONS[qid], first_person=qid == "Q6")
    assert read.decided is decided, read
    if not decided:
        assert read.why == "partial", read


@pytest.mark.parametrize(
    ("language", "reply", "p"),
    [
        # r125 (comf125-052): a Yes qualified as partial, in the languages COMFORT asks in
        ("ru", "Частично да, но мяч скорее сбоку от лошади.", None),
        ("de", "Teilweise ja.", None),
        ("en", "Partly yes, but it is rather beside the horse.", None),
        ("en", "Yes, partly.", None),
        ("es", "En parte sí.", None),
        # a partial word about something else is no qualifier of the answer
        ("en", "Yes, it is behind the horse and partly hidden by it.", 1.0),
        ("en", "No - it is partially visible to the right of the horse.", 0.0),
    ],
)
def test_a_yes_no_qualified_as_partial_is_no_answer(language: str, reply: str, p) -> None:
    from vpt_tasks.comfort.language import load_language

    table = load_language(language)
    question = "Is the basketball behind the horse?"
    assert text_yes_probability(reply, table.yes_words, table.no_words, question=question) == p


def test_a_premise_rejected_by_being_a_toy_then_taken_is_answered_under_it() -> None:
    # r277 (brick277-060): first person, "I can't really see, being a toy -- but if I could:"
    answer = (
        "I can't really see, being a toy - but if I could: the dog is right in front of me, so yes."
    )
    assert rejects_premise(prepare(answer))
    reading = read_components(answer, "yesno", question=QUESTIONS["Q6"], first_person=True)
    assert reading.decided and reading.components == {"yes"}, reading


def test_a_refusal_of_the_role_that_answers_all_the_same_is_undecided() -> None:
    """r319 (two319-056, read as a refusal, labelled B): it declines the role, then answers."""
    options = {"A": "No", "B": "Yes"}
    answer = (
        "I'm sorry, but I can't pretend to be the figure. Based on the image, though, the "
        "minifigure seems to be facing the car, so it would be able to see it."
    )
    reading = read_option(answer, options, question=SEE)
    assert (reading.letter, reading.reason) == (None, "refusal_mixed"), reading
    declined = "I'm sorry, but I can't pretend to be the figure."
    assert read_option(declined, options, question=SEE).reason == "refusal"


@pytest.mark.parametrize(
    ("qid", "kind", "answer", "why"),
    [
        # r319 (brick319-043, read {south, east}, labelled south)
        (
            "Q5",
            "cardinal",
            "The minifigure appears to be facing roughly toward the bottom of the image - so "
            "south - although its torso is angled slightly, so it could be read as south-east.",
            "alternatives",
        ),
        # r319 (brick319-054, read yes, labelled ambiguous)
        (
            "Q6",
            "yesno",
            "The minifigure is facing west and the horse is to its east, so the horse is behind "
            "it. Therefore, yes, it can see the horse.",
            "reasoning_disagrees",
        ),
    ],
)
def test_an_answer_its_own_words_put_in_doubt_is_undecided(qid, kind, answer, why) -> None:
    question = QUESTIONS[qid].replace("dog", "horse")
    read = read_components(answer, kind, question=question)
    assert (read.decided, read.why) == (False, why), read


def test_seeing_another_named_thing_is_no_statement_about_the_asked_one() -> None:
    """r319 (two319-050, left undecided): "**B. No.** ... the dog is behind me. I can see the
    fence in front of me, though." to "Can you see the dog?"."""
    options = {"A": "Yes", "B": "No"}
    question = "Imagine you are the Lego minifigure. Can you see the dog in the picture?"
    answer = "**B. No.** The dog is behind me. I can see the fence in front of me, though."
    assert read_option(answer, options, question=question).letter == "B"
    against = "**B. No.** The dog is behind me. Wait, I can see the dog in front of me."
    assert read_option(against, options, question=question).letter is None


def test_a_hesitation_with_an_adverb_is_a_hesitation() -> None:
    """r325 (two325-024): "It could be A (2) if ..., or B (4) if .... I can't confidently decide
    between the two." was read B ("the two" ruled out as A's count); an adverb between "can't"
    and "decide" hides no hesitation."""
    question = (
        "In the picture, how many red dots does the man with the purple hoodie see? Respond "
        "solely with A or B."
    )
    answer = (
        "It could be A (2) if only the dots on the wall directly in front of him count, or B (4) "
        "if his peripheral vision reaches the two dots on the side wall. I can't confidently "
        "decide between the two."
    )
    reading = read_option(answer, {"A": "2", "B": "4"}, question=question)
    assert (reading.letter, reading.reason) == (None, "hesitates"), reading


def test_a_part_of_the_figure_said_visible_is_no_seeing_statement() -> None:
    """r329 (brick329-052): "(its face is visible)" beside a No was read as the figure seeing,
    and the answer left undecided; it is the camera's view of the figure."""
    question = "Assuming the minifigure can see, can it see the treasure chest?"
    answer = (
        "**Step 1 – Orientation:** the minifigure faces the bottom of the image (its face is "
        "visible).\n**Step 2 – Object:** the treasure chest is near the top edge, behind the "
        "figure.\n\n**No.** The treasure chest is behind the minifigure, outside its field of view."
    )
    reading = read_components(answer, "yesno", question=question)
    assert (reading.decided, set(reading.components)) == (True, {"no"}), reading
    # the asked thing said visible still is a statement about seeing
    other = "Its face is visible and the treasure chest is visible to it. No."
    assert not read_components(other, "yesno", question=question).decided
    options = {"A": "Yes", "B": "No"}
    assert read_option("Its face is visible. B", options, question=question).letter == "B"

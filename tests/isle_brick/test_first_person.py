"""`-T solver=first_person`: the exact prompts against the task config, and answers read in the
minifigure's own frame, through the task as a user runs it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from inspect_ai.model import get_model

from tests.helpers import run
from vpt_tasks.core.config import config_dir
from vpt_tasks.isle_brick.extraction import read_components
from vpt_tasks.isle_brick.task import isle_brick

CONFIG = yaml.safe_load((config_dir() / "isle_brick.yaml").read_text(encoding="utf-8"))
FIRST_PERSON = CONFIG["first_person"]


def _prompt(sample) -> str:
    [text] = [part.text for part in sample.input[0].content if part.type == "text"]
    return text


def _samples(**arguments) -> dict[str, object]:
    task = isle_brick(source="demo", grader="rules", **arguments)
    return {str(sample.id): sample for sample in task.dataset}


@pytest.mark.parametrize("hint", [False, True])
def test_every_demo_prompt_is_the_yaml_wording_and_addresses_you(hint: bool) -> None:
    first = _samples(solver="first_person", orientation_hint=hint)
    zero = _samples(solver="zero_shot", orientation_hint=hint)
    assert first.keys() == zero.keys() and len(first) == 56  # same ids: runs pair up
    for sample_id, sample in first.items():
        meta = sample.metadata
        question = FIRST_PERSON["questions"][meta["question_id"]]
        question = question.replace(CONFIG["object_placeholder"], f"the {meta['object']}")
        parts = [FIRST_PERSON["framing"]]
        if hint and meta["question_id"] == "Q6":
            facing = "-".join(first[sample_id.replace("Q6", "Q5")].target)
            parts.append(FIRST_PERSON["orientation_hint"].format(facing=facing))
        expected = " ".join([*parts, question])
        assert _prompt(sample) == expected, sample_id
        assert meta["question"] == expected and meta["prompt_style"] == "first_person"
        assert re.search(r"\byou\b", expected, re.IGNORECASE)
        assert _prompt(sample) != _prompt(zero[sample_id])
        assert sample.target == zero[sample_id].target  # the gold answers do not change


def test_the_wording_has_a_provenance_note() -> None:
    provenance = FIRST_PERSON["provenance"]
    assert "Written for vpt_tasks" in provenance and "Omni-Perspective" in provenance
    assert set(FIRST_PERSON["questions"]) == set(CONFIG["questions"])


@pytest.mark.parametrize("solver", ["zero_shot", "cot", "first_person"])
def test_the_orientation_hint_works_with_every_solver(solver: str) -> None:
    samples = _samples(solver=solver, orientation_hint=True, questions="Q6")
    template = (
        CONFIG["orientation_hint"] if solver != "first_person" else FIRST_PERSON["orientation_hint"]
    )
    scenes = {str(s.id): s for s in isle_brick(source="demo", grader="rules").dataset}
    for sample_id, sample in samples.items():
        facing = "-".join(scenes[sample_id.replace("Q6", "Q5")].target)
        assert template.format(facing=facing) in _prompt(sample)
    assert len(samples) == 8


@pytest.mark.parametrize(
    ("question", "answer", "first_person", "zero_shot"),
    [
        (
            "Q7",
            "The object is to my left.",
            ["left"],
            [],
        ),  # "my left" is the viewer's in 3rd person
        ("Q7", "From my perspective, it is behind me.", ["back"], []),
        ("Q6", "I see it right in front of me.", ["yes"], []),
        ("Q6", "I am unable to see it; it is behind me.", ["no"], []),
        ("Q5", "I am facing north.", ["north"], ["north"]),
        ("Q2", "Just me.", ["1"], []),
    ],
)
def test_first_person_answers_are_read_in_the_minifigures_frame(
    tmp_path: Path, question: str, answer: str, first_person: list[str], zero_shot: list[str]
) -> None:
    model = get_model("vpt_tasks/constant", answer=answer, memoize=False)
    for solver, expected in (("first_person", first_person), ("zero_shot", zero_shot)):
        log = run(
            isle_brick(source="demo", questions=question, solver=solver, grader="rules"),
            model,
            tmp_path,
        )
        for sample in log.samples:
            score = sample.scores["prediction_correctness"]
            assert score.metadata["components"] == expected, (solver, sample.id)
        assert log.plan.config.max_tokens == 128


def test_an_answer_that_goes_on_to_decline_is_undecided() -> None:
    """r245 (brick245-053): "... I don't really see anything. I'm afraid I can't answer this
    one." was read as No; a refusal after the answer leaves it open (as the options'
    `refusal_mixed`), a refusal the answer turns from does not."""
    question = (
        "Assuming that the humanoid minifigure can see and its eyes are open, do you see the car?"
    )
    declined = (
        "I'm a LEGO minifigure, so my eyes are just printed on my face; I don't really see "
        "anything. I'm afraid I can't answer this one."
    )
    read = read_components(declined, "yesno", question=question, first_person=True)
    assert (read.decided, read.why) == (False, "refusal_mixed")
    turned = "I can't be completely sure, but no, I don't see the car."
    read = read_components(turned, "yesno", question=question, first_person=True)
    assert (read.decided, read.components) == (True, frozenset({"no"}))

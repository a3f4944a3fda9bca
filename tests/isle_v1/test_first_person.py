"""`-T solver=first_person` on Isle-Bricks v1 and Isle-Dots: the exact prompts, from the YAML.

Every demo sample's prompt is rebuilt here from `task_configs/isle_v1.yaml`
(the paper's prompt named by `first_person.prompt`, the first-person template
of its question filled with the question's own values) and compared with the
prompt the task sends; it must differ from the zero-shot prompt and address
the model as "you".
"""

from __future__ import annotations

import re

import pytest
import yaml

from vpt_tasks.core.config import config_dir
from vpt_tasks.isle_v1.task import isle_brick_v1, isle_dots

CONFIG = yaml.safe_load((config_dir() / "isle_v1.yaml").read_text(encoding="utf-8"))
FIRST = CONFIG["first_person"]

# The demo questions, read with patterns written here (not the task's template matcher).
BRICK_VPT = re.compile(
    r"Assuming the Lego minifigure with a (?P<attribute>.+) has the ability to see, "
    r"can it see the (?P<object>.+) in the picture\?"
)
BRICK_CONTROL = re.compile(r"Is the (?P<object>.+) present in the image\?")
DOTS_VPT = re.compile(
    r"In the picture, how many (?P<colour>\w+) (?P<object>\w+) does the man with the purple "
    r"hoodie see\?(?P<rest>.*)"
)
DOTS_CONTROL = re.compile(
    r"In the picture, how many (?P<colour>\w+) (?P<object>\w+) are there\?(?P<rest>.*)"
)


def expected_question(kind: str, question: str) -> str:
    """The first-person question the YAML prescribes for a demo question."""
    section = FIRST[kind]
    patterns = (BRICK_VPT, BRICK_CONTROL) if kind == "isle-brick" else (DOTS_VPT, DOTS_CONTROL)
    for pattern, template in zip(patterns, section["templates"], strict=True):
        m = pattern.fullmatch(question)
        if m:
            values = {"rest": "", **m.groupdict()}
            return template["first_person"].format(framing=section["framing"], **values)
    raise AssertionError(f"a demo question matches no pattern of this test: {question!r}")


@pytest.mark.parametrize(
    ("task", "kind"), [(isle_brick_v1, "isle-brick"), (isle_dots, "isle-dots")]
)
def test_every_demo_prompt_is_the_yaml_first_person_prompt(task, kind: str) -> None:
    first = task(source="demo", solver="first_person", grader="rules")
    zero = {s.id: s for s in task(source="demo", grader="rules").dataset}
    paper_prompt = CONFIG["prompts"][FIRST["prompt"]]
    assert len(first.dataset) == len(zero) == 32
    for sample in first.dataset:
        meta = sample.metadata
        options = meta["options"]
        question = expected_question(kind, meta["question"])
        expected = paper_prompt.format(q=question, opt1=options["A"], opt2=options["B"])
        sent = sample.input[0].content[1].text
        assert sent == expected, sample.id
        assert sent != zero[sample.id].input[0].content[1].text  # same id, another prompt
        assert re.search(r"\byou\b", sent, re.IGNORECASE) and sent.startswith("Imagine you are")
        assert (meta["prompt_style"], meta["first_person"]) == ("first_person", "template")
    assert first.metadata["solver"] == "first_person"
    assert first.metadata["first_person"] == {"template": 16, "framing": 0}


def test_the_perspective_question_addresses_the_figure_as_you() -> None:
    sample = next(
        s
        for s in isle_brick_v1(source="demo", solver="first_person", grader="rules").dataset
        if s.metadata["task"] == "perspective-taking"
    )
    text = sample.input[0].content[1].text
    assert re.match(
        r"Imagine you are the Lego minifigure with a [a-z ]+ in the picture, and you can see\. "
        r"Can you see the \w+\? Respond solely with A or B\.",
        text,
    ), text


def test_a_question_no_template_matches_gets_the_framing_and_is_counted(
    canonical_dir, caplog
) -> None:
    from hf_datasets.builders.synthetic.isle_v1 import brick_rows

    rows = brick_rows(scenes=2, size=8, seed=1)
    rows[0] = {**rows[0], "question": "Does the little figure notice the cup?"}
    source = canonical_dir(rows, "first_person_framing")
    task = isle_brick_v1(source=str(source), solver="first_person", grader="rules")
    framed = [s for s in task.dataset if s.metadata["first_person"] == "framing"]
    assert len(framed) == 2  # both orders of the one item
    framing = FIRST["isle-brick"]["framing"]
    assert (
        framed[0]
        .input[0]
        .content[1]
        .text.startswith(
            f"{framing} Does the little figure notice the cup? Respond solely with A or B."
        )
    )
    assert task.metadata["first_person"] == {"template": 3, "framing": 1}
    assert "match no first-person template" in caplog.text

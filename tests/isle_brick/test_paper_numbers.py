"""Isle-Brick-V2's published numbers, checked against what the project computes.

Every expected value comes from `tests/paper_numbers/isle_brick_v2.yaml`, transcribed from
the papers (`../shared/papers/000_*` supplement, `001_*` main paper) by a helper who had not
read the code, and committed before these tests were written; each assertion names the line.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import Counter

import numpy as np
import pytest
from inspect_ai.scorer import SampleScore, Score

from tests.paper_numbers import cite, paper_text, value
from vpt_tasks.cli import main
from vpt_tasks.core.stats import bootstrap_columns
from vpt_tasks.isle_brick.extraction import extract_components
from vpt_tasks.isle_brick.metrics import isle_brick_chance
from vpt_tasks.isle_brick.spec import load_spec
from vpt_tasks.scorers.set_precision import scored_components

PAPER = "isle_brick_v2"
TABLE_3 = {"gold_q4": "supp_table3_q4", "gold_q5": "supp_table3_q5", "gold_q7": "supp_table3_q7"}


def _dry_run_counts(seed: int, capsys: pytest.CaptureFixture[str]) -> dict[str, dict[str, int]]:
    assert main(["render", "isle-brick", "--dry-run", "--seed", str(seed)]) == 0
    out = capsys.readouterr().out
    assert "isle-brick: 144 frames (144 distinct scenes)" in out, seed
    return {
        line.split(":", 1)[0].strip(): ast.literal_eval(line.split(":", 1)[1].split(" (")[0])
        for line in out.splitlines()
        if line.strip().startswith(tuple(TABLE_3))
    }


def _paper_key(cell: str) -> str:
    """The plan's "east+north" as the paper prints it: "east, north" (alphabetical)."""
    return ", ".join(sorted(cell.split("+")))


@pytest.mark.parametrize("seed", range(10))
def test_the_render_plan_is_table_3_in_every_cell(
    seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """`vpt-tasks render isle-brick --dry-run`: every cell of supplement A.1 Table 3, as the
    printed percentage of the 144 tasks."""
    planned = _dry_run_counts(seed, capsys)
    for column, entry_id in TABLE_3.items():
        paper = value(PAPER, entry_id)
        shares = {_paper_key(k): round(100 * n / 144, 1) for k, n in planned[column].items()}
        assert shares == paper, (seed, column, cite(PAPER, entry_id))
        assert sum(planned[column].values()) == 144


def test_the_dry_run_says_so_from_a_fresh_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "vpt_tasks.cli", "render", "isle-brick", "--dry-run"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "Table 3 of the paper: every cell as the paper's" in done.stdout


def _gold_items() -> dict[str, list[list[str]]]:
    """Every question's 144 gold sets, from the paper's Table 3 (counts = percent x 1.44)."""
    items: dict[str, list[list[str]]] = {}
    for qid in ("Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7"):
        table = value(PAPER, f"supp_table3_{qid.lower()}")
        items[qid] = [
            key.split(", ") for key, pct in table.items() for _ in range(round(pct * 1.44))
        ]
        assert len(items[qid]) == 144, (qid, cite(PAPER, f"supp_table3_{qid.lower()}"))
    return items


def test_the_random_baseline_is_appendix_a3() -> None:
    """The chance levels the project reports (mean |G| / N over the items), on the paper's
    gold distribution, are A.3's: Q1, Q2 1/3, Q3 1/2, Q4 0.34; categories 0.389, 0.317,
    0.411."""
    questions = load_spec().questions
    scores = [
        SampleScore(
            score=Score(value=0.0),
            sample_id=f"s{i}/{qid}",
            sample_metadata={
                "question_id": qid,
                "scene_id": f"s{i}",
                "gold": gold,
                "pool_size": len(questions[qid].pool),
            },
        )
        for qid, golds in _gold_items().items()
        for i, gold in enumerate(golds)
    ]
    chance = isle_brick_chance()(scores)
    per_question = value(PAPER, "supp_random_q1_q2_q3_chance")
    for qid in ("Q1", "Q2", "Q3"):
        assert chance[f"chance_{qid}"] == pytest.approx(per_question[qid]), qid
    assert round(chance["chance_Q4"], 2) == value(PAPER, "supp_random_q4_chance")
    categories = value(PAPER, "supp_random_category_levels")
    for name, level in categories.items():
        assert round(chance[f"chance_{name}"], 3) == level, (
            name,
            cite(PAPER, "supp_random_category_levels"),
        )
    assert value(PAPER, "supp_random_q4_pool_size") == len(questions["Q4"].pool)


@pytest.mark.parametrize(
    ("entry_id", "kind", "answer", "gold"),
    [
        ("derived_score_northeast_gold_north", "cardinal", "northeast", ["north"]),
        (
            "supp_fig9_example_q7_gpt4turbo",
            "egocentric",
            "front and slightly to the right",
            ["front"],
        ),
        ("supp_fig9_example_q5_claude35", "cardinal", "southeast", ["south"]),
    ],
)
def test_the_papers_scoring_examples(
    entry_id: str, kind: str, answer: str, gold: list[str]
) -> None:
    components = extract_components(answer, kind)  # type: ignore[arg-type]
    assert scored_components(components, gold, answer).value == value(PAPER, entry_id), cite(
        PAPER, entry_id
    )


STEP = 100 / 144 + 0.1
MODELS = (
    "GPT-4o",
    "Claude 3.5 Sonnet",
    "GPT-4-Turbo",
    "Llama-3.2-11B-Vision-Instruct",
    "Claude 3 Sonnet",
)


@pytest.mark.parametrize("question", ["q1", "q2", "q3", "q6"])
def test_table_2_intervals_of_the_binary_questions(question: str) -> None:
    """Table 2's 95% bootstrap intervals (10,000 resamples) of the questions scored 0 or 1,
    recomputed by the project's bootstrap from the printed point values: each half-width
    within one item's step (100/144 = 0.69 points, the resampling's own granularity) plus
    the rounding of the two printed numbers (0.05 each) of the paper's."""
    points = value(PAPER, f"main_table2_{question}")
    bounds = value(PAPER, f"main_table2_{question}_ci")
    assert value(PAPER, "main_bootstrap_iterations_text")["iterations"] == 10_000
    for model in MODELS:
        right = round(points[model] * 1.44)
        assert round(100 * right / 144, 1) == points[model], model  # a whole number of items
        scores = np.array([1.0] * right + [0.0] * (144 - right))[:, None]
        [estimate] = bootstrap_columns(scores, {"q": [0]}, resamples=10_000).values()
        minus = 100 * (estimate.value - estimate.low)
        plus = 100 * (estimate.high - estimate.value)
        where = cite(PAPER, f"main_table2_{question}_ci")
        assert abs(minus - bounds[f"{model}_minus"]) <= STEP, (model, minus, where)
        assert abs(plus - bounds[f"{model}_plus"]) <= STEP, (model, plus, where)


def test_the_design_is_the_papers() -> None:
    grid = value(PAPER, "main_num_tasks_factorisation")
    from vpt_tasks.isle_brick.design import FIGURES, OBJECTS, ORIENTATIONS, POSITIONS, VIEWPOINTS

    assert (len(OBJECTS), len(POSITIONS), len(ORIENTATIONS), len(VIEWPOINTS)) == (
        grid["pairs"],
        grid["spatial_positions"],
        grid["orientations"],
        grid["viewpoints"],
    )
    assert len(FIGURES) == value(PAPER, "main_nine_figures_nine_objects")["minifigures"]
    settings = value(PAPER, "main_generation_settings")
    spec = load_spec()
    assert (spec.temperature, spec.max_tokens) == (settings["temperature"], settings["max_tokens"])
    assert Counter(q.category for q in spec.questions.values()) == Counter(
        v.lower().replace(" ", "_") for v in value(PAPER, "main_table1_category").values()
    )


@pytest.mark.parametrize(
    "answer",
    [
        # 001, line 213: Claude 3 Sonnet's Q6 errors, "premise rejection" and "object
        # misclassification"; the paper counts both as wrong answers to a question whose gold
        # is that the figure can see the object
        "As an inanimate LEGO toy, it does not possess actual vision.",
        "There is no dog visible; the black piece appears to be a weapon.",
    ],
)
def test_the_papers_quoted_q6_errors_are_never_read_as_yes(answer: str) -> None:
    from vpt_tasks.isle_brick.extraction import read_components

    question = "Assuming the humanoid minifigure can see, can it see the dog?"
    reading = read_components(answer, "yesno", question=question)
    assert not (reading.decided and "yes" in reading.components), reading
    assert (
        scored_components(reading.components if reading.decided else None, ["yes"], answer).value
        == 0.0
    )


# 001, line 203 (Table 4): "*Disc.* (Disclaimer) marks instances in which the model failed to
# provide a relevant answer (e.g., claiming no object is present when one is)" -- for Q4, Q5, Q7
TABLE_4_DISCLAIMER = "claiming no object is present when one is"


@pytest.mark.parametrize(
    ("question", "kind", "answer"),
    [
        (
            "In which cardinal direction is the wardrobe located relative to the humanoid "
            "minifigure?",
            "cardinal",
            "I do not see a wardrobe in this image. The image shows only a minifigure.",
        ),
        (
            "Where is the bat located relative to the humanoid minifigure from its perspective?",
            "egocentric",
            "I apologize, but I cannot see a bat in this image.",
        ),
    ],
)
def test_an_answer_claiming_the_object_absent_is_the_tables_disclaimer(
    question: str, kind: str, answer: str
) -> None:
    from vpt_tasks.isle_brick.extraction import read_components

    assert TABLE_4_DISCLAIMER in paper_text("001_5ce7dc28ff7cfd54.txt").splitlines()[202]
    reading = read_components(answer, kind, question=question)  # type: ignore[arg-type]
    assert reading == (frozenset(), True, "disclaimer"), reading
    # a direction named beside it is still read
    named = read_components(
        "I don't see a bat in this image. It is to its left.", kind="egocentric"
    )
    assert named.components == {"left"}


# 001, Table 1 (lines 51-59): GPT-4-Turbo's example answer to each question about the top-left
# scene of Figure 2 (a dog), read from the paper's text itself. Each states its components in
# plain words; the rules must decide every one of them as stated.
TABLE_1_COMPONENTS = {
    "Q1": {"1"},  # "So, there is a total of 1 non-humanoid object in the image."
    "Q2": {"1"},  # "There is one humanoid minifigure in the picture."
    "Q3": {"yes"},  # "Yes, both ... are on the same flat, white surface."
    "Q4": {"west"},  # "The dog is located to the west of the humanoid minifigure, ..."
    "Q5": {"east"},  # "The humanoid minifigure is facing east."
    "Q6": {"yes"},  # "Yes, ... so it would be able to see the dog."
    "Q7": {"left"},  # "... the dog is located to its left side."
}


def _table_1() -> dict[str, tuple[str, str]]:
    """{question id: (question, answer)} from 001's Table 1, or skip where the papers are absent."""
    rows = {}
    for line in paper_text("001_5ce7dc28ff7cfd54.txt").splitlines()[50:59]:
        cells = line.split("\t")
        if len(cells) == 3 and cells[0][:2] in TABLE_1_COMPONENTS:
            rows[cells[0][:2]] = (cells[0].split(": ", 1)[1], cells[2])
    assert sorted(rows) == sorted(TABLE_1_COMPONENTS), rows
    return rows


@pytest.mark.parametrize("qid", sorted(TABLE_1_COMPONENTS))
def test_table_1_answers_are_read_as_they_state(qid: str) -> None:
    from vpt_tasks.isle_brick.extraction import QUESTION_KINDS, read_components

    question, answer = _table_1()[qid]
    reading = read_components(answer, QUESTION_KINDS[qid], question=question)
    assert reading.decided and reading.components == TABLE_1_COMPONENTS[qid], (
        f"001 Table 1 {qid}: {answer!r} -> {reading}"
    )

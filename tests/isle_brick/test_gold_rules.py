"""Contradictory gold sets are refused with the row named (issue 13), through `inspect_ai.eval`.

Each test writes a canonical Isle-Brick-V2 directory whose second row (row 1,
scene `scene-001`) breaks one rule of the task config's `gold_rules`; a
contradictory gold set would let contradicting answers score (with gold
{yes, no} the answer "no" scored 1.0).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai import eval

from hf_datasets.builders.synthetic.isle_brick import paper_style_scenes
from vpt_tasks.core.errors import SourceError
from vpt_tasks.isle_brick.spec import load_spec

ROW = r"row 1 \(scene_id 'scene-001'\)"


def _refused(isle_brick_dir, tmp_path: Path, column: str, gold: list[str]) -> str:
    rows = paper_style_scenes(size=8, limit=3)
    rows[1][column] = gold
    source = isle_brick_dir(rows, name=f"gold_{column}")
    with pytest.raises(SourceError, match=ROW) as error:
        eval(
            "vpt_tasks/isle_brick",
            task_args={"source": str(source), "grader": "rules"},
            model="vpt_tasks/random",
            log_dir=str(tmp_path / "logs"),
            display="none",
        )
    assert not (tmp_path / "logs").exists() or not list((tmp_path / "logs").iterdir())
    message = str(error.value)
    assert f"{column}=" in message and "Fix the gold answer of that row" in message
    return message


@pytest.mark.parametrize("column", ["gold_q3", "gold_q6"])
def test_yes_and_no_together_are_refused(isle_brick_dir, tmp_path: Path, column: str) -> None:
    message = _refused(isle_brick_dir, tmp_path, column, ["yes", "no"])
    assert "names both yes and no, which contradict each other" in message


@pytest.mark.parametrize(
    ("column", "gold"),
    [("gold_q4", ["north", "south"]), ("gold_q5", ["east", "west"])],
)
def test_opposite_cardinal_directions_are_refused(
    isle_brick_dir, tmp_path: Path, column: str, gold: list[str]
) -> None:
    message = _refused(isle_brick_dir, tmp_path, column, gold)
    assert f"names both {gold[0]} and {gold[1]}, which contradict each other" in message


@pytest.mark.parametrize("gold", [["front", "back"], ["left", "right"]])
def test_opposite_egocentric_directions_are_refused(
    isle_brick_dir, tmp_path: Path, gold: list[str]
) -> None:
    message = _refused(isle_brick_dir, tmp_path, "gold_q7", gold)
    assert f"names both {gold[0]} and {gold[1]}, which contradict each other" in message


@pytest.mark.parametrize(("column", "count"), [("gold_q1", "7"), ("gold_q2", "3")])
def test_a_count_outside_the_pool_is_refused(
    isle_brick_dir, tmp_path: Path, column: str, count: str
) -> None:
    pool = load_spec().questions[column[-2:].upper()].pool
    assert pool == ("0", "1", "2") and count not in pool
    message = _refused(isle_brick_dir, tmp_path, column, [count])
    assert f"has {count}, outside the question's answers (0, 1, 2)" in message


def test_two_counts_at_once_are_refused(isle_brick_dir, tmp_path: Path) -> None:
    message = _refused(isle_brick_dir, tmp_path, "gold_q1", ["1", "2"])
    assert "names 2 answers (1, 2) where at most 1 can be true at once" in message


@pytest.mark.parametrize(
    ("column", "gold"),
    [("gold_q4", ["north", "east", "west"]), ("gold_q7", ["front", "left", "back"])],
)
def test_more_than_two_directions_are_refused(
    isle_brick_dir, tmp_path: Path, column: str, gold: list[str]
) -> None:
    message = _refused(isle_brick_dir, tmp_path, column, gold)
    assert "names 3 answers" in message and "at most 2 can be true at once" in message


def test_valid_compound_gold_sets_still_load(isle_brick_dir, tmp_path: Path) -> None:
    rows = paper_style_scenes(size=8, limit=3)
    rows[1].update(gold_q4=["north", "east"], gold_q7=["back", "left"], gold_q1=["0"])
    source = isle_brick_dir(rows, name="gold_ok")
    [log] = eval(
        "vpt_tasks/isle_brick",
        task_args={"source": str(source), "grader": "rules", "questions": "Q1,Q4,Q7"},
        model="vpt_tasks/random",
        log_dir=str(tmp_path / "logs"),
        display="none",
    )
    assert log.status == "success"
    targets = {s.id: s.target for s in log.samples}
    assert targets["scene-001/Q4"] == ["north", "east"]
    assert targets["scene-001/Q7"] == ["back", "left"]

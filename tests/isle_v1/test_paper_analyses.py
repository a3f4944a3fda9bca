"""Isle v1's paper analyses in the report: perspective-taking slices, the drop from the control
questions, and the cross-model Spearman correlation (issue 20 §7)."""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai import eval
from scipy.stats import spearmanr

from vpt_tasks.isle_v1.report import render_bricks
from vpt_tasks.report.logs import fmt, log_details


@pytest.fixture(scope="module")
def three_runs(tmp_path_factory: pytest.TempPathFactory) -> list:
    logs = []
    for seed, model in (
        (0, "vpt_tasks/random"),
        (1, "vpt_tasks/random"),
        (0, "vpt_tasks/always_yes"),
    ):
        (log,) = eval(
            "vpt_tasks/isle_brick_v1",
            task_args={"source": "demo", "grader": "rules"},
            model=model,
            model_args={"seed": seed},
            log_dir=str(tmp_path_factory.mktemp("runs")),
            display="none",
        )
        assert log.status == "success"
        logs.append(log)
    return logs


def test_vpt_partition_slices_hold_perspective_taking_samples_only(three_runs) -> None:
    log = three_runs[0]
    numbers = log_details(log)
    partitions = {s.metadata["partition"] for s in log.samples if s.metadata.get("partition")}
    assert partitions
    for partition in partitions:
        mine = [
            s
            for s in log.samples
            if s.metadata.get("partition") == partition
            and s.metadata["task"] == "perspective-taking"
        ]
        if not mine:
            assert f"vpt_partition={partition}/accuracy" not in numbers
            continue
        right = [next(iter(s.scores.values())).as_float() for s in mine]
        assert numbers[f"vpt_partition={partition}/accuracy"] == pytest.approx(
            sum(right) / len(right)
        )
    control = numbers["task=object-detection/accuracy"]
    assert numbers["vpt_drop"] == pytest.approx(
        control - numbers["task=perspective-taking/accuracy"]
    )


def test_report_shows_the_drop_and_the_spearman_correlation(three_runs, tmp_path: Path) -> None:
    text = "\n".join(render_bricks(three_runs, tmp_path))
    assert "### Perspective taking vs control (object detection)" in text
    numbers = [log_details(log) for log in three_runs]
    control = [m["task=object-detection/accuracy"] for m in numbers]
    vpt = [m["task=perspective-taking/accuracy"] for m in numbers]
    for c, v in zip(control, vpt, strict=True):
        assert f"| {fmt(c)} | {fmt(v)} | {fmt(c - v)} |" in text
    result = spearmanr(control, vpt)
    if result.statistic == result.statistic:
        assert f"ρ = {result.statistic:.3f}, p = {result.pvalue:.3g}" in text
    else:
        assert "undefined (no variation)" in text
    assert "vpt_partition=" in text  # the paper's slice rows


def test_fewer_than_three_runs_say_why_there_is_no_correlation(three_runs, tmp_path: Path) -> None:
    text = "\n".join(render_bricks(three_runs[:2], tmp_path))
    assert "needs at least 3 runs (here 2)" in text

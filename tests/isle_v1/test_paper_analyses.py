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
    vpt = numbers["task=perspective-taking/accuracy"]
    assert numbers["vpt_drop_points"] == pytest.approx(control - vpt)
    assert numbers["vpt_drop"] == pytest.approx((control - vpt) / control)


def test_report_shows_the_drop_and_the_spearman_correlation(three_runs, tmp_path: Path) -> None:
    text = "\n".join(render_bricks(three_runs, tmp_path))
    assert "### Perspective taking vs control (object detection)" in text
    numbers = [log_details(log) for log in three_runs]
    control = [m["task=object-detection/accuracy"] for m in numbers]
    vpt = [m["task=perspective-taking/accuracy"] for m in numbers]
    for c, v in zip(control, vpt, strict=True):
        assert f"| {fmt(c)} | {fmt(v)} | {fmt((c - v) / c)} | {fmt(c - v)} |" in text
    assert "drop (% of control, the paper's)" in text
    result = spearmanr(control, vpt)
    if result.statistic == result.statistic:
        assert f"ρ = {result.statistic:.3f}, p = {result.pvalue:.3g}" in text
    else:
        assert "undefined (no variation)" in text
    assert "vpt_partition=" in text  # the paper's slice rows


def test_fewer_than_three_runs_say_why_there_is_no_correlation(three_runs, tmp_path: Path) -> None:
    text = "\n".join(render_bricks(three_runs[:2], tmp_path))
    assert "needs at least 3 runs (here 2)" in text


def test_the_drop_at_the_papers_averages_is_the_papers_35_percent() -> None:
    """At the paper's own averages (control 83%, perspective taking 54%), the project's drop
    is the paper's "35% on average"; the point difference is 29 (`tests/paper_numbers`)."""
    from tests.paper_numbers import cite, value
    from vpt_tasks.isle_v1.metrics import vpt_drop

    control = value("isle_v1", "control_avg_accuracy") / 100
    vpt = value("isle_v1", "vpt_avg_accuracy") / 100
    drop = vpt_drop(control, vpt)
    assert round(100 * drop["vpt_drop"]) == value("isle_v1", "drop_35_on_average_intro"), cite(
        "isle_v1", "drop_35_on_average_intro"
    )
    assert round(100 * drop["vpt_drop_points"]) == value(
        "isle_v1", "derived_point_difference_overall"
    )
    assert "vpt_drop" not in vpt_drop(0.0, 0.0)  # undefined, not a number

"""Isle-Bricks v1 and Isle-Dots report: per-task and per-partition tables (paper Figures 2–4)."""

from __future__ import annotations

from pathlib import Path

from inspect_ai.log import EvalLog

from vpt_tasks.isle_v1.metrics import OBJECT_DETECTION, PERSPECTIVE_TAKING, vpt_drop
from vpt_tasks.report.logs import fmt, log_details, model_labels
from vpt_tasks.report.sliced import SlicedSection, render_sliced

MIN_MODELS = 3
"""Runs needed for the cross-model Spearman correlation to be shown."""

_METRICS = (
    ("accuracy", "Accuracy averaged over both option orders"),
    ("both_orders_correct", "Both orders correct"),
    ("consistency", "Answer consistency across orders"),
    ("unknown_rate", "Unknown rate"),
)


def render_bricks(logs: list[EvalLog], out: Path) -> list[str]:
    section = SlicedSection(
        "Isle-Bricks v1", _METRICS, ("accuracy", "consistency"), "isle_brick_v1_slices"
    )
    return render_sliced(section, logs, out) + perspective_vs_control(logs)


def render_dots(logs: list[EvalLog], out: Path) -> list[str]:
    section = SlicedSection("Isle-Dots", _METRICS, ("accuracy", "consistency"), "isle_dots_slices")
    return render_sliced(section, logs, out) + perspective_vs_control(logs)


def perspective_vs_control(logs: list[EvalLog]) -> list[str]:
    """The paper's analyses: each run's drop from the control (object detection) to the
    perspective-taking questions, and across runs the Spearman correlation between the two
    (the paper's finding: detection does not predict perspective taking).

    The `vpt_partition=` rows of the tables above are the paper's slice tables
    (perspective-taking questions only); `partition=` rows mix both tasks.
    """
    labels = model_labels(logs)
    numbers = [log_details(log) for log in logs]
    control_key = f"task={OBJECT_DETECTION}/accuracy"
    vpt_key = f"task={PERSPECTIVE_TAKING}/accuracy"
    rows = [
        (label, m[control_key], m[vpt_key])
        for label, m in zip(labels, numbers, strict=True)
        if control_key in m and vpt_key in m
    ]
    if not rows:
        return []
    lines = [
        "### Perspective taking vs control (object detection), accuracy (%)",
        "",
        "| run | control | perspective taking | drop (% of control, the paper's) | "
        "difference (points) |",
        "|---|---|---|---|---|",
        *(
            f"| {label} | {fmt(c)} | {fmt(v)} | {fmt(vpt_drop(c, v).get('vpt_drop'))} | "
            f"{fmt(vpt_drop(c, v)['vpt_drop_points'])} |"
            for label, c, v in rows
        ),
        "",
        "The paper's drops (32% Isle-Bricks, 38% Isle-Dots, 35% on average) read as relative to "
        "the control (it does not say which): its averages, 83% and 54%, give 35% relative and "
        "29 points.",
        "",
    ]
    if len(rows) < MIN_MODELS:
        lines += [
            f"Spearman correlation of control and perspective-taking accuracy across runs: needs "
            f"at least {MIN_MODELS} runs (here {len(rows)}).",
            "",
        ]
        return lines
    control = [c for _, c, _ in rows]
    vpt = [v for _, _, v in rows]
    if len(set(control)) == 1 or len(set(vpt)) == 1:
        shown = "undefined (no variation)"
    else:
        from scipy.stats import spearmanr

        result = spearmanr(control, vpt)
        shown = f"ρ = {float(result.statistic):.3f}, p = {float(result.pvalue):.3g}"
    lines += [
        f"Spearman correlation of control and perspective-taking accuracy across the "
        f"{len(rows)} runs: {shown}.",
        "",
    ]
    return lines

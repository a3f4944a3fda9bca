"""Isle-Bricks v1 and Isle-Dots report: per-task and per-partition tables (paper Figures 2–4)."""

from __future__ import annotations

from pathlib import Path

from inspect_ai.log import EvalLog

from vpt_tasks.report.sliced import SlicedSection, render_sliced

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
    return render_sliced(section, logs, out)


def render_dots(logs: list[EvalLog], out: Path) -> list[str]:
    section = SlicedSection("Isle-Dots", _METRICS, ("accuracy", "consistency"), "isle_dots_slices")
    return render_sliced(section, logs, out)

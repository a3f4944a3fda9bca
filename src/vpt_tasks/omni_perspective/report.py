"""Omni-Perspective report: circular versus vanilla accuracy per question type, difficulty and point of view."""

from __future__ import annotations

from pathlib import Path

from inspect_ai.log import EvalLog

from vpt_tasks.report.sliced import SlicedSection, render_sliced

SECTION = SlicedSection(
    "Omni-Perspective",
    (
        ("circular_accuracy", "Circular accuracy"),
        ("vanilla_accuracy", "Vanilla accuracy (all rotations)"),
        ("rotation0_accuracy", "Accuracy on the original option order"),
    ),
    ("circular_accuracy", "vanilla_accuracy"),
    "omni_perspective_slices",
)


def render(logs: list[EvalLog], out: Path) -> list[str]:
    return render_sliced(SECTION, logs, out)

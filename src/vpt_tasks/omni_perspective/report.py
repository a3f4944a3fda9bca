"""Omni-Perspective report: circular versus vanilla accuracy per question type, difficulty and point of view."""

from __future__ import annotations

from pathlib import Path

from inspect_ai.log import EvalLog

from vpt_tasks.core.text import numeric_sort_key
from vpt_tasks.omni_perspective.metrics import TABLE1
from vpt_tasks.report.logs import fmt, log_details, model_labels
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
    lines = render_sliced(SECTION, logs, out)
    labels = model_labels(logs)
    numbers = [log_details(log) for log in logs]
    lines += table1(labels, numbers)
    lines += point_of_view(labels, numbers)
    return lines


def table1(labels: list[str], numbers: list[dict[str, float]]) -> list[str]:
    """The paper's Table 1: accuracy by question type (rows) and difficulty (columns), per run."""
    lines: list[str] = []
    prefix = f"{TABLE1}="
    for label, values in zip(labels, numbers, strict=True):
        cells = {
            tuple(key[len(prefix) : -len("/vanilla_accuracy")].split(":", 1)): value
            for key, value in values.items()
            if key.startswith(prefix) and key.endswith("/vanilla_accuracy")
        }
        if not cells:
            continue
        qtypes = sorted({q for q, _ in cells}, key=numeric_sort_key)
        levels = sorted({d for _, d in cells}, key=_difficulty_order)
        lines += [
            f"### Table 1: accuracy (%) by question type and difficulty, {label}",
            "",
            "| question type | " + " | ".join(levels) + " |",
            "|---" * (len(levels) + 1) + "|",
        ]
        lines += [
            f"| {q} | " + " | ".join(fmt(cells.get((q, d))) for d in levels) + " |" for q in qtypes
        ]
        lines.append("")
    return lines


def point_of_view(labels: list[str], numbers: list[dict[str, float]]) -> list[str]:
    """The paper's first- vs third-person paired t-test (perspective-taking items), and the
    project's same test on intention items, per run."""
    lines: list[str] = []
    for prefix, title in (
        (
            "pov_",
            "### First- vs third-person phrasing: the paper's paired t-test as read here "
            "(single-image perspective-taking questions, Qtype 3 and 3.5, each asked both ways)",
        ),
        (
            "pov_intention_",
            "### First- vs third-person phrasing on intention questions (Qtype 4): the "
            "project's test (the paper calls it inconclusive and prints no number)",
        ),
    ):
        rows = [
            f"| {label} | {int(v[prefix + 'pairs'])} | {fmt(v[prefix + 'first_mean'])} | "
            f"{fmt(v[prefix + 'third_mean'])} | {fmt(v[prefix + 'difference'])} | "
            f"{_number(v[prefix + 't'])} | {_number(v[prefix + 'p'])} |"
            for label, v in zip(labels, numbers, strict=True)
            if prefix + "pairs" in v
        ]
        if rows:
            lines += [
                title,
                "",
                "| run | pairs | first person (%) | third person (%) | difference (pp) | t | p |",
                "|---|---|---|---|---|---|---|",
                *rows,
                "",
            ]
    return lines


def _number(value: float) -> str:
    return "–" if value != value else f"{value:.3g}"


def _difficulty_order(level: str) -> tuple[int, str]:
    known = {"easy": 0, "medium": 1, "hard": 2}
    return (known.get(level.lower(), 3), level)

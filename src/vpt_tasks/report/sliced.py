"""Report sections for tasks whose metrics come as `<slice>/<metric>` keys.

Isle-Bricks v1 / Isle-Dots (`task=…/accuracy`, `partition=…/consistency`) and
Omni-Perspective (`qtype=…/circular_accuracy`) report overall values under the
bare metric name and per slice as `<key>=<value>/<metric>`. A section is one
table per metric — rows the overall value and every slice, one column per
model — and one figure of two metrics per slice (a heatmap each: a row per run).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from inspect_ai.log import EvalLog

from vpt_tasks.report.figures import pyplot, save, wrapped
from vpt_tasks.report.logs import fmt, log_details, model_labels, plain, run_table
from vpt_tasks.report.readings import readings_table


@dataclass(frozen=True)
class SlicedSection:
    """What to show of one task."""

    title: str
    metrics: Sequence[tuple[str, str]]
    """(metric key, column title) pairs, in the order shown."""
    figure_pair: tuple[str, str]
    """Two metrics compared side by side per slice in the figure."""
    file_stem: str


def slices(metrics: list[dict[str, float]], metric: str) -> list[str]:
    """`overall` and the slice labels that have `metric`, in first-seen order."""
    found: list[str] = ["overall"] if any(metric in m for m in metrics) else []
    for m in metrics:
        for key in m:
            if key.endswith(f"/{metric}"):
                label = key[: -len(metric) - 1]
                if label not in found:
                    found.append(label)
    return found


def value(m: dict[str, float], label: str, metric: str) -> float | None:
    return m.get(metric if label == "overall" else f"{label}/{metric}")


def render_sliced(section: SlicedSection, logs: list[EvalLog], out: Path) -> list[str]:
    """Markdown lines: one table per metric, then the comparison figure."""
    labels = model_labels(logs)
    metrics = [log_details(log) for log in logs]
    lines = [f"## {section.title}", "", *run_table(logs, labels), *readings_table(logs, labels)]
    for metric, title in section.metrics:
        rows = slices(metrics, metric)
        if not rows:
            continue
        lines += [
            f"### {title} (%)",
            "",
            "| slice | " + " | ".join(labels) + " |",
            "|---" * (len(labels) + 1) + "|",
        ]
        for row in rows:
            lines.append(
                f"| {row} | " + " | ".join(fmt(value(m, row, metric)) for m in metrics) + " |"
            )
        lines.append("")
    figure = _pair_figure(section, labels, metrics, out / f"{section.file_stem}.png")
    if figure:
        first, second = (dict(section.metrics)[name] for name in section.figure_pair)
        lines += [f"![{first} and {second} per slice]({figure})", ""]
    return lines


def _pair_figure(
    section: SlicedSection, labels: list[str], metrics: list[dict[str, float]], path: Path
) -> str | None:
    """Two heatmaps side by side (the figure pair's metrics): a row per run, a column per
    slice, each cell its value in %; a slice a run has no value for is blank.

    Cells keep their size from one run to a dozen (the figure grows with the rows), where
    bars per run and slice would crowd; the run labels are wrapped to a fixed width.
    """
    first, second = section.figure_pair
    rows = slices(metrics, first)
    if not rows:
        return None
    import numpy as np

    plt = pyplot()
    names = dict(section.metrics)
    label_width = 3.2  # inches for the run labels on the left
    panel = 0.5 * len(rows) + 0.4
    height = 0.42 * max(2, len(labels)) + 2.4
    figure, axes = plt.subplots(
        1,
        2,
        figsize=(label_width + 2 * panel + 1.2, height),
        squeeze=False,
        sharey=True,
        layout="constrained",
    )
    shown = [wrapped(plain(label), label_width, "small") for label in labels]
    image = None
    for ax, metric in zip(axes[0], (first, second), strict=True):
        values = np.array(
            [[_percent(value(m, row, metric)) for row in rows] for m in metrics], dtype=float
        )
        image = ax.imshow(
            np.ma.masked_invalid(values), cmap="Blues", vmin=0, vmax=100, aspect="auto"
        )
        for r, found in enumerate(values):
            for c, number in enumerate(found):
                if number == number:
                    color = "white" if number > 60 else "black"
                    ax.text(
                        c, r, f"{number:.0f}", ha="center", va="center", fontsize=7, color=color
                    )
        ax.set_xticks(range(len(rows)), rows, rotation=90, fontsize=7)
        ax.set_yticks(range(len(labels)), shown, fontsize="small")
        ax.set_title(wrapped(names[metric], panel, 9), fontsize=9)
    figure.colorbar(image, ax=axes[0, :].tolist(), label="%", shrink=0.8)
    return save(figure, path)


def _percent(number: float | None) -> float:
    return float("nan") if number is None or number != number else 100 * number

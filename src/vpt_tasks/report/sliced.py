"""Report sections for tasks whose metrics come as `<slice>/<metric>` keys.

Isle-Bricks v1 / Isle-Dots (`task=…/accuracy`, `partition=…/consistency`) and
Omni-Perspective (`qtype=…/circular_accuracy`) report overall values under the
bare metric name and per slice as `<key>=<value>/<metric>`. A section is one
table per metric — rows the overall value and every slice, one column per
model — and one bar figure comparing two metrics per slice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from inspect_ai.log import EvalLog

from vpt_tasks.report.figures import pyplot, save
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
    first, second = section.figure_pair
    rows = slices(metrics, first)
    if not rows:
        return None
    plt = pyplot()
    figure, axes = plt.subplots(
        len(labels),
        1,
        figsize=(max(5.0, 0.9 * len(rows) + 2), 2.8 * len(labels)),
        squeeze=False,
        layout="constrained",
    )
    names = dict(section.metrics)
    for ax, label, m in zip(axes[:, 0], labels, metrics, strict=True):
        xs = range(len(rows))
        ax.bar(
            [x - 0.2 for x in xs],
            [100 * (value(m, r, first) or 0) for r in rows],
            0.4,
            label=names[first],
        )
        ax.bar(
            [x + 0.2 for x in xs],
            [100 * (value(m, r, second) or 0) for r in rows],
            0.4,
            label=names[second],
        )
        ax.set_xticks(list(xs), rows, rotation=30, ha="right", fontsize=8)
        ax.set_ylim(0, 100)
        ax.set_ylabel("%")
        ax.set_title(plain(label), fontsize=9)
    # one legend for all panels, above them: it never covers a bar
    handles, names_shown = axes[0, 0].get_legend_handles_labels()
    figure.legend(handles, names_shown, loc="outside upper center", ncols=2, fontsize="small")
    return save(figure, path)

"""Isle-Brick-V2 report: Table 2, Figure 1, Figure 3 and Table 4 of the paper.

Numbers come from each log: its printed metrics and the detailed numbers of
`metrics.details` computed from its samples (`report.logs.log_details`; see
`vpt_tasks/isle_brick/README.md` for their names); nothing else is recomputed.

The random baseline belongs to the run it is shown with: it is computed from
each run's own gold sets, so runs that asked different questions (`-T
questions=Q4,Q7` next to a full run) have different chance levels. When every
run's chance levels are the same, Table 2 shows them once; otherwise each model
column is followed by its run's chance. In the category figure every bar has
its own run's chance as a dashed line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from inspect_ai.log import EvalLog

from vpt_tasks.benchmarks import task_title
from vpt_tasks.isle_brick.metrics import ANSWER_TYPES, COOCCURRENCE_QUESTIONS
from vpt_tasks.isle_brick.spec import CATEGORY_LABELS, load_spec
from vpt_tasks.report.figures import (
    fitted_title,
    legend_below,
    pyplot,
    run_color,
    save,
    wrapped,
)
from vpt_tasks.report.logs import estimate, fmt, log_details, model_labels, plain, run_table
from vpt_tasks.report.readings import readings_table

TASK = "isle_brick"
OVERALL = "overall"

SHARED_CHANCE_HEADER = "random baseline"
RUN_CHANCE_HEADER = "chance (its run)"
CHANCE_NOTE = (
    "Random baseline: expected prediction correctness of a random answer, the mean over "
    "items of |G| / N (N the question's number of answer options), computed from the gold "
    "sets of the run it is shown with"
)


def render(logs: list[EvalLog], out: Path) -> list[str]:
    """Markdown lines of the section; figures are written next to the report."""
    labels = model_labels(logs)
    metrics = [log_details(log) for log in logs]
    lines = [
        f"## {task_title('isle_brick')}",
        "",
        *run_table(logs, labels),
        *readings_table(logs, labels),
    ]
    lines += table_2(labels, metrics)
    lines += ["", "### Answer types — paper Table 4", ""]
    lines.append("| model | question | " + " | ".join(ANSWER_TYPES) + " |")
    lines.append("|---|---|" + "---|" * len(ANSWER_TYPES))
    for label, m in zip(labels, metrics, strict=True):
        for qid in load_spec().question_ids:
            if f"types_{qid}_single" in m:
                counts = " | ".join(str(int(m[f"types_{qid}_{kind}"])) for kind in ANSWER_TYPES)
                lines.append(f"| {label} | {qid} | {counts} |")
    figure = save(category_figure(labels, metrics), out / "isle_brick_categories.png")
    lines += [
        "",
        "### Categories — paper Figure 1",
        "",
        f"![Prediction correctness by category]({figure})",
        "",
        "Dashed lines: each bar's random baseline, from the gold sets of that bar's run.",
        "",
    ]
    lines += ["### Co-occurrence of gold and predicted labels — paper Figure 3", ""]
    for index, (label, m) in enumerate(zip(labels, metrics, strict=True)):
        heatmap = _cooccurrence_figure(label, m, out / f"isle_brick_cooccurrence_{index}.png")
        if heatmap:
            lines += [f"![Co-occurrence, {label}]({heatmap})", ""]
    return lines


def chance(m: dict[str, float], row: str) -> float | None:
    """The run's random baseline of a question, a category or `overall`.

    `overall` is the log's `chance_overall`; a log written before that metric
    existed gives the mean of its asked questions' chance levels, which is the
    same number.
    """
    if f"chance_{row}" in m:
        return m[f"chance_{row}"]
    if row == OVERALL and _defined(m.get(OVERALL)):  # not for a run without every question
        asked = [m[f"chance_{qid}"] for qid in load_spec().question_ids if f"chance_{qid}" in m]
        return sum(asked) / len(asked) if asked else None
    return None


def table_2(labels: list[str], metrics: list[dict[str, float]]) -> list[str]:
    """Prediction correctness with its 95% CI per run, and the runs' random baselines."""
    spec = load_spec()
    rows = [qid for qid in spec.question_ids if any(qid in m for m in metrics)]
    rows += [c for c in CATEGORY_LABELS if any(c in m for m in metrics)]
    rows += [OVERALL] if any(OVERALL in m for m in metrics) else []
    chances = [tuple(chance(m, row) for row in rows) for m in metrics]
    shared = len(set(chances)) <= 1
    header = ["", *labels, SHARED_CHANCE_HEADER] if shared else [""]
    if not shared:
        for label in labels:
            header += [label, RUN_CHANCE_HEADER]
    lines = [
        "### Prediction correctness (%, 95% bootstrap CI) — paper Table 2",
        "",
        "| " + " | ".join(header) + " |",
        "|---" * len(header) + "|",
    ]
    for index, row in enumerate(rows):
        name = row if row.startswith("Q") or row == OVERALL else CATEGORY_LABELS[row]
        cells = [name]
        for m, run_chance in zip(metrics, chances, strict=True):
            cells.append(_estimate(m, row))
            if not shared:
                cells.append(fmt(run_chance[index]))
        if shared:
            cells.append(fmt(chances[0][index] if chances else None))
        lines.append("| " + " | ".join(cells) + " |")
    note = (
        "; identical for every run here."
        if shared
        else (
            f"; the `{RUN_CHANCE_HEADER}` column belongs to the model column on its left, "
            "as the runs asked different questions or had different gold sets."
        )
    )
    return [*lines, "", CHANCE_NOTE + note, "", *_item_intervals(labels, metrics, rows)]


INTERVAL_NOTE = (
    "Intervals resample scenes (a scene's seven answers are correlated, so they are drawn "
    "together). Items resampled independently, as if uncorrelated, give the intervals the "
    "paper prints (it does not say what it resampled); they are usually narrower:"
)


def _item_intervals(
    labels: list[str], metrics: list[dict[str, float]], rows: list[str]
) -> list[str]:
    """Item-level intervals of the categories and overall (the paper's), per run (issue 20 §3)."""
    shown = [row for row in rows if any(f"{row}_item_ci_low" in m for m in metrics)]
    if not shown:
        return []
    lines = [INTERVAL_NOTE, ""]
    for label, m in zip(labels, metrics, strict=True):
        cells = [
            f"{CATEGORY_LABELS.get(row, row)} [{fmt(m.get(row + '_item_ci_low'))}, "
            f"{fmt(m.get(row + '_item_ci_high'))}]"
            for row in shown
            if _defined(m.get(row)) and _defined(m.get(f"{row}_item_ci_low"))
        ]
        lines.append(f"- {label}: " + ("; ".join(cells) or "– (no category is defined)"))
    return [*lines, ""]


def _estimate(m: dict[str, float], row: str) -> str:
    """The value with its interval; "–" alone where the run does not define it."""
    return estimate(m.get(row), m.get(row + "_ci_low"), m.get(row + "_ci_high"))


def _defined(value: float | None) -> bool:
    return value is not None and value == value


def category_figure(labels: list[str], metrics: list[dict[str, float]]) -> Any:
    """Paper Figure 1: bars per category and run, each with its run's chance as a dashed line.

    A category group widens with the runs (so bars and their labels stay apart from one run to
    a dozen); the legend sits below the axes, in as many columns as fit, so it never covers a
    bar; a run without a category's value has no bar there (blank, not 0).
    """
    plt = pyplot()
    categories = [c for c in CATEGORY_LABELS if any(_defined(m.get(c)) for m in metrics)]
    group = max(1.7, 0.3 * len(labels) + 0.5)  # inches per category
    figure, axes = plt.subplots(
        figsize=(1.3 + group * max(1, len(categories)), 4.0), layout="constrained"
    )
    width = 0.8 / max(1, len(labels))
    for i, (label, m) in enumerate(zip(labels, metrics, strict=True)):
        xs = [c + (i - (len(labels) - 1) / 2) * width for c in range(len(categories))]
        values = [100 * m[c] if _defined(m.get(c)) else float("nan") for c in categories]
        low = [
            100 * (m[c] - m.get(c + "_ci_low", m[c])) if _defined(m.get(c)) else 0.0
            for c in categories
        ]
        high = [
            100 * (m.get(c + "_ci_high", m[c]) - m[c]) if _defined(m.get(c)) else 0.0
            for c in categories
        ]
        color = run_color(i, len(labels))
        axes.bar(xs, values, width, yerr=[low, high], capsize=3, label=plain(label), color=color)
        for x, category in zip(xs, categories, strict=True):
            run_chance = chance(m, category) if _defined(m.get(category)) else None
            if run_chance is not None:
                axes.hlines(
                    100 * run_chance,
                    x - width / 2,
                    x + width / 2,
                    colors="black",
                    linestyles="dashed",
                    label="random baseline (its run)" if i == 0 and x == xs[0] else None,
                )
    names = [wrapped(CATEGORY_LABELS[c], 0.9 * group) for c in categories]
    axes.set_xticks(range(len(categories)), names)
    axes.set_ylabel("prediction correctness (%)")
    axes.set_ylim(0, 100)
    legend_below(figure, *axes.get_legend_handles_labels())
    return figure


def _cooccurrence_figure(label: str, m: dict[str, float], path: Path) -> str | None:
    spec = load_spec()
    questions = [q for q in COOCCURRENCE_QUESTIONS if any(k.startswith(f"cooc_{q}_") for k in m)]
    if not questions:
        return None
    plt = pyplot()
    figure, axes = plt.subplots(
        1,
        len(questions),
        figsize=(max(4.5, 3.8 * len(questions)), 4.8),
        squeeze=False,
        layout="constrained",
    )
    for ax, qid in zip(axes[0], questions, strict=True):
        pool = spec.questions[qid].pool
        # a gold label no item has is a blank row (no share to show), not a row of zeros
        matrix = [
            [
                100 * m[f"cooc_{qid}_{g}_{p}"] / m[f"cooc_{qid}_{g}_total"]
                if m[f"cooc_{qid}_{g}_total"]
                else float("nan")
                for p in pool
            ]
            for g in pool
        ]
        ax.imshow(matrix, cmap="Blues", vmin=0, vmax=100)
        for r, row in enumerate(matrix):
            for c, value in enumerate(row):
                if value == value:
                    color = "white" if value > 60 else "black"
                    ax.text(c, r, f"{value:.0f}", ha="center", va="center", fontsize=8, color=color)
        ax.set_xticks(range(len(pool)), pool, rotation=90)
        ax.set_yticks(range(len(pool)), pool)
        ax.set_xlabel("predicted")
        ax.set_ylabel("gold")
        ax.set_title(qid)
    fitted_title(
        figure,
        f"{plain(label)}: % of items with the gold label whose answer contains the predicted "
        "label (blank: no item has that gold label)",
    )
    return save(figure, path)

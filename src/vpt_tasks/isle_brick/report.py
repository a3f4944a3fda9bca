"""Isle-Brick-V2 report: Table 2, Figure 1, Figure 3 and Table 4 of the paper.

Numbers come from the metrics the `isle_brick` task wrote into each log (see
`vpt_tasks/isle_brick/README.md` for their names); nothing is recomputed here.
"""

from __future__ import annotations

from pathlib import Path

from inspect_ai.log import EvalLog

from vpt_tasks.isle_brick.metrics import ANSWER_TYPES, COOCCURRENCE_QUESTIONS
from vpt_tasks.isle_brick.spec import CATEGORY_LABELS, load_spec
from vpt_tasks.report.figures import pyplot, save
from vpt_tasks.report.logs import fmt, log_metrics, model_labels

TASK = "isle_brick"


def render(logs: list[EvalLog], out: Path) -> list[str]:
    """Markdown lines of the section; figures are written next to the report."""
    spec = load_spec()
    labels = model_labels(logs)
    metrics = [log_metrics(log) for log in logs]
    rows = [qid for qid in spec.question_ids if any(qid in m for m in metrics)]
    rows += [c for c in CATEGORY_LABELS if any(c in m for m in metrics)]
    lines = [
        "## Isle-Brick-V2",
        "",
        "### Prediction correctness (%, 95% bootstrap CI) — paper Table 2",
        "",
    ]
    lines.append("| | " + " | ".join(labels) + " | random baseline |")
    lines.append("|---" * (len(labels) + 2) + "|")
    for row in rows:
        name = row if row.startswith("Q") else CATEGORY_LABELS[row]
        cells = [
            f"{fmt(m[row])} [{fmt(m[row + '_ci_low'])}, {fmt(m[row + '_ci_high'])}]"
            if row in m
            else "–"
            for m in metrics
        ]
        chance = next((m[f"chance_{row}"] for m in metrics if f"chance_{row}" in m), None)
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {fmt(chance)} |")
    lines += ["", "### Answer types — paper Table 4", ""]
    lines.append("| model | question | " + " | ".join(ANSWER_TYPES) + " |")
    lines.append("|---|---|" + "---|" * len(ANSWER_TYPES))
    for label, m in zip(labels, metrics, strict=True):
        for qid in spec.question_ids:
            if f"types_{qid}_single" in m:
                counts = " | ".join(str(int(m[f"types_{qid}_{kind}"])) for kind in ANSWER_TYPES)
                lines.append(f"| {label} | {qid} | {counts} |")
    figure = _category_figure(labels, metrics, out / "isle_brick_categories.png")
    lines += [
        "",
        "### Categories — paper Figure 1",
        "",
        f"![Prediction correctness by category]({figure})",
        "",
    ]
    lines += ["### Co-occurrence of gold and predicted labels — paper Figure 3", ""]
    for index, (label, m) in enumerate(zip(labels, metrics, strict=True)):
        heatmap = _cooccurrence_figure(label, m, out / f"isle_brick_cooccurrence_{index}.png")
        if heatmap:
            lines += [f"![Co-occurrence, {label}]({heatmap})", ""]
    return lines


def _category_figure(labels: list[str], metrics: list[dict[str, float]], path: Path) -> str:
    plt = pyplot()
    categories = [c for c in CATEGORY_LABELS if any(c in m for m in metrics)]
    figure, axes = plt.subplots(figsize=(2.2 + 1.6 * len(categories), 3.6), layout="constrained")
    width = 0.8 / max(1, len(labels))
    for i, (label, m) in enumerate(zip(labels, metrics, strict=True)):
        xs = [c + (i - (len(labels) - 1) / 2) * width for c in range(len(categories))]
        values = [100 * m.get(c, float("nan")) for c in categories]
        low = [100 * (m.get(c, 0) - m.get(c + "_ci_low", 0)) for c in categories]
        high = [100 * (m.get(c + "_ci_high", 0) - m.get(c, 0)) for c in categories]
        axes.bar(xs, values, width, yerr=[low, high], capsize=3, label=label)
    for c, category in enumerate(categories):
        chance = next((m[f"chance_{category}"] for m in metrics if f"chance_{category}" in m), None)
        if chance is not None:
            axes.hlines(
                100 * chance,
                c - 0.45,
                c + 0.45,
                colors="black",
                linestyles="dashed",
                label="random baseline" if c == 0 else None,
            )
    axes.set_xticks(range(len(categories)), [CATEGORY_LABELS[c] for c in categories])
    axes.set_ylabel("prediction correctness (%)")
    axes.set_ylim(0, 100)
    axes.legend(fontsize="small")
    return save(figure, path)


def _cooccurrence_figure(label: str, m: dict[str, float], path: Path) -> str | None:
    spec = load_spec()
    questions = [q for q in COOCCURRENCE_QUESTIONS if any(k.startswith(f"cooc_{q}_") for k in m)]
    if not questions:
        return None
    plt = pyplot()
    figure, axes = plt.subplots(
        1, len(questions), figsize=(3.8 * len(questions), 3.6), squeeze=False, layout="constrained"
    )
    for ax, qid in zip(axes[0], questions, strict=True):
        pool = spec.questions[qid].pool
        matrix = [
            [
                100 * m[f"cooc_{qid}_{g}_{p}"] / m[f"cooc_{qid}_{g}_total"]
                if m[f"cooc_{qid}_{g}_total"]
                else 0.0
                for p in pool
            ]
            for g in pool
        ]
        ax.imshow(matrix, cmap="Blues", vmin=0, vmax=100)
        for r, row in enumerate(matrix):
            for c, value in enumerate(row):
                ax.text(c, r, f"{value:.0f}", ha="center", va="center", fontsize=8)
        ax.set_xticks(range(len(pool)), pool, rotation=45)
        ax.set_yticks(range(len(pool)), pool)
        ax.set_xlabel("predicted")
        ax.set_ylabel("gold")
        ax.set_title(qid)
    figure.suptitle(
        f"{label}: % of items with the gold label whose answer contains the predicted label",
        fontsize=9,
    )
    return save(figure, path)

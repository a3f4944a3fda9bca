"""COMFORT report: paper Table 5, the analyses' tables and the P(Yes) curves (Figures 10–14).

Every number in the tables is one of the run's numbers: the metrics the
`comfort_ball` / `comfort_car` task printed into the log and the detailed ones
`vpt_tasks.comfort.metrics.details` computes from the log's samples
(`report.logs.log_details`; keys in `vpt_tasks/comfort/README.md`). A value
that is undefined (no scored frame, eta of an incomplete curve, sigma of a
single variation, ...) is shown as "–". The main table is the paper's: the
headline prompt's row (the camera prompt for BALL and CAR), never a mix of
prompts. A run whose share of unscored answers (`no_yes_no_rate`) is at least
`FLAG_NO_YES_NO` is flagged next to its label in every table.

The figures need the per-sample P(Yes), read from the log's samples through
Inspect's log API. They are grouped into curves by the same code the task's
metrics use (`metrics.predictions`, `curves.build_curves`,
`curves.minmax_normalise`) and drawn with the reference curves of each
prompt's frame of reference (`geometry.frame_for_prompt`, `soft_ground_truth`,
`hemisphere_ground_truth`) over the whole circle, theta = -180 ... 180 (the
point at 180 is frame 0 again); the legend sits below the panels, outside
them. A log without usable samples gets a note instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
from inspect_ai.log import EvalLog, EvalSample, read_eval_log_samples
from inspect_ai.scorer import SampleScore

from vpt_tasks.benchmarks import task_title
from vpt_tasks.report.figures import pyplot, save
from vpt_tasks.report.logs import fmt, log_details, model_labels, plain, run_table

TABLE5: tuple[tuple[str, str], ...] = (
    ("acc", "Acc"),
    ("eps_cos", "ε_cos"),
    ("eps_hemi", "ε_hemi"),
    ("c_sym", "c_sym"),
    ("c_opp", "c_opp"),
    ("eta", "η"),
    ("sigma", "σ"),
)
GT_METRICS: tuple[tuple[str, str], ...] = (
    ("acc", "Acc"),
    ("eps_cos", "ε_cos"),
    ("eps_hemi", "ε_hemi"),
)
PROMPTS: tuple[str, ...] = ("nop", "cam", "add", "rel")
TRANSFORMATIONS: tuple[str, ...] = ("translated", "rotated", "reflected")
FRAMES: tuple[str, ...] = ("camera", "intrinsic", "addressee")
PERSPECTIVES: tuple[str, ...] = ("cam", "rel", "add", "mean")
FLAG_NO_YES_NO = 0.05
"""A run with at least this share of unscored answers (neither Yes nor No) is flagged."""


def render_ball(logs: list[EvalLog], out: Path) -> list[str]:
    """Markdown lines of the COMFORT-BALL section; figures are written next to the report."""
    return _render("comfort_ball", logs, out)


def render_car(logs: list[EvalLog], out: Path) -> list[str]:
    """Markdown lines of the COMFORT-CAR section; figures are written next to the report."""
    return _render("comfort_car", logs, out)


# --------------------------------------------------------------------------
# tables (the runs' numbers only)


def flagged(label: str, metrics: dict[str, float]) -> str:
    """`label`, with a warning when the run left many answers unscored."""
    rate = metrics.get("no_yes_no_rate")
    if rate is None or rate != rate or rate < FLAG_NO_YES_NO:
        return label
    return f"{label} ⚠ {fmt(rate)}% no Yes/No"


def headline_of(log: EvalLog, prompts: set[str]) -> str | None:
    """The prompt of the run's main row: the task's `headline_prompt`, else the one prompt asked."""
    recorded = (log.eval.metadata or {}).get("headline_prompt")
    if recorded:
        return str(recorded)
    return next(iter(prompts)) if len(prompts) == 1 else None


def _render(task: str, logs: list[EvalLog], out: Path) -> list[str]:
    plain = model_labels(logs)
    metrics = [log_details(log) for log in logs]
    labels = [flagged(label, m) for label, m in zip(plain, metrics, strict=True)]
    samples = [_samples(log) for log in logs]
    prompts = [_prompts(s) for s in samples]
    headlines = [headline_of(log, p) for log, p in zip(logs, prompts, strict=True)]
    car = task == "comfort_car"
    lines = [
        f"## {task_title(task)}",
        "",
        *run_table(logs, labels),
        "Values ×100 from each run's numbers (`vpt_tasks/comfort/README.md`); "
        "– = undefined. ⚠ marks a run that left at least "
        f"{100 * FLAG_NO_YES_NO:.0f}% of its answers unscored (neither Yes nor No): its curves "
        "miss those frames.",
        "",
        "### Answers",
        "",
        "| model | solver | convention | headline prompt | samples | no Yes/No (%) "
        "| P(Yes) from text (%) | no log-probabilities (%) | incomplete curves |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for label, log, m, headline in zip(labels, logs, metrics, headlines, strict=True):
        args = log.eval.task_args
        lines.append(
            f"| {label} | {args.get('solver') or 'zero_shot'} | "
            f"{args.get('convention') or 'paper'} | {headline or '–'} | "
            f"{_count(m.get('n_samples'))} | {fmt(m.get('no_yes_no_rate'))} | "
            f"{fmt(m.get('p_from_text_rate'))} | {fmt(m.get('no_logprobs_rate'))} | "
            f"{_count(m.get('n_incomplete_curves'))} |"
        )
    rows = [_headline_metrics(m, p, h) for m, p, h in zip(metrics, prompts, headlines, strict=True)]
    lines += [
        "",
        "### Metrics (×100) — paper Table 5 (each run's headline prompt: `cam` when asked"
        + (", both facing directions" if car else "")
        + ")",
        "",
    ]
    lines += _metric_table(
        labels,
        rows,
        [("", key, title) for key, title in TABLE5] + _f1(metrics),
        first=("prompt", [h or "–" for h in headlines]),
    )
    if car:
        for prompt in PROMPTS:
            values = [_prompt_metrics(m, p, prompt) for m, p in zip(metrics, prompts, strict=True)]
            if not any(values):
                continue
            lines += ["", f"### Prompt `{prompt}` (×100)", ""]
            lines += _metric_table(labels, values, [("", key, title) for key, title in TABLE5])
        if any(f"facing_{side}/acc" in m for m in metrics for side in ("left", "right")):
            lines += [
                "",
                "### By facing direction of the relatum (×100) — every asked prompt together",
                "",
            ]
            columns = [
                (f"facing_{side}/", key, f"{side} {title}")
                for side in ("left", "right")
                for key, title in TABLE5
            ]
            lines += _metric_table(labels, metrics, columns)
        lines += [
            "",
            "### Preferred frame of reference (×100) — `nop` curves against each frame",
            "",
        ]
        lines += _preference_table(labels, metrics, "preferred_for", FRAMES)
        lines += [
            "",
            "### Perspective taking (×100) — `cam`, `rel`, `add` each against its own frame; mean",
            "",
        ]
        columns = [
            (f"perspective/{p}/", key, f"{p} {title}")
            for p in PERSPECTIVES
            for key, title in GT_METRICS
        ]
        lines += _metric_table(labels, metrics, columns)
    else:
        lines += [
            "",
            "### Preferred coordinate transformation (×100) — `cam` curves against each camera frame",
            "",
        ]
        lines += _preference_table(labels, metrics, "transformation", TRANSFORMATIONS)
    lines += [
        "",
        "### P(Yes) curves — paper Figures 10–14",
        "",
        "Per relation (columns) and prompt (rows): raw p(θ) (solid) and min–max normalised p̂(θ) "
        "(dashed), each averaged over the curves of the variations"
        + (" and both facing directions" if car else "")
        + ", with the soft g (dotted) and hemisphere h (dash-dot) reference curves of the prompt's "
        "frame of reference (`nop` and `cam`: camera, `add`: addressee, `rel`: the relatum's intrinsic "
        "frame, drawn per facing direction since the two directions have opposite references). "
        "θ runs over the whole circle, −180 to 180 (180 is frame 0 again).",
        "",
    ]
    for index, (label, found) in enumerate(zip(labels, samples, strict=True)):
        figure, note = _curve_figure(task, label, found, out / f"{task}_curves_{index}.png")
        lines += [f"![P(Yes) curves, {label}]({figure})" if figure else f"- {label}: {note}", ""]
    from vpt_tasks.comfort.multilingual_report import render_multilingual  # paper Table 10

    lines += render_multilingual(task, logs, out)
    return lines


def _headline_metrics(
    m: dict[str, float], prompts: set[str], headline: str | None
) -> dict[str, float]:
    """The paper-table row of the headline prompt (the printed metrics of the run)."""
    row = {key: m[key] for key, _ in TABLE5 if key in m} if headline else {}
    if "object_f1" in m:
        row["object_f1"] = m["object_f1"]
    return row


def _f1(metrics: list[dict[str, float]]) -> list[tuple[str, str, str]]:
    return [("", "object_f1", "object F1")] if any("object_f1" in m for m in metrics) else []


def _count(value: float | None) -> str:
    return "–" if value is None else str(int(value))


def _metric_table(
    labels: Sequence[str],
    metrics: Sequence[dict[str, float]],
    columns: Sequence[tuple[str, str, str]],
    first: tuple[str, Sequence[str]] | None = None,
) -> list[str]:
    """One row per model; columns (key prefix, metric, title); `first`: a text column."""
    head = [first[0]] if first else []
    lines = [
        "| model | " + " | ".join([*head, *(title for _, _, title in columns)]) + " |",
        "|---" * (len(columns) + len(head) + 1) + "|",
    ]
    for row, (label, m) in enumerate(zip(labels, metrics, strict=True)):
        cells = [first[1][row]] if first else []
        cells += [fmt(m.get(prefix + key)) for prefix, key, _ in columns]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines


def _prompt_metrics(m: dict[str, float], prompts: set[str], prompt: str) -> dict[str, float]:
    """`<prompt>/<metric>` of a log; a single-prompt log has them under the bare names."""
    if prompts == {prompt}:
        return {key: m[key] for key, _ in TABLE5 if key in m}
    return {key: m[f"{prompt}/{key}"] for key, _ in TABLE5 if f"{prompt}/{key}" in m}


def _preference_table(
    labels: Sequence[str],
    metrics: Sequence[dict[str, float]],
    prefix: str,
    candidates: Sequence[str],
) -> list[str]:
    columns = [
        (f"{prefix}/{c}/", key, f"{c} {title}") for c in candidates for key, title in GT_METRICS
    ]
    lines = _metric_table(labels, metrics, columns)
    lines[0] += " preferred (lowest ε_cos) |"
    lines[1] += "---|"
    for row, m in enumerate(metrics, start=2):
        chosen = [c for c in candidates if m.get(f"{prefix}/preferred/{c}") == 1.0]
        lines[row] += f" {', '.join(chosen) or '–'} |"
    return lines


# --------------------------------------------------------------------------
# curves (from the logs' samples)


def _samples(log: EvalLog) -> list[EvalSample]:
    """The log's samples: already read, or streamed from its file by Inspect."""
    if log.samples is not None:
        return log.samples
    if not log.location:
        return []
    try:
        return list(read_eval_log_samples(log.location, all_samples_required=False))
    except Exception:  # noqa: BLE001 - an unreadable sample part means no curves, noted in the report
        return []


def _prompts(samples: Iterable[EvalSample]) -> set[str]:
    return {
        str(s.metadata.get("prompt")) for s in samples if (s.metadata or {}).get("kind") == "frame"
    }


def _frame_predictions(samples: Sequence[EvalSample]) -> list:
    """The `FramePrediction`s of the run's complete curves, by the code the task's metrics use."""
    from vpt_tasks.comfort.curves import FramePrediction
    from vpt_tasks.comfort.metrics import complete_predictions

    scores = [
        SampleScore(score=score, sample_id=sample.id, sample_metadata=sample.metadata, scorer=name)
        for sample in samples
        for name, score in list((sample.scores or {}).items())[:1]
    ]
    return [p for p in complete_predictions(scores)[0] if isinstance(p, FramePrediction)]


def _mean(curves: list[np.ndarray]) -> np.ndarray:
    """Per-frame mean over the curves that have the frame (NaN where none has it)."""
    stack = np.stack(curves)
    finite = np.isfinite(stack)
    counts = finite.sum(axis=0)
    sums = np.where(finite, stack, 0.0).sum(axis=0)
    return np.divide(sums, counts, out=np.full(sums.shape, np.nan), where=counts > 0)


def mean_curves(
    samples: Sequence[EvalSample],
) -> dict[tuple[str, str, str], tuple[np.ndarray, np.ndarray]]:
    """(prompt, reference frame, relation) -> (mean p, mean p̂) over the 36 frames θ = -180..170.

    Complete curves only (as the metrics); the figure closes the circle at θ = 180.

    The curves (one per dataset, prompt, relation and variation; epochs
    averaged) are grouped by the frame of reference their prompt is scored
    against, so both facing directions are averaged where they share it
    (`nop`, `cam`, `add`) and kept apart where they do not (`rel`). p̂ is each
    curve min–max normalised, then averaged. NaN marks a frame no curve has.
    """
    from vpt_tasks.comfort.curves import build_curves, minmax_normalise
    from vpt_tasks.comfort.geometry import frame_for_prompt

    groups: dict[tuple[str, str, str], list[np.ndarray]] = {}
    for key, p in build_curves(_frame_predictions(samples)).items():
        groups.setdefault(
            (key.prompt, frame_for_prompt(key.dataset, key.prompt), key.relation), []
        ).append(p)
    return {
        group: (_mean(ps), _mean([minmax_normalise(p) for p in ps])) for group, ps in groups.items()
    }


def _curve_figure(
    task: str, label: str, samples: Sequence[EvalSample], path: Path
) -> tuple[str | None, str]:
    """Write the figure of one model; (file name, "") or (None, why there is none)."""
    from vpt_tasks.comfort.geometry import (
        RELATIONS,
        THETAS,
        hemisphere_ground_truth,
        soft_ground_truth,
    )

    if not samples:
        return None, (
            "the log holds no samples (run with `--no-log-samples`, or read header-only), so no curves "
            "are drawn; the tables come from the log's metrics."
        )
    try:
        curves = mean_curves(samples)
    except (KeyError, ValueError, TypeError) as error:
        return (
            None,
            f"the samples' metadata are not COMFORT frames ({type(error).__name__}: {error}); no curves.",
        )
    if not any(np.isfinite(raw).any() for raw, _ in curves.values()):
        return None, (
            f"none of the log's {len(samples)} samples has a P(Yes) (all unscored: no Yes/No in the "
            "answer or its log-probabilities, see the no Yes/No column), so no curves are drawn."
        )
    prompts = [p for p in PROMPTS if any(g[0] == p for g in curves)]
    prompts += sorted({g[0] for g in curves} - set(prompts))
    # one row per prompt and reference frame: `rel` has one per facing direction
    rows = [(p, f) for p in prompts for f in sorted({g[1] for g in curves if g[0] == p})]
    relations = [r for r in RELATIONS if any(g[2] == r for g in curves)]
    plt = pyplot()
    figure, axes = plt.subplots(
        len(rows),
        len(relations),
        figsize=(3.4 * len(relations), 2.5 * len(rows) + 0.9),
        squeeze=False,
        sharex=True,
        sharey=True,
        layout="constrained",
    )
    circle = np.append(THETAS, 180)  # the whole circle: theta = 180 is frame 0 again
    for row, (prompt, frame) in enumerate(rows):
        for col, relation in enumerate(relations):
            ax = axes[row][col]
            if (prompt, frame, relation) in curves:
                raw, normalised = curves[(prompt, frame, relation)]
                for values, name, style in (
                    (raw, "p(θ)", "C0o-"),
                    (normalised, "p̂(θ) (min–max normalised)", "C1s--"),
                ):
                    closed = np.append(values, values[0])
                    mask = np.isfinite(closed)
                    ax.plot(
                        circle[mask], closed[mask], style, markersize=2.5, linewidth=1.2, label=name
                    )
            ax.plot(
                circle,
                soft_ground_truth(relation, frame, circle),
                "k:",
                linewidth=1.2,
                label="g (soft, cosine)",
            )
            ax.step(
                circle,
                hemisphere_ground_truth(relation, frame, circle),
                "-.",
                color="0.45",
                where="mid",
                linewidth=1,
                label="h (hemisphere)",
            )
            ax.set_title(f"{prompt}: {RELATIONS[relation].text}", fontsize=9)
            ax.set_ylim(-0.05, 1.05)
            ax.set_xlim(-180, 180)
            ax.set_xticks([-180, -90, 0, 90, 180])
            ax.grid(alpha=0.3)
            if row == len(rows) - 1:
                ax.set_xlabel("θ (degrees)")
            if col == 0:
                ax.set_ylabel(f"{prompt} vs {frame}\nP(Yes)", fontsize=8)
    handles, names = axes[0][0].get_legend_handles_labels()
    for ax in axes.flat:  # a first panel without data has only the reference lines
        more, more_names = ax.get_legend_handles_labels()
        if len(more) > len(handles):
            handles, names = more, more_names
    # below the panels, outside them (constrained layout makes room): it never covers a curve
    figure.legend(
        handles,
        names,
        loc="outside lower center",
        ncols=len(handles) if len(relations) > 2 else 2,
        fontsize="small",
    )
    figure.suptitle(f"{task_title(task)}, {plain(label)}", fontsize=10)
    return save(figure, path), ""

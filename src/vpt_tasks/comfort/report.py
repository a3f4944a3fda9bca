"""COMFORT report: paper Tables 5 and 4, the analyses' tables and the P(Yes) curves (Figures 10–14).

Every number in the tables (but Table 4 and the random row, below) is one of
the run's numbers: the metrics the
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

Table 5 gets a "Random (30 trials)" row (the paper's name; `paper_tables`) and Table 4 (each perspective
prompt's change relative to `nop`) is drawn from one run that asked several
prompts: both from the run's own frames (`paper_tables`), no extra eval.

What the section needs from a run's samples (the curves, Table 4, the random row,
the multilingual Table 10 row) is computed once per log while the report has the
log's sample scores in memory (`prepare`, kept per log file as a `CurveDigest`),
so the section never holds the samples of several logs, nor any log's messages,
events and images.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from inspect_ai.log import EvalLog, EvalSample
from inspect_ai.scorer import SampleScore

from vpt_tasks.benchmarks import task_title
from vpt_tasks.comfort.paper_tables import (
    AGGREGATED,
    TABLE4_FRAMES,
    PromptChange,
    RandomBaseline,
    aggregated,
    describe_random,
    shared_random_baseline,
    table4,
)
from vpt_tasks.report.figures import fitted_title, legend_below, pyplot, save
from vpt_tasks.report.logs import (
    fmt,
    log_details,
    model_labels,
    per_log,
    plain,
    run_table,
    sample_scores,
)

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
    digests = [comfort_digest(log) for log in logs]
    prompts = [set(d.prompts) for d in digests]
    headlines = [headline_of(log, p) for log, p in zip(logs, prompts, strict=True)]
    randoms = _random_rows(plain, digests)
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
        [*labels, *(label for label, _ in randoms)],
        [*rows, *(dict(r.table5) for _, r in randoms)],
        [("", key, title) for key, title in TABLE5] + _f1(metrics),
        first=("prompt", [*(h or "–" for h in headlines), *(r.headline for _, r in randoms)]),
    )
    if randoms:
        lines += ["", f'{describe_random()}; no extra eval (paper: "Random (30 trials)").']
    lines += _table4_lines(labels, digests, randoms)
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
    for index, (label, digest) in enumerate(zip(labels, digests, strict=True)):
        figure, note = _draw_curves(task, label, digest, out / f"{task}_curves_{index}.png")
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


def _random_rows(
    labels: Sequence[str], digests: Sequence[CurveDigest]
) -> list[tuple[str, RandomBaseline]]:
    """(row label, random row) for each distinct set of frames among the runs.

    Runs on the same frames share one row ("Random (30 trials, seed 0)"); runs on
    different frames (another `thetas`, a `--limit`) each get theirs, labelled with
    the runs it stands beside.
    """
    groups: dict[int, tuple[RandomBaseline, list[str]]] = {}
    for label, digest in zip(labels, digests, strict=True):
        if digest.random is not None:
            groups.setdefault(id(digest.random), (digest.random, []))[1].append(label)
    rows = []
    for random, runs in groups.values():
        name = f"Random ({random.trials} trials, seed {random.seed})"
        if len(groups) > 1:
            name += f" on the frames of {', '.join(runs)}"
        rows.append((name, random))
    return rows


def _change_cell(change: PromptChange, metric: str) -> str:
    """`value (±change)` x100, "–" where undefined."""
    value, delta = change.values.get(metric), change.change(metric)
    if value is None:
        return "–"
    if delta is None:
        return f"{fmt(value)} (–)"
    return f"{fmt(value)} ({round(100 * delta, 1) or 0.0:+.1f})"  # never "-0.0"


def _table4_lines(
    labels: Sequence[str],
    digests: Sequence[CurveDigest],
    randoms: Sequence[tuple[str, RandomBaseline]],
) -> list[str]:
    """Paper Table 4: each perspective prompt's metrics and their change from `nop`."""
    rows = [
        (label, change)
        for label, digest in zip(labels, digests, strict=True)
        for change in _with_aggregated(digest.table4)
    ]
    if not rows:
        return []
    rows += [
        (name, change) for name, random in randoms for change in _with_aggregated(random.table4)
    ]
    lines = [
        "",
        "### Perspective prompts relative to `nop` (×100) — paper Table 4",
        "",
        "Each perspective prompt's value and, in brackets, its change from the `nop` prompt of "
        "the same run on the same paths (prompt minus `nop`). Acc, ε_cos and ε_hemi score both "
        "against the frame of reference the prompt names (`cam` the camera, `add` the "
        "addressee, `rel` the relatum's intrinsic frame); c_sym, c_opp, η and σ have none. "
        "The `aggregated` row (the paper's Aggregated columns) is the mean of the three "
        "prompts' values, its change the mean of their changes.",
        "",
        "| model | prompt | " + " | ".join(title for _, title in TABLE5) + " |",
        "|---" * (len(TABLE5) + 2) + "|",
    ]
    for label, change in rows:
        cells = [_change_cell(change, key) for key, _ in TABLE5]
        prompt = (
            "aggregated (mean of cam, rel, add)"
            if change.prompt == AGGREGATED
            else f"{change.prompt} ({TABLE4_FRAMES[change.prompt]})"
        )
        lines.append(f"| {label} | {prompt} | " + " | ".join(cells) + " |")
    return lines


def _with_aggregated(changes: Mapping[str, PromptChange]) -> list[PromptChange]:
    """A run's Table 4 rows, then its Aggregated row when it asked all three prompts."""
    total = aggregated(changes)
    return [*changes.values(), *([total] if total is not None else [])]


# --------------------------------------------------------------------------
# curves (from the logs' samples)


Curves = Mapping[tuple[str, str, str], tuple[np.ndarray, np.ndarray]]


@dataclass(frozen=True)
class CurveDigest:
    """What the section keeps of one run's samples: the plotted curves and the tables that
    need per-frame values (a few kilobytes, where the samples are megabytes)."""

    n_samples: int
    prompts: frozenset[str]
    curves: Curves = field(default_factory=dict)
    error: str | None = None
    """Why the samples could not be grouped into curves (their metadata are not COMFORT's)."""
    table4: Mapping[str, PromptChange] = field(default_factory=dict)
    random: RandomBaseline | None = None


def _as_scores(samples: Iterable[EvalSample | SampleScore]) -> list[SampleScore]:
    """Each sample's first score with its metadata (sample scores pass through as they are)."""
    scores = []
    for sample in samples:
        if isinstance(sample, SampleScore):
            scores.append(sample)
            continue
        for name, score in list((sample.scores or {}).items())[:1]:
            scores.append(
                SampleScore(
                    score=score, sample_id=sample.id, sample_metadata=sample.metadata, scorer=name
                )
            )
    return scores


def digest_of(
    samples: Sequence[EvalSample | SampleScore],
    *,
    headline: str | None = None,
    convention: Any = "paper",
) -> CurveDigest:
    """The `CurveDigest` of a run's samples (or unreduced sample scores, every epoch).

    With a `headline` prompt it also holds paper Table 4 and the random row over the
    run's own frames (`paper_tables`), scored under the run's `convention`.
    """
    from vpt_tasks.comfort.curves import FramePrediction, ProbePrediction
    from vpt_tasks.comfort.metrics import complete_predictions

    scores = _as_scores(samples)
    prompts = frozenset(_prompts(scores))
    try:
        predictions = complete_predictions(scores)[0]
        frames = [p for p in predictions if isinstance(p, FramePrediction)]
        curves = _mean_curves(frames)
        if headline is None:
            return CurveDigest(len(samples), prompts, curves)
        probes = [p for p in predictions if isinstance(p, ProbePrediction)]
        random = (
            shared_random_baseline(frames, probes, headline=headline, convention=convention)
            if any(p.prompt == headline for p in frames)
            else None
        )
        return CurveDigest(len(samples), prompts, curves, None, table4(frames, convention), random)
    except (KeyError, ValueError, TypeError) as error:
        return CurveDigest(len(samples), prompts, error=f"{type(error).__name__}: {error}")


@per_log
def comfort_digest(log: EvalLog) -> CurveDigest:
    """The run's `CurveDigest`, from one light read of its samples (kept per log file)."""
    if log.samples is not None:
        samples: Sequence[EvalSample | SampleScore] = log.samples
    elif not log.location:
        samples = []
    else:
        try:
            samples = sample_scores(log, epochs=True)  # every epoch, as the metrics see them
        except Exception:  # noqa: BLE001 - an unreadable sample part means no curves, noted in the report
            samples = []
    scores = _as_scores(samples)
    convention = log.eval.task_args.get("convention") or next(
        (
            value
            for s in scores
            if (value := (s.sample_metadata or {}).get("convention")) in ("paper", "code")
        ),
        "paper",
    )
    return digest_of(
        scores, headline=headline_of(log, _prompts(scores)), convention=str(convention)
    )


def prepare(log: EvalLog) -> None:
    """What the section needs from a log's samples, computed while the report has them in
    memory (`vpt-tasks report` calls it once per log): the curves, Table 4, the random row
    and, for the multilingual protocol, the Table 10 row."""
    from vpt_tasks.comfort.multilingual_report import prepare_multilingual

    comfort_digest(log)
    prepare_multilingual(log)


def _prompts(samples: Iterable[EvalSample | SampleScore]) -> set[str]:
    found = set()
    for sample in samples:
        meta = (
            sample.sample_metadata if isinstance(sample, SampleScore) else sample.metadata
        ) or {}
        if meta.get("kind") == "frame":
            found.add(str(meta.get("prompt")))
    return found


def _frame_predictions(samples: Sequence[EvalSample | SampleScore]) -> list:
    """The `FramePrediction`s of the run's complete curves, by the code the task's metrics use."""
    from vpt_tasks.comfort.curves import FramePrediction
    from vpt_tasks.comfort.metrics import complete_predictions

    return [
        p for p in complete_predictions(_as_scores(samples))[0] if isinstance(p, FramePrediction)
    ]


def _mean(curves: list[np.ndarray]) -> np.ndarray:
    """Per-frame mean over the curves that have the frame (NaN where none has it)."""
    stack = np.stack(curves)
    finite = np.isfinite(stack)
    counts = finite.sum(axis=0)
    sums = np.where(finite, stack, 0.0).sum(axis=0)
    return np.divide(sums, counts, out=np.full(sums.shape, np.nan), where=counts > 0)


def mean_curves(
    samples: Sequence[EvalSample | SampleScore],
) -> dict[tuple[str, str, str], tuple[np.ndarray, np.ndarray]]:
    """(prompt, reference frame, relation) -> (mean p, mean p̂) over the 36 frames θ = -180..170.

    Complete curves only (as the metrics); the figure closes the circle at θ = 180.

    The curves (one per dataset, prompt, relation and variation; epochs
    averaged) are grouped by the frame of reference their prompt is scored
    against, so both facing directions are averaged where they share it
    (`nop`, `cam`, `add`) and kept apart where they do not (`rel`). p̂ is each
    curve min–max normalised, then averaged. NaN marks a frame no curve has.
    """
    return _mean_curves(_frame_predictions(samples))


def _mean_curves(
    frames: Sequence[Any],
) -> dict[tuple[str, str, str], tuple[np.ndarray, np.ndarray]]:
    """`mean_curves` of frame predictions."""
    from vpt_tasks.comfort.curves import build_curves, minmax_normalise
    from vpt_tasks.comfort.geometry import frame_for_prompt

    groups: dict[tuple[str, str, str], list[np.ndarray]] = {}
    for key, p in build_curves(frames).items():
        groups.setdefault(
            (key.prompt, frame_for_prompt(key.dataset, key.prompt), key.relation), []
        ).append(p)
    return {
        group: (_mean(ps), _mean([minmax_normalise(p) for p in ps])) for group, ps in groups.items()
    }


def _curve_figure(
    task: str, label: str, samples: Sequence[EvalSample | SampleScore], path: Path
) -> tuple[str | None, str]:
    """Write the figure of one model from its samples; (file name, "") or (None, why not)."""
    return _draw_curves(task, label, digest_of(samples), path)


def _draw_curves(task: str, label: str, digest: CurveDigest, path: Path) -> tuple[str | None, str]:
    """Write the figure of one model from its digest; (file name, "") or (None, why there is none)."""
    from vpt_tasks.comfort.geometry import (
        RELATIONS,
        THETAS,
        hemisphere_ground_truth,
        soft_ground_truth,
    )

    if not digest.n_samples:
        return None, (
            "the log holds no samples (run with `--no-log-samples`, or read header-only), so no curves "
            "are drawn; the tables come from the log's metrics."
        )
    if digest.error is not None:
        return (
            None,
            f"the samples' metadata are not COMFORT frames ({digest.error}); no curves.",
        )
    curves = digest.curves
    if not curves:
        return None, (
            f"none of the curves of the log's {digest.n_samples} samples is complete (a curve "
            "needs every angle the task asks: a partial run, with --limit or --sample-id?), so "
            "no curves are drawn."
        )
    if not any(np.isfinite(raw).any() for raw, _ in curves.values()):
        return None, (
            f"none of the log's {digest.n_samples} samples has a P(Yes) (all unscored: no Yes/No in the "
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
    legend_below(figure, handles, names)
    fitted_title(figure, f"{task_title(task)}, {plain(label)}", fontsize=10)
    return save(figure, path), ""

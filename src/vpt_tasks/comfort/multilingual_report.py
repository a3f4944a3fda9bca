"""The multilingual section of the COMFORT report: paper Table 10 for any model, and a chart.

(The paper's Figure 8 is a world map of GPT-4o's preferences; the chart here compares a
run with GPT-4o per language instead, and no map data is fetched.)

What: `render_multilingual(task, logs, out)` returns the Markdown lines of the
section (and writes its figure) for the runs of the paper's multilingual protocol
(`-T language=<code>`, or `-T perspective=nop -T thetas=canonical` in English):

- per run (model x language), eps_cos x100 of its `nop` curves against each frame
  of reference and transformation, in Table 10's layout (`multilingual.table10_row`),
  its preferred column and frame, GPT-4o's preferred one in the paper, and where
  the run's words came from (task metadata `language_source`);
- the languages dropped and why: runs that mostly did not answer Yes/No in the
  language asked (at least `DROP_UNSCORED` of the answers unscored; the English
  Yes/No are counted apart), runs without a complete `nop` curve, and languages
  whose translation the back-translation check refused on this machine (the
  translation cache), as the paper dropped 23;
- a per-language chart: the run's eps_cos per column beside GPT-4o's (paper), the
  preferred column outlined.

Why: the paper's multilingual analysis, for any model, next to the paper's numbers
(`paper_languages`, shipped with the package; no map data is fetched). A run
without the section's runs gets no section.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from inspect_ai.log import EvalLog

from vpt_tasks.comfort.curves import Convention
from vpt_tasks.comfort.paper_languages import (
    COLUMN_FRAMES,
    COLUMN_TITLES,
    COLUMNS,
    MULTILINGUAL_THETAS,
    dropped_languages,
    paper_languages,
    preferred_columns,
)
from vpt_tasks.report.figures import pyplot, save
from vpt_tasks.report.logs import fmt, log_details, markdown, per_log, sample_scores

__all__ = ["DROP_UNSCORED", "LanguageRun", "language_runs", "render_multilingual"]

DROP_UNSCORED = 0.5
"""A run is dropped from the comparison when at least this share of its answers was unscored
(no Yes/No of the language asked among the answer's candidates)."""


@dataclass(frozen=True)
class LanguageRun:
    """One run of the multilingual protocol, its Table 10 row and why it may be dropped."""

    log: EvalLog
    model: str
    code: str
    name: str
    values: Mapping[str, float | None]
    """eps_cos (fraction) per Table 10 column."""
    n_curves: int
    n_frames: int
    unscored: float | None
    in_english: float | None
    source: str
    dropped: str | None
    """Why the run is left out of the comparison (None: kept)."""

    @property
    def preferred(self) -> tuple[str, ...]:
        return preferred_columns(self.values) if self.dropped is None else ()


def is_multilingual(log: EvalLog) -> bool:
    """Whether a log is a run of the multilingual protocol: another language, or `nop` on the
    four canonical directions."""
    meta = log.eval.metadata or {}
    if str(meta.get("language") or "en") != "en":
        return True
    thetas = meta.get("thetas")
    return meta.get("perspective") == ["nop"] and list(thetas or []) == list(MULTILINGUAL_THETAS)


def _convention(log: EvalLog) -> Convention:
    meta = log.eval.metadata or {}
    convention = str(log.eval.task_args.get("convention") or meta.get("convention") or "paper")
    return "code" if convention == "code" else "paper"


@per_log
def table10_of(log: EvalLog, convention: Convention) -> dict[str, Any]:
    """The run's Table 10 row (`multilingual.table10_row`), kept per log file."""
    from vpt_tasks.comfort.multilingual import table10_row

    return dict(table10_row(sample_scores(log), convention))


def prepare_multilingual(log: EvalLog) -> None:
    """Compute a multilingual run's Table 10 row while the report has its samples in memory."""
    if is_multilingual(log):
        table10_of(log, _convention(log))


def language_runs(logs: Sequence[EvalLog]) -> list[LanguageRun]:
    """The multilingual runs among `logs`, each with its Table 10 row, by model and language."""
    runs = []
    for log in logs:
        if not is_multilingual(log):
            continue
        meta = log.eval.metadata or {}
        code = str(meta.get("language") or "en")
        row = table10_of(log, _convention(log))
        details = log_details(log)
        unscored = details.get("no_yes_no_rate")
        in_english = details.get("answered_in_english_rate")
        paper = paper_languages().get(code)
        name = paper.name if paper else str((meta.get("language_source") or {}).get("name") or code)
        if code == "en":
            name = "English"
        dropped = None
        if unscored is not None and unscored >= DROP_UNSCORED:
            dropped = f"{100 * unscored:.0f}% of the answers had no Yes/No in {name}" + (
                f" ({100 * in_english:.0f}% answered with an English Yes/No)" if in_english else ""
            )
        elif row["n_curves"] == 0 or all(row[c] is None for c in COLUMNS):
            dropped = "no complete `nop` curve to score"
        runs.append(
            LanguageRun(
                log=log,
                model=log.eval.model,
                code=code,
                name=name,
                values={c: row[c] for c in COLUMNS},
                n_curves=int(row["n_curves"]),
                n_frames=int(row["n_frames"]),
                unscored=unscored,
                in_english=in_english,
                source=words_from(meta),
                dropped=dropped,
            )
        )
    return sorted(runs, key=lambda r: (r.model, r.code, r.log.eval.created or ""))


def words_from(meta: Mapping[str, Any]) -> str:
    """Where a run's words came from, in a few words (task metadata `language_source`)."""
    source = meta.get("language_source") or {}
    provenance = meta.get("language_provenance") or {}
    origin = source.get("origin")
    if origin == "paper" or (origin is None and meta.get("language") in (None, "en")):
        return "the paper (English)"
    if origin in ("translator", "cache"):
        check = "passed" if source.get("check_passed") else "not passed"
        how = "translated in this run" if origin == "translator" else "cached translation"
        return (
            f"translator {source.get('translator')}, {source.get('date')} ({how}; "
            f"back-translation check {check}, {source.get('checked_items', '?')} texts)"
        )
    who = source.get("translated_by") or provenance.get("translated_by") or "?"
    review = source.get("native_speaker_review", provenance.get("native_speaker_review"))
    reviewed = "reviewed" if review else "not reviewed by a native speaker"
    return f"table: {who} ({reviewed})"


def refused_languages() -> list[tuple[str, str, str]]:
    """(code, name, why) of the translations refused by the back-translation check on this
    machine (the translation cache; empty where there is none)."""
    from vpt_tasks.comfort.translation_cache import read_records

    refused = []
    for record in read_records():
        if not record.passed:
            why = "; ".join(record.problems[:2]) + (
                f"; and {len(record.problems) - 2} more" if len(record.problems) > 2 else ""
            )
            refused.append((record.code, record.name, f"{record.translator}, {record.date}: {why}"))
    return sorted(refused)


def render_multilingual(task: str, logs: Sequence[EvalLog], out: Path) -> list[str]:
    """Markdown lines of the multilingual section ([] when no log is a multilingual run)."""
    runs = language_runs(logs)
    if not runs:
        return []
    kept = [r for r in runs if r.dropped is None]
    paper = paper_languages()
    lines = [
        "",
        "### Multilingual — paper Table 10 (ε_cos ×100 of the `nop` curves against each frame of "
        "reference and transformation)",
        "",
        "Runs of the paper's multilingual protocol: the `nop` question in the language asked, "
        "on the four canonical directions θ = −180, −90, 0, 90 by default. Each value is the "
        "run's ε_cos against that frame (lower fits better; per-curve min–max normalisation over "
        "the frames asked, datasets weighted equally); – = undefined (COMFORT-BALL has no "
        "intrinsic front and no addressee). *preferred* is the lowest; *GPT-4o (paper)* is the "
        "paper's Table 10 for the same language. *words from* is where the run's prompts came "
        "from (task metadata `language_source`).",
        "",
        "| model | language | words from | curves × frames | "
        + " | ".join(COLUMN_TITLES[c] for c in COLUMNS)
        + " | preferred | GPT-4o (paper) preferred | same frame |",
        "|---" * (len(COLUMNS) + 7) + "|",
    ]
    for run in kept:
        reference = paper.get(run.code)
        ours = run.preferred
        theirs = reference.preferred if reference else ()
        same = (
            "–"
            if not (ours and theirs)
            else "yes"
            if {COLUMN_FRAMES[c] for c in ours} & {COLUMN_FRAMES[c] for c in theirs}
            else "no"
        )
        lines.append(
            f"| {markdown(run.model)} | {markdown(run.name)} (`{run.code}`) | "
            f"{markdown(run.source)} | {run.n_curves} × {run.n_frames} | "
            + " | ".join(fmt(run.values[c]) for c in COLUMNS)
            + f" | {_columns(ours)} | {_columns(theirs) if reference else 'not in the paper'} | "
            f"{same} |"
        )
    lines += ["", "#### Languages dropped, and why", ""]
    dropped = [r for r in runs if r.dropped is not None]
    for run in dropped:
        lines.append(
            f"- {markdown(run.name)} (`{run.code}`), {markdown(run.model)}: {run.dropped}."
        )
    refused = refused_languages()
    for code, name, why in refused:
        lines.append(
            f"- {markdown(name)} (`{code}`): refused before the run — its translation failed the "
            f"back-translation check ({markdown(why)})."
        )
    if not dropped and not refused:
        lines.append("- none of the runs reported here.")
    lines += [
        "",
        f"A run is dropped when at least {100 * DROP_UNSCORED:.0f}% of its answers have no "
        "Yes/No in the language asked (answers in English are counted apart, not read as the "
        "language's); refused translations are read from this machine's translation cache. "
        f"The paper dropped {len(dropped_languages())}: "
        + ", ".join(dropped_languages().values())
        + ".",
    ]
    figure = _figure(task, kept, out / f"{task}_multilingual.png")
    lines += [
        "",
        "#### Preferred frame per language — this run beside GPT-4o (paper)",
        "",
        f"![ε_cos per language, the runs beside GPT-4o]({figure})"
        if figure
        else "- no run kept, so no chart.",
        "",
    ]
    return lines


def _columns(columns: Sequence[str]) -> str:
    return ", ".join(COLUMN_TITLES[c] for c in columns) or "–"


def _figure(task: str, runs: Sequence[LanguageRun], path: Path) -> str | None:
    """Heatmaps of eps_cos x100: per run row, GPT-4o (paper) and the run side by side."""
    import numpy as np

    if not runs:
        return None
    paper = paper_languages()
    labels = [f"{r.name} ({r.code}) — {r.model}" for r in runs]
    ours = np.array(
        [[np.nan if r.values[c] is None else 100 * r.values[c] for c in COLUMNS] for r in runs]
    )
    theirs = np.array(
        [[paper[r.code].gpt4o[c] if r.code in paper else np.nan for c in COLUMNS] for r in runs]
    )
    finite = np.concatenate([ours[np.isfinite(ours)], theirs[np.isfinite(theirs)]])
    low, high = (float(finite.min()), float(finite.max())) if finite.size else (0.0, 1.0)
    plt = pyplot()
    figure, axes = plt.subplots(
        1, 2, figsize=(13, 1.6 + 0.32 * len(runs)), sharey=True, layout="constrained"
    )
    for ax, values, title in (
        (axes[0], theirs, "GPT-4o (paper, Table 10)"),
        (axes[1], ours, "this run"),
    ):
        image = ax.imshow(
            np.ma.masked_invalid(values), cmap="viridis_r", vmin=low, vmax=high, aspect="auto"
        )
        ax.set_xticks(
            range(len(COLUMNS)),
            [COLUMN_TITLES[c] for c in COLUMNS],
            rotation=35,
            ha="right",
            fontsize=8,
        )
        ax.set_title(title, fontsize=10)
        for row in range(values.shape[0]):
            defined = {
                c: values[row, i] for i, c in enumerate(COLUMNS) if np.isfinite(values[row, i])
            }
            best = preferred_columns(defined)
            for col, column in enumerate(COLUMNS):
                value = values[row, col]
                if not np.isfinite(value):
                    ax.text(col, row, "–", ha="center", va="center", fontsize=7, color="0.4")
                    continue
                light = (value - low) / ((high - low) or 1.0) < 0.5  # viridis_r: low is light
                colour = "k" if light else "w"
                ax.text(
                    col, row, f"{value:.1f}", ha="center", va="center", fontsize=7, color=colour
                )
                if column in best:
                    ax.add_patch(
                        plt.Rectangle(
                            (col - 0.5, row - 0.5), 1, 1, fill=False, edgecolor="k", linewidth=2
                        )
                    )
    axes[0].set_yticks(range(len(runs)), labels, fontsize=8)
    figure.colorbar(image, ax=axes, shrink=0.8, label="ε_cos ×100 (lower fits better)")
    figure.suptitle(
        f"{task}: preferred frame of reference per language (outlined: the lowest ε_cos)",
        fontsize=10,
    )
    return save(figure, path)

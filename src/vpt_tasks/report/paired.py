"""Paired comparison of two runs of one model on the same items: zero-shot vs first-person.

Omni-Perspective's analysis, generalised to every benchmark: the same model
answers the same items with two solvers (`-T solver=zero_shot` and
`-T solver=first_person`); the difference is estimated on the items both runs
scored, with its 95% confidence interval and an exact paired test. Each
benchmark says what its paired unit is (`<benchmark>.metrics.paired_units`):
a sample right or wrong (Isle v1, Isle-Dots), a set-precision score
(Isle-Brick-V2), an item correct in every rotation (Omni-Perspective), a
curve's Acc (COMFORT); units are matched by id across the two runs.

Statistics (scipy):
- difference = mean(first-person) - mean(zero-shot) over the matched units;
- 95% CI of the mean paired difference from the t distribution
  (`scipy.stats.ttest_rel(...).confidence_interval()`);
- p-value: McNemar's exact test for right/wrong units (a two-sided binomial
  test on the discordant pairs), the paired t-test for scores, with the
  Wilcoxon signed-rank p-value beside it.
- several tests in one table (all units and each slice): Holm-adjusted p-values beside the
  unadjusted ones (`core.stats.holm`), with a note on multiple comparisons.
- clustered units: where a benchmark's units come in clusters that are not
  independent (an Isle v1 item asked in both option orders, an Isle-Brick-V2
  scene's seven questions), each cluster's mean is one paired observation and
  the paired t-test (and its interval) runs over clusters; treating the units as
  independent would understate the uncertainty.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from vpt_tasks.core.stats import PairedUnit, holm

SOLVER_BASELINE = "zero_shot"
SOLVER_TREATMENT = "first_person"


@dataclass(frozen=True)
class Comparison:
    """The paired comparison of one slice (or of all units)."""

    n: int
    baseline: float
    treatment: float
    difference: float
    ci_low: float
    ci_high: float
    test: str
    """`McNemar exact` or `paired t-test`."""
    p_value: float
    wilcoxon_p: float | None = None
    discordant: tuple[int, int] | None = None
    """McNemar: (right only with the baseline, right only with the treatment)."""
    units: int | None = None
    """With clusters: the units the `n` clusters hold."""


def compare(baseline: Sequence[float], treatment: Sequence[float], *, binary: bool) -> Comparison:
    """Paired difference treatment - baseline over matched units, its CI and test."""
    from scipy import stats

    if len(baseline) != len(treatment):
        raise ValueError("paired samples must have the same length")
    n = len(baseline)
    nan = math.nan
    if n == 0:
        return Comparison(0, nan, nan, nan, nan, nan, "none", nan)
    mean_b = sum(baseline) / n
    mean_t = sum(treatment) / n
    diffs = [t - b for b, t in zip(baseline, treatment, strict=True)]
    difference = mean_t - mean_b
    if n > 1 and any(d != diffs[0] for d in diffs):
        result = stats.ttest_rel(treatment, baseline)
        interval = result.confidence_interval(0.95)
        low, high, t_p = float(interval.low), float(interval.high), float(result.pvalue)
    else:  # every difference equal: no spread, the interval is the point
        low = high = difference
        t_p = 1.0 if difference == 0 else 0.0
    if binary:
        only_b = sum(1 for b, t in zip(baseline, treatment, strict=True) if b > t)
        only_t = sum(1 for b, t in zip(baseline, treatment, strict=True) if t > b)
        discordant = only_b + only_t
        p = float(stats.binomtest(only_t, discordant, 0.5).pvalue) if discordant else 1.0
        return Comparison(
            n, mean_b, mean_t, difference, low, high, "McNemar exact", p, None, (only_b, only_t)
        )
    nonzero = [d for d in diffs if d != 0]
    wilcoxon = float(stats.wilcoxon(diffs).pvalue) if nonzero else 1.0
    return Comparison(n, mean_b, mean_t, difference, low, high, "paired t-test", t_p, wilcoxon)


def compare_runs(
    baseline: Iterable[PairedUnit], treatment: Iterable[PairedUnit]
) -> dict[str, Comparison]:
    """Comparisons overall (`all`) and per slice (`<key>=<value>`), on units both runs have."""
    base = {unit.id: unit for unit in baseline}
    treat = {unit.id: unit for unit in treatment}
    matched = [(base[i], treat[i]) for i in base if i in treat]
    groups: dict[str, list[tuple[PairedUnit, PairedUnit]]] = {"all": matched}
    for pair in matched:
        for key, value in pair[0].slices.items():
            groups.setdefault(f"{key}={value}", []).append(pair)
    binary = all(b.binary for b, _ in matched)
    return {name: _compare_pairs(pairs, binary) for name, pairs in groups.items()}


def _compare_pairs(pairs: list[tuple[PairedUnit, PairedUnit]], binary: bool) -> Comparison:
    """Compare matched units, over cluster means when some cluster holds several units."""
    clusters: dict[str, list[tuple[PairedUnit, PairedUnit]]] = {}
    for pair in pairs:
        key = pair[0].cluster if pair[0].cluster is not None else f"\x00{pair[0].id}"
        clusters.setdefault(key, []).append(pair)
    if len(clusters) == len(pairs):  # every unit its own cluster: the units are independent
        return compare([b.value for b, _ in pairs], [t.value for _, t in pairs], binary=binary)
    base = [sum(b.value for b, _ in group) / len(group) for group in clusters.values()]
    treat = [sum(t.value for _, t in group) / len(group) for group in clusters.values()]
    result = compare(base, treat, binary=False)
    return replace(result, test="paired t-test over clusters", units=len(pairs))


# --- the report section ---------------------------------------------------------------

MULTIPLE_COMPARISONS = (
    "Multiple comparisons: this table holds {k} paired tests (all units and each slice; the "
    "slices overlap the whole), so some small unadjusted p-values are expected by chance. "
    "`p (Holm)` is each p adjusted by Holm's step-down method over the table's {k} tests (of "
    "the main test; Wilcoxon is not adjusted): reading p (Holm) < 0.05 as a difference keeps "
    "the chance of any false one in the table at most 5%. The intervals are not adjusted."
)


def _p(value: float) -> str:
    return "–" if value != value else f"{value:.4g}"


def _solver(log: Any) -> str:
    return str(log.eval.task_args.get("solver") or SOLVER_BASELINE)


def _pair_key(log: Any) -> tuple[str, str]:
    """Runs that differ only in their solver are paired: same model, same other arguments."""
    others = {k: v for k, v in log.eval.task_args.items() if k != "solver"}
    return log.eval.model, repr(sorted((k, repr(v)) for k, v in others.items()))


def paired_runs(logs: Sequence[Any]) -> list[tuple[Any, Any]]:
    """(zero-shot log, first-person log) pairs of one task: same model and other arguments."""
    by_key: dict[tuple[str, str], dict[str, Any]] = {}
    for log in logs:
        by_key.setdefault(_pair_key(log), {})[_solver(log)] = log
    return [
        (runs[SOLVER_BASELINE], runs[SOLVER_TREATMENT])
        for runs in by_key.values()
        if SOLVER_BASELINE in runs and SOLVER_TREATMENT in runs
    ]


def render_paired(by_task: Mapping[str, Sequence[Any]]) -> list[str]:
    """Markdown: one table per (task, model) with a zero-shot and a first-person run."""
    from vpt_tasks.report.logs import paired_units_of

    lines: list[str] = []
    for task, logs in sorted(by_task.items()):
        for baseline, treatment in paired_runs(logs):
            comparisons = compare_runs(paired_units_of(baseline), paired_units_of(treatment))
            if not comparisons or comparisons["all"].n == 0:
                continue
            several = len(comparisons) > 1
            adjusted = dict(
                zip(comparisons, holm([c.p_value for c in comparisons.values()]), strict=True)
            )
            lines += [
                f"### {task}: {baseline.eval.model} — first person vs zero shot",
                "",
                "Difference = first-person minus zero-shot on the same items (percentage points), "
                "95% CI of the mean paired difference; p from McNemar's exact test (right/wrong "
                "items) or the paired t-test (scores; Wilcoxon signed-rank beside it); where units "
                "come in clusters (an item's two option orders, a scene's questions) n counts "
                "clusters (units in brackets) and the t-test runs over cluster means.",
                "",
            ]
            if several:
                lines += [MULTIPLE_COMPARISONS.format(k=len(comparisons)), ""]
            lines += [
                "| slice | n | zero shot | first person | difference [95% CI] | test | p |"
                + (" p (Holm) |" if several else ""),
                "|---|---|---|---|---|---|---|" + ("---|" if several else ""),
            ]
            for name, c in comparisons.items():
                p = f"{c.p_value:.4g}" + (
                    f" (Wilcoxon {c.wilcoxon_p:.4g})" if c.wilcoxon_p is not None else ""
                )
                n = f"{c.n} ({c.units})" if c.units is not None else str(c.n)
                lines.append(
                    f"| {name} | {n} | {100 * c.baseline:.1f} | {100 * c.treatment:.1f} | "
                    f"{100 * c.difference:+.1f} [{100 * c.ci_low:+.1f}, {100 * c.ci_high:+.1f}] "
                    f"| {c.test} | {p} |" + (f" {_p(adjusted[name])} |" if several else "")
                )
            lines.append("")
    if lines:
        lines = ["## Paired comparison: first person vs zero shot", "", *lines]
    return lines

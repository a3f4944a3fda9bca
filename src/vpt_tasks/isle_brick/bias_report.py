"""Report section of the direction-bias probe (`vpt_tasks/isle_brick_bias`): the paper's Appendix B.

For every model in the logs -- one group per model and arguments other than
`intervention`, each intervention's run a column of the group -- the section
shows:

- a one-line verdict: which interventions changed the answer distribution
  significantly against the intervention-free run (`bias_metrics.shift_test`:
  Pearson's chi-square of the answer counts with a seeded permutation p-value,
  Holm-adjusted across the group's interventions, α = 0.05), and whether the
  intervention-free answers are within sampling error of uniform (chi-square
  goodness of fit, `uniform_p`);
- the answer distribution per intervention next to the gold distribution, with
  the most frequent direction's share, prediction correctness and its 95%
  bootstrap CI (resampling scenes) and the test's p-value (table and figure);
- the answer distribution per prompt order, per intervention (table and figure);
- the position-vs-direction table of each run.

Numbers come from each log: its metrics and `bias_metrics.details` computed
from its samples (what `report.logs.log_details` gives for the probe's logs),
and the test reads the same samples' distributions (`report.logs.sample_scores`):
each log's samples are read once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from inspect_ai.log import EvalLog

from vpt_tasks.benchmarks import task_title
from vpt_tasks.isle_brick.bias_metrics import (
    ALPHA,
    Distribution,
    ShiftTest,
    details,
    directions,
    distributions_by_sample,
    holm,
    shift_test,
)
from vpt_tasks.isle_brick.interventions import KINDS
from vpt_tasks.isle_brick.spec import load_spec
from vpt_tasks.report.figures import fitted_title, legend_below, pyplot, save
from vpt_tasks.report.logs import fmt, log_metrics, model_labels, plain, run_table, sample_scores

NONE = "none"
COLORS = {"north": "#4C72B0", "east": "#DD8452", "south": "#55A868", "west": "#C44E52"}


def _intervention(log: EvalLog) -> str:
    return str((log.eval.metadata or {}).get("intervention") or NONE)


def _rank(label: str) -> tuple[int, str]:
    """`none` first, then in the order of `interventions.KINDS`."""
    first = label.split("+")[0].split("=")[0]
    return (KINDS.index(first) if first in KINDS else len(KINDS), label)


def groups(logs: Sequence[EvalLog]) -> list[tuple[str, dict[str, EvalLog]]]:
    """(label, {intervention: log}) per model and other arguments.

    The label is the model, plus what tells its runs apart other than the intervention
    (`report.provenance.model_labels`: task arguments, roles, source, "n of N samples" for
    a partial run; not its `-M` arguments, as before). A run whose intervention its group already has (the same run twice) gets
    a group of its own under its full label: no run is left out.
    """
    shared = model_labels(logs, ignore=("intervention",), unique=False, model_args=False)
    full = model_labels(logs)
    found: dict[str, dict[str, EvalLog]] = {}
    for label, own, log in zip(shared, full, logs, strict=True):
        key = own if _intervention(log) in found.get(label, {}) else label
        found.setdefault(key, {})[_intervention(log)] = log
    return [
        (label, dict(sorted(runs.items(), key=lambda item: _rank(item[0]))))
        for label, runs in found.items()
    ]


def render(logs: list[EvalLog], out: Path) -> list[str]:
    """Markdown lines of the section; figures are written next to the report."""
    lines = [
        f"## {task_title('isle_brick_bias')}",
        "",
        "Paper Appendix B (its Figure 4: the interventions; Figure 10: the answers per prompt order).",
        "",
    ]
    lines += run_table(logs, model_labels(logs))
    lines += [
        "Answer distribution: the mean over samples of each answer's distribution over the four "
        "directions (first-answer-token log-probabilities, or the answer text). Verdicts: "
        f"Pearson's chi-square of the answer counts against the run without intervention, "
        f"permutation p-value (10,000 seeded draws, pairs swapped where the runs asked the same "
        f"samples), Holm-adjusted across a model's interventions, α = {ALPHA}; the "
        "intervention-free answers against uniform: chi-square goodness of fit.",
        "",
    ]
    for index, (label, runs) in enumerate(groups(logs)):
        numbers: dict[str, dict[str, float]] = {}
        answers: dict[str, dict[str, Distribution]] = {}
        for name, log in runs.items():
            scores = sample_scores(log)
            numbers[name] = {**details(scores), **log_metrics(log)}
            answers[name] = distributions_by_sample(scores)
        tests = _tests(answers)
        lines += [f"### {label}", "", verdict(label, numbers, tests), ""]
        lines += distribution_table(numbers, tests)
        figure = save(
            distribution_figure(label, numbers), out / f"isle_brick_bias_distribution_{index}.png"
        )
        lines += ["", f"![Answer distribution per intervention, {label}]({figure})", ""]
        lines += order_table(numbers)
        figure = save(order_figure(label, numbers), out / f"isle_brick_bias_orders_{index}.png")
        lines += ["", f"![Answer distribution per prompt order, {label}]({figure})", ""]
        lines += position_tables(numbers)
    return lines


def _tests(answers: dict[str, dict[str, Distribution]]) -> dict[str, tuple[ShiftTest, float]]:
    """Each intervention's test against `none`, with its Holm-adjusted p-value."""
    if NONE not in answers:
        return {}
    raw = {
        name: shift_test(answers[NONE], found) for name, found in answers.items() if name != NONE
    }
    names = [name for name, test in raw.items() if not math.isnan(test.p_value)]
    adjusted = dict(zip(names, holm([raw[n].p_value for n in names]), strict=True))
    return {name: (test, adjusted.get(name, math.nan)) for name, test in raw.items()}


def _p(value: float) -> str:
    """A p-value for a table cell."""
    if value != value:
        return "–"
    return "< 0.001" if value < 0.001 else f"{value:.3g}"


def _p_is(value: float) -> str:
    """ "p = 0.42" or "p < 0.001"."""
    shown = _p(value)
    return f"p {shown}" if shown.startswith("<") else f"p = {shown}"


def verdict(
    label: str, numbers: dict[str, dict[str, float]], tests: dict[str, tuple[ShiftTest, float]]
) -> str:
    """One line: which interventions changed the distribution, and the no-intervention answers vs uniform."""
    parts = [f"**Verdict, {label}:**"]
    others = [name for name in numbers if name != NONE]
    if NONE not in numbers:
        parts.append(
            "no run without intervention, so no intervention can be tested "
            f"({', '.join(others)}); run it with -T intervention=none."
        )
    elif not others:
        parts.append("only the run without intervention; no intervention to test.")
    else:
        changed = [n for n in others if tests.get(n) and tests[n][1] < ALPHA]
        shown = "; ".join(f"{n} {_p_is(tests[n][1])}" for n in others if n in tests)
        if changed:
            parts.append(
                f"{', '.join(changed)} changed the answer distribution significantly "
                f"(Holm-adjusted p < {ALPHA}; {shown})."
            )
        else:
            parts.append(
                f"no intervention changed the answer distribution significantly "
                f"(Holm-adjusted p ≥ {ALPHA}; {shown})."
            )
    base = numbers.get(NONE) or next(iter(numbers.values()))
    uniform_p = base.get("uniform_p", math.nan)
    if uniform_p == uniform_p:
        top = max(directions(), key=lambda d: base.get(f"share_{d}", -1.0))
        which = "without intervention" if NONE in numbers else "in its first run"
        judged = (
            "within sampling error of uniform"
            if uniform_p >= ALPHA
            else f"not uniform, most often {top} ({fmt(base.get(f'share_{top}'))}%)"
        )
        parts.append(
            f"Answers {which}: {judged} (chi-square goodness of fit {_p_is(uniform_p)}, "
            f"α = {ALPHA})."
        )
    return " ".join(parts)


def distribution_table(
    numbers: dict[str, dict[str, float]], tests: dict[str, tuple[ShiftTest, float]]
) -> list[str]:
    """Answer distribution (%) per intervention, gold first, with correctness and the test."""
    names = directions()
    header = ["intervention", "n", *names, "top share", "correctness [95% CI]", "χ² vs none", "p"]
    lines = ["| " + " | ".join(header) + " |", "|---" * len(header) + "|"]
    first = next(iter(numbers.values()))
    gold = " | ".join(fmt(first.get(f"gold_{d}")) for d in names)
    lines.append(f"| gold | – | {gold} | – | – | – | – |")
    for name, m in numbers.items():
        shares = " | ".join(fmt(m.get(f"share_{d}")) for d in names)
        n = int(m.get("n_distributions", 0))
        correctness = (
            f"{fmt(m.get('correctness'))} [{fmt(m.get('correctness_ci_low'))}, "
            f"{fmt(m.get('correctness_ci_high'))}]"
        )
        test = tests.get(name)
        statistic = f"{test[0].statistic:.2f}" if test else "–"
        p = _p(test[1]) if test else "–"
        lines.append(
            f"| {name} | {n} | {shares} | {fmt(m.get('top_share'))} | {correctness} | "
            f"{statistic} | {p} |"
        )
    return [
        "Answer distribution (%) per intervention, next to the gold distribution; n = answers "
        "naming a direction; p Holm-adjusted.",
        "",
        *lines,
    ]


def _orders(numbers: dict[str, dict[str, float]]) -> list[str]:
    found = {
        key.split("_")[1]
        for m in numbers.values()
        for key in m
        if key.startswith("order_") and key.endswith("_n")
    }
    letters = [d[0].upper() for d in directions()]
    return sorted(found, key=lambda code: [letters.index(c) if c in letters else 9 for c in code])


def order_table(numbers: dict[str, dict[str, float]]) -> list[str]:
    """Per prompt order (rows): each intervention's N/E/S/W shares (%) and correctness."""
    names = directions()
    letters = "/".join(d[0].upper() for d in names)
    runs = list(numbers)
    header = ["order", *[f"{name}: {letters}" for name in runs], *[f"{n}: correct" for n in runs]]
    lines = ["| " + " | ".join(header) + " |", "|---" * len(header) + "|"]
    paper = "".join(d[0].upper() for d in load_spec().bias_probe.paper_order)
    for order in _orders(numbers):
        cells = [f"{order} (paper)" if order == paper else order]
        for m in numbers.values():
            if f"order_{order}_n" not in m:
                cells.append("–")
                continue
            cells.append("/".join(_pct0(m.get(f"order_{order}_{d}")) for d in names))
        for m in numbers.values():
            cells.append(fmt(m.get(f"order_{order}_correctness")))
        lines.append("| " + " | ".join(cells) + " |")
    return [
        f"Answer distribution (%, {letters}) and prediction correctness (%) per prompt order "
        "(the directions in the order the question listed them).",
        "",
        *lines,
    ]


def _pct0(value: float | None) -> str:
    return "–" if value is None or value != value else f"{100 * value:.0f}"


def position_tables(numbers: dict[str, dict[str, float]]) -> list[str]:
    """Per run: the mean probability of each direction when it was listed 1st … 4th."""
    names = directions()
    lines = [
        "Position vs direction: the mean probability of a direction over the prompts that listed "
        "it at that position; `any` = the direction at that position, whichever it was. A "
        "direction bias shows in the columns, a position bias in the `any` column.",
        "",
    ]
    for name, m in numbers.items():
        if "position_1" not in m:
            continue
        lines += [f"{name}:", "", "| position | " + " | ".join(names) + " | any |"]
        lines.append("|---" * (len(names) + 2) + "|")
        for i in range(1, len(names) + 1):
            cells = " | ".join(fmt(m.get(f"position_{i}_{d}")) for d in names)
            lines.append(f"| {i} | {cells} | {fmt(m.get(f'position_{i}'))} |")
        lines.append("")
    return lines


def _stacked(axes: Any, labels: list[str], rows: list[dict[str, float]]) -> None:
    """Stacked direction shares per label; a row without values is a blank slot (the x axis
    always has every label, so panels line up)."""
    positions = list(range(len(labels)))
    bottom = [0.0] * len(rows)
    for direction in directions():
        heights = [100 * r[direction] if direction in r else math.nan for r in rows]
        axes.bar(positions, heights, bottom=bottom, color=COLORS.get(direction), label=direction)
        bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    axes.set_xticks(positions, labels)
    axes.set_xlim(-0.6, len(labels) - 0.4)
    axes.set_ylim(0, 100)


def distribution_figure(label: str, numbers: dict[str, dict[str, float]]) -> Any:
    """Stacked bars: the gold distribution, then each intervention's answer distribution."""
    plt = pyplot()
    first = next(iter(numbers.values()))
    rows = [{d: first[f"gold_{d}"] for d in directions() if f"gold_{d}" in first}]
    rows += [
        {d: m[f"share_{d}"] for d in directions() if f"share_{d}" in m} for m in numbers.values()
    ]
    names = ["gold", *numbers]
    figure, axes = plt.subplots(figsize=(3.2 + 0.7 * len(names), 4.0), layout="constrained")
    _stacked(axes, names, rows)
    axes.set_ylabel("share of answers (%)")
    axes.tick_params(axis="x", labelrotation=90)
    fitted_title(figure, plain(label))
    legend_below(figure, *axes.get_legend_handles_labels())
    return figure


def order_figure(label: str, numbers: dict[str, dict[str, float]]) -> Any:
    """One panel per intervention: stacked answer distribution per prompt order."""
    plt = pyplot()
    orders = _orders(numbers)
    figure, panels = plt.subplots(
        len(numbers),
        1,
        figsize=(max(3.5, 2.0 + 0.36 * len(orders)), 1.6 + 2.0 * len(numbers)),
        squeeze=False,
        layout="constrained",
    )
    for axes, (name, m) in zip(panels[:, 0], numbers.items(), strict=True):
        # an order the run did not ask (a partial run) is a blank slot, not a bar at 0
        rows = [
            {d: m[f"order_{o}_{d}"] for d in directions() if f"order_{o}_{d}" in m} for o in orders
        ]
        _stacked(axes, orders, rows)
        axes.set_title(name, fontsize=8)
        axes.set_ylabel("%")
        axes.tick_params(axis="x", labelrotation=90, labelsize=7)
    fitted_title(figure, plain(label))
    legend_below(figure, *panels[0, 0].get_legend_handles_labels())
    return figure

"""Run-level metrics of Isle-Bricks v1 and Isle-Dots: the printed few and the details.

Printed (the `option_mapping` scorer's metrics, `isle_v1_headline`), the
paper's headline first:

- `accuracy` (accuracy of each option order, averaged over the two orders),
  `both_orders_correct`, `consistency`, `unknown_rate`;
- `task=perspective-taking/accuracy`, `task=object-detection/accuracy`;
- then, as counts in their own group (the scorer's
  :func:`vpt_tasks.scorers.cascade.answer_counts`), who read the answers:
  `undecided` (answers nobody could read: no grader bound), `decided_by_rules`,
  `decided_by_grader` (and `decided_by_human` after adjudication);
- with `-T grader=both`, `rules_agreement` and `rules_compared` (from
  :func:`vpt_tasks.scorers.cascade.rules_beside_grader`).

Everything else is computed from the log's samples by :func:`details`, which
returns exactly the keys these tasks printed before (the same functions):

- `isle_v1_orders`: `accuracy`, `both_orders_correct`, `consistency`,
  `unknown_rate`, `n_samples`, `n_pairs`, and the same for every slice as
  `task=<task>/<metric>` and `partition=<partition>/<metric>` (see
  :func:`vpt_tasks.scorers.circular.two_order_summary`);
- `isle_v1_positions`: `accuracy_original`, `accuracy_swapped`,
  `accuracy_gold_A`, `accuracy_gold_B` (accuracy when the gold option is shown
  as A / as B), `chose_A`, `chose_B` (share of answers mapped to letter A / B);
- the reading counts of :func:`vpt_tasks.scorers.cascade.decision_counts`.

`paired_units` gives one unit per sample (right or wrong) for the report's
paired comparison of two solvers.
"""

from __future__ import annotations

import logging
from collections import Counter
from typing import Any

from inspect_ai.scorer import Metric, SampleScore, metric

from vpt_tasks.core.inspect_internals import computing_live_metrics
from vpt_tasks.core.stats import PairedUnit
from vpt_tasks.scorers.cascade import decision_counts
from vpt_tasks.scorers.circular import OrderResult, two_order_summary

logger = logging.getLogger(__name__)

HEADLINE = "accuracy"
"""The paper's headline number: accuracy averaged over both option orders."""

_PRINTED_SUMMARY = ("accuracy", "both_orders_correct", "consistency", "unknown_rate")
PERSPECTIVE_TAKING = "perspective-taking"
OBJECT_DETECTION = "object-detection"
_PRINTED_SLICES = ("task=perspective-taking", "task=object-detection")


def _meta(score: SampleScore) -> tuple[dict[str, Any], dict[str, Any]]:
    return score.sample_metadata or {}, score.score.metadata or {}


def orders_summary(scores: list[SampleScore]) -> dict[str, float]:
    """Accuracy over both orders, both-orders-correct, consistency and Unknown rate, with slices."""
    if not scores:
        return {}
    records = []
    for s in scores:
        sample, scored = _meta(s)
        groups = {"task": sample["task"]}
        if sample.get("partition") is not None:
            groups["partition"] = sample["partition"]
            if sample["task"] == PERSPECTIVE_TAKING:  # the paper's slice tables: VPT only
                groups["vpt_partition"] = sample["partition"]
        records.append(
            OrderResult(
                item_id=str(sample["item_id"]),
                order=sample["order"],
                chosen=scored.get("chosen"),
                gold=sample["gold_answer"],
                groups=groups,
            )
        )
    return two_order_summary(records)


def positions(scores: list[SampleScore]) -> dict[str, float]:
    """Positional bias: accuracy per order and per gold letter, and how often A / B was chosen."""
    if not scores:
        return {}
    cells: dict[str, list[float]] = {
        "accuracy_original": [],
        "accuracy_swapped": [],
        "accuracy_gold_A": [],
        "accuracy_gold_B": [],
    }
    chosen: Counter[str] = Counter()
    for s in scores:
        sample, scored = _meta(s)
        value = float(s.score.as_float())
        cells[f"accuracy_{sample['order']}"].append(value)
        cells[f"accuracy_gold_{sample['gold_letter']}"].append(value)
        chosen[str(scored.get("chosen_letter"))] += 1
    result = {
        name: (sum(values) / len(values) if values else float("nan"))
        for name, values in cells.items()
    }
    result["chose_A"] = chosen["A"] / len(scores)
    result["chose_B"] = chosen["B"] / len(scores)
    return result


def headline(scores: list[SampleScore]) -> dict[str, float]:
    """The printed metrics (see the module docstring), `accuracy` first.

    With no scores yet (Inspect's live display) the keys are there, undefined.
    """
    summary = two_order_summary([]) if not scores else orders_summary(scores)
    result = {name: summary[name] for name in _PRINTED_SUMMARY}
    for key in _PRINTED_SLICES:
        if f"{key}/accuracy" in summary:
            result[f"{key}/accuracy"] = summary[f"{key}/accuracy"]
    return result


def vpt_drop(control: float, vpt: float) -> dict[str, float]:
    """The paper's drop from the control to perspective taking, relative to the control
    (`vpt_drop`; undefined at a control of 0), and the point difference (`vpt_drop_points`)."""
    drop = {"vpt_drop_points": control - vpt}
    if control > 0:
        drop["vpt_drop"] = (control - vpt) / control
    return drop


def details(scores: list[SampleScore]) -> dict[str, float]:
    """Every number these tasks wrote before the printed metrics were cut to a few, and the
    paper's perspective-taking analyses: `vpt_partition=<p>/<metric>` (the partition slices
    over perspective-taking questions only, as the paper's slice tables), `vpt_drop` (the
    paper's drop: relative to the control, (control - vpt) / control) and
    `vpt_drop_points` (control - vpt, in accuracy units).

    The paper (`../shared/papers/002_*`) says "the models suffer on average 32% and 38% drop
    in performance on Isle-Bricks and Isle-Dots" (line 50) and "83% accuracy on average"
    on the control, "slightly above 54%" on the perspective task (line 60): its own averages
    give (83 - 54) / 83 = 35% relative, 29 points, and it states 35% -- so its drops are
    relative (it never says so in words; `tests/paper_numbers/isle_v1.yaml`).

    The report reads them with `vpt_tasks.report.logs.log_details(log)`.
    """
    summary = orders_summary(scores)
    control = summary.get(f"task={OBJECT_DETECTION}/accuracy")
    vpt = summary.get(f"task={PERSPECTIVE_TAKING}/accuracy")
    drop = vpt_drop(control, vpt) if control is not None and vpt is not None else {}
    return {**summary, **drop, **positions(scores), **decision_counts(scores)}


def paired_units(scores: list[SampleScore]) -> list[PairedUnit]:
    """One unit per sample (id = sample id, right or wrong), sliced by task and partition;
    an item's two option orders are one cluster (the paired test compares item means)."""
    units = []
    for s in scores:
        sample, _ = _meta(s)
        slices = {"task": str(sample["task"])}
        if sample.get("partition") is not None:
            slices["partition"] = str(sample["partition"])
        units.append(
            PairedUnit(
                id=str(s.sample_id),
                value=float(s.score.as_float()),
                binary=True,
                slices=slices,
                cluster=str(sample["item_id"]) if sample.get("item_id") is not None else None,
            )
        )
    return units


@metric
def isle_v1_headline() -> Metric:
    """The printed metrics of Isle v1: `accuracy` first (see :func:`headline`).

    A partial run (`--limit`, `--sample-id`) prints what it supports: `accuracy` needs both
    option orders (it averages their accuracies), so with one order only it is undefined
    (NaN, its reason logged once); a number without any item asked in both orders
    (`both_orders_correct`, `consistency`) is left out.
    """
    warned = False

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        nonlocal warned
        result = headline(scores)
        if not scores:
            return result
        orders = positions(scores)
        missing = [
            o for o in ("original", "swapped") if orders[f"accuracy_{o}"] != orders[f"accuracy_{o}"]
        ]
        if missing:  # every accuracy averages the two orders: none is defined
            result = {k: (float("nan") if k.endswith(HEADLINE) else v) for k, v in result.items()}
        undefined = [k for k, v in result.items() if v != v]
        if undefined and not warned and not computing_live_metrics():
            warned = True
            logger.warning(
                PARTIAL_WARNING.format(
                    names=", ".join(undefined),
                    n=f"{len(scores)} sample{'s' if len(scores) != 1 else ''}",
                    why=f"no answer in the {missing[0]} option order"
                    if missing
                    else "no item was asked in both option orders",
                )
            )
        return {k: v for k, v in result.items() if v == v or k == HEADLINE}

    return compute


PARTIAL_WARNING = (
    "Isle v1: {names} undefined for these {n}: {why} (a run with --limit or "
    "--sample-id?). A run of --limit 2 or more (one item in both orders) defines them; see "
    "docs/sweeps.md."
)


@metric
def isle_v1_orders() -> Metric:
    """Accuracy over both orders, both-orders-correct, consistency and Unknown rate, with slices."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        return orders_summary(scores)

    return compute


@metric
def isle_v1_positions() -> Metric:
    """Positional bias: accuracy per order and per gold letter, and how often A / B was chosen."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        return positions(scores)

    return compute

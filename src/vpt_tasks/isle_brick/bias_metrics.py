"""Run-level metrics of the direction-bias probe (`vpt_tasks/isle_brick_bias`, paper Appendix B).

Each scored sample carries, in its score metadata, `probabilities`: its
answer's distribution over north / east / south / west (from the first answer
token's log-probabilities, or from the answer text: "north-east" is half
north, half east; null when the answer names no direction), and its
prediction correctness (the score value, set precision as in `isle_brick`).
Its sample metadata carries the gold set and the order the directions were
listed in (`listed`, code `order`).

- The **answer distribution** is the mean of the samples' distributions; the
  **gold distribution** the mean of their gold sets, each spread evenly over
  its directions.
- **Bias indices**: total-variation distance TV(p, q) = ½ Σ |p − q| of the
  answers from the gold distribution and from uniform, and the Kullback-Leibler
  divergence KL(answers ‖ q) in bits. `bias_index` = TV(answers, uniform) / 0.75,
  0 for uniform answers and 1 (its maximum) when every answer is one
  direction; KL from uniform is at most 2 bits. For KL from gold, the gold
  distribution is mixed with 1% uniform (`KL_SMOOTHING`) so that it stays finite
  where the answers name a direction no gold set has.
- `uniform_p`: Pearson's chi-square goodness-of-fit test of the answer counts
  (the samples' distributions summed) against uniform; a p-value above 0.05
  (`ALPHA`) means the answers are within sampling error of uniform.
- **Position vs direction**: with the directions listed in several orders, a
  preference for a place in the list shows as unequal `position_<i>` shares
  (the mean probability of the direction listed i-th); a preference for a
  direction as unequal direction shares. `position_bias_index` is
  TV(position shares, uniform) / 0.75.

Printed (`isle_brick_bias_headline`, in this order, `PRINTED`): `top_share` (the
headline: the share of the most frequent direction), `share_north` …
`share_west`, `bias_index`, `tv_gold`, `uniform_p`, `correctness` (mean
prediction correctness), `chance` (the random baseline of the gold sets, mean
|G| / 4), `position_bias_index`, `from_text` (samples whose distribution came
from the answer text) and `no_direction` (answers naming no direction: left
out of the distributions, correctness 0).

`details(scores)` adds `gold_north` … `gold_west`, `kl_uniform`, `kl_gold`,
`correctness_ci_low` / `_ci_high` (95% bootstrap over scenes),
`first_listed_share` (= `position_1`), `tv_uniform`, `uniform_chi2`,
`n_distributions`, the answer paths (`method_<logprobs|text|none|invalid>`, `later_token`), per
order `order_<CODE>_<direction>`, `order_<CODE>_top_share`, `order_<CODE>_n`
and `order_<CODE>_correctness` (with `_ci_low` / `_ci_high`), the position
table `position_<i>` and `position_<i>_<direction>` (the mean probability of
a direction over the samples that listed it i-th), `given_<gold>_<direction>`
(the mean probability of a direction over the samples whose gold set holds
`<gold>`) and, for zooms, `zoom_image_centre` (samples cropped around the
image centre for want of a figure box).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from inspect_ai.scorer import Metric, SampleScore, metric

from vpt_tasks.core.stats import DEFAULT_RESAMPLES, DEFAULT_SEED, PairedUnit, bootstrap_columns
from vpt_tasks.isle_brick.spec import load_spec
from vpt_tasks.scorers.cascade import decision_counts, rules_agreement

KL_SMOOTHING = 0.01
"""Share of uniform mixed into the gold distribution for KL(answers ‖ gold)."""
ALPHA = 0.05
"""The significance level the README and the report state for the tests."""
METHODS = ("logprobs", "text", "none", "invalid")
PRINTED = (
    "top_share",
    "share_north",
    "share_east",
    "share_south",
    "share_west",
    "bias_index",
    "tv_gold",
    "uniform_p",
    "correctness",
    "chance",
    "position_bias_index",
    "from_text",
    "no_direction",
)
"""The printed metrics, in order: a demo run's table must fit in 40 lines."""

Distribution = dict[str, float]


def directions() -> tuple[str, ...]:
    return load_spec().bias_probe.directions


def sample_distribution(score: SampleScore) -> Distribution | None:
    """A sample's answer distribution over the directions, or None (no direction named)."""
    found = (score.score.metadata or {}).get("probabilities")
    if not isinstance(found, Mapping):
        return None
    return {d: float(found.get(d, 0.0)) for d in directions()}


def gold_distribution(gold: Sequence[str]) -> Distribution:
    """A gold set spread evenly over its directions ({north, east} -> half each)."""
    named = [d for d in directions() if d in set(gold)]
    return {d: (1.0 / len(named) if d in named else 0.0) for d in directions()}


def mean_distribution(distributions: Sequence[Distribution]) -> Distribution:
    """The mean of distributions (NaN everywhere for none)."""
    if not distributions:
        return {d: math.nan for d in directions()}
    return {d: sum(p[d] for p in distributions) / len(distributions) for d in directions()}


def uniform() -> Distribution:
    return {d: 1.0 / len(directions()) for d in directions()}


def total_variation(p: Mapping[str, float], q: Mapping[str, float]) -> float:
    """½ Σ |p − q| over the directions."""
    return 0.5 * sum(abs(p[d] - q[d]) for d in p)


def kl_bits(p: Mapping[str, float], q: Mapping[str, float]) -> float:
    """KL(p ‖ q) in bits; infinite where p has mass and q none."""
    total = 0.0
    for d, mass in p.items():
        if mass > 0:
            if q[d] <= 0:
                return math.inf
            total += mass * math.log2(mass / q[d])
    return total


def smoothed(gold: Mapping[str, float]) -> Distribution:
    """The gold distribution mixed with `KL_SMOOTHING` of uniform."""
    flat = uniform()
    return {d: (1 - KL_SMOOTHING) * gold[d] + KL_SMOOTHING * flat[d] for d in gold}


def uniform_test(distributions: Sequence[Distribution]) -> tuple[float, float]:
    """(chi-square statistic, p) of the summed distributions against uniform."""
    from scipy import stats

    if not distributions:
        return math.nan, math.nan
    counts = [sum(p[d] for p in distributions) for d in directions()]
    result = stats.chisquare(counts)
    return float(result.statistic), float(result.pvalue)


def _meta(score: SampleScore) -> dict[str, Any]:
    return score.sample_metadata or {}


def _scored(scores: Sequence[SampleScore]) -> list[SampleScore]:
    return [s for s in scores if _meta(s).get("listed")]


def _position_shares(scores: Sequence[SampleScore]) -> list[float]:
    shares: list[list[float]] = [[] for _ in directions()]
    for s in scores:
        p = sample_distribution(s)
        if p is None:
            continue
        for i, direction in enumerate(_meta(s)["listed"]):
            shares[i].append(p[direction])
    return [float(np.mean(values)) if values else math.nan for values in shares]


def _bootstrap(
    scores: Sequence[SampleScore], resamples: int, seed: int
) -> tuple[dict[str, Any], list[str]]:
    """Correctness estimates overall (`correctness`) and per order: scenes × orders, resampled by scene."""
    orders = sorted({_meta(s)["order"] for s in scores})
    scenes = sorted({_meta(s)["scene_id"] for s in scores})
    row = {scene: i for i, scene in enumerate(scenes)}
    column = {order: j for j, order in enumerate(orders)}
    matrix = np.full((len(scenes), len(orders)), np.nan)
    for s in scores:
        meta = _meta(s)
        matrix[row[meta["scene_id"]], column[meta["order"]]] = s.score.as_float()
    groups = {"correctness": list(range(len(orders)))}
    groups.update({f"order_{order}": [j] for order, j in column.items()})
    return bootstrap_columns(matrix, groups, resamples=resamples, seed=seed), orders


@metric
def isle_brick_bias_headline(
    resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED
) -> Metric:
    """The printed numbers of the probe (`PRINTED`), headline (`top_share`) first."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        values = summary(scores, resamples=resamples, seed=seed)
        return {key: values[key] for key in PRINTED if key in values}

    return compute


def summary(
    scores: Sequence[SampleScore], *, resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED
) -> dict[str, float]:
    """The run's distributions, bias indices and correctness (a pure function of the scores);
    the printed metrics are its `PRINTED` keys."""
    scores = _scored(scores)
    if not scores:
        return {"top_share": math.nan}
    found = [p for p in (sample_distribution(s) for s in scores) if p is not None]
    answers = mean_distribution(found)
    gold = mean_distribution([gold_distribution(_meta(s)["gold"]) for s in scores])
    flat = uniform()
    estimates, _ = _bootstrap(scores, resamples, seed)
    correctness = estimates["correctness"]
    positions = _position_shares(scores)
    result = {"top_share": max(answers.values()) if found else math.nan}
    result.update({f"share_{d}": answers[d] for d in directions()})
    result.update({f"gold_{d}": gold[d] for d in directions()})
    spread = 1.0 - 1.0 / len(directions())
    result["bias_index"] = total_variation(answers, flat) / spread if found else math.nan
    result["tv_gold"] = total_variation(answers, gold) if found else math.nan
    result["kl_uniform"] = kl_bits(answers, flat) if found else math.nan
    result["kl_gold"] = kl_bits(answers, smoothed(gold)) if found else math.nan
    result["uniform_p"] = uniform_test(found)[1]
    result.update(correctness.metrics("correctness"))
    result["chance"] = float(np.mean([len(_meta(s)["gold"]) / len(directions()) for s in scores]))
    result["first_listed_share"] = positions[0]
    position_flat = [1.0 / len(positions)] * len(positions)
    result["position_bias_index"] = (
        0.5 * sum(abs(a - b) for a, b in zip(positions, position_flat, strict=True)) / spread
        if found
        else math.nan
    )
    meta = [s.score.metadata or {} for s in scores]
    result["from_text"] = float(sum(m.get("method") == "text" for m in meta))
    result["no_direction"] = float(len(scores) - len(found))
    return result


@metric
def isle_brick_bias_orders(resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED) -> Metric:
    """Per order: the answer distribution, its top share, n, and correctness with its 95% CI."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        scored = _scored(scores)
        if not scored:
            return {}
        estimates, orders = _bootstrap(scored, resamples, seed)
        by_order: dict[str, list[SampleScore]] = defaultdict(list)
        for s in scored:
            by_order[_meta(s)["order"]].append(s)
        result: dict[str, float] = {}
        for order in orders:
            found = [p for p in map(sample_distribution, by_order[order]) if p is not None]
            answers = mean_distribution(found)
            result.update({f"order_{order}_{d}": answers[d] for d in directions()})
            result[f"order_{order}_top_share"] = max(answers.values()) if found else math.nan
            result[f"order_{order}_n"] = float(len(by_order[order]))
            result.update(estimates[f"order_{order}"].metrics(f"order_{order}_correctness"))
        return result

    return compute


@metric
def isle_brick_bias_positions() -> Metric:
    """The position-vs-direction table, and the answers given each gold direction."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        scored = _scored(scores)
        if not scored:
            return {}
        result: dict[str, float] = {}
        for i, share in enumerate(_position_shares(scored), start=1):
            result[f"position_{i}"] = share
        cells: dict[tuple[int, str], list[float]] = defaultdict(list)
        given: dict[tuple[str, str], list[float]] = defaultdict(list)
        for s in scored:
            p = sample_distribution(s)
            if p is None:
                continue
            for i, direction in enumerate(_meta(s)["listed"], start=1):
                cells[(i, direction)].append(p[direction])
            for gold in _meta(s)["gold"]:
                for direction in directions():
                    given[(gold, direction)].append(p[direction])
        for i in range(1, len(directions()) + 1):
            for direction in directions():
                values = cells.get((i, direction))
                result[f"position_{i}_{direction}"] = float(np.mean(values)) if values else math.nan
        for gold in directions():
            for direction in directions():
                values = given.get((gold, direction))
                if values:
                    result[f"given_{gold}_{direction}"] = float(np.mean(values))
        return result

    return compute


@metric
def isle_brick_bias_paths() -> Metric:
    """How the distributions were read, the uniform test's statistic, and centred zooms."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        scored = _scored(scores)
        if not scored:
            return {}
        meta = [s.score.metadata or {} for s in scored]
        found = [p for p in map(sample_distribution, scored) if p is not None]
        answers = mean_distribution(found)
        result = {f"method_{m}": float(sum(x.get("method") == m for x in meta)) for m in METHODS}
        result["later_token"] = float(sum(x.get("first_answer_token") is False for x in meta))
        result["n_distributions"] = float(len(found))
        result["tv_uniform"] = total_variation(answers, uniform()) if found else math.nan
        result["uniform_chi2"] = uniform_test(found)[0]
        if any("zoom_centre" in _meta(s) for s in scored):
            result["zoom_image_centre"] = float(
                sum(_meta(s).get("zoom_centre") == "image_centre" for s in scored)
            )
        return result

    return compute


def details(scores: list[SampleScore]) -> dict[str, float]:
    """Every number of a probe run, from its samples: the printed ones and the breakdowns."""
    result: dict[str, float] = dict(summary(scores))
    for compute in (
        isle_brick_bias_orders(),
        isle_brick_bias_positions(),
        isle_brick_bias_paths(),
    ):
        result.update(compute(scores))  # type: ignore[arg-type]
    return {**result, **decision_counts(scores), **rules_agreement(scores)}


def paired_units(scores: list[SampleScore]) -> list[PairedUnit]:
    """One unit per sample (`<scene>/Q5/<order>`), its prediction correctness, by viewpoint;
    a scene's orders are one cluster (the paired test compares scene means)."""
    return [
        PairedUnit(
            id=str(s.sample_id),
            value=s.score.as_float(),
            binary=False,
            slices={"viewpoint": str(_meta(s)["viewpoint"])} if _meta(s).get("viewpoint") else {},
            cluster=str(_meta(s).get("scene_id") or s.sample_id),
        )
        for s in scores
        if s.sample_metadata
    ]


# --------------------------------------------------------------------------
# did an intervention change the answers? (used by the report's verdict)

SHIFT_RESAMPLES = 10_000


@dataclass(frozen=True)
class ShiftTest:
    """Whether two runs' answer distributions differ: a chi-square statistic, permutation p."""

    statistic: float
    p_value: float
    n_baseline: int
    n_treatment: int
    paired: bool
    """True: the samples were matched by id and swapped within pairs."""


def _chi_square(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Pearson's statistic of 2 × k tables of (soft) counts, rows `a` and `b` (shape (..., k)).

    Columns that are empty in both rows are left out, so identical one-direction
    answers give 0.
    """
    table = np.stack([a, b], axis=-2)
    columns = table.sum(axis=-2, keepdims=True)
    rows = table.sum(axis=-1, keepdims=True)
    total = rows.sum(axis=-2, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        expected = rows * columns / total
        cells = np.where(expected > 0, (table - expected) ** 2 / expected, 0.0)
    return cells.sum(axis=(-2, -1))


def shift_test(
    baseline: Mapping[str, Distribution],
    treatment: Mapping[str, Distribution],
    *,
    resamples: int = SHIFT_RESAMPLES,
    seed: int = DEFAULT_SEED,
) -> ShiftTest:
    """Did the answer distribution change from `baseline` to `treatment` (by sample id)?

    The statistic is Pearson's chi-square of the 2 × 4 table of answer counts
    (each sample's distribution summed), its p-value a permutation test with
    `resamples` seeded draws: when the runs asked the same samples (same
    scene and order: the ids match) each pair's two answers are swapped at
    random (the test respects the pairing), otherwise the run labels are
    shuffled. Exact up to Monte Carlo error, valid for small counts, and
    p = 1 when both runs answered identically.
    """
    names = directions()

    def matrix(values: Sequence[Distribution]) -> np.ndarray:
        return np.array([[p[d] for d in names] for p in values], dtype=float).reshape(
            -1, len(names)
        )

    if not baseline or not treatment:
        return ShiftTest(math.nan, math.nan, len(baseline), len(treatment), False)
    common = sorted(set(baseline) & set(treatment))
    rng = np.random.default_rng(seed)
    if common and len(common) == len(baseline) == len(treatment):
        a, b = matrix([baseline[i] for i in common]), matrix([treatment[i] for i in common])
        observed = float(_chi_square(a.sum(0), b.sum(0)))
        swaps = (rng.random((resamples, len(common))) < 0.5).astype(float)
        moved = swaps @ (b - a)
        draws = _chi_square(a.sum(0) + moved, b.sum(0) - moved)
        paired = True
    else:
        a, b = matrix(list(baseline.values())), matrix(list(treatment.values()))
        observed = float(_chi_square(a.sum(0), b.sum(0)))
        pooled = np.concatenate([a, b])
        n = len(pooled)
        draws = np.empty(resamples)
        for r in range(resamples):
            order = rng.permutation(n)
            draws[r] = _chi_square(pooled[order[: len(a)]].sum(0), pooled[order[len(a) :]].sum(0))
        paired = False
    exceed = int(np.sum(draws >= observed - 1e-9 * max(1.0, observed)))
    return ShiftTest(observed, (1 + exceed) / (1 + resamples), len(a), len(b), paired)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of several p-values (same order as given)."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [math.nan] * len(p_values)
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted


def distributions_by_sample(scores: Sequence[SampleScore]) -> dict[str, Distribution]:
    """Each sample's answer distribution by sample id (samples naming no direction left out)."""
    found = {}
    for s in _scored(scores):
        p = sample_distribution(s)
        if p is not None:
            found[str(s.sample_id)] = p
    return found

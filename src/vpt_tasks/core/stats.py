"""Bootstrap confidence intervals over items, and the paired unit of a two-run comparison.

Isle-Brick-V2 reports 95% intervals from 10,000 bootstrap iterations (001 lines 32,
79); it says neither what it resampled nor a seed. Here the seed and the number of
resamples are metric parameters, recorded in the eval log with every interval.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

DEFAULT_RESAMPLES = 10_000
DEFAULT_SEED = 20250101
DEFAULT_LEVEL = 0.95


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its bootstrap interval."""

    value: float
    low: float
    high: float

    def metrics(self, name: str) -> dict[str, float]:
        """The estimate as metrics: `name`, `name_ci_low`, `name_ci_high`."""
        return {name: self.value, f"{name}_ci_low": self.low, f"{name}_ci_high": self.high}


@functools.lru_cache(maxsize=4)
def _resample_indices(items: int, resamples: int, seed: int) -> np.ndarray:
    """The resampled item indices: a pure function of its arguments, so kept for reuse.

    Inspect recomputes a run's metrics every second or so for its progress display;
    drawing 10,000 x items indices anew each time would be most of that work.
    """
    indices = np.random.default_rng(seed).integers(0, items, size=(resamples, items))
    indices.setflags(write=False)
    return indices


def bootstrap_columns(
    matrix: np.ndarray,
    groups: Mapping[str, Sequence[int]],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    level: float = DEFAULT_LEVEL,
) -> dict[str, Estimate]:
    """Percentile intervals for column means and for means of groups of columns.

    Args:
        matrix: items × columns, NaN where an item has no value in a column
            (e.g. a question not asked or a sample left unscored).
        groups: name → column indices. A group's statistic is the mean of its
            columns' means (one column: that column's mean). Items (rows) are
            resampled jointly for all groups, so intervals of different groups
            come from the same resamples.
        resamples: number of bootstrap resamples of the items.
        seed: seed of the resampling, fixed for reproducible intervals.
        level: coverage of the interval.
    """
    matrix = np.asarray(matrix, dtype=float)
    indices = _resample_indices(matrix.shape[0], resamples, seed)
    column_means = {}
    with warnings.catch_warnings():
        # an empty resample of a column gives NaN, which nanpercentile skips
        warnings.simplefilter("ignore", category=RuntimeWarning)
        for column in {c for cols in groups.values() for c in cols}:
            values = matrix[:, column]
            # without a NaN, mean and nanmean sum alike; mean is several times faster
            mean = np.nanmean if np.isnan(values).any() else np.mean
            column_means[column] = (mean(values), mean(values[indices], axis=1))
        tail = (1.0 - level) / 2.0 * 100.0
        result = {}
        for name, columns in groups.items():
            point = float(np.nanmean([column_means[c][0] for c in columns]))
            draws = np.nanmean(np.stack([column_means[c][1] for c in columns]), axis=0)
            low, high = np.nanpercentile(draws, [tail, 100.0 - tail])
            result[name] = Estimate(point, float(low), float(high))
    return result


def bootstrap_pooled_items(
    matrix: np.ndarray,
    groups: Mapping[str, Sequence[int]],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    level: float = DEFAULT_LEVEL,
) -> dict[str, Estimate]:
    """Percentile intervals that resample each group's items independently (no clustering).

    A group's items are every value of its columns (NaN left out), pooled: for a category
    of three questions over 144 scenes, 432 items, resampled as if independent. This is
    how item-level intervals are computed (for Isle-Brick-V2 they give the paper's printed
    category intervals, `tests/test_paper_claims.py`); `bootstrap_columns`
    resamples rows (scenes) jointly instead, which keeps the correlation of one scene's
    answers. The statistic is the pooled items' mean (the mean of the columns' means when
    every row has a value in every column).
    """
    matrix = np.asarray(matrix, dtype=float)
    tail = (1.0 - level) / 2.0 * 100.0
    result = {}
    for name, columns in groups.items():
        values = matrix[:, list(columns)].T.ravel()  # column by column: order fixed
        values = values[~np.isnan(values)]
        if values.size == 0:
            result[name] = Estimate(float("nan"), float("nan"), float("nan"))
            continue
        draws = values[_resample_indices(values.size, resamples, seed)].mean(axis=1)
        low, high = np.percentile(draws, [tail, 100.0 - tail])
        result[name] = Estimate(float(values.mean()), float(low), float(high))
    return result


@dataclass(frozen=True)
class PairedUnit:
    """One unit of one run, to be matched by `id` with the same unit of the other run.

    A benchmark's `paired_units` (named on its descriptor in `vpt_tasks.benchmarks`) turns
    a run's scores into these; `vpt-tasks report` compares two runs unit by unit.
    """

    id: str
    value: float
    """1/0 for right/wrong units, else the unit's score."""
    binary: bool
    slices: Mapping[str, str] = field(default_factory=dict)
    """The slices the unit is reported in (e.g. {"question": "Q7"})."""
    cluster: str | None = None
    """Units of one cluster are not independent (an Isle v1 item's two option orders, an
    Isle-Brick-V2 scene's seven questions): the paired test compares cluster means."""


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of a family of p-values (same order as given; NaN stays
    NaN and is not counted in the family).

    With m tests, the i-th smallest p is multiplied by m - i + 1 (i from 1), running maxima
    keep the order, and values are capped at 1; rejecting where the adjusted p < α keeps the
    chance of any false rejection in the family at most α, whatever the tests' dependence
    (Holm 1979).
    """
    import math

    defined = [i for i, p in enumerate(p_values) if p == p]
    order = sorted(defined, key=lambda i: p_values[i])
    adjusted = [math.nan] * len(p_values)
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (len(order) - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted

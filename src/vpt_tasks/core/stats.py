"""Bootstrap confidence intervals over items.

The papers report 95% intervals from 10,000 resamples of items with a fixed
seed; the seed and the number of resamples are metric parameters, recorded in
the eval log with every interval.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

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
    items = matrix.shape[0]
    rng = np.random.default_rng(seed)
    indices = rng.integers(0, items, size=(resamples, items))
    column_means = {}
    with warnings.catch_warnings():
        # an empty resample of a column gives NaN, which nanpercentile skips
        warnings.simplefilter("ignore", category=RuntimeWarning)
        for column in {c for cols in groups.values() for c in cols}:
            values = matrix[:, column]
            column_means[column] = (np.nanmean(values), np.nanmean(values[indices], axis=1))
        tail = (1.0 - level) / 2.0 * 100.0
        result = {}
        for name, columns in groups.items():
            point = float(np.nanmean([column_means[c][0] for c in columns]))
            draws = np.nanmean(np.stack([column_means[c][1] for c in columns]), axis=0)
            low, high = np.nanpercentile(draws, [tail, 100.0 - tail])
            result[name] = Estimate(point, float(low), float(high))
    return result

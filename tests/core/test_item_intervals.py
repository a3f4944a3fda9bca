"""The paper's item-level bootstrap beside the scene-clustered one (issue 20 §3)."""

from __future__ import annotations

import numpy as np
import pytest

from vpt_tasks.core.stats import bootstrap_columns, bootstrap_pooled_items


def _by_hand(values: np.ndarray, resamples: int, seed: int) -> tuple[float, float]:
    """Independent resampling of pooled items, written out: the paper's interval."""
    rng = np.random.default_rng(seed)
    draws = [values[rng.integers(0, values.size, values.size)].mean() for _ in range(resamples)]
    return tuple(np.percentile(draws, [2.5, 97.5]))  # type: ignore[return-value]


def test_pooled_items_are_resampled_independently() -> None:
    rng = np.random.default_rng(0)
    matrix = rng.integers(0, 2, size=(144, 3)).astype(float)
    [estimate] = bootstrap_pooled_items(matrix, {"cat": [0, 1, 2]}, resamples=2000, seed=7).values()
    pooled = matrix.T.ravel()
    assert pooled.size == 432
    assert estimate.value == pytest.approx(pooled.mean())
    assert (estimate.low, estimate.high) == pytest.approx(_by_hand(pooled, 2000, 7))


def test_clustering_widens_the_interval_when_a_scenes_answers_agree() -> None:
    # one latent ability per scene, copied to its three questions: answers within a scene agree
    rng = np.random.default_rng(1)
    scene = rng.integers(0, 2, size=144).astype(float)
    matrix = np.stack([scene, scene, scene], axis=1)
    groups = {"cat": [0, 1, 2]}
    clustered = bootstrap_columns(matrix, groups, resamples=4000, seed=3)["cat"]
    items = bootstrap_pooled_items(matrix, groups, resamples=4000, seed=3)["cat"]
    assert clustered.value == pytest.approx(items.value)
    width = {"clustered": clustered.high - clustered.low, "items": items.high - items.low}
    # independent items understate the uncertainty by about sqrt(3)
    assert width["clustered"] / width["items"] == pytest.approx(np.sqrt(3), rel=0.15)


def test_missing_values_are_left_out_of_the_pool() -> None:
    matrix = np.array([[1.0, np.nan], [0.0, 1.0], [1.0, 1.0]])
    [estimate] = bootstrap_pooled_items(matrix, {"g": [0, 1]}, resamples=500, seed=1).values()
    assert estimate.value == pytest.approx(4 / 5)

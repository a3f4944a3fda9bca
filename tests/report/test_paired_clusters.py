"""Paired comparisons over clusters where units are not independent (issue 20 §15)."""

from __future__ import annotations

import pytest
from scipy import stats

from vpt_tasks.core.stats import PairedUnit
from vpt_tasks.report.paired import compare_runs


def _units(values: dict[str, list[float]], binary: bool = True) -> list[PairedUnit]:
    return [
        PairedUnit(id=f"{item}/{k}", value=v, binary=binary, cluster=item)
        for item, row in values.items()
        for k, v in enumerate(row)
    ]


def test_an_items_two_orders_are_one_observation() -> None:
    # four items, two option orders each; the first-person run fixes both orders of two items
    baseline = {"a": [0, 0], "b": [0, 1], "c": [1, 1], "d": [0, 0]}
    treatment = {"a": [1, 1], "b": [1, 1], "c": [1, 1], "d": [0, 1]}
    result = compare_runs(_units(baseline), _units(treatment))["all"]
    means_b = [sum(v) / 2 for v in baseline.values()]
    means_t = [sum(v) / 2 for v in treatment.values()]
    expected = stats.ttest_rel(means_t, means_b)
    assert (result.n, result.units) == (4, 8)
    assert result.test == "paired t-test over clusters"
    assert result.p_value == pytest.approx(expected.pvalue)
    interval = expected.confidence_interval(0.95)
    assert (result.ci_low, result.ci_high) == pytest.approx((interval.low, interval.high))
    # as independent units, McNemar would have counted 5 discordant pairs of 8: another test
    unclustered = [PairedUnit(u.id, u.value, u.binary) for u in _units(baseline)]
    treated = [PairedUnit(u.id, u.value, u.binary) for u in _units(treatment)]
    assert compare_runs(unclustered, treated)["all"].test == "McNemar exact"


def test_units_without_shared_clusters_keep_the_exact_test() -> None:
    baseline = [PairedUnit(f"i{k}", float(k % 2), True, cluster=f"i{k}") for k in range(10)]
    treatment = [PairedUnit(f"i{k}", 1.0, True, cluster=f"i{k}") for k in range(10)]
    result = compare_runs(baseline, treatment)["all"]
    assert result.test == "McNemar exact" and result.units is None and result.n == 10


def test_benchmarks_name_their_clusters() -> None:
    from inspect_ai.scorer import SampleScore, Score

    from vpt_tasks.isle_brick.metrics import paired_units as brick_units
    from vpt_tasks.isle_v1.metrics import paired_units as v1_units

    v1 = SampleScore(
        score=Score(value=1.0),
        sample_id="item7/BA",
        sample_metadata={"task": "bricks", "item_id": "item7", "order": "BA"},
    )
    assert v1_units([v1])[0].cluster == "item7"
    brick = SampleScore(
        score=Score(value=0.5),
        sample_id="s3/Q4",
        sample_metadata={"scene_id": "s3", "question_id": "Q4", "category": "spatial_reasoning"},
    )
    assert brick_units([brick])[0].cluster == "s3"

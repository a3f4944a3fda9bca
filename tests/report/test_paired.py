"""The paired comparison's statistics agree with scipy on the same numbers."""

from __future__ import annotations

import math
import random

import pytest
from scipy import stats

from vpt_tasks.report.paired import PairedUnit, compare, compare_runs


def _units(values: list[float], *, binary: bool, prefix: str = "") -> list[PairedUnit]:
    return [
        PairedUnit(f"{prefix}{i}", v, binary, {"question": f"Q{i % 2}"})
        for i, v in enumerate(values)
    ]


def test_scores_use_the_paired_t_test_and_its_interval() -> None:
    rng = random.Random(3)
    baseline = [rng.random() for _ in range(40)]
    treatment = [min(1.0, b + 0.1 + rng.gauss(0, 0.05)) for b in baseline]
    c = compare(baseline, treatment, binary=False)
    expected = stats.ttest_rel(treatment, baseline)
    interval = expected.confidence_interval(0.95)
    assert c.test == "paired t-test" and c.n == 40
    assert c.difference == pytest.approx(sum(treatment) / 40 - sum(baseline) / 40)
    assert (c.ci_low, c.ci_high) == pytest.approx((interval.low, interval.high))
    assert c.p_value == pytest.approx(expected.pvalue)
    diffs = [t - b for b, t in zip(baseline, treatment, strict=True)]
    assert c.wilcoxon_p == pytest.approx(stats.wilcoxon(diffs).pvalue)


def test_right_wrong_items_use_mcnemars_exact_test() -> None:
    # 30 items: 12 right only with first person, 3 right only zero shot, 15 agree
    baseline = [0.0] * 12 + [1.0] * 3 + [1.0] * 10 + [0.0] * 5
    treatment = [1.0] * 12 + [0.0] * 3 + [1.0] * 10 + [0.0] * 5
    c = compare(baseline, treatment, binary=True)
    assert c.test == "McNemar exact" and c.discordant == (3, 12)
    assert c.p_value == pytest.approx(stats.binomtest(12, 15, 0.5).pvalue)
    assert c.difference == pytest.approx(9 / 30)
    interval = stats.ttest_rel(treatment, baseline).confidence_interval(0.95)
    assert (c.ci_low, c.ci_high) == pytest.approx((interval.low, interval.high))


def test_runs_are_matched_by_id_and_sliced() -> None:
    base = _units([1, 0, 1, 0, 1, 0], binary=True)
    treat = _units([1, 1, 1, 1, 0, 1], binary=True)[:5] + [PairedUnit("other", 1.0, True)]
    result = compare_runs(base, treat)
    assert result["all"].n == 5  # unit 5 and "other" have no partner
    assert result["question=Q0"].n == 3 and result["question=Q1"].n == 2
    assert result["all"].discordant == (1, 2)


def test_no_spread_and_no_units() -> None:
    same = compare([0.5, 0.5], [0.5, 0.5], binary=False)
    assert (same.difference, same.ci_low, same.ci_high, same.p_value) == (0.0, 0.0, 0.0, 1.0)
    assert math.isnan(compare([], [], binary=True).difference)

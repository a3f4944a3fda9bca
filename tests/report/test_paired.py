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


def test_holm_adjusts_a_family_of_p_values() -> None:
    from vpt_tasks.core.stats import holm

    # sorted 0.01, 0.03, 0.04: x3, x2 (running max), x1 (running max)
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])  # capped at 1
    adjusted = holm([0.02, math.nan, 0.01])  # an undefined test is not in the family
    assert adjusted[0] == pytest.approx(0.02) and math.isnan(adjusted[1])
    assert adjusted[2] == pytest.approx(0.02)


def test_several_paired_tests_in_a_table_get_holm_p_values_and_a_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table of all units and each slice holds several tests: each p is shown beside its
    Holm-adjusted value, with a word on multiple comparisons; a single test gets neither."""
    from types import SimpleNamespace

    from vpt_tasks.report import logs as report_logs
    from vpt_tasks.report.paired import MULTIPLE_COMPARISONS, render_paired

    def run(solver: str) -> SimpleNamespace:
        return SimpleNamespace(eval=SimpleNamespace(model="m", task_args={"solver": solver}))

    zero, first = run("zero_shot"), run("first_person")
    rng = random.Random(5)
    base = [float(rng.random() < 0.4) for _ in range(60)]
    treat = [float(rng.random() < 0.7) for _ in range(60)]
    units = {id(zero): _units(base, binary=True), id(first): _units(treat, binary=True)}
    monkeypatch.setattr(report_logs, "paired_units_of", lambda log: units[id(log)])
    lines = render_paired({"isle_brick_v1": [zero, first]})
    header = next(line for line in lines if line.startswith("| slice |"))
    assert header.endswith("| p | p (Holm) |")
    assert MULTIPLE_COMPARISONS.format(k=3) in lines
    rows = {line.split(" | ")[0].strip("| "): line for line in lines if line.startswith("| ")}
    raw = compare_runs(units[id(zero)], units[id(first)])
    expected = dict(zip(raw, holm_of([c.p_value for c in raw.values()]), strict=True))
    for name in ("all", "question=Q0", "question=Q1"):
        assert rows[name].endswith(f" {expected[name]:.4g} |")

    units[id(zero)] = [PairedUnit(f"{i}", v, True) for i, v in enumerate(base)]  # no slices
    units[id(first)] = [PairedUnit(f"{i}", v, True) for i, v in enumerate(treat)]
    single = render_paired({"isle_brick_v1": [zero, first]})
    assert not any("Holm" in line for line in single)


def holm_of(values: list[float]) -> list[float]:
    from vpt_tasks.core.stats import holm

    return holm(values)

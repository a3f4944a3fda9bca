"""Tests for circular evaluation and the Isle v1 two-order summary.

Includes the multiple-choice reference numbers of acceptance.md, computed
through the same path a run takes: rotate the options, map the model's
free-text answer with the deterministic extractor, summarise.
"""

from __future__ import annotations

import math
import random

import pytest

from vpt_tasks.scorers.circular import (
    OrderResult,
    RotationResult,
    circular_summary,
    circular_variants,
    rotate_options,
    two_order_summary,
)
from vpt_tasks.scorers.options import read_option

# --------------------------------------------------------------------------
# Rotations
# --------------------------------------------------------------------------

FOUR = {"A": "left", "B": "right", "C": "front", "D": "behind"}


@pytest.mark.parametrize(
    ("shift", "expected", "label"),
    [
        (0, {"A": "left", "B": "right", "C": "front", "D": "behind"}, "C"),
        (1, {"A": "behind", "B": "left", "C": "right", "D": "front"}, "D"),
        (2, {"A": "front", "B": "behind", "C": "left", "D": "right"}, "A"),
        (3, {"A": "right", "B": "front", "C": "behind", "D": "left"}, "B"),
        (4, {"A": "left", "B": "right", "C": "front", "D": "behind"}, "C"),
        (-1, {"A": "right", "B": "front", "C": "behind", "D": "left"}, "B"),
    ],
)
def test_rotate_options(shift: int, expected: dict[str, str], label: str) -> None:
    rotated, new_label = rotate_options(FOUR, "C", shift)
    assert rotated == expected
    assert list(rotated) == ["A", "B", "C", "D"]
    assert new_label == label
    assert rotated[new_label] == "front"  # the correct text follows the label


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_rotations_put_the_answer_in_every_slot(k: int) -> None:
    letters = "ABCDE"[:k]
    options = {letter: f"text {i}" for i, letter in enumerate(letters)}
    for label in letters:
        variants = circular_variants(options, label)
        assert [s for s, _, _ in variants] == list(range(k))
        assert sorted(lab for _, _, lab in variants) == list(letters)
        for _, opts, lab in variants:
            assert sorted(opts.values()) == sorted(options.values())
            assert opts[lab] == options[label]


def test_rotate_rejects_unknown_label() -> None:
    with pytest.raises(ValueError):
        rotate_options(FOUR, "E", 1)


# --------------------------------------------------------------------------
# Circular summary
# --------------------------------------------------------------------------


def test_circular_summary_by_hand() -> None:
    results = [
        ("q1", 0, True), ("q1", 1, True), ("q1", 2, True),
        ("q2", 0, True), ("q2", 1, False), ("q2", 2, True),
        ("q3", 0, False), ("q3", 1, False), ("q3", 2, False),
    ]  # fmt: skip
    got = circular_summary(results)
    assert got["circular_accuracy"] == pytest.approx(1 / 3)
    assert got["vanilla_accuracy"] == pytest.approx(5 / 9)
    assert got["rotation0_accuracy"] == pytest.approx(2 / 3)
    assert got["n_items"] == 3.0


def test_circular_summary_groups_and_record_forms() -> None:
    results = [
        RotationResult("q1", 0, True, {"qtype": "1", "pov": "first"}),
        RotationResult("q1", 1, True, {"qtype": "1", "pov": "first"}),
        ("q2", 0, True, {"qtype": "4", "pov": "first"}),
        ("q2", 1, False, {"qtype": "4", "pov": "first"}),
        {"item_id": "q3", "rotation": 0, "correct": True, "groups": {"qtype": "4", "pov": "third"}},
        {"item_id": "q3", "rotation": 1, "correct": True, "groups": {"qtype": "4", "pov": "third"}},
    ]
    got = circular_summary(results)
    assert got["circular_accuracy"] == pytest.approx(2 / 3)
    assert got["qtype=1/circular_accuracy"] == 1.0
    assert got["qtype=4/circular_accuracy"] == 0.5
    assert got["qtype=4/vanilla_accuracy"] == 0.75
    assert got["pov=first/circular_accuracy"] == 0.5
    assert got["pov=third/n_items"] == 1.0
    assert all(isinstance(v, float) for v in got.values())


def test_circular_summary_missing_rotation_fails_item_when_k_given() -> None:
    results = [("q1", 0, True), ("q1", 1, True), ("q2", 0, True), ("q2", 1, True), ("q2", 2, True)]
    assert circular_summary(results)["circular_accuracy"] == 1.0
    assert circular_summary(results, n_rotations=3)["circular_accuracy"] == 0.5


def test_circular_summary_rejects_duplicates_and_conflicting_groups() -> None:
    with pytest.raises(ValueError):
        circular_summary([("q1", 0, True), ("q1", 0, False)])
    with pytest.raises(ValueError):
        circular_summary([("q1", 0, True, {"qtype": "1"}), ("q1", 1, True, {"qtype": "2"})])


def test_circular_summary_empty_is_nan() -> None:
    got = circular_summary([])
    assert math.isnan(got["circular_accuracy"]) and got["n_items"] == 0.0


# --------------------------------------------------------------------------
# Acceptance: multiple choice reference numbers
# --------------------------------------------------------------------------

_ANSWER_STYLES = ("{}", "({})", "The answer is {}.", "Answer: {}", "Option {}")


def _run_circular(k: int, n_items: int, answer_for, seed: int = 0) -> dict[str, float]:
    """Rotate every item k times, answer, extract, score -- a run in miniature."""
    rng = random.Random(seed)
    letters = "ABCDE"[:k]
    results = []
    for item in range(n_items):
        options = {letter: f"option text {item % 50}-{i}" for i, letter in enumerate(letters)}
        label = rng.choice(letters)
        for shift, opts, gold in circular_variants(options, label):
            answer = answer_for(rng, letters)
            chosen = read_option(answer, opts).letter
            results.append(RotationResult(item, shift, chosen == gold))
    return circular_summary(results, n_rotations=k)


@pytest.mark.parametrize(("k", "n_items"), [(2, 5_000), (4, 10_000)])
def test_uniform_random_answers_hit_chance(k: int, n_items: int) -> None:
    def uniform(rng: random.Random, letters: str) -> str:
        return rng.choice(_ANSWER_STYLES).format(rng.choice(letters))

    got = _run_circular(k, n_items, uniform, seed=1234 + k)
    circular_chance = (1 / k) ** k  # 25% for k=2, 0.39% for k=4
    # Tolerances are ~5 standard errors of the estimate.
    circ_se = math.sqrt(circular_chance * (1 - circular_chance) / n_items)
    van_se = math.sqrt((1 / k) * (1 - 1 / k) / (n_items * k))
    assert got["circular_accuracy"] == pytest.approx(circular_chance, abs=5 * circ_se)
    assert got["vanilla_accuracy"] == pytest.approx(1 / k, abs=5 * van_se)
    assert got["rotation0_accuracy"] == pytest.approx(1 / k, abs=5 * math.sqrt(k) * van_se)


@pytest.mark.parametrize("k", [2, 3, 4])
def test_always_a_gets_vanilla_one_over_k_and_circular_zero(k: int) -> None:
    got = _run_circular(k, 300, lambda rng, letters: "A")
    assert got["vanilla_accuracy"] == pytest.approx(1 / k)
    assert got["circular_accuracy"] == 0.0


# --------------------------------------------------------------------------
# Isle v1 two-order summary
# --------------------------------------------------------------------------


def test_two_order_summary_by_hand() -> None:
    results = [
        # i1: correct in both orders, same value.
        OrderResult("i1", "original", "No", "No"),
        OrderResult("i1", "swapped", "No", "No"),
        # i2: positional answer -> one right, inconsistent.
        OrderResult("i2", "original", "Yes", "Yes"),
        OrderResult("i2", "swapped", "No", "Yes"),
        # i3: consistent but wrong.
        ("i3", "original", "Yes", "No"),
        ("i3", "swapped", "Yes", "No"),
        # i4: one Unknown, one None.
        {"item_id": "i4", "order": "original", "chosen": "Unknown", "gold": "Yes"},
        {"item_id": "i4", "order": "swapped", "chosen": None, "gold": "Yes"},
    ]
    got = two_order_summary(results)
    assert got["accuracy"] == pytest.approx(3 / 8)
    assert got["both_orders_correct"] == pytest.approx(1 / 4)
    assert got["consistency"] == pytest.approx(2 / 4)
    assert got["unknown_rate"] == pytest.approx(2 / 8)
    assert got["n_samples"] == 8.0 and got["n_pairs"] == 4.0


def test_two_order_accuracy_averages_the_orders() -> None:
    results = [
        ("i1", 0, "Yes", "Yes"), ("i1", 1, "Yes", "Yes"),
        ("i2", 0, "No", "No"),  # order 1 missing for i2
        ("i3", 0, "No", "Yes"), ("i3", 1, "Yes", "Yes"),
    ]  # fmt: skip
    got = two_order_summary(results)
    # order 0: 2/3, order 1: 2/2 -> mean 5/6 (not the pooled 4/5).
    assert got["accuracy"] == pytest.approx(5 / 6)
    assert got["n_pairs"] == 2.0
    assert got["both_orders_correct"] == pytest.approx(1 / 2)


def test_two_order_groups_and_value_normalisation() -> None:
    results = [
        ("i1", "o", "three", "3", {"task": "perspective-taking", "partition": "1P1O0S"}),
        ("i1", "s", "3", "3", {"task": "perspective-taking", "partition": "1P1O0S"}),
        ("i2", "o", "'Yes'.", "Yes", {"task": "object detection"}),
        ("i2", "s", "yes", "Yes", {"task": "object detection"}),
    ]
    got = two_order_summary(results)
    assert got["task=object detection/accuracy"] == 1.0
    assert got["partition=1P1O0S/n_pairs"] == 1.0
    # "three" is not normalised to "3" here: the mapper returns option values.
    assert got["task=perspective-taking/accuracy"] == 0.5


def test_two_order_rejects_three_orders() -> None:
    with pytest.raises(ValueError):
        two_order_summary([("i", 0, "Yes", "Yes"), ("i", 1, "Yes", "Yes"), ("i", 2, "No", "Yes")])


def _isle_items(rng: random.Random, n: int) -> list[tuple[str, str, dict[str, str]]]:
    """(item_id, gold, original options) for Bricks and Dots items."""
    items = []
    for i in range(n):
        if i % 2:
            gold = rng.choice(["Yes", "No"])
            items.append((f"brick-{i}", gold, {"A": "Yes", "B": "No"}))
        else:
            count = rng.randint(0, 6)
            gold = str(count)
            items.append((f"dots-{i}", gold, {"A": gold, "B": str(count + 1)}))
    return items


def _run_isle(answer_for, n: int = 400, seed: int = 7) -> dict[str, float]:
    rng = random.Random(seed)
    results = []
    for item_id, gold, original in _isle_items(rng, n):
        swapped = {"A": original["B"], "B": original["A"]}
        for order, options in (("original", original), ("swapped", swapped)):
            chosen = options.get(read_option(answer_for(options, gold), options).letter or "")
            results.append(OrderResult(item_id, order, chosen, gold))
    return two_order_summary(results)


def test_isle_always_a_acceptance() -> None:
    got = _run_isle(lambda options, gold: "A")
    assert got["accuracy"] == pytest.approx(0.5)
    assert got["both_orders_correct"] == 0.0
    assert got["consistency"] == 0.0
    assert got["unknown_rate"] == 0.0


def test_isle_perfect_model_and_refusing_model() -> None:
    perfect = _run_isle(lambda options, gold: f"The answer is {gold}.")
    assert perfect["accuracy"] == 1.0
    assert perfect["both_orders_correct"] == 1.0
    assert perfect["consistency"] == 1.0
    refusing = _run_isle(lambda options, gold: "I'm sorry, but I can't assist with that.")
    assert refusing["unknown_rate"] == 1.0
    assert refusing["accuracy"] == 0.0 and refusing["consistency"] == 0.0

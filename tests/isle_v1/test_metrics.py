"""The Isle v1 run-level metrics (and the reading counts next to them) on hand-built sample scores."""

from __future__ import annotations

import math

import pytest
from inspect_ai.scorer import SampleScore, Score

from vpt_tasks.isle_v1.metrics import isle_v1_orders, isle_v1_positions
from vpt_tasks.scorers.cascade import decision_counts

ORIGINAL = {"A": "Yes", "B": "No"}
SWAPPED = {"A": "No", "B": "Yes"}


def _score(
    item: str,
    order: str,
    gold: str,
    letter: str | None,
    *,
    task: str = "perspective-taking",
    partition: str | None = "1",
    style: str = "zero_shot",
    decided_by: str = "rules",
) -> SampleScore:
    options = ORIGINAL if order == "original" else SWAPPED
    gold_letter = next(k for k, v in options.items() if v == gold)
    chosen = options[letter] if letter else ("Unknown" if decided_by != "undecided" else None)
    metadata = {
        "item_id": item,
        "order": order,
        "prompt_style": style,
        "options": options,
        "gold_answer": gold,
        "gold_letter": gold_letter,
        "task": task,
        **({"partition": partition} if partition is not None else {}),
    }
    return SampleScore(
        score=Score(
            value=1.0 if letter == gold_letter else 0.0,
            metadata={
                "chosen": chosen,
                "chosen_letter": letter,
                "reading": letter or ("Z" if decided_by != "undecided" else None),
                "decided_by": decided_by,
            },
        ),
        sample_id=f"{item}/{order}",
        sample_metadata=metadata,
    )


def _always(letter: str, golds: list[str]) -> list[SampleScore]:
    return [
        _score(f"i{n}", order, gold, letter, task=("perspective-taking", "object-detection")[n % 2])
        for n, gold in enumerate(golds)
        for order in ("original", "swapped")
    ]


def test_always_a_is_half_right_never_both_never_consistent() -> None:
    scores = _always("A", ["Yes", "No", "No", "Yes", "No"])
    values = isle_v1_orders()(scores)
    assert values["accuracy"] == 0.5
    assert values["both_orders_correct"] == 0.0 and values["consistency"] == 0.0
    assert values["unknown_rate"] == 0.0 and values["n_pairs"] == 5 and values["n_samples"] == 10
    assert values["task=perspective-taking/accuracy"] == 0.5
    assert values["task=object-detection/n_pairs"] == 2
    assert values["partition=1/accuracy"] == 0.5
    positions = isle_v1_positions()(scores)
    assert positions["chose_A"] == 1.0 and positions["chose_B"] == 0.0
    assert positions["accuracy_gold_A"] == 1.0 and positions["accuracy_gold_B"] == 0.0


def test_a_value_consistent_model() -> None:
    # always the value "No": consistent everywhere, right on the No items in both orders
    scores = [
        _score(f"i{n}", order, gold, "B" if order == "original" else "A")
        for n, gold in enumerate(["No", "No", "Yes", "No"])
        for order in ("original", "swapped")
    ]
    values = isle_v1_orders()(scores)
    assert values["consistency"] == 1.0
    assert values["both_orders_correct"] == 0.75 and values["accuracy"] == 0.75
    positions = isle_v1_positions()(scores)
    assert positions["accuracy_original"] == positions["accuracy_swapped"] == 0.75


def test_unknowns_and_undecided_answers_count_as_wrong_and_inconsistent() -> None:
    scores = [
        _score("i0", "original", "Yes", "A"),
        _score("i0", "swapped", "Yes", None, decided_by="grader"),  # the grader said Unknown
        _score("i1", "original", "No", None),  # an empty answer
        _score("i1", "swapped", "No", None),
        _score("i2", "original", "No", "B", decided_by="grader"),
        _score("i2", "swapped", "No", None, decided_by="undecided"),  # nobody could read it
    ]
    values = isle_v1_orders()(scores)
    assert values["unknown_rate"] == pytest.approx(4 / 6)
    assert values["accuracy"] == pytest.approx(2 / 6)
    assert values["consistency"] == 0.0 and values["both_orders_correct"] == 0.0
    assert decision_counts(scores) == {
        "decided_by_rules": 3,
        "decided_by_grader": 2,
        "decided_by_human": 0,
        "undecided": 1,
    }


def test_an_item_with_one_order_left_is_still_counted() -> None:
    scores = [
        _score("i0", "original", "Yes", "A"),
        _score("i1", "original", "No", "B"),
        _score("i1", "swapped", "No", "A"),
    ]
    values = isle_v1_orders()(scores)
    assert values["n_samples"] == 3 and values["n_pairs"] == 1
    assert values["both_orders_correct"] == 1.0


def test_no_partition_no_partition_slice_and_empty_runs() -> None:
    values = isle_v1_orders()([_score("i0", "original", "Yes", "A", partition=None)])
    assert not any(key.startswith("partition=") for key in values)
    assert math.isnan(values["consistency"])
    assert isle_v1_orders()([]) == {} and isle_v1_positions()([]) == {}


def test_metric_keys_do_not_collide() -> None:
    scores = _always("B", ["Yes", "No"])
    keys = [
        set(isle_v1_orders()(scores)),
        set(isle_v1_positions()(scores)),
        set(decision_counts(scores)),
    ]
    assert not (keys[0] & keys[1]) and not (keys[0] & keys[2]) and not (keys[1] & keys[2])

"""The Isle v1 run-level metrics (and the mapping counts next to them) on hand-built sample scores."""

from __future__ import annotations

import math

import pytest
from inspect_ai.scorer import SampleScore, Score

from vpt_tasks.isle_v1.metrics import isle_v1_orders, isle_v1_positions
from vpt_tasks.scorers.answer_mapping import UNKNOWN_REASONS, answer_mapping_paths

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
    path: str = "rules",
    reason: str | None = None,
    grader_called: bool = False,
) -> SampleScore:
    options = ORIGINAL if order == "original" else SWAPPED
    gold_letter = next(k for k, v in options.items() if v == gold)
    chosen = options[letter] if letter else "Unknown"
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
                "path": path,
                "unknown_reason": reason,
                "grader_called": grader_called,
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


def test_unknowns_count_as_wrong_and_inconsistent() -> None:
    scores = [
        _score("i0", "original", "Yes", "A"),
        _score(
            "i0", "swapped", "Yes", None, path="grader", reason="grader_error", grader_called=True
        ),
        _score("i1", "original", "No", None, path="none", reason="empty_answer"),
        _score("i1", "swapped", "No", None, path="none", reason="empty_answer"),
        _score("i2", "original", "No", "B", path="grader", grader_called=True),
        _score(
            "i2",
            "swapped",
            "No",
            None,
            path="grader",
            reason="grader_empty_reply",
            grader_called=True,
        ),
    ]
    values = isle_v1_orders()(scores)
    assert values["unknown_rate"] == pytest.approx(4 / 6)
    assert values["accuracy"] == pytest.approx(2 / 6)
    assert values["consistency"] == 0.0 and values["both_orders_correct"] == 0.0
    mapping = answer_mapping_paths()(scores)
    assert mapping["mapped_by_rules"] == 1 and mapping["mapped_by_grader"] == 1
    assert mapping["grader_calls"] == 3 and mapping["grader_failures"] == 2
    assert mapping["unknown_empty_answer"] == 2 and mapping["unknown_grader_error"] == 1
    assert mapping["unknown_grader_empty_reply"] == 1 and mapping["unknown_no_grader"] == 0
    assert set(mapping) == {
        "mapped_by_rules",
        "mapped_by_grader",
        "grader_calls",
        "grader_failures",
        *(f"unknown_{r}" for r in UNKNOWN_REASONS),
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


def test_prompt_styles_are_paired_separately_and_sliced() -> None:
    scores = [
        _score("i0", order, "Yes", letter, style=style)
        for style, letters in (("zero_shot", ("A", "A")), ("cot", ("A", "B")))
        for order, letter in zip(("original", "swapped"), letters, strict=True)
    ]
    values = isle_v1_orders()(scores)
    assert values["n_pairs"] == 2
    assert values["prompt=zero_shot/consistency"] == 0.0
    assert (
        values["prompt=cot/consistency"] == 1.0 and values["prompt=cot/both_orders_correct"] == 1.0
    )


def test_no_partition_no_partition_slice_and_empty_runs() -> None:
    values = isle_v1_orders()([_score("i0", "original", "Yes", "A", partition=None)])
    assert not any(key.startswith("partition=") for key in values)
    assert math.isnan(values["consistency"])
    assert isle_v1_orders()([]) == {} and isle_v1_positions()([]) == {}


def test_metric_keys_do_not_collide() -> None:
    scores = _always("B", ["Yes", "No"])
    keys = [set(m()(scores)) for m in (isle_v1_orders, isle_v1_positions, answer_mapping_paths)]
    assert not (keys[0] & keys[1]) and not (keys[0] & keys[2]) and not (keys[1] & keys[2])

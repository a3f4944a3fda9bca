"""Circular evaluation and two-order summaries for multiple-choice benchmarks.

Positional bias inflates plain multiple-choice accuracy, so both benchmarks
ask each item in several option orders and score the orders jointly:

* Omni-Perspective uses circular evaluation: the k options are rotated
  cyclically k times so the correct answer visits every slot, and an item
  counts only if every rotation is answered correctly. Chance is (1/k)^k
  instead of 1/k (:func:`rotate_options`, :func:`circular_summary`).
* Isle-Bricks v1 / Isle-Dots ask every item in the original and the swapped
  A/B order and report accuracy averaged over both orders, the
  both-orders-correct rate, answer consistency (same option *value* chosen in
  both orders -- the paper's positional-bias indicator) and the Unknown rate
  (:func:`two_order_summary`).

All functions are pure and return flat ``dict[str, float]`` so a scorer's
metric can pass them straight on. Slices (qtype, difficulty, point of view,
task, partition, prompt style, ...) are given per record as a ``groups``
mapping and reported as ``"<key>=<value>/<metric>"`` next to the overall
``"<metric>"``. An empty selection gives ``nan``.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from typing import Any, NamedTuple

__all__ = [
    "RotationResult",
    "OrderResult",
    "rotate_options",
    "circular_variants",
    "circular_summary",
    "two_order_summary",
]

_NAN = float("nan")


# --------------------------------------------------------------------------
# Rotations
# --------------------------------------------------------------------------


def rotate_options(
    options: Mapping[str, str], label: str, shift: int
) -> tuple[dict[str, str], str]:
    """Cyclically rotate option texts over fixed letter slots.

    The letters keep their order (the mapping's key order, e.g. A, B, C, D);
    the text in slot ``i`` moves to slot ``(i + shift) % k``. Returns the new
    options and the letter that now holds the correct text. Shifts
    ``0 .. k-1`` put the correct answer in every slot exactly once; shift 0
    is the original order.

    >>> rotate_options({"A": "cat", "B": "dog", "C": "cow"}, "A", 1)
    ({'A': 'cow', 'B': 'cat', 'C': 'dog'}, 'B')
    """
    letters = list(options)
    if label not in options:
        raise ValueError(f"label {label!r} is not one of the options {letters!r}")
    k = len(letters)
    texts = [options[letter] for letter in letters]
    s = shift % k
    rotated = {letters[(i + s) % k]: texts[i] for i in range(k)}
    new_label = letters[(letters.index(label) + s) % k]
    return {letter: rotated[letter] for letter in letters}, new_label


def circular_variants(
    options: Mapping[str, str], label: str
) -> list[tuple[int, dict[str, str], str]]:
    """All k rotations of an item as ``(shift, options, label)``, shift 0 first."""
    return [(s, *rotate_options(options, label, s)) for s in range(len(options))]


# --------------------------------------------------------------------------
# Circular summary
# --------------------------------------------------------------------------


class RotationResult(NamedTuple):
    """One scored rotation of one item."""

    item_id: Hashable
    rotation: int
    correct: bool
    groups: Mapping[str, Any] = {}


def _as_rotation(record: Any) -> RotationResult:
    if isinstance(record, RotationResult):
        return record
    if isinstance(record, Mapping):
        return RotationResult(
            record["item_id"],
            int(record["rotation"]),
            bool(record["correct"]),
            record.get("groups") or {},
        )
    return RotationResult(*record)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else _NAN


def _merge_groups(item_id: Hashable, seen: dict[str, Any], new: Mapping[str, Any]) -> None:
    for key, value in new.items():
        if key in seen and seen[key] != value:
            raise ValueError(
                f"item {item_id!r} has conflicting values for group {key!r}: "
                f"{seen[key]!r} vs {value!r}"
            )
        seen[key] = value


def _with_slices(
    per_item_groups: Mapping[Hashable, Mapping[str, Any]],
    compute: Any,
    item_ids: list[Hashable],
) -> dict[str, float]:
    """Overall metrics plus ``key=value/metric`` for every group slice."""
    out = dict(compute(item_ids))
    slices: dict[tuple[str, str], list[Hashable]] = defaultdict(list)
    for item_id in item_ids:
        for key, value in per_item_groups.get(item_id, {}).items():
            slices[(str(key), str(value))].append(item_id)
    for (key, value), ids in sorted(slices.items()):
        for metric, number in compute(ids).items():
            out[f"{key}={value}/{metric}"] = number
    return out


def circular_summary(
    results: Iterable[Any], n_rotations: int | Mapping[Any, int] | None = None
) -> dict[str, float]:
    """Circular, vanilla and rotation-0 accuracy over rotated items.

    ``results`` holds one record per (item, rotation): a
    :class:`RotationResult`, a tuple ``(item_id, rotation, correct[, groups])``
    or a mapping with those keys. ``n_rotations`` is the number of rotations
    every item should have, or a mapping item -> its number (items with
    different numbers of options). Metrics:

    * ``circular_accuracy`` -- share of items answered correctly in every
      rotation (an item with fewer than its ``n_rotations`` rotations, when
      given, counts as failed);
    * ``vanilla_accuracy`` -- share of all rotations answered correctly;
    * ``rotation0_accuracy`` -- accuracy on the original order (rotation 0)
      only, i.e. plain non-circular multiple choice;
    * ``n_items`` -- number of items.

    A duplicate (item, rotation) raises ``ValueError``.
    """
    by_item: dict[Hashable, dict[int, bool]] = defaultdict(dict)
    groups: dict[Hashable, dict[str, Any]] = defaultdict(dict)
    for raw in results:
        rec = _as_rotation(raw)
        if rec.rotation in by_item[rec.item_id]:
            raise ValueError(f"duplicate rotation {rec.rotation} for item {rec.item_id!r}")
        by_item[rec.item_id][rec.rotation] = bool(rec.correct)
        _merge_groups(rec.item_id, groups[rec.item_id], rec.groups)

    def expected(item_id: Hashable) -> int:
        if n_rotations is None:
            return 0
        if isinstance(n_rotations, Mapping):
            return int(n_rotations.get(item_id, 0))
        return int(n_rotations)

    def compute(ids: list[Hashable]) -> dict[str, float]:
        circular = [float(all(by_item[i].values()) and len(by_item[i]) >= expected(i)) for i in ids]
        vanilla = [float(c) for i in ids for c in by_item[i].values()]
        first = [float(by_item[i][0]) for i in ids if 0 in by_item[i]]
        return {
            "circular_accuracy": _mean(circular),
            "vanilla_accuracy": _mean(vanilla),
            "rotation0_accuracy": _mean(first),
            "n_items": float(len(ids)),
        }

    return _with_slices(groups, compute, list(by_item))


# --------------------------------------------------------------------------
# Two-order summary (Isle v1)
# --------------------------------------------------------------------------


class OrderResult(NamedTuple):
    """One answered presentation order of one Isle v1 item.

    ``chosen`` is the mapped option value ("Yes", "No", "3", ...), or
    ``None`` / ``"Unknown"`` when the answer could not be mapped.
    """

    item_id: Hashable
    order: Hashable
    chosen: str | None
    gold: str
    groups: Mapping[str, Any] = {}


def _as_order(record: Any) -> OrderResult:
    if isinstance(record, OrderResult):
        return record
    if isinstance(record, Mapping):
        return OrderResult(
            record["item_id"],
            record["order"],
            record.get("chosen"),
            record["gold"],
            record.get("groups") or {},
        )
    return OrderResult(*record)


def _norm_value(value: Any) -> str | None:
    """Comparable form of an option value; None for unmapped/Unknown."""
    if value is None:
        return None
    if isinstance(value, float) and math.isnan(value):
        return None
    text = str(value).strip().strip("'\".").casefold()
    if not text or text == "unknown":
        return None
    return text


def two_order_summary(results: Iterable[Any]) -> dict[str, float]:
    """Isle v1 metrics over items asked in both option orders.

    ``results`` holds one record per (item, order): an :class:`OrderResult`,
    a tuple ``(item_id, order, chosen, gold[, groups])`` or a mapping with
    those keys. Metrics:

    * ``accuracy`` -- accuracy of each order, averaged over the orders
      (equals the plain mean when every item has both orders);
    * ``both_orders_correct`` -- share of paired items (items seen in two
      orders) answered correctly in both;
    * ``consistency`` -- share of paired items where the same option value
      was chosen in both orders (Unknown never counts as consistent);
    * ``unknown_rate`` -- share of answers that mapped to no option;
    * ``n_samples``, ``n_pairs``.

    An item with more than two orders raises ``ValueError``, as does a
    duplicate (item, order).
    """
    by_item: dict[Hashable, dict[Hashable, tuple[str | None, str | None]]] = defaultdict(dict)
    groups: dict[Hashable, dict[str, Any]] = defaultdict(dict)
    for raw in results:
        rec = _as_order(raw)
        answers = by_item[rec.item_id]
        if rec.order in answers:
            raise ValueError(f"duplicate order {rec.order!r} for item {rec.item_id!r}")
        answers[rec.order] = (_norm_value(rec.chosen), _norm_value(rec.gold))
        if len(answers) > 2:
            raise ValueError(f"item {rec.item_id!r} has more than two orders")
        _merge_groups(rec.item_id, groups[rec.item_id], rec.groups)

    def compute(ids: list[Hashable]) -> dict[str, float]:
        per_order: dict[Hashable, list[float]] = defaultdict(list)
        unknown: list[float] = []
        both: list[float] = []
        consistent: list[float] = []
        for i in ids:
            answers = by_item[i]
            for order, (chosen, gold) in answers.items():
                per_order[order].append(float(chosen is not None and chosen == gold))
                unknown.append(float(chosen is None))
            if len(answers) == 2:
                (c1, g1), (c2, g2) = answers.values()
                both.append(float(c1 is not None and c1 == g1 and c2 is not None and c2 == g2))
                consistent.append(float(c1 is not None and c1 == c2))
        order_means = [_mean(v) for v in per_order.values()]
        return {
            "accuracy": _mean(order_means),
            "both_orders_correct": _mean(both),
            "consistency": _mean(consistent),
            "unknown_rate": _mean(unknown),
            "n_samples": float(len(unknown)),
            "n_pairs": float(len(both)),
        }

    return _with_slices(groups, compute, list(by_item))

"""Run-level metrics of Isle-Bricks v1 and Isle-Dots, written into the eval log.

Each metric sees every scored sample with its metadata (one sample per item,
option order and prompt style) and returns a flat mapping; the keys are
unique across the metrics of the `option_mapping` scorer (these two and the
generic `answer_mapping_paths`) and listed in this folder's README:

- `isle_v1_orders`: `accuracy` (averaged over the two orders),
  `both_orders_correct`, `consistency`, `unknown_rate`, `n_samples`,
  `n_pairs`, and the same for every slice as `task=<task>/<metric>`,
  `partition=<partition>/<metric>` and, when several prompt styles ran,
  `prompt=<style>/<metric>` (see :func:`vpt_tasks.scorers.circular.two_order_summary`).
- `isle_v1_positions`: `accuracy_original`, `accuracy_swapped`,
  `accuracy_gold_A`, `accuracy_gold_B` (accuracy when the gold option is
  shown as A / as B), `chose_A`, `chose_B` (share of answers mapped to letter A / B).

How answers were mapped (`mapped_by_rules`, ..., `unknown_<reason>`) is counted
by :func:`vpt_tasks.scorers.answer_mapping.answer_mapping_paths`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from inspect_ai.scorer import Metric, SampleScore, metric

from vpt_tasks.scorers.circular import OrderResult, two_order_summary


def _meta(score: SampleScore) -> tuple[dict[str, Any], dict[str, Any]]:
    return score.sample_metadata or {}, score.score.metadata or {}


def _pair_key(sample: dict[str, Any], several_styles: bool) -> str:
    """Both orders of an item (and prompt style) are paired under this key."""
    item = str(sample["item_id"])
    return f"{item}\x00{sample['prompt_style']}" if several_styles else item


@metric
def isle_v1_orders() -> Metric:
    """Accuracy over both orders, both-orders-correct, consistency and Unknown rate, with slices."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        if not scores:
            return {}
        styles = {_meta(s)[0].get("prompt_style") for s in scores}
        several = len(styles) > 1
        records = []
        for s in scores:
            sample, scored = _meta(s)
            groups = {"task": sample["task"]}
            if sample.get("partition") is not None:
                groups["partition"] = sample["partition"]
            if several:
                groups["prompt"] = sample["prompt_style"]
            records.append(
                OrderResult(
                    item_id=_pair_key(sample, several),
                    order=sample["order"],
                    chosen=scored.get("chosen"),
                    gold=sample["gold_answer"],
                    groups=groups,
                )
            )
        return two_order_summary(records)

    return compute


@metric
def isle_v1_positions() -> Metric:
    """Positional bias: accuracy per order and per gold letter, and how often A / B was chosen."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        if not scores:
            return {}
        cells: dict[str, list[float]] = {
            "accuracy_original": [],
            "accuracy_swapped": [],
            "accuracy_gold_A": [],
            "accuracy_gold_B": [],
        }
        chosen: Counter[str] = Counter()
        for s in scores:
            sample, scored = _meta(s)
            value = float(s.score.as_float())
            cells[f"accuracy_{sample['order']}"].append(value)
            cells[f"accuracy_gold_{sample['gold_letter']}"].append(value)
            chosen[str(scored.get("chosen_letter"))] += 1
        result = {
            name: (sum(values) / len(values) if values else float("nan"))
            for name, values in cells.items()
        }
        result["chose_A"] = chosen["A"] / len(scores)
        result["chose_B"] = chosen["B"] / len(scores)
        return result

    return compute

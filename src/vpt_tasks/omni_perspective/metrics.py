"""Run-level metrics of Omni-Perspective, written into the eval log.

`omni_circular` groups the scored rotations by item (sample metadata
`item_id`, `rotation`, `n_rotations`) and reports, overall and per slice
(`qtype=<q>/...`, `difficulty=<d>/...`, `pov=<p>/...`):

- `circular_accuracy`: share of items answered correctly in every rotation;
  an item missing a rotation (an errored sample, `--limit`) counts as failed;
- `vanilla_accuracy`: share of all answered rotations that are correct;
- `rotation0_accuracy`: accuracy on the original option order only;
- `n_items`: number of items;

and, overall only, `chance_circular` (mean over items of (1/k)^k),
`chance_vanilla` (mean of 1/k) and `incomplete_items`. With `-T circular=false`
no item is rotated and the circular keys are left out (they would equal
rotation-0 accuracy).
"""

from __future__ import annotations

from inspect_ai.scorer import Metric, SampleScore, metric

from vpt_tasks.scorers.circular import RotationResult, circular_summary

GROUP_KEYS = ("qtype", "difficulty", "pov")


@metric
def omni_circular() -> Metric:
    """Circular, vanilla and rotation-0 accuracy, overall and per qtype, difficulty and pov."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        if not scores:
            return {}
        records = []
        expected: dict[str, int] = {}
        k: dict[str, int] = {}
        seen: dict[str, int] = {}
        for s in scores:
            meta = s.sample_metadata or {}
            item = str(meta["item_id"])
            groups = {key: meta[key] for key in GROUP_KEYS if meta.get(key) is not None}
            # a rotation counts as correct only when fully correct (epochs: in every epoch)
            records.append(
                RotationResult(item, int(meta["rotation"]), s.score.as_float() >= 1.0, groups)
            )
            expected[item] = int(meta["n_rotations"])
            k[item] = int(meta["k"])
            seen[item] = seen.get(item, 0) + 1
        result = circular_summary(records, n_rotations=expected)
        rotated = any(n > 1 for n in expected.values())
        if not rotated:
            result = {
                key: value for key, value in result.items() if not key.endswith("circular_accuracy")
            }
        else:
            result["chance_circular"] = sum((1 / k[i]) ** k[i] for i in k) / len(k)
        result["chance_vanilla"] = sum(1 / k[i] for i in k) / len(k)
        result["incomplete_items"] = float(sum(seen[i] < expected[i] for i in expected))
        return result

    return compute

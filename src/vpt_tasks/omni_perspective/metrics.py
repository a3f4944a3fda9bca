"""Run-level metrics of Omni-Perspective: the printed few and the details.

The scored rotations are grouped by item (sample metadata `item_id`,
`rotation`, `n_rotations`). Printed (the `merge_match` scorer's metrics,
`omni_headline`), the headline first:

- `vanilla_accuracy` (share of all answered rotations that are correct: the
  number the project reads the paper's Table 1 as; see the README),
  `circular_accuracy` (share of items answered correctly in every rotation; an
  item missing a rotation -- an errored sample, `--limit` -- counts as failed),
  `rotation0_accuracy` (the original
  option order only), `chance_vanilla` (1/k) and `chance_circular` (mean over
  items of (1/k)^k);
- `pov=<first|third>/vanilla_accuracy` and `qtype=<q>/vanilla_accuracy`;
- then, as counts in their own group (the scorer's
  :func:`vpt_tasks.scorers.cascade.answer_counts`), who read the answers:
  `undecided` (answers nobody could read: no judge bound), `decided_by_rules`,
  `decided_by_grader` (the judge);
- with `-T grader=both`, `rules_agreement` and `rules_compared` (from
  :func:`vpt_tasks.scorers.cascade.rules_beside_grader`).

With `-T circular=false` every item is asked once: `rotation0_accuracy` comes
first, `chance_vanilla` replaces `chance_circular` and the slices show
`rotation0_accuracy`.

Everything else is computed from the log's samples by :func:`details`, which
returns exactly the keys this task printed before (the same functions):
`circular_summary` overall and per slice (`qtype=<q>/...`,
`difficulty=<d>/...`, `pov=<p>/...`: the four accuracies and `n_items`),
`chance_circular`, `chance_vanilla`, `incomplete_items`, and the reading counts
of :func:`vpt_tasks.scorers.cascade.decision_counts`.

`paired_units` gives one unit per item (right in every rotation or not) for
the report's paired comparison of two solvers.
"""

from __future__ import annotations

import json

from inspect_ai.scorer import Metric, SampleScore, metric

from vpt_tasks.core.stats import PairedUnit
from vpt_tasks.scorers.cascade import decision_counts
from vpt_tasks.scorers.circular import RotationResult, circular_summary

GROUP_KEYS = ("qtype", "difficulty", "pov")
TABLE1 = "qtype_difficulty"
"""Slice key of the paper's Table 1 cells: `qtype_difficulty=<qtype>:<difficulty>/<metric>`."""
HEADLINE = "vanilla_accuracy"
"""The number the project reads the paper's Table 1 as: plain accuracy over every question
asked (the weakest models' cells sit near 25%, where answering every rotation right by chance
is 0.39%; the paper says circular evaluation was employed and not which number Table 1
shows)."""
CIRCULAR = "circular_accuracy"
"""Printed right after the headline: right in every rotation (rotation-consistent scoring)."""
HEADLINE_PLAIN = "rotation0_accuracy"
"""The headline with `-T circular=false` (no rotations)."""


def circular(scores: list[SampleScore]) -> dict[str, float]:
    """Circular, vanilla and rotation-0 accuracy, overall and per qtype, difficulty and pov."""
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
        if "qtype" in groups and "difficulty" in groups:  # the cells of the paper's Table 1
            groups[TABLE1] = f"{groups['qtype']}:{groups['difficulty']}"
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


def headline(scores: list[SampleScore]) -> dict[str, float]:
    """The printed metrics (see the module docstring), the headline first.

    With no scores yet (Inspect's live display) the headline keys are there, undefined.
    """
    if not scores:
        nan = float("nan")
        return {HEADLINE: nan, CIRCULAR: nan, HEADLINE_PLAIN: nan}
    summary = circular(scores)
    rotated = CIRCULAR in summary
    first = HEADLINE if rotated else HEADLINE_PLAIN
    order = (
        [HEADLINE, CIRCULAR, HEADLINE_PLAIN, "chance_vanilla", "chance_circular"]
        if rotated
        else [HEADLINE_PLAIN, "chance_vanilla"]
    )
    result = {name: summary[name] for name in order}
    for group in ("pov", "qtype"):
        for key, number in summary.items():
            if key.startswith(f"{group}=") and key.endswith(f"/{first}"):
                result[key] = number
    return result


def details(scores: list[SampleScore]) -> dict[str, float]:
    """Every number this task wrote before the printed metrics were cut to a few.

    The report reads them with `vpt_tasks.report.logs.log_details(log)`.
    """
    return {**circular(scores), **point_of_view_test(scores), **decision_counts(scores)}


PERSPECTIVE_TAKING = ("3", "3.5")
"""The single-image perspective-taking question types (the paper's §2: "Qtype 3 & 3.5
(Single-image, Spatial Perspective Inference)")."""
INTENTION = ("4",)
"""The single-image intention question type ("Qtype 4 (Single-image, Intention Inference)")."""


def point_of_view_test(scores: list[SampleScore]) -> dict[str, float]:
    """The paper's first- vs third-person analysis, and the same test on intention items.

    The paper (`../shared/papers/004_*`, §3.2, line 84): "A drill down into single
    image-prompt pairs (less confounded by distractor selection methods) shows that
    prompting MLLMs with first-person phrasing significantly improves performance on
    perspective-taking tasks ($p = 0.0321$) on spatial reasoning, while remaining
    inconclusive for intention understanding"; its Figure 3 is captioned "Paired-T test
    results of single-image question for 2 types of prompts". So the test (`pov_*`) takes
    the single-image perspective-taking items only (`PERSPECTIVE_TAKING`), and a pair is one
    question asked both ways: the same image, question type and options, once in the first
    person and once in the third. Each side is the accuracy over that question's rotations;
    `scipy.stats.ttest_rel` compares the pairs. How the paper formed its pairs beyond
    "single image-prompt pairs" is not printed (searched: `tests/paper_numbers/`).

    The same test on the single-image intention items (`INTENTION`) is the project's own
    (`pov_intention_*`), reported apart: the paper prints no number for it.

    Keys, each group only when some question is asked both ways: `<prefix>pairs`,
    `<prefix>first_mean`, `<prefix>third_mean`, `<prefix>difference` (first - third),
    `<prefix>t`, `<prefix>p` (two-sided; undefined with fewer than two pairs or when every
    pair differs by the same amount), with prefix `pov_` and `pov_intention_`.
    """
    return {
        **_paired_t(scores, PERSPECTIVE_TAKING, "pov_"),
        **_paired_t(scores, INTENTION, "pov_intention_"),
    }


def _paired_t(scores: list[SampleScore], qtypes: tuple[str, ...], prefix: str) -> dict[str, float]:
    asked: dict[tuple[str, str], list[float]] = {}
    for s in scores:
        meta = s.sample_metadata or {}
        pov = meta.get("pov")
        if (
            meta.get("image_id") is None
            or pov not in ("first", "third")
            or str(meta.get("qtype")) not in qtypes
            or meta.get("n_images") != 1
        ):
            continue
        question = json.dumps(
            [str(meta["image_id"]), str(meta["qtype"]), sorted(meta.get("option_texts") or [])]
        )
        asked.setdefault((question, str(pov)), []).append(float(s.score.as_float() >= 1.0))
    questions = sorted({question for question, _ in asked})
    pairs = [
        (sum(asked[(q, "first")]) / len(asked[(q, "first")]),
         sum(asked[(q, "third")]) / len(asked[(q, "third")]))
        for q in questions
        if (q, "first") in asked and (q, "third") in asked
    ]  # fmt: skip
    if not pairs:
        return {}
    first = [a for a, _ in pairs]
    third = [b for _, b in pairs]
    result = {
        f"{prefix}pairs": float(len(pairs)),
        f"{prefix}first_mean": sum(first) / len(first),
        f"{prefix}third_mean": sum(third) / len(third),
        f"{prefix}difference": (sum(first) - sum(third)) / len(pairs),
        f"{prefix}t": float("nan"),
        f"{prefix}p": float("nan"),
    }
    if len(pairs) >= 2 and len({a - b for a, b in pairs}) > 1:  # else the t statistic is undefined
        from scipy.stats import ttest_rel

        test = ttest_rel(first, third)
        result[f"{prefix}t"], result[f"{prefix}p"] = float(test.statistic), float(test.pvalue)
    return result


def paired_units(scores: list[SampleScore]) -> list[PairedUnit]:
    """One unit per item: 1 when every rotation asked was right (and none is missing), else 0.

    Sliced by question type and point of view (`perspective`).
    """
    right: dict[str, bool] = {}
    seen: dict[str, int] = {}
    expected: dict[str, int] = {}
    slices: dict[str, dict[str, str]] = {}
    for s in scores:
        meta = s.sample_metadata or {}
        item = str(meta["item_id"])
        right[item] = right.get(item, True) and s.score.as_float() >= 1.0
        seen[item] = seen.get(item, 0) + 1
        expected[item] = int(meta["n_rotations"])
        slices[item] = {
            name: str(meta[key])
            for name, key in (("qtype", "qtype"), ("perspective", "pov"))
            if meta.get(key) is not None
        }
    return [
        PairedUnit(
            id=item,
            value=float(right[item] and seen[item] >= expected[item]),
            binary=True,
            slices=slices[item],
        )
        for item in right
    ]


@metric
def omni_headline() -> Metric:
    """The printed metrics of Omni-Perspective: vanilla accuracy (the project's reading of the
    paper's Table 1) first, circular accuracy next (see :func:`headline`)."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        return headline(scores)

    return compute


@metric
def omni_circular() -> Metric:
    """Circular, vanilla and rotation-0 accuracy, overall and per qtype, difficulty and pov."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        return circular(scores)

    return compute

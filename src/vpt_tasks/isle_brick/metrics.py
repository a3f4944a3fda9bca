"""Run-level metrics of Isle-Brick-V2, written into the eval log.

Each metric sees every scored sample with its metadata and returns a flat
mapping; Inspect stores each entry as one named metric of the scorer (group =
the metric's name). Names are listed in this folder's README:

- `isle_brick_precision`: `Q1` … `Q7`, the three categories and `overall`, each
  with `<name>_ci_low` / `<name>_ci_high` (95% bootstrap over scenes).
- `isle_brick_chance`: `chance_Q1` …, `chance_<category>` — the random baseline
  mean over items of |G_i| / N_q, from the gold sets of this run.
- `isle_brick_answer_types`: `types_Q4_compound`, `types_Q4_single`,
  `types_Q4_disclaimer`, … (counts).
- `isle_brick_cooccurrence`: `cooc_Q4_north_east` = over items whose gold set
  contains north, how many predicted sets contain east; `cooc_Q4_north_total`
  = how many items have north in their gold set. For Q4, Q5 and Q7.

The scorer also reports the generic `extractor_agreement` of
`vpt_tasks.scorers.set_precision` (`agreement`, `llm_failures`); `scorer.py`
wires the scorer and these metrics together.
"""

from __future__ import annotations

from collections import Counter, defaultdict

import numpy as np
from inspect_ai.scorer import Metric, SampleScore, metric

from vpt_tasks.core.stats import DEFAULT_RESAMPLES, DEFAULT_SEED, bootstrap_columns
from vpt_tasks.isle_brick.spec import load_spec
from vpt_tasks.scorers.set_precision import ANSWER_TYPES

COOCCURRENCE_QUESTIONS = ("Q4", "Q5", "Q7")


def _question_ids(scores: list[SampleScore]) -> list[str]:
    asked = {s.sample_metadata["question_id"] for s in scores if s.sample_metadata}
    return [qid for qid in load_spec().question_ids if qid in asked]


def _categories(question_ids: list[str]) -> dict[str, list[str]]:
    spec = load_spec()
    return {
        name: [qid for qid in ids if qid in question_ids]
        for name, ids in spec.categories.items()
        if any(qid in question_ids for qid in ids)
    }


@metric
def isle_brick_precision(resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED) -> Metric:
    """Prediction correctness per question, per category and overall, with 95% CIs.

    A category's value is the mean of its questions' values (as the paper
    reports it); intervals resample scenes jointly across questions.
    """

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        if not scores:
            return {}
        question_ids = _question_ids(scores)
        scenes = sorted({s.sample_metadata["scene_id"] for s in scores})
        row = {scene: i for i, scene in enumerate(scenes)}
        column = {qid: j for j, qid in enumerate(question_ids)}
        matrix = np.full((len(scenes), len(question_ids)), np.nan)
        for s in scores:
            meta = s.sample_metadata
            matrix[row[meta["scene_id"]], column[meta["question_id"]]] = s.score.as_float()
        groups: dict[str, list[int]] = {qid: [column[qid]] for qid in question_ids}
        for name, ids in _categories(question_ids).items():
            groups[name] = [column[qid] for qid in ids]
        groups["overall"] = list(column.values())
        estimates = bootstrap_columns(matrix, groups, resamples=resamples, seed=seed)
        result: dict[str, float] = {}
        for name, estimate in estimates.items():
            result[name] = estimate.value
            result[f"{name}_ci_low"] = estimate.low
            result[f"{name}_ci_high"] = estimate.high
        return result

    return compute


@metric
def isle_brick_chance() -> Metric:
    """The random baseline: mean over items of |G_i| / N_q, per question and category."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        ratios: dict[str, list[float]] = defaultdict(list)
        for s in scores:
            meta = s.sample_metadata
            ratios[meta["question_id"]].append(len(meta["gold"]) / meta["pool_size"])
        question_ids = _question_ids(scores)
        chance = {qid: float(np.mean(ratios[qid])) for qid in question_ids}
        result = {f"chance_{qid}": value for qid, value in chance.items()}
        for name, ids in _categories(question_ids).items():
            result[f"chance_{name}"] = float(np.mean([chance[qid] for qid in ids]))
        return result

    return compute


@metric
def isle_brick_answer_types() -> Metric:
    """How many answers per question were compound, single or disclaimers."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        counts = Counter(
            (s.sample_metadata["question_id"], (s.score.metadata or {}).get("answer_type"))
            for s in scores
        )
        return {
            f"types_{qid}_{kind}": float(counts[(qid, kind)])
            for qid in _question_ids(scores)
            for kind in ANSWER_TYPES
        }

    return compute


@metric
def isle_brick_cooccurrence() -> Metric:
    """Gold-label × predicted-label co-occurrence counts for Q4, Q5 and Q7."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        spec = load_spec()
        asked = _question_ids(scores)
        result: dict[str, float] = {}
        for qid in COOCCURRENCE_QUESTIONS:
            if qid not in asked:
                continue
            labels = spec.questions[qid].pool
            for gold in labels:
                result[f"cooc_{qid}_{gold}_total"] = 0.0
                for predicted in labels:
                    result[f"cooc_{qid}_{gold}_{predicted}"] = 0.0
        for s in scores:
            qid = s.sample_metadata["question_id"]
            if qid not in COOCCURRENCE_QUESTIONS:
                continue
            predicted_set = set((s.score.metadata or {}).get("components", []))
            for gold in s.sample_metadata["gold"]:
                result[f"cooc_{qid}_{gold}_total"] += 1
                for predicted in predicted_set:
                    key = f"cooc_{qid}_{gold}_{predicted}"
                    if key in result:
                        result[key] += 1
        return result

    return compute

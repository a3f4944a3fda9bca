"""Run-level metrics of Isle-Brick-V2: the printed headline, and the details.

Each metric sees every scored sample with its metadata and returns a flat
mapping; Inspect stores each entry as one named metric of the scorer (group =
the metric's name). Names are listed in this folder's README.

Printed (the scorer's metrics, in this order):

- `isle_brick_headline`: `overall` (the task's headline -- the paper reports
  no overall number, only questions and categories -- prediction correctness over the questions asked) with `overall_ci_low` /
  `overall_ci_high`, the three categories, `Q1` … `Q7` (the asked ones),
  `chance_overall` (the random baseline of this run's gold sets, mean of the
  asked questions'). A run whose samples leave some asked question without an
  answer (`--limit`, `--sample-id`) prints the questions it has and the
  categories all of whose questions it has; `overall` is then undefined (NaN,
  with its reason logged once) and `chance_overall` left out.
- `isle_brick_counts`, counts in their own group: `disclaimers` (answers with no
  usable component) and who read the answers: `undecided` (answers whose
  components neither the rules nor a grader could settle: scored by the rules'
  best reading, see the README), `decided_by_rules`, `decided_by_grader`,
  `decided_by_human`.
- with `-T grader=both`, `rules_agreement` and `rules_compared`
  (`vpt_tasks.scorers.cascade.rules_beside_grader`).

Not printed: `details(scores)` computes the numbers the scorer printed before
the headline-first change, with the same functions, from a log's samples
(`vpt_tasks.report.logs.log_details`):

- `isle_brick_precision`: `Q1` … `Q7`, the three categories and `overall`, each
  with `<name>_ci_low` / `<name>_ci_high` (95% bootstrap over scenes).
- `isle_brick_item_intervals`: `<category>_item_ci_low` / `_item_ci_high` and
  `overall_item_ci_*`: items resampled independently, which gives the intervals the paper
  prints (it does not say what it resampled; `tests/test_paper_claims.py`).
- `isle_brick_chance`: `chance_Q1` …, `chance_<category>` — the random baseline
  mean over items of |G_i| / N_q, from the gold sets of this run.
- `isle_brick_answer_types`: `types_Q4_compound`, `types_Q4_single`,
  `types_Q4_disclaimer`, … (counts; an undecided answer, answer type `undecided`, is
  none of them).
- `isle_brick_cooccurrence`: `cooc_Q4_north_east` = over items whose gold set
  contains north, how many predicted sets contain east; `cooc_Q4_north_total`
  = how many items have north in their gold set. For Q4, Q5 and Q7.

- who read the answers: `decided_by_rules`, `decided_by_grader`,
  `decided_by_human`, `undecided` (`vpt_tasks.scorers.cascade.decision_counts`),
  and `rules_agreement` / `rules_compared` under `-T grader=both`.

`paired_units(scores)` gives one paired unit per sample (its precision) for the
zero-shot vs first-person comparison of `vpt-tasks report`.

The direction-bias probe (`vpt_tasks/isle_brick_bias`) has its own metrics in
`bias_metrics.py` (its descriptor in `vpt_tasks.benchmarks` names that module).
"""

from __future__ import annotations

import logging
from collections import Counter, defaultdict
from typing import Any

import numpy as np
from inspect_ai.scorer import Metric, SampleScore, metric

from vpt_tasks.core.inspect_internals import computing_live_metrics
from vpt_tasks.core.stats import (
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    PairedUnit,
    bootstrap_columns,
    bootstrap_pooled_items,
)
from vpt_tasks.isle_brick.spec import load_spec
from vpt_tasks.scorers.cascade import (
    READING_COUNTS,
    UPPER,
    crediting_undecided,
    decision_counts,
    rules_agreement,
)
from vpt_tasks.scorers.set_precision import ANSWER_TYPES

COOCCURRENCE_QUESTIONS = ("Q4", "Q5", "Q7")

logger = logging.getLogger(__name__)


def _meta(score: SampleScore) -> dict[str, Any]:
    """A score's sample metadata (every Isle-Brick-V2 sample has it)."""
    return score.sample_metadata or {}


def _question_ids(scores: list[SampleScore]) -> list[str]:
    """The questions the run asks (every sample says so), else those its scores answer."""
    asked = next((_meta(s).get("questions_asked") for s in scores if s.sample_metadata), None)
    if not asked:  # a log of an earlier version
        asked = {_meta(s)["question_id"] for s in scores if s.sample_metadata}
    return [qid for qid in load_spec().question_ids if qid in asked]


def _answered(scores: list[SampleScore], question_ids: list[str]) -> list[str]:
    """The asked questions that have a score: all of them, except in a run still in progress
    or one that stopped early (`--limit`, `--sample-id`)."""
    found = {_meta(s)["question_id"] for s in scores if s.sample_metadata}
    return [qid for qid in question_ids if qid in found]


def _categories(question_ids: list[str], answered: list[str] | None = None) -> dict[str, list[str]]:
    """The categories of the asked questions, each with its asked questions.

    With `answered`, only the categories all of whose asked questions have a score: a
    category's value is the mean of its questions', and the mean of some of them would be
    another quantity (a partial run shows the questions it has, not such a mean).
    """
    spec = load_spec()
    found = {
        name: [qid for qid in ids if qid in question_ids]
        for name, ids in spec.categories.items()
        if any(qid in question_ids for qid in ids)
    }
    if answered is None:
        return found
    return {name: ids for name, ids in found.items() if set(ids) <= set(answered)}


def _scene_matrix(scores: list[SampleScore], question_ids: list[str]) -> np.ndarray:
    """Scenes × asked questions, each cell the sample's precision (NaN where missing)."""
    scenes = sorted({_meta(s)["scene_id"] for s in scores})
    row = {scene: i for i, scene in enumerate(scenes)}
    column = {qid: j for j, qid in enumerate(question_ids)}
    matrix = np.full((len(scenes), len(question_ids)), np.nan)
    for s in scores:
        meta = _meta(s)
        matrix[row[meta["scene_id"]], column[meta["question_id"]]] = s.score.as_float()
    return matrix


def _question_chance(scores: list[SampleScore]) -> dict[str, float]:
    """Per asked question: the mean over its items of |G_i| / N_q."""
    ratios: dict[str, list[float]] = defaultdict(list)
    for s in scores:
        meta = _meta(s)
        ratios[meta["question_id"]].append(len(meta["gold"]) / meta["pool_size"])
    return {qid: float(np.mean(ratios[qid])) for qid in _question_ids(scores) if ratios[qid]}


@metric
def isle_brick_headline(resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED) -> Metric:
    """The printed numbers, headline first: overall with its 95% CI, categories, questions,
    the run's chance level and the disclaimer count.

    `overall` and its interval are the values `isle_brick_precision` gives (same
    resamples, same seed); `chance_overall` is the mean of the asked questions'
    chance levels of this run's gold sets.
    """

    warned = False

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        nonlocal warned
        question_ids = _question_ids(scores)
        live = computing_live_metrics()
        if not scores:
            return {"overall": float("nan")}
        answered = _answered(scores, question_ids)
        missing = [qid for qid in question_ids if qid not in answered]
        matrix = _scene_matrix(scores, question_ids)
        columns = {qid: j for j, qid in enumerate(question_ids)}
        means = {qid: float(np.mean(_finite(matrix[:, columns[qid]]))) for qid in answered}
        if missing:
            # some asked question has no score (a run in progress, or one with --limit): the
            # mean over the others would be another quantity, so the headline is undefined
            # (NaN: Inspect shows it, and its reason is logged once); the questions it has,
            # and the categories all of whose questions it has, are shown
            result = {"overall": float("nan")}
            if not live and not warned:
                warned = True
                logger.warning(
                    PARTIAL_WARNING.format(
                        missing=", ".join(missing),
                        n=f"{len(scores)} sample{'s' if len(scores) != 1 else ''}",
                        asked=len(question_ids),
                    )
                )
        elif live:
            # the live display shows the headline only: no interval while samples still run
            # (each recomputation would draw 10,000 resamples again)
            result = {"overall": float(np.mean(list(means.values())))}
        else:
            groups = {"overall": list(range(len(question_ids)))}
            [estimate] = bootstrap_columns(matrix, groups, resamples=resamples, seed=seed).values()
            result = _with_interval("overall", estimate, _scenes(matrix, groups["overall"]))
        for name, ids in _categories(question_ids, answered).items():
            result[name] = float(np.mean([means[qid] for qid in ids]))
        result.update(means)
        credited = crediting_undecided(scores) if not missing else None
        if credited is not None:  # right after the headline (and its interval)
            upper = _scene_matrix(credited, question_ids)
            value = float(np.mean([np.mean(_finite(upper[:, j])) for j in columns.values()]))
            items = list(result.items())
            at = 1 + sum(k.startswith("overall_ci") for k, _ in items[1:])
            result = dict([*items[:at], ("overall" + UPPER, value), *items[at:]])
        if not missing:
            chance = _question_chance(scores)
            result["chance_overall"] = float(np.mean(list(chance.values())))
        return result

    return compute


PARTIAL_WARNING = (
    "Isle-Brick-V2: overall is undefined for these {n}: {missing} (of the {asked} "
    "questions asked) have no scored answer (a run with --limit or --sample-id?), and a mean "
    "over the other questions would be another quantity. The questions' values (and the "
    "categories whose questions all have answers) are shown. A run of --limit {asked} or "
    "more (one scene's questions) defines it; see docs/sweeps.md."
)


MIN_SCENES = 2
"""Scenes a bootstrap interval needs: resampling one scene gives the point itself as its
interval ([x, x]), a certainty the data does not have; with fewer, the value has none."""


def _scenes(matrix: np.ndarray, columns: list[int]) -> int:
    """Scenes (rows) with a value in some of `columns`."""
    return int((~np.isnan(matrix[:, columns])).any(axis=1).sum())


def _with_interval(name: str, estimate: Any, scenes: int) -> dict[str, float]:
    """`name` and its interval (`name_ci_low`, `name_ci_high`); the value alone from fewer
    than `MIN_SCENES` scenes."""
    found: dict[str, float] = estimate.metrics(name)
    return found if scenes >= MIN_SCENES else {name: found[name]}


def _finite(values: np.ndarray) -> np.ndarray:
    """The values of a matrix column that are set (a scene that was not asked is NaN)."""
    return values[~np.isnan(values)]


@metric
def isle_brick_counts() -> Metric:
    """The counts printed after the rates: `disclaimers` (answers with no usable component)
    and who read the answers (`undecided`, `decided_by_rules`, `decided_by_grader`,
    `decided_by_human`; `vpt_tasks.scorers.cascade.decision_counts`)."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        disclaimers = sum(
            (s.score.metadata or {}).get("answer_type") == "disclaimer" for s in scores
        )
        counts = decision_counts(scores)
        return {"disclaimers": float(disclaimers), **{k: counts[k] for k in READING_COUNTS}}

    return compute


def _column_groups(question_ids: list[str], answered: list[str]) -> dict[str, list[int]]:
    """Columns of `_scene_matrix` per reported name: each answered question, each category
    all of whose asked questions have a score, and overall when every asked question has one."""
    column = {qid: j for j, qid in enumerate(question_ids)}
    groups: dict[str, list[int]] = {qid: [column[qid]] for qid in answered}
    for name, ids in _categories(question_ids, answered).items():
        groups[name] = [column[qid] for qid in ids]
    if len(answered) == len(question_ids):
        groups["overall"] = list(column.values())
    return groups


@metric
def isle_brick_precision(resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED) -> Metric:
    """Prediction correctness per question, per category and overall, with 95% CIs.

    A category's value is the mean of its questions' values (the paper's printed
    scene-understanding values, `tests/test_paper_claims.py`); intervals resample scenes
    jointly across questions.
    """

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        if not scores:
            return {}
        question_ids = _question_ids(scores)
        matrix = _scene_matrix(scores, question_ids)
        groups = _column_groups(question_ids, _answered(scores, question_ids))
        estimates = bootstrap_columns(matrix, groups, resamples=resamples, seed=seed)
        result: dict[str, float] = {}
        for name, estimate in estimates.items():
            result.update(_with_interval(name, estimate, _scenes(matrix, groups[name])))
        return result

    return compute


@metric
def isle_brick_item_intervals(
    resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED
) -> Metric:
    """Item-level intervals for categories and overall: items resampled independently.

    `<category>_item_ci_low` / `_item_ci_high` and `overall_item_ci_*`: a category's items
    (every answer to its questions, e.g. 3 x 144) resampled as if independent. This gives
    the category intervals the paper prints (001 line 98; `tests/test_paper_claims.py`),
    which does not say what it resampled. A question's interval is the same either way
    (one item per scene), so only groups of several questions are given. The printed and
    reported intervals are the scene-clustered ones (`isle_brick_precision`).
    """

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        if not scores:
            return {}
        question_ids = _question_ids(scores)
        matrix = _scene_matrix(scores, question_ids)
        # one item per scene in a single question: its interval is the clustered one
        answered = _answered(scores, question_ids)
        groups = {k: v for k, v in _column_groups(question_ids, answered).items() if len(v) > 1}
        estimates = bootstrap_pooled_items(matrix, groups, resamples=resamples, seed=seed)
        result: dict[str, float] = {}
        for name, estimate in estimates.items():
            if _scenes(matrix, groups[name]) < MIN_SCENES:
                continue
            result[f"{name}_item_ci_low"] = estimate.low
            result[f"{name}_item_ci_high"] = estimate.high
        return result

    return compute


@metric
def isle_brick_chance() -> Metric:
    """The random baseline: mean over items of |G_i| / N_q, per question and category."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        chance = _question_chance(scores)
        result = {f"chance_{qid}": value for qid, value in chance.items()}
        for name, ids in _categories(_question_ids(scores), list(chance)).items():
            result[f"chance_{name}"] = float(np.mean([chance[qid] for qid in ids]))
        return result

    return compute


@metric
def isle_brick_answer_types() -> Metric:
    """How many answers per question were compound, single or disclaimers."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        counts = Counter(
            (_meta(s)["question_id"], (s.score.metadata or {}).get("answer_type")) for s in scores
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
            qid = _meta(s)["question_id"]
            if qid not in COOCCURRENCE_QUESTIONS:
                continue
            predicted_set = set((s.score.metadata or {}).get("components", []))
            for gold in _meta(s)["gold"]:
                result[f"cooc_{qid}_{gold}_total"] += 1
                for predicted in predicted_set:
                    key = f"cooc_{qid}_{gold}_{predicted}"
                    if key in result:
                        result[key] += 1
        return result

    return compute


def details(scores: list[SampleScore]) -> dict[str, float]:
    """Every number the scorer printed before the headline-first change, from the samples.

    The keys and values of `isle_brick_precision` (questions, categories, overall,
    each with its CI), `isle_brick_chance`, `isle_brick_answer_types`,
    `isle_brick_cooccurrence` and the reading counts, computed by the same
    functions on `scores` (e.g. `vpt_tasks.report.logs.sample_scores(log)`).
    """
    result: dict[str, float] = {}
    for compute in (
        isle_brick_precision(),
        isle_brick_item_intervals(),
        isle_brick_chance(),
        isle_brick_answer_types(),
        isle_brick_cooccurrence(),
    ):
        result.update(compute(scores))  # type: ignore[arg-type]
    return {**result, **decision_counts(scores), **rules_agreement(scores)}


def paired_units(scores: list[SampleScore]) -> list[PairedUnit]:
    """One unit per sample, its precision, for the paired zero-shot vs first-person report.

    Ids are the sample ids (`<scene>/<Q>`), the same under every solver; a scene's
    questions are one cluster (the paired test compares scene means).
    """
    return [
        PairedUnit(
            id=str(s.sample_id),
            value=s.score.as_float(),
            binary=False,
            slices={
                "question": str(_meta(s)["question_id"]),
                "category": str(_meta(s)["category"]),
            },
            cluster=str(_meta(s)["scene_id"]),
        )
        for s in scores
        if s.sample_metadata
    ]

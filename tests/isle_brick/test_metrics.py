"""Isle-Brick-V2 acceptance numbers through the project's own scorer and metrics."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest
from inspect_ai.model import ModelName, ModelOutput
from inspect_ai.scorer import SampleScore, Score, Target
from inspect_ai.solver import TaskState

from vpt_tasks.isle_brick.metrics import (
    isle_brick_answer_types,
    isle_brick_chance,
    isle_brick_cooccurrence,
    isle_brick_precision,
)
from vpt_tasks.isle_brick.scorer import prediction_correctness
from vpt_tasks.isle_brick.spec import load_spec
from vpt_tasks.scorers.set_precision import final_answer


def _sample(qid: str, scene: str, gold: list[str], value: float = 0.0, **score_meta) -> SampleScore:
    spec = load_spec()
    question = spec.questions[qid]
    return SampleScore(
        score=Score(value=value, metadata=score_meta),
        sample_id=f"{scene}/{qid}",
        sample_metadata={
            "scene_id": scene,
            "question_id": qid,
            "category": question.category,
            "gold": gold,
            "pool_size": len(question.pool),
        },
    )


def _paper_gold_distribution() -> list[SampleScore]:
    """1,000 items per question with the paper's Table 3 single/double proportions."""
    doubles = {"Q4": 360, "Q5": 173, "Q7": 285}
    pairs = {"Q4": ["north", "east"], "Q5": ["south", "west"], "Q7": ["back", "left"]}
    singles = {
        "Q1": ["1"],
        "Q2": ["1"],
        "Q3": ["yes"],
        "Q4": ["north"],
        "Q5": ["east"],
        "Q6": ["no"],
        "Q7": ["front"],
    }
    scores = []
    for qid in load_spec().question_ids:
        for item in range(1000):
            gold = pairs[qid] if item < doubles.get(qid, 0) else singles[qid]
            scores.append(_sample(qid, f"scene{item}", gold))
    return scores


def test_random_baseline_matches_paper_appendix_a3() -> None:
    chance = isle_brick_chance()(_paper_gold_distribution())
    expected = {
        "Q1": 33.3,
        "Q2": 33.3,
        "Q3": 50.0,
        "Q4": 34.0,
        "Q5": 29.3,
        "Q6": 50.0,
        "Q7": 32.1,
        "scene_understanding": 38.9,
        "spatial_reasoning": 31.7,
        "visual_perspective_taking": 41.1,
    }
    assert {k: round(100 * chance[f"chance_{k}"], 1) for k in expected} == expected


def _score(answer: str, gold: list[str], qid: str, object_name: str = "plant") -> Score:
    spec = load_spec()
    question = spec.questions[qid]
    state = TaskState(
        model=ModelName("vpt_tasks/constant"),
        sample_id=f"s/{qid}",
        epoch=1,
        input="",
        messages=[],
        output=ModelOutput.from_content("vpt_tasks/constant", answer),
        metadata={
            "question_id": qid,
            "kind": question.kind,
            "question": question.prompt(object_name, spec.placeholder),
        },
    )
    return asyncio.run(prediction_correctness()(state, Target(gold)))


@pytest.mark.parametrize(
    ("qid", "gold", "answer", "expected"),
    [
        ("Q4", ["north"], "north", 1.0),
        ("Q4", ["north"], "northeast", 0.5),
        ("Q4", ["south"], "The plant is located southeast of the LEGO minifigure.", 0.5),
        ("Q7", ["front"], "the cat is located to its front and slightly to the right", 0.5),
    ],
)
def test_paper_scoring_examples(qid: str, gold: list[str], answer: str, expected: float) -> None:
    assert _score(answer, gold, qid).value == pytest.approx(expected)


def test_refusal_and_empty_answers_score_zero_as_disclaimers() -> None:
    for answer in ("", "I'm sorry, but I can't determine that from the image."):
        score = _score(answer, ["north"], "Q5")
        assert score.value == 0.0
        assert score.metadata["answer_type"] == "disclaimer"
        assert score.metadata["components"] == []


def test_compound_answer_metadata() -> None:
    score = _score("North-east.", ["north"], "Q5")
    assert score.metadata["components"] == ["east", "north"]
    assert score.metadata["answer_type"] == "compound"
    assert score.metadata["decided_by"] == "rules"


def test_chain_of_thought_final_answer_is_scored() -> None:
    text = "The figure faces the camera, which is south... wait, north?\nAnswer: south"
    assert final_answer(text) == "south"
    assert _score(text, ["south"], "Q5").value == 1.0


def test_precision_per_question_category_and_interval() -> None:
    scores = [_sample("Q1", f"s{i}", ["1"], value=float(i % 2)) for i in range(40)]
    scores += [_sample("Q2", f"s{i}", ["1"], value=1.0) for i in range(40)]
    scores += [_sample("Q4", f"s{i}", ["north"], value=0.5) for i in range(40)]
    result = isle_brick_precision(resamples=2000, seed=3)(scores)
    assert result["Q1"] == pytest.approx(0.5)
    assert result["Q2"] == 1.0 and result["Q2_ci_low"] == 1.0 == result["Q2_ci_high"]
    assert result["Q1_ci_low"] < 0.5 < result["Q1_ci_high"]
    # category = mean of its asked questions; Q3 was not asked
    assert result["scene_understanding"] == pytest.approx(0.75)
    assert result["spatial_reasoning"] == pytest.approx(0.5)
    assert "visual_perspective_taking" not in result and "Q3" not in result
    assert result["overall"] == pytest.approx((0.5 + 1.0 + 0.5) / 3)
    # the interval of a proportion of 0.5 over 40 items is about ±0.155
    assert result["Q1_ci_high"] - result["Q1_ci_low"] == pytest.approx(0.31, abs=0.05)
    # fixed seed: identical intervals on a second call
    assert isle_brick_precision(resamples=2000, seed=3)(scores) == result


def test_answer_types_and_cooccurrence_counts() -> None:
    scores = [
        _sample("Q4", "a", ["north", "east"], components=["north"], answer_type="single"),
        _sample("Q4", "b", ["north"], components=["north", "west"], answer_type="compound"),
        _sample("Q4", "c", ["south"], components=[], answer_type="disclaimer"),
        _sample("Q1", "a", ["1"], components=["1"], answer_type="single"),
    ]
    types = isle_brick_answer_types()(scores)
    assert (types["types_Q4_single"], types["types_Q4_compound"], types["types_Q4_disclaimer"]) == (
        1,
        1,
        1,
    )
    assert types["types_Q1_single"] == 1 and "types_Q5_single" not in types
    cooc = isle_brick_cooccurrence()(scores)
    assert cooc["cooc_Q4_north_total"] == 2 and cooc["cooc_Q4_east_total"] == 1
    assert cooc["cooc_Q4_north_north"] == 2 and cooc["cooc_Q4_north_west"] == 1
    assert cooc["cooc_Q4_east_north"] == 1 and cooc["cooc_Q4_south_total"] == 1
    assert (
        sum(
            v for k, v in cooc.items() if k.startswith("cooc_Q4_south_") and not k.endswith("total")
        )
        == 0
    )
    assert not any(k.startswith("cooc_Q7") for k in cooc)


def test_bootstrap_matches_normal_approximation() -> None:
    from vpt_tasks.core.stats import bootstrap_columns

    rng = np.random.default_rng(0)
    values = rng.integers(0, 2, size=(400, 1)).astype(float)
    estimate = bootstrap_columns(values, {"q": [0]}, resamples=4000, seed=1)["q"]
    half_width = 1.96 * values.std() / np.sqrt(len(values))
    assert estimate.high - estimate.low == pytest.approx(2 * half_width, rel=0.1)


def test_the_live_headline_is_the_final_quantity_or_not_shown(tmp_path) -> None:
    """Issue 24 §5: during a run some asked questions have no score yet; `overall` over the
    others would be another quantity (the demo showed 1.00 live and 0.375 at the end)."""
    import math

    from tests.helpers import run
    from vpt_tasks.isle_brick.metrics import isle_brick_headline
    from vpt_tasks.isle_brick.task import isle_brick
    from vpt_tasks.report.logs import sample_scores

    log = run(isle_brick(source="demo", grader="rules"), "vpt_tasks/random", tmp_path)
    scores = sample_scores(log)
    final = isle_brick_headline()(scores)
    assert final["overall"] == log.results.scores[0].metrics["overall"].value
    # the samples done first in a run: every question but Q7
    partial = [s for s in scores if s.sample_metadata["question_id"] != "Q7"]
    assert math.isnan(isle_brick_headline()(partial)["overall"])
    # every question answered at least once: the same quantity as the final one
    some = [
        s for s in scores if s.sample_metadata["scene_id"] == scores[0].sample_metadata["scene_id"]
    ]
    assert not math.isnan(isle_brick_headline()(some)["overall"])


def test_the_log_records_the_bootstraps_resamples_and_seed(tmp_path) -> None:
    from tests.helpers import run
    from vpt_tasks.core.stats import DEFAULT_RESAMPLES, DEFAULT_SEED
    from vpt_tasks.isle_brick.task import isle_brick

    log = run(
        isle_brick(source="demo", questions="Q4", grader="rules"), "vpt_tasks/random", tmp_path
    )
    recorded = {"resamples": DEFAULT_RESAMPLES, "seed": DEFAULT_SEED}
    assert log.results.scores[0].metrics["overall_ci_low"].params == recorded
    assert log.eval.scorers[0].metrics[0].options == recorded

"""Isle-Brick-V2 details give the paper's item-level intervals beside the clustered ones."""

from __future__ import annotations

import numpy as np
import pytest
from inspect_ai.scorer import SampleScore, Score

from vpt_tasks.core.stats import bootstrap_pooled_items
from vpt_tasks.isle_brick.metrics import details
from vpt_tasks.isle_brick.spec import load_spec


def _scores(scenes: int = 60) -> list[SampleScore]:
    """Random right/wrong answers to the seven questions of `scenes` scenes (ids s00, s01, ...)."""
    spec = load_spec()
    rng = np.random.default_rng(5)
    scores = []
    for scene in range(scenes):
        for qid in spec.question_ids:
            question = spec.questions[qid]
            scores.append(
                SampleScore(
                    score=Score(value=float(rng.integers(0, 2)), metadata={}),
                    sample_id=f"s{scene:02d}/{qid}",
                    sample_metadata={
                        "scene_id": f"s{scene:02d}",
                        "question_id": qid,
                        "category": question.category,
                        "gold": [question.pool[0]],
                        "pool_size": len(question.pool),
                        "questions_asked": list(spec.question_ids),
                    },
                )
            )
    return scores


def test_categories_and_overall_get_item_level_intervals() -> None:
    scores = _scores()
    got = details(scores)
    spec = load_spec()
    ids = list(spec.question_ids)
    values = {
        qid: [s.score.value for s in scores if s.sample_metadata["question_id"] == qid]
        for qid in ids
    }
    matrix = np.array([[values[qid][i] for qid in ids] for i in range(60)], dtype=float)
    expected = bootstrap_pooled_items(matrix, {"overall": list(range(len(ids)))})["overall"]
    assert (got["overall_item_ci_low"], got["overall_item_ci_high"]) == pytest.approx(
        (expected.low, expected.high)
    )
    categories = {q.category for q in spec.questions.values()}
    for category in categories:
        assert got[f"{category}_item_ci_low"] <= got[category] <= got[f"{category}_item_ci_high"]
    assert not any(k.startswith("Q") and "_item_ci_" in k for k in got)  # one item per scene


def test_the_report_says_which_interval_it_shows_and_gives_the_papers(tmp_path) -> None:
    from inspect_ai import eval

    from vpt_tasks.isle_brick.report import INTERVAL_NOTE, render
    from vpt_tasks.report.logs import fmt, log_details

    (log,) = eval(
        "vpt_tasks/isle_brick",
        task_args={"source": "demo", "grader": "rules"},
        model="vpt_tasks/random",
        log_dir=str(tmp_path),
        display="none",
    )
    text = "\n".join(render([log], tmp_path))
    assert INTERVAL_NOTE in text
    numbers = log_details(log)
    line = next(x for x in text.splitlines() if x.startswith("- vpt_tasks/random: "))
    assert (
        f"overall [{fmt(numbers['overall_item_ci_low'])}, {fmt(numbers['overall_item_ci_high'])}]"
        in line
    )

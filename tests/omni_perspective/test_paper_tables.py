"""The paper's Table 1 (question type × difficulty) and its first- vs third-person t-test."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pytest
from inspect_ai import eval
from inspect_ai.scorer import SampleScore, Score
from scipy.stats import ttest_rel

from vpt_tasks.omni_perspective.metrics import details, point_of_view_test
from vpt_tasks.omni_perspective.report import render


def _score(item: str, rotation: int, correct: bool, **meta: str) -> SampleScore:
    base = {"item_id": item, "rotation": rotation, "k": 4, "n_rotations": 4}
    return SampleScore(
        score=Score(value=1.0 if correct else 0.0),
        sample_id=f"{item}/r{rotation}",
        sample_metadata={**base, **meta},
    )


def test_table1_cells_are_question_type_by_difficulty() -> None:
    scores = [_score("a", r, True, qtype="1", difficulty="easy") for r in range(4)]
    scores += [_score("b", r, r < 1, qtype="1", difficulty="hard") for r in range(4)]
    scores += [_score("c", r, r < 3, qtype="3.5", difficulty="hard") for r in range(4)]
    scores += [_score("d", r, False, qtype="4") for r in range(4)]  # no difficulty: no cell
    got = details(scores)
    assert got["qtype_difficulty=1:easy/vanilla_accuracy"] == 1.0
    assert got["qtype_difficulty=1:hard/vanilla_accuracy"] == 0.25
    assert got["qtype_difficulty=3.5:hard/vanilla_accuracy"] == 0.75
    assert got["qtype_difficulty=3.5:hard/circular_accuracy"] == 0.0
    assert not any(k.startswith("qtype_difficulty=4") for k in got)


def test_point_of_view_test_is_scipy_paired_t_over_images_asked_both_ways() -> None:
    # per image: (first-person rotations right, third-person rotations right), out of 4 each
    right = {"i1": (4, 2), "i2": (3, 3), "i3": (2, 0), "i4": (4, 1), "i5": (1, 2)}
    scores = []
    for image, (first, third) in right.items():
        scores += [_score(f"{image}f", r, r < first, image_id=image, pov="first") for r in range(4)]
        scores += [_score(f"{image}t", r, r < third, image_id=image, pov="third") for r in range(4)]
    # an image asked only one way is not a pair
    scores += [_score("lonef", r, True, image_id="lone", pov="first") for r in range(4)]
    got = point_of_view_test(scores)
    first = [f / 4 for f, _ in right.values()]
    third = [t / 4 for _, t in right.values()]
    expected = ttest_rel(first, third)
    assert got["pov_pairs"] == 5
    assert got["pov_first_mean"] == pytest.approx(sum(first) / 5)
    assert got["pov_third_mean"] == pytest.approx(sum(third) / 5)
    assert got["pov_difference"] == pytest.approx((sum(first) - sum(third)) / 5)
    assert got["pov_t"] == pytest.approx(expected.statistic)
    assert got["pov_p"] == pytest.approx(expected.pvalue)
    assert details(scores)["pov_p"] == pytest.approx(expected.pvalue)


def test_point_of_view_test_abstains_where_it_is_undefined() -> None:
    one_way = [_score(f"x{i}", 0, True, image_id=f"x{i}", pov="first") for i in range(3)]
    assert point_of_view_test(one_way) == {}
    same = [
        _score("af", 0, True, image_id="a", pov="first"),
        _score("at", 0, True, image_id="a", pov="third"),
    ]
    same += [
        _score("bf", 0, False, image_id="b", pov="first"),
        _score("bt", 0, False, image_id="b", pov="third"),
    ]
    got = point_of_view_test(same)
    assert got["pov_pairs"] == 2 and got["pov_difference"] == 0.0
    assert math.isnan(got["pov_t"]) and math.isnan(got["pov_p"])  # no variation: no test


def test_report_prints_table1_and_the_test_from_one_run(
    tmp_path: Path, omni_dir: Callable[..., Path]
) -> None:
    from hf_datasets.builders.synthetic.omni_perspective import synthetic_items

    rows = synthetic_items(24, size=16, seed=3)
    firsts = [r for r in rows if r["prompt_pov"] == "first"]
    thirds = [r for r in rows if r["prompt_pov"] != "first"]
    for n, (a, b) in enumerate(zip(firsts, thirds, strict=False)):
        a["image_id"] = b["image_id"] = f"shared-{n}"
    (log,) = eval(
        "vpt_tasks/omni_perspective",
        task_args={"source": str(omni_dir(rows, name="pairs")), "grader": "rules"},
        model="vpt_tasks/random",
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success"
    text = "\n".join(render([log], tmp_path))
    assert "### Table 1: accuracy (%) by question type and difficulty" in text
    table = text.split("### Table 1", 1)[1]
    qtypes = {str(r["qtype"]).replace("Qtype ", "").strip() for r in rows}
    assert all(f"| {q} |" in table for q in qtypes)
    assert "paired t-test over images asked both ways" in text
    assert f"| {min(len(firsts), len(thirds))} |" in text.split("paired t-test", 1)[1]

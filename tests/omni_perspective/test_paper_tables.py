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


def _asked_both_ways(
    right: dict[str, tuple[int, int]], qtype: str, options: tuple[str, ...] = ("a", "b", "c", "d")
) -> list[SampleScore]:
    """Per question (one image): (first-person rotations right, third-person ones), of 4."""
    scores = []
    for image, (first, third) in right.items():
        common = {"image_id": image, "qtype": qtype, "n_images": 1, "option_texts": list(options)}
        scores += [
            _score(f"{image}{qtype}f", r, r < first, pov="first", **common) for r in range(4)
        ]
        scores += [
            _score(f"{image}{qtype}t", r, r < third, pov="third", **common) for r in range(4)
        ]
    return scores


def test_point_of_view_test_is_scipy_paired_t_over_perspective_questions_asked_both_ways() -> None:
    """The paper's test (004 §3.2, line 84): single image-prompt pairs of perspective-taking
    questions (Qtype 3, 3.5), each question asked in the first and the third person."""
    right = {"i1": (4, 2), "i2": (3, 3), "i3": (2, 0)}
    spatial = {"i4": (4, 1), "i5": (1, 2)}
    scores = _asked_both_ways(right, "3") + _asked_both_ways(spatial, "3.5")
    # a question asked only one way is not a pair
    scores += [
        _score("lonef", r, True, image_id="lone", pov="first", qtype="3", n_images=1)
        for r in range(4)
    ]
    got = point_of_view_test(scores)
    pairs = {**right, **spatial}.values()
    first = [f / 4 for f, _ in pairs]
    third = [t / 4 for _, t in pairs]
    expected = ttest_rel(first, third)
    assert got["pov_pairs"] == 5
    assert got["pov_first_mean"] == pytest.approx(sum(first) / 5)
    assert got["pov_third_mean"] == pytest.approx(sum(third) / 5)
    assert got["pov_difference"] == pytest.approx((sum(first) - sum(third)) / 5)
    assert got["pov_t"] == pytest.approx(expected.statistic)
    assert got["pov_p"] == pytest.approx(expected.pvalue)
    assert details(scores)["pov_p"] == pytest.approx(expected.pvalue)


def test_intention_questions_are_tested_apart_and_never_pooled() -> None:
    """Adding intention questions (Qtype 4) leaves the paper's test as it was; they get a test
    of their own (the project's), and a first-person question of one type is never paired
    with a third-person question of another type about the same image."""
    perspective = _asked_both_ways({"i1": (4, 0), "i2": (4, 1), "i3": (3, 0), "i4": (4, 0)}, "3")
    alone = point_of_view_test(perspective)
    intention = _asked_both_ways({f"i{k}": (0, 4) for k in range(1, 11)}, "4")
    pooled = point_of_view_test(perspective + intention)
    for key in ("pov_pairs", "pov_t", "pov_p", "pov_difference"):
        assert pooled[key] == alone[key]
    assert pooled["pov_intention_pairs"] == 10 and pooled["pov_intention_difference"] == -1.0
    assert math.isnan(pooled["pov_intention_p"])  # every difference the same: no t-test
    # image i1: first-person Qtype 3, third-person Qtype 4 -- no pair
    crossed = [s for s in perspective if s.sample_metadata["pov"] == "first"]
    crossed += [s for s in intention if s.sample_metadata["pov"] == "third"]
    assert point_of_view_test(crossed) == {}
    # two questions about one image with other options are two pairs, not one
    two = _asked_both_ways({"i1": (4, 0)}, "3") + _asked_both_ways(
        {"i1": (0, 4)}, "3", options=("w", "x", "y", "z")
    )
    assert point_of_view_test(two)["pov_pairs"] == 2
    # multi-image questions are not single image-prompt pairs
    multi = [
        SampleScore(
            score=s.score,
            sample_id=s.sample_id,
            sample_metadata={**s.sample_metadata, "n_images": 2},
        )
        for s in perspective
    ]
    assert point_of_view_test(multi) == {}


def test_point_of_view_test_abstains_where_it_is_undefined() -> None:
    one_way = [
        _score(f"x{i}", 0, True, image_id=f"x{i}", pov="first", qtype="3", n_images=1)
        for i in range(3)
    ]
    assert point_of_view_test(one_way) == {}
    same = _asked_both_ways({"a": (4, 4), "b": (0, 0)}, "3")
    got = point_of_view_test(same)
    assert got["pov_pairs"] == 2 and got["pov_difference"] == 0.0
    assert math.isnan(got["pov_t"]) and math.isnan(got["pov_p"])  # no variation: no test


def test_report_prints_table1_and_the_test_from_one_run(
    tmp_path: Path, omni_dir: Callable[..., Path]
) -> None:
    from hf_datasets.builders.synthetic.omni_perspective import synthetic_items

    rows = synthetic_items(24, size=16, seed=3)
    pairs = 0
    for qtype in ("Qtype 3", "Qtype 3.5", "Qtype 4"):
        firsts = [r for r in rows if r["qtype"] == qtype and r["prompt_pov"] == "first"]
        thirds = [r for r in rows if r["qtype"] == qtype and r["prompt_pov"] != "first"]
        for n, (a, b) in enumerate(zip(firsts, thirds, strict=False)):
            # the same question asked both ways: one image, the same options
            a["image_id"] = b["image_id"] = f"shared-{qtype}-{n}"
            b["choices"] = a["choices"]
            pairs += qtype != "Qtype 4"
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
    paper, intention = text.split("the paper's paired t-test", 1)[1].split("the project's test", 1)
    assert f"| vpt_tasks/random | {pairs} |" in paper
    assert "| vpt_tasks/random | 2 |" in intention

"""The run-level circular metric of Omni-Perspective, on hand-made sample scores."""

from __future__ import annotations

import pytest
from inspect_ai.scorer import SampleScore, Score

from vpt_tasks.omni_perspective.metrics import omni_circular
from vpt_tasks.scorers.circular import circular_summary


def _score(item: str, rotation: int, correct: bool, k: int = 4, n: int | None = None, **groups):
    meta = {"item_id": item, "rotation": rotation, "k": k, "n_rotations": k if n is None else n}
    return SampleScore(
        score=Score(value=1.0 if correct else 0.0),
        sample_id=f"{item}/r{rotation}",
        sample_metadata={**meta, **groups},
    )


def _compute(scores: list[SampleScore]) -> dict[str, float]:
    return omni_circular()(scores)  # type: ignore[return-value]


def test_circular_vanilla_and_rotation0_by_hand() -> None:
    scores = [_score("a", r, True, qtype="1", pov="first", difficulty="easy") for r in range(4)]
    scores += [_score("b", r, r != 2, qtype="1", pov="third", difficulty="hard") for r in range(4)]
    scores += [_score("c", r, r == 0, qtype="4", pov="third") for r in range(4)]
    got = _compute(scores)
    assert got["circular_accuracy"] == pytest.approx(1 / 3)
    assert got["vanilla_accuracy"] == pytest.approx(8 / 12)
    assert got["rotation0_accuracy"] == 1.0
    assert got["qtype=1/circular_accuracy"] == 0.5 and got["qtype=4/circular_accuracy"] == 0.0
    assert got["pov=third/vanilla_accuracy"] == pytest.approx(4 / 8)
    assert got["difficulty=easy/circular_accuracy"] == 1.0 and "difficulty=None/n_items" not in got
    assert got["chance_circular"] == pytest.approx(0.25**4) and got["chance_vanilla"] == 0.25
    assert got["incomplete_items"] == 0


def test_an_item_missing_a_rotation_fails_circularly_and_is_counted() -> None:
    scores = [_score("a", r, True) for r in (0, 1, 3)]  # rotation 2 errored or was cut by --limit
    scores += [_score("b", r, True) for r in range(4)]
    got = _compute(scores)
    assert got["circular_accuracy"] == 0.5 and got["incomplete_items"] == 1
    assert got["vanilla_accuracy"] == 1.0


def test_chance_with_mixed_numbers_of_options() -> None:
    scores = [_score("two", r, False, k=2) for r in range(2)]
    scores += [_score("four", r, False, k=4) for r in range(4)]
    got = _compute(scores)
    assert got["chance_circular"] == pytest.approx((0.25 + 0.25**4) / 2)
    assert got["chance_vanilla"] == pytest.approx((0.5 + 0.25) / 2)


def test_without_rotations_the_circular_keys_are_left_out() -> None:
    got = _compute([_score(i, 0, i == "a", n=1, qtype="3") for i in ("a", "b")])
    assert (
        not any(key.endswith("circular_accuracy") for key in got) and "chance_circular" not in got
    )
    assert got["vanilla_accuracy"] == got["rotation0_accuracy"] == 0.5
    assert got["qtype=3/vanilla_accuracy"] == 0.5


def test_epoch_means_below_one_are_not_correct() -> None:
    scores = [_score("a", r, True) for r in range(4)]
    scores[1] = SampleScore(
        score=Score(value=0.5), sample_id="a/r1", sample_metadata=scores[1].sample_metadata
    )
    assert _compute(scores)["circular_accuracy"] == 0.0


def test_circular_summary_takes_a_number_of_rotations_per_item() -> None:
    results = [("a", 0, True), ("a", 1, True), ("b", 0, True), ("b", 1, True)]
    assert circular_summary(results, n_rotations={"a": 2, "b": 4})["circular_accuracy"] == 0.5
    assert circular_summary(results, n_rotations={"a": 2, "b": 2})["circular_accuracy"] == 1.0
    assert circular_summary(results, n_rotations=2)["circular_accuracy"] == 1.0

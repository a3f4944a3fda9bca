"""The sampling error of the curve metrics (`comfort/sampling.py`).

The resampled metrics are computed by vectorised twins of `curves.py`; each resample's values
must be the very values `metrics.details` and the printed metric give for that resample's
predictions, on runs with missing frames, constant curves, unscored frames, epochs, probes,
both conventions, BALL and CAR.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
from inspect_ai.scorer import NOANSWER, SampleScore, Score

from vpt_tasks.comfort import sampling
from vpt_tasks.comfort.curves import FramePrediction, ProbePrediction
from vpt_tasks.comfort.geometry import RELATIONS, soft_ground_truth
from vpt_tasks.comfort.metrics import (
    _detail_draws,
    _headline_draws,
    comfort_headline,
    complete_predictions,
    details,
    predictions,
)
from vpt_tasks.comfort.task import SAMPLING_LEVEL, SAMPLING_RESAMPLES, SAMPLING_SEED

BALL_VARIATIONS = ("default", "color", "size")
CAR_RELATA = ("car", "horse")
FACINGS = ("comfort_car_ref_facing_left", "comfort_car_ref_facing_right")


def _scores(car: bool, seed: int, convention: str, epochs: int = 1) -> list[SampleScore]:
    """A run's sample scores: sampled frames (with counts), frames from log-probabilities,
    unscored frames, a constant curve, a curve missing a frame, probes."""
    rng = np.random.default_rng(seed)
    datasets = FACINGS if car else ("comfort_ball",)
    variations = CAR_RELATA if car else BALL_VARIATIONS
    prompts = ("nop", "cam", "add", "rel") if car else ("cam", "nop")
    scores = []
    for dataset in datasets:
        for relation in RELATIONS:
            for variation in variations:
                for prompt in prompts:
                    shape = rng.uniform(0.5, 4.0)
                    g = soft_ground_truth(relation, "camera_reflected")
                    constant = rng.random() < 0.1
                    for _epoch in range(epochs):
                        for i, theta in enumerate(range(-180, 190, 10)):
                            if relation == "behind" and variation == variations[-1] and i == 5:
                                continue  # a missing frame: the curve is incomplete
                            truth = (
                                0.6 if constant else 1 / (1 + math.exp(-shape * (g[i % 36] - 0.4)))
                            )
                            kind = rng.random()
                            meta = {}
                            if kind < 0.05:
                                value: float | str = NOANSWER
                                meta = {"method": "none"}
                            elif kind < 0.25 or constant:
                                value, meta = truth, {"method": "logprobs"}
                            else:
                                reads = int(rng.integers(1, 25))
                                yes = int(rng.binomial(reads, truth))
                                value = yes / reads
                                meta = {
                                    "method": "sampled",
                                    "n_yes": yes,
                                    "n_no": reads - yes,
                                    "n_unread": int(rng.integers(0, 3)),
                                }
                            scores.append(
                                SampleScore(
                                    score=Score(value=value, metadata=meta),
                                    sample_id=f"{dataset}/{relation}/{variation}/{prompt}/{i}",
                                    sample_metadata={
                                        "kind": "frame",
                                        "dataset": dataset,
                                        "relation": relation,
                                        "variation": variation,
                                        "prompt": prompt,
                                        "theta": theta,
                                        "curve_frames": 36,
                                        "convention": convention,
                                    },
                                )
                            )
                for present in (True, False):
                    reads = int(rng.integers(1, 20))
                    yes = int(rng.binomial(reads, 0.8 if present else 0.3))
                    scores.append(
                        SampleScore(
                            score=Score(
                                value=yes / reads,
                                metadata={"method": "sampled", "n_yes": yes, "n_no": reads - yes},
                            ),
                            sample_id=f"{dataset}/{relation}/{present}",
                            sample_metadata={"kind": "probe", "present": present},
                        )
                    )
    return scores


def _resample_scores(scores: list[SampleScore], values: np.ndarray) -> list[SampleScore]:
    """The run's scores with each prediction's value replaced (as if from log-probabilities,
    so that the scalar metrics compute no intervals of their own)."""
    out, column = [], 0
    for score in scores:
        if (score.sample_metadata or {}).get("kind") not in ("frame", "probe"):
            out.append(score)
            continue
        value = values[column]
        column += 1
        new = Score(value=NOANSWER if math.isnan(value) else float(value), metadata={})
        out.append(score.model_copy(update={"score": new}))
    return out


@pytest.mark.parametrize(
    ("car", "convention", "epochs"),
    [(False, "paper", 1), (False, "code", 2), (True, "paper", 1), (True, "code", 1)],
)
def test_every_resample_equals_the_scalar_metrics(car: bool, convention: str, epochs: int) -> None:
    scores = _scores(car, seed=3 if car else 4, convention=convention, epochs=epochs)
    all_preds = predictions(scores)
    assert any(p.reads for p in all_preds) and any(p.p is None for p in all_preds)
    values = sampling.resampled(all_preds, resamples=6, seed=1)
    kept, positions = complete_predictions(scores)[0], _kept_positions(scores)
    assert len(kept) == len(positions) < len(all_preds)  # the incomplete curve is left out
    detail = _with_values(values[:, positions], lambda: _detail_draws(kept, convention))
    printed = _with_values(values[:, positions], lambda: _headline_draws(kept, convention, "cam"))
    task = "comfort_car" if car else "comfort_ball"
    headline = comfort_headline(task_name=task, convention=convention, headline="cam")
    compared = 0
    for b in range(values.shape[0]):
        resample = _resample_scores(scores, values[b])
        every = details(resample)
        for draws, scalar in ((detail, every), (printed, headline(resample))):
            for name, value in scalar.items():
                if name not in draws:
                    continue
                compared += 1
                assert draws[name][0][b] == pytest.approx(value, abs=1e-12), (name, b)
        for name, series in detail.items():  # undefined in the scalar: NaN in the draw
            if name not in every:
                assert math.isnan(series[0][b]), (name, b)
    assert compared > 100 * values.shape[0]


def _kept_positions(scores: list[SampleScore]) -> list[int]:
    all_preds = predictions(scores)
    kept = complete_predictions(scores)[0]
    positions, start = [], 0
    for pred in kept:
        while all_preds[start] != pred:
            start += 1
        positions.append(start)
        start += 1
    return positions


def _with_values(values, compute):
    """`compute()` with `sampling.resampled` returning `values` (the draws to compare)."""
    original = sampling.resampled
    sampling.resampled = lambda *args, **kwargs: values  # type: ignore[assignment]
    try:
        return compute()
    finally:
        sampling.resampled = original


def test_resampling_redraws_only_sampled_predictions() -> None:
    preds = [
        FramePrediction("comfort_ball", "behind", "default", "cam", 0, 0.25, reads=8),
        FramePrediction("comfort_ball", "behind", "default", "cam", 10, 0.9),
        FramePrediction("comfort_ball", "behind", "default", "cam", 20, None),
        ProbePrediction(True, 1.0, reads=5),
    ]
    values = sampling.resampled(preds, resamples=4000, seed=2)
    assert values.shape == (4001, 4)
    assert values[0, 0] == 0.25 and values[0, 1] == 0.9  # row 0: the run's own values
    assert np.all(values[:, 1] == 0.9) and np.all(np.isnan(values[:, 2]))
    assert np.all(values[:, 3] == 1.0)  # 5 of 5: Binomial(5, 1) is always 5
    draws = values[1:, 0]
    assert set(np.unique(draws * 8)) <= set(range(9))
    assert draws.mean() == pytest.approx(0.25, abs=0.01)
    assert draws.var() == pytest.approx(0.25 * 0.75 / 8, rel=0.1)
    again = sampling.resampled(preds, resamples=4000, seed=2)
    assert np.array_equal(values, again, equal_nan=True)  # seeded


def test_root_mean_squares_are_corrected_on_their_square() -> None:
    """Noise adds to a mean square: a metric of 0.5 whose resamples have a mean square of
    0.34 (0.2 and 0.8, 0.5 on average) carries 0.34 - 0.25 = 0.09 of noise in its square, so
    its corrected value is sqrt(0.25 - 0.09) = 0.4; a share of thresholded p-hat (acc) is
    left as it is."""
    values = np.array([0.5, *([0.2, 0.8] * 50)])
    computed, corrected = sampling._corrected("eta", values)
    assert np.array_equal(computed, values)
    assert corrected[0] == pytest.approx(0.4)
    assert corrected[1] == 0.0  # 0.04 - 0.09: no negative square
    assert corrected[2] == pytest.approx(math.sqrt(0.64 - 0.09))
    small = sampling._corrected("eta", np.array([0.2, *([0.2, 0.8] * 50)]))[1]
    assert small[0] == 0.0  # the noise outweighs the value: no negative square
    accuracy = np.array([0.8, *([0.7, 0.75] * 50)])
    assert np.array_equal(sampling._corrected("acc", accuracy)[1], accuracy)


def test_interval_is_around_the_corrected_value_widened_by_half_the_correction() -> None:
    resamples = np.array([0.30, 0.32, 0.34, 0.36, 0.38] * 40)
    draws = {
        "eta": sampling._corrected("eta", np.array([0.30, *resamples])),
        "acc": sampling._corrected("acc", np.array([0.98, *([0.95, 1.0] * 100)])),
        "transformation/preferred/reflected": np.stack([np.array([1.0] * 151 + [0.0] * 50)] * 2),
        "eps_cos": np.full((2, 201), np.nan),
    }
    point = {
        "eta": 0.30,
        "acc": 0.98,
        "transformation/preferred/reflected": 1.0,
        "eps_cos": 0.2,
        "n_frames": 36.0,
    }
    out = sampling.interval_metrics(point, draws)
    corrected = float(draws["eta"][1][0])
    assert out["eta_sampling_corrected"] == pytest.approx(corrected)
    assert corrected < 0.30  # the resamples' inflation taken off
    half = 1.959963984540054 * float(np.std(resamples)) + (0.30 - corrected) / 2
    assert out["eta_sampling_ci_low"] == pytest.approx(corrected - half)
    assert out["eta_sampling_ci_high"] == pytest.approx(corrected + half)
    assert out["acc_sampling_ci_high"] == 1.0  # clipped to the metric's range
    assert out["transformation/preferred/reflected_sampling_share"] == 0.75
    assert "eps_cos_sampling_ci_low" not in out  # undefined in every resample
    assert not any(k.startswith("n_frames") for k in out)


def test_the_task_records_the_resampling_the_metrics_use() -> None:
    assert (SAMPLING_LEVEL, SAMPLING_RESAMPLES, SAMPLING_SEED) == (
        sampling.LEVEL,
        sampling.RESAMPLES,
        sampling.SEED,
    )


def test_reads_are_taken_from_sampled_scores_only() -> None:
    meta = {
        "kind": "frame",
        "dataset": "comfort_ball",
        "relation": "behind",
        "variation": "default",
        "prompt": "cam",
        "theta": 0,
    }
    sampled = SampleScore(
        score=Score(value=0.75, metadata={"method": "sampled", "n_yes": 3, "n_no": 1}),
        sample_metadata=meta,
    )
    logprobs = SampleScore(
        score=Score(value=0.75, metadata={"method": "logprobs"}), sample_metadata=meta
    )
    unread = SampleScore(
        score=Score(value=NOANSWER, metadata={"method": "sampled", "n_yes": 0, "n_no": 0}),
        sample_metadata=meta,
    )
    first, second, third = predictions([sampled, logprobs, unread])
    assert (first.reads, second.reads, third.reads, third.p) == (4, None, None, None)
    assert replace(first, reads=None) == second

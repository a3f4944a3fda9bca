"""The released code reproduced under `convention=code`, and every deliberate difference from it.

One test per row of the "Differences from the paper's released code" table in
src/vpt_tasks/comfort/README.md. `released_c_opp` below restates, independently,
what the released `spatial_eval.eval_metrics` computes for c_opp (the mean of
`reverse_relation_symmetry_metric` over the Yes and the No token, each curve
normalised by `normalize_data` with its epsilon guard), so that the task's
`convention=code` value can be checked against it on many curves.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from vpt_tasks.comfort.curves import (
    FramePrediction,
    comfort_summary,
    minmax_normalise,
    opposite_consistency,
    opposite_consistency_code,
    variation_spread,
)
from vpt_tasks.comfort.geometry import hemisphere_ground_truth, soft_ground_truth
from vpt_tasks.scorers.yes_probability import logprob_yes_probability

BALL = "comfort_ball"
THETAS = range(-180, 190, 10)  # the 37 frames as asked


def _curve(relation: str, p37: list[float | None], variation: str = "default"):
    return [
        FramePrediction(BALL, relation, variation, "cam", theta, p)
        for theta, p in zip(THETAS, p37, strict=True)
    ]


def _closed(p36) -> list[float]:
    """37 frames: frame 36 repeats frame 0, as the data does."""
    return [*map(float, p36), float(p36[0])]


def released_c_opp(p_left37: np.ndarray, p_right37: np.ndarray) -> float:
    """c_opp of the released code for one pair of opposite curves of 37 frames.

    For each token t in (Yes, No): likelihoods P(t) (P(No) = 1 - P(Yes)),
    min-max normalised over the 37 frames with a zero range replaced by
    1e-6, frame 36 dropped, residual a[i] + b[(i + 18) mod 36] - 1, root mean
    square over the 36 frames; the two tokens' values averaged.
    """

    def normalise(x: np.ndarray) -> np.ndarray:
        span = x.max() - x.min()
        return (x - x.min()) / (span if span != 0 else 1e-6)

    values = []
    for a, b in ((p_left37, p_right37), (1 - p_left37, 1 - p_right37)):
        na, nb = normalise(a)[:36], normalise(b)[:36]
        residual = na + nb[(np.arange(36) + 18) % 36] - 1
        values.append(math.sqrt(float(np.sum(residual**2)) / 36))
    return sum(values) / 2


def test_c_opp_example_of_the_issue_code_0683_paper_05() -> None:
    """Left p = 1 on all frames; right p = 1 on frames 0-26, 0 on 27-35 (frame 36 = frame 0)."""
    left = _closed([1.0] * 36)
    right = _closed([1.0] * 27 + [0.0] * 9)
    preds = _curve("totheleft", left) + _curve("totheright", right)
    code = comfort_summary(preds, convention="code")
    paper = comfort_summary(preds, convention="paper")
    assert round(code["c_opp"], 3) == 0.683 and code["c_opp/totheleft"] == pytest.approx(
        (0.5 + math.sqrt(27 / 36)) / 2
    )
    assert paper["c_opp"] == pytest.approx(0.5) and paper["c_opp/totheright"] == pytest.approx(0.5)
    assert released_c_opp(np.array(left), np.array(right)) == pytest.approx(code["c_opp"])


def test_code_c_opp_equals_the_released_formula_on_many_curves() -> None:
    rng = np.random.default_rng(7)
    for trial in range(200):
        pair = []
        for _ in range(2):
            kind = trial % 4
            if kind == 0:
                p = rng.random(36)
            elif kind == 1:  # flat
                p = np.full(36, rng.random())
            elif kind == 2:  # two levels
                p = np.where(rng.random(36) > 0.5, 1.0, rng.random())
            else:
                p = (np.cos(np.deg2rad(np.arange(36) * 10 + rng.integers(0, 36) * 10)) + 1) / 2
            pair.append(p)
        a37, b37 = np.append(pair[0], pair[0][0]), np.append(pair[1], pair[1][0])
        assert opposite_consistency_code(pair[0], pair[1]) == pytest.approx(
            released_c_opp(a37, b37), abs=1e-12
        )
        # the paper's formula is the Yes version alone
        assert opposite_consistency(
            minmax_normalise(pair[0]), minmax_normalise(pair[1])
        ) == pytest.approx(
            math.sqrt(
                np.mean(
                    (minmax_normalise(pair[0]) + np.roll(minmax_normalise(pair[1]), -18) - 1) ** 2
                )
            )
        )


def test_difference_run_means_over_defined_curves() -> None:
    """The code's np.mean makes the run's eta NaN when one curve is flat (0 / 0 under its
    smoothness normalisation); here the mean is over the defined curves, the rest counted."""
    flat = _closed([0.7] * 36)
    varying = _closed(soft_ground_truth("behind", "camera_reflected"))
    summary = comfort_summary(
        _curve("totheleft", flat) + _curve("behind", varying), convention="code"
    )
    alone = comfort_summary(_curve("behind", varying), convention="code")
    assert summary["eta"] == pytest.approx(alone["eta"]) and math.isfinite(summary["eta"])
    assert summary["skipped/eta"] == 1 and summary["eta/totheleft"] is None


def test_difference_normalisation_over_36_frames_not_37() -> None:
    """Frame 36 shows frame 0's scene; a different p there (a non-deterministic model) would
    change the code's 37-frame normalisation. Here the 36 frames are normalised."""
    p36 = np.linspace(0.2, 0.6, 36)
    p37 = [*p36, 1.0]  # frame 36 answered differently from frame 0
    summary = comfort_summary(_curve("behind", p37))
    g = soft_ground_truth("behind", "camera_reflected")
    over36 = (p36 - p36.min()) / (p36.max() - p36.min())
    over37 = (p36 - p36.min()) / (1.0 - p36.min())
    assert summary["eps_cos"] == pytest.approx(math.sqrt(np.mean((over36 - g) ** 2)))
    assert summary["eps_cos"] != pytest.approx(math.sqrt(np.mean((over37 - g) ** 2)))


def test_difference_frames_without_yes_or_no_are_dropped() -> None:
    """The code makes P(Yes) = 0 / 0 there (NaN: epsilon becomes NaN) or counts "no"; here the
    frame is a missing point: metrics over the answered frames, the sample counted unscored."""
    h = hemisphere_ground_truth("totheleft", "camera_reflected")
    p = [float(v) for v in h]
    first_yes = p.index(1.0)
    p[first_yes] = None  # unscored where the truth is "yes"
    summary = comfort_summary(_curve("totheleft", [*p, p[0]]))
    assert summary["acc"] == 1.0  # counted as "no" it would be 35 / 36
    assert summary["n_unscored"] == 1 and summary["n_frames"] == 35
    assert math.isfinite(summary["eps_cos"]) and math.isfinite(summary["eps_hemi"])


def test_difference_token_variants_are_summed() -> None:
    """The code's GPT-4o wrapper matches Yes/yes/YES (and No/no/NO) after stripping "_" and
    spaces; here every case and word-marker variant counts, each distinct token once."""
    top = [
        ("\u2581Yes", math.log(0.3)),  # SentencePiece marker: not matched by the code
        (" yes", math.log(0.2)),
        ("yEs", math.log(0.1)),
        ("No", math.log(0.3)),
        ("NO", math.log(0.1)),
        (" yes", math.log(0.2)),  # a repeated token counts once
    ]
    assert logprob_yes_probability(top) == pytest.approx(0.6 / 1.0)


def test_difference_sigma_of_one_variation_is_undefined() -> None:
    """The code's standard deviation over a single variation is 0; a spread of one curve is
    undefined here (left out of the log, counted under skipped/sigma), never 0.0 and never NaN."""
    summary = comfort_summary(_curve("behind", _closed(np.linspace(0, 1, 36))))
    assert summary["sigma"] is None and summary["skipped/sigma"] == 1
    assert math.isnan(variation_spread([np.linspace(0, 1, 36)]))
    two = comfort_summary(
        _curve("behind", _closed(np.linspace(0, 1, 36)))
        + _curve("behind", _closed(np.linspace(0, 1, 36)), variation="color")
    )
    assert two["sigma"] == 0.0

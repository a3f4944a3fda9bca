"""Tests of the COMFORT metrics: acceptance numbers, hand-computed cases,
missing frames, NaN-free aggregation and the three analyses."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import numpy as np
import pytest
from inspect_ai.model import Logprob, Logprobs, ModelOutput, TopLogprob
from scipy.signal import butter, filtfilt

from vpt_tasks.comfort.curves import (
    CurveKey,
    FramePrediction,
    ProbePrediction,
    accuracy,
    aggregate,
    build_curves,
    comfort_summary,
    ground_truth_error,
    minmax_normalise,
    object_f1,
    opposite_consistency,
    perspective_taking,
    preferred_frame_of_reference,
    preferred_transformation,
    score_curves,
    sigma_by_relation,
    smoothness,
    symmetry_consistency,
    variation_spread,
)
from vpt_tasks.comfort.geometry import (
    FRAMES_OF_REFERENCE,
    RELATIONS,
    THETAS,
    hemisphere_ground_truth,
    soft_ground_truth,
)
from vpt_tasks.scorers.yes_probability import yes_probability_from_output

BALL = "comfort_ball"
LEFT = "comfort_car_ref_facing_left"
RIGHT = "comfort_car_ref_facing_right"
BALL_VARIATIONS = ("default", "color", "size", "cam_position", "distractor")
ALL_THETAS = range(-180, 190, 10)  # the 37 frames as the data holds them


def pct(value: float | None) -> float:
    assert value is not None
    return round(value * 100, 1)


def curve_predictions(
    p_of: Callable[[str, int], float | None],
    dataset: str = BALL,
    prompt: str = "cam",
    relations: Iterable[str] = RELATIONS,
    variations: Iterable[str] = ("default",),
) -> list[FramePrediction]:
    """FramePredictions of all 37 frames; p_of(relation, frame index) gives p."""
    return [
        FramePrediction(dataset, r, v, prompt, theta, p_of(r, (theta + 180) // 10 % 36))
        for r in relations
        for v in variations
        for theta in ALL_THETAS
    ]


def gt_predictions(frame: str, kind: str = "g", **kwargs) -> list[FramePrediction]:
    fn = soft_ground_truth if kind == "g" else hemisphere_ground_truth
    return curve_predictions(lambda r, i: float(fn(r, frame)[i]), **kwargs)


def no_nan(summary: dict[str, float | None]) -> bool:
    return all(v is None or math.isfinite(v) for v in summary.values())


# --------------------------------------------------------------------------
# acceptance numbers (acceptance.md, paper Table 5)


def always_yes_output() -> ModelOutput:
    output = ModelOutput.from_content(model="always-yes", content="Yes")
    output.choices[0].logprobs = Logprobs(
        content=[
            Logprob(token="Yes", logprob=0.0, top_logprobs=[TopLogprob(token="Yes", logprob=0.0)])
        ]
    )
    return output


def test_always_yes_row_paper() -> None:
    # Through the run's path: model output -> p -> FramePrediction -> summary.
    p, how = yes_probability_from_output(always_yes_output())
    assert (p, how) == (1.0, "logprobs")
    # Table 5's row: the 4 relations of the BALL data, cam prompt, camera (reflected) GT.
    summary = comfort_summary(curve_predictions(lambda r, i: p, variations=BALL_VARIATIONS))
    assert pct(summary["acc"]) == 47.2
    assert pct(summary["eps_cos"]) == 61.2
    assert pct(summary["eps_hemi"]) == 68.7
    assert pct(summary["sigma"]) == 0.0
    assert pct(summary["eta"]) == 0.0
    assert pct(summary["c_sym"]) == 0.0
    assert pct(summary["c_opp"]) == 100.0


def test_always_yes_row_code_convention() -> None:
    summary = comfort_summary(curve_predictions(lambda r, i: 1.0), convention="code")
    assert pct(summary["acc"]) == 47.2
    assert pct(summary["eps_cos"]) == 60.4
    assert pct(summary["eps_hemi"]) == 67.8
    assert summary["eta"] is None and summary["sigma"] is None
    assert summary["skipped/eta"] == 4 and summary["skipped/sigma"] == 4
    # c_sym / c_opp use the epsilon-guarded normalisation in the code: still defined
    assert pct(summary["c_sym"]) == 0.0 and pct(summary["c_opp"]) == 100.0
    assert no_nan(summary)


def test_always_yes_exact_values() -> None:
    # p-hat = 0: eps_cos = sqrt(mean g^2) = sqrt(3/8), eps_hemi = sqrt(17/36);
    # the code divides the 36-frame sums by 37.
    paper = comfort_summary(curve_predictions(lambda r, i: 1.0))
    code = comfort_summary(curve_predictions(lambda r, i: 1.0), convention="code")
    assert paper["acc"] == pytest.approx(17 / 36)
    assert paper["eps_cos"] == pytest.approx(math.sqrt(13.5 / 36))
    assert paper["eps_hemi"] == pytest.approx(math.sqrt(17 / 36))
    assert code["eps_cos"] == pytest.approx(math.sqrt(13.5 / 37))
    assert code["eps_hemi"] == pytest.approx(math.sqrt(17 / 37))


@pytest.mark.parametrize("dataset", [BALL, LEFT])
@pytest.mark.parametrize("frame", sorted(FRAMES_OF_REFERENCE))
def test_always_yes_is_the_same_for_any_frame_and_variations(dataset: str, frame: str) -> None:
    preds = curve_predictions(lambda r, i: 1.0, dataset=dataset, variations=BALL_VARIATIONS)
    summary = comfort_summary(preds, ground_truth_for=frame)
    assert summary["n_curves"] == 20
    assert [
        pct(summary[k]) for k in ("acc", "eps_cos", "eps_hemi", "sigma", "eta", "c_sym", "c_opp")
    ] == [47.2, 61.2, 68.7, 0.0, 0.0, 0.0, 100.0]


def test_always_yes_car_mean_of_both_facings() -> None:
    preds = [
        pred
        for dataset in (LEFT, RIGHT)
        for pred in curve_predictions(
            lambda r, i: 1.0, dataset=dataset, variations=("horse", "car")
        )
    ]
    summary = comfort_summary(preds)
    assert pct(summary["acc"]) == 47.2 and pct(summary["eps_cos"]) == 61.2


def test_object_f1_acceptance() -> None:
    probes_yes = [ProbePrediction(present, 1.0) for present in (True, False) for _ in range(10)]
    probes_no = [ProbePrediction(present, 0.0) for present in (True, False) for _ in range(10)]
    assert pct(object_f1(probes_yes)) == 66.7
    assert object_f1(probes_no) == 0.0
    summary = comfort_summary(curve_predictions(lambda r, i: 1.0) + probes_yes)
    assert pct(summary["object_f1"]) == 66.7


def test_ideal_soft_curves() -> None:
    summary = comfort_summary(gt_predictions("camera_reflected", "g"))
    assert pct(summary["acc"]) == 100.0
    assert pct(summary["eps_cos"]) == 0.0
    assert pct(summary["c_sym"]) == 0.0
    assert pct(summary["c_opp"]) == 0.0
    assert pct(summary["eps_hemi"]) == 24.0


def test_ideal_hemisphere_curves() -> None:
    summary = comfort_summary(gt_predictions("camera_reflected", "h"))
    assert pct(summary["acc"]) == 100.0
    assert pct(summary["eps_hemi"]) == 0.0
    assert pct(summary["eps_cos"]) == 24.0


# --------------------------------------------------------------------------
# per-curve functions, hand-computed


def test_minmax_normalise() -> None:
    np.testing.assert_allclose(minmax_normalise([0.2, 0.4, 0.6, np.nan]), [0.0, 0.5, 1.0, np.nan])
    np.testing.assert_array_equal(minmax_normalise([0.7, 0.7, np.nan]), [0.0, 0.0, np.nan])
    assert np.isnan(minmax_normalise([0.7, 0.7], constant="nan")).all()
    assert np.isnan(minmax_normalise([np.nan, np.nan])).all()


def test_accuracy_on_raw_p() -> None:
    # 0.5 is not > 0.5, so it predicts "no"; the missing frame is left out.
    assert accuracy([0.6, 0.4, 0.5, np.nan], [1, 0, 1, 0]) == pytest.approx(2 / 3)
    # raw, not normalised: a curve between 0.1 and 0.4 always predicts "no"
    assert accuracy([0.1, 0.4], [0, 1]) == 0.5
    assert math.isnan(accuracy([np.nan], [1]))


def test_ground_truth_error() -> None:
    assert ground_truth_error([0, 0, 0, 1], [1, 1, 1, 1]) == pytest.approx(math.sqrt(3 / 4))
    assert ground_truth_error([0, 0, 0, 1], [1, 1, 1, 1], "code") == pytest.approx(math.sqrt(3 / 5))
    # missing frame: over the 2 available frames (code: / (2 + 1))
    assert ground_truth_error([0, np.nan, 1], [1, 1, 1]) == pytest.approx(math.sqrt(1 / 2))
    assert ground_truth_error([0, np.nan, 1], [1, 1, 1], "code") == pytest.approx(math.sqrt(1 / 3))
    assert math.isnan(ground_truth_error([np.nan], [1]))
    with pytest.raises(ValueError):
        ground_truth_error([0], [1], "other")  # type: ignore[arg-type]


def test_symmetry_consistency() -> None:
    p = np.zeros(36)
    p[0] = p[18] = 1.0  # theta = -180 and 0 have no partner
    assert symmetry_consistency(p) == 0.0
    p[1] = 1.0  # theta = -170 vs 170
    assert symmetry_consistency(p) == pytest.approx(math.sqrt(1 / 17))
    p[17] = 0.5  # theta = -10 vs 10
    assert symmetry_consistency(p) == pytest.approx(math.sqrt(1.25 / 17))
    # a pair with a missing frame is dropped: 16 pairs remain
    p[35] = np.nan
    assert symmetry_consistency(p) == pytest.approx(math.sqrt(0.25 / 16))
    with pytest.raises(ValueError):
        symmetry_consistency(np.zeros(37))


def test_opposite_consistency() -> None:
    zeros, ones = np.zeros(36), np.ones(36)
    assert opposite_consistency(zeros, ones) == 0.0
    assert opposite_consistency(ones, ones) == 1.0
    assert opposite_consistency(zeros, zeros) == 1.0
    # index i of r pairs with index i + 18 of r'
    a, b = np.zeros(36), np.ones(36)
    a[0], b[18] = 1.0, 0.0
    assert opposite_consistency(a, b) == 0.0
    a[20] = 1.0  # pairs with b[(20 + 18) % 36] = b[2] = 1 -> residual 1
    assert opposite_consistency(a, b) == pytest.approx(math.sqrt(1 / 36))
    b[2] = np.nan  # that index pair is dropped
    assert opposite_consistency(a, b) == 0.0


def test_smoothness() -> None:
    assert smoothness(np.zeros(36)) == 0.0
    # the Nyquist-frequency zigzag is removed by the filter: filtered ~ 0.5
    zigzag = np.tile([0.0, 1.0], 18)
    b, a = butter(5, 0.2)
    expected = math.sqrt(np.mean((zigzag - filtfilt(b, a, zigzag)) ** 2))
    assert smoothness(zigzag) == pytest.approx(expected)
    assert smoothness(zigzag) == pytest.approx(0.5, abs=0.01)
    # one slow cosine period passes almost unchanged
    assert smoothness((np.cos(np.deg2rad(THETAS)) + 1) / 2) < 0.01
    # undefined on an incomplete curve or a NaN (code-convention constant) curve
    gap = zigzag.copy()
    gap[5] = np.nan
    assert math.isnan(smoothness(gap))


def test_variation_spread() -> None:
    assert variation_spread([np.zeros(36), np.ones(36)]) == pytest.approx(0.5)
    three = [np.zeros(36), np.zeros(36), np.ones(36)]  # mean 1/3: sqrt((1/9 + 1/9 + 4/9) / 3)
    assert variation_spread(three) == pytest.approx(math.sqrt(2 / 9))
    assert variation_spread([np.full(36, 0.3)] * 4) == 0.0
    assert math.isnan(variation_spread([np.full(36, 0.3)]))  # one variation: no spread
    # missing entry: frame 0 has one variation (deviation 0); 71 entries in all
    second = np.ones(36)
    second[0] = np.nan
    assert variation_spread([np.zeros(36), second]) == pytest.approx(math.sqrt(35 * 2 * 0.25 / 71))


def test_object_f1_hand_computed() -> None:
    probes = [
        ProbePrediction(True, 0.9),  # TP
        ProbePrediction(True, 0.5),  # TP (p >= 0.5 is yes)
        ProbePrediction(True, 0.2),  # FN
        ProbePrediction(False, 0.7),  # FP
        ProbePrediction(False, 0.1),  # TN
        ProbePrediction(False, None),  # unscored, left out
    ]
    assert object_f1(probes) == pytest.approx(2 / 3)  # P = R = 2/3
    assert math.isnan(object_f1([ProbePrediction(True, None)]))


def test_build_curves() -> None:
    preds = [
        FramePrediction(BALL, "behind", "default", "cam", -180, 0.2),
        FramePrediction(BALL, "behind", "default", "cam", -180, 0.4),  # second epoch
        FramePrediction(BALL, "behind", "default", "cam", -170, None),  # unscored
        FramePrediction(BALL, "behind", "default", "cam", 180, 0.9),  # frame 36, dropped
    ]
    curves = build_curves(preds)
    key = CurveKey(BALL, "cam", "behind", "default")
    assert list(curves) == [key]
    assert curves[key].shape == (36,)
    assert curves[key][0] == pytest.approx(0.3)
    assert np.isnan(curves[key][1:]).all()
    with pytest.raises(ValueError):
        build_curves([FramePrediction(BALL, "above", "default", "cam", 0, 0.5)])
    with pytest.raises(ValueError):
        build_curves([FramePrediction(BALL, "behind", "default", "cam", 5, 0.5)])


def test_aggregate_equal_weight_per_dataset_and_nan_free() -> None:
    values = [("a", 1.0), ("a", 3.0), ("b", 10.0), ("b", math.nan)]
    assert aggregate(values) == (6.0, 1)  # mean(mean(1, 3), 10)
    assert aggregate([("a", math.nan)]) == (None, 1)
    assert aggregate([]) == (None, 0)


# --------------------------------------------------------------------------
# constant curves, missing frames, unscored samples


def test_constant_curve() -> None:
    key = CurveKey(BALL, "cam", "totheleft", "default")
    curves = {key: np.full(36, 0.3)}
    paper = score_curves(curves, lambda k: "camera_reflected")[0]
    code = score_curves(curves, lambda k: "camera_reflected", "code")[0]
    assert paper.acc == pytest.approx(19 / 36)  # always "no": right on the 19 negatives
    assert paper.eta == 0.0 and math.isnan(code.eta)
    assert paper.eps_cos == pytest.approx(math.sqrt(13.5 / 36))
    assert code.eps_cos == pytest.approx(math.sqrt(13.5 / 37))
    assert paper.c_sym == code.c_sym == 0.0
    assert math.isnan(paper.c_opp)  # no opposite curve given
    # a spread needs two variations: one variation is undefined, never 0.0
    assert math.isnan(sigma_by_relation(curves)[(BALL, "cam", "totheleft")])
    two = {**curves, CurveKey(BALL, "cam", "totheleft", "color"): np.full(36, 0.3)}
    assert sigma_by_relation(two)[(BALL, "cam", "totheleft")] == 0.0
    assert math.isnan(sigma_by_relation(two, "code")[(BALL, "cam", "totheleft")])


def test_code_sigma_undefined_when_one_variation_is_constant() -> None:
    g = soft_ground_truth("behind", "camera_reflected")
    curves = {
        CurveKey(BALL, "cam", "behind", "default"): g,
        CurveKey(BALL, "cam", "behind", "color"): np.full(36, 1.0),
        CurveKey(BALL, "cam", "totheleft", "default"): soft_ground_truth(
            "totheleft", "camera_reflected"
        ),
        CurveKey(BALL, "cam", "totheleft", "color"): soft_ground_truth(
            "totheleft", "camera_reflected"
        ),
    }
    paper = sigma_by_relation(curves)
    code = sigma_by_relation(curves, "code")
    # paper: p-hat of the constant curve is 0, so at each frame the std across the two
    # variations is |g| / 2; sigma is its mean over the frames (the paper's formula)
    assert paper[(BALL, "cam", "behind")] == pytest.approx(np.mean(np.abs(g) / 2))
    assert math.isnan(code[(BALL, "cam", "behind")])
    assert code[(BALL, "cam", "totheleft")] == 0.0


def test_curve_with_a_missing_frame() -> None:
    # always-yes, but theta = 0 of "to the left" (a positive frame) is unscored
    def p_of(relation: str, i: int) -> float | None:
        return None if (relation == "totheleft" and i == 18) else 1.0

    summary = comfort_summary(curve_predictions(p_of))
    assert summary["acc/totheleft"] == pytest.approx(16 / 35)
    assert summary["acc/behind"] == pytest.approx(17 / 36)
    g = soft_ground_truth("totheleft", "camera_reflected")
    expected_eps = math.sqrt((np.sum(g**2) - 1.0) / 35)  # g = 1 at the missing frame
    assert summary["eps_cos/totheleft"] == pytest.approx(expected_eps)
    assert summary["acc"] == pytest.approx((3 * 17 / 36 + 16 / 35) / 4)
    # eta needs the full grid: skipped for that curve only
    assert summary["skipped/eta"] == 1
    assert summary["eta/totheleft"] is None and summary["eta"] == 0.0
    assert summary["c_sym/totheleft"] == 0.0  # theta = 0 has no partner anyway
    assert summary["c_opp/totheleft"] == 1.0 and summary["c_opp/totheright"] == 1.0
    assert summary["n_unscored"] == 1 and summary["n_frames"] == 4 * 36 - 1
    assert no_nan(summary)


def test_nan_free_aggregation_with_unscored_samples() -> None:
    # default: ideal curves; color: every sample of "behind" unscored and a few
    # other frames missing (not the extrema at i = 0 and 18, so the min-max
    # normalisation is unchanged and the curves stay ideal); probes partly unscored.
    good = gt_predictions("camera_reflected", "g")
    holes = curve_predictions(
        lambda r, i: (
            None
            if r == "behind" or i % 7 == 3
            else float(soft_ground_truth(r, "camera_reflected")[i])
        ),
        variations=("color",),
    )
    probes = [ProbePrediction(True, 0.8), ProbePrediction(False, 0.1), ProbePrediction(True, None)]
    summary = comfort_summary(good + holes + probes)
    assert no_nan(summary)
    assert summary["n_curves"] == 8
    assert summary["n_unscored"] == 37 + 3 * 5  # all of behind/color + frames 3, 10, 17, 24, 31
    assert summary["skipped/acc"] == 1  # the fully unscored curve
    assert summary["skipped/eta"] == 4  # every incomplete color curve
    assert summary["skipped/c_opp"] == 2  # behind/color and its partner infrontof/color
    assert summary["acc"] == 1.0 and summary["eps_cos"] == pytest.approx(0.0)
    assert summary["object_f1"] == 1.0 and summary["n_probes_unscored"] == 1
    assert summary["sigma"] == pytest.approx(0.0)


def test_all_unscored_gives_none_not_nan() -> None:
    summary = comfort_summary(curve_predictions(lambda r, i: None) + [ProbePrediction(True, None)])
    assert no_nan(summary)
    for metric in ("acc", "eps_cos", "eps_hemi", "c_sym", "c_opp", "eta", "sigma", "object_f1"):
        assert summary[metric] is None
    assert summary["skipped/acc"] == 4


# --------------------------------------------------------------------------
# summary keys and ground-truth selection


def test_summary_keys() -> None:
    summary = comfort_summary(curve_predictions(lambda r, i: 1.0))
    for metric in ("acc", "eps_cos", "eps_hemi", "c_sym", "c_opp", "eta", "sigma"):
        assert metric in summary
        for relation in RELATIONS:
            assert f"{metric}/{relation}" in summary
        assert f"skipped/{metric}" in summary
    assert "object_f1" not in summary  # no probes given
    assert all(isinstance(k, str) for k in summary)
    assert not any(k.startswith("cam/") for k in summary)  # a single prompt


def test_per_prompt_keys_when_several_prompts() -> None:
    preds = gt_predictions("camera_reflected", dataset=LEFT, prompt="cam") + gt_predictions(
        "intrinsic_facing_left", dataset=LEFT, prompt="rel"
    )
    summary = comfort_summary(preds)  # each prompt against its own GT
    assert summary["cam/eps_cos"] == pytest.approx(0.0)
    assert summary["rel/eps_cos"] == pytest.approx(0.0)
    assert summary["rel/acc/behind"] == 1.0
    assert summary["eps_cos"] == pytest.approx(0.0)
    # scoring everything against the camera GT makes the rel curves wrong
    forced = comfort_summary(preds, ground_truth_for="camera_reflected")
    assert forced["cam/eps_cos"] == pytest.approx(0.0) and forced["rel/eps_cos"] > 0.3
    via_callable = comfort_summary(preds, ground_truth_for=lambda d, p: "camera_reflected")
    assert via_callable == forced


def test_rel_prompt_on_ball_has_no_default_ground_truth() -> None:
    with pytest.raises(ValueError, match="intrinsic"):
        comfort_summary(curve_predictions(lambda r, i: 1.0, prompt="rel"))


def test_bad_convention() -> None:
    with pytest.raises(ValueError):
        comfort_summary([], convention="both")  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# analyses


@pytest.mark.parametrize("truth", ["translated", "rotated", "reflected"])
def test_preferred_transformation(truth: str) -> None:
    preds = gt_predictions(f"camera_{truth}", variations=BALL_VARIATIONS)
    result = preferred_transformation(preds)
    assert result.preferred == truth
    assert result.scores[truth]["eps_cos"] == pytest.approx(0.0)
    assert result.scores[truth]["acc"] == 1.0
    # Reflected differs from translated on front/behind and from rotated on
    # left/right; translated and rotated differ on all four relations.  A
    # differing relation has phi* turned by 180 degrees: g' = 1 - g, so
    # eps_cos = sqrt(mean (2g - 1)^2) = sqrt(mean c^2) = sqrt(1/2), and raw
    # p = g agrees with h' only at the two c = 0 frames (both "no").
    for other in {"translated", "rotated", "reflected"} - {truth}:
        differing = 2 if "reflected" in (truth, other) else 4
        share = differing / 4
        assert result.scores[other]["eps_cos"] == pytest.approx(share * math.sqrt(0.5))
        assert result.scores[other]["acc"] == pytest.approx((1 - share) + share * 2 / 36)
    assert preferred_transformation(preds, criterion="acc").preferred == truth
    assert result.flat()[f"{truth}/eps_cos"] == pytest.approx(0.0)
    with pytest.raises(ValueError):
        preferred_transformation(preds, criterion="c_sym")  # type: ignore[arg-type]


def test_preferred_transformation_only_uses_the_prompt() -> None:
    preds = gt_predictions("camera_translated") + gt_predictions("camera_rotated", prompt="nop")
    assert preferred_transformation(preds).preferred == "translated"
    assert preferred_transformation(preds, prompt="nop").preferred == "rotated"
    assert preferred_transformation([]).preferred is None


def test_preferred_frame_of_reference_uses_each_facing_with_its_own_intrinsic() -> None:
    preds = gt_predictions("intrinsic_facing_left", dataset=LEFT, prompt="nop") + gt_predictions(
        "intrinsic_facing_right", dataset=RIGHT, prompt="nop"
    )
    result = preferred_frame_of_reference(preds)
    assert result.preferred == "intrinsic"
    assert result.scores["intrinsic"]["eps_cos"] == pytest.approx(0.0)
    assert result.scores["intrinsic"]["acc"] == 1.0
    assert set(result.scores) == {"camera", "intrinsic", "addressee"}


def test_preferred_frame_of_reference_code_convention_uses_facing_left_only() -> None:
    # facing-left answers follow the camera, facing-right answers the addressee
    preds = gt_predictions("camera_reflected", dataset=LEFT, prompt="nop") + gt_predictions(
        "addressee_reflected", dataset=RIGHT, prompt="nop"
    )
    paper = preferred_frame_of_reference(preds)
    code = preferred_frame_of_reference(preds, convention="code")
    # paper: mean of both facings -> camera and addressee tie on eps_cos
    assert paper.scores["camera"]["eps_cos"] == pytest.approx(paper.scores["addressee"]["eps_cos"])
    # code: (left + left) / 2 -> only the facing-left data counts
    assert code.preferred == "camera"
    assert code.scores["camera"]["eps_cos"] == pytest.approx(0.0)
    left_only = preferred_frame_of_reference([p for p in preds if p.dataset == LEFT])
    assert code.scores["addressee"]["eps_cos"] == pytest.approx(
        left_only.scores["addressee"]["eps_cos"] * math.sqrt(36 / 37)
    )


def test_perspective_taking() -> None:
    preds = []
    for dataset, intrinsic in ((LEFT, "intrinsic_facing_left"), (RIGHT, "intrinsic_facing_right")):
        preds += gt_predictions("camera_reflected", dataset=dataset, prompt="cam")
        preds += gt_predictions(intrinsic, dataset=dataset, prompt="rel")
        preds += [  # the add prompt answered from the camera's perspective
            FramePrediction(p.dataset, p.relation, p.variation, "add", p.theta, p.p)
            for p in gt_predictions("camera_reflected", dataset=dataset, prompt="cam")
        ]
    result = perspective_taking(preds)
    assert result["cam/eps_cos"] == pytest.approx(0.0)
    assert result["rel/eps_cos"] == pytest.approx(0.0)
    assert result["cam/acc"] == result["rel/acc"] == 1.0
    # the add prompt's curves follow the camera, whose phi* is 90 degrees away
    # from the addressee's for every relation: Acc is the hemisphere overlap
    h_cam = {r: hemisphere_ground_truth(r, "camera_reflected") for r in RELATIONS}
    h_add = {r: hemisphere_ground_truth(r, "addressee_reflected") for r in RELATIONS}
    expected_acc = np.mean([np.mean(h_cam[r] == h_add[r]) for r in RELATIONS])
    assert result["add/acc"] == pytest.approx(expected_acc)
    assert result["mean/acc"] == pytest.approx((2 + expected_acc) / 3)
    assert "add/eps_cos/behind" in result and "mean/eps_hemi/totheleft" in result


def test_sigma_is_the_papers_mean_of_stds_under_paper_and_the_pooled_std_under_code() -> None:
    """Issue 20 §9: the paper defines sigma as the mean over angles of the standard deviation
    across variations; the released code pools the deviations. Checked against numpy."""
    rng = np.random.default_rng(7)
    members = [rng.uniform(0, 1, 36) for _ in range(5)]
    curves = {CurveKey(BALL, "cam", "behind", f"v{i}"): p for i, p in enumerate(members)}
    normalised = np.stack([(p - p.min()) / (p.max() - p.min()) for p in members])
    paper = float(np.mean(np.std(normalised, axis=0)))
    pooled = float(np.sqrt(np.mean((normalised - normalised.mean(axis=0)) ** 2)))
    assert sigma_by_relation(curves)[(BALL, "cam", "behind")] == pytest.approx(paper)
    assert sigma_by_relation(curves, "code")[(BALL, "cam", "behind")] == pytest.approx(pooled)
    assert paper < pooled  # the mean of stds never exceeds the pooled std

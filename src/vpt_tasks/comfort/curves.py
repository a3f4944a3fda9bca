"""COMFORT metrics over P(Yes) curves.

What: the paper's metrics (Acc, epsilon_cos, epsilon_hemi, c_sym, c_opp, eta,
sigma, object-hallucination F1), their aggregation over curves, the one-call
``comfort_summary`` an Inspect metric can use, and the three analyses
(preferred coordinate transformation, preferred frame of reference,
perspective taking).

Why: COMFORT scores whole curves, not samples: a curve is the 36 values of
one model x prompt x dataset x relation x variation at theta = -180..170
(frame 36 repeats frame 0 and is dropped).  The functions here are pure and
numpy-vectorised, take the curve as an array with NaN for a missing
(unscored) frame, and never let an undefined value poison an average.

Conventions (``convention=``):

``"paper"`` (default)
    The paper's definitions: RMSE-type errors divide by the number of frames
    (36), and min-max normalisation maps a constant curve to all zeros, so a
    constant curve has eta = 0 and contributes zeros to sigma.

``"code"``
    The released code (sled-group/COMFORT, ``comfort_utils`` and
    ``spatial_eval.py``).  Four differences, reproduced here:

    1. ``accuracy_metric`` sums the squared error over the 36 frames left
       after dropping frame 36 but divides by ``len(data)``, the length
       *before* dropping it, i.e. 37.  So epsilon = sqrt(sum_36 / 37), which
       is sqrt(36/37) times the paper's value.  For an always-yes model
       (p-hat = 0): epsilon_cos = sqrt(sum g^2 / 37) = sqrt(13.5 / 37) = 0.604
       (paper sqrt(13.5 / 36) = 0.612) and epsilon_hemi = sqrt(17 / 37) =
       0.678 (paper sqrt(17 / 36) = 0.687): the 60.4 / 67.8 of acceptance.md.
       Only epsilon_cos / epsilon_hemi are affected: Acc, c_sym (sum / 17),
       c_opp (mean over 36), eta and sigma (np.mean over 36) use the right
       count.  With missing frames the code's off-by-one is kept: sum over
       the n available frames / (n + 1).
    2. The code has two min-max normalisations.  The one used by the
       accuracy and symmetry modules guards a zero range with epsilon = 1e-6,
       so a constant curve still becomes all zeros there (hence the finite
       60.4 / 67.8 / c_sym 0 / c_opp 100 of always-yes).  The one used by the
       smoothness and standard-deviation modules divides 0 by 0, so eta and
       sigma are NaN (undefined, reported as None) on constant curves; a
       constant curve makes its whole relation's sigma undefined.
    3. c_opp is the mean of a Yes-token and a No-token version
       (``spatial_eval.eval_metrics``): the No version normalises each
       curve's P(No) = 1 - p on its own.  The two versions are NOT the same:
       a constant curve normalises to all 0 in both, where the No version of
       a varying curve is 1 - p-hat, so they differ whenever one of the two
       opposite curves is flat.  Example: p = 1 everywhere for "left of",
       p = 1 on frames 0-26 and 0 on 27-35 for "right of": Yes version 0.5,
       No version sqrt(27/36) = 0.866, the code's c_opp 0.683; the paper's
       formula (the Yes version) gives 0.5.
    4. The preferred-FoR table averages the facing-left results with
       themselves (``(lr[0] + lr[0]) / 2``), i.e. it uses the facing-left
       dataset only; ``preferred_frame_of_reference`` does the same under
       ``"code"``.

    Deliberately not reproduced under either convention (README, differences
    table): the code normalises over all 37 frames before dropping frame 36
    (frame 36 shows the same scene as frame 0; here the 36 frames are
    normalised); it averages run-level values with ``np.mean``, so one
    undefined curve makes the run's eta / sigma NaN (here: the mean over the
    defined curves, the others counted under ``skipped/<metric>``); its
    standard deviation over a single variation is 0 (here undefined).

Missing frames: every metric that is a mean over frames (Acc, epsilon, c_sym
over complete pairs, c_opp over complete index pairs, sigma over available
entries) is computed over the available frames; eta needs the whole regular
grid for the filter and is undefined on an incomplete curve.  Undefined
values are NaN inside this module; aggregates skip them, count them under
``skipped/<metric>`` and report None when nothing is defined.

Aggregation: equal weight over curves within a dataset, then equal weight
over datasets (CAR = mean of facing-left and facing-right).  For a single
dataset this is the plain mean over curves.
"""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import numpy.typing as npt

from vpt_tasks.comfort.geometry import (
    CAMERA_FRAMES,
    N_FRAMES,
    OPPOSITE_RELATION,
    RELATIONS,
    facing_direction,
    frame_for_prompt,
    frame_index,
    hemisphere_ground_truth,
    intrinsic_frame,
    soft_ground_truth,
)

__all__ = [
    "CURVE_METRICS",
    "Convention",
    "CurveKey",
    "CurveScores",
    "FramePrediction",
    "Preference",
    "ProbePrediction",
    "accuracy",
    "aggregate",
    "build_curves",
    "comfort_summary",
    "ground_truth_error",
    "ground_truth_scores",
    "minmax_normalise",
    "object_f1",
    "opposite_consistency",
    "opposite_consistency_code",
    "perspective_taking",
    "preferred_frame_of_reference",
    "preferred_transformation",
    "score_curves",
    "sigma_by_relation",
    "smoothness",
    "symmetry_consistency",
    "variation_spread",
]

Convention = Literal["paper", "code"]
FloatArray = npt.NDArray[np.float64]

CURVE_METRICS: tuple[str, ...] = ("acc", "eps_cos", "eps_hemi", "c_sym", "c_opp", "eta")
"""Per-curve metrics; ``sigma`` is per relation (across variations)."""
_ALL_METRICS: tuple[str, ...] = CURVE_METRICS + ("sigma",)

_BUTTER_ORDER = 5
_BUTTER_WN = 0.2  # 100 Hz cutoff at fs = 1000 Hz, as a fraction of Nyquist (500 Hz)
_OPPOSITE_SHIFT = N_FRAMES // 2  # 18 frames = 180 degrees


# --------------------------------------------------------------------------
# inputs


@dataclass(frozen=True)
class FramePrediction:
    """P(Yes) of one scored frame: the unit an Inspect sample contributes.

    ``p`` is None when the sample could not be scored (no yes/no class).
    ``theta`` is the frame label in degrees (-180..180; 180 = frame 36 is
    accepted and dropped).
    """

    dataset: str
    relation: str
    variation: str
    prompt: str
    theta: int
    p: float | None
    reads: int | None = None
    """With a p-hat from sampled answers: the number of replies read (#Yes + #No), which
    `sampling.py` resamples; None for a p from log-probabilities or text."""


@dataclass(frozen=True)
class ProbePrediction:
    """P(Yes) of one object-hallucination probe ("Is there any {obj}?").

    ``present`` is True when the probed object is in the image (the
    relatum), False for the absent object.
    """

    present: bool
    p: float | None
    reads: int | None = None
    """As `FramePrediction.reads`."""


@dataclass(frozen=True, order=True)
class CurveKey:
    """Identity of a curve (one model per run, so the model is implicit)."""

    dataset: str
    prompt: str
    relation: str
    variation: str


def _check_convention(convention: str) -> None:
    if convention not in ("paper", "code"):
        raise ValueError(f"convention must be 'paper' or 'code', got {convention!r}")


def build_curves(predictions: Iterable[FramePrediction]) -> dict[CurveKey, FloatArray]:
    """Group frame predictions into 36-point curves (NaN = missing / unscored).

    Frame 36 (theta = 180) is dropped.  Several predictions of the same frame
    (e.g. Inspect epochs) are averaged over their non-None values.  Curves
    are returned in sorted key order.
    """
    # plain tuples as keys while grouping (a frozen dataclass hashes in Python: this loop
    # runs once per frame of a run, tens of thousands of times)
    sums: dict[tuple[str, str, str, str], FloatArray] = {}
    counts: dict[tuple[str, str, str, str], npt.NDArray[np.int64]] = {}
    for pred in predictions:
        key = (pred.dataset, pred.prompt, pred.relation, pred.variation)
        if key not in sums:
            if pred.relation not in RELATIONS:
                raise ValueError(
                    f"unknown COMFORT relation {pred.relation!r}; expected one of {sorted(RELATIONS)}"
                )
            sums[key] = np.zeros(N_FRAMES)
            counts[key] = np.zeros(N_FRAMES, dtype=np.int64)
        index = frame_index(pred.theta)
        if index >= N_FRAMES or pred.p is None or not math.isfinite(pred.p):
            continue
        sums[key][index] += float(pred.p)
        counts[key][index] += 1
    curves: dict[CurveKey, FloatArray] = {}
    for key in sorted(sums):
        with np.errstate(invalid="ignore", divide="ignore"):
            curves[CurveKey(*key)] = np.where(counts[key] > 0, sums[key] / counts[key], np.nan)
    return curves


# --------------------------------------------------------------------------
# per-curve metrics (arrays of length 36, NaN = missing)


def _is_constant(p: FloatArray) -> bool:
    finite = p[np.isfinite(p)]
    return finite.size > 0 and bool(np.max(finite) == np.min(finite))


def minmax_normalise(p: npt.ArrayLike, *, constant: Literal["zero", "nan"] = "zero") -> FloatArray:
    """Per-curve min-max normalisation over the available (finite) frames.

    A constant curve (zero range) becomes all 0 with ``constant="zero"`` (the
    paper; also the released code's accuracy / symmetry modules) or all NaN
    with ``constant="nan"`` (the released code's smoothness / std modules).
    Missing frames stay NaN.
    """
    arr = np.asarray(p, dtype=float)
    finite = np.isfinite(arr)
    if not finite.any():
        return np.full(arr.shape, np.nan)
    lo, hi = float(np.min(arr[finite])), float(np.max(arr[finite]))
    if hi == lo:
        fill = 0.0 if constant == "zero" else np.nan
        return np.where(finite, fill, np.nan)
    return np.where(finite, (arr - lo) / (hi - lo), np.nan)


def accuracy(p: npt.ArrayLike, h: npt.ArrayLike) -> float:
    """Acc = mean over available frames of 1[ 1[p > 0.5] == h ] on **raw** p."""
    p_arr, h_arr = np.asarray(p, dtype=float), np.asarray(h, dtype=float)
    mask = np.isfinite(p_arr) & np.isfinite(h_arr)
    if not mask.any():
        return math.nan
    return float(np.mean((p_arr[mask] > 0.5) == (h_arr[mask] > 0.5)))


def ground_truth_error(
    p_hat: npt.ArrayLike, target: npt.ArrayLike, convention: Convention = "paper"
) -> float:
    """RMSE between normalised p-hat and a ground truth (g -> eps_cos, h -> eps_hemi).

    paper: sqrt(sum / n) over the n available frames; code: sqrt(sum / (n + 1)),
    the released code's division by 37 for a complete 36-frame curve.
    """
    _check_convention(convention)
    a, b = np.asarray(p_hat, dtype=float), np.asarray(target, dtype=float)
    mask = np.isfinite(a) & np.isfinite(b)
    n = int(mask.sum())
    if n == 0:
        return math.nan
    denominator = n if convention == "paper" else n + 1
    return float(np.sqrt(np.sum((a[mask] - b[mask]) ** 2) / denominator))


def symmetry_consistency(p_hat: npt.ArrayLike) -> float:
    """c_sym = sqrt(sum over pairs (theta, -theta), theta = -170..-10, of diff^2 / n_pairs).

    Index i = 1..17 pairs with 36 - i; theta = -180 (i = 0) and 0 (i = 18)
    have no partner.  Only pairs with both frames available count.
    """
    arr = np.asarray(p_hat, dtype=float)
    _check_length(arr)
    i = np.arange(1, N_FRAMES // 2)
    diff = arr[i] - arr[N_FRAMES - i]
    diff = diff[np.isfinite(diff)]
    if diff.size == 0:
        return math.nan
    return float(np.sqrt(np.mean(diff**2)))


def opposite_consistency_code(p: npt.ArrayLike, p_opposite: npt.ArrayLike) -> float:
    """c_opp as the released code computes it: the mean of a Yes and a No version.

    ``p`` and ``p_opposite`` are the *raw* P(Yes) curves (36 frames, NaN =
    missing).  Yes version: ``opposite_consistency`` of the min-max normalised
    P(Yes) curves; No version: the same of the normalised P(No) = 1 - p
    curves.  A constant curve normalises to all 0 in both, so the versions
    differ when a curve is flat (see the module docstring, convention 3).
    """
    a, b = np.asarray(p, dtype=float), np.asarray(p_opposite, dtype=float)
    yes = opposite_consistency(minmax_normalise(a), minmax_normalise(b))
    no = opposite_consistency(minmax_normalise(1.0 - a), minmax_normalise(1.0 - b))
    return (yes + no) / 2.0


def opposite_consistency(p_hat: npt.ArrayLike, p_hat_opposite: npt.ArrayLike) -> float:
    """c_opp = sqrt(mean over i of (p-hat_r[i] + p-hat_r'[(i + 18) mod 36] - 1)^2).

    r' is the opposite relation (left <-> right, front <-> behind) of the same
    variation; index i of r and i + 18 of r' are the same referent position.
    Only index pairs with both frames available count.
    """
    a, b = np.asarray(p_hat, dtype=float), np.asarray(p_hat_opposite, dtype=float)
    _check_length(a)
    _check_length(b)
    residual = a + np.roll(b, -_OPPOSITE_SHIFT) - 1.0
    residual = residual[np.isfinite(residual)]
    if residual.size == 0:
        return math.nan
    return float(np.sqrt(np.mean(residual**2)))


@functools.cache
def _butterworth() -> tuple[FloatArray, FloatArray]:
    """The smoothness filter's coefficients (b, a), designed once per process.

    Designing the filter costs more than applying it (a report scores thousands of
    curves, each with the same filter); the arrays are read-only so no caller can
    change them for the others.
    """
    from scipy.signal import butter  # local: scipy.signal is slow to import

    b, a = butter(_BUTTER_ORDER, _BUTTER_WN)
    b.setflags(write=False)
    a.setflags(write=False)
    return b, a


def smoothness(p_hat: npt.ArrayLike) -> float:
    """eta = RMSE between p-hat and its zero-phase low-passed version.

    Butterworth order 5, Wn = 0.2 (100 Hz at fs = 1000), applied forward and
    backward by ``scipy.signal.filtfilt`` with its default padding.  The
    filter needs the full regular grid, so eta is NaN (undefined) when any
    frame is missing or p-hat is NaN (the code convention's constant curve).
    """
    from scipy.signal import filtfilt  # local: scipy.signal is slow to import

    arr = np.asarray(p_hat, dtype=float)
    if arr.size == 0 or not np.isfinite(arr).all():
        return math.nan
    b, a = _butterworth()
    filtered = filtfilt(b, a, arr)
    return float(np.sqrt(np.mean((arr - filtered) ** 2)))


def variation_spread_paper(p_hats: npt.ArrayLike) -> float:
    """sigma of one relation as the paper defines it: at each frame, the population std of
    p-hat across the variations, then the mean over the frames.

    ``p_hats`` is (n_variations, 36); a frame counts when at least two variations have a
    value there. NaN when no frame does.
    """
    arr = np.atleast_2d(np.asarray(p_hats, dtype=float))
    finite = np.isfinite(arr)
    counts = finite.sum(axis=0)
    usable = counts >= 2
    if arr.shape[0] < 2 or not usable.any():
        return math.nan
    with np.errstate(invalid="ignore", divide="ignore"):
        stds = np.nanstd(np.where(finite, arr, np.nan)[:, usable], axis=0)
    return float(np.mean(stds))


def variation_spread(p_hats: npt.ArrayLike) -> float:
    """sigma of one relation as the released code computes it: the pooled population std of
    p-hat across variations (the `code` convention; `variation_spread_paper` is the paper's).

    ``p_hats`` is (n_variations, 36).  The mean curve is taken per frame over
    the variations available at that frame; sigma = sqrt(mean over all
    available (variation, frame) entries of (p-hat - mean curve)^2).  A
    spread needs two variations: with fewer, sigma is undefined (NaN), not 0.
    """
    arr = np.atleast_2d(np.asarray(p_hats, dtype=float))
    finite = np.isfinite(arr)
    if arr.shape[0] < 2 or not finite.any():
        return math.nan
    counts = finite.sum(axis=0)
    sums = np.where(finite, arr, 0.0).sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_curve = sums / counts
    deviations = (arr - mean_curve)[finite]
    return float(np.sqrt(np.mean(deviations**2)))


def object_f1(probes: Iterable[ProbePrediction]) -> float:
    """F1 of the object-hallucination probes, "yes" when p >= 0.5.

    Positive class = the object is present.  Unscored probes (p None) are
    left out.  F1 = 0 when there is no true positive (as the released code,
    which divides by 1e-10 there); NaN when there is no scored probe.
    """
    tp = fp = fn = n = 0
    for probe in probes:
        if probe.p is None or not math.isfinite(probe.p):
            continue
        n += 1
        said_yes = probe.p >= 0.5
        if probe.present and said_yes:
            tp += 1
        elif probe.present:
            fn += 1
        elif said_yes:
            fp += 1
    if n == 0:
        return math.nan
    if tp == 0:
        return 0.0
    precision, recall = tp / (tp + fp), tp / (tp + fn)
    return 2 * precision * recall / (precision + recall)


def _check_length(arr: FloatArray) -> None:
    if arr.shape != (N_FRAMES,):
        raise ValueError(f"a COMFORT curve has {N_FRAMES} frames, got shape {arr.shape}")


# --------------------------------------------------------------------------
# scoring many curves


@dataclass(frozen=True)
class CurveScores:
    """All per-curve metrics of one curve (NaN = undefined)."""

    key: CurveKey
    frame: str
    n_frames: int
    acc: float
    eps_cos: float
    eps_hemi: float
    c_sym: float
    c_opp: float
    eta: float

    def get(self, metric: str) -> float:
        return float(getattr(self, metric))


FrameResolver = Callable[[CurveKey], str]


def score_curves(
    curves: Mapping[CurveKey, FloatArray],
    frame_for: FrameResolver,
    convention: Convention = "paper",
) -> list[CurveScores]:
    """Per-curve metrics, each curve scored against the GT frame ``frame_for(key)``.

    c_opp pairs each curve with the opposite relation of the same dataset,
    prompt and variation (NaN when that curve is absent); under the code
    convention it is the code's Yes/No average (``opposite_consistency_code``).
    """
    _check_convention(convention)
    p_hat = {key: minmax_normalise(p) for key, p in curves.items()}
    scores = []
    for key, p in curves.items():
        frame = frame_for(key)
        g = soft_ground_truth(key.relation, frame)
        h = hemisphere_ground_truth(key.relation, frame)
        opposite = CurveKey(key.dataset, key.prompt, OPPOSITE_RELATION[key.relation], key.variation)
        if opposite not in p_hat:
            c_opp = math.nan
        elif convention == "code":
            c_opp = opposite_consistency_code(p, curves[opposite])
        else:
            c_opp = opposite_consistency(p_hat[key], p_hat[opposite])
        eta = math.nan if convention == "code" and _is_constant(p) else smoothness(p_hat[key])
        scores.append(
            CurveScores(
                key=key,
                frame=frame,
                n_frames=int(np.isfinite(p).sum()),
                acc=accuracy(p, h),
                eps_cos=ground_truth_error(p_hat[key], g, convention),
                eps_hemi=ground_truth_error(p_hat[key], h, convention),
                c_sym=symmetry_consistency(p_hat[key]),
                c_opp=c_opp,
                eta=eta,
            )
        )
    return scores


def sigma_by_relation(
    curves: Mapping[CurveKey, FloatArray], convention: Convention = "paper"
) -> dict[tuple[str, str, str], float]:
    """sigma per (dataset, prompt, relation), across that relation's variations.

    `paper`: the paper's formula (the mean over frames of the std across variations,
    `variation_spread_paper`); `code`: the released code's pooled std (`variation_spread`),
    where a constant curve among the variations makes the group's sigma undefined (the
    code's 0 / 0 normalisation).
    """
    _check_convention(convention)
    groups: dict[tuple[str, str, str], list[FloatArray]] = defaultdict(list)
    for key, p in curves.items():
        groups[(key.dataset, key.prompt, key.relation)].append(p)
    result = {}
    for group, members in sorted(groups.items()):
        if convention == "code" and any(_is_constant(p) for p in members):
            result[group] = math.nan
            continue
        normalised = np.stack([minmax_normalise(p) for p in members])
        spread = variation_spread_paper if convention == "paper" else variation_spread
        result[group] = spread(normalised)
    return result


def aggregate(values: Iterable[tuple[str, float]]) -> tuple[float | None, int]:
    """(mean, n_skipped) of (dataset, value) pairs, NaN-free.

    Equal weight over values within a dataset, then equal weight over
    datasets.  Non-finite values are skipped and counted; the mean is None
    when no value is defined.
    """
    by_dataset: dict[str, list[float]] = defaultdict(list)
    skipped = 0
    for dataset, value in values:
        if value is None or not math.isfinite(value):
            skipped += 1
        else:
            by_dataset[dataset].append(float(value))
    if not by_dataset:
        return None, skipped
    return float(np.mean([np.mean(v) for v in by_dataset.values()])), skipped


def _metric_block(
    scores: Sequence[CurveScores],
    sigmas: Mapping[tuple[str, str, str], float] | None,
    metrics: Sequence[str],
    prefix: str = "",
) -> tuple[dict[str, float | None], dict[str, int]]:
    """Aggregated values (overall and per relation) and skip counts."""
    out: dict[str, float | None] = {}
    skipped: dict[str, int] = {}
    relations = sorted({s.key.relation for s in scores} | {g[2] for g in (sigmas or {})})
    for metric in metrics:
        if metric == "sigma":
            if sigmas is None:
                continue
            items = [(g[0], v, g[2]) for g, v in sigmas.items()]
        else:
            items = [(s.key.dataset, s.get(metric), s.key.relation) for s in scores]
        out[f"{prefix}{metric}"], skipped[f"{prefix}{metric}"] = aggregate(
            (d, v) for d, v, _ in items
        )
        for relation in relations:
            out[f"{prefix}{metric}/{relation}"], _ = aggregate(
                (d, v) for d, v, r in items if r == relation
            )
    return out, skipped


# --------------------------------------------------------------------------
# summary


GroundTruthFor = str | Callable[[str, str], str] | None


def _fixed_frame(frame: str) -> FrameResolver:
    """A resolver scoring every curve against one frame of reference."""
    return lambda key: frame


def _resolver(ground_truth_for: GroundTruthFor) -> FrameResolver:
    if ground_truth_for is None:
        return lambda key: frame_for_prompt(key.dataset, key.prompt)
    if isinstance(ground_truth_for, str):
        return _fixed_frame(ground_truth_for)
    fn = ground_truth_for
    return lambda key: fn(key.dataset, key.prompt)


def comfort_summary(
    predictions: Iterable[FramePrediction | ProbePrediction],
    ground_truth_for: GroundTruthFor = None,
    convention: Convention = "paper",
) -> dict[str, float | None]:
    """All COMFORT metrics of one run as a flat dict (fractions, not x100).

    ``ground_truth_for`` picks the frame of reference each curve is scored
    against: None -> ``geometry.frame_for_prompt`` (cam: camera reflected,
    add: addressee reflected, rel: the dataset's intrinsic frame, nop: camera
    reflected); a frame name (e.g. ``"camera_translated"``) for every curve;
    or a callable ``(dataset, prompt) -> frame name``.

    Keys: ``acc eps_cos eps_hemi c_sym c_opp eta sigma`` over all curves,
    ``<metric>/<relation>`` per relation, ``<prompt>/<metric>`` and
    ``<prompt>/<metric>/<relation>`` when several prompts are present,
    ``object_f1`` when probes are given, and counts: ``n_curves``,
    ``n_frames`` (scored frames), ``n_unscored`` (frame predictions with p
    None), ``n_probes_unscored``, ``skipped/<metric>`` (curves, or relation
    groups for sigma, whose metric is undefined).  An undefined aggregate is
    None, never NaN.
    """
    _check_convention(convention)
    frames: list[FramePrediction] = []
    probes: list[ProbePrediction] = []
    for pred in predictions:
        if isinstance(pred, ProbePrediction):
            probes.append(pred)
        else:
            frames.append(pred)
    curves = build_curves(frames)
    scores = score_curves(curves, _resolver(ground_truth_for), convention)
    sigmas = sigma_by_relation(curves, convention)

    out, skipped = _metric_block(scores, sigmas, _ALL_METRICS)
    prompts = sorted({key.prompt for key in curves})
    if len(prompts) > 1:
        for prompt in prompts:
            block, _ = _metric_block(
                [s for s in scores if s.key.prompt == prompt],
                {g: v for g, v in sigmas.items() if g[1] == prompt},
                _ALL_METRICS,
                prefix=f"{prompt}/",
            )
            out.update(block)
    if probes:
        f1 = object_f1(probes)
        out["object_f1"] = f1 if math.isfinite(f1) else None
        out["n_probes_unscored"] = float(sum(p.p is None for p in probes))
    out["n_curves"] = float(len(curves))
    out["n_frames"] = float(sum(s.n_frames for s in scores))
    out["n_unscored"] = float(sum(p.p is None for p in frames))
    for key, count in skipped.items():
        out[f"skipped/{key}"] = float(count)
    return out


# --------------------------------------------------------------------------
# analyses

_GT_METRICS: tuple[str, ...] = ("acc", "eps_cos", "eps_hemi")
Criterion = Literal["eps_cos", "eps_hemi", "acc"]


@dataclass(frozen=True)
class Preference:
    """Result of a 'which ground truth fits best' analysis.

    ``scores[candidate]`` holds ``acc``, ``eps_cos``, ``eps_hemi`` (and
    ``<metric>/<relation>``); ``preferred`` is the candidate with the lowest
    epsilon (or highest Acc when ``criterion == "acc"``), None if undefined.
    """

    scores: Mapping[str, Mapping[str, float | None]]
    criterion: str
    preferred: str | None
    skipped: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    def flat(self) -> dict[str, float | None]:
        """``<candidate>/<metric>[/<relation>]`` -> value."""
        return {
            f"{candidate}/{name}": value
            for candidate, values in self.scores.items()
            for name, value in values.items()
        }


def ground_truth_scores(
    curves: Mapping[CurveKey, FloatArray],
    frame_for: FrameResolver,
    convention: Convention = "paper",
) -> tuple[dict[str, float | None], dict[str, int]]:
    """Aggregated Acc / eps_cos / eps_hemi (overall and per relation) and skip counts."""
    return _metric_block(score_curves(curves, frame_for, convention), None, _GT_METRICS)


def _pick(scores: Mapping[str, Mapping[str, float | None]], criterion: str) -> str | None:
    if criterion not in _GT_METRICS:
        raise ValueError(f"criterion must be one of {_GT_METRICS}, got {criterion!r}")
    defined = [(c, v[criterion]) for c, v in scores.items() if v.get(criterion) is not None]
    if not defined:
        return None
    sign = -1.0 if criterion == "acc" else 1.0
    return min(defined, key=lambda item: sign * float(item[1]))[0]  # type: ignore[arg-type]


def _select(
    predictions: Iterable[FramePrediction | ProbePrediction],
    prompts: Sequence[str],
    dataset_filter: Callable[[str], bool] = lambda d: True,
) -> dict[CurveKey, FloatArray]:
    frames = [
        p
        for p in predictions
        if isinstance(p, FramePrediction) and p.prompt in prompts and dataset_filter(p.dataset)
    ]
    return build_curves(frames)


def preferred_transformation(
    predictions: Iterable[FramePrediction | ProbePrediction],
    *,
    prompt: str = "cam",
    convention: Convention = "paper",
    criterion: Criterion = "eps_cos",
) -> Preference:
    """Preferred coordinate transformation (BALL): the ``prompt`` curves scored
    against the camera's translated, rotated and reflected ground truth."""
    curves = _select(predictions, [prompt])
    scores, skipped = {}, {}
    for name, frame in CAMERA_FRAMES.items():
        scores[name], skipped[name] = ground_truth_scores(curves, _fixed_frame(frame), convention)
    return Preference(scores, criterion, _pick(scores, criterion), skipped)


def preferred_frame_of_reference(
    predictions: Iterable[FramePrediction | ProbePrediction],
    *,
    prompt: str = "nop",
    convention: Convention = "paper",
    criterion: Criterion = "eps_cos",
) -> Preference:
    """Preferred frame of reference (CAR): the ``prompt`` curves scored against
    the camera (reflected), the relatum's intrinsic frame (facing-left data
    with the facing-left phi*, facing-right data with its own) and the
    addressee (reflected).  Datasets are weighted equally.  Under the code
    convention only the facing-left data is used (the released code averages
    the facing-left results with themselves)."""
    _check_convention(convention)
    facings = {"left"} if convention == "code" else {"left", "right"}
    curves = _select(predictions, [prompt], lambda d: facing_direction(d) in facings)
    candidates: dict[str, FrameResolver] = {
        "camera": lambda k: "camera_reflected",
        "intrinsic": lambda k: intrinsic_frame(k.dataset),
        "addressee": lambda k: "addressee_reflected",
    }
    scores, skipped = {}, {}
    for name, resolver in candidates.items():
        scores[name], skipped[name] = ground_truth_scores(curves, resolver, convention)
    return Preference(scores, criterion, _pick(scores, criterion), skipped)


def perspective_taking(
    predictions: Iterable[FramePrediction | ProbePrediction],
    *,
    convention: Convention = "paper",
) -> dict[str, float | None]:
    """Perspective taking (CAR): cam, rel and add prompts, each against its own GT.

    Keys ``<prompt>/<metric>[/<relation>]`` for prompt in cam / rel / add and
    metric in acc / eps_cos / eps_hemi, plus ``mean/<metric>[/<relation>]``,
    the mean over the prompts that are defined (the code's "M" column).
    """
    _check_convention(convention)
    preds = list(predictions)
    out: dict[str, float | None] = {}
    per_prompt: dict[str, dict[str, float | None]] = {}
    for prompt in ("cam", "rel", "add"):
        curves = _select(preds, [prompt])
        if not curves:
            continue
        values, _ = ground_truth_scores(
            curves, lambda k: frame_for_prompt(k.dataset, k.prompt), convention
        )
        per_prompt[prompt] = values
        out.update({f"{prompt}/{name}": v for name, v in values.items()})
    names = sorted({name for values in per_prompt.values() for name in values})
    for name in names:
        defined = [v[name] for v in per_prompt.values() if v.get(name) is not None]
        out[f"mean/{name}"] = float(np.mean(defined)) if defined else None  # type: ignore[arg-type]
    return out

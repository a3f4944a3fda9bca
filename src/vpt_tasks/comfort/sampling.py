"""The sampling error of COMFORT's curve metrics, where P(Yes) was estimated from K answers.

What: a frame whose p-hat came from sampled answers (`-T probability=sampled|auto`, score
metadata `method: sampled`) carries the number n of replies read; its sampling error is
propagated to every curve metric by a parametric bootstrap of the K replies per frame: in
each of `RESAMPLES` resamples (seeded, `SEED`) every sampled frame gets
p* = Binomial(n, p-hat) / n, every other frame (log-probabilities, text, unscored) keeps its
value, and every metric is computed again on the resampled curves. From them, for each metric
m (`interval_metrics`):

- the corrected value: sampling noise inflates the root-mean-square metrics (eps, c_sym,
  c_opp, eta, sigma; min-max normalisation stretches the noise as well), and a resample adds
  about as much noise again, so the noise is taken off the square of each curve's (or
  relation group's) value, sqrt(max(0, m^2 - (mean m*^2 - m^2))), before curves are averaged;
  Acc and object F1 (shares of thresholded p-hat) are not corrected;
- the interval at `LEVEL`: corrected +- (z sd* + |m - corrected| / 2), clipped to [0, 1];
- for the preferred transformation / frame of reference: the share of resamples preferring
  each candidate.

Why this interval: on the synthetic models of `benchmarks/comfort_sampling.py` without
noise-dominated curves, at K = 20 (20 runs each), the log-probability value was covered by
the percentile bootstrap interval of m in 13% of the cases, by the basic ("reverse
percentile") interval in 63%, by the corrected value +- the quantiles of its resamples in
78%, and by this one -- the resamples' spread widened by half the correction, for the
correction's own error -- in 95% (94% in the study's 30 runs per model; COMFORT README,
"Sampled P(Yes)"). None covers a curve that varies less than its sampling noise
(`noise_dominated`, counted and warned about).

How: the resamples are computed together, every curve a (1 + resamples) x 36 array, by
vectorised twins of `curves.py`'s metric functions (same definitions, both conventions,
missing frames, constant curves). `tests/comfort/test_sampling.py` checks that each
resample's values equal `curves.py`'s (through `metrics.details` and the printed metric) on
the same resampled predictions. The run's own values are always `curves.py`'s: nothing here
changes a run with log-probabilities, which has no sampled frame and no interval.
"""

from __future__ import annotations

import math
import warnings
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from statistics import NormalDist

import numpy as np
import numpy.typing as npt

from vpt_tasks.comfort.curves import (
    Convention,
    CurveKey,
    FramePrediction,
    ProbePrediction,
    _butterworth,
)
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
    "LEVEL",
    "RESAMPLES",
    "SEED",
    "Draws",
    "analyses_draws",
    "interval_metrics",
    "noise_dominated",
    "resampled",
    "summary_draws",
]

RESAMPLES = 200
"""Bootstrap resamples of the sampled frames (recorded in the task metadata)."""
SEED = 0
"""Seed of the resampling (`numpy.random.default_rng`)."""
LEVEL = 0.95
"""Level of the sampling intervals."""

Prediction = FramePrediction | ProbePrediction
Array = npt.NDArray[np.float64]
Draws = dict[str, Array]
"""Metric name -> (2 x (1 + resamples)): row 0 its value as computed (column 0 the run's own,
then each resample; NaN where undefined), row 1 the same corrected for sampling noise."""

_CURVE_METRICS = ("acc", "eps_cos", "eps_hemi", "c_sym", "c_opp", "eta")
_UNCORRECTED = ("acc", "object_f1")
"""Shares of thresholded p-hat: not corrected; the others are root-mean-squares."""
_ALL = (*_CURVE_METRICS, "sigma")
_GT = ("acc", "eps_cos", "eps_hemi")
_SHIFT = N_FRAMES // 2


# --------------------------------------------------------------------------
# resampling


def resampled(
    predictions: Sequence[Prediction], resamples: int = RESAMPLES, seed: int = SEED
) -> Array:
    """((1 + resamples) x predictions) p values: row 0 the run's own, then each resample,
    where sampled predictions (with `reads`) are redrawn as Binomial(reads, p) / reads and
    the others keep their value (NaN for an unscored one)."""
    rng = np.random.default_rng(seed)
    values = np.array([np.nan if p.p is None else float(p.p) for p in predictions], dtype=float)
    out = np.tile(values, (1 + resamples, 1))
    sampled = [i for i, p in enumerate(predictions) if p.reads and p.p is not None]
    if sampled:
        reads = np.array([predictions[i].reads for i in sampled], dtype=np.int64)
        draws = rng.binomial(
            reads, np.clip(values[sampled], 0.0, 1.0), size=(resamples, len(sampled))
        )
        out[1:, sampled] = draws / reads
    return out


# --------------------------------------------------------------------------
# curves (resamples x 36)


def _curves(frames: Sequence[FramePrediction], values: Array) -> dict[CurveKey, Array]:
    """`curves.build_curves` for every resample: (resamples x 36) per curve, sorted keys."""
    keys: dict[tuple[str, str, str, str], int] = {}
    slots, columns = [], []
    for column, pred in enumerate(frames):
        key = (pred.dataset, pred.prompt, pred.relation, pred.variation)
        if key not in keys:
            if pred.relation not in RELATIONS:
                raise ValueError(f"unknown COMFORT relation {pred.relation!r}")
            keys[key] = len(keys)
        index = frame_index(pred.theta)
        if index >= N_FRAMES:
            continue
        slots.append(keys[key] * N_FRAMES + index)
        columns.append(column)
    rows = values.shape[0]
    size = len(keys) * N_FRAMES
    sums = np.zeros((size, rows))
    counts = np.zeros((size, rows))
    if columns:
        block = values[:, columns].T  # (frames, resamples)
        finite = np.isfinite(block)
        np.add.at(sums, slots, np.where(finite, block, 0.0))
        np.add.at(counts, slots, finite)
    with np.errstate(invalid="ignore", divide="ignore"):
        means = np.where(counts > 0, sums / counts, np.nan)
    return {
        CurveKey(*key): means[i * N_FRAMES : (i + 1) * N_FRAMES].T
        for key, i in sorted(keys.items())
    }


def _constant(p: Array) -> npt.NDArray[np.bool_]:
    """Per resample: the curve has a value and all its values are equal."""
    finite = np.isfinite(p)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        hi, lo = np.nanmax(p, axis=-1), np.nanmin(p, axis=-1)
    return finite.any(axis=-1) & (hi == lo)


def _normalise(p: Array, constant: str = "zero") -> Array:
    """`curves.minmax_normalise` along the last axis."""
    finite = np.isfinite(p)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        lo = np.nanmin(p, axis=-1, keepdims=True)
        hi = np.nanmax(p, axis=-1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        scaled = (p - lo) / (hi - lo)
    fill = 0.0 if constant == "zero" else np.nan
    out = np.where(finite, np.where(hi == lo, fill, scaled), np.nan)
    return out


def _mean_where(values: Array, mask: npt.NDArray[np.bool_]) -> Array:
    n = mask.sum(axis=-1)
    total = np.where(mask, values, 0.0).sum(axis=-1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(n > 0, total / n, np.nan)


def _accuracy(p: Array, h: Array) -> Array:
    mask = np.isfinite(p) & np.isfinite(h)
    return _mean_where(((p > 0.5) == (h > 0.5)).astype(float), mask)


def _error(p_hat: Array, target: Array, convention: Convention) -> Array:
    mask = np.isfinite(p_hat) & np.isfinite(target)
    n = mask.sum(axis=-1)
    total = np.where(mask, (p_hat - target) ** 2, 0.0).sum(axis=-1)
    denominator = n if convention == "paper" else n + 1
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(n > 0, np.sqrt(total / denominator), np.nan)


def _rms(residual: Array) -> Array:
    finite = np.isfinite(residual)
    return np.sqrt(_mean_where(residual**2, finite))


def _symmetry(p_hat: Array) -> Array:
    i = np.arange(1, N_FRAMES // 2)
    return _rms(p_hat[..., i] - p_hat[..., N_FRAMES - i])


def _opposite(p_hat: Array, p_hat_opposite: Array) -> Array:
    return _rms(p_hat + np.roll(p_hat_opposite, -_SHIFT, axis=-1) - 1.0)


def _opposite_code(p: Array, p_opposite: Array) -> Array:
    yes = _opposite(_normalise(p), _normalise(p_opposite))
    no = _opposite(_normalise(1.0 - p), _normalise(1.0 - p_opposite))
    return (yes + no) / 2.0


def _smoothness(p_hat: Array) -> Array:
    from scipy.signal import filtfilt

    out = np.full(p_hat.shape[:-1], np.nan)
    whole = np.isfinite(p_hat).all(axis=-1)
    if whole.any():
        b, a = _butterworth()
        rows = p_hat[whole]
        filtered = filtfilt(b, a, rows, axis=-1)
        out[whole] = np.sqrt(np.mean((rows - filtered) ** 2, axis=-1))
    return out


def _spread_paper(stack: Array) -> Array:
    """`curves.variation_spread_paper` per resample: stack is (variations, resamples, 36)."""
    if stack.shape[0] < 2:
        return np.full(stack.shape[1], np.nan)
    finite = np.isfinite(stack)
    usable = finite.sum(axis=0) >= 2  # (resamples, 36)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        stds = np.nanstd(np.where(finite, stack, np.nan), axis=0)
    return _mean_where(stds, usable)


def _spread_code(stack: Array) -> Array:
    """`curves.variation_spread` (pooled) per resample."""
    if stack.shape[0] < 2:
        return np.full(stack.shape[1], np.nan)
    finite = np.isfinite(stack)
    counts = finite.sum(axis=0)
    sums = np.where(finite, stack, 0.0).sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_curve = sums / counts
    deviations = np.where(finite, (stack - mean_curve) ** 2, 0.0)
    n = finite.sum(axis=(0, 2))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(n > 0, np.sqrt(deviations.sum(axis=(0, 2)) / n), np.nan)


# --------------------------------------------------------------------------
# scoring many curves


Scores = list[tuple[CurveKey, dict[str, Array]]]


def _score(
    curves: Mapping[CurveKey, Array],
    frame_for: Callable[[CurveKey], str],
    convention: Convention,
    metrics: Sequence[str] = _CURVE_METRICS,
) -> Scores:
    """`curves.score_curves` per resample, for the `metrics` asked."""
    p_hat = {key: _normalise(p) for key, p in curves.items()}
    out: Scores = []
    for key, p in curves.items():
        frame = frame_for(key)
        values: dict[str, Array] = {}
        if "acc" in metrics:
            values["acc"] = _accuracy(p, hemisphere_ground_truth(key.relation, frame))
        if "eps_cos" in metrics:
            values["eps_cos"] = _error(
                p_hat[key], soft_ground_truth(key.relation, frame), convention
            )
        if "eps_hemi" in metrics:
            h = hemisphere_ground_truth(key.relation, frame)
            values["eps_hemi"] = _error(p_hat[key], h, convention)
        if "c_sym" in metrics:
            values["c_sym"] = _symmetry(p_hat[key])
        if "c_opp" in metrics:
            opposite = CurveKey(
                key.dataset, key.prompt, OPPOSITE_RELATION[key.relation], key.variation
            )
            if opposite not in p_hat:
                values["c_opp"] = np.full(p.shape[0], np.nan)
            elif convention == "code":
                values["c_opp"] = _opposite_code(p, curves[opposite])
            else:
                values["c_opp"] = _opposite(p_hat[key], p_hat[opposite])
        if "eta" in metrics:
            eta = _smoothness(p_hat[key])
            values["eta"] = np.where(_constant(p), np.nan, eta) if convention == "code" else eta
        out.append((key, values))
    return out


def _sigmas(
    curves: Mapping[CurveKey, Array], convention: Convention
) -> dict[tuple[str, str, str], Array]:
    """`curves.sigma_by_relation` per resample."""
    groups: dict[tuple[str, str, str], list[Array]] = defaultdict(list)
    for key, p in curves.items():
        groups[(key.dataset, key.prompt, key.relation)].append(p)
    out = {}
    for group, members in sorted(groups.items()):
        stack = np.stack([_normalise(p) for p in members])
        if convention == "paper":
            out[group] = _spread_paper(stack)
        else:
            spread = _spread_code(stack)
            flat = np.any(np.stack([_constant(p) for p in members]), axis=0)
            out[group] = np.where(flat, np.nan, spread)
    return out


def _aggregate(items: Iterable[tuple[str, Array]]) -> Array | None:
    """`curves.aggregate` per resample: equal weight per curve within a dataset, then per
    dataset; None when there is no item."""
    by_dataset: dict[str, list[Array]] = defaultdict(list)
    for dataset, values in items:
        by_dataset[dataset].append(values)
    if not by_dataset:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        means = np.stack([np.nanmean(np.stack(v), axis=0) for v in by_dataset.values()])
        return np.nanmean(means, axis=0)


def _corrected(metric: str, values: Array) -> Array:
    """(2 x (1 + resamples)): `values` (one curve's or group's metric, row 0 the run's own)
    and the same corrected for sampling noise with the bias the resamples show.

    A root-mean-square metric m (all but acc and object F1) is corrected on its square, where
    noise adds: m_c = sqrt(max(0, m^2 - d)), d = mean(m*^2) - m^2 over the resamples m*.
    Acc and F1, shares of thresholded p-hat, are left as they are: a bootstrap correction of a
    threshold count moves it the wrong way as often as the right one (the study measured a
    larger error with it than without).
    """
    if metric in _UNCORRECTED:
        return np.stack([values, values])
    own, draws = values[0], values[1:]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        shift = np.nanmean(draws**2) - own**2
        corrected = np.sqrt(np.maximum(values**2 - shift, 0.0))
    return np.stack([values, np.where(np.isfinite(values), corrected, np.nan)])


def _block(
    scores: Scores,
    sigmas: Mapping[tuple[str, str, str], Array] | None,
    metrics: Sequence[str],
    prefix: str = "",
) -> Draws:
    """`curves._metric_block` per resample (values only), each item with its correction."""
    out: Draws = {}
    relations = sorted({k.relation for k, _ in scores} | {g[2] for g in (sigmas or {})})
    for metric in metrics:
        if metric == "sigma":
            if sigmas is None:
                continue
            items = [(g[0], _corrected(metric, v), g[2]) for g, v in sigmas.items()]
        else:
            items = [
                (k.dataset, _corrected(metric, values[metric]), k.relation) for k, values in scores
            ]
        for name, chosen in [(metric, items)] + [
            (f"{metric}/{r}", [i for i in items if i[2] == r]) for r in relations
        ]:
            value = _aggregate((d, v) for d, v, _ in chosen)
            if value is not None:
                out[f"{prefix}{name}"] = value
    return out


def _object_f1(probes: Sequence[ProbePrediction], values: Array) -> Array:
    """`curves.object_f1` per resample."""
    present = np.array([p.present for p in probes], dtype=bool)
    finite = np.isfinite(values)
    said = finite & (values >= 0.5)
    tp = (said & present).sum(axis=-1)
    fn = (finite & ~said & present).sum(axis=-1)
    fp = (said & ~present).sum(axis=-1)
    n = finite.sum(axis=-1)
    with np.errstate(invalid="ignore", divide="ignore"):
        precision, recall = tp / (tp + fp), tp / (tp + fn)
        f1 = 2 * precision * recall / (precision + recall)
    return np.where(n == 0, np.nan, np.where(tp == 0, 0.0, f1))


# --------------------------------------------------------------------------
# summaries and analyses, as `curves.py` names their values


def _split(
    predictions: Sequence[Prediction], values: Array
) -> tuple[list[FramePrediction], Array, list[ProbePrediction], Array]:
    frame_columns = [i for i, p in enumerate(predictions) if isinstance(p, FramePrediction)]
    probe_columns = [i for i, p in enumerate(predictions) if isinstance(p, ProbePrediction)]
    return (
        [predictions[i] for i in frame_columns],  # type: ignore[misc]
        values[:, frame_columns],
        [predictions[i] for i in probe_columns],  # type: ignore[misc]
        values[:, probe_columns],
    )


def summary_draws(
    predictions: Sequence[Prediction],
    values: Array,
    convention: Convention = "paper",
    frame_for: Callable[[CurveKey], str] | None = None,
) -> Draws:
    """`curves.comfort_summary`'s metric values per resample (not its counts)."""
    frames, frame_values, probes, probe_values = _split(predictions, values)
    resolver = frame_for or (lambda k: frame_for_prompt(k.dataset, k.prompt))
    curves = _curves(frames, frame_values)
    scores = _score(curves, resolver, convention)
    sigmas = _sigmas(curves, convention)
    out = _block(scores, sigmas, _ALL)
    prompts = sorted({key.prompt for key in curves})
    if len(prompts) > 1:
        for prompt in prompts:
            out.update(
                _block(
                    [s for s in scores if s[0].prompt == prompt],
                    {g: v for g, v in sigmas.items() if g[1] == prompt},
                    _ALL,
                    prefix=f"{prompt}/",
                )
            )
    if probes:
        out["object_f1"] = _corrected("object_f1", _object_f1(probes, probe_values))
    return out


def _preference(
    curves: Mapping[CurveKey, Array],
    candidates: Mapping[str, Callable[[CurveKey], str]],
    convention: Convention,
    prefix: str,
) -> Draws:
    """`metrics._preference` of `curves.preferred_*` per resample: `<prefix>/<c>/<metric>...`
    and `<prefix>/preferred/<c>` (1 where c has the lowest eps_cos in that resample)."""
    out: Draws = {}
    eps: dict[str, Array] = {}
    for name, resolver in candidates.items():
        block = _block(_score(curves, resolver, convention, _GT), None, _GT)
        out.update({f"{prefix}/{name}/{k}": v for k, v in block.items()})
        if "eps_cos" in block:
            eps[name] = block["eps_cos"]
    if eps:
        names = list(eps)
        stack = np.stack([eps[n][0] for n in names])  # (candidates, 1 + resamples), as computed
        defined = np.isfinite(stack).any(axis=0)
        best = np.argmin(np.where(np.isfinite(stack), stack, np.inf), axis=0)
        for i, name in enumerate(names):
            chosen = np.where(defined, (best == i).astype(float), np.nan)
            out[f"{prefix}/preferred/{name}"] = np.stack([chosen, chosen])
    return out


def _select(
    frames: Sequence[FramePrediction],
    values: Array,
    prompts: Sequence[str],
    keep: Callable[[str], bool] = lambda d: True,
) -> dict[CurveKey, Array]:
    columns = [i for i, p in enumerate(frames) if p.prompt in prompts and keep(p.dataset)]
    return _curves([frames[i] for i in columns], values[:, columns])


def analyses_draws(
    predictions: Sequence[Prediction], values: Array, convention: Convention = "paper"
) -> Draws:
    """The analyses of `metrics.details` per resample: BALL `transformation/...` (cam
    curves), CAR `preferred_for/...` (nop curves) and `perspective/...`."""
    frames, frame_values, _, _ = _split(predictions, values)
    out: Draws = {}
    car = [i for i, p in enumerate(frames) if facing_direction(p.dataset) is not None]
    if not car:
        if any(p.prompt == "cam" for p in frames):
            candidates = {name: (lambda k, f=frame: f) for name, frame in CAMERA_FRAMES.items()}
            curves = _select(frames, frame_values, ["cam"])
            out.update(_preference(curves, candidates, convention, "transformation"))
        return out
    frames, frame_values = [frames[i] for i in car], frame_values[:, car]
    if any(p.prompt == "nop" for p in frames):
        facings = {"left"} if convention == "code" else {"left", "right"}
        curves = _select(frames, frame_values, ["nop"], lambda d: facing_direction(d) in facings)
        frames_of: dict[str, Callable[[CurveKey], str]] = {
            "camera": lambda k: "camera_reflected",
            "intrinsic": lambda k: intrinsic_frame(k.dataset),
            "addressee": lambda k: "addressee_reflected",
        }
        out.update(_preference(curves, frames_of, convention, "preferred_for"))
    if any(p.prompt in ("cam", "rel", "add") for p in frames):
        per_prompt: dict[str, Draws] = {}
        for prompt in ("cam", "rel", "add"):
            curves = _select(frames, frame_values, [prompt])
            if not curves:
                continue
            resolver = lambda k: frame_for_prompt(k.dataset, k.prompt)  # noqa: E731
            per_prompt[prompt] = _block(_score(curves, resolver, convention, _GT), None, _GT)
            out.update({f"perspective/{prompt}/{k}": v for k, v in per_prompt[prompt].items()})
        for name in sorted({n for block in per_prompt.values() for n in block}):
            stack = np.stack([block[name] for block in per_prompt.values() if name in block])
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                out[f"perspective/mean/{name}"] = np.nanmean(stack, axis=0)
    return out


# --------------------------------------------------------------------------
# curves within their sampling noise


SIGNAL_TO_NOISE = 1.0
"""A curve whose variance across the circle, less its sampling noise, is below this many
times that noise is "noise-dominated"."""


def noise_dominated(predictions: Sequence[Prediction]) -> tuple[int, int]:
    """(noise-dominated curves, curves with a sampled frame) among the frame predictions.

    A curve's sampling noise is the mean over its frames of p-hat (1 - p-hat) / (n - 1)
    (n the replies read; 1/4 for a frame with one reply; 0 for a frame not sampled); its signal
    is the variance of p-hat across its frames less that noise. Min-max normalisation
    stretches whatever a curve holds to [0, 1]: where the signal is below `SIGNAL_TO_NOISE`
    times the noise, the normalised curve -- and eps, c_sym, c_opp, eta and sigma on it --
    shows mostly sampling noise (the model's P(Yes) barely varies at this K).
    """
    groups: dict[tuple[str, str, str, str], list[tuple[float, int]]] = defaultdict(list)
    for pred in predictions:
        if not isinstance(pred, FramePrediction) or pred.p is None:
            continue
        if frame_index(pred.theta) >= N_FRAMES:
            continue
        key = (pred.dataset, pred.prompt, pred.relation, pred.variation)
        groups[key].append((float(pred.p), int(pred.reads or 0)))
    dominated = sampled = 0
    for members in groups.values():
        if not any(reads for _, reads in members) or len(members) < 2:
            continue
        sampled += 1
        values = np.array([p for p, _ in members])
        reads = np.array([n for _, n in members])
        with np.errstate(invalid="ignore", divide="ignore"):
            variance = np.where(
                reads > 1, values * (1 - values) / (reads - 1), np.where(reads == 1, 0.25, 0.0)
            )
        noise = float(np.mean(variance))
        signal = float(np.var(values)) - noise
        dominated += signal < SIGNAL_TO_NOISE * noise
    return dominated, sampled


# --------------------------------------------------------------------------
# intervals


def interval_metrics(
    point: Mapping[str, float], draws: Mapping[str, Array], level: float = LEVEL
) -> dict[str, float]:
    """Sampling intervals of the run's values `point` from their `draws`.

    For a metric m (the run's value, computed on p-hat as on p):

    - `<m>_sampling_corrected`: m less the inflation sampling noise causes (`_corrected`);
    - `<m>_sampling_ci_low` / `<m>_sampling_ci_high`: corrected +- (z sd + |m - corrected| / 2),
      clipped to [0, 1], with sd the standard deviation of m over the resamples and z the
      normal quantile of `level`: the sampling error of m, widened by half the correction
      for the correction's own error (see the module docstring);

    for a preference indicator `<prefix>/preferred/<c>`: `<...>_sampling_share`, the share of
    resamples preferring c. A metric undefined in more than half of the resamples gets none.
    """
    out: dict[str, float] = {}
    z = NormalDist().inv_cdf(1.0 - (1.0 - level) / 2.0)
    for name, value in point.items():
        pair = draws.get(name)
        if pair is None or not math.isfinite(value):
            continue
        computed, corrected = pair[0], pair[1]
        resamples = computed[1:]
        finite = np.isfinite(resamples)
        if finite.sum() * 2 < finite.size:
            continue
        if "/preferred/" in name:
            out[f"{name}_sampling_share"] = float(np.mean(resamples[finite]))
            continue
        centre = float(corrected[0])
        if not math.isfinite(centre):
            continue
        half = z * float(np.std(resamples[finite])) + abs(value - centre) / 2.0
        out[f"{name}_sampling_corrected"] = float(np.clip(centre, 0.0, 1.0))
        out[f"{name}_sampling_ci_low"] = float(np.clip(centre - half, 0.0, 1.0))
        out[f"{name}_sampling_ci_high"] = float(np.clip(centre + half, 0.0, 1.0))
    return out

"""Run-level COMFORT metrics, written into the eval log.

Each metric sees every sample's score (p = P(Yes), or `N` when unscored) with
the sample's metadata (dataset, relation, variation, theta, prompt), rebuilds
the curves and calls the pure functions of `curves.py`. They ask Inspect for
the unreduced scores, so with `--epochs N` a frame's p is the mean over its
epochs (`curves.build_curves`). Values are fractions (the paper prints them
x100); an undefined value is left out of the log rather than written as NaN.
Keys (documented in this folder's README):

- `comfort_curves`: `acc eps_cos eps_hemi c_sym c_opp eta sigma`, each also
  `<metric>/<relation>`, per prompt `<prompt>/<metric>[/<relation>]` when
  several prompts are asked, per facing direction `facing_left/<metric>` /
  `facing_right/<metric>` for CAR, `object_f1` with probes, and the counts
  `n_curves n_frames n_unscored n_probes_unscored skipped/<metric>`.
- `comfort_preferred_transformation` (cam curves): `transformation/<t>/<metric>[/<relation>]`
  for t in translated / rotated / reflected and metric in acc / eps_cos /
  eps_hemi, and `transformation/preferred/<t>` = 1 for the lowest eps_cos.
- `comfort_preferred_frame` (nop curves of CAR): `preferred_for/<f>/<metric>[/<relation>]`
  for f in camera / intrinsic / addressee, and `preferred_for/preferred/<f>` = 1.
- `comfort_perspective_taking` (cam / rel / add of CAR): `perspective/<prompt>/<metric>[/<relation>]`
  and `perspective/mean/<metric>[/<relation>]`.

COMFORT's scorer (`scorer.py`) declares these next to the generic
`yes_probability_answers` (`n_samples no_yes_no_rate n_no_yes_no
p_from_text_rate n_p_from_text no_logprobs_rate`, in
`vpt_tasks.scorers.yes_probability`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from inspect_ai.scorer import Metric, SampleScore, metric

from vpt_tasks.comfort.curves import (
    Convention,
    FramePrediction,
    Preference,
    ProbePrediction,
    comfort_summary,
    perspective_taking,
    preferred_frame_of_reference,
    preferred_transformation,
)
from vpt_tasks.comfort.geometry import facing_direction
from vpt_tasks.scorers.yes_probability import score_p

Prediction = FramePrediction | ProbePrediction


def predictions(scores: list[SampleScore]) -> list[Prediction]:
    """Frame and probe predictions of the run's samples."""
    result: list[Prediction] = []
    for score in scores:
        meta = score.sample_metadata or {}
        if meta.get("kind") == "probe":
            result.append(ProbePrediction(bool(meta["present"]), score_p(score)))
        elif meta.get("kind") == "frame":
            result.append(
                FramePrediction(
                    dataset=str(meta["dataset"]),
                    relation=str(meta["relation"]),
                    variation=str(meta["variation"]),
                    prompt=str(meta["prompt"]),
                    theta=int(meta["theta"]),
                    p=score_p(score),
                )
            )
    return result


def _defined(values: Mapping[str, float | None]) -> dict[str, float]:
    return {k: float(v) for k, v in values.items() if v is not None and math.isfinite(v)}


@metric(scores="unreduced")
def comfort_curves(convention: Convention = "paper") -> Metric:
    """The paper's metrics over whole curves, overall, per relation and per prompt."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        preds = predictions(scores)
        frames = [p for p in preds if isinstance(p, FramePrediction)]
        if not preds:
            return {}
        out = _defined(comfort_summary(preds, convention=convention))
        facings = sorted({side for p in frames if (side := facing_direction(p.dataset))})
        if len(facings) > 1:
            for side in facings:
                part = [p for p in frames if facing_direction(p.dataset) == side]
                summary = comfort_summary(part, convention=convention)
                for name in ("acc", "eps_cos", "eps_hemi", "c_sym", "c_opp", "eta", "sigma"):
                    value = summary.get(name)
                    if value is not None:
                        out[f"facing_{side}/{name}"] = float(value)
        return out

    return compute


def _preference(prefix: str, preference: Preference) -> dict[str, float]:
    out = {f"{prefix}/{k}": v for k, v in _defined(preference.flat()).items()}
    if preference.preferred is not None:
        for candidate in preference.scores:
            out[f"{prefix}/preferred/{candidate}"] = float(candidate == preference.preferred)
    return out


@metric(scores="unreduced")
def comfort_preferred_transformation(convention: Convention = "paper") -> Metric:
    """BALL: the cam curves against the translated, rotated and reflected camera frames."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        preds = [p for p in predictions(scores) if isinstance(p, FramePrediction)]
        if not any(p.prompt == "cam" for p in preds):
            return {}
        return _preference("transformation", preferred_transformation(preds, convention=convention))

    return compute


@metric(scores="unreduced")
def comfort_preferred_frame(convention: Convention = "paper") -> Metric:
    """CAR: the nop curves against the camera, intrinsic and addressee frames."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        preds = [
            p
            for p in predictions(scores)
            if isinstance(p, FramePrediction) and facing_direction(p.dataset) is not None
        ]
        if not any(p.prompt == "nop" for p in preds):
            return {}
        return _preference(
            "preferred_for", preferred_frame_of_reference(preds, convention=convention)
        )

    return compute


@metric(scores="unreduced")
def comfort_perspective_taking(convention: Convention = "paper") -> Metric:
    """CAR: the cam, rel and add curves, each against its own frame of reference."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        preds = [
            p
            for p in predictions(scores)
            if isinstance(p, FramePrediction) and facing_direction(p.dataset) is not None
        ]
        if not any(p.prompt in ("cam", "rel", "add") for p in preds):
            return {}
        values = perspective_taking(preds, convention=convention)
        return {f"perspective/{k}": v for k, v in _defined(values).items()}

    return compute

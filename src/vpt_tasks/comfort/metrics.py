"""Run-level COMFORT metrics: the printed headline block, and every detail on demand.

Each metric sees every sample's score (p = P(Yes), or `N` when unscored) with
the sample's metadata (dataset, relation, variation, theta, prompt), rebuilds
the curves and calls the pure functions of `curves.py`. They ask Inspect for
the unreduced scores, so with `--epochs N` a frame's p is the mean over its
epochs (`curves.build_curves`). Values are fractions (the paper prints them
x100); an undefined value is left out, never written as NaN -- but the headline
`acc`, which stays the first printed metric, NaN when undefined (a run with `--limit`
that completes no curve of the headline prompt), with the reason logged once.

Only complete curves are scored: a curve (dataset x prompt x relation x
variation) missing frames the task asked (a run with `--limit` or
`--sample-id`) is left out of every curve metric, counted in
`n_incomplete_curves` and warned about once per run. (Sample metadata
`curve_frames` says how many frames a complete curve has in the run.)

What the log prints -- `comfort_headline`, the scorer's only metric, keys in
this order (documented in this folder's README):

- `acc eps_cos eps_hemi c_sym c_opp eta sigma` of the headline prompt (the
  paper table's prompt: `cam`, else the first asked of nop, cam, add, rel),
- `object_f1` with probes,
- the analyses' headline numbers: BALL `transformation/<t>/eps_cos` for t in
  translated / rotated / reflected; CAR `preferred_for/<f>/eps_cos` for f in
  camera / intrinsic / addressee and `perspective/<p>/acc` for p in cam / rel / add,
- `n_incomplete_curves`, `no_yes_no_rate`, `p_from_text_rate`.

Everything else comes from `details(scores)`, for reports and scripts: the
keys the task printed before the headline-first change, computed by the
detailed metric functions kept here:

- `comfort_curves`: `acc eps_cos eps_hemi c_sym c_opp eta sigma` over all
  curves, each also `<metric>/<relation>`, per prompt
  `<prompt>/<metric>[/<relation>]` when several prompts are asked, per facing
  direction `facing_left/<metric>` / `facing_right/<metric>` for CAR,
  `object_f1` with probes, and the counts
  `n_curves n_frames n_unscored n_probes_unscored skipped/<metric>`.
- `comfort_preferred_transformation` (BALL, cam curves):
  `transformation/<t>/<metric>[/<relation>]` for t in translated / rotated /
  reflected and metric in acc / eps_cos / eps_hemi, and
  `transformation/preferred/<t>` = 1 for the lowest eps_cos.
- `comfort_preferred_frame` (CAR, nop curves): `preferred_for/<f>/<metric>[/<relation>]`
  for f in camera / intrinsic / addressee, and `preferred_for/preferred/<f>` = 1.
- `comfort_perspective_taking` (CAR, cam / rel / add):
  `perspective/<prompt>/<metric>[/<relation>]` and `perspective/mean/<metric>[/<relation>]`.
- the generic `yes_probability_answers` (`n_samples no_yes_no_rate
  n_no_yes_no p_from_text_rate n_p_from_text no_logprobs_rate`).

`paired_units(scores)`: one unit per complete curve, its Acc, for the report's
paired comparison of two solvers.
"""

from __future__ import annotations

import logging
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from inspect_ai.scorer import Metric, SampleScore, metric

from vpt_tasks.comfort.curves import (
    Convention,
    CurveKey,
    FramePrediction,
    Preference,
    ProbePrediction,
    build_curves,
    comfort_summary,
    object_f1,
    perspective_taking,
    preferred_frame_of_reference,
    preferred_transformation,
    score_curves,
)
from vpt_tasks.comfort.geometry import N_FRAMES, facing_direction, frame_for_prompt, frame_index
from vpt_tasks.core.inspect_internals import computing_live_metrics
from vpt_tasks.core.stats import PairedUnit
from vpt_tasks.scorers.yes_probability import score_p, yes_probability_answers

__all__ = [
    "HEADLINE_ORDER",
    "PRINTED_CURVE_METRICS",
    "comfort_curves",
    "comfort_headline",
    "comfort_perspective_taking",
    "comfort_preferred_frame",
    "comfort_preferred_transformation",
    "details",
    "headline_prompt",
    "paired_units",
    "predictions",
]

logger = logging.getLogger(__name__)

Prediction = FramePrediction | ProbePrediction

HEADLINE_ORDER: tuple[str, ...] = ("cam", "nop", "add", "rel")
"""The headline prompt: the camera prompt of the paper's tables, else the first asked of
nop, cam, add, rel (`headline_prompt`)."""

PRINTED_CURVE_METRICS: tuple[str, ...] = (
    "acc",
    "eps_cos",
    "eps_hemi",
    "c_sym",
    "c_opp",
    "eta",
    "sigma",
)
"""The paper table's columns, printed for the headline prompt."""

INCOMPLETE_WARNING = (
    "COMFORT: {n} of {total} curves miss frames the task asks (a run with --limit or "
    "--sample-id?); the curve metrics use the {complete} complete curves only. The count is "
    "the metric n_incomplete_curves."
)


def headline_prompt(prompts: Sequence[str]) -> str:
    """`cam` when asked, else the first asked of nop, cam, add, rel."""
    if "cam" in prompts:
        return "cam"
    return next(p for p in ("nop", "cam", "add", "rel") if p in prompts)


# --------------------------------------------------------------------------
# predictions


def predictions(scores: list[SampleScore]) -> list[Prediction]:
    """Frame and probe predictions of the run's samples (every curve, complete or not)."""
    result: list[Prediction] = []
    for score in scores:
        meta = score.sample_metadata or {}
        if meta.get("kind") == "probe":
            result.append(ProbePrediction(bool(meta["present"]), score_p(score)))
        elif meta.get("kind") == "frame":
            result.append(_frame(meta, score_p(score)))
    return result


def _frame(meta: Mapping[str, Any], p: float | None) -> FramePrediction:
    return FramePrediction(
        dataset=str(meta["dataset"]),
        relation=str(meta["relation"]),
        variation=str(meta["variation"]),
        prompt=str(meta["prompt"]),
        theta=int(meta["theta"]),
        p=p,
    )


def _key(pred: FramePrediction) -> CurveKey:
    return CurveKey(pred.dataset, pred.prompt, pred.relation, pred.variation)


def complete_predictions(
    scores: list[SampleScore], *, drop_incomplete: bool = True
) -> tuple[list[Prediction], int, int]:
    """(predictions of the complete curves and the probes, incomplete curves, all curves).

    A curve is complete when it has a sample (scored or not) for every frame
    the task asked, `curve_frames` in the sample metadata (logs without it:
    every curve counts as complete). `drop_incomplete=False` keeps every curve
    (and still counts the incomplete ones).
    """
    frames: dict[CurveKey, set[int]] = defaultdict(set)
    expected: dict[CurveKey, int] = {}
    preds = predictions(scores)
    for score, pred in zip(
        (s for s in scores if (s.sample_metadata or {}).get("kind") in ("frame", "probe")),
        preds,
        strict=True,
    ):
        if isinstance(pred, FramePrediction):
            key = _key(pred)
            index = frame_index(pred.theta)
            if index < N_FRAMES:
                frames[key].add(index)
            want = (score.sample_metadata or {}).get("curve_frames")
            if isinstance(want, int):
                expected[key] = want
    incomplete = {key for key, want in expected.items() if len(frames.get(key, ())) < want}
    if not drop_incomplete:
        return preds, len(incomplete), len(frames | dict.fromkeys(expected, set()))
    kept = [p for p in preds if not (isinstance(p, FramePrediction) and _key(p) in incomplete)]
    return kept, len(incomplete), len(frames | dict.fromkeys(expected, set()))


def _frames(preds: Sequence[Prediction]) -> list[FramePrediction]:
    return [p for p in preds if isinstance(p, FramePrediction)]


def _defined(values: Mapping[str, float | None]) -> dict[str, float]:
    return {k: float(v) for k, v in values.items() if v is not None and math.isfinite(v)}


def _convention(scores: Sequence[SampleScore]) -> Convention:
    for score in scores:
        value = (score.sample_metadata or {}).get("convention")
        if value in ("paper", "code"):
            return value  # type: ignore[no-any-return]
    return "paper"


def _is_car(preds: Sequence[Prediction]) -> bool:
    return any(facing_direction(p.dataset) is not None for p in _frames(preds))


# --------------------------------------------------------------------------
# the printed metric


def _interim() -> bool:
    """Whether Inspect is computing the live progress metrics (not the run's final ones).

    Inspect recomputes the metrics while samples are still running, for its
    progress display; curves are incomplete then by construction, so the live
    values use every curve so far and the incomplete-curve warning waits for
    the final computation.
    """
    return computing_live_metrics()


@metric(scores="unreduced")
def comfort_headline(
    task_name: str = "comfort_ball",
    convention: Convention = "paper",
    headline: str = "cam",
) -> Metric:
    """The printed metrics: the headline prompt's paper-table row first, then a handful."""
    warned = False

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        nonlocal warned
        interim = _interim()
        if not scores:
            return {"acc": math.nan} if interim else {}
        preds, incomplete, total = complete_predictions(scores, drop_incomplete=not interim)
        frames = _frames(preds)
        asked = [p for p in frames if p.prompt == headline]
        out: dict[str, float] = {}
        if asked:
            summary = comfort_summary(asked, convention=convention)
            out.update(_defined({name: summary.get(name) for name in PRINTED_CURVE_METRICS}))
        if "acc" not in out:
            # the headline stays first, undefined (NaN): Inspect shows it, never another
            # metric in its place, and the reason is logged once (below)
            out["acc"] = math.nan
        if not warned and not interim and (incomplete or not math.isfinite(out["acc"])):
            warned = True
            logger.warning(
                _why_undefined(scores, headline, incomplete, total)
                if not math.isfinite(out["acc"])
                else INCOMPLETE_WARNING.format(
                    n=incomplete, total=total, complete=total - incomplete
                )
            )
        probes = [p for p in preds if isinstance(p, ProbePrediction)]
        if probes:
            out.update(_defined({"object_f1": object_f1(probes)}))
        out.update(_analysis_headline(task_name, preds, convention))
        answers = yes_probability_answers()(scores)
        out["n_incomplete_curves"] = float(incomplete)
        for name in ("no_yes_no_rate", "p_from_text_rate"):
            if name in answers:
                out[name] = float(answers[name])
        return out

    return compute


UNDEFINED_ACC = (
    "COMFORT: acc (the headline, on the `{prompt}` prompt) is undefined for these {n}: "
    "{why}. The counts below are shown; see docs/sweeps.md for a --limit that defines every "
    "headline."
)


def _why_undefined(scores: list[SampleScore], headline: str, incomplete: int, total: int) -> str:
    """Why the run's headline is undefined: its curves are cut short, or nothing was scored."""
    frames = next(
        (
            want
            for s in scores
            if isinstance(want := (s.sample_metadata or {}).get("curve_frames"), int)
        ),
        None,
    )
    if incomplete:
        circle = "every angle the task asks" + (f" ({frames} distinct)" if frames else "")
        why = (
            f"{incomplete} of its {total} curves miss frames the task asks (a run with --limit "
            f"or --sample-id?) and no complete `{headline}` curve is left: a curve needs {circle}"
        )
    else:
        why = f"no `{headline}` frame has a P(Yes) (see no_yes_no_rate)"
    n = f"{len(scores)} sample{'s' if len(scores) != 1 else ''}"
    return UNDEFINED_ACC.format(prompt=headline, n=n, why=why)


def _analysis_headline(
    task_name: str, preds: Sequence[Prediction], convention: Convention
) -> dict[str, float]:
    frames = _frames(preds)
    out: dict[str, float | None] = {}
    if task_name == "comfort_ball":
        if any(p.prompt == "cam" for p in frames):
            found = preferred_transformation(frames, convention=convention)
            for candidate, values in found.scores.items():
                out[f"transformation/{candidate}/eps_cos"] = values.get("eps_cos")
        return _defined(out)
    car = [p for p in frames if facing_direction(p.dataset) is not None]
    if any(p.prompt == "nop" for p in car):
        found = preferred_frame_of_reference(car, convention=convention)
        for candidate, values in found.scores.items():
            out[f"preferred_for/{candidate}/eps_cos"] = values.get("eps_cos")
    if any(p.prompt in ("cam", "rel", "add") for p in car):
        taking = perspective_taking(car, convention=convention)
        for prompt in ("cam", "rel", "add"):
            out[f"perspective/{prompt}/acc"] = taking.get(f"{prompt}/acc")
    return _defined(out)


# --------------------------------------------------------------------------
# the detailed metrics (their keys are what `details` returns)


@metric(scores="unreduced")
def comfort_curves(convention: Convention = "paper") -> Metric:
    """The paper's metrics over whole curves, overall, per relation and per prompt."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        preds, _, _ = complete_predictions(scores)
        frames = _frames(preds)
        if not preds:
            return {}
        out = _defined(comfort_summary(preds, convention=convention))
        facings = sorted({side for p in frames if (side := facing_direction(p.dataset))})
        if len(facings) > 1:
            for side in facings:
                part = [p for p in frames if facing_direction(p.dataset) == side]
                summary = comfort_summary(part, convention=convention)
                for name in PRINTED_CURVE_METRICS:
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
        preds = _frames(complete_predictions(scores)[0])
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
            for p in _frames(complete_predictions(scores)[0])
            if facing_direction(p.dataset) is not None
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
            for p in _frames(complete_predictions(scores)[0])
            if facing_direction(p.dataset) is not None
        ]
        if not any(p.prompt in ("cam", "rel", "add") for p in preds):
            return {}
        values = perspective_taking(preds, convention=convention)
        return {f"perspective/{k}": v for k, v in _defined(values).items()}

    return compute


def details(scores: list[SampleScore]) -> dict[str, float]:
    """Every detailed number of a run, from its sample scores (the report's source).

    The keys and values the task printed before the headline-first change:
    `comfort_curves`, then BALL `comfort_preferred_transformation` or CAR
    `comfort_preferred_frame` and `comfort_perspective_taking`, then
    `yes_probability_answers`. The convention is the run's (sample metadata
    `convention`; `paper` for logs without it); BALL and CAR are told apart by
    their datasets.
    """
    convention = _convention(scores)
    parts: list[Metric] = [comfort_curves(convention=convention)]
    if _is_car(predictions(scores)):
        parts += [
            comfort_preferred_frame(convention=convention),
            comfort_perspective_taking(convention=convention),
        ]
    else:
        parts.append(comfort_preferred_transformation(convention=convention))
    parts.append(yes_probability_answers())
    out: dict[str, float] = {}
    for part in parts:
        out.update(part(scores))  # type: ignore[arg-type]
    return out


# --------------------------------------------------------------------------
# paired units


def paired_units(scores: list[SampleScore]) -> list[PairedUnit]:
    """One unit per complete curve with a defined Acc: id dataset/prompt/relation/variation.

    The value is the curve's Acc (the paper's accuracy on raw p against the
    prompt's own frame of reference); slices `prompt` and `relation`. Ids
    do not depend on the solver, so a zero-shot and a first-person run pair up.
    """
    preds = _frames(complete_predictions(scores)[0])
    curves = build_curves(preds)
    units = []
    for result in score_curves(curves, lambda k: frame_for_prompt(k.dataset, k.prompt)):
        if not math.isfinite(result.acc):
            continue
        key = result.key
        units.append(
            PairedUnit(
                id=f"{key.dataset}/{key.prompt}/{key.relation}/{key.variation}",
                value=result.acc,
                binary=False,
                slices={"prompt": key.prompt, "relation": key.relation},
            )
        )
    return units

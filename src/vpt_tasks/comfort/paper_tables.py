"""Two COMFORT tables a run's printed numbers do not hold: paper Table 4 and the random row.

What:

- `table4(frames)`: the paper's Table 4, the change each perspective prompt makes
  relative to `nop`. For every perspective prompt the run asked (`cam`, `add`,
  `rel`) and every metric of Table 5, the prompt's value and the `nop` curves'
  value on the same paths (dataset, relation, variation), scored against the
  same frame of reference: the prompt's own (`geometry.frame_for_prompt`: `cam`
  the camera, `add` the addressee, `rel` the relatum's intrinsic frame). The
  change is prompt minus `nop`. For Acc, eps_cos and eps_hemi the frame matters
  (does naming the addressee bring the answers closer to the addressee's frame
  than asking without a perspective?); c_sym, c_opp, eta and sigma have no frame,
  so their change is simply the prompt's minus `nop`'s. One run that asked `nop`
  and the perspective prompts is enough (COMFORT-CAR asks all four by default).
- `random_baseline(frames, probes, ...)`: the counterpart of the paper's "Random (30
  trials)" row (the paper does not say how its trials drew P(Yes); on COMFORT-BALL this
  row's sigma and c_opp fall short of the paper's: `docs/paper-claims.md`).
  Each trial gives every frame of the run (each dataset, relation, variation,
  prompt and angle of its complete curves) and every probe an independent
  uniform P(Yes), scores the trial with the run's own metric functions, and the
  row is the mean over the trials of each metric (over the trials where it is
  defined). The draws come from `numpy.random.default_rng(seed)`, trial after
  trial, the frames in sorted order, so the row is reproducible from the seed the
  report prints (`RANDOM_SEED`) and needs no extra eval. `--epochs` cannot give
  this row: it averages P(Yes) per frame before the metrics, which pulls every
  curve toward 0.5, where "30 trials" reads as the metrics of whole random runs, averaged.

Why here: the metric functions are `curves.comfort_summary` and
`curves.object_f1`, exactly what the task's metrics call; this module only
chooses which curves each cell scores, against which frame, and averages trials.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from vpt_tasks.comfort.curves import (
    Convention,
    FramePrediction,
    ProbePrediction,
    comfort_summary,
    object_f1,
)
from vpt_tasks.comfort.geometry import frame_for_prompt
from vpt_tasks.comfort.metrics import PRINTED_CURVE_METRICS

__all__ = [
    "RANDOM_SEED",
    "RANDOM_TRIALS",
    "AGGREGATED",
    "TABLE4_FRAMES",
    "TABLE4_PROMPTS",
    "PromptChange",
    "RandomBaseline",
    "describe_random",
    "random_baseline",
    "shared_random_baseline",
    "aggregated",
    "table4",
]

TABLE4_PROMPTS: tuple[str, ...] = ("cam", "add", "rel")
"""The perspective prompts of Table 4, each compared with `nop`."""

TABLE4_FRAMES: Mapping[str, str] = {"cam": "camera", "add": "addressee", "rel": "relatum"}
"""The frame of reference each prompt names (the one its values are scored against)."""

RANDOM_TRIALS = 30
"""Trials of the random row, as in the paper ("Random (30 trials)")."""

RANDOM_SEED = 0
"""Seed of the random row's draws (`numpy.random.default_rng`), printed with the row."""


@dataclass(frozen=True)
class PromptChange:
    """One row of Table 4: a perspective prompt's metrics and `nop`'s on the same paths.

    `values` and `nop` map each Table 5 metric to its value (a fraction; None when
    undefined); Acc and the two errors are scored against the prompt's own frame
    of reference for both.
    """

    prompt: str
    values: Mapping[str, float | None]
    nop: Mapping[str, float | None]

    def change(self, metric: str) -> float | None:
        """The prompt's value minus `nop`'s (None when either is undefined)."""
        value, base = self.values.get(metric), self.nop.get(metric)
        if value is None or base is None:
            return None
        return value - base


def _metrics(summary: Mapping[str, float | None]) -> dict[str, float | None]:
    return {name: summary.get(name) for name in PRINTED_CURVE_METRICS}


def table4(
    frames: Iterable[FramePrediction], convention: Convention = "paper"
) -> dict[str, PromptChange]:
    """Paper Table 4 for one run: perspective prompt -> its values and `nop`'s.

    `frames` are the run's frame predictions (complete curves, as the metrics use
    them). Only prompts the run asked with `nop` on the same paths get a row; a
    run without `nop` gets none.
    """
    by_prompt: dict[str, list[FramePrediction]] = {}
    for p in frames:
        by_prompt.setdefault(p.prompt, []).append(p)
    out: dict[str, PromptChange] = {}
    for prompt in TABLE4_PROMPTS:
        asked = by_prompt.get(prompt, [])
        paths = {(p.dataset, p.relation, p.variation) for p in asked}
        nop = [p for p in by_prompt.get("nop", []) if (p.dataset, p.relation, p.variation) in paths]
        if not asked or not nop:
            continue

        def own_frame(dataset: str, _prompt: str, prompt: str = prompt) -> str:
            return frame_for_prompt(dataset, prompt)

        out[prompt] = PromptChange(
            prompt=prompt,
            values=_metrics(comfort_summary(asked, own_frame, convention)),
            nop=_metrics(comfort_summary(nop, own_frame, convention)),
        )
    return out


AGGREGATED = "aggregated"
"""The row of Table 4 that averages its three perspective prompts."""


def aggregated(changes: Mapping[str, PromptChange]) -> PromptChange | None:
    """Table 4's "Aggregated" columns: each metric (and `nop`'s) averaged over the three
    perspective prompts, so its change from `nop` is the mean of theirs; None unless the run
    asked all three. The paper does not define the word (searched: `tests/paper_numbers/
    comfort.yaml`, `table4_aggregated_definition_not_printed`); in every row of its Table 4
    the Aggregated Acc and ε_cos are the unweighted mean of the Egocentric, Intrinsic and
    Addressee columns (`tests/comfort/test_paper_numbers.py` checks all nine rows)."""
    if any(prompt not in changes for prompt in TABLE4_PROMPTS):
        return None

    def mean(side: str, metric: str) -> float | None:
        found = [getattr(changes[p], side).get(metric) for p in TABLE4_PROMPTS]
        return None if any(v is None for v in found) else sum(found) / len(found)  # type: ignore[arg-type]

    metrics = changes[TABLE4_PROMPTS[0]].values
    return PromptChange(
        prompt=AGGREGATED,
        values={m: mean("values", m) for m in metrics},
        nop={m: mean("nop", m) for m in metrics},
    )


@dataclass(frozen=True)
class RandomBaseline:
    """The "Random (30 trials)" row over one run's frames: each value the mean over trials."""

    trials: int
    seed: int
    n_frames: int
    headline: str
    """The prompt of the Table 5 row (the run's headline prompt)."""
    table5: Mapping[str, float | None]
    """Table 5's metrics of the headline prompt's curves, and `object_f1` with probes."""
    table4: Mapping[str, PromptChange]
    """Table 4 of the random runs: values and `nop` values, each averaged over the trials."""


def _mean(values: Sequence[float | None]) -> float | None:
    defined = [v for v in values if v is not None and math.isfinite(v)]
    return float(np.mean(defined)) if defined else None


def random_baseline(
    frames: Iterable[FramePrediction],
    probes: Iterable[ProbePrediction] = (),
    *,
    headline: str,
    convention: Convention = "paper",
    trials: int = RANDOM_TRIALS,
    seed: int = RANDOM_SEED,
) -> RandomBaseline:
    """The metrics of `trials` seeded random runs over the frames (and probes) given.

    Only which frames and probes there are is used, never their P(Yes): each trial
    draws one uniform P(Yes) per distinct frame (dataset, relation, variation,
    prompt, angle; in sorted order) and then one per probe (absent ones first),
    scores it with `comfort_summary` (Table 5: the headline prompt's curves),
    `object_f1` and `table4`, and each value is averaged over the trials.
    """
    if trials < 1:
        raise ValueError(f"trials must be at least 1, got {trials}")
    keys = sorted({(p.dataset, p.relation, p.variation, p.prompt, p.theta) for p in frames})
    present = sorted(p.present for p in probes)
    rng = np.random.default_rng(seed)
    rows5: list[dict[str, float | None]] = []
    rows4: list[dict[str, PromptChange]] = []
    for _ in range(trials):
        draws = rng.random(len(keys))
        probe_draws = rng.random(len(present))
        trial = [
            FramePrediction(dataset, relation, variation, prompt, theta, float(p))
            for (dataset, relation, variation, prompt, theta), p in zip(keys, draws, strict=True)
        ]
        row = _metrics(
            comfort_summary([p for p in trial if p.prompt == headline], convention=convention)
        )
        if present:
            f1 = object_f1(
                ProbePrediction(flag, float(p))
                for flag, p in zip(present, probe_draws, strict=True)
            )
            row["object_f1"] = f1 if math.isfinite(f1) else None
        rows5.append(row)
        rows4.append(table4(trial, convention))
    names = list(rows5[0])
    averaged4 = {
        prompt: PromptChange(
            prompt=prompt,
            values={
                m: _mean([r[prompt].values.get(m) for r in rows4]) for m in PRINTED_CURVE_METRICS
            },
            nop={m: _mean([r[prompt].nop.get(m) for r in rows4]) for m in PRINTED_CURVE_METRICS},
        )
        for prompt in rows4[0]
    }
    return RandomBaseline(
        trials=trials,
        seed=seed,
        n_frames=len(keys),
        headline=headline,
        table5={name: _mean([r.get(name) for r in rows5]) for name in names},
        table4=averaged4,
    )


def _fingerprint(
    frames: Sequence[FramePrediction], probes: Sequence[ProbePrediction], *parts: object
) -> str:
    """A digest of which frames and probes a run has (not their P(Yes)) and of `parts`."""
    keys = sorted({(p.dataset, p.relation, p.variation, p.prompt, p.theta) for p in frames})
    text = repr((keys, sorted(p.present for p in probes), parts))
    return hashlib.sha256(text.encode()).hexdigest()


_shared: dict[str, RandomBaseline] = {}


def shared_random_baseline(
    frames: Sequence[FramePrediction],
    probes: Sequence[ProbePrediction],
    *,
    headline: str,
    convention: Convention = "paper",
) -> RandomBaseline:
    """`random_baseline` with the defaults, computed once per distinct set of frames.

    Runs of several models on the same data share one random row (a report of many
    runs computes it once, not once per run).
    """
    key = _fingerprint(frames, probes, headline, convention, RANDOM_TRIALS, RANDOM_SEED)
    if key not in _shared:
        _shared[key] = random_baseline(frames, probes, headline=headline, convention=convention)
    return _shared[key]


def describe_random() -> str:
    """How the random row is made, for the report (seed and trials included)."""
    return (
        f"Random ({RANDOM_TRIALS} trials): every frame and probe of the run gets a uniform "
        f"random P(Yes), seed {RANDOM_SEED} (`numpy.random.default_rng`), the metrics of "
        f"each trial averaged over the {RANDOM_TRIALS} trials"
    )

"""The paper's multilingual analysis for one run (Table 10): the `nop` curves against every
frame of reference and transformation.

What: `table10_row(scores, convention)` gives eps_cos of the run's `nop` curves
against each column of Table 10 -- the relatum's intrinsic frame, the camera
(egocentric) reflected / rotated / translated, the addressee reflected / rotated /
translated -- as fractions (None where undefined), and `preferred_columns` (in
`paper_languages`) the lowest. It uses the task's own code: the complete curves
of `metrics.complete_predictions`, `curves.ground_truth_scores` (per-curve
min-max normalisation, equal weight per dataset), so a run of the paper's
multilingual protocol (four frames per curve) and a full run are scored alike.

Why: the paper asks which frame of reference each language prefers; any model's
run in any language gets the same row, comparable with GPT-4o's
(`paper_languages`). COMFORT-BALL has no fronted relatum and no addressee, so
only its egocentric columns are defined.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from inspect_ai.scorer import SampleScore

from vpt_tasks.comfort.curves import (
    Convention,
    CurveKey,
    FramePrediction,
    build_curves,
    ground_truth_scores,
)
from vpt_tasks.comfort.geometry import facing_direction, intrinsic_frame
from vpt_tasks.comfort.metrics import complete_predictions
from vpt_tasks.comfort.paper_languages import COLUMNS

__all__ = ["PROMPT", "column_frame", "table10_row"]

PROMPT = "nop"
"""The prompt the multilingual study asks (no perspective named)."""

_FIXED: Mapping[str, str] = {
    "ego_reflected": "camera_reflected",
    "ego_rotated": "camera_rotated",
    "ego_translated": "camera_translated",
    "addressee_reflected": "addressee_reflected",
    "addressee_rotated": "addressee_rotated",
    "addressee_translated": "addressee_translated",
}


def column_frame(column: str, dataset: str) -> str | None:
    """The ground-truth frame (`geometry.FRAMES_OF_REFERENCE`) of a Table 10 column for a
    dataset; None where the scene has no such frame (BALL: no front, no addressee)."""
    car = facing_direction(dataset) is not None
    if column == "intrinsic":
        return intrinsic_frame(dataset) if car else None
    if column.startswith("addressee") and not car:
        return None
    return _FIXED[column]


def table10_row(scores: list[SampleScore], convention: Convention = "paper") -> dict[str, Any]:
    """eps_cos (fraction) of the run's `nop` curves per Table 10 column, and the counts.

    Keys: each of `paper_languages.COLUMNS` (None where undefined), `n_curves` (complete
    `nop` curves scored) and `n_frames` (frames per curve: the most any curve has).
    """
    preds, _, _ = complete_predictions(scores)
    frames = [p for p in preds if isinstance(p, FramePrediction) and p.prompt == PROMPT]
    curves = build_curves(frames)
    row: dict[str, Any] = {"n_curves": len(curves)}
    row["n_frames"] = max((int((p == p).sum()) for p in curves.values()), default=0)
    for column in COLUMNS:
        if not curves or any(column_frame(column, key.dataset) is None for key in curves):
            row[column] = None
            continue
        values, _ = ground_truth_scores(curves, _resolver(column), convention)
        row[column] = values.get("eps_cos")
    return row


def _resolver(column: str) -> Callable[[CurveKey], str]:
    def frame(key: CurveKey) -> str:
        found = column_frame(column, key.dataset)
        assert found is not None  # the caller skips columns a dataset lacks
        return found

    return frame

"""COMFORT scene geometry and ground truth.

What: the relation table (relation -> text, path start azimuth), the azimuth
phi of the referent for a frame label theta, the reference azimuths phi* of
every frame of reference (FoR) / convention, and the soft (g) and hemisphere
(h) ground truth derived from them.

Why: every COMFORT metric compares a model's P(Yes) curve with a ground-truth
curve; keeping the geometry in one small, pure module makes the tables
testable on their own and shared by the metrics and the task code.

World (spec, benchmarks.md section 3): relatum at the origin, camera on the +x
axis looking at it, z up.  phi is the referent's azimuth from +x toward +y:
phi = 0 toward the camera, 90 the camera's right, 180 away from the camera,
270 the camera's left.  Relation r has a circular path of 37 frames with
phi_i = start_r + 10 i and label theta_i = 10 i - 180; frame 36 repeats frame
0 and is dropped by every metric, so curves have 36 points, theta = -180..170.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

__all__ = [
    "CAMERA_FRAMES",
    "COS_ZERO_TOLERANCE",
    "DATASETS",
    "FRAMES_OF_REFERENCE",
    "N_FRAMES",
    "OPPOSITE_RELATION",
    "RELATIONS",
    "THETAS",
    "Relation",
    "cosine_to_reference",
    "facing_direction",
    "frame_for_prompt",
    "frame_index",
    "hemisphere_ground_truth",
    "intrinsic_frame",
    "phi_from_theta",
    "reference_azimuth",
    "soft_ground_truth",
]

N_FRAMES: int = 36
"""Frames per curve used by the metrics (frame 36 = frame 0 is dropped)."""

THETAS: npt.NDArray[np.int64] = np.arange(-180, 180, 10)
"""The 36 frame labels theta = -180, -170, ..., 170 (index i = frame i)."""

COS_ZERO_TOLERANCE: float = 1e-10
"""|cos| below this is treated as exactly 0 (so +-90 degrees is 'negative')."""

DATASETS: tuple[str, ...] = (
    "comfort_ball",
    "comfort_car_ref_facing_left",
    "comfort_car_ref_facing_right",
)


@dataclass(frozen=True)
class Relation:
    """One COMFORT spatial relation.

    ``start`` is the referent's azimuth (degrees) at frame 0, i.e. at
    theta = -180; ``text`` is the phrase used in the prompts.
    """

    name: str
    text: str
    start: int


RELATIONS: Mapping[str, Relation] = MappingProxyType(
    {
        "infrontof": Relation("infrontof", "in front of", 0),
        "behind": Relation("behind", "behind", 180),
        "totheleft": Relation("totheleft", "to the left of", 90),
        "totheright": Relation("totheright", "to the right of", 270),
    }
)

OPPOSITE_RELATION: Mapping[str, str] = MappingProxyType(
    {
        "infrontof": "behind",
        "behind": "infrontof",
        "totheleft": "totheright",
        "totheright": "totheleft",
    }
)

# phi* per FoR / convention and relation (spec table).  Order of each tuple:
# front, behind, left, right.
_PHI_STAR_TABLE: dict[str, tuple[int, int, int, int]] = {
    "camera_reflected": (0, 180, 270, 90),
    "camera_translated": (180, 0, 270, 90),
    "camera_rotated": (0, 180, 90, 270),
    "addressee_reflected": (270, 90, 180, 0),
    "addressee_translated": (90, 270, 180, 0),
    "addressee_rotated": (270, 90, 0, 180),
    "intrinsic_facing_left": (270, 90, 0, 180),
    "intrinsic_facing_right": (90, 270, 180, 0),
}
_RELATION_ORDER = ("infrontof", "behind", "totheleft", "totheright")

FRAMES_OF_REFERENCE: Mapping[str, Mapping[str, int]] = MappingProxyType(
    {
        frame: MappingProxyType(dict(zip(_RELATION_ORDER, azimuths, strict=True)))
        for frame, azimuths in _PHI_STAR_TABLE.items()
    }
)
"""frame-of-reference name -> relation -> reference azimuth phi* (degrees).

``camera_reflected`` is the English default reading of the camera's
perspective; ``intrinsic_facing_left`` / ``_right`` are the relatum's own
frame for the CAR datasets whose relatum faces -y / +y.
"""

CAMERA_FRAMES: Mapping[str, str] = MappingProxyType(
    {
        "translated": "camera_translated",
        "rotated": "camera_rotated",
        "reflected": "camera_reflected",
    }
)
"""Candidates of the preferred-coordinate-transformation analysis."""


def _check_relation(relation: str) -> None:
    if relation not in RELATIONS:
        raise ValueError(
            f"unknown COMFORT relation {relation!r}; expected one of {sorted(RELATIONS)}"
        )


def reference_azimuth(frame: str, relation: str) -> int:
    """phi* (degrees) of ``relation`` in frame of reference ``frame``."""
    _check_relation(relation)
    try:
        return FRAMES_OF_REFERENCE[frame][relation]
    except KeyError:
        raise ValueError(
            f"unknown frame of reference {frame!r}; expected one of {sorted(FRAMES_OF_REFERENCE)}"
        ) from None


def frame_index(theta: int) -> int:
    """Index 0..36 of the frame labelled ``theta`` (must be a multiple of 10 in [-180, 180])."""
    theta_int = int(theta)
    if theta_int != theta or theta_int % 10 != 0 or not -180 <= theta_int <= 180:
        raise ValueError(f"theta must be a multiple of 10 in [-180, 180], got {theta!r}")
    return (theta_int + 180) // 10


def phi_from_theta(relation: str, theta: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """Referent azimuth phi in [0, 360) for frame label(s) ``theta``.

    phi = start_r + 10 i with theta = 10 i - 180, i.e. phi = theta + 180 +
    start_r (mod 360): in front of theta + 180, behind theta, to the left
    theta + 270, to the right theta + 90.
    """
    _check_relation(relation)
    t = np.asarray(theta, dtype=float)
    return np.mod(t + 180.0 + RELATIONS[relation].start, 360.0)


def cosine_to_reference(
    relation: str, frame: str, theta: npt.ArrayLike = THETAS
) -> npt.NDArray[np.float64]:
    """c = cos(phi - phi*) with |c| < 1e-10 snapped to exactly 0."""
    phi = phi_from_theta(relation, theta)
    c = np.cos(np.deg2rad(phi - reference_azimuth(frame, relation)))
    return np.where(np.abs(c) < COS_ZERO_TOLERANCE, 0.0, c)


def soft_ground_truth(
    relation: str, frame: str, theta: npt.ArrayLike = THETAS
) -> npt.NDArray[np.float64]:
    """Soft ground truth g = (c + 1) / 2 in [0, 1]."""
    return (cosine_to_reference(relation, frame, theta) + 1.0) / 2.0


def hemisphere_ground_truth(
    relation: str, frame: str, theta: npt.ArrayLike = THETAS
) -> npt.NDArray[np.float64]:
    """Hemisphere ground truth h = 1 if c > 0 else 0 (exactly +-90 degrees is 0)."""
    return (cosine_to_reference(relation, frame, theta) > 0).astype(float)


def facing_direction(dataset: str) -> str | None:
    """'left' / 'right' for the CAR datasets (relatum facing -y / +y), else None."""
    if dataset.endswith("facing_left"):
        return "left"
    if dataset.endswith("facing_right"):
        return "right"
    return None


def intrinsic_frame(dataset: str) -> str:
    """The relatum-intrinsic frame of a CAR dataset.

    The BALL relatum (a sphere) has no front, so it has no intrinsic frame.
    """
    side = facing_direction(dataset)
    if side is None:
        raise ValueError(
            f"dataset {dataset!r} has no fronted relatum, so no intrinsic frame of "
            "reference (expected a name ending in 'facing_left' or 'facing_right')"
        )
    return f"intrinsic_facing_{side}"


def frame_for_prompt(dataset: str, prompt: str) -> str:
    """The ground-truth frame a prompt is scored against by default.

    cam -> camera (reflected, the English default); add -> addressee
    (reflected); rel -> the relatum's intrinsic frame for the dataset's facing
    direction; nop -> camera reflected (the English default reading: the
    paper's general metrics use it; the preferred-FoR analysis scores nop
    against every candidate instead).
    """
    if prompt in ("cam", "nop"):
        return "camera_reflected"
    if prompt == "add":
        return "addressee_reflected"
    if prompt == "rel":
        return intrinsic_frame(dataset)
    raise ValueError(
        f"no default ground truth for prompt {prompt!r}; expected nop, cam, add or rel"
    )

"""Gold answers of Isle-Brick-V2 questions computed from scene geometry.

Angles are compass bearings: 0 = north, 90 = east, 180 = south, 270 = west.
A direction within 22.5° of a cardinal direction is that direction alone;
otherwise it is the pair of cardinal directions it lies between (north-east →
{north, east}), as the paper's two-direction gold answers are. Directions close
to a sector boundary (22.5° + k·45°) are ambiguous to a human annotator;
`near_boundary` and `boundary_distance` let a scene generator avoid them.

Which angle: the questions say "assuming the top of the image is north" and
the paper's annotators answered from the photographs, so Q4 (where the object
is) and Q5 (where the figure faces) are read in the image — up = north, right
= east (`image_object_bearing`, `image_facing` of `gold_answers`). A camera
that does not look straight down foreshortens the ground: at 20° elevation a
direction 45° off north on the table is drawn about 71° off north, i.e. east,
in the picture. Q6 and Q7 are about what the figure sees, so they use the
directions on the ground (`object_bearing`, `facing`: the ground directions in
the compass of the image, north = the camera's viewing direction on the
ground, see `vpt_tasks.render.camera`). For a camera looking straight down the
two agree.

Q6 (level-1 perspective taking) is a field-of-view test: the figure sees the
object when the object lies in front of it (less than 90° off its facing
direction) and, with other things in the scene, when its line of sight is not
blocked (`line_of_sight_blocked`, boxes in world coordinates).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

CARDINALS = ("north", "east", "south", "west")
EGOCENTRIC = ("front", "right", "back", "left")  # clockwise from the facing direction
SINGLE_SECTOR = 22.5
FIELD_OF_VIEW = 180.0
"""Horizontal field of view of a minifigure (degrees): everything in front of it."""

Point = Sequence[float]
OrientedBox = tuple[Point, Point, float]
"""(centre xyz, half-extents xyz, yaw in degrees about z): a box standing upright in the world."""


def _offset(angle: float, reference: float) -> float:
    """Signed difference angle - reference in (-180, 180]."""
    return -((reference - angle + 180.0) % 360.0 - 180.0)


def _sector(angle: float, names: tuple[str, str, str, str]) -> tuple[str, ...]:
    angle %= 360.0
    nearest = round(angle / 90.0) % 4
    offset = (angle - nearest * 90.0 + 180.0) % 360.0 - 180.0
    if abs(offset) <= SINGLE_SECTOR:
        return (names[nearest],)
    other = (nearest + (1 if offset > 0 else -1)) % 4
    return tuple(names[i] for i in sorted({nearest, other}))


def cardinal_set(bearing: float) -> tuple[str, ...]:
    """Q4/Q5: the cardinal direction(s) of a bearing."""
    return _sector(bearing, CARDINALS)


def egocentric_set(object_bearing: float, facing: float) -> tuple[str, ...]:
    """Q7: where the object is from the figure's own point of view."""
    return _sector(object_bearing - facing, EGOCENTRIC)


def is_visible(object_bearing: float, facing: float, field_of_view: float = FIELD_OF_VIEW) -> bool:
    """Q6 without occluders: whether the object is inside the figure's field of view."""
    return abs(_offset(object_bearing, facing)) < field_of_view / 2.0


def boundary_distance(angle: float) -> float:
    """Degrees from `angle` to the nearest sector boundary (22.5° + k·45°): 0 to 22.5."""
    return abs((angle % 45.0) - SINGLE_SECTOR)


def near_boundary(angle: float, margin: float) -> bool:
    """Whether `angle` lies within `margin` degrees of a sector boundary (22.5° + k·45°)."""
    return boundary_distance(angle) < margin


def sector_center(components: Sequence[str], names: Sequence[str] = CARDINALS) -> float:
    """The angle in the middle of a gold set's sector: ("north", "east") -> 45, ("back",) -> 180."""
    indices = sorted(names.index(c) for c in components)
    if len(indices) == 1:
        return 90.0 * indices[0]
    if len(indices) == 2 and (indices[1] - indices[0]) % 4 in (1, 3):
        if (indices[1] - indices[0]) == 3:  # the pair across 0: (north, west) -> 315
            return 315.0
        return 90.0 * indices[0] + 45.0
    raise ValueError(f"{tuple(components)} is not one direction or two neighbouring ones")


def near_fov_edge(
    object_bearing: float, facing: float, margin: float, field_of_view: float = FIELD_OF_VIEW
) -> bool:
    """Whether the object lies within `margin` degrees of the edge of the field of view."""
    return abs(abs(_offset(object_bearing, facing)) - field_of_view / 2.0) < margin


def ambiguous(
    object_bearing: float,
    facing: float,
    margin: float,
    *,
    image_object_bearing: float | None = None,
    image_facing: float | None = None,
) -> list[str]:
    """Which gold answers a human could read either way (empty: none).

    Q4 (object bearing) and Q5 (facing) near a sector boundary — in the
    image when its bearings are given —, Q7 (object relative to facing)
    near a sector boundary and Q6 near the edge of the field of view, on the
    ground.
    """
    reasons = []
    if near_boundary(
        object_bearing if image_object_bearing is None else image_object_bearing, margin
    ):
        reasons.append("Q4")
    if near_boundary(facing if image_facing is None else image_facing, margin):
        reasons.append("Q5")
    if near_fov_edge(object_bearing, facing, margin):
        reasons.append("Q6")
    if near_boundary(object_bearing - facing, margin):
        reasons.append("Q7")
    return reasons


def segment_hits_box(start: Point, end: Point, box: OrientedBox) -> bool:
    """Whether the segment start→end passes through an upright box (slab test in the box's frame)."""
    center, half, yaw = box
    c, s = math.cos(math.radians(-yaw)), math.sin(math.radians(-yaw))

    def local(p: Point) -> tuple[float, float, float]:
        dx, dy, dz = p[0] - center[0], p[1] - center[1], p[2] - center[2]
        return (c * dx - s * dy, s * dx + c * dy, dz)

    p, q = local(start), local(end)
    t_low, t_high = 0.0, 1.0
    for axis in range(3):
        delta = q[axis] - p[axis]
        if abs(delta) < 1e-12:
            if abs(p[axis]) > half[axis]:
                return False
            continue
        t1 = (-half[axis] - p[axis]) / delta
        t2 = (half[axis] - p[axis]) / delta
        t_low = max(t_low, min(t1, t2))
        t_high = min(t_high, max(t1, t2))
        if t_low > t_high:
            return False
    return True


def line_of_sight_blocked(eye: Point, target: Point, boxes: Iterable[OrientedBox]) -> bool:
    """Whether any box blocks the straight line from `eye` to `target`."""
    return any(segment_hits_box(eye, target, box) for box in boxes)


def blocked_fraction(eye: Point, targets: Sequence[Point], boxes: Sequence[OrientedBox]) -> float:
    """Share of `targets` (sample points of an object) hidden from `eye` by the boxes."""
    if not targets:
        raise ValueError("no target points")
    return sum(line_of_sight_blocked(eye, t, boxes) for t in targets) / len(targets)


def gold_answers(
    object_bearing: float,
    facing: float,
    *,
    objects: int = 1,
    figures: int = 1,
    occluded: bool = False,
    image_object_bearing: float | None = None,
    image_facing: float | None = None,
) -> dict[str, list[str]]:
    """Gold sets of all seven questions for the figure the questions are about.

    Args:
        object_bearing: bearing of the object from the figure, on the ground.
        facing: bearing the figure faces, on the ground.
        objects: non-minifigure objects in the image (Q1; distractors and an
            occluding wardrobe count).
        figures: minifigures in the image (Q2).
        occluded: whether something blocks the figure's line of sight to the
            object (Q6 is then "no" even inside the field of view).
        image_object_bearing: the object's bearing from the figure as drawn in
            the image (Q4; default: `object_bearing`, a top-down view).
        image_facing: the facing as drawn in the image (Q5; default `facing`).
    """
    shown_at = object_bearing if image_object_bearing is None else image_object_bearing
    shown_facing = facing if image_facing is None else image_facing
    return {
        "gold_q1": [str(objects)],
        "gold_q2": [str(figures)],
        "gold_q3": ["yes"],
        "gold_q4": list(cardinal_set(shown_at)),
        "gold_q5": list(cardinal_set(shown_facing)),
        "gold_q6": ["yes" if is_visible(object_bearing, facing) and not occluded else "no"],
        "gold_q7": list(egocentric_set(object_bearing, facing)),
    }

"""Gold answers of Isle-Brick-V2 questions computed from scene geometry.

Angles are compass bearings in the image plane seen from above: 0 = north
(top of the image), 90 = east (right), 180 = south, 270 = west. A direction
within 22.5° of a cardinal direction is that direction alone; otherwise it is
the pair of cardinal directions it lies between (north-east → {north, east}),
as the paper's two-direction gold answers are.
"""

from __future__ import annotations

CARDINALS = ("north", "east", "south", "west")
EGOCENTRIC = ("front", "right", "back", "left")  # clockwise from the facing direction
SINGLE_SECTOR = 22.5


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


def is_visible(object_bearing: float, facing: float, field_of_view: float = 180.0) -> bool:
    """Q6: whether the object is inside the figure's field of view (no occluder)."""
    offset = (object_bearing - facing + 180.0) % 360.0 - 180.0
    return abs(offset) < field_of_view / 2.0


def gold_answers(object_bearing: float, facing: float) -> dict[str, list[str]]:
    """Gold sets of all seven questions for one figure, one object, one surface."""
    return {
        "gold_q1": ["1"],
        "gold_q2": ["1"],
        "gold_q3": ["yes"],
        "gold_q4": list(cardinal_set(object_bearing)),
        "gold_q5": list(cardinal_set(facing)),
        "gold_q6": ["yes" if is_visible(object_bearing, facing) else "no"],
        "gold_q7": list(egocentric_set(object_bearing, facing)),
    }

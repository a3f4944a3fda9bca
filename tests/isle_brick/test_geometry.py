"""Gold answers from scene geometry (used by the demo data and the renderer)."""

import pytest

from vpt_tasks.isle_brick.geometry import cardinal_set, egocentric_set, gold_answers, is_visible


@pytest.mark.parametrize(
    ("bearing", "expected"),
    [
        (0, ("north",)),
        (10, ("north",)),
        (45, ("north", "east")),
        (90, ("east",)),
        (135, ("east", "south")),
        (180, ("south",)),
        (225, ("south", "west")),
        (270, ("west",)),
        (315, ("north", "west")),
        (-45, ("north", "west")),
        (360, ("north",)),
    ],
)
def test_cardinal_sets(bearing: float, expected: tuple[str, ...]) -> None:
    assert cardinal_set(bearing) == expected


def test_egocentric_and_visibility() -> None:
    # facing east, an object to the north is on the figure's left
    assert egocentric_set(0, 90) == ("left",)
    assert egocentric_set(90, 90) == ("front",)
    assert egocentric_set(180, 90) == ("right",)
    assert egocentric_set(270, 90) == ("back",)
    # facing north, an object to the south-west is back-left
    assert set(egocentric_set(225, 0)) == {"back", "left"}
    assert is_visible(45, 0) and not is_visible(180, 0) and not is_visible(90, 0)
    gold = gold_answers(object_bearing=225, facing=0)
    assert gold["gold_q4"] == ["south", "west"] and gold["gold_q6"] == ["no"]


# --- diagonal placements: two-direction gold answers -------------------------------

from vpt_tasks.isle_brick.geometry import (  # noqa: E402
    ambiguous,
    blocked_fraction,
    line_of_sight_blocked,
    near_boundary,
    near_fov_edge,
    segment_hits_box,
)


@pytest.mark.parametrize(
    ("object_bearing", "facing", "q4", "q5", "q6", "q7"),
    [
        # object north-east, figure facing it: Q4 two directions, Q7 front only
        (45, 45, ["north", "east"], ["north", "east"], ["yes"], ["front"]),
        # object north, figure facing north-east: the object is front-left
        (0, 45, ["north"], ["north", "east"], ["yes"], ["front", "left"]),
        # object north-east, figure facing east: front-left again, Q5 single
        (45, 90, ["north", "east"], ["east"], ["yes"], ["front", "left"]),
        # object north-west, figure facing south (away): back-right from the figure
        (315, 180, ["north", "west"], ["south"], ["no"], ["right", "back"]),
        # object south-east, figure facing north-west: straight behind it
        (135, 315, ["east", "south"], ["north", "west"], ["no"], ["back"]),
        # object west, figure facing south-west: front-right
        (270, 225, ["west"], ["south", "west"], ["yes"], ["front", "right"]),
    ],
)
def test_diagonal_cases(object_bearing, facing, q4, q5, q6, q7) -> None:
    gold = gold_answers(object_bearing, facing)
    assert (gold["gold_q4"], gold["gold_q5"], gold["gold_q6"], gold["gold_q7"]) == (q4, q5, q6, q7)


def test_counts_and_occlusion_in_gold() -> None:
    gold = gold_answers(0, 0, objects=3, figures=2, occluded=True)
    assert gold["gold_q1"] == ["3"] and gold["gold_q2"] == ["2"] and gold["gold_q3"] == ["yes"]
    # in the field of view but hidden: the figure does not see it; Q7 is unaffected
    assert gold["gold_q6"] == ["no"] and gold["gold_q7"] == ["front"]
    assert gold_answers(0, 0, occluded=False)["gold_q6"] == ["yes"]
    # behind the figure it is "no" whether or not something blocks the view
    assert gold_answers(180, 0, occluded=False)["gold_q6"] == ["no"]


def test_sector_boundaries_and_ambiguity() -> None:
    assert near_boundary(22.5, 1) and near_boundary(-67.5, 1) and near_boundary(200, 3)
    assert not near_boundary(45, 5) and not near_boundary(0, 5) and not near_boundary(30, 5)
    assert cardinal_set(22.4) == ("north",) and cardinal_set(22.6) == ("north", "east")
    assert near_fov_edge(92, 0, 5) and near_fov_edge(-88, 0, 5) and not near_fov_edge(45, 0, 5)
    assert ambiguous(45, 45, 5) == []
    assert ambiguous(20, 0, 5) == ["Q4", "Q7"]
    assert ambiguous(90, 0, 5) == ["Q6"]
    assert ambiguous(0, 70, 5) == ["Q5", "Q7"]


def test_segment_box_intersection() -> None:
    wall = ((1.0, 0.0, 0.5), (0.1, 0.5, 0.5), 0.0)  # a thin wall across the x axis at x = 1
    assert segment_hits_box((0, 0, 0.5), (2, 0, 0.5), wall)
    assert not segment_hits_box((0, 0, 0.5), (0.8, 0, 0.5), wall)  # stops short of it
    assert not segment_hits_box((0, 0, 1.5), (2, 0, 1.5), wall)  # passes over it
    assert not segment_hits_box((0, 1, 0.5), (2, 1, 0.5), wall)  # passes beside it
    assert segment_hits_box((0, -0.6, 0.5), (2, 0.6, 0.5), wall)  # crosses it diagonally
    turned = ((1.0, 0.0, 0.5), (0.1, 0.5, 0.5), 90.0)  # the same wall turned: now along the x axis
    assert not segment_hits_box((0, 0.3, 0.5), (2, 0.3, 0.5), turned)
    assert segment_hits_box((0, 0.05, 0.5), (2, 0.05, 0.5), turned)


def test_line_of_sight_fraction() -> None:
    wall = ((1.0, 0.0, 0.5), (0.1, 0.5, 0.5), 0.0)
    eye = (0.0, 0.0, 0.5)
    targets = [(2.0, y, 0.5) for y in (-0.4, 0.0, 0.4)] + [(2.0, 3.0, 0.5)]
    assert line_of_sight_blocked(eye, targets[0], [wall]) and not line_of_sight_blocked(
        eye, targets[3], [wall]
    )
    assert blocked_fraction(eye, targets, [wall]) == pytest.approx(0.75)
    assert blocked_fraction(eye, targets, []) == 0.0
    with pytest.raises(ValueError):
        blocked_fraction(eye, [], [wall])

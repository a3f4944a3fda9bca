"""Gold answers from scene geometry (used by the demo data and the renderer)."""

import pytest

from vpt_tasks.isle_brick.geometry import cardinal_set, egocentric_set, gold_answers, is_visible


@pytest.mark.parametrize(
    ("bearing", "expected"),
    [
        (0, ("north",)), (10, ("north",)), (45, ("north", "east")), (90, ("east",)),
        (135, ("east", "south")), (180, ("south",)), (225, ("south", "west")),
        (270, ("west",)), (315, ("north", "west")), (-45, ("north", "west")), (360, ("north",)),
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

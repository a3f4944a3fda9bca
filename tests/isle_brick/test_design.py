"""The factor design of Isle-Brick-V2 and the demo drawings built from it."""

from __future__ import annotations

from hf_datasets.builders.synthetic.isle_brick import paper_style_scenes
from vpt_tasks.isle_brick.design import FIGURES, OBJECTS, ORIENTATIONS, POSITIONS, VIEWPOINTS
from vpt_tasks.isle_brick.spec import FACTOR_COLUMNS


def test_the_paper_design_has_144_scenes() -> None:
    assert len(OBJECTS) == len(FIGURES) == 9
    assert set(POSITIONS) == {"front", "back", "left", "right"}
    assert len(OBJECTS) * len(POSITIONS) * len(ORIENTATIONS) * len(VIEWPOINTS) == 144


def test_synthetic_scenes_take_their_factors_from_the_design() -> None:
    rows = paper_style_scenes(size=8)
    assert len(rows) == 144
    assert {r["object"] for r in rows} == set(OBJECTS)
    assert {r["figure"] for r in rows} == set(FIGURES)
    assert {r["object_position"] for r in rows} == set(POSITIONS)
    assert {r["figure_orientation"] for r in rows} == set(ORIENTATIONS)
    assert {r["viewpoint"] for r in rows} == set(VIEWPOINTS)
    assert all(FIGURES[OBJECTS.index(r["object"])] == r["figure"] for r in rows)
    assert all(set(FACTOR_COLUMNS) <= set(r) for r in rows)

"""Isle-Brick scene plans: the paper's design, gold answers recomputed from the 3D layout alone."""

from __future__ import annotations

import functools
import json
import math
from collections import Counter

import pytest

from vpt_tasks.isle_brick.geometry import blocked_fraction, cardinal_set, egocentric_set, is_visible
from vpt_tasks.render import models
from vpt_tasks.render import transforms as tf
from vpt_tasks.render.camera import Camera
from vpt_tasks.render.isle_plan import IsleBrickOptions, plan_isle_brick


@functools.cache
def design(**kwargs):
    return plan_isle_brick(IsleBrickOptions(**kwargs))


def camera_of(row) -> Camera:
    return Camera.look_at(
        tuple(row["camera_location"]), tuple(row["camera_look_at"]), row["camera_lens_mm"]
    )


def entities_of(row) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for entity in json.loads(row["entities"]):
        found.setdefault(entity["label"], []).append(entity)
    return found


def test_default_design_is_the_papers() -> None:
    plan = design()
    rows = [f.row for f in plan.frames]
    assert len(rows) == 144 and not plan.skipped
    assert Counter(r["object"] for r in rows) == {name: 16 for name in models.isle_objects()}
    assert Counter(r["object_position"] for r in rows) == {
        p: 36 for p in ("left", "right", "front", "back")
    }
    assert Counter(r["figure_orientation"] for r in rows) == {"toward": 72, "away": 72}
    assert Counter(r["viewpoint"] for r in rows) == {"surface": 72, "birds_eye": 72}
    assert len({r["scene_id"] for r in rows}) == 144
    # two-direction gold answers in the proportions of the paper's Table 3
    two = {q: sum(len(r[f"gold_{q}"]) == 2 for r in rows) for q in ("q4", "q5", "q7")}
    assert two == {"q4": 52, "q5": 25, "q7": 41}  # 36.1%, 17.4%, 28.5%
    assert all(
        r["gold_q1"] == ["1"] and r["gold_q2"] == ["1"] and r["gold_q3"] == ["yes"] for r in rows
    )


def test_gold_answers_follow_from_the_world_layout() -> None:
    """Recompute Q4-Q7 from world positions, the figure's world yaw and the camera pose only."""
    for frame in design().frames:
        row = frame.row
        camera = camera_of(row)
        layout = entities_of(row)
        figure, thing = layout["figure"][0], layout["object"][0]
        offset = tf.sub(thing["position"], figure["position"])
        object_bearing = camera.bearing(offset)
        facing = camera.bearing(tf.azimuth_vector(row["figure_world_yaw"]))
        assert list(cardinal_set(object_bearing)) == row["gold_q4"], row["scene_id"]
        assert list(cardinal_set(facing)) == row["gold_q5"], row["scene_id"]
        assert row["gold_q6"] == (["yes"] if is_visible(object_bearing, facing) else ["no"])
        assert list(egocentric_set(object_bearing, facing)) == row["gold_q7"], row["scene_id"]
        # the factor labels say the same thing
        assert (row["figure_orientation"] == "toward") == (row["gold_q6"] == ["yes"])
        base = {"back": "north", "right": "east", "front": "south", "left": "west"}[
            row["object_position"]
        ]
        assert base in row["gold_q4"]


def test_image_positions_agree_with_the_gold_directions() -> None:
    """Projected through the camera, north objects are higher and east objects further right."""
    for frame in design().frames:
        row, camera = frame.row, frame.scene.camera
        figure = frame.scene.by_label("figure")[0].position
        thing = frame.scene.by_label("object")[0].position
        (fc, fr, _), (oc, orow, _) = camera.project(figure), camera.project(thing)
        q4 = set(row["gold_q4"])
        if "north" in q4:
            assert orow < fr
        if "south" in q4:
            assert orow > fr
        if "east" in q4:
            assert oc > fc
        if "west" in q4:
            assert oc < fc
        if q4 in ({"north"}, {"south"}):  # straight above / below, up to perspective convergence
            assert oc == pytest.approx(fc, abs=0.01)


def test_the_nose_points_where_the_figure_faces() -> None:
    for frame in design().frames[:40]:
        figure = frame.scene.by_label("figure")[0]
        nose = next(
            p for p in figure.model.parts if p.material == models.NOSE and p.shape == "cone"
        )
        head = figure.to_world((0.0, 0.0, nose.location[2]))
        pointing = frame.scene.camera.bearing(tf.sub(figure.to_world(nose.location), head))
        assert pointing == pytest.approx(frame.row["figure_yaw"], abs=1e-6) or abs(
            pointing - frame.row["figure_yaw"]
        ) == pytest.approx(360, abs=1e-6)


def test_everything_is_in_frame_and_in_sight() -> None:
    for frame in design().frames:
        camera, row = frame.scene.camera, frame.row
        for entity in frame.scene.entities:
            for corner in entity.box_corners():
                column, r, depth = camera.project(corner)
                assert depth > 0 and 0.05 < column < 0.95 and 0.05 < r < 0.95, row["scene_id"]
        assert row["object_camera_visibility"] >= 0.5 and row["figure_camera_visibility"] >= 0.5
        expected = 60.0 if row["viewpoint"] == "birds_eye" else None
        if expected:
            assert row["camera_elevation"] == pytest.approx(expected)
        else:
            assert 20.0 <= row["camera_elevation"] <= 40.0


def test_plans_are_deterministic_per_seed() -> None:
    first = [
        f.scene.digest() for f in plan_isle_brick(IsleBrickOptions(objects=("dog",), seed=3)).frames
    ]
    again = [
        f.scene.digest() for f in plan_isle_brick(IsleBrickOptions(objects=("dog",), seed=3)).frames
    ]
    other = [
        f.scene.digest() for f in plan_isle_brick(IsleBrickOptions(objects=("dog",), seed=4)).frames
    ]
    assert first == again and first != other and len(first) == 16


def test_occluding_wardrobe_changes_q6() -> None:
    plan = design(occluder=True)
    rows = [f.row for f in plan.frames]
    assert len(rows) + len(plan.skipped) == 144
    # the wardrobe is the occluder, so it is not also the object: its 16 cells are skipped
    assert sum("occluder" in reason for _, reason in plan.skipped) == 16
    roles = Counter(r["occluder"] for r in rows)
    assert roles["blocking"] > 40 and roles["aside"] > 40
    blocked_toward = 0
    for frame in plan.frames:
        row = frame.row
        assert row["gold_q1"] == ["2"] and row["object"] != "wardrobe"
        figure = frame.scene.by_label("figure")[0]
        thing = frame.scene.by_label("object")[0]
        wardrobe = frame.scene.by_label("occluder")[0]
        eye = figure.to_world((models.EYE_FORWARD, 0.0, models.EYE_HEIGHT))
        hidden = blocked_fraction(eye, thing.sample_points(), [wardrobe.world_box()])
        assert hidden == (1.0 if row["occluder"] == "blocking" else 0.0)
        in_view = is_visible(row["object_bearing"], row["figure_yaw"])
        assert row["gold_q6"] == (["yes"] if in_view and hidden == 0.0 else ["no"])
        blocked_toward += in_view and hidden == 1.0
    assert blocked_toward > 15  # facing the object, yet gold "no": only the occlusion says so


def test_distractors_and_a_second_figure() -> None:
    plan = design(distractors=2, second_figure=True)
    assert len(plan.frames) >= 140
    for frame in plan.frames:
        row = frame.row
        assert row["gold_q1"] == ["3"] and row["gold_q2"] == ["2"]
        assert len(row["distractors"]) == 2 and row["object"] not in row["distractors"]
        assert row["second_figure"] in models.OUTFITS and row["second_figure"] != row["figure"]
        entities = frame.scene.entities
        for i, a in enumerate(entities):  # nothing stands inside anything else
            for b in entities[i + 1 :]:
                assert math.dist(a.position[:2], b.position[:2]) > a.model.radius + b.model.radius
        figure, thing = frame.scene.by_label("figure")[0], frame.scene.by_label("object")[0]
        eye = figure.to_world((models.EYE_FORWARD, 0.0, models.EYE_HEIGHT))
        others = [e.world_box() for e in entities if e.label in ("distractor", "figure2")]
        assert blocked_fraction(eye, thing.sample_points(), others) == 0.0


def test_yaw_step_adds_facings_and_skips_ambiguous_ones() -> None:
    plan = plan_isle_brick(IsleBrickOptions(objects=("plant", "dog"), yaw_step=45.0))
    rows = [f.row for f in plan.frames]
    # 8 facings per cell; facings exactly sideways (90 deg off) sit on the field-of-view edge: skipped
    assert len(rows) + len(plan.skipped) == 2 * 4 * 8 * 2
    assert all("Q6" in reason for _, reason in plan.skipped)
    assert Counter(r["figure_orientation"] for r in rows) == {
        "toward": len(rows) // 2,
        "away": len(rows) // 2,
    }
    offsets = Counter(round((r["figure_yaw"] - r["object_bearing"]) % 360) for r in rows)
    assert set(offsets) == {0, 45, 135, 180, 225, 315}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (dict(objects=("unicorn",)), "objects"),
        (dict(viewpoints=()), "viewpoints"),
        (dict(yaw_step=50.0), "yaw_step"),
        (dict(distractors=5), "distractors"),
        (dict(two_direction_shares=(0.1, 0.9, 0.1)), "two_direction_shares"),
        (dict(birds_eye_elevation=10.0), "birds_eye_elevation"),
        (dict(occluder=True, objects=("wardrobe",)), "wardrobe"),
    ],
)
def test_bad_options_are_named(options, message) -> None:
    with pytest.raises(ValueError, match=message):
        plan_isle_brick(IsleBrickOptions(**options))

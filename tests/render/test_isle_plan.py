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


# --- figure boxes and the twins of the image interventions (vpt_tasks/isle_brick_bias) -----


def test_figure_box_holds_the_projected_figure() -> None:
    from vpt_tasks.render.isle_plan import figure_box

    for plan in design(objects=("plant", "dog", "chair")).frames:
        row, scene = plan.row, plan.scene
        left, top, right, bottom = row["figure_box"]
        assert row["figure_box"] == figure_box(scene)
        assert 0.0 <= left < right <= 1.0 and 0.0 <= top < bottom <= 1.0
        figure = scene.by_label("figure")[0]
        for point in (
            figure.to_world((0.0, 0.0, 0.0)),  # the feet
            figure.to_world((models.EYE_FORWARD, 0.0, models.EYE_HEIGHT)),  # the eyes
            figure.center(),
        ):
            column, image_row, _ = scene.camera.project(point)
            assert left <= column <= right and top <= image_row <= bottom
        # a box around the figure, not around the scene: a small part of the image
        assert (right - left) * (bottom - top) < 0.2


def test_the_no_objects_twin_keeps_camera_light_and_figure() -> None:
    from vpt_tasks.render.isle_plan import figure_box, twin

    for plan in design(objects=("dog",), distractors=2, second_figure=True).frames[:6]:
        alone = twin(plan, "no-objects")
        assert alone.key == f"{plan.key}.no-objects"
        assert alone.row == {"twin_of": plan.key, "variant": "no-objects"}
        assert alone.scene.camera == plan.scene.camera and alone.scene.sun == plan.scene.sun
        assert alone.scene.ground == plan.scene.ground
        assert alone.scene.entities == tuple(plan.scene.by_label("figure"))
        assert figure_box(alone.scene) == plan.row["figure_box"]
        assert alone.scene.digest() != plan.scene.digest()


def test_the_human_figure_twin_stands_where_the_minifigure_stands() -> None:
    from vpt_tasks.render.isle_plan import twin

    for plan in design(objects=("plant", "cat")).frames[:8]:
        human = twin(plan, "human-figure")
        [figure] = plan.scene.by_label("figure")
        [stand_in] = human.scene.by_label("figure")
        assert stand_in.model.name == "woman"
        assert (stand_in.position, stand_in.yaw) == (figure.position, figure.yaw)
        assert stand_in.model.height * stand_in.scale == pytest.approx(figure.model.height)
        others = [e for e in plan.scene.entities if e.label != "figure"]
        assert [e for e in human.scene.entities if e.label != "figure"] == others
        assert human.scene.camera == plan.scene.camera


def test_variants_follow_their_scenes_and_unknown_ones_are_named() -> None:
    from vpt_tasks.render.isle_plan import is_twin, twin, with_variants

    plans = design(objects=("dog",)).frames[:3]
    everything = with_variants(plans, ["no-objects", "human-figure"])
    assert [p.key for p in everything] == [
        *(p.key for p in plans),
        *(f"{p.key}.no-objects" for p in plans),
        *(f"{p.key}.human-figure" for p in plans),
    ]
    assert [is_twin(p) for p in everything] == [False] * 3 + [True] * 6
    with pytest.raises(ValueError, match="choose from no-objects, human-figure"):
        twin(plans[0], "no-figure")


def test_render_variant_writes_the_twins_into_their_scene_rows(tmp_path, capsys) -> None:
    """`vpt-tasks render isle-brick --variant ...` end to end with the stand-in renderer,
    then the probe's no-objects and zoom interventions on the result."""
    import pyarrow.parquet as pq
    from PIL import Image

    from tests.helpers import run
    from vpt_tasks.cli import main
    from vpt_tasks.isle_brick.task import isle_brick_bias

    out = tmp_path / "scenes"
    command = ["render", "isle-brick", "--out", str(out), "--objects", "dog", "--limit", "3"]
    command += ["--size", "32", "--quiet", "--renderer", "tests.render.stub_renderer"]
    assert main([*command, "--variant", "no-objects,human-figure", "--dry-run"]) == 0
    planned = capsys.readouterr().out
    assert "9 frames" in planned and "twin frames: {'no-objects': 3, 'human-figure': 3}" in planned
    assert main([*command, "--variant", "no-objects,human-figure"]) == 0
    assert "(3 rows, 9 frames:" in capsys.readouterr().out
    [data] = (out / "data").glob("*.parquet")
    rows = pq.read_table(data).to_pylist()
    assert len(rows) == 3
    plans = design(objects=("dog",)).frames[:3]
    for row, plan in zip(rows, plans, strict=True):
        assert row["scene_id"] == plan.key and row["gold_q5"] == plan.row["gold_q5"]
        assert row["figure_box"] == pytest.approx(plan.row["figure_box"])
        images = {row[c]["bytes"] for c in ("image", "image_no_objects", "image_human_figure")}
        assert len(images) == 3
    assert "--variant no-objects,human-figure" in (out / "README.md").read_text()
    task = isle_brick_bias(source=str(out), orders="paper", intervention="no_objects,zoom=50")
    for sample in task.dataset:
        with Image.open(sample.input[0].content[0].image) as picture:
            assert picture.size == (32, 32)
    log = run(task, "vpt_tasks/random", tmp_path / "logs")
    assert {s.metadata["zoom_centre"] for s in log.samples} == {"figure_box"}
    assert {s.metadata["intervention"] for s in log.samples} == {"no_objects+zoom=50"}


def test_without_variants_the_dataset_is_as_before(tmp_path) -> None:
    import pyarrow.parquet as pq

    from vpt_tasks.cli import main

    out = tmp_path / "plain"
    command = ["render", "isle-brick", "--out", str(out), "--objects", "cat", "--limit", "2"]
    assert (
        main([*command, "--size", "16", "--quiet", "--renderer", "tests.render.stub_renderer"]) == 0
    )
    [data] = (out / "data").glob("*.parquet")
    columns = pq.read_table(data).column_names
    assert "figure_box" in columns and "image_no_objects" not in columns

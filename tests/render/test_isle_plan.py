"""Isle-Brick scene plans: the paper's design, gold answers recomputed from the 3D layout alone."""

from __future__ import annotations

import ast
import functools
import json
import math
from collections import Counter

import pytest

from vpt_tasks.isle_brick.design import OBJECTS, PAPER_CELLS, TABLE_3, paper_cell
from vpt_tasks.isle_brick.geometry import (
    blocked_fraction,
    boundary_distance,
    cardinal_set,
    egocentric_set,
    gold_answers,
    is_visible,
)
from vpt_tasks.render import models
from vpt_tasks.render import transforms as tf
from vpt_tasks.render.camera import Camera
from vpt_tasks.render.isle_plan import IsleBrickOptions, plan_isle_brick
from vpt_tasks.render.scene import Entity


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
    # the gold sets of the paper's Table 3, cell by cell (issue 20 §1)
    for column in ("gold_q4", "gold_q5", "gold_q7"):
        assert Counter(tuple(r[column]) for r in rows) == TABLE_3[column], column
    two = {q: sum(len(r[f"gold_{q}"]) == 2 for r in rows) for q in ("q4", "q5", "q7")}
    assert two == {"q4": 52, "q5": 25, "q7": 41}  # 36.1%, 17.4%, 28.5%
    assert all(
        r["gold_q1"] == ["1"] and r["gold_q2"] == ["1"] and r["gold_q3"] == ["yes"] for r in rows
    )
    # each cell has the gold sets its allocation gives it
    for r in rows:
        cell = paper_cell(
            r["object"], r["object_position"], r["figure_orientation"], r["viewpoint"]
        )
        assert (tuple(r["gold_q4"]), tuple(r["gold_q5"]), tuple(r["gold_q7"])) == cell


def test_table_3_holds_the_papers_numbers() -> None:
    """What the paper gives of its supplement Table 3, and the random baseline it implies."""
    q4, q5, q7 = (TABLE_3[q] for q in ("gold_q4", "gold_q5", "gold_q7"))
    assert all(sum(t.values()) == 144 for t in (q4, q5, q7))
    doubles = {
        q: sum(n for s, n in t.items() if len(s) == 2)
        for q, t in zip("457", (q4, q5, q7), strict=True)
    }
    assert doubles == {"4": 52, "5": 25, "7": 41}
    assert {s for s in q5 if len(s) == 2} == {("east", "south"), ("south", "west")}
    assert {s: n for s, n in q7.items() if len(s) == 2} == {
        ("right", "back"): 19,
        ("back", "left"): 7,
        ("front", "left"): 11,
        ("front", "right"): 4,
    }
    # the paper's random baseline (Appendix A.3): mean |G| / 4 -> 34.0, 29.3, 32.1 %
    chance = [sum(len(s) * n for s, n in t.items()) / 144 / 4 for t in (q4, q5, q7)]
    assert [round(100 * c, 1) for c in chance] == [34.0, 29.3, 32.1]


def test_every_cell_of_the_allocation_fits_its_factors() -> None:
    """PAPER_CELLS: the object's position is in Q4, toward = front in Q7, away = back."""
    base = {"back": "north", "right": "east", "front": "south", "left": "west"}
    assert len(PAPER_CELLS) == 16 and all(len(v) == 9 for v in PAPER_CELLS.values())
    totals: dict[str, Counter] = {q: Counter() for q in ("gold_q4", "gold_q5", "gold_q7")}
    for position, orientation, viewpoint in PAPER_CELLS:
        for name in OBJECTS:
            q4, q5, q7 = paper_cell(name, position, orientation, viewpoint)
            assert base[position] in q4
            assert ("front" if orientation == "toward" else "back") in q7
            for column, value in zip(totals, (q4, q5, q7), strict=True):
                totals[column][value] += 1
    assert totals == {q: Counter(t) for q, t in TABLE_3.items()}


def test_dry_run_prints_table_3_for_seeds_0_to_9(capsys: pytest.CaptureFixture[str]) -> None:
    """The acceptance check of issue 20: `vpt-tasks render isle-brick --dry-run`, seeds 0-9."""
    from vpt_tasks.cli import main

    for seed in range(10):
        assert main(["render", "isle-brick", "--dry-run", "--seed", str(seed)]) == 0
        out = capsys.readouterr().out
        assert "isle-brick: 144 frames (144 distinct scenes)" in out, seed
        printed = {
            line.split(":", 1)[0].strip(): ast.literal_eval(line.split(":", 1)[1].split(" (")[0])
            for line in out.splitlines()
            if line.strip().startswith(("gold_q4", "gold_q5", "gold_q7"))
        }
        for column, counts in TABLE_3.items():
            assert printed[column] == {"+".join(s): n for s, n in counts.items()}, (seed, column)
        assert "Table 3 of the paper: every cell as the paper's" in out


def image_readings(row) -> dict[str, list[float]]:
    """Q4 and Q5 read off the image: the world layout and the camera columns only."""
    camera = camera_of(row)
    layout = entities_of(row)
    figure, thing = layout["figure"][0], layout["object"][0]
    facing = tf.azimuth_vector(row["figure_world_yaw"])
    figure_centre = Entity(
        "figure", models.minifigure(row["figure"]), tuple(figure["position"]), yaw=figure["yaw"]
    ).center()
    thing_centre = Entity(
        "object", models.isle_objects()[row["object"]](), tuple(thing["position"]), yaw=thing["yaw"]
    ).center()
    eyes = tf.add(figure["position"], (0.0, 0.0, models.EYE_HEIGHT))
    return {
        "q4": [
            camera.image_bearing(figure["position"], thing["position"]),  # the definition
            camera.image_bearing(figure_centre, thing_centre),
        ],
        "q5": [
            camera.image_heading(figure["position"], facing),  # the definition
            camera.image_heading(eyes, facing),
        ],
    }


def test_gold_answers_are_what_the_image_shows() -> None:
    """Q4/Q5 from the projected positions and facing; Q6/Q7 from the ground layout (issue 20 §2)."""
    for frame in design().frames:
        row = frame.row
        camera = camera_of(row)
        layout = entities_of(row)
        figure, thing = layout["figure"][0], layout["object"][0]
        readings = image_readings(row)
        for question in ("q4", "q5"):
            for angle in readings[question]:
                # read between the ground points or the centres, at the feet or the eyes: the
                # same set, never within the boundary margin (5 deg) of another one
                assert list(cardinal_set(angle)) == row[f"gold_{question}"], row["scene_id"]
                assert boundary_distance(angle) >= 5.0, (row["scene_id"], question, angle)
        assert readings["q4"][0] == pytest.approx(row["object_image_bearing"], abs=1e-2)
        assert readings["q5"][0] == pytest.approx(row["figure_image_bearing"], abs=1e-2)
        object_bearing = camera.bearing(tf.sub(thing["position"], figure["position"]))
        facing = camera.bearing(tf.azimuth_vector(row["figure_world_yaw"]))
        assert row["gold_q6"] == (["yes"] if is_visible(object_bearing, facing) else ["no"])
        assert list(egocentric_set(object_bearing, facing)) == row["gold_q7"], row["scene_id"]
        assert boundary_distance(object_bearing - facing) >= 5.0
        # the factor labels say the same thing
        assert (row["figure_orientation"] == "toward") == (row["gold_q6"] == ["yes"])
        base = {"back": "north", "right": "east", "front": "south", "left": "west"}[
            row["object_position"]
        ]
        assert base in row["gold_q4"]


def test_surface_views_foreshorten_the_ground() -> None:
    """Why the gold is read in the image: seen from 20 deg up, ground and image directions differ."""
    camera = Camera.orbit((0.0, 0.0, 0.0), azimuth=0.0, elevation=20.0, distance=40.0, lens_mm=70.0)
    diagonal = camera.direction(45.0)  # north-east on the table
    drawn = camera.image_heading((0.0, 0.0, 0.0), diagonal)
    assert drawn == pytest.approx(71.1, abs=0.5)  # drawn 19 deg above the horizontal: east
    assert gold_answers(45.0, 0.0, image_object_bearing=drawn)["gold_q4"] == ["east"]
    assert gold_answers(45.0, 0.0)["gold_q4"] == ["north", "east"]  # the ground reading
    # in the design, surface-level scenes whose gold would change if read on the ground
    rows = [f.row for f in design().frames if f.row["viewpoint"] == "surface"]
    changed = sum(list(cardinal_set(r["object_bearing"])) != r["gold_q4"] for r in rows)
    changed += sum(list(cardinal_set(r["figure_yaw"])) != r["gold_q5"] for r in rows)
    assert changed > 0
    # a diagonal gold set is drawn as a diagonal: within 22.5 - 5 deg of it in the image
    for r in rows:
        for column, angle in (
            ("gold_q4", "object_image_bearing"),
            ("gold_q5", "figure_image_bearing"),
        ):
            if len(r[column]) == 2:
                assert (
                    abs((r[angle] - 45.0) % 90.0) <= 17.5 + 1e-9
                    or abs((r[angle] - 45.0) % 90.0 - 90.0) <= 17.5 + 1e-9
                )


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
        if len(q4) == 1:  # straight above / below / beside: the other axis within 22.5 deg
            along, across = (
                (fr - orow, oc - fc) if q4 & {"north", "south"} else (oc - fc, fr - orow)
            )
            assert abs(across) < abs(along) * math.tan(math.radians(22.5))


def test_the_nose_points_where_the_figure_faces() -> None:
    for frame in design().frames[:40]:
        figure = frame.scene.by_label("figure")[0]
        nose = next(
            p for p in figure.model.parts if p.material == models.NOSE and p.shape == "cone"
        )
        head = figure.to_world((0.0, 0.0, nose.location[2]))
        tip = figure.to_world(nose.location)
        pointing = frame.scene.camera.bearing(tf.sub(tip, head))
        assert pointing == pytest.approx(frame.row["figure_yaw"], abs=1e-6) or abs(
            pointing - frame.row["figure_yaw"]
        ) == pytest.approx(360, abs=1e-6)
        # and in the image the nose points into the gold Q5 sector
        drawn = frame.scene.camera.image_bearing(head, tip)
        assert list(cardinal_set(drawn)) == frame.row["gold_q5"], frame.key


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
        assert alone.row == {
            "twin_of": plan.key,
            "variant": "no-objects",
            "column": "image_no_objects",
        }
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

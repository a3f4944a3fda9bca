"""COMFORT scene plans: θ, φ and the camera's view of them, from the spec's geometry."""

from __future__ import annotations

import functools
import math
from collections import Counter

import pytest

from vpt_tasks.comfort.geometry import phi_from_theta
from vpt_tasks.render import CAR_RELATA
from vpt_tasks.render import transforms as tf
from vpt_tasks.render.comfort_plan import (
    BALL_RADIUS,
    BASKETBALL_RADIUS,
    CAR_DATASETS,
    CAR_RADII,
    ComfortOptions,
    plan_comfort_ball,
    plan_comfort_car,
)


@functools.cache
def ball():
    return plan_comfort_ball(ComfortOptions())


@functools.cache
def car():
    return plan_comfort_car(ComfortOptions())


def test_ball_has_every_path_and_frame() -> None:
    plans = ball()
    assert len(plans) == 4 * 5 * 37
    paths = Counter((p.row["relation"], p.row["variation"]) for p in plans)
    assert len(paths) == 20 and set(paths.values()) == {37}
    assert {p.row["theta"] for p in plans} == set(range(-180, 181, 10))
    assert all(p.row["theta"] == 10 * p.row["frame"] - 180 for p in plans)
    assert len({p.key for p in plans}) == len(plans)


@pytest.mark.parametrize("relation", ["infrontof", "behind", "totheleft", "totheright"])
def test_referent_sits_at_phi_of_theta(relation: str) -> None:
    for plan in ball():
        row = plan.row
        if row["relation"] != relation or row["variation"] != "default":
            continue
        phi = float(phi_from_theta(relation, row["theta"]))
        referent = plan.scene.by_label("referent")[0]
        assert row["phi"] == pytest.approx(phi)
        assert math.hypot(*referent.position[:2]) == pytest.approx(BALL_RADIUS)
        assert tf.azimuth_of(referent.position) == pytest.approx(
            phi % 360, abs=1e-9
        ) or phi % 360 == pytest.approx(360)
        # phi = 0 toward the camera (lower in the image), 90 the camera's right
        camera = plan.scene.camera
        column, image_row, _ = camera.project(referent.center())
        relatum_column, relatum_row, _ = camera.project(plan.scene.by_label("relatum")[0].center())
        s, c = math.sin(math.radians(phi)), math.cos(math.radians(phi))
        if abs(s) > 0.05:
            assert (column > relatum_column) == (s > 0)
        if abs(c) > 0.05:
            assert (image_row > relatum_row) == (c > 0)
        assert 0.0 < column < 1.0 and 0.0 < image_row < 1.0


def test_ball_variations() -> None:
    by_variation = {
        p.row["variation"]: p
        for p in ball()
        if p.row["relation"] == "behind" and p.row["frame"] == 3
    }
    assert (by_variation["default"].row["referent"], by_variation["default"].row["relatum"]) == (
        "red sphere",
        "blue sphere",
    )
    assert (by_variation["color"].row["referent"], by_variation["color"].row["relatum"]) == (
        "yellow sphere",
        "green sphere",
    )
    size = by_variation["size"].scene
    assert size.by_label("referent")[0].model.height == pytest.approx(
        1.4
    )  # radius 0.7, resting on the ground
    assert size.by_label("relatum")[0].model.height == pytest.approx(0.9)
    assert by_variation["cam_position"].row["camera_location"] == [9.0, 0.0, 7.0]
    assert by_variation["default"].row["camera_location"] == [7.834, 0.0, 3.613]
    assert all(
        p.row["addressee"] is None and p.row["relatum_yaw"] is None for p in by_variation.values()
    )
    # the absent object of the hallucination probe is not in the scene
    for plan in by_variation.values():
        present = {plan.row["referent"], plan.row["relatum"], "green sphere"}
        assert plan.row["absent_object"] not in present


def test_distractor_is_fixed_along_a_path_and_clear_of_it() -> None:
    spots: dict[str, set] = {}
    for plan in ball():
        if plan.row["variation"] != "distractor":
            assert plan.row["distractor_location"] is None
            continue
        distractor = plan.scene.by_label("distractor")[0]
        spots.setdefault(plan.row["relation"], set()).add(tuple(distractor.position))
        assert distractor.model.name == "green sphere"
        referent = plan.scene.by_label("referent")[0]
        assert math.dist(distractor.position[:2], referent.position[:2]) > 0.6 + 0.5
    assert all(len(s) == 1 for s in spots.values()) and len(spots) == 4


def test_frame_36_repeats_frame_0() -> None:
    plans = {p.key: p for p in ball()}
    for key, plan in plans.items():
        if key.endswith("/36"):
            first = plans[key[:-2] + "00"]
            assert plan.scene.digest() == first.scene.digest() and plan.row["theta"] == 180


def test_car_datasets_relata_and_addressee() -> None:
    plans = car()
    assert len(plans) == 2 * 4 * 10 * 37
    assert Counter(p.row["variation"] for p in plans) == {name: 2 * 4 * 37 for name in CAR_RELATA}
    # every (facing, relation, relatum) path, complete, in the released configs' order of relata
    paths = Counter((p.row["dataset"], p.row["relation"], p.row["variation"]) for p in plans)
    assert len(paths) == 80 and set(paths.values()) == {37}
    assert list(dict.fromkeys(p.row["variation"] for p in plans)) == list(CAR_RELATA)
    for plan in plans[:: 37 * 2]:
        row = plan.row
        relatum = plan.scene.by_label("relatum")[0]
        assert (
            row["referent"] == "basketball"
            and row["relatum"] == row["variation"]
            and row["addressee"] == "woman"
        )
        assert relatum.yaw == CAR_DATASETS[row["dataset"]] == row["relatum_yaw"]
        assert row["absent_object"] not in (row["referent"], row["relatum"], "woman")
        woman = plan.scene.by_label("addressee")[0]
        assert woman.position == (0.0, -5.0, 0.0) and woman.yaw == 90.0
        assert row["camera_location"] == [10.0, 0.0, 9.0]
        # the relatum's front (+x of its model) points to -y for "facing left", +y for "facing right"
        front = tf.sub(relatum.to_world((1.0, 0.0, 0.0)), relatum.position)
        assert (front[1] < 0) == row["dataset"].endswith("facing_left")
        # the woman stands at the camera's left edge, all of her in frame
        columns = [plan.scene.camera.project(c)[0] for c in woman.box_corners()]
        assert 0.0 < min(columns) and max(columns) < 0.35
        radius = math.hypot(*plan.scene.by_label("referent")[0].position[:2])
        # the orbit of the authors' released config for this relatum (issue 20 §11)
        released = {
            "horse": 3.5,
            "bench": 3.0,
            "laptop": 3.0,
            "duck": 3.0,
            "chair": 3.3,
            "dog": 3.0,
            "sofa": 3.0,
            "bed": 3.3,
            "bicycle": 3.1,
            "car": 3.2,
        }
        assert radius == pytest.approx(released[row["relatum"]])
        assert row["radius"] == pytest.approx(radius)


def test_car_relata_metadata_rows() -> None:
    """Each relatum's rows name it, with the spec's absent object and the dataset's facing."""
    for name in CAR_RELATA:
        plans = plan_comfort_car(ComfortOptions(variations=(name,), frames=(0, 18)))
        assert len(plans) == 2 * 4 * 2
        for plan in plans:
            row = plan.row
            assert (row["variation"], row["relatum"], row["referent"]) == (name, name, "basketball")
            assert row["absent_object"] not in (name, "basketball", "woman")
            assert row["radius"] == CAR_RADII[name]
            assert row["relatum_yaw"] == CAR_DATASETS[row["dataset"]]
            assert plan.scene.by_label("relatum")[0].model.name == name


@pytest.mark.parametrize("name", CAR_RELATA)
def test_car_relatum_is_clear_of_the_ball_and_in_frame(name: str) -> None:
    """The basketball's path never touches the relatum, and the relatum is whole and centred."""
    plans = [p for p in car() if p.row["variation"] == name]
    for plan in plans[:: 37 * 4]:  # one path per facing
        relatum = plan.scene.by_label("relatum")[0]
        camera = plan.scene.camera
        points = [camera.project(c) for c in relatum.box_corners()]
        assert all(0.1 < column < 0.9 and 0.1 < row < 0.9 for column, row, _ in points)
        middle = camera.project(relatum.to_world(relatum.model.box.center))
        assert abs(middle[0] - 0.5) < 0.05 and abs(middle[1] - 0.5) < 0.1
    relatum = plans[0].scene.by_label("relatum")[0]
    reach = relatum.model.radius * relatum.scale  # the footprint's circumscribed circle
    assert reach + BASKETBALL_RADIUS < CAR_RADII[name], name


def test_options_are_validated() -> None:
    with pytest.raises(ValueError, match="variations"):
        plan_comfort_ball(ComfortOptions(variations=("car",)))
    with pytest.raises(ValueError, match="comfort-car only"):
        plan_comfort_ball(ComfortOptions(datasets=("comfort_car_ref_facing_left",)))
    with pytest.raises(ValueError, match="frames"):
        plan_comfort_car(ComfortOptions(frames=(37,)))
    with pytest.raises(ValueError, match="relations"):
        plan_comfort_car(ComfortOptions(relations=("above",)))
    with pytest.raises(ValueError, match="choose from horse, bench, laptop, duck, chair"):
        plan_comfort_car(ComfortOptions(variations=("unicorn",)))

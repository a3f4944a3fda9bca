"""Models built from primitives: each stands on the ground with an unmistakable front at +x."""

from __future__ import annotations

import pytest

from vpt_tasks.render import CAR_RELATA, models
from vpt_tasks.render import transforms as tf
from vpt_tasks.render.scene import Entity, Material, Model


def centres(model: Model, material: Material) -> list[tf.Vec3]:
    return [part.location for part in model.parts if part.material == material]


def test_every_model_stands_on_the_ground() -> None:
    builders = {
        **models.isle_objects(),
        **models.comfort_relata(),
        "woman": models.woman,
        "basketball": models.basketball,
    }
    for name in models.OUTFITS:
        builders[f"figure {name}"] = lambda name=name: models.minifigure(name)
    for name, build in builders.items():
        model = build()
        low = model.box.center[2] - model.box.half[2]
        assert low == pytest.approx(0.0, abs=0.03), name
        assert model.height > 0.2 and model.parts, name


@pytest.mark.parametrize("outfit", sorted(models.OUTFITS))
def test_minifigure_front_cues(outfit: str) -> None:
    figure = models.minifigure(outfit)
    hair = models.color(models.OUTFITS[outfit].hair)
    nose = centres(figure, models.NOSE)
    eyes = centres(figure, models.EYE)
    assert nose and all(x > 0.09 for x, _, _ in nose)  # the nose sticks out in front
    assert len([e for e in eyes if e[2] > 0.85]) == 2 and all(
        x > 0.09 for x, _, z in eyes if z > 0.85
    )
    back_hair = [p for p in figure.parts if p.material == hair and p.shape == "cube"]
    assert back_hair and all(p.location[0] < -0.05 for p in back_hair)  # hair at the back
    feet = [p for p in figure.parts if p.shape == "cube" and p.location[2] < 0.05]
    assert len(feet) == 2 and all(p.location[0] > 0.0 for p in feet)  # feet point forward
    hands = [p for p in figure.parts if p.shape == "torus"]
    assert len(hands) == 2 and all(p.location[0] > 0.15 for p in hands)  # arms reach forward
    assert models.EYE_HEIGHT == pytest.approx(eyes[0][2], abs=0.01)
    assert 0.95 < figure.height < 1.3


def test_comfort_relata_fronts() -> None:
    car = models.car()
    lights = [
        p.location
        for p in car.parts
        if p.material.emission >= 2.0 and p.material.color[0] > 0.9 and p.material.color[1] > 0.9
    ]
    tails = [p.location for p in car.parts if p.material.emission > 0 and p.material.color[1] < 0.2]
    assert len(lights) == 2 and all(x > 1.0 for x, _, _ in lights)
    assert len(tails) == 2 and all(x < -1.0 for x, _, _ in tails)
    chair = models.comfort_chair()
    back = max(chair.parts, key=lambda p: p.location[2])  # the top of the backrest
    assert back.location[0] < -0.15
    for animal in (models.horse(), models.comfort_dog(), models.dog(), models.cat()):
        eyes = [
            p.location for p in animal.parts if p.material == models.color("#141414", roughness=0.2)
        ]
        assert eyes and all(x > 0.3 * animal.box.half[0] for x, _, _ in eyes), animal.name
        tail = animal.parts[-1]
        assert tail.location[0] < -0.4 * animal.box.half[0], animal.name


EYE = models.color("#141414", roughness=0.2)


def emitting(model: Model, red_over_green: bool) -> list[tf.Vec3]:
    """Centres of the glowing parts: red ones (tail lights, reflectors) or white-yellow ones."""
    return [
        p.location
        for p in model.parts
        if p.material.emission > 1.0 and (p.material.color[1] < 0.2) == red_over_green
    ]


def test_comfort_car_has_the_released_ten_relata() -> None:
    assert tuple(models.comfort_relata()) == CAR_RELATA
    assert len({build().name for build in models.comfort_relata().values()}) == 10
    for name, build in models.comfort_relata().items():
        assert build().name == name


def test_bench_backrest_is_behind_the_seat() -> None:
    bench = models.bench()
    wood = models.color("#9C6B3C", roughness=0.7)
    slats = [p for p in bench.parts if p.material == wood]
    seat = [p.location for p in slats if p.location[2] < 0.5]
    back = [p.location for p in slats if p.location[2] > 0.5]
    assert len(seat) == 3 and len(back) == 2
    assert all(b[0] < min(s[0] for s in seat) for b in back)  # the backrest behind every slat
    # the backrest leans back: its top (rotated about y by a negative angle) moves toward -x
    assert all(p.rotation[1] < 0 for p in slats if p.location[2] > 0.5)
    top = max(bench.parts, key=lambda p: p.location[2] + p.size[2] / 2)
    assert top.location[0] < -0.2  # the highest part is the rear leg carrying the backrest
    knobs = [p.location for p in bench.parts if p.shape == "sphere"]
    assert len(knobs) == 2 and all(x > 0.2 for x, _, _ in knobs)  # armrest ends in front
    assert {round(y, 3) for _, y, _ in knobs} == {0.7, -0.7}  # symmetric: left = +y by the front


def test_laptop_screen_faces_the_front() -> None:
    laptop = models.laptop()
    lid = next(p for p in laptop.parts if p.size == (0.04, 1.1, 0.75))
    screen = next(p for p in laptop.parts if p.material.emission > 0)
    logo = next(p for p in laptop.parts if p.size == (0.006, 0.16, 0.16))
    # the screen is on the +x face of the lid, the logo on its -x face
    assert screen.location[0] > lid.location[0] > logo.location[0]
    assert screen.rotation == lid.rotation == logo.rotation
    # the screen's normal (the lid's local +x) points forward and a little up
    normal = tf.sub(tf.apply(screen.matrix(), (1.0, 0.0, 0.0)), screen.location)
    assert normal[0] > 0.9 * tf.norm(normal) and normal[2] > 0
    # open toward the user: the lid rises behind the base, the keyboard and touchpad lie before it
    assert lid.location[0] < models.LAPTOP_HINGE[0] < 0 and lid.location[2] > 0.3
    keyboard, touchpad = (p for p in laptop.parts if p.location[2] > 0.06 and p.size[2] < 0.01)
    assert models.LAPTOP_HINGE[0] < keyboard.location[0] < touchpad.location[0]


def test_duck_head_and_bill_in_front_tail_behind() -> None:
    duck = models.duck()
    eyes = [p.location for p in duck.parts if p.material == EYE]
    assert len(eyes) == 2 and all(x > 0.5 * duck.box.half[0] for x, _, _ in eyes)
    bill = max(duck.parts, key=lambda p: p.location[0] + p.size[0] / 2)
    assert bill.material.color == models.color("#E3C21B").color  # the bill is foremost
    tail = next(p for p in duck.parts if p.shape == "cone")
    tip = tf.apply(tail.matrix(), (0.0, 0.0, 0.5))
    assert tail.location[0] < -0.6 * duck.box.half[0] and tip[0] < tail.location[0]
    feet = [p.location for p in duck.parts if p.location[2] < 0.02]
    assert len(feet) == 2 and all(x > 0.05 for x, _, _ in feet)  # webbed feet point forward


def test_bed_foot_end_is_its_front() -> None:
    bed = models.bed()
    headboard = max(bed.parts, key=lambda p: p.location[2] + p.size[2] / 2)
    footboard = next(p for p in bed.parts if p.location[0] > 1.0)
    assert headboard.location[0] < -1.0 and headboard.size[2] > 2 * footboard.size[2]
    pillows = [p.location for p in bed.parts if p.shape == "sphere"]
    assert len(pillows) == 2 and all(x < -0.5 for x, _, _ in pillows)  # at the head, behind
    assert bed.height == pytest.approx(1.2)
    assert bed.box.half[0] > bed.box.half[1]  # long along its front-back axis


def test_bicycle_front_wheel_handlebars_and_drive_side() -> None:
    bicycle = models.bicycle()
    lights, reflectors = emitting(bicycle, False), emitting(bicycle, True)
    assert len(lights) == 1 and lights[0][0] > 0.3  # headlight in front
    assert len(reflectors) == 1 and reflectors[0][0] < -0.3  # red reflector behind
    front_hub, rear_hub = models.BICYCLE_WHEELS
    assert front_hub > 0 > rear_hub
    grips = [
        p.location for p in bicycle.parts if p.shape == "cylinder" and abs(p.location[1]) > 0.2
    ]
    assert len(grips) == 2 and all(x > 0.2 for x, _, _ in grips)  # handlebars over the front
    tyres = [p for p in bicycle.parts if p.shape == "torus" and p.size[0] > 0.6]
    assert sorted(p.location[0] for p in tyres) == [rear_hub, front_hub]
    for tyre in tyres:  # upright in the x-z plane, touching the ground
        assert tf.apply(tyre.matrix(), (0.0, 0.5, 0.0))[2] == pytest.approx(
            tyre.location[2] + tyre.size[0] / 2
        )
        assert tyre.location[2] - tyre.size[0] / 2 * (1 + tyre.tube) == pytest.approx(0, abs=0.01)
    chainring = next(p for p in bicycle.parts if p.shape == "torus" and p.size[0] < 0.3)
    assert chainring.location[1] < 0  # the drive side is the right, -y


def test_woman_faces_forward_and_turns_with_her_yaw() -> None:
    woman = models.woman()
    eyes = [p.location for p in woman.parts if p.material == models.color("#141414", 0.2)]
    assert len(eyes) == 2 and all(x > 0.05 for x, _, _ in eyes)
    placed = Entity("addressee", woman, (0.0, -5.0, 0.0), yaw=90.0)
    # facing +y: her eyes are on the +y side of her position
    assert all(placed.to_world(e)[1] > -5.0 for e in eyes)


def test_entity_boxes_follow_position_yaw_and_scale() -> None:
    entity = Entity("relatum", models.car(), (1.0, 2.0, 0.0), yaw=90.0, scale=2.0)
    center, half, yaw = entity.world_box()
    model_half = models.car().box.half
    assert half == pytest.approx(tuple(2.0 * h for h in model_half)) and yaw == 90.0
    corners = entity.box_corners()
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    # the car's length (local x) now runs along world y
    assert max(ys) - min(ys) == pytest.approx(4.0 * model_half[0])
    assert max(xs) - min(xs) == pytest.approx(4.0 * model_half[1])
    assert len(entity.sample_points()) == 27

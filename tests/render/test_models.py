"""Models built from primitives: each stands on the ground with an unmistakable front at +x."""

from __future__ import annotations

import pytest

from vpt_tasks.render import models
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

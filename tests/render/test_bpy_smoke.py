"""Real Blender renders of tiny frames: files, canonical rows and pixels agree with the plan.

Skipped when `bpy` (the `render` extra) is not installed. Run it in the
render environment: `python -m pytest -q tests/render/test_bpy_smoke.py`.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

pytest.importorskip("bpy", reason="the render extra (bpy) is not installed")

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

from vpt_tasks.isle_brick.geometry import cardinal_set  # noqa: E402
from vpt_tasks.render import CAR_RELATA  # noqa: E402
from vpt_tasks.render.blender import MASK_COLORS, render_frame, render_mask  # noqa: E402
from vpt_tasks.render.cli import schema  # noqa: E402
from vpt_tasks.render.comfort_plan import ComfortOptions, plan_comfort_ball, plan_comfort_car  # noqa: E402
from vpt_tasks.render.isle_plan import IsleBrickOptions, plan_isle_brick  # noqa: E402
from vpt_tasks.render.runner import frame_path, mask_path, render_dataset  # noqa: E402
from vpt_tasks.render.scene import RenderSettings  # noqa: E402

SIZE = 64
SETTINGS = RenderSettings(size=SIZE, samples=4)


def render(plans, out: Path, family: str):
    render_dataset(
        plans,
        out,
        SETTINGS,
        schema=schema(family),
        pretty_name="smoke",
        card_body=lambda r: "",
        masks=True,
        progress=False,
    )
    import datasets

    return datasets.load_dataset(str(out), split="test")


def pixels(path: Path) -> np.ndarray:
    return np.asarray(Image.open(path).convert("RGB")).astype(int)


def label_centroid(mask: np.ndarray, label: str) -> tuple[float, float, int]:
    """(column, row, count) of the pixels of one mask label (nearest palette colour)."""
    palette = np.array(list(MASK_COLORS.values()))
    nearest = np.argmin(((mask[:, :, None, :] - palette[None, None]) ** 2).sum(-1), axis=-1)
    rows, columns = np.nonzero(nearest == list(MASK_COLORS).index(label))
    return (
        float(columns.mean()) + 0.5 if len(columns) else math.nan,
        float(rows.mean()) + 0.5 if len(rows) else math.nan,
        len(rows),
    )


def colour_centroid(image: np.ndarray, test) -> tuple[float, float, int]:
    rows, columns = np.nonzero(test(image[:, :, 0], image[:, :, 1], image[:, :, 2]))
    return float(columns.mean()) + 0.5, float(rows.mean()) + 0.5, len(rows)


def test_comfort_ball_referent_is_where_theta_puts_it(tmp_path: Path) -> None:
    # behind: phi = theta; frames 9, 18, 27 put the red sphere left of, in front of, right of the blue one
    plans = plan_comfort_ball(
        ComfortOptions(relations=("behind",), variations=("default",), frames=(9, 18, 27))
    )
    table = render(plans, tmp_path, "comfort-ball")
    assert [row["theta"] for row in table] == [-90, 0, 90] and len(table) == 3
    for plan, row in zip(plans, table, strict=True):
        assert (
            row["image"].size == (SIZE, SIZE)
            and row["referent"] == "red sphere"
            and row["blender_version"]
        )
        camera = plan.scene.camera
        expected = camera.project(plan.scene.by_label("referent")[0].center(), SIZE)
        image = pixels(frame_path(tmp_path, plan, SETTINGS))
        red = colour_centroid(image, lambda r, g, b: (r > 120) & (g < 70) & (b < 70))
        assert red[2] > 20 and math.dist(red[:2], expected[:2]) < 2.5, (plan.key, red, expected)
        mask = pixels(mask_path(tmp_path, plan))
        referent = label_centroid(mask, "referent")
        assert math.dist(referent[:2], expected[:2]) < 2.0
        relatum = label_centroid(mask, "relatum")
        side = math.sin(math.radians(row["phi"]))
        if abs(side) > 0.5:  # left of the relatum in the image for phi = 270, right for phi = 90
            assert (referent[0] > relatum[0]) == (side > 0)
        else:  # phi = 0: toward the camera, lower in the image
            assert referent[1] > relatum[1]


def test_comfort_car_ball_relatum_and_woman(tmp_path: Path) -> None:
    plans = plan_comfort_car(
        ComfortOptions(relations=("totheright",), variations=("car",), frames=(9,))
    )
    table = render(plans, tmp_path, "comfort-car")
    assert {row["dataset"] for row in table} == {
        "comfort_car_ref_facing_left",
        "comfort_car_ref_facing_right",
    }
    for plan in plans:
        camera = plan.scene.camera
        mask = pixels(mask_path(tmp_path, plan))
        ball = label_centroid(mask, "referent")
        assert (
            ball[2] > 3
            and math.dist(
                ball[:2], camera.project(plan.scene.by_label("referent")[0].center(), SIZE)[:2]
            )
            < 2.0
        )
        woman = label_centroid(mask, "addressee")
        assert woman[2] > 3 and woman[0] < SIZE * 0.3  # at (0, -5): the camera's left
        car = label_centroid(mask, "relatum")
        assert abs(car[0] - SIZE / 2) < 6 and car[2] > 20


@pytest.mark.parametrize("name", CAR_RELATA)
def test_comfort_car_relatum_renders_centred(tmp_path: Path, name: str) -> None:
    """Each of the ten relata is drawn: its mask is non-empty, centred where the plan puts it,
    and the frame shows something other than the ground there."""
    plan = plan_comfort_car(
        ComfortOptions(
            relations=("totheright",),
            variations=(name,),
            frames=(9,),
            datasets=("comfort_car_ref_facing_left",),
        )
    )[0]
    size = 96
    settings = RenderSettings(size=size, samples=4)
    render_frame(plan.scene, tmp_path / "frame.png", settings)
    render_mask(plan.scene, tmp_path / "mask.png", settings)
    mask = pixels(tmp_path / "mask.png")
    column, row, count = label_centroid(mask, "relatum")
    relatum = plan.scene.by_label("relatum")[0]
    expected = plan.scene.camera.project(relatum.to_world(relatum.model.box.center), size)
    assert count > 15, (name, count)  # the chair, the smallest, covers about 22 pixels
    assert abs(column - size / 2) < 0.04 * size, (name, column)
    assert math.dist((column, row), expected[:2]) < 0.04 * size, (name, (column, row), expected)
    image = pixels(tmp_path / "frame.png")
    inside = image[label_mask(mask, "relatum")].mean(axis=0)
    ground = np.median(image[label_mask(mask, "background")], axis=0)
    assert np.abs(inside - ground).max() > 20, (name, inside, ground)


def test_isle_brick_masks_match_the_layout_and_the_gold(tmp_path: Path) -> None:
    options = IsleBrickOptions(
        objects=("dog",), positions=("left", "back"), orientations=("toward",)
    )
    plans = plan_isle_brick(options).frames
    table = render(plans, tmp_path, "isle-brick")
    assert [row["scene_id"] for row in table] == [p.key for p in plans] and len(plans) == 4
    for plan, row in zip(plans, table, strict=True):
        camera = plan.scene.camera
        mask = pixels(mask_path(tmp_path, plan))
        figure, thing = label_centroid(mask, "figure"), label_centroid(mask, "object")
        assert figure[2] > 15 and thing[2] > 15, plan.key
        for label, centroid in (("figure", figure), ("object", thing)):
            projected = camera.project(plan.scene.by_label(label)[0].center(), SIZE)
            assert math.dist(centroid[:2], projected[:2]) < SIZE * 0.08, (plan.key, label)
        # the gold direction of the object, read off the image
        q4 = set(row["gold_q4"])
        if "north" in q4:
            assert thing[1] < figure[1]
        if "west" in q4:
            assert thing[0] < figure[0]
        if "east" in q4:
            assert thing[0] > figure[0]
        if "south" in q4:
            assert thing[1] > figure[1]


def test_top_down_nose_shows_the_gold_facing(tmp_path: Path) -> None:
    """Straight from above, the red nose sits on the side of the figure that Q5 names."""
    # the object close by, so that the figure is large enough (~70 px) for its nose to show
    options = IsleBrickOptions(
        objects=("plant",),
        viewpoints=("birds_eye",),
        birds_eye_elevation=90.0,
        object_distance=1.0,
        seed=2,
    )
    frames = plan_isle_brick(options).frames
    plans = [
        next(p for p in frames if p.row["gold_q5"] == wanted)
        for wanted in (["north"], ["south", "west"], ["west"])
    ]
    settings = RenderSettings(size=192, samples=4)
    checked = 0
    for plan in plans:
        render_frame(plan.scene, tmp_path / f"{plan.key}.png", settings)
        image = pixels(tmp_path / f"{plan.key}.png")
        nose = colour_centroid(image, lambda r, g, b: (r > 100) & (r > 2.2 * g) & (r > 2.2 * b))
        figure = plan.scene.by_label("figure")[0]
        head = plan.scene.camera.project(
            figure.to_world((0.0, 0.0, 0.82)), 192
        )  # the head's axis at nose height
        angle = math.degrees(math.atan2(nose[0] - head[0], head[1] - nose[1])) % 360
        assert nose[2] >= 2, plan.key
        assert list(cardinal_set(angle)) == plan.row["gold_q5"], (
            plan.key,
            angle,
            plan.row["figure_yaw"],
        )
        checked += 1
    assert checked == 3


def test_renders_are_byte_identical(tmp_path: Path) -> None:
    plan = plan_comfort_ball(
        ComfortOptions(relations=("behind",), variations=("color",), frames=(5,))
    )[0]
    render_frame(plan.scene, tmp_path / "a.png", SETTINGS)
    render_frame(plan.scene, tmp_path / "b.png", SETTINGS)
    data = (tmp_path / "a.png").read_bytes()
    assert data == (tmp_path / "b.png").read_bytes()
    assert Image.open(tmp_path / "a.png").info == {}  # no metadata stamps
    render_frame(
        plan.scene, tmp_path / "c.jpg", RenderSettings(size=SIZE, samples=4, format="jpeg")
    )
    assert (tmp_path / "c.jpg").read_bytes()[:3] == b"\xff\xd8\xff"


def label_mask(mask: np.ndarray, label: str) -> np.ndarray:
    """The pixels of one mask label (nearest palette colour), as booleans."""
    palette = np.array(list(MASK_COLORS.values()))
    nearest = np.argmin(((mask[:, :, None, :] - palette[None, None]) ** 2).sum(-1), axis=-1)
    return nearest == list(MASK_COLORS).index(label)


def test_twins_keep_the_camera_and_the_minifigure(tmp_path: Path) -> None:
    """The no-objects twin shows the minifigure's very pixels (plus what the object hid of
    it), nothing else; the human-figure twin stands in the same place; figure_box holds it."""
    from vpt_tasks.render.isle_plan import with_variants

    # object in front (it hides part of the figure from the surface camera) and behind
    options = IsleBrickOptions(
        objects=("dog",), positions=("front", "back"), orientations=("away",)
    )
    plans = plan_isle_brick(options).frames
    everything = with_variants(plans, ["no-objects", "human-figure"])
    render_dataset(
        everything,
        tmp_path,
        SETTINGS,
        schema=schema("isle-brick", ["no-objects", "human-figure"]),
        pretty_name="twins",
        card_body=lambda report: "",
        masks=True,
        progress=False,
    )
    import datasets

    table = datasets.load_dataset(str(tmp_path), split="test")
    assert len(table) == len(plans) == 4
    for plan, row in zip(plans, table, strict=True):
        original = pixels(mask_path(tmp_path, plan))
        alone = pixels(mask_path(tmp_path, everything[plans.index(plan) + len(plans)]))
        human = pixels(mask_path(tmp_path, everything[plans.index(plan) + 2 * len(plans)]))
        figure, twin_figure = label_mask(original, "figure"), label_mask(alone, "figure")
        assert figure.sum() > 20, plan.key
        # same camera and pose: every figure pixel of the scene is a figure pixel of the twin
        assert not (figure & ~twin_figure).any(), plan.key
        # and the twin's extra figure pixels are where the scene showed the object instead
        hidden = twin_figure & ~figure
        assert not (hidden & label_mask(original, "background")).any(), plan.key
        # the twin holds nothing but the figure
        assert not (~twin_figure & ~label_mask(alone, "background")).any(), plan.key
        # the figure box holds the figure (1 px of tolerance)
        left, top, right, bottom = (v * SIZE for v in row["figure_box"])
        rows, columns = np.nonzero(twin_figure)
        assert columns.min() >= left - 1 and columns.max() + 1 <= right + 1, plan.key
        assert rows.min() >= top - 1 and rows.max() + 1 <= bottom + 1, plan.key
        # the human figure stands where the minifigure stands
        person = label_mask(human, "figure")
        assert person.sum() > 20, plan.key
        rows, columns = np.nonzero(person)
        assert left - 2 <= columns.mean() <= right + 2 and top - 2 <= rows.mean() <= bottom + 2
        assert row["image_no_objects"].size == row["image_human_figure"].size == (SIZE, SIZE)

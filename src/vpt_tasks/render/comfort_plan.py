"""COMFORT-BALL and COMFORT-CAR scenes: the spec's configurations, one `FramePlan` per frame.

What: `plan_comfort_ball(options)` and `plan_comfort_car(options)` lay out
every frame of every relation path: the relatum at the origin, the referent
on its circle at azimuth φ = `phi_from_theta(relation, θ)` (from
`vpt_tasks.comfort.geometry`, so the renders and the metrics share one
definition), the camera on the +x axis looking at the origin, z up.

- COMFORT-BALL: a red sphere of radius 0.6 orbits a blue sphere of radius 0.6
  at radius 2.9; camera at (7.834, 0, 3.613). Variations: `default`, `color`
  (referent yellow, relatum green), `size` (referent 0.7, relatum 0.45),
  `cam_position` (camera at (9, 0, 7)), `distractor` (a green sphere of
  radius 0.5 at a seeded spot beyond the path, fixed along each path). Spheres
  rest on the ground.
- COMFORT-CAR: a basketball (radius 0.4) orbits a fronted relatum built from
  primitives (the released configs' ten: `horse`, `bench`, `laptop`, `duck`,
  `chair`, `dog`, `sofa`, `bed`, `bicycle`, `car`; drawn 1.4× their model
  size) at the released radius of 3.0–3.5 (`CAR_RADII`); the
  woman (the addressee) stands at (0, −5) facing +y; camera at (10, 0, 9). Two
  datasets: relatum facing −y (`comfort_car_ref_facing_left`) or +y
  (`comfort_car_ref_facing_right`).

Why: the canonical COMFORT rows (dataset, relation, variation, frame, θ,
referent, relatum, addressee, absent object) plus the geometry (φ, positions,
camera) let the COMFORT tasks run on rendered data and let tests check the
pixels against θ. Frame 36 repeats frame 0, as upstream; its scene is the
same, so the runner renders it once.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from vpt_tasks.comfort.geometry import RELATIONS, phi_from_theta
from vpt_tasks.render import RENDERER_VERSION, models
from vpt_tasks.render import transforms as tf
from vpt_tasks.render.camera import Camera, fit_lens
from vpt_tasks.render.scene import Entity, FramePlan, Material, Scene, Sun

BALL_DATASET = "comfort_ball"
BALL_VARIATIONS: tuple[str, ...] = ("default", "color", "size", "cam_position", "distractor")
BALL_CAMERA = (7.834, 0.0, 3.613)
BALL_FAR_CAMERA = (9.0, 0.0, 7.0)
BALL_RADIUS = 2.9
CAR_CAMERA = (10.0, 0.0, 9.0)
ADDRESSEE_AT = (0.0, -5.0, 0.0)
ADDRESSEE_YAW = 90.0
"""The woman faces +y."""
CAR_DATASETS: dict[str, float] = {
    "comfort_car_ref_facing_left": 270.0,
    "comfort_car_ref_facing_right": 90.0,
}
"""Dataset name -> world yaw of the relatum's front (−y = the camera's left, +y = its right)."""
CAR_RADII: dict[str, float] = {
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
"""The referent's orbit per relatum (the `radius` of the authors' released render configs,
the same for both facings), in their order, which is the plan's order of relata."""
BASKETBALL_RADIUS = 0.4
RELATUM_SCALE = 1.4
ADDRESSEE_SCALE = 1.25
"""The CAR scene is 13 units from the camera and must hold the woman 5 units to the side:
the relata and the woman are drawn larger than life so that they read clearly at 512 px."""
GROUND = Material((0.66, 0.66, 0.65), roughness=0.8)
FRAMES = tuple(range(37))

GEOMETRY_COLUMNS: dict[str, str] = {
    "phi": "float",
    "radius": "float",
    "referent_location": "list<float>",
    "relatum_yaw": "float",
    "addressee_location": "list<float>",
    "distractor_location": "list<float>",
    "camera_location": "list<float>",
    "camera_look_at": "list<float>",
    "camera_lens_mm": "float",
    "camera_heading": "float",
    "seed": "int",
    "renderer_version": "string",
}
"""Columns added to the canonical COMFORT schema (see the render README)."""

_BALL_STYLE: dict[str, tuple[str, float, str, float]] = {
    # variation: (referent colour, referent radius, relatum colour, relatum radius)
    "default": ("red", 0.6, "blue", 0.6),
    "color": ("yellow", 0.6, "green", 0.6),
    "size": ("red", 0.7, "blue", 0.45),
    "cam_position": ("red", 0.6, "blue", 0.6),
    "distractor": ("red", 0.6, "blue", 0.6),
}


@dataclass(frozen=True)
class ComfortOptions:
    """Which paths and frames to render; defaults are the full datasets."""

    relations: tuple[str, ...] = tuple(RELATIONS)
    variations: tuple[str, ...] | None = None
    """BALL: variations (default all five); CAR: relata (default all this renderer builds)."""
    datasets: tuple[str, ...] | None = None
    """CAR only: which facing datasets (default both)."""
    frames: tuple[int, ...] = FRAMES
    seed: int = 0

    def validate(self, family: str) -> None:
        _subset("relations", self.relations, tuple(RELATIONS))
        if family == "comfort-ball":
            _subset("variations", self.variations or BALL_VARIATIONS, BALL_VARIATIONS)
            if self.datasets:
                raise ValueError("datasets (facing left/right) apply to comfort-car only")
        else:
            _subset("variations", self.variations or tuple(CAR_RADII), tuple(CAR_RADII))
            _subset("datasets", self.datasets or tuple(CAR_DATASETS), tuple(CAR_DATASETS))
        bad = [f for f in self.frames if not 0 <= f <= 36]
        if bad or not self.frames:
            raise ValueError(f"frames must be between 0 and 36, got {bad or 'none'}")


def plan_comfort_ball(options: ComfortOptions) -> list[FramePlan]:
    """Every requested frame of COMFORT-BALL."""
    options.validate("comfort-ball")
    lens = ball_lens()
    plans = []
    for relation in options.relations:
        for variation in options.variations or BALL_VARIATIONS:
            referent_color, referent_r, relatum_color, relatum_r = _BALL_STYLE[variation]
            location = BALL_FAR_CAMERA if variation == "cam_position" else BALL_CAMERA
            camera = Camera.look_at(location, (0.0, 0.0, 0.0), lens)
            relatum = Entity("relatum", models.sphere(relatum_r, relatum_color), (0.0, 0.0, 0.0))
            extras: tuple[Entity, ...] = ()
            if variation == "distractor":
                spot = _distractor_spot(
                    random.Random(f"comfort-ball:{options.seed}:{relation}"), camera
                )
                extras = (Entity("distractor", models.sphere(0.5, "green"), spot),)
            for frame in options.frames:
                theta = 10 * frame - 180
                phi = float(phi_from_theta(relation, theta))
                at = _on_circle(BALL_RADIUS, phi)
                referent = Entity("referent", models.sphere(referent_r, referent_color), at)
                names = (f"{referent_color} sphere", f"{relatum_color} sphere")
                scene = Scene((relatum, referent, *extras), camera, _sun(), ground=GROUND)
                plans.append(
                    FramePlan(
                        key=f"{BALL_DATASET}/{relation}/{variation}/{frame:02d}",
                        scene=scene,
                        row={
                            **_row(
                                BALL_DATASET, relation, variation, frame, names, None, ball=True
                            ),
                            **_geometry(
                                phi, BALL_RADIUS, referent, None, None, extras, camera, options.seed
                            ),
                        },
                    )
                )
    return plans


def plan_comfort_car(options: ComfortOptions) -> list[FramePlan]:
    """Every requested frame of COMFORT-CAR (both facing datasets by default)."""
    options.validate("comfort-car")
    lens = car_lens()
    camera = Camera.look_at(CAR_CAMERA, (0.0, 0.0, 0.0), lens)
    woman = _woman()
    plans = []
    for dataset in options.datasets or tuple(CAR_DATASETS):
        yaw = CAR_DATASETS[dataset]
        for relation in options.relations:
            for name in options.variations or tuple(CAR_RADII):
                relatum = _relatum(name, yaw)
                radius = CAR_RADII[name]
                for frame in options.frames:
                    theta = 10 * frame - 180
                    phi = float(phi_from_theta(relation, theta))
                    ball = Entity(
                        "referent", models.basketball(BASKETBALL_RADIUS), _on_circle(radius, phi)
                    )
                    scene = Scene((relatum, ball, woman), camera, _sun(), ground=GROUND)
                    plans.append(
                        FramePlan(
                            key=f"{dataset}/{relation}/{name}/{frame:02d}",
                            scene=scene,
                            row={
                                **_row(
                                    dataset,
                                    relation,
                                    name,
                                    frame,
                                    ("basketball", name),
                                    "woman",
                                    ball=False,
                                ),
                                **_geometry(
                                    phi, radius, ball, yaw, woman, (), camera, options.seed
                                ),
                            },
                        )
                    )
    return plans


@functools.cache
def ball_lens() -> float:
    """Focal length (mm) that keeps every BALL path, size and distractor inside the default camera's frame."""
    points = [
        (
            BALL_RADIUS * math.cos(math.radians(a)) + dx,
            BALL_RADIUS * math.sin(math.radians(a)) + dy,
            z,
        )
        for a in range(0, 360, 5)
        for dx in (-0.7, 0.7)
        for dy in (-0.7, 0.7)
        for z in (0.0, 1.4)
    ]
    points += [
        (-4.6 * math.cos(math.radians(a)), 4.6 * math.sin(math.radians(a)), 1.0)
        for a in range(-70, 71, 10)
    ]
    return math.floor(fit_lens(BALL_CAMERA, (0.0, 0.0, 0.0), points, margin=0.04) * 2) / 2


@functools.cache
def car_lens() -> float:
    """Focal length (mm) that keeps every CAR path, relatum and the woman inside the camera's frame."""
    points: list[tf.Vec3] = []
    for radius in set(CAR_RADII.values()):
        for a in range(0, 360, 5):
            x, y = radius * math.cos(math.radians(a)), radius * math.sin(math.radians(a))
            r = BASKETBALL_RADIUS
            points += [
                (x + dx, y + dy, z) for dx in (-r, r) for dy in (-r, r) for z in (0.0, 2 * r)
            ]
    points += _woman().box_corners()
    for name in models.comfort_relata():
        for yaw in CAR_DATASETS.values():
            points += _relatum(name, yaw).box_corners()
    return math.floor(fit_lens(CAR_CAMERA, (0.0, 0.0, 0.0), points, margin=0.04) * 2) / 2


def _woman() -> Entity:
    return Entity(
        "addressee", models.woman(), ADDRESSEE_AT, yaw=ADDRESSEE_YAW, scale=ADDRESSEE_SCALE
    )


def _relatum(name: str, yaw: float) -> Entity:
    return Entity(
        "relatum", models.comfort_relata()[name](), (0.0, 0.0, 0.0), yaw=yaw, scale=RELATUM_SCALE
    )


def _on_circle(radius: float, phi: float) -> tf.Vec3:
    return (radius * math.cos(math.radians(phi)), radius * math.sin(math.radians(phi)), 0.0)


def _distractor_spot(rng: random.Random, camera: Camera) -> tf.Vec3:
    """A spot beyond the path, on the far side from the camera, inside the frame."""
    for _ in range(1000):
        radius, phi = rng.uniform(3.9, 4.5), rng.uniform(115.0, 245.0)
        spot = _on_circle(radius, phi)
        column, row, _ = camera.project((spot[0], spot[1], 0.5))
        if 0.08 < column < 0.92 and 0.08 < row < 0.92:
            return spot
    raise RuntimeError("no distractor spot inside the frame")  # the lens fit makes this unreachable


def _sun() -> Sun:
    return Sun(azimuth=30.0, elevation=55.0, strength=3.0)


def _row(
    dataset: str,
    relation: str,
    variation: str,
    frame: int,
    names: tuple[str, str],
    addressee: str | None,
    *,
    ball: bool,
) -> dict[str, object]:
    from vpt_tasks.comfort.rows import frame_row
    from vpt_tasks.comfort.spec import load_spec

    referent, relatum = names
    row = frame_row(
        dataset, relation, variation, frame, referent, relatum, ball=ball, names=load_spec().names
    )
    assert row["addressee"] == addressee, "BALL scenes have no addressee, CAR scenes the woman"
    return row


def _geometry(
    phi: float,
    radius: float,
    referent: Entity,
    relatum_yaw: float | None,
    addressee: Entity | None,
    extras: Sequence[Entity],
    camera: Camera,
    seed: int,
) -> dict[str, object]:
    return {
        "phi": phi,
        "radius": radius,
        "referent_location": [round(v, 6) for v in referent.center()],
        "relatum_yaw": relatum_yaw,
        "addressee_location": None
        if addressee is None
        else [round(v, 6) for v in addressee.position],
        "distractor_location": next(([round(v, 6) for v in e.center()] for e in extras), None),
        **camera.as_columns(),
        "seed": seed,
        "renderer_version": RENDERER_VERSION,
    }


def _subset(name: str, values: Sequence[str], allowed: Sequence[str]) -> None:
    unknown = [v for v in values if v not in allowed]
    if unknown or not values:
        raise ValueError(
            f"{name}: unknown or empty value(s) {unknown or list(values)!r}; choose from {', '.join(allowed)}"
        )

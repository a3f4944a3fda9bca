"""Isle-Brick scenes: the Isle-Brick-V2 factor design, laid out in 3D with gold answers from geometry.

What: `plan_isle_brick(options)` turns the paper's design — 9 minifigure /
object pairs × object left / right / front / back of the figure × figure
facing toward / away from the object × surface-level / bird's-eye camera =
144 scenes — into `FramePlan`s: a 3D scene (figure at the origin, the object
`object_distance` away) and its canonical row with all seven gold answers
and the geometry behind them.

Why: the gold answers must follow from the scene, never be typed in. Bearings
are compass bearings of the image (north = away from the camera along the
ground, see `vpt_tasks.render.camera`); Q4 is the object's bearing from the
figure, Q5 the figure's facing, Q7 their difference, Q6 the field of view
plus a line-of-sight test against everything else in the scene.

Two-direction gold answers come in the proportions of the paper's Table 3
(Q4 36%, Q5 17.3%, Q7 28.5% of scenes; `two_direction_shares`): the design
cells are dealt, with the seed, exact numbers of diagonal placements (object
±45° off the cardinal position) and diagonal facings (figure turned ±45°).
Scaling options: `yaw_step` (facings every `yaw_step` degrees relative to
the object instead of toward / away), `distractors` (other objects: Q1
counts them), `second_figure` (Q2 = 2; the questions stay about the figure
named in the `figure` column), `occluder` (a wardrobe: in `occluder_share` of
the scenes it stands between the figure and the object and blocks the line
of sight, so Q6 becomes "no"), and `repeats` (the whole design again with
fresh draws). Scenes whose gold answers a human could read either way (a
direction within `boundary_margin` of a sector boundary, an object partly
hidden from the figure) are skipped and reported.

Cameras: bird's-eye at `birds_eye_elevation` (60°; 90 = straight down);
surface-level at the lowest elevation from `surface_elevation` (20°) up to
40° from which at least half of the figure and of the object are in sight
(an object right behind the figure, seen from table level, would otherwise
be hidden by it). The camera stands at a seeded azimuth, looks at the middle
of the scene and is as close as lets every entity fit in the frame.

Every row also records `figure_box`, the minifigure's box in the image,
which the zoom intervention of `vpt_tasks/isle_brick_bias` crops around. Variants (`VARIANTS`, `vpt-tasks render isle-brick --variant
...`) are twins of each planned scene for the image interventions of the
paper's Appendix B: the same camera, light and minifigure pose, with every
other entity removed (`no-objects`) or with a human figure in the
minifigure's place (`human-figure`); `twin(plan, variant)` plans one, and
the dataset stores its image in the scene's own row (`image_no_objects`,
`image_human_figure`), whose gold answers stay those of the scene.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import product
from typing import Any

from vpt_tasks.isle_brick import geometry as gold
from vpt_tasks.isle_brick.design import FIGURES, OBJECTS, ORIENTATIONS, POSITIONS, VIEWPOINTS
from vpt_tasks.render import RENDERER_VERSION, models
from vpt_tasks.render import transforms as tf
from vpt_tasks.render.camera import Camera, fit_distance
from vpt_tasks.render.scene import Entity, FramePlan, Material, Scene, Sun

TABLE = Material((0.84, 0.76, 0.62), roughness=0.7)
"""The surface the scenes stand on: a light wooden table."""

SURFACE_MAX_ELEVATION = 40.0
"""Highest elevation a surface-level camera is raised to so that the figure and the object are both in sight."""

GEOMETRY_COLUMNS: dict[str, str] = {
    "figure_yaw": "float",
    "object_bearing": "float",
    "object_distance": "float",
    "figure_world_yaw": "float",
    "camera_location": "list<float>",
    "camera_look_at": "list<float>",
    "camera_lens_mm": "float",
    "camera_heading": "float",
    "camera_elevation": "float",
    "object_camera_visibility": "float",
    "figure_camera_visibility": "float",
    "figure_box": "list<float>",
    "occluder": "string",
    "distractors": "list<string>",
    "second_figure": "string",
    "entities": "string",
    "seed": "int",
    "renderer_version": "string",
}
"""Columns added to the canonical Isle-Brick-V2 schema (see the render README)."""

VARIANTS: dict[str, str] = {
    "no-objects": "image_no_objects",
    "human-figure": "image_human_figure",
}
"""Twin variants of a scene (`--variant`) and the image column each is stored in."""

_UNIT_CORNERS = [(x, y, z) for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)]
"""The corners of the unit cube, which bounds every unit primitive of `scene.SHAPES`."""


@dataclass(frozen=True)
class IsleBrickOptions:
    """What to generate; the defaults reproduce the paper's 144-scene design."""

    objects: tuple[str, ...] = OBJECTS
    positions: tuple[str, ...] = tuple(POSITIONS)
    orientations: tuple[str, ...] = ORIENTATIONS
    viewpoints: tuple[str, ...] = VIEWPOINTS
    repeats: int = 1
    seed: int = 0
    two_direction_shares: tuple[float, float, float] = (0.36, 0.173, 0.285)
    """Shares of scenes whose Q4, Q5, Q7 gold has two directions (paper Table 3)."""
    yaw_step: float | None = None
    distractors: int = 0
    second_figure: bool = False
    occluder: bool = False
    occluder_share: float = 0.5
    object_distance: float | None = None
    """Figure–object distance (figure height ≈ 1); default 2.4, or 3.2 with an occluder."""
    surface_elevation: float = 20.0
    birds_eye_elevation: float = 60.0
    lens_mm: float = 70.0
    boundary_margin: float = 5.0

    def validate(self) -> None:
        """Raise ValueError naming the bad option and what is allowed."""
        _subset("objects", self.objects, OBJECTS)
        _subset("positions", self.positions, tuple(POSITIONS))
        _subset("orientations", self.orientations, ORIENTATIONS)
        _subset("viewpoints", self.viewpoints, VIEWPOINTS)
        if not 0.0 <= self.occluder_share <= 1.0:
            raise ValueError(f"occluder_share must be between 0 and 1, got {self.occluder_share}")
        both, object_only, facing_only = self.diagonal_mix()
        if (
            min(both, object_only, facing_only) < -1e-9
            or both + object_only + facing_only > 1 + 1e-9
        ):
            raise ValueError(
                f"two_direction_shares {self.two_direction_shares} (Q4, Q5, Q7) are not reachable: "
                "each must be in [0, 1], Q5 <= Q4 + Q7, Q4 <= Q5 + Q7, Q7 <= Q4 + Q5 and "
                "(Q4 + Q5 + Q7) / 2 <= 1"
            )
        if self.repeats < 1:
            raise ValueError(f"repeats must be at least 1, got {self.repeats}")
        if self.yaw_step is not None and (self.yaw_step <= 0 or (360.0 / self.yaw_step) % 1):
            raise ValueError(f"yaw_step must divide 360 (e.g. 15, 30, 45, 90), got {self.yaw_step}")
        if not 0 <= self.distractors <= 3:
            raise ValueError(f"distractors must be between 0 and 3, got {self.distractors}")
        if self.occluder and set(self.objects) == {"wardrobe"}:
            raise ValueError(
                "with --occluder the wardrobe is the occluder; choose other objects than the wardrobe"
            )
        if not 0.0 <= self.surface_elevation < 45.0:
            raise ValueError(
                f"surface_elevation must be in [0, 45) degrees, got {self.surface_elevation}"
            )
        if not 30.0 <= self.birds_eye_elevation <= 90.0:
            raise ValueError(
                f"birds_eye_elevation must be in [30, 90] degrees, got {self.birds_eye_elevation}"
            )
        if not 0.0 <= self.boundary_margin < 22.5:
            raise ValueError(
                f"boundary_margin must be in [0, 22.5) degrees, got {self.boundary_margin}"
            )

    def diagonal_mix(self) -> tuple[float, float, float]:
        """Shares of scenes with (object and facing both turned, object only, facing only).

        An object turned ±45° gives Q4 two directions; a facing turned ±45°
        relative to the object gives Q7 two; the facing itself is diagonal
        (Q5) when exactly one of the two is turned.
        """
        q4, q5, q7 = self.two_direction_shares
        if self.yaw_step is not None:
            return (0.0, q4, 0.0)
        both = (q4 + q7 - q5) / 2
        return (both, q4 - both, q7 - both)

    @property
    def distance(self) -> float:
        if self.object_distance is not None:
            return self.object_distance
        return 3.2 if self.occluder else 2.4


@dataclass
class IslePlan:
    """The frames to render and the design cells left out (with why)."""

    frames: list[FramePlan]
    skipped: list[tuple[str, str]] = field(default_factory=list)


def plan_isle_brick(options: IsleBrickOptions) -> IslePlan:
    """Every scene of the design as a `FramePlan` with canonical row and geometry."""
    options.validate()
    plan = IslePlan(frames=[])
    pairs = [OBJECTS.index(name) for name in options.objects]
    facings: Sequence[Any] = (
        options.orientations
        if options.yaw_step is None
        else [round(k * options.yaw_step, 6) for k in range(int(round(360.0 / options.yaw_step)))]
    )
    cells = list(product(pairs, options.positions, facings, options.viewpoints))
    index = 0
    for repeat in range(options.repeats):
        kinds = _deal(
            len(cells),
            options.diagonal_mix(),
            random.Random(f"isle-brick:{options.seed}:deal:{repeat}"),
        )
        for (pair, position, facing_factor, viewpoint), kind in zip(cells, kinds, strict=True):
            scene_id = f"scene-{index:04d}"
            rng = random.Random(f"isle-brick:{options.seed}:{index}")
            index += 1
            if options.occluder and OBJECTS[pair] == "wardrobe":
                plan.skipped.append(
                    (scene_id, "the wardrobe is the occluder, so it is not also the object")
                )
                continue
            try:
                frame = _plan_scene(
                    scene_id, rng, options, pair, position, facing_factor, viewpoint, kind
                )
            except _Skip as reason:
                plan.skipped.append((scene_id, str(reason)))
                continue
            plan.frames.append(frame)
    return plan


def _deal(count: int, mix: tuple[float, float, float], rng: random.Random) -> list[str]:
    """Exactly round(share × count) cells of each diagonal kind, in a seeded order."""
    both, object_only, facing_only = (round(share * count) for share in mix)
    kinds = ["both"] * both + ["object"] * object_only + ["facing"] * facing_only
    kinds += ["none"] * (count - len(kinds))
    rng.shuffle(kinds)
    return kinds[:count]


class _Skip(Exception):
    """A design cell that cannot be rendered with unambiguous gold answers."""


def _plan_scene(
    scene_id: str,
    rng: random.Random,
    options: IsleBrickOptions,
    pair: int,
    position: str,
    facing_factor: str | float,
    viewpoint: str,
    kind: str,
) -> FramePlan:
    object_name, figure_name = OBJECTS[pair], FIGURES[pair]
    # draws in a fixed order, so that a scene does not change when another option does
    camera_azimuth = rng.uniform(0.0, 360.0)
    diagonal = rng.choice((-45.0, 45.0)) if kind in ("both", "object") else 0.0
    jitter = rng.choice((-45.0, 45.0)) if kind in ("both", "facing") else 0.0
    object_yaw_jitter = rng.uniform(-35.0, 35.0)
    sun = Sun(azimuth=camera_azimuth + rng.uniform(-60.0, 60.0), elevation=rng.uniform(45.0, 65.0))

    elevations = _elevations(options, viewpoint)
    compass = Camera.orbit(
        (0.0, 0.0, 0.0),
        azimuth=camera_azimuth,
        elevation=elevations[0],
        distance=1.0,
        lens_mm=options.lens_mm,
    )
    object_bearing = (POSITIONS[position] + diagonal) % 360.0
    if isinstance(facing_factor, str):
        facing = (object_bearing + (0.0 if facing_factor == "toward" else 180.0) + jitter) % 360.0
        orientation = facing_factor
    else:
        facing = (object_bearing + facing_factor) % 360.0
        offset = abs(gold._offset(object_bearing, facing))
        orientation = "toward" if offset < 90.0 else ("away" if offset > 90.0 else "sideways")
    unclear = gold.ambiguous(object_bearing, facing, options.boundary_margin)
    if unclear:
        raise _Skip(f"gold answers of {', '.join(unclear)} too close to a boundary")

    distance = options.distance
    figure = Entity(
        "figure", models.minifigure(figure_name), (0.0, 0.0, 0.0), yaw=compass.world_yaw(facing)
    )
    object_at = tf.scale(compass.direction(object_bearing), distance)
    object_model = models.isle_objects()[object_name]()
    thing = Entity(
        "object", object_model, object_at, yaw=(camera_azimuth + object_yaw_jitter) % 360.0
    )
    eye = figure.to_world((models.EYE_FORWARD, 0.0, models.EYE_HEIGHT))

    extras, occluder_role, occluded = _place_extras(
        rng, options, figure, thing, eye, object_name, figure_name
    )
    entities = (figure, thing, *extras)
    camera = _camera_for(
        entities, camera_azimuth, elevations, options.lens_mm, must_see=(figure, thing)
    )
    if camera is None:
        if extras:
            raise _Skip(
                "no camera elevation shows both the figure and the object past the other entities"
            )
        camera = _frame_camera(entities, camera_azimuth, elevations[-1], options.lens_mm)
    object_visibility = 1.0 - gold.blocked_fraction(
        camera.location, thing.sample_points(), _boxes(entities, exclude=thing)
    )
    figure_visibility = 1.0 - gold.blocked_fraction(
        camera.location, figure.sample_points(), _boxes(entities, exclude=figure)
    )

    distractors = [e.model.name for e in extras if e.label == "distractor"]
    second = next((e.model.name.split(":", 1)[1] for e in extras if e.label == "figure2"), None)
    answers = gold.gold_answers(
        object_bearing,
        facing,
        objects=1 + len(distractors) + (occluder_role != "none"),
        figures=2 if second else 1,
        occluded=occluded,
    )
    scene = Scene(entities, camera, sun, ground=TABLE)
    row = {
        "scene_id": scene_id,
        "object": object_name,
        "figure": figure_name,
        "object_position": position,
        "figure_orientation": orientation,
        "viewpoint": viewpoint,
        **answers,
        "figure_yaw": round(facing, 6),
        "object_bearing": round(object_bearing, 6),
        "object_distance": distance,
        "figure_world_yaw": round(figure.yaw, 6),
        **camera.as_columns(),
        "camera_elevation": round(camera.elevation, 4),
        "object_camera_visibility": round(object_visibility, 4),
        "figure_camera_visibility": round(figure_visibility, 4),
        "figure_box": figure_box(scene),
        "occluder": occluder_role,
        "distractors": distractors,
        "second_figure": second,
        "entities": json.dumps([_describe(e) for e in entities]),
        "seed": options.seed,
        "renderer_version": RENDERER_VERSION,
    }
    return FramePlan(key=scene_id, scene=scene, row=row)


def figure_box(scene: Scene) -> list[float]:
    """[left, top, right, bottom] of the minifigure in the image, as fractions (origin top left).

    The projection of every part's bounding corners: a box around everything
    drawn of the figure (a little larger than its silhouette where parts are
    round), clamped to the image.
    """
    figure = scene.by_label("figure")[0]
    columns, rows = [], []
    for part in figure.model.parts:
        matrix = tf.compose(figure.matrix(), part.matrix())
        for corner in _UNIT_CORNERS:
            column, row, _ = scene.camera.project(tf.apply(matrix, corner))
            columns.append(column)
            rows.append(row)

    def inside(value: float) -> float:
        return round(min(1.0, max(0.0, value)), 4)

    return [inside(min(columns)), inside(min(rows)), inside(max(columns)), inside(max(rows))]


def twin(plan: FramePlan, variant: str) -> FramePlan:
    """The `variant` twin of a planned scene: same camera, light and minifigure pose.

    `no-objects`: the minifigure alone (object, distractors, second figure and
    wardrobe removed). `human-figure`: the scene with the renderer's human
    figure (`models.woman`, scaled to the minifigure's height) standing where
    the minifigure stands and facing where it faces, labelled `figure` in masks.
    Its key is `<key>.<variant>`; its row names the scene it belongs to
    (`twin_of`) and the variant: the dataset stores its image in that scene's row.
    """
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose from {', '.join(VARIANTS)}")
    scene = plan.scene
    figure = scene.by_label("figure")[0]
    if variant == "no-objects":
        entities: tuple[Entity, ...] = (figure,)
    else:
        human = models.woman()
        stand_in = Entity(
            "figure",
            human,
            figure.position,
            yaw=figure.yaw,
            scale=figure.model.height * figure.scale / human.height,
        )
        entities = tuple(stand_in if e is figure else e for e in scene.entities)
    return FramePlan(
        key=f"{plan.key}.{variant}",
        scene=replace(scene, entities=entities),
        row={"twin_of": plan.key, "variant": variant},
    )


def with_variants(plans: Sequence[FramePlan], variants: Sequence[str]) -> list[FramePlan]:
    """The plans followed by the twins of every plan for each variant (in that order)."""
    return [*plans, *(twin(plan, variant) for variant in variants for plan in plans)]


def is_twin(plan: FramePlan) -> bool:
    """Whether a plan is a variant twin (its image goes into its scene's row)."""
    return "twin_of" in plan.row


def _place_extras(
    rng: random.Random,
    options: IsleBrickOptions,
    figure: Entity,
    thing: Entity,
    eye: tf.Vec3,
    object_name: str,
    figure_name: str,
) -> tuple[list[Entity], str, bool]:
    """Distractors, a second figure and the wardrobe, placed so that every gold answer is clear-cut.

    Returns the entities, the wardrobe's role (`none`, `blocking`, `aside`)
    and whether the object is hidden from the figure.
    """
    if not (options.occluder or options.distractors or options.second_figure):
        return [], "none", False
    want_block = options.occluder and rng.random() < options.occluder_share
    kinds = [
        name
        for name in OBJECTS
        if name != object_name and not (options.occluder and name == "wardrobe")
    ]
    distractor_kinds = rng.sample(kinds, options.distractors)
    partner = rng.choice([name for name in FIGURES if name != figure_name])
    object_points = thing.sample_points()
    for attempt in range(200):
        placed: list[Entity] = []
        role = "none"
        if options.occluder:
            blocking = want_block and attempt < 100
            wardrobe = _wardrobe(rng, figure, thing, blocking)
            placed.append(wardrobe)
            role = "blocking" if blocking else "aside"
        for kind in distractor_kinds:
            placed.append(_scatter(rng, "distractor", models.isle_objects()[kind](), figure))
        if options.second_figure:
            placed.append(_scatter(rng, "figure2", models.minifigure(partner), figure))
        if _overlaps(placed, [figure, thing]):
            continue
        blockers = [e for e in placed if e.label == "occluder"]
        others = [e for e in placed if e.label != "occluder"]
        if gold.blocked_fraction(eye, object_points, _boxes(others)) > 0.0:
            continue  # distractors and the second figure never hide the object
        hidden = gold.blocked_fraction(eye, object_points, _boxes(blockers)) if blockers else 0.0
        if 0.0 < hidden < 1.0:
            continue  # partly hidden: a human could answer Q6 either way
        if role == "blocking" and hidden < 1.0:
            continue
        if role == "aside" and hidden > 0.0:
            continue
        return placed, role, hidden == 1.0
    raise _Skip("no placement of the extra objects keeps every gold answer unambiguous")


def _wardrobe(rng: random.Random, figure: Entity, thing: Entity, blocking: bool) -> Entity:
    if blocking:
        t = rng.uniform(0.42, 0.58)
        at = tf.add(figure.position, tf.scale(tf.sub(thing.position, figure.position), t))
        yaw = tf.azimuth_of(tf.sub(figure.position, thing.position)) + rng.uniform(-10.0, 10.0)
        return Entity("occluder", models.wardrobe(), at, yaw=yaw % 360.0)
    return _scatter(rng, "occluder", models.wardrobe(), figure)


def _scatter(rng: random.Random, label: str, model: Any, figure: Entity) -> Entity:
    """An entity at a random spot 1.6–3.4 from the figure (the caller rejects overlaps)."""
    bearing = rng.uniform(0.0, 360.0)
    distance = rng.uniform(1.6, 3.4)
    at = tf.add(figure.position, tf.scale(tf.azimuth_vector(bearing), distance))
    return Entity(label, model, at, yaw=rng.uniform(0.0, 360.0))


def _overlaps(placed: list[Entity], fixed: list[Entity], clearance: float = 0.15) -> bool:
    everything = [*fixed, *placed]
    for i, a in enumerate(everything):
        for b in everything[i + 1 :]:
            if a in fixed and b in fixed:
                continue
            gap = math.dist(a.position[:2], b.position[:2])
            if gap < a.model.radius * a.scale + b.model.radius * b.scale + clearance:
                return True
    return False


def _boxes(entities: Sequence[Entity], exclude: Entity | None = None) -> list[gold.OrientedBox]:
    return [e.world_box() for e in entities if e is not exclude]


def _elevations(options: IsleBrickOptions, viewpoint: str) -> list[float]:
    """Camera elevations to try, lowest first."""
    if viewpoint == "birds_eye":
        return [options.birds_eye_elevation]
    values = [options.surface_elevation]
    while values[-1] + 2.0 <= SURFACE_MAX_ELEVATION:
        values.append(values[-1] + 2.0)
    return values


def _camera_for(
    entities: Sequence[Entity],
    azimuth: float,
    elevations: Sequence[float],
    lens_mm: float,
    must_see: Sequence[Entity],
) -> Camera | None:
    """The first framing camera from which at least half of each `must_see` entity is in sight."""
    for elevation in elevations:
        camera = _frame_camera(entities, azimuth, elevation, lens_mm)
        if all(
            gold.blocked_fraction(camera.location, e.sample_points(), _boxes(entities, exclude=e))
            <= 0.5
            for e in must_see
        ):
            return camera
    return None


def _frame_camera(
    entities: Sequence[Entity], azimuth: float, elevation: float, lens_mm: float
) -> Camera:
    """The camera at `azimuth`/`elevation` looking at the scene's middle, as close as the frame allows."""
    centres = [e.center() for e in entities]
    xs, ys = [c[0] for c in centres], [c[1] for c in centres]
    target = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, 0.4)
    corners = [corner for e in entities for corner in e.box_corners()]
    distance = fit_distance(
        target, corners, azimuth=azimuth, elevation=elevation, lens_mm=lens_mm, margin=0.1
    )
    return Camera.orbit(
        target, azimuth=azimuth, elevation=elevation, distance=distance, lens_mm=lens_mm
    )


def _describe(entity: Entity) -> dict[str, Any]:
    return {
        "label": entity.label,
        "name": entity.model.name,
        "position": [round(v, 4) for v in entity.position],
        "yaw": round(entity.yaw % 360.0, 4),
    }


def _subset(name: str, values: Sequence[str], allowed: Sequence[str]) -> None:
    unknown = [v for v in values if v not in allowed]
    if unknown or not values:
        raise ValueError(
            f"{name}: unknown or empty value(s) {unknown or values!r}; choose from {', '.join(allowed)}"
        )

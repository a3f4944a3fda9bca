"""Isle-Brick scenes: the Isle-Brick-V2 factor design, laid out in 3D with gold answers from geometry.

What: `plan_isle_brick(options)` turns the paper's design — 9 minifigure /
object pairs × object left / right / front / back of the figure × figure
facing toward / away from the object × surface-level / bird's-eye camera =
144 scenes — into `FramePlan`s: a 3D scene (figure at the origin, the object
`object_distance` away) and its canonical row with all seven gold answers
and the geometry behind them.

Why: the gold answers must follow from the scene, never be typed in. Q4 (where
the object is) and Q5 (where the figure faces) are read in the image, as the
questions ("assuming the top of the image is north") and the paper's
annotators read them: the figure's and the object's ground positions and the
figure's facing, projected through the camera (`Camera.image_bearing`,
`Camera.image_heading`; up = north, right = east). Q7 is the object's
direction relative to the figure's facing on the ground, Q6 the field of view
plus a line-of-sight test against everything else in the scene
(`vpt_tasks.isle_brick.geometry`).

The paper's gold distribution. By default every design cell is given its
gold sets deliberately (`design.PAPER_CELLS`), so that the 144 scenes have
exactly the Q4, Q5 and Q7 gold sets of the paper's supplement Table 3
(`design.TABLE_3`) for every seed; the seed varies everything else (camera
azimuth and light, exact angles inside the gold sectors, object yaw). A cell
is laid out with continuous angles: the object's and the facing's directions
in the image are drawn at least `CLEAR_MARGIN` (10°) inside their gold
sectors — a diagonal is drawn as a diagonal in the picture, an axis as an
axis — and the facing relative to the object at least as far inside its Q7
sector on the ground. Every drawn layout is checked through the real camera
(perspective included): a direction within `boundary_margin` of a sector
boundary, in the image (Q4, Q5: the ground points and the entities' centres
both) or on the ground (Q6, Q7), is drawn again.

Scaling options: `two_direction_shares` (instead of Table 3: exact shares of
scenes whose Q4, Q5, Q7 gold has two directions, dealt with the seed),
`yaw_step` (facings every `yaw_step` degrees relative to the object instead
of toward / away; Q4 diagonals in the share of Table 3), `distractors` (other
objects: Q1 counts them), `second_figure` (Q2 = 2; the questions stay about
the figure named in the `figure` column), `occluder` (a wardrobe: in
`occluder_share` of the scenes it stands between the figure and the object
and blocks the line of sight, so Q6 becomes "no"), and `repeats` (the whole
design again with fresh draws). Cells that cannot be laid out with
clear-cut gold answers (an object partly hidden from the figure, a gold set
no layout shows at any allowed camera elevation) are skipped and reported.

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
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import product
from typing import Any

from vpt_tasks.isle_brick import geometry as gold
from vpt_tasks.isle_brick.design import (
    FIGURES,
    OBJECTS,
    ORIENTATIONS,
    POSITIONS,
    TABLE_3,
    VIEWPOINTS,
    paper_cell,
)
from vpt_tasks.render import RENDERER_VERSION, models
from vpt_tasks.render import transforms as tf
from vpt_tasks.render.camera import Camera, fit_distance
from vpt_tasks.render.scene import Entity, FramePlan, Material, Scene, Sun

TABLE = Material((0.84, 0.76, 0.62), roughness=0.7)
"""The surface the scenes stand on: a light wooden table."""

SURFACE_MAX_ELEVATION = 40.0
"""Highest elevation a surface-level camera is raised to so that the figure and the object are both in sight."""

CLEAR_MARGIN = 10.0
"""Planned directions lie at least this many degrees inside their gold sector (image or ground)."""
SINGLE_HALF = 22.5
"""Half the width of a gold sector (a direction alone, or a diagonal pair)."""

_DRAWS_PER_ELEVATION = 16
"""Layouts tried at one camera elevation before the camera is raised."""

GEOMETRY_COLUMNS: dict[str, str] = {
    "figure_yaw": "float",
    "object_bearing": "float",
    "object_image_bearing": "float",
    "figure_image_bearing": "float",
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


@dataclass(frozen=True)
class IsleBrickOptions:
    """What to generate; the defaults reproduce the paper's 144-scene design and its Table 3."""

    objects: tuple[str, ...] = OBJECTS
    positions: tuple[str, ...] = tuple(POSITIONS)
    orientations: tuple[str, ...] = ORIENTATIONS
    viewpoints: tuple[str, ...] = VIEWPOINTS
    repeats: int = 1
    seed: int = 0
    two_direction_shares: tuple[float, float, float] | None = None
    """Shares of scenes whose Q4, Q5, Q7 gold has two directions, dealt with the seed;
    None: the gold sets of the paper's Table 3, cell by cell (`design.PAPER_CELLS`)."""
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
        if not 0.0 <= self.boundary_margin < 20.0:
            raise ValueError(
                f"boundary_margin must be in [0, 20) degrees, got {self.boundary_margin}"
            )

    @property
    def paper_design(self) -> bool:
        """Whether the gold sets come from the paper's Table 3 (`design.PAPER_CELLS`)."""
        return self.two_direction_shares is None and self.yaw_step is None

    def shares(self) -> tuple[float, float, float]:
        """The two-direction shares (Q4, Q5, Q7) asked for, or those of Table 3."""
        if self.two_direction_shares is not None:
            return self.two_direction_shares
        return tuple(  # type: ignore[return-value]
            sum(n for s, n in TABLE_3[q].items() if len(s) == 2) / sum(TABLE_3[q].values())
            for q in ("gold_q4", "gold_q5", "gold_q7")
        )

    def diagonal_mix(self) -> tuple[float, float, float]:
        """Shares of scenes with (object and facing both turned, object only, facing only).

        For `two_direction_shares` and `yaw_step` designs. An object turned
        45° off its position gives Q4 two directions; a facing turned 45° off
        the object gives Q7 two; the facing is then diagonal (Q5) when exactly
        one of the two is turned — the proportions of the old 45°-step design,
        laid out in the image as the paper's design is.
        """
        q4, q5, q7 = self.shares()
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


@dataclass(frozen=True)
class _Target:
    """Gold sets a layout must show: Q4 and Q5 in the image, Q7 on the ground.

    `q5=None`: any facing whose image direction is clear. `offset`: the facing
    is exactly `offset` degrees clockwise of the object's ground bearing
    (`yaw_step` designs; Q7 then follows from it).
    """

    q4: tuple[str, ...]
    q5: tuple[str, ...] | None
    q7: tuple[str, ...] | None
    offset: float | None = None

    def describe(self) -> str:
        parts = [f"Q4 {'+'.join(self.q4)}"]
        if self.q5 is not None:
            parts.append(f"Q5 {'+'.join(self.q5)}")
        if self.q7 is not None:
            parts.append(f"Q7 {'+'.join(self.q7)}")
        return ", ".join(parts)


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
        deal = random.Random(f"isle-brick:{options.seed}:deal:{repeat}")
        targets = _targets(cells, options, deal)
        for (pair, position, facing_factor, viewpoint), candidates in zip(
            cells, targets, strict=True
        ):
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
                    scene_id, rng, options, pair, position, facing_factor, viewpoint, candidates
                )
            except _Skip as reason:
                plan.skipped.append((scene_id, str(reason)))
                continue
            plan.frames.append(frame)
    return plan


def _targets(
    cells: Sequence[tuple[int, str, Any, str]], options: IsleBrickOptions, deal: random.Random
) -> list[list[_Target]]:
    """For each design cell, the gold sets to lay out (alternatives in the order to try them).

    The paper's design: the cell's sets from `design.PAPER_CELLS`. Shares:
    exactly round(share × cells) cells with two Q4 directions, two Q5 and two
    Q7 directions, dealt independently with the seed. `yaw_step`: the object
    diagonal in the Q4 share; the facing follows from the step.
    """
    if options.paper_design:
        return [
            [_Target(*paper_cell(OBJECTS[pair], position, facing, viewpoint))]
            for pair, position, facing, viewpoint in cells
        ]
    kinds = _deal(len(cells), options.diagonal_mix(), deal)
    targets = []
    for (_, position, facing, _), kind in zip(cells, kinds, strict=True):
        base = POSITIONS[position]
        turn4 = deal.choice((-45.0, 45.0)) if kind in ("both", "object") else 0.0
        c4 = base + turn4
        if options.yaw_step is not None:
            targets.append([_Target(gold.cardinal_set(c4), None, None, offset=facing)])
            continue
        c7 = (0.0 if facing == "toward" else 180.0) + (
            deal.choice((-45.0, 45.0)) if kind in ("both", "facing") else 0.0
        )
        targets.append(
            [
                _Target(
                    gold.cardinal_set(c4), gold.cardinal_set(c4 - c7), gold.egocentric_set(c7, 0.0)
                )
            ]
        )
    return targets


def _deal(count: int, mix: tuple[float, float, float], rng: random.Random) -> list[str]:
    """Exactly round(share × count) cells of each diagonal kind, in a seeded order."""
    both, object_only, facing_only = (round(share * count) for share in mix)
    kinds = ["both"] * both + ["object"] * object_only + ["facing"] * facing_only
    kinds += ["none"] * (count - len(kinds))
    rng.shuffle(kinds)
    return kinds[:count]


class _Skip(Exception):
    """A design cell that cannot be rendered with unambiguous gold answers."""


@dataclass(frozen=True)
class _Layout:
    """A drawn layout: ground bearings (compass of the camera) of the object and the facing."""

    object_bearing: float
    facing: float


def _plan_scene(
    scene_id: str,
    rng: random.Random,
    options: IsleBrickOptions,
    pair: int,
    position: str,
    facing_factor: str | float,
    viewpoint: str,
    candidates: Sequence[_Target],
) -> FramePlan:
    """Lay out one design cell: the first drawn layout that shows a target's gold clearly.

    Camera elevations are tried from the lowest; at each, up to
    `_DRAWS_PER_ELEVATION` layouts per target are drawn and checked through
    the framed camera. A clear layout whose figure or object is mostly
    hidden raises the camera; if no elevation shows both, the highest
    elevation's clear layout is kept (scenes without extra objects only).
    """
    object_name, figure_name = OBJECTS[pair], FIGURES[pair]
    # draws in a fixed order, so that a scene does not change when another option does
    camera_azimuth = rng.uniform(0.0, 360.0)
    object_yaw_jitter = rng.uniform(-35.0, 35.0)
    sun = Sun(azimuth=camera_azimuth + rng.uniform(-60.0, 60.0), elevation=rng.uniform(45.0, 65.0))
    order = list(candidates)
    rng.shuffle(order)

    object_model = models.isle_objects()[object_name]()
    figure_model = models.minifigure(figure_name)
    failures: Counter[str] = Counter()
    fallback = None
    for elevation in _elevations(options, viewpoint):
        compass = Camera.orbit(
            (0.0, 0.0, 0.0),
            azimuth=camera_azimuth,
            elevation=elevation,
            distance=1.0,
            lens_mm=options.lens_mm,
        )
        for target in order:
            for _ in range(_DRAWS_PER_ELEVATION):
                layout = _draw(rng, target, elevation, options.boundary_margin)
                if layout is None:
                    failures["layout"] += 1
                    break  # this target has no layout at this elevation
                figure = Entity(
                    "figure", figure_model, (0.0, 0.0, 0.0), yaw=compass.world_yaw(layout.facing)
                )
                thing = Entity(
                    "object",
                    object_model,
                    tf.scale(compass.direction(layout.object_bearing), options.distance),
                    yaw=(camera_azimuth + object_yaw_jitter) % 360.0,
                )
                eye = figure.to_world((models.EYE_FORWARD, 0.0, models.EYE_HEIGHT))
                try:
                    extras, occluder_role, occluded = _place_extras(
                        rng, options, figure, thing, eye, object_name, figure_name
                    )
                except _Skip:
                    failures["extras"] += 1
                    continue
                entities = (figure, thing, *extras)
                camera = _frame_camera(entities, camera_azimuth, elevation, options.lens_mm)
                shown = _shown(camera, figure, thing, layout, target, options.boundary_margin)
                if shown is None:
                    failures["image"] += 1
                    continue
                found = (layout, shown, figure, thing, extras, occluder_role, occluded, camera)
                if all(
                    gold.blocked_fraction(
                        camera.location, e.sample_points(), _boxes(entities, exclude=e)
                    )
                    <= 0.5
                    for e in (figure, thing)
                ):
                    return _frame(
                        scene_id, options, pair, position, facing_factor, viewpoint, sun, *found
                    )
                failures["sight"] += 1
                if not extras:
                    fallback = found  # the highest elevation's clear layout, if none is in sight
                break  # raise the camera
    if fallback is not None:
        return _frame(scene_id, options, pair, position, facing_factor, viewpoint, sun, *fallback)
    raise _Skip(_why(candidates, failures, options.boundary_margin))


def _why(candidates: Sequence[_Target], failures: Counter[str], margin: float) -> str:
    """The reason a design cell is skipped, for the plan's report."""
    offsets = {t.offset for t in candidates}
    if offsets != {None} and all(
        _unclear_on_the_ground(0.0, offset, margin) for offset in offsets if offset is not None
    ):
        return (
            f"a facing {next(iter(offsets)):g}° off the object puts Q6 (the edge of the field of "
            f"view) or Q7 (a sector boundary) within {margin:g}°"
        )
    wanted = " or ".join(t.describe() for t in candidates)
    if failures["extras"] and not (failures["image"] or failures["sight"]):
        return f"no placement of the extra objects keeps every gold answer of {wanted} unambiguous"
    if failures["image"] or failures["sight"]:
        return f"no layout shows {wanted} clearly with the figure and the object in sight"
    return f"no layout shows {wanted} at any allowed camera elevation"


def _image_to_ground(angle: float, elevation: float) -> float:
    """The ground bearing drawn at image bearing `angle` by a distant camera `elevation` degrees up.

    An orthographic approximation of the camera (the drawn layout is then
    checked through the real one): the ground's north–south axis appears
    shortened by sin(elevation), east–west not at all.
    """
    radians = math.radians(angle)
    squash = math.sin(math.radians(elevation))
    return math.degrees(math.atan2(math.sin(radians) * squash, math.cos(radians)))


def _ground_window(center: float, half: float, elevation: float) -> tuple[float, float]:
    """The ground bearings drawn within `half` degrees of image bearing `center` (low <= high)."""
    low = _image_to_ground(center - half, elevation)
    high = _image_to_ground(center + half, elevation)
    while high <= low:
        high += 360.0
    return low, high


def _draw(rng: random.Random, target: _Target, elevation: float, margin: float) -> _Layout | None:
    """Ground bearings of the object and the facing whose gold sets are the target's, or None.

    The object's image direction is drawn uniformly within the clear part of
    its Q4 sector; the facing uniformly among the ground bearings whose image
    direction lies in the clear part of the Q5 sector and whose angle to the
    object lies in the clear part of the Q7 sector. None when no facing
    qualifies after a few tries (the target cannot be shown at this elevation).
    """
    half = SINGLE_HALF - max(CLEAR_MARGIN, margin)
    c4 = gold.sector_center(target.q4)
    if target.offset is not None and _unclear_on_the_ground(0.0, target.offset, margin):
        return None  # the same for every draw
    for _ in range(8):
        bearing = _image_to_ground(rng.uniform(c4 - half, c4 + half), elevation)
        if target.offset is not None:
            return _Layout(bearing % 360.0, (bearing + target.offset) % 360.0)
        assert target.q7 is not None, "a target without offset names its Q7 set"
        # facing = bearing - (object relative to the facing)
        c7 = gold.sector_center(target.q7, gold.EGOCENTRIC)
        low, high = bearing - c7 - half, bearing - c7 + half
        if target.q5 is not None:
            low5, high5 = _ground_window(gold.sector_center(target.q5), half, elevation)
            shift = 360.0 * round(((low + high) - (low5 + high5)) / 720.0)
            low, high = max(low, low5 + shift), min(high, high5 + shift)
        if high > low:
            return _Layout(bearing % 360.0, rng.uniform(low, high) % 360.0)
    return None


def _shown(
    camera: Camera,
    figure: Entity,
    thing: Entity,
    layout: _Layout,
    target: _Target,
    margin: float,
) -> tuple[float, float] | None:
    """(object, facing) bearings in the image when the camera shows the target's gold clearly.

    Clearly: Q4 read between the ground points and between the entities'
    centres, Q5 read at the figure's feet and at its eyes, each at least
    `margin` inside the target's sector; Q7 and the edge of the field of
    view at least `margin` away on the ground. None otherwise.
    """
    facing = camera.direction(layout.facing)
    eyes = (0.0, 0.0, models.EYE_HEIGHT * figure.scale)
    readings = {
        "q4": [
            camera.image_bearing(figure.position, thing.position),
            camera.image_bearing(figure.center(), thing.center()),
        ],
        "q5": [
            camera.image_heading(figure.position, facing),
            camera.image_heading(tf.add(figure.position, eyes), facing),
        ],
    }
    for question, angles in readings.items():
        wanted = getattr(target, question)
        for angle in angles:
            if gold.boundary_distance(angle) < margin:
                return None
            if wanted is not None and gold.cardinal_set(angle) != wanted:
                return None
    if _unclear_on_the_ground(layout.object_bearing, layout.facing, margin):
        return None
    if (
        target.q7 is not None
        and gold.egocentric_set(layout.object_bearing, layout.facing) != target.q7
    ):
        return None
    return readings["q4"][0], readings["q5"][0]


def _unclear_on_the_ground(object_bearing: float, facing: float, margin: float) -> bool:
    """Whether Q7 (a sector boundary) or Q6 (the edge of the field of view) is within `margin`."""
    return gold.boundary_distance(object_bearing - facing) < margin or gold.near_fov_edge(
        object_bearing, facing, margin
    )


def _frame(
    scene_id: str,
    options: IsleBrickOptions,
    pair: int,
    position: str,
    facing_factor: str | float,
    viewpoint: str,
    sun: Sun,
    layout: _Layout,
    shown: tuple[float, float],
    figure: Entity,
    thing: Entity,
    extras: list[Entity],
    occluder_role: str,
    occluded: bool,
    camera: Camera,
) -> FramePlan:
    """The plan and canonical row of a laid-out scene."""
    object_name, figure_name = OBJECTS[pair], FIGURES[pair]
    entities = (figure, thing, *extras)
    if isinstance(facing_factor, str):
        orientation = facing_factor
    else:
        offset = abs(gold._offset(layout.object_bearing, layout.facing))
        orientation = "toward" if offset < 90.0 else ("away" if offset > 90.0 else "sideways")
    object_visibility = 1.0 - gold.blocked_fraction(
        camera.location, thing.sample_points(), _boxes(entities, exclude=thing)
    )
    figure_visibility = 1.0 - gold.blocked_fraction(
        camera.location, figure.sample_points(), _boxes(entities, exclude=figure)
    )
    distractors = [e.model.name for e in extras if e.label == "distractor"]
    second = next((e.model.name.split(":", 1)[1] for e in extras if e.label == "figure2"), None)
    answers = gold.gold_answers(
        layout.object_bearing,
        layout.facing,
        objects=1 + len(distractors) + (occluder_role != "none"),
        figures=2 if second else 1,
        occluded=occluded,
        image_object_bearing=shown[0],
        image_facing=shown[1],
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
        "figure_yaw": round(layout.facing, 6),
        "object_bearing": round(layout.object_bearing, 6),
        "object_image_bearing": round(shown[0], 6),
        "figure_image_bearing": round(shown[1], 6),
        "object_distance": options.distance,
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
    for corner in figure.model.part_corners:
        column, row, _ = scene.camera.project(figure.to_world(corner))
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
    (`twin_of`), the variant and its image column: the dataset stores its image
    in that scene's row (`runner.write_rendered_dataset`).
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
        row={"twin_of": plan.key, "variant": variant, "column": VARIANTS[variant]},
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

"""A rendered scene as plain data: primitives, entities, camera and light.

What: `Part` (one primitive: cube, cylinder, sphere, cone or torus, with its
local transform and material), `Model` (the parts of one thing in its own
frame: front = +x, left = +y, up = +z, standing on z = 0, with a bounding box),
`Entity` (a model placed in the world with a position and a yaw, under a label
used for segmentation masks), `Scene` (entities, camera, sun, ground, world)
and `FramePlan` (a scene plus the canonical row it becomes).

Why: everything the renderer draws is decided here, in pure Python, before
Blender is involved. The gold answers, the projections checked by the tests,
the resume digests and the Blender scene all come from the same description,
so they cannot drift apart.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from vpt_tasks.render import transforms as tf
from vpt_tasks.render.camera import Camera
from vpt_tasks.render.transforms import Matrix, Vec3

Shape = Literal["cube", "cylinder", "sphere", "cone", "torus"]
SHAPES: tuple[str, ...] = ("cube", "cylinder", "sphere", "cone", "torus")
"""Unit primitives: cube of side 1, cylinder and cone of diameter 1 and height 1
(centred, axis z, the cone's tip at +z), sphere of diameter 1, torus of outer
diameter 1 in the xy plane whose tube radius is `Part.tube` of the outer radius."""


@dataclass(frozen=True)
class Material:
    """A Principled BSDF material: sRGB base colour, roughness, metallic, emission."""

    color: tuple[float, float, float]
    roughness: float = 0.45
    metallic: float = 0.0
    emission: float = 0.0


@dataclass(frozen=True)
class Part:
    """One primitive in its model's frame: T(location) · R(rotation) · S(size) · unit shape."""

    shape: Shape
    location: Vec3
    size: Vec3
    material: Material
    rotation: Vec3 = (0.0, 0.0, 0.0)
    tube: float = 0.2
    smooth: bool = True

    def matrix(self) -> Matrix:
        return tf.compose(
            tf.translation(self.location), tf.rotation_xyz(self.rotation), tf.scaling(self.size)
        )


@dataclass(frozen=True)
class Box:
    """An axis-aligned box in a model's frame: centre and half-extents."""

    center: Vec3
    half: Vec3


@dataclass(frozen=True)
class Model:
    """The parts of one thing, in its own frame (front = +x, standing on z = 0)."""

    name: str
    parts: tuple[Part, ...]
    box: Box
    """A tight box around the parts: the footprint, height and occlusion volume."""

    @property
    def height(self) -> float:
        return self.box.center[2] + self.box.half[2]

    @functools.cached_property
    def part_corners(self) -> tuple[Vec3, ...]:
        """The corners of every part's unit cube in the model's frame (they bound what is drawn)."""
        corners = [(x, y, z) for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)]
        return tuple(tf.apply(part.matrix(), corner) for part in self.parts for corner in corners)

    @property
    def radius(self) -> float:
        """Radius of the footprint's circumscribed circle about the model origin."""
        c, h = self.box.center, self.box.half
        return max(
            math.hypot(c[0] + sx * h[0], c[1] + sy * h[1]) for sx in (-1, 1) for sy in (-1, 1)
        )


@dataclass(frozen=True)
class Entity:
    """A model placed in the world: origin at `position`, front turned to world azimuth `yaw`."""

    label: str
    """Segmentation label: figure, object, figure2, occluder, distractor, referent, relatum, addressee."""
    model: Model
    position: Vec3
    yaw: float = 0.0
    scale: float = 1.0

    def matrix(self) -> Matrix:
        return self._matrix

    @functools.cached_property
    def _matrix(self) -> Matrix:
        # computed once: planners place thousands of points through it
        return tf.compose(
            tf.translation(self.position), tf.rotation_z(self.yaw), tf.scaling((self.scale,) * 3)
        )

    def to_world(self, local: Vec3) -> Vec3:
        return tf.apply(self._matrix, local)

    def box_corners(self) -> list[Vec3]:
        c, h = self.model.box.center, self.model.box.half
        return [
            self.to_world((c[0] + sx * h[0], c[1] + sy * h[1], c[2] + sz * h[2]))
            for sx in (-1, 1)
            for sy in (-1, 1)
            for sz in (-1, 1)
        ]

    def sample_points(self, steps: int = 3) -> list[Vec3]:
        """A `steps`³ grid over the entity's box (its visible bulk, for line-of-sight tests)."""
        c, h = self.model.box.center, self.model.box.half
        grid = [-0.8 + 1.6 * i / (steps - 1) for i in range(steps)] if steps > 1 else [0.0]
        return [
            self.to_world((c[0] + u * h[0], c[1] + v * h[1], c[2] + w * h[2]))
            for u in grid
            for v in grid
            for w in grid
        ]

    def center(self) -> Vec3:
        return self.to_world(self.model.box.center)

    def world_box(self) -> tuple[Vec3, Vec3, float]:
        """(centre, half-extents, yaw) of the entity's box in the world (boxes only turn about z)."""
        c, h, s = self.model.box.center, self.model.box.half, self.scale
        return self.to_world(c), (h[0] * s, h[1] * s, h[2] * s), self.yaw


@dataclass(frozen=True)
class Sun:
    """A sun light shining from world azimuth `azimuth` and `elevation` degrees above the horizon."""

    azimuth: float
    elevation: float = 50.0
    strength: float = 3.5
    angle: float = 8.0
    """Angular diameter in degrees: soft shadow edges."""


@dataclass(frozen=True)
class Scene:
    """Everything Blender draws for one frame."""

    entities: tuple[Entity, ...]
    camera: Camera
    sun: Sun
    ground: Material = Material((0.78, 0.78, 0.76), roughness=0.8)
    world_color: tuple[float, float, float] = (0.80, 0.84, 0.90)
    world_strength: float = 0.7

    def by_label(self, label: str) -> list[Entity]:
        return [e for e in self.entities if e.label == label]

    def digest(self) -> str:
        """A stable hash of the whole description (the resume key of a frame)."""
        text = json.dumps(asdict(self), sort_keys=True, default=_json_default)
        return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class RenderSettings:
    """How frames are rendered (part of every frame's digest)."""

    size: int = 512
    samples: int = 16
    denoise: bool = True
    format: Literal["png", "jpeg"] = "png"
    jpeg_quality: int = 90
    seed: int = 0

    @property
    def extension(self) -> str:
        return "jpg" if self.format == "jpeg" else "png"


@dataclass(frozen=True)
class FramePlan:
    """One frame to render and the canonical row it becomes (without the image)."""

    key: str
    """Unique within a dataset, e.g. `scene-0007` or `comfort_ball/behind/default/12`; also the file path stem."""
    scene: Scene
    row: dict[str, Any] = field(hash=False)

    def digest(self, settings: RenderSettings) -> str:
        text = self.scene.digest() + json.dumps(asdict(settings), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()


def _json_default(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    raise TypeError(f"cannot hash {type(value).__name__}")

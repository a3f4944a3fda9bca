"""The pinhole camera of a rendered scene, and what "north" means in its image.

What: a `Camera` (location, look-at target, focal length on a 36 mm sensor,
no roll) that projects world points to pixels exactly as Blender's camera
does for a square image, and converts between world directions and image
bearings.

Why: the questions of Isle-Brick-V2 say "assuming the top of the image is
north", so every gold answer depends on how the image is oriented. For a
camera that is not looking straight down, the top of the image is not a
direction on the ground; this module defines it:

    north = the horizontal direction in which the camera looks, i.e. the
    viewing direction projected on the ground plane ("away from the camera");
    east = north turned 90° clockwise seen from above = the image's right.

The camera has no roll, so its right vector is horizontal and equals east,
and its up vector leans toward north: a point further north on the ground is
higher in the image. For a straight top-down camera the viewing direction has
no horizontal part; its heading (the azimuth it was placed with) still fixes
north, and then north is exactly the top of the image. Bearings are compass
bearings: 0 = north, 90 = east, 180 = south, 270 = west, growing clockwise
seen from above; world azimuths grow counter-clockwise from +x (z up).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from vpt_tasks.render import transforms as tf
from vpt_tasks.render.transforms import Matrix, Vec3

SENSOR_MM = 36.0
"""Blender's default sensor width; with a square image it spans both axes."""


@dataclass(frozen=True)
class Camera:
    """A perspective camera without roll, as rendered."""

    location: Vec3
    target: Vec3
    lens_mm: float
    heading: float
    """World azimuth (degrees) of image north: the viewing direction on the ground."""

    @classmethod
    def look_at(cls, location: Vec3, target: Vec3, lens_mm: float) -> Camera:
        """A camera at `location` looking at `target` (not straight down)."""
        forward = tf.sub(target, location)
        if math.hypot(forward[0], forward[1]) < 1e-9:
            raise ValueError(
                "a camera looking straight down has no heading; use Camera.orbit with an azimuth"
            )
        return cls(
            tuple(map(float, location)),
            tuple(map(float, target)),
            float(lens_mm),
            tf.azimuth_of(forward),
        )  # type: ignore[arg-type]

    @classmethod
    def orbit(
        cls, target: Vec3, *, azimuth: float, elevation: float, distance: float, lens_mm: float
    ) -> Camera:
        """A camera `distance` from `target`, seen from world azimuth `azimuth` and `elevation` degrees up.

        `elevation` 90 is straight top-down; the image's north is then the
        direction `azimuth + 180` (away from where the camera "stands").
        """
        if not 0.0 <= elevation <= 90.0:
            raise ValueError(f"camera elevation must be in [0, 90] degrees, got {elevation}")
        el = math.radians(elevation)
        horizontal = tf.scale(tf.azimuth_vector(azimuth), distance * math.cos(el))
        location = tf.add(target, (horizontal[0], horizontal[1], distance * math.sin(el)))
        return cls(location, tuple(map(float, target)), float(lens_mm), tf.wrap(azimuth + 180.0))  # type: ignore[arg-type]

    # -- the image's compass ---------------------------------------------------------

    @functools.cached_property
    def north(self) -> Vec3:
        """Unit ground vector of image north."""
        return tf.azimuth_vector(self.heading)

    @functools.cached_property
    def east(self) -> Vec3:
        """Unit ground vector of image east (north turned clockwise seen from above)."""
        return tf.azimuth_vector(self.heading - 90.0)

    def bearing(self, vector: Vec3) -> float:
        """Compass bearing in [0, 360) of the horizontal part of a world vector."""
        return tf.wrap(
            math.degrees(math.atan2(tf.dot(vector, self.east), tf.dot(vector, self.north)))
        )

    def direction(self, bearing: float) -> Vec3:
        """The unit ground vector of a compass bearing."""
        radians = math.radians(bearing)
        return tf.add(
            tf.scale(self.north, math.cos(radians)), tf.scale(self.east, math.sin(radians))
        )

    def world_yaw(self, bearing: float) -> float:
        """World azimuth of the ground direction with compass bearing `bearing`."""
        return tf.wrap(self.heading - bearing)

    # -- projection ------------------------------------------------------------------

    @functools.cached_property
    def forward(self) -> Vec3:
        return tf.normalize(tf.sub(self.target, self.location))

    @property
    def right(self) -> Vec3:
        return self.east

    @functools.cached_property
    def up(self) -> Vec3:
        return tf.cross(self.right, self.forward)

    @property
    def elevation(self) -> float:
        """Degrees the viewing direction points below the horizon."""
        return math.degrees(math.asin(max(-1.0, min(1.0, -self.forward[2]))))

    def matrix_world(self) -> Matrix:
        """Blender's camera matrix: local x = right, y = up, −z = viewing direction."""
        r, u, f, p = self.right, self.up, self.forward, self.location
        return (
            (r[0], u[0], -f[0], p[0]),
            (r[1], u[1], -f[1], p[1]),
            (r[2], u[2], -f[2], p[2]),
            (0.0, 0.0, 0.0, 1.0),
        )

    def project(self, point: Vec3, size: int = 1) -> tuple[float, float, float]:
        """(column, row, depth) of a world point in a `size`×`size` image.

        Column 0 is the left edge, row 0 the top edge; with `size=1` the
        result is in image fractions. Depth is the distance along the viewing
        direction (negative behind the camera).
        """
        d = tf.sub(point, self.location)
        depth = tf.dot(d, self.forward)
        if depth <= 1e-9:
            return (math.nan, math.nan, depth)
        k = self.lens_mm / SENSOR_MM
        x = tf.dot(d, self.right) / depth * k
        y = tf.dot(d, self.up) / depth * k
        return ((0.5 + x) * size, (0.5 - y) * size, depth)

    def image_bearing(self, origin: Vec3, point: Vec3) -> float:
        """Bearing of `point` seen from `origin` as drawn in the image (up = 0, right = 90).

        Perspective foreshortens oblique views, so this differs from the
        ground bearing `bearing(point - origin)` except for top-down cameras
        and the four cardinal directions; tests use it to check renders.
        """
        c0, r0, _ = self.project(origin)
        c1, r1, _ = self.project(point)
        return tf.wrap(math.degrees(math.atan2(c1 - c0, r0 - r1)))

    def image_heading(self, origin: Vec3, vector: Vec3, step: float = 1e-3) -> float:
        """Bearing in the image (up = 0, right = 90) of a direction `vector` drawn at `origin`.

        The direction of the picture of a short step from `origin` along
        `vector`: where a figure standing at `origin` and facing `vector`
        is seen to face.
        """
        return self.image_bearing(origin, tf.add(origin, tf.scale(tf.normalize(vector), step)))

    def as_columns(self) -> dict[str, object]:
        """The camera pose as canonical geometry columns."""
        return {
            "camera_location": [round(v, 6) for v in self.location],
            "camera_look_at": [round(v, 6) for v in self.target],
            "camera_lens_mm": round(self.lens_mm, 6),
            "camera_heading": round(self.heading, 6),
        }


def fit_distance(
    target: Vec3,
    points: list[Vec3],
    *,
    azimuth: float,
    elevation: float,
    lens_mm: float,
    margin: float = 0.08,
    low: float = 0.5,
    high: float = 200.0,
) -> float:
    """The smallest orbit distance at which every point projects inside the image with `margin`."""

    def fits(distance: float) -> bool:
        camera = Camera.orbit(
            target, azimuth=azimuth, elevation=elevation, distance=distance, lens_mm=lens_mm
        )
        for point in points:
            column, row, depth = camera.project(point)
            if not (depth > 0 and margin <= column <= 1 - margin and margin <= row <= 1 - margin):
                return False
        return True

    if not fits(high):
        raise ValueError("the scene does not fit the image even from far away; lower the margin")
    for _ in range(36):
        middle = (low + high) / 2
        low, high = (low, middle) if fits(middle) else (middle, high)
    return high


def fit_lens(
    camera_location: Vec3, target: Vec3, points: list[Vec3], *, margin: float = 0.06
) -> float:
    """The longest focal length (mm) at which every point projects inside the image with `margin`."""
    probe = Camera.look_at(camera_location, target, 1.0)
    extent = 0.0
    for point in points:
        d = tf.sub(point, probe.location)
        depth = tf.dot(d, probe.forward)
        if depth <= 0:
            raise ValueError(f"point {point} is behind the camera")
        extent = max(extent, abs(tf.dot(d, probe.right)) / depth, abs(tf.dot(d, probe.up)) / depth)
    return SENSOR_MM * (0.5 - margin) / extent

"""Small pure-Python 3D maths for scene planning: vectors, 4×4 matrices, colours.

The planner must run (and be tested) without Blender and without numpy's
array machinery, so the handful of operations it needs live here on plain
tuples. Matrices are row-major 4×4 tuples acting on column vectors, the
convention of Blender's `mathutils.Matrix`, so a plan's matrix can be handed
to `Object.matrix_world` unchanged.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Vec3 = tuple[float, float, float]
Matrix = tuple[tuple[float, float, float, float], ...]

IDENTITY: Matrix = (
    (1.0, 0.0, 0.0, 0.0),
    (0.0, 1.0, 0.0, 0.0),
    (0.0, 0.0, 1.0, 0.0),
    (0.0, 0.0, 0.0, 1.0),
)


def add(a: Sequence[float], b: Sequence[float]) -> Vec3:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def sub(a: Sequence[float], b: Sequence[float]) -> Vec3:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def scale(a: Sequence[float], k: float) -> Vec3:
    return (a[0] * k, a[1] * k, a[2] * k)


def dot(a: Sequence[float], b: Sequence[float]) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a: Sequence[float], b: Sequence[float]) -> Vec3:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def norm(a: Sequence[float]) -> float:
    return math.sqrt(dot(a, a))


def normalize(a: Sequence[float]) -> Vec3:
    length = norm(a)
    if length == 0.0:
        raise ValueError("cannot normalise a zero-length vector")
    return (a[0] / length, a[1] / length, a[2] / length)


def azimuth_vector(degrees: float) -> Vec3:
    """The horizontal unit vector at world azimuth `degrees` (from +x toward +y)."""
    radians = math.radians(degrees)
    return (math.cos(radians), math.sin(radians), 0.0)


def wrap(degrees: float) -> float:
    """An angle in [0, 360) (`-1e-17 % 360` is 360.0 in floating point; this is 0)."""
    value = degrees % 360.0
    return 0.0 if value >= 360.0 else value


def azimuth_of(vector: Sequence[float]) -> float:
    """World azimuth in [0, 360) of the horizontal part of `vector` (from +x toward +y)."""
    return wrap(math.degrees(math.atan2(vector[1], vector[0])))


def matmul(a: Matrix, b: Matrix) -> Matrix:
    return tuple(
        tuple(sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)) for i in range(4)
    )


def translation(offset: Sequence[float]) -> Matrix:
    return (
        (1.0, 0.0, 0.0, float(offset[0])),
        (0.0, 1.0, 0.0, float(offset[1])),
        (0.0, 0.0, 1.0, float(offset[2])),
        (0.0, 0.0, 0.0, 1.0),
    )


def scaling(factors: Sequence[float]) -> Matrix:
    return (
        (float(factors[0]), 0.0, 0.0, 0.0),
        (0.0, float(factors[1]), 0.0, 0.0),
        (0.0, 0.0, float(factors[2]), 0.0),
        (0.0, 0.0, 0.0, 1.0),
    )


def rotation_z(degrees: float) -> Matrix:
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return ((c, -s, 0.0, 0.0), (s, c, 0.0, 0.0), (0.0, 0.0, 1.0, 0.0), (0.0, 0.0, 0.0, 1.0))


def rotation_xyz(degrees: Sequence[float]) -> Matrix:
    """Euler rotation in Blender's default XYZ order (X first, then Y, then Z)."""
    rx, ry, rz = (math.radians(d) for d in degrees)
    cx, sx, cy, sy = math.cos(rx), math.sin(rx), math.cos(ry), math.sin(ry)
    x: Matrix = (
        (1.0, 0.0, 0.0, 0.0),
        (0.0, cx, -sx, 0.0),
        (0.0, sx, cx, 0.0),
        (0.0, 0.0, 0.0, 1.0),
    )
    y: Matrix = (
        (cy, 0.0, sy, 0.0),
        (0.0, 1.0, 0.0, 0.0),
        (-sy, 0.0, cy, 0.0),
        (0.0, 0.0, 0.0, 1.0),
    )
    return matmul(rotation_z(degrees[2]), matmul(y, x))


def compose(*matrices: Matrix) -> Matrix:
    """`m1 · m2 · …`: the rightmost matrix is applied to a point first."""
    result = IDENTITY
    for matrix in matrices:
        result = matmul(result, matrix)
    return result


def apply(matrix: Matrix, point: Sequence[float]) -> Vec3:
    """Transform a point (w = 1)."""
    x, y, z = point
    return (
        matrix[0][0] * x + matrix[0][1] * y + matrix[0][2] * z + matrix[0][3],
        matrix[1][0] * x + matrix[1][1] * y + matrix[1][2] * z + matrix[1][3],
        matrix[2][0] * x + matrix[2][1] * y + matrix[2][2] * z + matrix[2][3],
    )


def srgb_to_linear(value: float) -> float:
    """One sRGB-encoded channel (0..1) as the linear value Blender's colour inputs take."""
    if value <= 0.04045:
        return value / 12.92
    return ((value + 0.055) / 1.055) ** 2.4


def hex_to_rgb(code: str) -> tuple[float, float, float]:
    """`"#rrggbb"` as sRGB channels in 0..1."""
    code = code.lstrip("#")
    if len(code) != 6:
        raise ValueError(f"colour {code!r} is not of the form #rrggbb")
    return (int(code[0:2], 16) / 255.0, int(code[2:4], 16) / 255.0, int(code[4:6], 16) / 255.0)

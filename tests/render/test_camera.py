"""The camera: projection, and what north / east mean in its image."""

from __future__ import annotations

import math

import pytest

from vpt_tasks.render import transforms as tf
from vpt_tasks.render.camera import Camera, fit_distance, fit_lens


@pytest.mark.parametrize("azimuth", [0.0, 37.0, 135.0, 290.0])
@pytest.mark.parametrize("elevation", [0.0, 20.0, 60.0, 90.0])
def test_north_is_away_from_the_camera_and_east_is_the_image_right(
    azimuth: float, elevation: float
) -> None:
    camera = Camera.orbit(
        (1.0, 2.0, 0.3), azimuth=azimuth, elevation=elevation, distance=6.0, lens_mm=50.0
    )
    # the camera stands at `azimuth` from the target, so it looks toward azimuth + 180
    assert camera.heading == pytest.approx((azimuth + 180.0) % 360.0)
    away = tf.sub(camera.target, camera.location)
    if elevation < 90:
        assert tf.dot(away, camera.north) > 0 and abs(tf.dot(away, camera.east)) < 1e-9
    # the target is in the middle of the image
    column, row, depth = camera.project(camera.target, size=100)
    assert (column, row) == (pytest.approx(50.0), pytest.approx(50.0)) and depth == pytest.approx(
        6.0
    )
    # a point to the east on the ground appears to the right, one to the north higher up (or further up)
    east = camera.project(tf.add(camera.target, camera.east))
    assert east[0] > 0.5 and east[1] == pytest.approx(0.5, abs=1e-9)
    if elevation > 0:
        north = camera.project(tf.add(camera.target, camera.north))
        assert north[1] < 0.5 and north[0] == pytest.approx(0.5, abs=1e-9)


def test_top_down_image_bearing_equals_ground_bearing() -> None:
    camera = Camera.orbit((0.0, 0.0, 0.0), azimuth=10.0, elevation=90.0, distance=8.0, lens_mm=35.0)
    origin = (0.0, 0.0, 0.0)
    for bearing in range(0, 360, 15):
        point = tf.scale(camera.direction(bearing), 1.5)
        assert camera.bearing(point) == pytest.approx(bearing % 360, abs=1e-9)
        image = camera.image_bearing(origin, point)
        assert min(abs(image - bearing), 360 - abs(image - bearing)) < 1e-6


def test_oblique_image_bearing_keeps_the_quadrant() -> None:
    camera = Camera.orbit(
        (0.0, 0.0, 0.0), azimuth=200.0, elevation=30.0, distance=10.0, lens_mm=50.0
    )
    for bearing in (0, 45, 90, 135, 180, 225, 270, 315):
        image = camera.image_bearing((0, 0, 0), tf.scale(camera.direction(bearing), 1.0))
        # foreshortening bends diagonals toward east/west but keeps them in their quadrant
        assert min(abs(image - bearing), 360 - abs(image - bearing)) < (
            1e-6 if bearing % 90 == 0 else 40
        )
        if bearing % 90:
            assert int(image // 90) == int(bearing // 90)


def test_bearings_and_world_yaws_agree() -> None:
    camera = Camera.look_at((7.834, 0.0, 3.613), (0.0, 0.0, 0.0), 31.0)
    assert camera.heading == pytest.approx(180.0)  # looking toward -x
    assert camera.north == pytest.approx((-1.0, 0.0, 0.0), abs=1e-12)
    assert camera.east == pytest.approx((0.0, 1.0, 0.0), abs=1e-12)  # +y is the camera's right
    for bearing in (0.0, 30.0, 135.0, 300.0):
        yaw = camera.world_yaw(bearing)
        assert camera.bearing(tf.azimuth_vector(yaw)) == pytest.approx(bearing)
        assert camera.direction(bearing) == pytest.approx(tf.azimuth_vector(yaw), abs=1e-12)


def test_matrix_world_is_a_rotation_with_the_camera_axes() -> None:
    camera = Camera.orbit(
        (0.5, -1.0, 0.4), azimuth=75.0, elevation=35.0, distance=5.0, lens_mm=50.0
    )
    matrix = camera.matrix_world()
    columns = [tuple(matrix[r][c] for r in range(3)) for c in range(3)]
    for i in range(3):
        assert tf.norm(columns[i]) == pytest.approx(1.0)
        for j in range(i + 1, 3):
            assert tf.dot(columns[i], columns[j]) == pytest.approx(0.0, abs=1e-12)
    assert tf.cross(columns[0], columns[1]) == pytest.approx(columns[2])  # right-handed
    assert columns[2] == pytest.approx(tf.scale(camera.forward, -1.0))
    assert tuple(matrix[r][3] for r in range(3)) == pytest.approx(camera.location)
    assert camera.elevation == pytest.approx(35.0)


def test_points_behind_the_camera_do_not_project() -> None:
    camera = Camera.look_at((5.0, 0.0, 1.0), (0.0, 0.0, 0.0), 50.0)
    column, row, depth = camera.project((10.0, 0.0, 1.0))
    assert math.isnan(column) and math.isnan(row) and depth < 0
    with pytest.raises(ValueError, match="straight down"):
        Camera.look_at((0.0, 0.0, 5.0), (0.0, 0.0, 0.0), 50.0)
    with pytest.raises(ValueError, match="elevation"):
        Camera.orbit((0, 0, 0), azimuth=0, elevation=95, distance=1, lens_mm=50)


def test_fit_distance_is_the_tightest_framing() -> None:
    points = [(x, y, z) for x in (-1.0, 2.0) for y in (-0.5, 1.5) for z in (0.0, 1.0)]
    target = (0.5, 0.5, 0.4)
    distance = fit_distance(target, points, azimuth=30.0, elevation=40.0, lens_mm=50.0, margin=0.1)

    def inside(d: float) -> bool:
        camera = Camera.orbit(target, azimuth=30.0, elevation=40.0, distance=d, lens_mm=50.0)
        return all(
            0.1 <= c <= 0.9 and 0.1 <= r <= 0.9 for c, r, _ in (camera.project(p) for p in points)
        )

    assert inside(distance) and not inside(distance * 0.97)


def test_fit_lens_keeps_every_point_in_frame() -> None:
    location, target = (10.0, 0.0, 9.0), (0.0, 0.0, 0.0)
    points = [(0.0, -5.0, 1.7), (3.5, 0.0, 0.0), (-3.5, 2.0, 0.5)]
    lens = fit_lens(location, target, points, margin=0.05)
    camera = Camera.look_at(location, target, lens)
    projected = [camera.project(p) for p in points]
    assert all(
        0.05 - 1e-9 <= c <= 0.95 + 1e-9 and 0.05 - 1e-9 <= r <= 0.95 + 1e-9 for c, r, _ in projected
    )
    # one point touches the margin: a longer lens would cut it off
    assert min(min(c, r, 1 - c, 1 - r) for c, r, _ in projected) == pytest.approx(0.05)

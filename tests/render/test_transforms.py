"""Pure-Python 3D maths used by the planner."""

from __future__ import annotations

import pytest

from vpt_tasks.render import transforms as tf


def test_rotations_follow_blender_xyz_order() -> None:
    # X first, then Z: +y turned 90 deg about x points to +z, which the z turn leaves alone
    m = tf.rotation_xyz((90.0, 0.0, 90.0))
    assert tf.apply(m, (0.0, 1.0, 0.0)) == pytest.approx((0.0, 0.0, 1.0), abs=1e-12)
    # +x turned about z by 90 deg is +y
    assert tf.apply(tf.rotation_z(90.0), (1.0, 0.0, 0.0)) == pytest.approx(
        (0.0, 1.0, 0.0), abs=1e-12
    )
    # Y by 90 deg turns the cone tip (+z) to +x: how noses point forward
    assert tf.apply(tf.rotation_xyz((0.0, 90.0, 0.0)), (0.0, 0.0, 1.0)) == pytest.approx(
        (1.0, 0.0, 0.0), abs=1e-12
    )


def test_compose_applies_the_rightmost_first() -> None:
    m = tf.compose(
        tf.translation((1.0, 2.0, 3.0)), tf.rotation_z(90.0), tf.scaling((2.0, 1.0, 1.0))
    )
    # scale (1,0,0) -> (2,0,0), turn -> (0,2,0), move -> (1,4,3)
    assert tf.apply(m, (1.0, 0.0, 0.0)) == pytest.approx((1.0, 4.0, 3.0))


def test_vectors_and_azimuths() -> None:
    assert tf.cross((1, 0, 0), (0, 1, 0)) == (0, 0, 1)
    assert tf.normalize((3.0, 4.0, 0.0)) == pytest.approx((0.6, 0.8, 0.0))
    assert tf.azimuth_of(tf.azimuth_vector(250.0)) == pytest.approx(250.0)
    with pytest.raises(ValueError):
        tf.normalize((0.0, 0.0, 0.0))


def test_colours() -> None:
    assert tf.hex_to_rgb("#FF8000") == pytest.approx((1.0, 128 / 255, 0.0))
    assert tf.srgb_to_linear(1.0) == pytest.approx(1.0) and tf.srgb_to_linear(0.0) == 0.0
    assert tf.srgb_to_linear(0.5) == pytest.approx(0.214, abs=1e-3)
    with pytest.raises(ValueError, match="rrggbb"):
        tf.hex_to_rgb("#FFF")

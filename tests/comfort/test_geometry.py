"""Tests of the COMFORT geometry: relation table, phi, phi* table, g and h."""

from __future__ import annotations

import numpy as np
import pytest

from vpt_tasks.comfort.geometry import (
    CAMERA_FRAMES,
    FRAMES_OF_REFERENCE,
    N_FRAMES,
    OPPOSITE_RELATION,
    RELATIONS,
    THETAS,
    cosine_to_reference,
    facing_direction,
    frame_for_prompt,
    frame_index,
    hemisphere_ground_truth,
    intrinsic_frame,
    phi_from_theta,
    reference_azimuth,
    soft_ground_truth,
)

# The spec table (benchmarks.md section 3), columns front, behind, left, right.
SPEC_PHI_STAR = {
    "camera_reflected": (0, 180, 270, 90),
    "camera_translated": (180, 0, 270, 90),
    "camera_rotated": (0, 180, 90, 270),
    "addressee_reflected": (270, 90, 180, 0),
    "addressee_translated": (90, 270, 180, 0),
    "addressee_rotated": (270, 90, 0, 180),
    "intrinsic_facing_left": (270, 90, 0, 180),
    "intrinsic_facing_right": (90, 270, 180, 0),
}
ORDER = ("infrontof", "behind", "totheleft", "totheright")


def test_relation_table() -> None:
    assert {r: (RELATIONS[r].text, RELATIONS[r].start) for r in ORDER} == {
        "infrontof": ("in front of", 0),
        "behind": ("behind", 180),
        "totheleft": ("to the left of", 90),
        "totheright": ("to the right of", 270),
    }
    assert OPPOSITE_RELATION == {
        "infrontof": "behind",
        "behind": "infrontof",
        "totheleft": "totheright",
        "totheright": "totheleft",
    }


def test_thetas() -> None:
    assert N_FRAMES == 36
    assert THETAS.shape == (36,)
    assert THETAS[0] == -180 and THETAS[-1] == 170
    assert np.all(np.diff(THETAS) == 10)


@pytest.mark.parametrize(
    ("relation", "offset"),
    [("infrontof", 180), ("behind", 0), ("totheleft", 270), ("totheright", 90)],
)
def test_phi_from_theta_matches_spec_column(relation: str, offset: int) -> None:
    expected = np.mod(THETAS + offset, 360)
    np.testing.assert_allclose(phi_from_theta(relation, THETAS), expected)


def test_phi_is_start_plus_ten_i_including_frame_36() -> None:
    for relation, spec in RELATIONS.items():
        for i in range(37):
            theta = 10 * i - 180
            assert phi_from_theta(relation, theta) == pytest.approx((spec.start + 10 * i) % 360)
    # frame 36 repeats frame 0
    assert phi_from_theta("behind", 180) == phi_from_theta("behind", -180)


def test_phi_star_table_is_the_spec_table() -> None:
    assert set(FRAMES_OF_REFERENCE) == set(SPEC_PHI_STAR)
    for frame, azimuths in SPEC_PHI_STAR.items():
        for relation, azimuth in zip(ORDER, azimuths, strict=True):
            assert reference_azimuth(frame, relation) == azimuth


def test_opposite_relations_point_opposite_ways_in_every_frame() -> None:
    for frame in FRAMES_OF_REFERENCE:
        for relation, opposite in OPPOSITE_RELATION.items():
            diff = reference_azimuth(frame, relation) - reference_azimuth(frame, opposite)
            assert diff % 360 == 180


def test_camera_frames_candidates() -> None:
    assert dict(CAMERA_FRAMES) == {
        "translated": "camera_translated",
        "rotated": "camera_rotated",
        "reflected": "camera_reflected",
    }


def test_unknown_names_raise() -> None:
    with pytest.raises(ValueError, match="relation"):
        phi_from_theta("above", 0)
    with pytest.raises(ValueError, match="frame of reference"):
        reference_azimuth("camera", "behind")


def test_camera_reflected_ground_truth_is_physically_right() -> None:
    # Referent toward the camera (phi = 0) is "in front of" the relatum:
    # in front of at theta = -180 (phi = 0), behind at theta = -180 (phi = 180),
    # left and right at theta = 0 (phi = 270 / 90).
    g = {r: soft_ground_truth(r, "camera_reflected") for r in ORDER}
    assert g["infrontof"][0] == 1.0 and g["infrontof"][18] == 0.0
    assert g["behind"][0] == 1.0 and g["behind"][18] == 0.0
    assert g["totheleft"][18] == 1.0 and g["totheleft"][0] == 0.0
    assert g["totheright"][18] == 1.0 and g["totheright"][0] == 0.0


def test_cosine_snaps_to_zero_and_ninety_degrees_is_negative() -> None:
    c = cosine_to_reference("totheleft", "camera_reflected")  # c = cos(theta)
    at_90 = [frame_index(-90), frame_index(90)]
    assert np.all(c[at_90] == 0.0)  # exactly 0, not 6e-17
    assert np.all(soft_ground_truth("totheleft", "camera_reflected")[at_90] == 0.5)
    assert np.all(hemisphere_ground_truth("totheleft", "camera_reflected")[at_90] == 0.0)


@pytest.mark.parametrize("frame", sorted(SPEC_PHI_STAR))
@pytest.mark.parametrize("relation", ORDER)
def test_ground_truth_ranges_and_counts(frame: str, relation: str) -> None:
    g = soft_ground_truth(relation, frame)
    h = hemisphere_ground_truth(relation, frame)
    assert g.shape == h.shape == (36,)
    assert g.min() == 0.0 and g.max() == 1.0
    assert set(np.unique(h)) == {0.0, 1.0}
    # phi* is a multiple of 90, so 17 of the 36 frames are strictly within 90 degrees.
    assert h.sum() == 17
    np.testing.assert_array_equal(h, (g > 0.5).astype(float))
    assert g.mean() == pytest.approx(0.5)


def test_ground_truth_hand_values() -> None:
    # camera translated, front: phi* = 180, phi = theta + 180 -> c = cos(theta)
    np.testing.assert_allclose(
        cosine_to_reference("infrontof", "camera_translated", [-180, -60, 0, 30]),
        [-1.0, 0.5, 1.0, np.sqrt(3) / 2],
        atol=1e-12,
    )
    # addressee reflected, right: phi* = 0, phi = theta + 90 -> c = cos(theta + 90) = -sin(theta)
    np.testing.assert_allclose(
        soft_ground_truth("totheright", "addressee_reflected", [-90, 0, 90, -30]),
        [1.0, 0.5, 0.0, 0.75],
        atol=1e-12,
    )


def test_frame_index() -> None:
    assert frame_index(-180) == 0
    assert frame_index(0) == 18
    assert frame_index(170) == 35
    assert frame_index(180) == 36
    for bad in (-190, 185, 5, 190, 12.5):
        with pytest.raises(ValueError):
            frame_index(bad)  # type: ignore[arg-type]


def test_facing_and_intrinsic_frames() -> None:
    assert facing_direction("comfort_car_ref_facing_left") == "left"
    assert facing_direction("comfort_car_ref_facing_right") == "right"
    assert facing_direction("comfort_ball") is None
    assert intrinsic_frame("comfort_car_ref_facing_left") == "intrinsic_facing_left"
    assert intrinsic_frame("comfort_car_ref_facing_right") == "intrinsic_facing_right"
    with pytest.raises(ValueError, match="intrinsic"):
        intrinsic_frame("comfort_ball")


def test_intrinsic_front_is_where_the_relatum_faces() -> None:
    # facing -y (phi = 270, the camera's left): its front is phi* = 270,
    # its left (up x forward = +x) is phi* = 0 (toward the camera).
    assert reference_azimuth("intrinsic_facing_left", "infrontof") == 270
    assert reference_azimuth("intrinsic_facing_left", "totheleft") == 0
    assert reference_azimuth("intrinsic_facing_right", "infrontof") == 90
    assert reference_azimuth("intrinsic_facing_right", "totheleft") == 180


def test_frame_for_prompt() -> None:
    left, right = "comfort_car_ref_facing_left", "comfort_car_ref_facing_right"
    assert frame_for_prompt("comfort_ball", "cam") == "camera_reflected"
    assert frame_for_prompt(left, "nop") == "camera_reflected"
    assert frame_for_prompt(left, "add") == "addressee_reflected"
    assert frame_for_prompt(left, "rel") == "intrinsic_facing_left"
    assert frame_for_prompt(right, "rel") == "intrinsic_facing_right"
    with pytest.raises(ValueError):
        frame_for_prompt("comfort_ball", "rel")
    with pytest.raises(ValueError):
        frame_for_prompt(left, "camera3")

"""Synthetic Isle-Brick-V2 scenes: simple drawings with exact gold answers.

Used for the bundled `demo` data and for tests that need many scenes. These
are schematic top-down drawings (a figure with eyes and a nose pointing where
it faces, one labelled object), not photographs: they make the pipeline run
offline, they do not measure a model. The Blender renderer replaces them for
real experiments.
"""

from __future__ import annotations

import io
import math
import random
from itertools import product
from typing import Any

from vpt_tasks.isle_brick.design import FIGURES, OBJECTS, ORIENTATIONS, POSITIONS, VIEWPOINTS
from vpt_tasks.isle_brick.geometry import gold_answers


def draw_scene(
    object_name: str, object_bearing: float, facing: float, viewpoint: str, size: int
) -> bytes:
    """A PNG drawing of one figure and one object seen from above (squashed for `surface`)."""
    from PIL import Image, ImageDraw

    squash = 0.55 if viewpoint == "surface" else 1.0
    picture = Image.new("RGB", (size, size), (214, 200, 170))
    pen = ImageDraw.Draw(picture)
    centre = size / 2

    def at(bearing: float, distance: float) -> tuple[float, float]:
        radians = math.radians(bearing)
        return centre + distance * math.sin(radians), centre - distance * math.cos(radians) * squash

    ox, oy = at(object_bearing, size * 0.32)
    half = size * 0.08
    pen.rectangle(
        (ox - half, oy - half * squash, ox + half, oy + half * squash), fill=(60, 120, 200)
    )
    pen.text((ox - half, oy + half * squash + 2), object_name, fill=(0, 0, 0))
    head = size * 0.09
    pen.ellipse(
        (centre - head, centre - head * squash, centre + head, centre + head * squash),
        fill=(250, 215, 40),
    )
    for side in (-35.0, 35.0):
        ex, ey = at(facing + side, head * 0.6)
        dot = max(1.0, size * 0.012)
        pen.ellipse((ex - dot, ey - dot, ex + dot, ey + dot), fill=(0, 0, 0))
    nx, ny = at(facing, head * 1.5)
    lx, ly = at(facing - 20.0, head * 0.9)
    rx, ry = at(facing + 20.0, head * 0.9)
    pen.polygon([(nx, ny), (lx, ly), (rx, ry)], fill=(200, 30, 30))
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def paper_style_scenes(
    *, size: int = 32, seed: int = 0, limit: int | None = None
) -> list[dict[str, Any]]:
    """Canonical rows of the paper's 9 × 4 × 2 × 2 = 144-scene factor design.

    A seeded share of scenes gets diagonal placements or facings, so that gold
    sets with two directions occur in about the proportions of the paper's
    Table 3 (Q4 36%, Q5 17%, Q7 29% double).
    """
    rng = random.Random(seed)
    rows = []
    design = product(range(len(OBJECTS)), POSITIONS.items(), ORIENTATIONS, VIEWPOINTS)
    for index, (pair, (position, base), orientation, viewpoint) in enumerate(design):
        object_bearing = base + (rng.choice((-45.0, 45.0)) if rng.random() < 0.36 else 0.0)
        toward = object_bearing if orientation == "toward" else object_bearing + 180.0
        facing = (toward + (rng.choice((-45.0, 45.0)) if rng.random() < 0.3 else 0.0)) % 360.0
        rows.append(
            {
                "image": draw_scene(OBJECTS[pair], object_bearing, facing, viewpoint, size),
                "scene_id": f"scene-{index:03d}",
                "object": OBJECTS[pair],
                "figure": FIGURES[pair],
                "object_position": position,
                "figure_orientation": orientation,
                "viewpoint": viewpoint,
                **gold_answers(object_bearing % 360.0, facing),
            }
        )
        if limit is not None and len(rows) >= limit:
            break
    return rows

"""Schematic COMFORT frames, in the canonical and in the upstream layout.

What: `render_frame` draws one frame of a COMFORT path as seen from the camera
(relatum in the middle, the referent on its circle, the woman for CAR, a
triangle marking the relatum's front); `canonical_rows` returns canonical rows
(the bundled demo data); `write_upstream_layout` writes the upstream layout
(`<dataset>/<relation>/<variation>/{0..36}.png`, `config.json` with its
`mapping`, `composite_image.png`), optionally zipped as upstream ships it.

Why: the tests, the demo data and the memory benchmark need COMFORT-shaped
data without the Hub. The drawings are faithful to the geometry (phi = 0 toward
the camera, 90 the camera's right) but are not the paper's Blender renders and
measure nothing about a model.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from vpt_tasks.comfort.geometry import DATASETS, RELATIONS, facing_direction

BALL_VARIATIONS: tuple[str, ...] = ("default", "color", "size", "cam_position", "distractor")
CAR_RELATA: tuple[str, ...] = (
    "horse", "bench", "laptop", "duck", "chair", "dog", "sofa", "bed", "bicycle", "car",
)  # fmt: skip
"""The ten fronted relata of COMFORT-CAR, in the upstream config order."""

FRAMES = range(37)

_COLORS = {
    "red": (215, 45, 45),
    "blue": (45, 75, 215),
    "yellow": (235, 205, 40),
    "green": (45, 165, 70),
    "orange": (235, 125, 35),
    "gray": (120, 120, 120),
    "purple": (150, 70, 170),
}
# Upstream render-config shape names (data_generation/constants.py).
_UPSTREAM_SHAPE = {
    "bench": "Bench", "laptop": "Laptop", "duck": "Duck", "chair": "Chair", "dog": "Dog",
    "sofa": "Sofa", "bed": "Bed", "bicycle": "bicycle_mountain", "car": "car_sedan",
}  # fmt: skip
_BALL_CONFIG: dict[str, dict[str, Any]] = {
    "default": {},
    "color": {"var_color": "yellow", "ref_color": "green"},
    "size": {
        "var_size": 0.7,
        "ref_size": 0.45,
        "var_position": [0, 0, 0.7],
        "ref_position": [0, 0, 0.45],
    },
    "cam_position": {"cam_position": [9.0, 0.0, 7.0]},
    "distractor": {"num_distractors": 1},
}


def _start(relation: str) -> int:
    return RELATIONS[relation].start


def ball_colors(variation: str) -> tuple[str, str]:
    """(referent, relatum) colours of a BALL variation."""
    override = _BALL_CONFIG[variation]
    return override.get("var_color", "red"), override.get("ref_color", "blue")


# --------------------------------------------------------------------------
# drawing


def render_frame(
    dataset: str,
    relation: str,
    frame: int,
    *,
    variation: str = "default",
    size: int = 64,
    noise: float = 0.0,
) -> bytes:
    """A PNG of `frame` (0..36) of a path, drawn from the camera's side.

    `noise` (0..1) adds deterministic pixel noise, which makes the PNGs about
    as large as real renders (for memory measurements).
    """
    from PIL import Image, ImageDraw

    ball = dataset == "comfort_ball"
    picture = Image.new("RGB", (size, size), (205, 200, 190))
    draw = ImageDraw.Draw(picture)
    scale = size * (0.11 if ball else 0.08)

    def project(x: float, y: float) -> tuple[float, float]:
        # camera on +x looking at the origin from above: +y is image right,
        # +x (toward the camera) is image down (foreshortened)
        return size / 2 + y * scale, size / 2 + x * scale * 0.55

    phi = math.radians(_start(relation) + 10 * frame)
    radius = 2.9 if ball else 3.2
    referent = (radius * math.cos(phi), radius * math.sin(phi))
    items: list[tuple[float, str, tuple[float, float], Any]] = []
    if ball:
        var_color, ref_color = ball_colors(variation)
        ref_r, var_r = (0.45, 0.7) if variation == "size" else (0.6, 0.6)
        items.append((0.0, "disc", (0.0, 0.0), (_COLORS[ref_color], ref_r)))
        items.append((referent[0], "disc", referent, (_COLORS[var_color], var_r)))
        if variation == "distractor":
            items.append((-2.0, "disc", (-2.0, 2.5), (_COLORS["green"], 0.5)))
    else:
        side = facing_direction(dataset)
        items.append((0.0, "relatum", (0.0, 0.0), (variation, -1.0 if side == "left" else 1.0)))
        items.append((referent[0], "disc", referent, (_COLORS["orange"], 0.5)))
        items.append((0.0, "woman", (0.0, -5.0), None))
    for _, kind, (x, y), style in sorted(items, key=lambda item: item[0]):
        u, v = project(x, y)
        if kind == "disc":
            color, r = style
            rr = max(1.0, r * scale)
            draw.ellipse([u - rr, v - rr, u + rr, v + rr], fill=color, outline=(30, 30, 30))
        elif kind == "relatum":
            name, facing = style
            w, h = scale * 1.6, scale * 0.8
            draw.rectangle([u - w / 2, v - h / 2, u + w / 2, v + h / 2], fill=_COLORS["gray"])
            tip = u + facing * (w / 2 + scale * 0.6)
            base = u + facing * w / 2
            draw.polygon([(tip, v), (base, v - h / 2), (base, v + h / 2)], fill=(30, 30, 30))
            draw.text((u - w / 2, v + h / 2), name[:3], fill=(20, 20, 20))
        else:
            draw.rectangle(
                [u - scale * 0.3, v - scale * 1.4, u + scale * 0.3, v], fill=_COLORS["purple"]
            )
            draw.ellipse(
                [u - scale * 0.3, v - scale * 2.0, u + scale * 0.3, v - scale * 1.4],
                fill=(240, 200, 170),
            )
    if noise > 0:
        key = f"{dataset}/{relation}/{variation}/{frame}".encode()
        picture = _noisy(
            picture, noise, seed=int.from_bytes(hashlib.sha256(key).digest()[:4], "big")
        )
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG")
    return buffer.getvalue()


def _noisy(picture: Any, amount: float, *, seed: int) -> Any:
    import numpy as np
    from PIL import Image

    rng = np.random.default_rng(seed)
    pixels = np.asarray(picture, dtype=np.int16)
    jitter = rng.integers(-int(255 * amount), int(255 * amount) + 1, size=pixels.shape)
    return Image.fromarray(np.clip(pixels + jitter, 0, 255).astype(np.uint8))


def _composite(images: Sequence[bytes]) -> bytes:
    from PIL import Image

    tiles = [Image.open(io.BytesIO(data)).convert("RGB") for data in images]
    width, height = tiles[0].size
    sheet = Image.new("RGB", (2 * width, 2 * height))
    for index, tile in enumerate(tiles):
        sheet.paste(tile, ((index % 2) * width, (index // 2) * height))
    buffer = io.BytesIO()
    sheet.save(buffer, format="PNG")
    return buffer.getvalue()


# --------------------------------------------------------------------------
# canonical rows


def default_variations(dataset: str) -> tuple[str, ...]:
    """BALL: the five variations; CAR: the ten relata."""
    return BALL_VARIATIONS if dataset == "comfort_ball" else CAR_RELATA


def canonical_rows(
    dataset: str,
    *,
    relations: Iterable[str] = RELATIONS,
    variations: Iterable[str] | None = None,
    frames: Iterable[int] = FRAMES,
    size: int = 64,
    noise: float = 0.0,
) -> list[dict[str, Any]]:
    """Canonical rows (image bytes) of the schematic paths, named as upstream names them.

    `noise` (0..1) adds pixel noise, which makes the PNG files about as large as renders.
    """
    from vpt_tasks.comfort.rows import frame_row
    from vpt_tasks.comfort.spec import load_spec

    names = load_spec().names
    ball = dataset == "comfort_ball"
    rows = []
    for relation in relations:
        for variation in variations or default_variations(dataset):
            if ball:
                var_color, ref_color = ball_colors(variation)
                referent, relatum = f"{var_color} sphere", f"{ref_color} sphere"
            else:
                referent, relatum = "basketball", variation
            for frame in frames:
                rows.append(
                    {
                        "image": render_frame(
                            dataset, relation, frame, variation=variation, size=size, noise=noise
                        ),
                        **frame_row(
                            dataset,
                            relation,
                            variation,
                            frame,
                            referent,
                            relatum,
                            ball=ball,
                            names=names,
                        ),
                    }
                )
    return rows


# --------------------------------------------------------------------------
# upstream layout


def upstream_config(dataset: str, relation: str, variation: str) -> dict[str, Any]:
    """A render configuration shaped like upstream's merged `config.json` (without mapping)."""
    start = _start(relation)
    common = {
        "relation": relation,
        "path_type": "rotate",
        "angle_range": [start, start + 360],
        "num_steps": 37,
        "name": None,
        "distractor": [],
    }
    if dataset == "comfort_ball":
        config = {
            "variation": variation,
            "ref_shape": "Sphere", "ref_color": "blue", "ref_size": 0.6,
            "ref_position": [0, 0, 0.6], "ref_rotation": [0, 0, 0],
            "var_shape": "Sphere", "var_color": "red", "var_size": 0.6,
            "var_position": [0, 0, 0.6], "var_rotation": [0, 0, 0],
            "num_distractors": 0, "cam_position": None, "radius": 2.9,
        }  # fmt: skip
        config.update(_BALL_CONFIG[variation])
        if variation == "distractor":
            common["distractor"] = [
                {"shape": "Sphere", "color": "green", "location": [-2.0, 2.5, 0.5]}
            ]
        return {**config, **common}
    side = facing_direction(dataset)
    shape = (
        ("HorseL" if side == "left" else "HorseR")
        if variation == "horse"
        else _UPSTREAM_SHAPE[variation]
    )
    return {
        "variation": "default" if variation == "car" else f"object_basketball_and_{variation}",
        "radius": 3.2,
        "ref_shape": shape, "ref_color": "unknown", "ref_size": 1.0,
        "ref_position": [0, 0, 0.5], "ref_rotation": [0, 0, 0 if side == "left" else 180],
        "var_shape": "Basketball", "var_color": "unknown", "var_size": 2,
        "var_position": [0, 0, 0.3], "var_rotation": [0, 0, 90],
        "addressee": True, "addressee_shape": "Sophia",
        "addressee_position": [0, -5.0, 0.1], "addressee_size": 0.015,
        "addressee_rotation": [90, 0, 90],
        "num_distractors": 0, "cam_position": [10.0, 0, 9.0],
        **common,
    }  # fmt: skip


def write_upstream_layout(
    root: str | Path,
    datasets: Iterable[str] = DATASETS,
    *,
    relations: Iterable[str] = RELATIONS,
    variations: Iterable[str] | None = None,
    size: int = 16,
    noise: float = 0.0,
    as_zip: bool = False,
) -> Path:
    """Write schematic data in the upstream layout under `root` (created).

    Unpacked: `root/<dataset>/<relation>/<variation folder>/...`. With
    `as_zip`, one `root/<dataset>.zip` per dataset, as on the Hub. CAR
    variation folders are named as upstream names them
    (`object_basketball_and_<relatum>`, `default` for the car).
    """
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    relations = list(relations)
    chosen = None if variations is None else tuple(variations)
    for dataset in datasets:
        archive = zipfile.ZipFile(root / f"{dataset}.zip", "w") if as_zip else None
        try:
            for relation in relations:
                for variation in chosen or default_variations(dataset):
                    config = upstream_config(dataset, relation, variation)
                    folder = f"{dataset}/{relation}/{config['variation']}"
                    images = {
                        frame: render_frame(
                            dataset, relation, frame, variation=variation, size=size, noise=noise
                        )
                        for frame in FRAMES
                    }
                    config["mapping"] = {f"{f}.png": float(10 * f - 180) for f in FRAMES}
                    files = {f"{frame}.png": data for frame, data in images.items()}
                    files["composite_image.png"] = _composite([images[i] for i in (0, 9, 18, 27)])
                    files["config.json"] = json.dumps(config, indent=4).encode()
                    for name, data in files.items():
                        if archive is not None:
                            archive.writestr(f"{folder}/{name}", data)
                        else:
                            target = root / folder / name
                            target.parent.mkdir(parents=True, exist_ok=True)
                            target.write_bytes(data)
        finally:
            if archive is not None:
                archive.close()
    return root

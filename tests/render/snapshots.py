"""What a rendered dataset directory holds, as plain data to compare runs made in different ways.

Shared by the determinism tests of workers, shards and Ray: each makes the
same dataset another way and checks that its `Snapshot` equals the one of a
plain single-process run.
"""

from __future__ import annotations

import hashlib
import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from vpt_tasks.cli import main
from vpt_tasks.render.runner import Manifest

STUB = "tests.render.stub_renderer"
BLENDER = "vpt_tasks.render.blender"

RENDERERS = [
    pytest.param(STUB, id="stub"),
    pytest.param(
        BLENDER,
        id="blender",
        marks=pytest.mark.skipif(
            importlib.util.find_spec("bpy") is None,
            reason="the render extra (bpy) is not installed",
        ),
    ),
]
"""The stand-in everywhere; the real renderer where bpy is installed."""

# COMFORT-BALL: 20 frames, 8 distinct scenes (frame 36 = frame 0; behind 18 = in front 0, ...),
# so identical scenes must be copied within a shard, never drawn by two.
COMMAND = [
    "render",
    "comfort-ball",
    "--relations",
    "infrontof,behind",
    "--variations",
    "default,color",
    "--frames",
    "0,9,18,27,36",
    "--seed",
    "3",
    "--quiet",
]
FRAMES, DISTINCT = 20, 8


def settings_for(renderer: str) -> list[str]:
    """Tiny frames: 16 px for the stand-in; 32 px, 2 samples and no denoising for Blender.

    OpenImageDenoise is not bit-reproducible across processes (a frame denoised
    in two processes differs by one level in about 0.01% of its pixels, see
    the render README), so byte-identical frames are checked without it.
    """
    if renderer == STUB:
        return ["--size", "16", "--samples", "1", "--renderer", renderer]
    return ["--size", "32", "--samples", "2", "--no-denoise", "--renderer", renderer]


def render(out: Path, renderer: str, *extra: str) -> int:
    """`vpt-tasks render` of `COMMAND` into `out` (in this process, as the console script runs)."""
    return main([*COMMAND, *settings_for(renderer), "--out", str(out), *extra])


@dataclass(frozen=True)
class Snapshot:
    """The rows (without images), the SHA-256 of every image, the frame hashes and the card."""

    rows: list[dict[str, Any]]
    images: list[str]
    manifest: dict[str, str]
    card: str


def snapshot(out: Path) -> Snapshot:
    import pyarrow.parquet as pq

    (data,) = sorted((out / "data").glob("*.parquet"))
    rows = pq.read_table(data).to_pylist()
    images = [hashlib.sha256(row.pop("image")["bytes"]).hexdigest() for row in rows]
    entries = Manifest.of(out).entries
    card = (out / "README.md").read_text(encoding="utf-8").replace(str(out), "OUT")
    return Snapshot(rows, images, {key: e["sha256"] for key, e in entries.items()}, card)

"""A stand-in for Blender that runs anywhere: `--renderer tests.render.stub_renderer`.

It has the interface of `vpt_tasks.render.blender` (`render_frame`,
`render_mask`, `blender_version`) and writes a small PNG whose colours come
from the digest of the scene and the settings, with a dot where each entity
projects — so equal scenes give equal bytes, different scenes different
bytes, in any process. Being a module, it reaches spawned worker processes
and Ray workers by name, exactly as the real renderer does.

Faults for the retry tests: when the environment variable `VPT_STUB_FAULTS`
names a JSON file `{"keys": [...], "times": N}`, drawing one of those frame
keys fails the first N times (N = -1: always), counted across processes with
marker files beside it.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict
from pathlib import Path

from vpt_tasks.render.scene import RenderSettings, Scene

VERSION = "stub-1"


def blender_version() -> str:
    return VERSION


def render_frame(scene: Scene, path: Path, settings: RenderSettings, *, threads: int = 0) -> None:
    _maybe_fail(Path(path), settings)
    _draw(scene, Path(path), settings, "frame")


def render_mask(scene: Scene, path: Path, settings: RenderSettings, *, threads: int = 0) -> None:
    _draw(scene, Path(path), settings, "mask")


def _draw(scene: Scene, path: Path, settings: RenderSettings, kind: str) -> None:
    from PIL import Image, ImageDraw

    seed = hashlib.sha256(
        f"{kind}:{scene.digest()}:{json.dumps(asdict(settings), sort_keys=True)}".encode()
    ).digest()
    picture = Image.new("RGB", (settings.size, settings.size), tuple(seed[:3]))
    pen = ImageDraw.Draw(picture)
    for index, entity in enumerate(scene.entities):
        column, row, _ = scene.camera.project(entity.center(), settings.size)
        pen.point((column, row), fill=tuple(seed[3 + 3 * (index % 9) : 6 + 3 * (index % 9)]))
    path.parent.mkdir(parents=True, exist_ok=True)
    staged = path.with_name(path.name + ".stub")
    if settings.format == "jpeg" and kind == "frame":
        picture.save(staged, format="JPEG", quality=settings.jpeg_quality)
    else:
        picture.save(staged, format="PNG", compress_level=9)
    os.replace(staged, path)


def _maybe_fail(path: Path, settings: RenderSettings) -> None:
    spec_file = os.environ.get("VPT_STUB_FAULTS")
    if not spec_file or not Path(spec_file).is_file():
        return
    spec = json.loads(Path(spec_file).read_text())
    for key in spec["keys"]:
        if path.as_posix().endswith(f"/frames/{key}.{settings.extension}"):
            markers = Path(spec_file).parent / "attempts"
            markers.mkdir(exist_ok=True)
            tag = hashlib.sha256(key.encode()).hexdigest()[:16]
            attempt = len(list(markers.glob(f"{tag}-*")))
            if spec["times"] < 0 or attempt < spec["times"]:
                (markers / f"{tag}-{attempt}-{os.getpid()}").touch()
                raise RuntimeError(f"injected failure drawing {key} (attempt {attempt + 1})")

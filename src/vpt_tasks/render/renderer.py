"""Draw one frame job: the unit of work every engine (in-process, process pool, shard, Ray) runs.

What: `Renderer` names the module that draws (`vpt_tasks.render.blender` by
default: any module with `render_frame`, `render_mask` and `blender_version`
will do); `FrameJob` says what to draw for one distinct scene (its frame, its
label mask, or both, at given paths); `render_job` draws it and returns a
`FrameResult` (hash, timings, Blender version) for the parent process to
record.

Why: the runner's manifest is written by one process only, so workers must
not record anything themselves: they draw and report. A renderer is named by
its module rather than passed as a function so that it pickles by name into
spawned processes and Ray workers, and so that a test stand-in (which writes
deterministic bytes without Blender) runs through exactly the code paths the
real renderer does. The module is looked up at every call, so patching
`vpt_tasks.render.blender` in-process keeps working.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from vpt_tasks.render.scene import RenderSettings, Scene

BLENDER = "vpt_tasks.render.blender"
"""The real renderer: Cycles through `bpy`."""
_API = ("render_frame", "render_mask", "blender_version")


class RendererUnavailable(ValueError):
    """`--renderer` names a module that cannot draw (said in one line)."""


@dataclass(frozen=True)
class Renderer:
    """The module that draws frames: `render_frame`, `render_mask` and `blender_version`."""

    module: str = BLENDER

    def _module(self) -> ModuleType:
        return importlib.import_module(self.module)

    def frame(self, scene: Scene, path: Path, settings: RenderSettings, threads: int) -> None:
        self._module().render_frame(scene, path, settings, threads=threads)

    def mask(self, scene: Scene, path: Path, settings: RenderSettings, threads: int) -> None:
        self._module().render_mask(scene, path, settings, threads=threads)

    def version(self) -> str:
        return str(self._module().blender_version())

    def check(self) -> None:
        """Fail early, with the install hint, when Blender is the renderer and `bpy` is missing,
        and with `RendererUnavailable` when another module cannot draw (not importable, or
        without `render_frame`, `render_mask` and `blender_version`).

        Cheap (no import of bpy): used before any frame is drawn or a worker spawned,
        which would otherwise each fail with a traceback.
        """
        if self.module == BLENDER:
            if importlib.util.find_spec("bpy") is None:
                from vpt_tasks.render.blender import import_bpy

                import_bpy()  # raises BlenderUnavailable with the install instructions
            return
        try:
            module = self._module()
        except Exception as error:  # noqa: BLE001 -- any import failure is the same answer
            raise RendererUnavailable(
                f"--renderer {self.module}: the module cannot be imported "
                f"({type(error).__name__}: {error}); name an importable module, or leave "
                "--renderer out for Blender."
            ) from None
        missing = [name for name in _API if not callable(getattr(module, name, None))]
        if missing:
            raise RendererUnavailable(
                f"--renderer {self.module}: the module has no {', '.join(missing)}; a renderer "
                f"defines {', '.join(_API)} (see vpt_tasks.render.blender)."
            )


@dataclass(frozen=True)
class FrameJob:
    """What to draw for one distinct scene: its frame, its mask, or both."""

    key: str
    """The plan key the frame (or mask) is drawn for."""
    digest: str
    """The frame digest (scene + settings), recorded in the manifest."""
    scene: Scene
    frame: Path | None
    """Where to write the frame, or None when it is already finished."""
    mask: Path | None
    """Where to write the label mask, or None when none is needed."""


@dataclass(frozen=True)
class FrameResult:
    """What a worker reports back for a `FrameJob`."""

    key: str
    digest: str
    sha256: str | None
    """SHA-256 of the frame file written, or None when only a mask was drawn."""
    blender_version: str | None
    seconds: float = 0.0
    cpu_seconds: float = 0.0


def render_job(
    job: FrameJob, *, settings: RenderSettings, threads: int, renderer: Renderer
) -> FrameResult:
    """Draw `job` with `threads` render threads (0: all cores) and report what was written."""
    sha = version = None
    wall = cpu = 0.0
    if job.frame is not None:
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        renderer.frame(job.scene, job.frame, settings, threads)
        wall, cpu = time.perf_counter() - start_wall, time.process_time() - start_cpu
        sha = sha256(job.frame)
        version = renderer.version()
    if job.mask is not None:
        renderer.mask(job.scene, job.mask, settings, threads)
    return FrameResult(job.key, job.digest, sha, version, wall, cpu)


def worker_sys_path() -> list[str]:
    """This process's `sys.path` for worker processes, without the folders an imported bpy added.

    Spawned workers start with the parent's `sys.path`. Once `bpy` is
    imported it prepends Blender's script folders, among them
    `bpy/<version>/scripts/modules/bpy` — Blender's own Python half of `bpy`,
    which needs the `_bpy` built into Blender — so `import bpy` in a worker
    would find that folder instead of the package and fail.
    """
    loaded = sys.modules.get("bpy")
    spec = getattr(loaded, "__spec__", None) if loaded is not None else None
    roots = (
        [os.path.join(root, "") for root in (spec.submodule_search_locations or [])] if spec else []
    )
    return [entry for entry in sys.path if not any(entry.startswith(root) for root in roots)]


def sha256(path: Path) -> str:
    """Hex SHA-256 of a file's bytes."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()

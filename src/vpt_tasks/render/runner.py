"""Render planned frames into a canonical dataset directory, resumably.

What: `render_dataset(plans, out, settings, ...)` renders every `FramePlan`
to `out/.render/frames/<key>.<ext>` (and optionally a label mask to
`out/.render/masks/<key>.png`), records each finished frame in
`out/.render/manifest.jsonl`, then writes the canonical dataset
(`out/README.md` + `out/data/test-00000-of-00001.parquet`, images embedded).

Why: datasets take hours to render on a CPU, so an interrupted run must pick
up where it stopped. A frame counts as finished when the manifest holds its
key with the same digest (scene + render settings) and the file on disk still
has the recorded SHA-256; anything else is rendered again. Frames whose scene
is identical to one already rendered (COMFORT's frame 36 = frame 0, the same
position on the circle in two relations) are copied, not re-rendered. The
work folder starts with a dot so that it is not part of the dataset; publish
the directory without it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vpt_tasks.render import RENDERER_VERSION
from vpt_tasks.render.scene import FramePlan, RenderSettings

WORK_DIR = ".render"
MANIFEST = "manifest.jsonl"


@dataclass
class RenderReport:
    """What a run did."""

    directory: Path
    frames: int
    rendered: int = 0
    copied: int = 0
    resumed: int = 0
    wall_seconds: list[float] = field(default_factory=list)
    cpu_seconds: list[float] = field(default_factory=list)
    blender_version: str | None = None

    def timing(self) -> str:
        """Mean render time per rendered frame (wall clock and CPU), or a note that nothing was rendered."""
        if not self.wall_seconds:
            return "no frame rendered in this run"
        wall = sum(self.wall_seconds) / len(self.wall_seconds)
        cpu = sum(self.cpu_seconds) / len(self.cpu_seconds)
        return f"{wall:.2f} s per frame wall clock, {cpu:.2f} CPU-s per frame ({len(self.wall_seconds)} rendered)"


class Manifest:
    """Finished frames, one JSON line each; the last line of a key wins."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.entries: dict[str, dict[str, Any]] = {}
        if path.is_file():
            for line in path.read_text(encoding="utf-8").splitlines():
                try:
                    entry = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut short by an interruption
                if isinstance(entry, dict) and "key" in entry:
                    self.entries[entry["key"]] = entry

    def finished(self, key: str, digest: str, file: Path) -> bool:
        entry = self.entries.get(key)
        return bool(
            entry
            and entry.get("digest") == digest
            and file.is_file()
            and _sha256(file) == entry.get("sha256")
        )

    def record(self, entry: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(entry, sort_keys=True) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        self.entries[entry["key"]] = entry


def frame_path(out: Path, plan: FramePlan, settings: RenderSettings) -> Path:
    return Path(out) / WORK_DIR / "frames" / f"{plan.key}.{settings.extension}"


def mask_path(out: Path, plan: FramePlan) -> Path:
    return Path(out) / WORK_DIR / "masks" / f"{plan.key}.png"


def render_dataset(
    plans: Sequence[FramePlan],
    out: str | Path,
    settings: RenderSettings,
    *,
    schema: dict[str, str],
    pretty_name: str,
    card_body: Callable[[RenderReport], str],
    masks: bool = False,
    threads: int = 0,
    progress: bool = True,
) -> RenderReport:
    """Render what is missing, then write the canonical dataset of all `plans` to `out`."""
    from tqdm import tqdm

    out = Path(out)
    keys = [plan.key for plan in plans]
    if len(set(keys)) != len(keys):
        raise ValueError("frame keys must be unique within a dataset")
    if not plans:
        raise ValueError("nothing to render: the options select no frame")
    manifest = Manifest(out / WORK_DIR / MANIFEST)
    report = RenderReport(directory=out, frames=len(plans))
    by_digest: dict[str, Path] = {}
    bar = tqdm(
        plans, desc=f"rendering into {out}", unit="frame", disable=not progress, dynamic_ncols=True
    )
    for plan in bar:
        digest = plan.digest(settings)
        target = frame_path(out, plan, settings)
        if manifest.finished(plan.key, digest, target):
            report.resumed += 1
            by_digest.setdefault(digest, target)
        else:
            entry = _produce(plan, target, digest, settings, by_digest, report, threads)
            manifest.record(entry)
            by_digest.setdefault(digest, target)
        if masks and not mask_path(out, plan).is_file():
            from vpt_tasks.render.blender import render_mask

            render_mask(plan.scene, mask_path(out, plan), settings, threads=threads)
        bar.set_postfix(rendered=report.rendered, copied=report.copied, resumed=report.resumed)
    bar.close()
    versions = {manifest.entries[key].get("blender_version") for key in keys}
    report.blender_version = report.blender_version or next(
        iter(sorted(v for v in versions if v)), None
    )
    rows = [
        {
            **plan.row,
            "image": frame_path(out, plan, settings).read_bytes(),
            "blender_version": manifest.entries[plan.key].get("blender_version"),
        }
        for plan in plans
    ]
    from vpt_tasks.core.canonical import write_dataset

    write_dataset(
        out,
        rows,
        {**schema, "blender_version": "string"},
        pretty_name=pretty_name,
        body=card_body(report),
    )
    return report


def _produce(
    plan: FramePlan,
    target: Path,
    digest: str,
    settings: RenderSettings,
    by_digest: dict[str, Path],
    report: RenderReport,
    threads: int,
) -> dict[str, Any]:
    """Render the frame, or copy an identical scene rendered earlier; return its manifest entry."""
    from vpt_tasks.render.blender import blender_version, render_frame

    source = by_digest.get(digest)
    entry: dict[str, Any] = {
        "key": plan.key,
        "digest": digest,
        "renderer_version": RENDERER_VERSION,
    }
    if source is not None and source.is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        staged = target.with_name(target.name + ".part")
        shutil.copyfile(source, staged)
        os.replace(staged, target)
        report.copied += 1
        entry["copied_from"] = source.name
        entry["blender_version"] = report.blender_version or blender_version()
    else:
        wall, cpu = time.perf_counter(), time.process_time()
        render_frame(plan.scene, target, settings, threads=threads)
        report.wall_seconds.append(time.perf_counter() - wall)
        report.cpu_seconds.append(time.process_time() - cpu)
        report.rendered += 1
        report.blender_version = report.blender_version or blender_version()
        entry.update(
            blender_version=report.blender_version,
            seconds=round(report.wall_seconds[-1], 3),
            cpu_seconds=round(report.cpu_seconds[-1], 3),
        )
    entry["file"] = f"frames/{plan.key}.{settings.extension}"
    entry["sha256"] = _sha256(target)
    return entry


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()

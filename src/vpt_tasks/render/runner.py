"""Render planned frames into a canonical dataset directory, resumably, in one or many processes.

What: `render_dataset(plans, out, settings, ...)` renders every `FramePlan`
to `out/.render/frames/<key>.<ext>` (and optionally a label mask to
`out/.render/masks/<key>.png`), records each finished frame in
`out/.render/manifest.jsonl`, then writes the canonical dataset
(`out/README.md` + `out/data/test-00000-of-00001.parquet`, images embedded).
It is `render_frames` (the resumable rendering) followed by
`write_rendered_dataset` (the dataset of finished frames, a variant twin's
image in its scene's row); shards
(`vpt_tasks.render.shards`) run the first alone, a merge
(`vpt_tasks.render.merge`) the second.

Why: datasets take hours to render on a CPU, so an interrupted run must pick
up where it stopped. A frame counts as finished when the manifest holds its
key with the same digest (scene + render settings) and the file on disk still
has the recorded SHA-256; anything else is rendered again. Frames whose scene
is identical to another (COMFORT's frame 36 = frame 0, the same position on
the circle in two relations) are drawn once and copied. With `workers` > 1
the distinct scenes are drawn by a pool of processes (`parallel.py`) that
only report back; this process alone writes the manifest, so it stays
consistent and resuming works the same whatever the number of workers. The
work folder starts with a dot so that it is not part of the dataset; publish
the directory without it.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vpt_tasks.render import RENDERER_VERSION
from vpt_tasks.render.renderer import FrameJob, FrameResult, Renderer, render_job, sha256
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

    def add(self, other: RenderReport) -> None:
        """Fold the counts and timings of another run (e.g. a shard) into this one."""
        self.rendered += other.rendered
        self.copied += other.copied
        self.resumed += other.resumed
        self.wall_seconds += other.wall_seconds
        self.cpu_seconds += other.cpu_seconds
        self.blender_version = self.blender_version or other.blender_version


class Manifest:
    """Finished frames, one JSON line each; the last line of a key wins."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.entries: dict[str, dict[str, Any]] = {}
        self._torn = False
        """The file ends in a line cut short (a kill mid-write): the next record starts a new
        line, or it would be glued to the torn one and lost too."""
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            self._torn = bool(text) and not text.endswith("\n")
            for line in text.splitlines():
                try:
                    entry = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut short by an interruption
                if isinstance(entry, dict) and "key" in entry:
                    self.entries[entry["key"]] = entry

    @classmethod
    def of(cls, out: str | Path) -> Manifest:
        """The manifest of the render directory `out`."""
        return cls(Path(out) / WORK_DIR / MANIFEST)

    def finished(self, key: str, digest: str, file: Path) -> bool:
        entry = self.entries.get(key)
        return bool(
            entry
            and entry.get("digest") == digest
            and file.is_file()
            and sha256(file) == entry.get("sha256")
        )

    def record(self, entry: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(("\n" if self._torn else "") + json.dumps(entry, sort_keys=True) + "\n")
            self._torn = False
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
    workers: int = 1,
    renderer: Renderer | None = None,
    progress: bool = True,
) -> RenderReport:
    """Render what is missing, then write the canonical dataset of all `plans` to `out`.

    `workers` > 1 draws in that many spawned processes, each with `threads`
    Cycles threads (0: all cores; see `parallel.plan_workers` for sensible
    pairs). `renderer` names the drawing module (default: Blender).
    """
    report = render_frames(
        plans,
        out,
        settings,
        masks=masks,
        threads=threads,
        workers=workers,
        renderer=renderer,
        progress=progress,
    )
    write_rendered_dataset(
        plans, out, settings, schema=schema, pretty_name=pretty_name, body=card_body(report)
    )
    return report


@dataclass
class _Group:
    """The frames of one distinct scene and what they still need."""

    plans: list[FramePlan]
    digest: str
    todo: list[FramePlan] = field(default_factory=list)
    """Members whose frame is not finished."""
    need_mask: list[FramePlan] = field(default_factory=list)
    """Members without a mask file (only with masks on)."""


def render_frames(
    plans: Sequence[FramePlan],
    out: str | Path,
    settings: RenderSettings,
    *,
    masks: bool = False,
    threads: int = 0,
    workers: int = 1,
    renderer: Renderer | None = None,
    progress: bool = True,
) -> RenderReport:
    """Render the frames (and masks) of `plans` that `out` does not hold yet; record them."""
    from tqdm import tqdm

    out = Path(out)
    renderer = renderer or Renderer()
    keys = [plan.key for plan in plans]
    if len(set(keys)) != len(keys):
        raise ValueError("frame keys must be unique within a dataset")
    if not plans:
        raise ValueError("nothing to render: the options select no frame")
    manifest = Manifest.of(out)
    report = RenderReport(directory=out, frames=len(plans))
    groups: dict[str, _Group] = {}
    for plan in plans:
        digest = plan.digest(settings)
        groups.setdefault(digest, _Group([], digest)).plans.append(plan)

    jobs: list[FrameJob] = []
    for group in groups.values():
        done = [
            p
            for p in group.plans
            if manifest.finished(p.key, group.digest, frame_path(out, p, settings))
        ]
        report.resumed += len(done)
        finished = {p.key for p in done}
        group.todo = [p for p in group.plans if p.key not in finished]
        group.need_mask = [p for p in group.plans if masks and not mask_path(out, p).is_file()]
        if group.todo and done:  # an identical scene is finished: copy it, draw nothing
            for plan in group.todo:
                _copy_frame(out, settings, manifest, done[0], plan, report)
            group.todo = []
        if group.todo or group.need_mask:
            first = (group.todo or group.need_mask)[0]
            jobs.append(
                FrameJob(
                    key=first.key,
                    digest=group.digest,
                    scene=first.scene,
                    frame=frame_path(out, group.todo[0], settings) if group.todo else None,
                    mask=mask_path(out, group.need_mask[0]) if group.need_mask else None,
                )
            )

    bar = tqdm(
        total=len(plans),
        initial=len(plans) - sum(len(groups[job.digest].todo) for job in jobs),
        desc=f"rendering into {out}",
        unit="frame",
        disable=not progress,
        dynamic_ncols=True,
    )
    try:
        for result in _results(jobs, settings, threads, workers, renderer):
            group = groups[result.digest]
            _record(out, settings, manifest, group, result, report)
            bar.update(len(group.todo))
            bar.set_postfix(rendered=report.rendered, copied=report.copied, resumed=report.resumed)
    finally:
        bar.close()
    versions = {manifest.entries[key].get("blender_version") for key in keys}
    report.blender_version = report.blender_version or next(
        iter(sorted(v for v in versions if v)), None
    )
    return report


def _results(
    jobs: list[FrameJob], settings: RenderSettings, threads: int, workers: int, renderer: Renderer
) -> Iterator[FrameResult]:
    """Results of the jobs: drawn here, one after the other, or by a pool of processes."""
    draw = functools.partial(render_job, settings=settings, threads=threads, renderer=renderer)
    if workers <= 1 or len(jobs) <= 1:
        return (draw(job) for job in jobs)
    from vpt_tasks.render.parallel import run_in_processes
    from vpt_tasks.render.renderer import worker_sys_path

    renderer.check()
    return run_in_processes(draw, jobs, min(workers, len(jobs)), sys_path=worker_sys_path())


def _record(
    out: Path,
    settings: RenderSettings,
    manifest: Manifest,
    group: _Group,
    result: FrameResult,
    report: RenderReport,
) -> None:
    """Record a drawn frame and copy it (and its mask) to the identical scenes of its group."""
    if group.todo:
        first = group.todo[0]
        manifest.record(
            {
                "key": first.key,
                "digest": group.digest,
                "renderer_version": RENDERER_VERSION,
                "blender_version": result.blender_version,
                "seconds": round(result.seconds, 3),
                "cpu_seconds": round(result.cpu_seconds, 3),
                "file": f"frames/{first.key}.{settings.extension}",
                "sha256": result.sha256,
            }
        )
        report.rendered += 1
        report.wall_seconds.append(result.seconds)
        report.cpu_seconds.append(result.cpu_seconds)
        report.blender_version = report.blender_version or result.blender_version
        for plan in group.todo[1:]:
            _copy_frame(out, settings, manifest, first, plan, report)
    if group.need_mask:
        source = mask_path(out, group.need_mask[0])
        for plan in group.need_mask[1:]:
            copy_file(source, mask_path(out, plan))


def _copy_frame(
    out: Path,
    settings: RenderSettings,
    manifest: Manifest,
    source: FramePlan,
    target: FramePlan,
    report: RenderReport,
) -> None:
    """Copy the finished frame of an identical scene and record the copy."""
    origin = frame_path(out, source, settings)
    copy_file(origin, frame_path(out, target, settings))
    manifest.record(
        {
            "key": target.key,
            "digest": target.digest(settings),
            "renderer_version": RENDERER_VERSION,
            "blender_version": manifest.entries[source.key].get("blender_version"),
            "copied_from": origin.name,
            "file": f"frames/{target.key}.{settings.extension}",
            "sha256": manifest.entries[source.key]["sha256"],
        }
    )
    report.copied += 1


def copy_file(source: Path, target: Path) -> None:
    """Copy `source` to `target` atomically (a partial copy never takes the target's name)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staged = target.with_name(target.name + ".part")
    shutil.copyfile(source, staged)
    os.replace(staged, target)


def finished_manifest(plans: Sequence[FramePlan], out: Path) -> Manifest:
    """The manifest of `out`, checked to hold every frame of `plans` (else a ValueError)."""
    manifest = Manifest.of(out)
    missing = [plan.key for plan in plans if plan.key not in manifest.entries]
    if missing:
        raise ValueError(
            f"{len(missing)} planned frames are not rendered in {out} (first: {missing[0]})"
        )
    return manifest


def write_rendered_dataset(
    plans: Sequence[FramePlan],
    out: str | Path,
    settings: RenderSettings,
    *,
    schema: dict[str, str],
    pretty_name: str,
    body: str,
) -> Path:
    """Write the canonical dataset of `plans` from the finished frames in `out/.render`.

    A plan whose row names `twin_of` (an Isle-Brick variant twin,
    `isle_plan.twin`) is not a row of its own: its image goes into the row of
    that scene, under the column its row names.
    """
    from vpt_tasks.core.canonical import write_dataset

    out = Path(out)
    manifest = finished_manifest(plans, out)
    twins: dict[str, dict[str, FramePlan]] = {}
    for plan in plans:
        if "twin_of" in plan.row:
            twins.setdefault(plan.row["twin_of"], {})[plan.row["column"]] = plan
    scenes = [plan for plan in plans if "twin_of" not in plan.row]
    lost = [
        twin.key
        for key in twins.keys() - {plan.key for plan in scenes}
        for twin in twins[key].values()
    ]
    if lost:
        raise ValueError(f"twin frames without their scene in the plan: {', '.join(lost[:3])}")

    def image(plan: FramePlan) -> bytes:
        return frame_path(out, plan, settings).read_bytes()

    rows = (
        {
            **plan.row,
            "image": image(plan),
            **{column: image(twin) for column, twin in twins.get(plan.key, {}).items()},
            "blender_version": manifest.entries[plan.key].get("blender_version"),
        }
        for plan in scenes
    )
    return write_dataset(
        out,
        rows,
        {**schema, "blender_version": "string"},
        pretty_name=pretty_name,
        body=body,
    )

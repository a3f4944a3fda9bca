"""`--engine ray`: fan the shards of a plan out over a Ray cluster, then merge them.

What: `render_on_ray(plans, out, settings, ...)` splits the plan into shards
(`vpt_tasks.render.shards`), runs one Ray task per unfinished shard
(`num_cpus` = the render threads of the task, optional `num_gpus`,
`max_retries` with `retry_exceptions`, so a task that raises or whose worker
or node dies is run again), shows one progress bar over all frames, stores
each finished shard under `out/.render/shards/shard-I-of-N/` exactly as
`--shard I/N` would, and merges them with `vpt_tasks.render.merge` — the same
checks and the same result as the local path.

Why: a cluster already has a scheduler; Ray places the tasks, retries them
and moves their results, and nothing here schedules anything. Each task
renders in a temporary folder on its node and returns the shard's files
through Ray's object store, so the nodes need no shared file system. A
finished shard is kept on disk, so re-running the same command after a
failure renders only the shards still missing. `ray` is imported only here,
when this engine is chosen; it is the optional `scale` extra.
"""

from __future__ import annotations

import math
import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from vpt_tasks.render.merge import merge_shards, rerun_hint, unfinished
from vpt_tasks.render.renderer import Renderer
from vpt_tasks.render.runner import WORK_DIR, RenderReport
from vpt_tasks.render.scene import FramePlan, RenderSettings
from vpt_tasks.render.shards import Shard, ShardInfo, plan_shards, render_part

SHARDS_DIR = "shards"
FRAMES_PER_SHARD = 8
"""Default shard size in distinct scenes: small enough for even load and cheap retries."""


class RayUnavailable(RuntimeError):
    """`ray` is not installed."""


class ShardsFailed(RuntimeError):
    """Some shards failed after all their retries (message names them and how to re-run them)."""


def import_ray() -> Any:
    """The `ray` module, or a `RayUnavailable` error naming the extra to install."""
    try:
        import ray
    except ImportError as error:
        raise RayUnavailable(
            f'--engine ray needs Ray: pip install "vpt-tasks[scale]" ({error})'
        ) from None
    return ray


LOCALHOST = "127.0.0.1"


def init_options(address: str | None, **options: Any) -> dict[str, Any]:
    """`ray.init`'s arguments for `--ray-address` (or `RAY_ADDRESS`).

    A cluster is joined only when the user names one. Otherwise Ray starts a new
    local instance (`address="local"`: never a cluster that happens to run on this
    machine) whose servers bind the loopback interface (`_node_ip_address`), with
    no dashboard: on Linux a plain `ray.init()` listens on every interface without
    authentication.
    """
    named = address or os.environ.get("RAY_ADDRESS")
    if named:
        return {"address": named, **options}
    return {
        "address": "local",
        "_node_ip_address": LOCALHOST,
        "include_dashboard": False,
        **options,
    }


def default_shards(plans: Sequence[FramePlan], settings: RenderSettings) -> int:
    """One shard per `FRAMES_PER_SHARD` distinct scenes."""
    distinct = len({plan.digest(settings) for plan in plans})
    return max(1, math.ceil(distinct / FRAMES_PER_SHARD))


def shards_folder(out: str | Path) -> Path:
    """Where the Ray engine keeps finished shards of `out` until they are merged."""
    return Path(out) / WORK_DIR / SHARDS_DIR


def render_on_ray(
    plans: Sequence[FramePlan],
    out: str | Path,
    settings: RenderSettings,
    *,
    shards: int | None = None,
    masks: bool = False,
    threads: int = 1,
    num_gpus: float = 0,
    retries: int = 2,
    renderer: Renderer | None = None,
    address: str | None = None,
    command: str | None = None,
    progress: bool = True,
) -> RenderReport:
    """Render the frames of `plans` that `out` lacks on Ray and merge them into `out/.render`.

    Each task reserves `threads` CPUs (at least 1) and renders with that many
    Cycles threads, plus `num_gpus` GPUs (for renderers that draw on a GPU;
    the built-in Blender renderer draws on the CPU). `address` is passed to
    `ray.init` (None: `RAY_ADDRESS`, else a new local instance bound to
    127.0.0.1: `init_options`); an already initialised Ray is used as it is and
    left running. `command` is the
    command that renders a shard when `--shard I/N` is appended (its `--out`
    is `shards_folder(out)`); it is recorded in each shard and quoted in
    failure messages. Write the dataset afterwards with
    `runner.write_rendered_dataset`.
    """
    from tqdm import tqdm

    out = Path(out)
    count = shards or default_shards(plans, settings)
    root = shards_folder(out)
    report = RenderReport(directory=out, frames=len(plans))
    todo = []
    for shard, part, info in plan_shards(plans, settings, count, command=command, masks=masks):
        if not part:
            continue
        # finished in `out`, or by an earlier run that stopped before the merge
        if any(
            folder.is_dir() and not unfinished(folder, part, settings, masks=masks)
            for folder in (out, root / shard.folder)
        ):
            report.resumed += len(part)
        else:
            todo.append((shard, part, info))
    done_frames = report.resumed

    if todo:
        ray = import_ray()
        started = not ray.is_initialized()
        if started:
            ray.init(**init_options(address))
        try:
            failures = _run(
                ray,
                todo,
                root,
                settings,
                threads,
                num_gpus,
                retries,
                renderer,
                report,
                tqdm(
                    total=len(plans),
                    initial=done_frames,
                    desc=f"rendering into {out} on Ray",
                    unit="frame",
                    disable=not progress,
                    dynamic_ncols=True,
                ),
            )
        finally:
            if started:
                ray.shutdown()
        if failures:
            raise ShardsFailed(
                f"{len(failures)} of {count} shards failed after {retries} retries; the "
                "finished shards are kept, so re-running the same command renders only "
                "these:\n" + "\n".join(failures)
            )
    folders = (root / Shard(index, count).folder for index in range(1, count + 1))
    present = [folder for folder in folders if folder.is_dir()]
    if present:
        merge_shards(out, plans, settings, present, masks=masks)
        shutil.rmtree(root)
    return report


def _run(
    ray: Any,
    todo: list[tuple[Shard, list[FramePlan], ShardInfo]],
    root: Path,
    settings: RenderSettings,
    threads: int,
    num_gpus: float,
    retries: int,
    renderer: Renderer | None,
    report: RenderReport,
    bar: Any,
) -> list[str]:
    """Submit one task per shard, store each as it finishes; return the failures' descriptions."""
    cpus = max(1, threads)
    task = ray.remote(render_shard_task)
    pending = {}
    for shard, part, info in todo:
        ref = task.options(
            num_cpus=cpus,
            num_gpus=num_gpus,
            max_retries=retries,
            retry_exceptions=True,
            name=f"vpt-tasks render shard {shard}",
        ).remote(part, info, settings, cpus, renderer)
        pending[ref] = (shard, part, info)
    failures: list[str] = []
    try:
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                shard, part, info = pending.pop(ref)
                try:
                    files, shard_report = ray.get(ref)
                except ray.exceptions.RayError as error:
                    reason = (
                        str(error).strip().splitlines()[-1] if str(error).strip() else repr(error)
                    )
                    failures.append(f"shard {shard}: {reason}\n  {rerun_hint(info, shard)}")
                    continue
                store(files, root / shard.folder)
                report.add(shard_report)
                bar.update(len(part))
                bar.set_postfix(
                    rendered=report.rendered, copied=report.copied, failed=len(failures)
                )
    finally:
        bar.close()
        for ref in pending:  # only left when interrupted
            ray.cancel(ref)
    return failures


def render_shard_task(
    plans: list[FramePlan],
    info: ShardInfo,
    settings: RenderSettings,
    threads: int,
    renderer: Renderer | None,
) -> tuple[dict[str, bytes], RenderReport]:
    """The Ray task: `shards.render_part` in a temporary folder; return its files and report."""
    with tempfile.TemporaryDirectory(prefix="vpt-shard-") as temporary:
        folder = Path(temporary)
        report = render_part(
            plans, info, folder, settings, threads=threads, renderer=renderer, progress=False
        )
        files = {
            path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*"))
            if path.is_file()
        }
    return files, report


def store(files: dict[str, bytes], folder: Path) -> None:
    """Write a shard's files to `folder`, replacing it whole (never half-written)."""
    staging = folder.with_name(folder.name + ".part")
    shutil.rmtree(staging, ignore_errors=True)
    for name, data in files.items():
        path = staging / name
        if ".." in Path(name).parts or Path(name).is_absolute():
            raise ValueError(f"unexpected file name in a shard: {name!r}")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    if folder.exists():
        shutil.rmtree(folder)
    os.replace(staging, folder)

"""Local parallel rendering: independent Blender processes, one per worker.

What: `plan_workers(workers, threads)` turns the `--workers` / `--threads`
options into a worker count and the Cycles threads of each worker (the
machine's cores divided between them); `run_in_processes(fn, jobs, workers)`
runs `fn(job)` for every job in a pool of spawned processes and yields the
results as they finish.

Why: one Cycles render of a small frame does not keep many cores busy (a
512×512 Isle-Brick frame: 6.5 s wall, 8.5 CPU-s on 2 cores, about 1.3 cores),
so on a machine with many cores several renders side by side finish more
frames per minute than one render with all of them
(`benchmarks/render_throughput.py` measures it). Workers are separate processes started with `spawn` (bpy is not
fork-safe, and each worker holds its own Blender), scheduled by the standard
library's `ProcessPoolExecutor`; they only draw and return results, the
parent records them.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")


def available_cores() -> int:
    """Cores this process may run on (respects CPU affinity, e.g. a Slurm or container allocation)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS, Windows
        return max(1, os.cpu_count() or 1)


def plan_workers(workers: int | None, threads: int, cores: int | None = None) -> tuple[int, int]:
    """(worker processes, Cycles threads per worker) for the `--workers` and `--threads` options.

    `threads` 0 means "all cores": by default that is one worker using every
    core, as a plain run does. With `--threads T` the default is
    `cores // T` workers; with `--workers N` and no `--threads` each worker
    gets `cores // N` threads.
    """
    cores = cores or available_cores()
    if workers is None:
        workers = max(1, cores // threads) if threads > 0 else 1
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, got {workers}")
    if threads < 0:
        raise ValueError(f"--threads must be 0 (all cores) or more, got {threads}")
    if workers > 1 and threads == 0:
        threads = max(1, cores // workers)
    return workers, threads


def run_in_processes(
    fn: Callable[[Job], Result],
    jobs: Sequence[Job],
    workers: int,
    *,
    sys_path: list[str] | None = None,
) -> Iterator[Result]:
    """Yield `fn(job)` for every job, computed in `workers` spawned processes, in finishing order.

    `fn` must pickle by reference (a module-level function, or a
    `functools.partial` of one). `sys_path` replaces the `sys.path` the
    workers inherit (see `renderer.worker_sys_path`). The first failure is
    raised in the caller after the jobs still queued are cancelled; jobs
    already running finish first, so their files are complete, but their
    results are not yielded.
    """
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_set_sys_path if sys_path is not None else None,
        initargs=(sys_path,) if sys_path is not None else (),
    ) as pool:
        futures = [pool.submit(fn, job) for job in jobs]
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            for future in futures:
                future.cancel()


def _set_sys_path(entries: list[str]) -> None:
    sys.path[:] = entries

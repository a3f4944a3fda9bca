"""Rendering throughput: frames per minute against local worker processes, versus the ideal.

    python benchmarks/render_throughput.py [--frames 12] [--size 512] [--samples 16] [--rounds 2]

Needs the `render` extra (bpy). Renders the first N Isle-Brick frames of the
paper design with `vpt_tasks.render.runner.render_frames` in three set-ups,
interleaved round by round so that a noisy machine affects them alike:

- `1 worker, all threads`: the default, one process with Cycles on every core;
- `1 worker, 1 thread`: one process, one Cycles thread (the unit of scaling);
- `W workers, 1 thread`: W spawned Blender processes (`--workers W`), W = the cores.

Ideal for W single-thread workers = W × the one-thread rate (perfect scaling);
the ratio measured / ideal says how much of it is reached. Worker timings
include starting the processes and importing bpy in each. CPU use is this
process plus its reaped children (the workers) over wall time × cores.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from vpt_tasks.render.isle_plan import IsleBrickOptions, plan_isle_brick
from vpt_tasks.render.parallel import available_cores
from vpt_tasks.render.runner import render_frames
from vpt_tasks.render.scene import RenderSettings


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (user + system)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def machine_busy_seconds() -> float:
    """CPU time the whole machine spent busy (all processes, any container), from /proc/stat."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    except OSError:
        return float("nan")
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def measure(
    plans, settings: RenderSettings, workers: int, threads: int
) -> tuple[float, float, float]:
    """(wall seconds, our CPU seconds, other processes' CPU seconds) to render `plans` afresh."""
    out = Path(tempfile.mkdtemp(prefix="vpt_render_bench_"))
    try:
        cpu, busy, wall = cpu_seconds(), machine_busy_seconds(), time.perf_counter()
        report = render_frames(
            plans, out, settings, workers=workers, threads=threads, progress=False
        )
        wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
        other = machine_busy_seconds() - busy - cpu
        assert report.rendered == len(plans), report
        return wall, cpu, max(0.0, other)
    finally:
        shutil.rmtree(out, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=12)
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument(
        "--workers", type=int, default=None, help="worker processes (default: the cores)"
    )
    args = parser.parse_args()
    cores = available_cores()
    workers = args.workers or cores
    plans = plan_isle_brick(IsleBrickOptions()).frames[: args.frames]
    settings = RenderSettings(size=args.size, samples=args.samples)
    setups = {
        "1 worker, all threads": (1, 0),
        "1 worker, 1 thread": (1, 1),
        f"{workers} workers, 1 thread each": (workers, 1),
    }
    # warm-up: bpy imported and the first scene built outside the measurements
    measure(plans[:1], settings, 1, 0)
    runs: dict[str, list[tuple[float, float, float]]] = {name: [] for name in setups}
    for round_number in range(args.rounds):
        for name, (count, threads) in setups.items():
            wall, cpu, other = measure(plans, settings, count, threads)
            runs[name].append((wall, cpu, other))
            print(
                f"round {round_number + 1}: {name}: {wall:.1f} s wall, {cpu:.1f} CPU-s; "
                f"other processes on the machine: {other / wall:.2f} cores",
                flush=True,
            )
    print(
        f"\n{len(plans)} Isle-Brick frames, {args.size}x{args.size}, {args.samples} samples, "
        f"{cores} cores, {args.rounds} rounds (median)\n"
    )
    print(
        "| set-up | wall s | frames / min | CPU-s / frame | our CPU use | others' load "
        "(cores) | measured / ideal |"
    )
    print("|---|---|---|---|---|---|---|")
    rate, unit = {}, None
    for name, (count, threads) in setups.items():
        wall = statistics.median(w for w, _, _ in runs[name])
        cpu = statistics.median(c for _, c, _ in runs[name])
        other = statistics.median(o / w for w, _, o in runs[name])
        rate[name] = len(plans) / wall * 60
        if (count, threads) == (1, 1):
            unit = rate[name]
        ideal = f"{rate[name] / (count * unit):.2f} (ideal {count * unit:.1f})" if unit else "–"
        print(
            f"| {name} | {wall:.1f} | {rate[name]:.1f} | {cpu / len(plans):.1f} | "
            f"{cpu / wall / cores:.0%} | {other:.2f} | {ideal} |"
        )
    default, scaled = rate["1 worker, all threads"], rate[list(setups)[-1]]
    print(f"\n{workers} workers vs the default single process: {scaled / default:.2f}x")


if __name__ == "__main__":
    main()

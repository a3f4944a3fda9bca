"""`vpt-tasks report` time and memory for N logs (issue 24 §4): linear, and under a minute at 50.

    python benchmarks/report_scale.py [--logs 1,10,50] [--tasks isle_brick,comfort_car,...]
                                      [--old DIR] [--rounds 1]

Builds the logs once: each task's run on its demo data with the random baseline, logged
as a run writes it (samples with their messages, events and images; the COMFORT-CAR demo
run has 1,184 samples and 4.8 MB of log), then copies of it under new run ids, so the
report treats them as separate runs of several models. Then it times the report on the
first N logs (the tasks interleaved), each report in a fresh child process, and prints
the wall time, the time per log and the child's peak resident memory.

`--old DIR` also times the code of another checkout side by side, in the same run and
on the same logs (old and new alternate for every N): make one with
`git worktree add /tmp/old HEAD` before changing the code; the child imports
`DIR/src/vpt_tasks` instead of the installed package.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from _common import workdir

ALL = (
    "isle_brick",
    "isle_brick_v1",
    "isle_dots",
    "omni_perspective",
    "comfort_ball",
    "comfort_car",
)

CHILD = """
import sys
from vpt_tasks.cli import main
code = main(sys.argv[1:])
with open("/proc/self/status") as status:
    peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
print(f"PEAK_RSS_MIB={int(peak) / 1024:.0f}", file=sys.stderr)
sys.exit(code)
"""
"""The report in a child process, which prints its own peak resident set size at the end.

VmHWM, not `ru_maxrss`: Linux keeps a process's `ru_maxrss` across `exec`, so a child
forked from this process (which ran the evals) would report this process's peak."""


def build(folder: Path, tasks: list[str], copies: int) -> list[Path]:
    """`copies` logs per task: one random-baseline run on the demo data, copied under new ids."""
    from inspect_ai import eval
    from inspect_ai.log import read_eval_log, write_eval_log

    made: list[Path] = []
    for task in tasks:
        args = {"source": "demo"} | ({} if task.startswith("comfort") else {"grader": "rules"})
        [log] = eval(
            f"vpt_tasks/{task}",
            task_args=args,
            model="vpt_tasks/random",
            log_dir=str(folder / "seed"),
            display="none",
        )
        full = read_eval_log(log.location)
        for i in range(copies):
            full.eval.model = f"vpt_tasks/random-{i}"
            full.eval.eval_id = f"{log.eval.eval_id}-{i}"
            full.eval.task_id = f"{log.eval.task_id}-{i}"
            target = folder / "logs" / f"{task}-{i:03d}.eval"
            target.parent.mkdir(parents=True, exist_ok=True)
            write_eval_log(full, str(target))
            made.append(target)
    return made


def report(logs: Path, out: Path, code: Path | None) -> tuple[float, float | None, str]:
    """(seconds, peak MiB, status) of one `vpt-tasks report` of `logs` in a child process."""
    env = dict(os.environ)
    if code is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(code / "src"), env.get("PYTHONPATH", "")])
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-c", CHILD, "report", str(logs), "--out", str(out)],
        capture_output=True,
        text=True,
        env=env,
    )
    seconds = time.perf_counter() - start
    peak = next(
        (
            float(line.split("=", 1)[1])
            for line in result.stderr.splitlines()
            if line.startswith("PEAK_RSS_MIB=")
        ),
        None,
    )
    status = "ok" if result.returncode == 0 else f"exit {result.returncode}: {result.stderr[-300:]}"
    return seconds, peak, status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", default="1,10,50")
    parser.add_argument("--tasks", default=",".join(ALL))
    parser.add_argument(
        "--old", type=Path, help="a checkout of the code to compare with (git worktree add)"
    )
    parser.add_argument("--rounds", type=int, default=1, help="reports per N and code; best kept")
    options = parser.parse_args()
    if options.old is not None and not (options.old / "src" / "vpt_tasks").is_dir():
        parser.error(f"--old {options.old}: no src/vpt_tasks there; give a checkout of the repo")
    counts = [int(n) for n in options.logs.split(",")]
    tasks = options.tasks.split(",")
    folder = workdir()
    per_task = -(-max(counts) // len(tasks))
    logs = build(folder, tasks, per_task)
    # interleave tasks so that the first N logs span every task
    ordered = [logs[t * per_task + i] for i in range(per_task) for t in range(len(tasks))]
    sizes = sum(path.stat().st_size for path in ordered[: max(counts)]) / 2**20
    print(f"{len(tasks)} tasks ({', '.join(tasks)}); the {max(counts)} logs hold {sizes:.0f} MiB")
    variants: list[tuple[str, Path | None]] = [("new", None)]
    if options.old is not None:
        variants.insert(0, ("old", options.old))
    for n in counts:
        chosen = folder / f"n{n}"
        chosen.mkdir()
        for path in ordered[:n]:
            shutil.copy(path, chosen / path.name)
        for name, code in variants:
            runs = [
                report(chosen, folder / f"out-{name}-{n}-{r}", code) for r in range(options.rounds)
            ]
            seconds, peak, status = min(runs, key=lambda run: run[0])
            memory = f"{peak:6.0f} MiB" if peak is not None else "     ? MiB"
            print(
                f"{name:>3}: report of {n:3d} logs: {seconds:7.1f} s ({seconds / n:5.2f} s per log), "
                f"peak {memory} {status}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

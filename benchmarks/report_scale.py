"""`vpt-tasks report` time for N logs of every task (issue 24 §4): linear, and under a minute at 50.

    python benchmarks/report_scale.py [--logs 1,10,50] [--tasks isle_brick,isle_brick_v1,...]

Builds the logs once (demo data, the random baseline, each log a copy of one run under a new
run id, so the report treats them as separate runs of several models), then times the report
on the first N of them, one after the other in this process's children, and prints seconds
per N and per log.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

from _common import workdir

ALL = ("isle_brick", "isle_brick_v1", "isle_dots", "omni_perspective", "comfort_ball")


def build(folder: Path, tasks: list[str], copies: int) -> list[Path]:
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", default="1,10,50")
    parser.add_argument("--tasks", default=",".join(ALL))
    options = parser.parse_args()
    counts = [int(n) for n in options.logs.split(",")]
    tasks = options.tasks.split(",")
    folder = workdir()
    per_task = -(-max(counts) // len(tasks))
    logs = build(folder, tasks, per_task)
    # interleave tasks so that the first N logs span every task
    ordered = [logs[t * per_task + i] for i in range(per_task) for t in range(len(tasks))]
    for n in counts:
        chosen = folder / f"n{n}"
        chosen.mkdir()
        for path in ordered[:n]:
            shutil.copy(path, chosen / path.name)
        start = time.perf_counter()
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "vpt_tasks.cli",
                "report",
                str(chosen),
                "--out",
                str(folder / f"out{n}"),
            ],
            capture_output=True,
            text=True,
        )
        seconds = time.perf_counter() - start
        status = (
            "ok" if result.returncode == 0 else f"exit {result.returncode}: {result.stderr[-300:]}"
        )
        print(f"report of {n:3d} logs: {seconds:7.1f} s ({seconds / n:5.2f} s per log) {status}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

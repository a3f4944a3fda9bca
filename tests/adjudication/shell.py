"""Run the commands of a round trip as a user does: each one a fresh process."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

from inspect_ai.log import EvalLog, read_eval_log

from tests.conftest import inspect_cli

UNREADABLE = "It is turned toward the window."
"""An answer no rule reads: every sample is left undecided without a grader."""

VPT_TASKS = Path(sys.executable).parent / "vpt-tasks"


def vpt_tasks(*args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`vpt-tasks <args>` in a fresh process (the console script next to this Python)."""
    command = [str(VPT_TASKS)] if VPT_TASKS.exists() else [sys.executable, "-m", "vpt_tasks.cli"]
    return subprocess.run(
        [*command, *args],
        cwd=cwd,
        env={**os.environ, "HF_HUB_OFFLINE": "1", "NO_COLOR": "1"},
        capture_output=True,
        text=True,
        input=stdin,
        timeout=600,
    )


def eval_constant(task: str, tmp: Path, answer: str = UNREADABLE, *args: str) -> EvalLog:
    """`inspect eval vpt_tasks/<task> -T source=demo --model vpt_tasks/constant -M answer=...`."""
    logs = tmp / "logs"
    result = inspect_cli(
        "eval",
        f"vpt_tasks/{task}",
        "-T",
        "source=demo",
        *args,
        "--model",
        "vpt_tasks/constant",
        "-M",
        f"answer={answer}",
        "--log-dir",
        str(logs),
        cwd=tmp,
        realtime=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    [file] = sorted(logs.glob("*.eval"))
    return read_eval_log(str(file))


def read_sheet(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8-sig") as handle:
        return list(csv.DictReader(handle))


def write_sheet(
    path: Path, rows: list[dict[str, str]], *, delimiter: str = ",", bom: bool = False
) -> Path:
    with path.open("w", newline="", encoding="utf-8-sig" if bom else "utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]), delimiter=delimiter)
        writer.writeheader()
        writer.writerows(rows)
    return path


def gold_decision(log: EvalLog, sample_id: str) -> str:
    """The decision that reads an answer as the gold answer of its sample."""
    sample = next(s for s in log.samples or [] if str(s.id) == sample_id)
    if isinstance(sample.target, list):
        return ", ".join(sample.target) or "-"
    return str(sample.target)

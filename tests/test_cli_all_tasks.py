"""Every registered task runs from the shell on its demo data with a baseline model."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

COMMANDS = {
    "comfort_ball": ["--model", "vpt_tasks/always_yes"],
    "comfort_car": [
        "-T",
        "thetas=-180,-90,0,90",
        "-T",
        "probes=true",
        "--model",
        "vpt_tasks/random",
    ],
    "isle_brick_v1": ["-T", "grader=none", "--model", "vpt_tasks/constant", "-M", "answer=A"],
    "isle_dots": ["-T", "grader=none", "--model", "vpt_tasks/random"],
    "omni_perspective": ["--model", "vpt_tasks/random"],
}


@pytest.mark.parametrize("task", sorted(COMMANDS))
def test_task_runs_from_the_command_line(task: str, tmp_path: Path) -> None:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "INSPECT_DISPLAY": "none"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "inspect_ai",
            "eval",
            f"vpt_tasks/{task}",
            "-T",
            "source=demo",
            *COMMANDS[task],
            "--log-dir",
            str(tmp_path),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    (info,) = list_eval_logs(str(tmp_path))
    log = read_eval_log(info.name, header_only=True)
    assert log.status == "success" and log.eval.task == f"vpt_tasks/{task}"
    assert log.results is not None and log.results.scores[0].metrics
    if task == "isle_brick_v1":  # always "A": half right, never consistent
        metrics = log.results.scores[0].metrics
        assert metrics["accuracy"].value == 0.5 and metrics["consistency"].value == 0.0


def test_isle_v1_without_grader_names_both_fixes(tmp_path: Path) -> None:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "INSPECT_DISPLAY": "plain"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "inspect_ai",
            "eval",
            "vpt_tasks/isle_brick_v1",
            "-T",
            "source=demo",
            "--model",
            "vpt_tasks/random",
            "--log-dir",
            str(tmp_path),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    output = result.stdout + result.stderr
    assert "--model-role grader=" in output and "grader=none" in output

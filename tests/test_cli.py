"""The commands a researcher types: `inspect eval vpt_tasks/...` in a shell."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

HEAVY = ("datasets", "PIL", "numpy", "scipy", "pandas", "pyarrow", "matplotlib", "bpy")


def _inspect(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "NO_COLOR": "1",
        "COLUMNS": "200",
        "INSPECT_DISPLAY": "plain",
    }
    return subprocess.run(
        [sys.executable, "-m", "inspect_ai", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_quickstart_command_runs_offline(tmp_path: Path) -> None:
    result = _inspect(
        "eval",
        "vpt_tasks/isle_brick",
        "-T",
        "source=demo",
        "--model",
        "vpt_tasks/random",
        "--log-dir",
        str(tmp_path / "logs"),
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    logs = list_eval_logs(str(tmp_path / "logs"))
    assert len(logs) == 1
    log = read_eval_log(logs[0])
    assert log.status == "success"
    names = log.results.scores[0].metrics
    assert {"Q1", "Q7_ci_high", "chance_visual_perspective_taking", "cooc_Q5_north_east"} <= set(
        names
    )
    assert "visual_perspective_taking" in result.stdout  # the metrics table is printed


def test_bad_source_fails_with_the_message(tmp_path: Path) -> None:
    result = _inspect(
        "eval",
        "vpt_tasks/isle_brick",
        "-T",
        "source=./missing_dir",
        "--model",
        "vpt_tasks/random",
        "--log-dir",
        str(tmp_path / "logs"),
        cwd=tmp_path,
    )
    assert result.returncode != 0
    assert "source './missing_dir': no such directory" in result.stdout + result.stderr


@pytest.mark.parametrize("module", ["vpt_tasks._registry"])
def test_registry_import_is_cheap(module: str) -> None:
    code = (
        "import sys, inspect_ai, inspect_ai.model, inspect_ai.solver, inspect_ai.scorer\n"
        "before = set(sys.modules)\n"
        f"import {module}\n"
        f"print(','.join(m for m in {HEAVY!r} if m in sys.modules and m not in before))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"_registry imported heavy modules: {result.stdout}"

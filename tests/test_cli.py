"""The commands a researcher types: `inspect eval vpt_tasks/...` in a shell.

One smoke run per task through the real `inspect` command (the README's
pattern, offline, nothing but `-T source=demo --model vpt_tasks/random`), the
bad values a user can type, and the cost of the entry point. Everything else
is tested in-process.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from tests.conftest import inspect_cli

HEAVY = ("datasets", "PIL", "numpy", "scipy", "pandas", "pyarrow", "matplotlib", "bpy")

PROGRESS = re.compile(r"^\w+\s+\| Steps: ")
"""A progress line of Inspect's plain display."""

HEADLINE = {
    "isle_brick": "overall",
    "isle_brick_bias": "top_share",
    "isle_brick_v1": "accuracy",
    "isle_dots": "accuracy",
    "comfort_ball": "acc",
    "comfort_car": "acc",
    "omni_perspective": "vanilla_accuracy",
}
"""The paper's headline number of each task: the first metric of its log."""


@pytest.mark.parametrize(
    "task",
    [pytest.param(t, marks=pytest.mark.xdist_group(f"demo_cli_{t}")) for t in sorted(HEADLINE)],
)
def test_each_task_runs_offline_and_prints_a_short_headline_first_table(
    task: str, demo_cli_run
) -> None:
    result, logs = demo_cli_run(task)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-3000:]
    assert "Traceback" not in output
    # plain display prints a progress line every few seconds (a terminal redraws one in
    # place): how many depends on the machine's speed, so they are not counted
    printed = [line for line in output.rstrip("\n").splitlines() if not PROGRESS.match(line)]
    assert len(printed) <= 40, f"{task} printed {len(printed)} lines:\n{output}"
    [info] = list_eval_logs(str(logs))
    log = read_eval_log(info.name, header_only=True)
    assert log.status == "success" and log.eval.task == f"vpt_tasks/{task}"
    first_metric = next(iter(log.results.scores[0].metrics))
    assert first_metric == HEADLINE[task]
    assert HEADLINE[task] in output  # the printed table shows it


BAD_VALUES = [
    ("isle_brick", "solver=nope", "zero_shot, cot, first_person"),
    ("isle_brick", "questions=Q9", "Q1, Q2, Q3, Q4, Q5, Q6, Q7"),
    ("comfort_car", "perspective=sideways", "nop, cam, add, rel"),
    ("omni_perspective", "source=/no-such-dir", "no such directory"),
    ("isle_dots", "grader=llm", "--model-role grader="),
]


@pytest.mark.parametrize("task,argument,fix", BAD_VALUES, ids=[b[1] for b in BAD_VALUES])
def test_a_bad_value_ends_in_a_few_lines_with_the_fix(
    task: str, argument: str, fix: str, tmp_path: Path
) -> None:
    logs = tmp_path / "logs"
    extra = [] if argument.startswith("source=") else ["-T", "source=demo"]
    result = inspect_cli(
        "eval",
        f"vpt_tasks/{task}",
        "-T",
        argument,
        *extra,
        "--model",
        "vpt_tasks/random",
        "--log-dir",
        str(logs),
        cwd=tmp_path,
    )
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "Traceback" not in output and len(output.strip().splitlines()) <= 15, output
    assert fix in output
    # refused while the task was built: no model call, no log left behind
    assert not logs.exists() or not list(logs.iterdir())


def test_a_misspelt_argument_is_warned_about_before_the_run(tmp_path: Path) -> None:
    result = inspect_cli(
        "eval",
        "vpt_tasks/isle_brick",
        "-T",
        "source=demo",
        "-T",
        "sovler=cot",
        "--model",
        "vpt_tasks/random",
        "--limit",
        "2",
        "--log-dir",
        str(tmp_path / "logs"),
        cwd=tmp_path,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-2000:]
    assert "-T sovler is not an argument" in output and "Did you mean -T solver?" in output


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

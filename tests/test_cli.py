"""The commands a researcher types: `inspect eval vpt_tasks/...` in a shell.

One smoke run per task through the real `inspect` command (the README's
pattern, offline, nothing but `-T source=demo --model vpt_tasks/random`), the
bad values a user can type, and the cost of the entry point. Everything else
is tested in-process.
"""

from __future__ import annotations

import logging
import re
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from inspect_ai import eval
from inspect_ai.log import list_eval_logs, read_eval_log

from tests.conftest import BIG_DEMOS, inspect_cli
from tests.helpers import READING_COUNTS, printed_by_inspect
from vpt_tasks.core.inspect_internals import PrerequisiteError

HEAVY = ("datasets", "PIL", "numpy", "scipy", "pandas", "pyarrow", "matplotlib", "bpy")

PROGRESS = re.compile(r"^[\w.]+\s+\| Steps: ")
"""A progress line of Inspect's plain display (a long solver name is cut: `yes_no_an...`)."""

HEADLINE = {
    "isle_brick": "overall",
    "isle_brick_bias": "top_share",
    "isle_brick_v1": "accuracy",
    "isle_dots": "accuracy",
    "comfort_ball": "acc",
    "comfort_car": "acc",
    "omni_perspective": "vanilla_accuracy",
    "grader_check": "agreement",
}
"""The paper's headline number of each task: the first metric of its log."""
FREE_TEXT = frozenset(
    {"isle_brick", "isle_brick_bias", "isle_brick_v1", "isle_dots", "omni_perspective"}
)
"""The tasks that read free answers (rules, then a grader when bound)."""
COUNTS = {
    "isle_brick": "isle_brick_counts",
    "isle_brick_bias": "answer_counts",
    "isle_brick_v1": "answer_counts",
    "isle_dots": "answer_counts",
    "omni_perspective": "answer_counts",
}
"""The metric group that holds each free-text task's counts of who read the answers."""


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
    # the big demos run with --no-log-realtime (tests/conftest.py), the others as users do
    assert (log.eval.config.log_realtime is False) == (task in BIG_DEMOS)
    first_metric = next(iter(log.results.scores[0].metrics))
    assert first_metric == HEADLINE[task]
    assert HEADLINE[task] in output  # the printed table shows it
    # the README's offline run opens with no warning box: nothing is wrong. Without a grader
    # the free-text tasks say calmly how they read the answers and how to bind one
    assert "WARNING" not in output
    if task in FREE_TEXT:
        assert f"vpt_tasks/{task}: answers the rules cannot read are counted as undecided" in output
        assert "--model-role grader=<provider/model>" in output
        counts = log.results.scores[0].metrics
        assert all(counts[name].group == COUNTS[task] for name in READING_COUNTS)


BAD_VALUES = [
    ("isle_brick", "solver=nope", "zero_shot, cot, first_person"),
    ("isle_brick", "questions=Q9", "Q1, Q2, Q3, Q4, Q5, Q6, Q7"),
    ("comfort_car", "perspective=sideways", "nop, cam, add, rel"),
    ("omni_perspective", "source=/no-such-dir", "no such directory"),
    ("isle_dots", "grader=llm", "--model-role grader="),
]


def _task_args(argument: str) -> dict[str, str]:
    """The `-T` values of a bad-value run: the bad one, and the demo unless it is the source."""
    name, value = argument.split("=", 1)
    return {name: value} if name == "source" else {name: value, "source": "demo"}


def test_a_bad_value_in_the_shell_ends_in_a_few_lines_with_the_fix(tmp_path: Path) -> None:
    """One bad value through the real command: Inspect's exception hook prints the bare
    message (the other values are checked in-process through the same hook, below)."""
    task, argument, fix = BAD_VALUES[0]
    logs = tmp_path / "logs"
    options = [
        part for name, value in _task_args(argument).items() for part in ("-T", f"{name}={value}")
    ]
    result = inspect_cli(
        "eval", f"vpt_tasks/{task}", *options, "--model", "vpt_tasks/random",
        "--log-dir", str(logs), cwd=tmp_path,
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "Traceback" not in output and len(output.strip().splitlines()) <= 15, output
    assert fix in output
    # refused while the task was built: no model call, no log left behind
    assert not logs.exists() or not list(logs.iterdir())


@pytest.mark.parametrize("task,argument,fix", BAD_VALUES, ids=[b[1] for b in BAD_VALUES])
def test_a_bad_value_ends_in_a_few_lines_with_the_fix(
    task: str, argument: str, fix: str, tmp_path: Path
) -> None:
    """`inspect eval` with a bad `-T` value, in-process: the error that ends the command and
    what the command's exception hook prints for it."""
    logs = tmp_path / "logs"
    with pytest.raises(PrerequisiteError) as raised:
        eval(
            f"vpt_tasks/{task}",
            task_args=_task_args(argument),
            model="vpt_tasks/random",
            log_dir=str(logs),
            display="none",
        )
    output = printed_by_inspect(raised.value)
    assert "Traceback" not in output and len(output.strip().splitlines()) <= 15, output
    assert fix in output
    # refused while the task was built: no model call, no log left behind
    assert not logs.exists() or not list(logs.iterdir())


def test_a_misspelt_argument_is_warned_about_before_the_run(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """`inspect eval vpt_tasks/isle_brick -T source=demo -T sovler=cot --limit 2`, in-process:
    the run goes ahead and the warning (printed by the command's log handler) names the fix."""
    with caplog.at_level(logging.WARNING):
        [log] = eval(
            "vpt_tasks/isle_brick",
            task_args={"source": "demo", "sovler": "cot"},
            model="vpt_tasks/random",
            limit=2,
            log_dir=str(tmp_path / "logs"),
            display="none",
        )
    assert log.status == "success" and len(log.samples) == 2
    [warning] = [r for r in caplog.records if "-T sovler is not an argument" in r.getMessage()]
    assert warning.levelno == logging.WARNING and "Did you mean -T solver?" in warning.getMessage()
    # warned while the task was built, before the first sample started
    first = min(datetime.fromisoformat(sample.started_at) for sample in log.samples)
    assert warning.created <= first.timestamp()


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

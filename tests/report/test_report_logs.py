"""Which logs a report is made of: one row per run, retries and copies superseded, bad --out refused."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from inspect_ai import eval, eval_retry
from inspect_ai.solver import Generate, Solver, TaskState, solver

from vpt_tasks.cli import main
from vpt_tasks.report.logs import load_logs

FLAKY = "VPT_TASKS_TEST_FLAKY"


@solver
def flaky_generate() -> Solver:
    """Generate, but fail every Q2 sample while the FLAKY variable is set (a provider outage, say)."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        if os.environ.get(FLAKY) and str(state.sample_id).endswith("/Q2"):
            raise RuntimeError("simulated outage")
        return await generate(state)

    return solve


def _retried_run(log_dir: Path) -> tuple[Path, Path]:
    """A run with errored samples, then its `eval-retry` into the same directory."""
    os.environ[FLAKY] = "1"
    try:
        [first] = eval(
            "vpt_tasks/isle_brick",
            task_args={"source": "demo"},
            solver=flaky_generate(),
            model="vpt_tasks/random",
            log_dir=str(log_dir),
            display="none",
        )
    finally:
        del os.environ[FLAKY]
    assert first.status == "error"
    [second] = eval_retry(first.location, log_dir=str(log_dir), display="none")
    assert second.status == "success" and second.eval.task_id == first.eval.task_id
    return Path(first.location), Path(second.location)


def test_a_retried_run_is_reported_once_and_not_as_skipped(tmp_path: Path) -> None:
    first, second = _retried_run(tmp_path / "logs")
    copy = tmp_path / "logs" / "copy" / second.name
    copy.parent.mkdir()
    shutil.copy(second, copy)
    loaded = load_logs([tmp_path / "logs"], ["isle_brick"], header_only=True)
    assert len(loaded.by_task["isle_brick"]) == 1 and not loaded.skipped
    assert any(str(first) in line and "earlier attempt" in line for line in loaded.superseded)
    assert any("copy of the same log" in line for line in loaded.superseded)

    out = tmp_path / "report"
    assert main(["report", str(tmp_path / "logs"), "--out", str(out)]) == 0
    report = (out / "report.md").read_text()
    assert "## Skipped logs" not in report and "## Superseded logs" in report
    table = report.split("paper Table 2")[1].split("\n\n")[1]
    header = table.splitlines()[0]
    assert header.count("vpt_tasks/random") == 1, header


def test_report_refuses_an_out_that_is_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "report.md"
    target.write_text("keep me")
    assert main(["report", str(tmp_path), "--out", str(target)]) == 2
    assert "is a file" in capsys.readouterr().err and target.read_text() == "keep me"

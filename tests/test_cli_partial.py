"""Partial runs, as a researcher makes them: `inspect eval ... --limit 4` on every task in a
shell, then `vpt-tasks report` over those logs and full ones.

Every task prints what four samples support (the questions it has, the sample count), a
headline it cannot define as undefined *with its reason*, never a bare `nan`; the report
marks the partial runs (n of N samples) and never shows an interval beside an undefined
value. Then every task at the smoke-run size docs/sweeps.md gives has every headline.
"""

from __future__ import annotations

import json
import math
import os
import pty
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from tests.conftest import inspect_cli
from vpt_tasks.benchmarks import task_entries

pytestmark = pytest.mark.xdist_group("cli_partial")

TASKS = [entry.name for _, entry in task_entries()]
FULL = ("isle_brick", "isle_brick_v1", "comfort_ball", "omni_perspective")
"""Tasks also run in full beside their partial runs (the smaller demos)."""
REASONS = {
    "overall": "overall is undefined",
    "acc": "acc (the headline",
    "accuracy": "accuracy undefined",
}
"""What a task says when a printed value is undefined (NaN): its reason, before the table."""
SMOKE_LIMIT = 148
"""docs/sweeps.md: the `--limit` of a sweep's smoke run, which defines every headline."""


def _eval(tasks: list[str], log_dir: Path, *options: str) -> subprocess.CompletedProcess[str]:
    names = [f"vpt_tasks/{task}" for task in tasks]
    log_dir.parent.mkdir(parents=True, exist_ok=True)
    return inspect_cli(
        "eval", *names, "-T", "source=demo", "--model", "vpt_tasks/random",
        "--log-dir", str(log_dir), *options, cwd=log_dir.parent, realtime=False,
    )  # fmt: skip


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """Every task with `--limit 4` (one command), and the smaller demos in full beside them."""
    folder = tmp_path_factory.mktemp("partial")
    partial = _eval(TASKS, folder / "logs" / "partial", "--limit", "4")
    assert partial.returncode == 0, (partial.stdout + partial.stderr)[-3000:]
    full = _eval(list(FULL), folder / "logs" / "full")
    assert full.returncode == 0, (full.stdout + full.stderr)[-3000:]
    return folder / "logs", partial.stdout + partial.stderr


def _logs(folder: Path) -> dict[str, object]:
    found = {}
    for info in list_eval_logs(str(folder)):
        log = read_eval_log(info.name, header_only=True)
        found[log.eval.task.split("/")[-1]] = log
    return found


def test_limit_4_prints_what_it_has_and_says_why_a_headline_is_undefined(
    runs: tuple[Path, str],
) -> None:
    folder, output = runs
    assert "Traceback" not in output and "not found in eval results" not in output
    logs = _logs(folder / "partial")
    assert sorted(logs) == sorted(TASKS)
    for task, log in logs.items():
        assert log.results.completed_samples == 4, task
        metrics = {k: m.value for s in log.results.scores for k, m in s.metrics.items()}
        headline = next(iter(log.results.scores[0].metrics))
        assert headline == log.results.headline.metric, task  # the task's own, never another
        for name, value in metrics.items():
            if math.isnan(value):  # undefined: only a headline, and with its reason printed
                assert name == headline and REASONS[name] in output, (task, name)
        # the printed table shows the sample count ("(4 samples)") and the headline's row
        assert f"{task} (4 samples)" in output
    # Isle-Brick-V2: the four questions it has, the category all of whose questions it has
    brick = {k: m.value for k, m in logs["isle_brick"].results.scores[0].metrics.items()}
    assert math.isnan(brick["overall"]) and "overall_ci_low" not in brick
    assert all(0.0 <= brick[q] <= 1.0 for q in ("Q1", "Q2", "Q3", "Q4"))
    assert "Q5" not in brick and "spatial_reasoning" not in brick
    assert 0.0 <= brick["scene_understanding"] <= 1.0
    assert brick["decided_by_rules"] == 4  # the counts, on every free-text task
    assert re.search(r"^Q4\s+\d\.\d{3}\s*$", output, re.MULTILINE)
    # COMFORT: the headline stays first, undefined, with its reason and the counts
    for task in ("comfort_ball", "comfort_car"):
        values = {k: m.value for k, m in logs[task].results.scores[0].metrics.items()}
        assert math.isnan(values["acc"]) and values["n_incomplete_curves"] >= 1
    assert output.count("COMFORT: acc (the headline") == 2  # once per task, before its table


def _report_under_a_terminal(args: list[str]) -> tuple[int, str, str]:
    """`vpt-tasks report ...` with stderr on a pseudo-terminal (as in a shell): (exit code,
    stdout, what the terminal showed)."""
    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": "100"}
    process = subprocess.Popen(
        [sys.executable, "-m", "vpt_tasks.cli", "report", *args],
        stdout=subprocess.PIPE,
        stderr=slave,
        text=True,
        env=env,
    )
    os.close(slave)
    shown: list[bytes] = []

    def read() -> None:
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                return
            if not chunk:
                return
            shown.append(chunk)

    reader = threading.Thread(target=read)
    reader.start()
    stdout, _ = process.communicate(timeout=600)
    reader.join(timeout=30)
    os.close(master)
    return process.returncode, stdout, b"".join(shown).decode(errors="replace")


def test_the_report_marks_partial_runs_beside_full_ones(
    runs: tuple[Path, str], tmp_path: Path
) -> None:
    folder, _ = runs
    out = tmp_path / "report"
    code, stdout, terminal = _report_under_a_terminal([str(folder), "--out", str(out)])
    assert code == 0, terminal[-3000:]
    assert "reading logs" in terminal  # a progress bar while it reads the logs
    assert "Warning" not in terminal and "Traceback" not in terminal  # no stray warnings
    markdown = (out / "report.md").read_text()
    assert not re.search(r"\bnan\b", markdown, re.IGNORECASE)
    assert "– [" not in markdown  # never an interval beside an undefined value
    # the Runs table says how many samples each run scored, and labels mark the partial ones
    assert "| 4 of 56 (--limit 4) |" in markdown and "| 56 |" in markdown
    table = markdown.split("paper Table 2")[1].split("\n\n")[1].splitlines()
    header = [cell.strip() for cell in table[0].strip("|").split("|")]
    partial = header.index("vpt_tasks/random (4 of 56 samples)")
    rows = {r.strip("|").split("|")[0].strip(): r.strip("|").split("|") for r in table[2:]}
    assert re.fullmatch(r"\s*\d+\.\d\s*", rows["Q1"][partial])  # one scene: no interval
    assert rows["overall"][partial].strip() == "–" and rows["Q5"][partial].strip() == "–"
    numbers = json.loads((out / "report.json").read_text())
    brick = {r["samples"]["partial"]: r for r in numbers if r["task"] == "isle_brick"}
    assert brick[True]["samples"] == {
        "scored": 4,
        "total": 56,
        "partial": True,
        "selection": "--limit 4",
    }
    assert brick[True]["metrics"]["overall"] is None
    assert isinstance(brick[True]["metrics"]["Q1"], float)
    assert isinstance(brick[False]["metrics"]["overall"], float)
    assert all("grader_model" in r for r in numbers)
    assert {r["task"] for r in numbers if r["samples"]["partial"]} == set(TASKS)


def test_the_smoke_run_size_of_the_docs_defines_every_headline(tmp_path: Path) -> None:
    """docs/sweeps.md: `--limit 148` on every task gives every task's headline."""
    docs = (Path(__file__).parents[1] / "docs" / "sweeps.md").read_text()
    assert f"--limit {SMOKE_LIMIT}" in docs
    result = _eval(TASKS, tmp_path / "logs", "--limit", str(SMOKE_LIMIT))
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    assert "undefined" not in result.stdout + result.stderr
    for task, log in _logs(tmp_path / "logs").items():
        headline = log.results.headline
        value = log.results.scores[0].metrics[headline.metric].value
        assert math.isfinite(value), (task, headline.metric)

"""`vpt-tasks report` says why a log is not reported, in the words of what happened to it
(issue "Hardening II" §7): a log still being written is a running eval, not a failed one; a
finished eval that scored no sample says so."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.log import read_eval_log, write_eval_log


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    logs = tmp_path_factory.mktemp("logs")
    [log] = inspect_eval(
        "vpt_tasks/isle_brick",
        task_args={"source": "demo", "questions": "Q1"},
        model="vpt_tasks/random",
        log_dir=str(logs),
        display="none",
    )
    assert log.status == "success"
    return Path(log.location)


@pytest.mark.parametrize(
    ("status", "results", "said"),
    [
        (
            "started",
            False,
            "the eval is still running (or was killed); report it when it has finished",
        ),
        ("success", False, "the eval finished but scored no sample (every sample errored?)"),
        ("cancelled", True, "the eval was cancelled; `inspect eval-retry` finishes it"),
    ],
)
def test_the_reason_a_log_is_not_reported(
    finished: Path, tmp_path: Path, status: str, results: bool, said: str
) -> None:
    log = read_eval_log(str(finished))
    log.status = status  # type: ignore[assignment]
    if not results:
        log.results = None
    (tmp_path / "logs").mkdir()
    write_eval_log(log, str(tmp_path / "logs" / finished.name))
    done = subprocess.run(
        [sys.executable, "-m", "vpt_tasks.cli", "report", str(tmp_path / "logs")]
        + ["--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert said in done.stderr, done.stderr
    assert "not finished successfully" not in done.stderr and "Traceback" not in done.stderr

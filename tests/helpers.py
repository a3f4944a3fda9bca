"""Small helpers for running tasks in tests through Inspect's own `eval`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from inspect_ai import Task, eval
from inspect_ai.log import EvalLog


def run(task: Task | str, model: str, log_dir: Path, **kwargs: Any) -> EvalLog:
    """Run one task the way `inspect eval` does and return its (successful) log."""
    logs = eval(task, model=model, log_dir=str(log_dir), display="none", **kwargs)
    assert len(logs) == 1
    log = logs[0]
    assert log.status == "success", log.error
    return log


def metrics(log: EvalLog, scorer: str | None = None) -> dict[str, float]:
    """The metrics of a log's (first or named) scorer as a plain dict."""
    assert log.results is not None
    for score in log.results.scores:
        if scorer is None or score.name == scorer:
            return {name: metric.value for name, metric in score.metrics.items()}
    raise AssertionError(f"no scorer {scorer} in {[s.name for s in log.results.scores]}")

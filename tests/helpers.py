"""Small helpers for running tasks in tests through Inspect's own `eval`."""

from __future__ import annotations

import io
import subprocess
import sys
import traceback
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


def printed_by_inspect(error: BaseException) -> str:
    """What the `inspect` command prints when `error` ends it, found in-process.

    The command's exception hook (`inspect_ai._util.error.exception_hook`) prints a
    prerequisite error as its bare `message` with rich (markup read, so a message must
    escape its own), anything else as a traceback. This does the same into a string, at
    the width and without the colour of `inspect_cli` (tests/conftest.py), so a test of an
    error message needs no subprocess; tests/test_cli.py and tests/core/test_plain_messages.py
    still run the real command once for each kind of error, hook included.
    """
    from rich.console import Console

    from vpt_tasks.core.inspect_internals import PrerequisiteError

    if not isinstance(error, PrerequisiteError):
        return "".join(traceback.format_exception(error))
    printed = io.StringIO()
    Console(file=printed, width=100, no_color=True).print(f"\n{error.message}\n")
    return printed.getvalue()


def in_own_process(script: str, *args: str) -> str:
    """Run `python -c script args...` in a fresh process; its standard output.

    For measurements of memory: `tracemalloc` counts the allocations of every thread of a
    process, and a test worker that ran other tests may still have server, log or display
    threads allocating while a test traces (CI once saw 7 MiB of them in a 0.1 MiB window).
    """
    done = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def metrics(log: EvalLog, scorer: str | None = None) -> dict[str, float]:
    """The metrics of a log's (first or named) scorer as a plain dict."""
    assert log.results is not None
    for score in log.results.scores:
        if scorer is None or score.name == scorer:
            return {name: metric.value for name, metric in score.metrics.items()}
    raise AssertionError(f"no scorer {scorer} in {[s.name for s in log.results.scores]}")


READING_COUNTS = ("decided_by_rules", "decided_by_grader", "decided_by_human", "undecided")
"""Who read the free-text answers (`vpt_tasks.scorers.cascade.decision_counts`)."""
RETIRED_COUNTS = frozenset(
    """mapped_by_rules mapped_by_grader grader_calls grader_failures unknown_empty_answer
    unknown_grader_empty_reply unknown_grader_error unknown_grader_unknown unknown_no_grader
    unknown_refusal path_template path_judge path_unresolved no_option empty_answers judge_calls
    judge_errors unresolved_no_judge agreement grader_decided llm_failures""".split()
)
"""The per-scorer path counters that the one reading vocabulary replaced (issue 22)."""


def without_counts(values: dict[str, float]) -> dict[str, float]:
    """A run's numbers without the counts of who read the answers (old or new vocabulary):
    the measurements themselves, comparable across the change of vocabulary."""
    return {
        key: value
        for key, value in values.items()
        if key not in READING_COUNTS and key not in RETIRED_COUNTS
    }

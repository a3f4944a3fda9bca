"""Finding and reading the eval logs a report is made of.

Only Inspect's own log API is used (`list_eval_logs`, `read_eval_log`).
Logs that cannot be reported — not an eval log, unfinished, failed, or of a
task no section handles — are skipped with a one-line reason each, so one bad
file in a directory does not hide the others.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from inspect_ai.log import EvalLog, list_eval_logs, read_eval_log


@dataclass
class LoadedLogs:
    """Readable logs grouped by task name, and what was skipped and why."""

    by_task: dict[str, list[EvalLog]] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)
    superseded: list[str] = field(default_factory=list)
    """Logs of a run that a later log of the same run (eval-retry, a copy) replaces."""


def task_name(log: EvalLog) -> str:
    """The task's unqualified name (`vpt_tasks/isle_brick` → `isle_brick`)."""
    return log.eval.task.split("/")[-1]


def load_logs(
    paths: Iterable[str | Path], supported: Iterable[str], *, header_only: bool
) -> LoadedLogs:
    """Read every log under `paths` (files or directories) for the `supported` tasks.

    One eval is reported once: logs of the same task run (`eval.task_id`: an
    original and its `inspect eval-retry`s, or copies of one file) are grouped,
    the latest finished one is kept and the others are listed as superseded.
    """
    supported = set(supported)
    files: list[str] = []
    result = LoadedLogs()
    for path in paths:
        path = Path(path)
        if path.is_dir():
            files.extend(info.name for info in list_eval_logs(str(path), recursive=True))
        elif path.is_file():
            files.append(str(path))
        else:
            result.skipped.append(f"{path}: no such file or directory")
    runs: dict[str, list[tuple[str, EvalLog]]] = {}
    for file in dict.fromkeys(files):
        try:
            log = read_eval_log(file, header_only=header_only)
        except Exception as error:  # noqa: BLE001 - reported per file, the others go on
            result.skipped.append(
                f"{file}: not a readable Inspect eval log ({type(error).__name__}: {error})"
            )
            continue
        name = task_name(log)
        if name not in supported:
            result.skipped.append(
                f"{file}: task '{log.eval.task}' has no report section (supported: {', '.join(sorted(supported))})"
            )
            continue
        runs.setdefault(log.eval.task_id or file, []).append((file, log))
    for attempts in runs.values():
        attempts.sort(key=lambda item: (_finished(item[1]), _when(item[1]), item[0]))
        file, log = attempts[-1]
        if not _finished(log):
            result.skipped.append(
                f"{file}: the eval is '{log.status}', not finished successfully; rerun it or use `inspect eval-retry`"
            )
            continue
        result.by_task.setdefault(task_name(log), []).append(log)
        for other, earlier in attempts[:-1]:
            why = (
                "a copy of the same log"
                if earlier.eval.eval_id == log.eval.eval_id
                else f"an earlier attempt ({earlier.status}) of the same run"
            )
            result.superseded.append(f"{other}: {why}, superseded by {file}")
    return result


def _finished(log: EvalLog) -> bool:
    return log.status == "success" and log.results is not None


def _when(log: EvalLog) -> str:
    return (log.stats.completed_at if log.stats else None) or log.eval.created or ""


def model_labels(logs: list[EvalLog]) -> list[str]:
    """Column labels: the model name, plus the task arguments that differ where a model repeats."""
    models = [log.eval.model for log in logs]
    labels = list(models)
    for index, log in enumerate(logs):
        twins = [other for other in logs if other.eval.model == log.eval.model]
        if len(twins) == 1:
            continue
        keys = sorted({key for twin in twins for key in twin.eval.task_args})
        differing = [k for k in keys if len({repr(t.eval.task_args.get(k)) for t in twins}) > 1]
        args = ", ".join(f"{k}={log.eval.task_args.get(k)}" for k in differing)
        labels[index] = f"{log.eval.model} ({args or log.eval.eval_id[:8]})"
    return labels


def log_metrics(log: EvalLog) -> dict[str, float]:
    """Every metric of a log by name (the task has one scorer)."""
    assert log.results is not None
    return {name: m.value for score in log.results.scores for name, m in score.metrics.items()}


def fmt(number: float | None) -> str:
    """A fraction as a percentage with one decimal; "–" for a missing or undefined value."""
    return "–" if number is None or number != number else f"{100 * number:.1f}"

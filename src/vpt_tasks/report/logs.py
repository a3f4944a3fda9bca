"""Finding and reading the eval logs a report is made of.

Only Inspect's own log API is used (`list_eval_logs`, `read_eval_log`).
Logs that cannot be reported — not an eval log, unfinished, failed, or of a
task no section handles — are skipped with a one-line reason each, so one bad
file in a directory does not hide the others.
"""

from __future__ import annotations

import functools
import os
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from inspect_ai.log import EvalLog, list_eval_logs, read_eval_log

from vpt_tasks.report.provenance import coverage, model_labels, run_table
from vpt_tasks.report.text import estimate, fmt, markdown, plain

__all__ = [
    "LoadedLogs",
    "coverage",
    "estimate",
    "fmt",
    "load_logs",
    "log_details",
    "log_metrics",
    "markdown",
    "model_labels",
    "ordered",
    "per_log",
    "plain",
    "run_table",
    "sample_scores",
]

if TYPE_CHECKING:
    from inspect_ai.scorer import SampleScore


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


def is_vpt_task(log: EvalLog) -> bool:
    """Whether the log is of a task of this package (registered as `vpt_tasks/<name>`), not a
    user's own task that happens to have the same name."""
    return (log.eval.task_registry_name or log.eval.task or "").startswith("vpt_tasks/")


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
        if not is_vpt_task(log):
            result.skipped.append(
                f"{file}: task '{log.eval.task}' is not a vpt_tasks task (registered as "
                f"'{log.eval.task_registry_name or log.eval.task}', not vpt_tasks/{name})"
            )
            continue
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
            result.skipped.append(f"{file}: {_why_unfinished(log)}")
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


def _why_unfinished(log: EvalLog) -> str:
    """Why a log is not reported, in the words of what happened to the run."""
    if log.status == "started":
        return "the eval is still running (or was killed); report it when it has finished"
    if log.status == "cancelled":
        return "the eval was cancelled; `inspect eval-retry` finishes it"
    if log.status == "error":
        return "the eval ended in an error; `inspect eval-retry` finishes it"
    if log.status == "success":  # finished, but nothing was scored
        return (
            "the eval finished but scored no sample (every sample errored?); see the log with "
            "`inspect view` and re-run it, or `inspect eval-retry` it"
        )
    return f"the eval is '{log.status}'; rerun it or use `inspect eval-retry`"


def _when(log: EvalLog) -> str:
    return (log.stats.completed_at if log.stats else None) or log.eval.created or ""


def _roles(log: EvalLog) -> str:
    """The run's model roles (the grader, ...) as a sortable text: role -> model and args."""
    roles = log.eval.model_roles or {}
    return repr(
        sorted(
            (role, repr([(getattr(m, "model", m), getattr(m, "args", None)) for m in bound]))
            for role, value in roles.items()
            for bound in [value if isinstance(value, list) else [value]]
        )
    )


def ordered(logs: Iterable[EvalLog]) -> list[EvalLog]:
    """Logs in the order every section shows them: by model, then its roles (the grader),
    then arguments, then date (runs made within one second keep one order)."""
    return sorted(
        logs,
        key=lambda log: (
            log.eval.model,
            _roles(log),
            repr(sorted((k, repr(v)) for k, v in log.eval.task_args.items())),
            log.eval.created or "",
        ),
    )


def log_metrics(log: EvalLog) -> dict[str, float]:
    """Every metric of a log by name (the task has one scorer)."""
    assert log.results is not None
    return {name: m.value for score in log.results.scores for name, m in score.metrics.items()}


def sample_scores(
    log: EvalLog, scorer: str | None = None, *, epochs: bool = False
) -> list[SampleScore]:
    """The per-sample scores of a log as its metrics saw them, streamed from the log file.

    One `SampleScore` per sample (epochs of a sample averaged, as Inspect's default
    reducer does), with the sample's metadata; `scorer` picks one of several scorers;
    `epochs=True` gives one per sample and epoch, unreduced (what a metric declared
    with `scores="unreduced"` sees).

    The light read of a local log is kept for the next call (`_KEEP_SAMPLES`), so a
    report that asks for the same log's scores several times in a row reads it once.
    """
    found = _scores(log, scorer)
    if epochs:
        return list(found)
    return _reduce(found)


def _stamp(location: str) -> tuple[int, int] | None:
    """(modification time in ns, size) of a local log (a path or a `file://` URI); None for a
    remote log, whose reads are not cached."""
    path = location.removeprefix("file://")
    if "://" in path:
        return None
    try:
        found = os.stat(path)
    except OSError:  # not a local file: no caching across calls
        return None
    return found.st_mtime_ns, found.st_size


_KEEP_SAMPLES = 20_000
"""Sample scores kept in memory across calls, over the most recently read logs (at least
the last log, whatever its size): a report reads each log's scores once while it computes
that log's numbers, then keeps only what its tables need (`per_log`), so memory does not
grow with the number of logs."""

_kept: OrderedDict[tuple[str, str | None, tuple[int, int]], tuple[Any, ...]] = OrderedDict()


def _scores(log: EvalLog, scorer: str | None) -> tuple[Any, ...]:
    """Unreduced sample scores of a log file: from the last reads if the file is unchanged."""
    location = log.location
    keys = _listed(log)
    stamp = _stamp(location)
    if stamp is None:
        return _read_sample_scores(location, scorer, keys)
    key = (location, scorer, stamp)
    if key in _kept:
        _kept.move_to_end(key)
        return _kept[key]
    found = _read_sample_scores(location, scorer, keys)
    _kept[key] = found
    total = sum(len(kept) for kept in _kept.values())
    while len(_kept) > 1 and total > _KEEP_SAMPLES:
        total -= len(_kept.popitem(last=False)[1])
    return found


def clear_caches() -> None:
    """Forget every kept read and product (tests; a long-lived process between reports)."""
    _kept.clear()
    _products.clear()


_LIGHT = {"messages", "events", "attachments", "store", "output", "model_usage", "role_usage"}
"""Sample fields a score reader does not need (most of a sample's bytes)."""

_BATCH = 500
"""Samples read per call: bounds memory on large logs (COMFORT-CAR has 17,760)."""


def _light_samples(location: str, keys: list[tuple[str | int, int]] | None = None) -> Iterable[Any]:
    """The samples of a log without their messages and events, read a batch at a time.

    Inspect's `read_eval_log_samples` opens the file again for every sample
    (about 6 ms each); reading by id shares one reader. A local file is read one
    sample at a time (concurrent reads of a local zip contend for the same two
    cores and measured slower: 1.5 vs 2.0 ms per sample); a remote one with
    Inspect's default concurrency. Logs whose samples cannot be listed (an
    unfinished `.json` log, say) are streamed instead.
    """
    from inspect_ai.log import (
        read_eval_log_sample_summaries,
        read_eval_log_samples,
        read_eval_log_samples_by_id,
    )

    if keys is None:
        try:
            keys = [(s.id, s.epoch) for s in read_eval_log_sample_summaries(location)]
        except Exception:  # noqa: BLE001 - any unreadable summary: fall back to streaming
            yield from read_eval_log_samples(location, all_samples_required=False)
            return
    concurrency = 1 if _stamp(location) is not None else 8
    for start in range(0, len(keys), _BATCH):
        yield from read_eval_log_samples_by_id(
            location,
            keys[start : start + _BATCH],
            exclude_fields=_LIGHT,
            concurrency=concurrency,
        )


def _listed(log: EvalLog) -> list[tuple[str | int, int]] | None:
    """(id, epoch) of every sample as the log's header lists them (its dataset's sample ids
    times its epochs), or None when the header does not list them."""
    ids = log.eval.dataset.sample_ids if log.eval.dataset else None
    if not ids:
        return None
    epochs = log.eval.config.epochs or 1
    return [(id, epoch) for id in ids for epoch in range(1, epochs + 1)]


def _read_sample_scores(
    location: str, scorer: str | None, keys: list[tuple[str | int, int]] | None = None
) -> tuple[Any, ...]:
    """One `SampleScore` per sample and epoch, grouped by sample in first-seen order.

    `keys` (the samples the header lists) spare the sample summaries' read, a fifth of the
    time of a light read; when one of them is not in the file (an eval that logged no
    samples, say), the samples are listed from the summaries instead.
    """
    if keys is not None:
        try:
            return _scores_of(_light_samples(location, keys), scorer)
        except Exception:  # noqa: BLE001 - the header's list is not the file's: ask the file
            pass
    return _scores_of(_light_samples(location), scorer)


def _scores_of(samples: Iterable[Any], scorer: str | None) -> tuple[Any, ...]:
    from inspect_ai.scorer import SampleScore

    by_sample: dict[object, list[SampleScore]] = {}
    for sample in samples:
        if not sample.scores:
            continue
        score = sample.scores.get(scorer) if scorer else next(iter(sample.scores.values()))
        if score is not None:
            by_sample.setdefault(sample.id, []).append(
                SampleScore(score=score, sample_id=sample.id, sample_metadata=sample.metadata)
            )
    return tuple(score for epochs in by_sample.values() for score in epochs)


def _reduce(scores: Iterable[SampleScore]) -> list[SampleScore]:
    """One score per sample: its epochs averaged (`_reduced`), in first-seen order."""
    by_sample: dict[object, list[SampleScore]] = {}
    for score in scores:
        by_sample.setdefault(score.sample_id, []).append(score)
    return [_reduced(epochs) for epochs in by_sample.values()]


def _reduced(epochs: list[SampleScore]) -> SampleScore:
    values = [e.score.value for e in epochs]
    numbers = [float(v) for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
    if len(epochs) == 1 or len(numbers) != len(values):
        return epochs[0]
    first = epochs[0]
    mean = sum(numbers) / len(numbers)
    return first.model_copy(update={"score": first.score.model_copy(update={"value": mean})})


_products: dict[tuple[Any, ...], Any] = {}

P = ParamSpec("P")
R = TypeVar("R")


def per_log(compute: Callable[Concatenate[EvalLog, P], R]) -> Callable[Concatenate[EvalLog, P], R]:
    """`compute(log, *args)` computed once per log file (and arguments), then kept.

    For the small things a report needs from a log's samples (its numbers, its paired
    units, a section's curves): the report computes them while the log's scores are
    in memory, once per log, and drops the scores; a later call returns the kept
    result. A file that changed (its time or size) is computed again; remote logs
    are not kept.
    """
    name = f"{compute.__module__}.{compute.__qualname__}"

    @functools.wraps(compute)
    def kept(log: EvalLog, *args: P.args, **kwargs: P.kwargs) -> R:
        stamp = _stamp(log.location) if log.location else None
        if stamp is None:
            return compute(log, *args, **kwargs)
        key = (name, log.location, stamp, args, tuple(sorted(kwargs.items())))
        if key not in _products:
            _products[key] = compute(log, *args, **kwargs)
        return _products[key]

    return kept


@per_log
def _details(log: EvalLog) -> dict[str, float]:
    from vpt_tasks.benchmarks import find_task

    found = find_task(task_name(log))
    if found is None:
        return {}
    compute = import_module(found[1].metrics).details
    return dict(compute(sample_scores(log)))


def paired_units_of(log: EvalLog) -> list[Any]:
    """The benchmark's paired units of a log (the `paired_units` of its descriptor's metrics)."""
    return list(_paired_units(log))


@per_log
def _paired_units(log: EvalLog) -> tuple[Any, ...]:
    from vpt_tasks.benchmarks import find_task

    found = find_task(task_name(log))
    if found is None:
        return ()
    return tuple(import_module(found[1].metrics).paired_units(sample_scores(log)))


def log_details(log: EvalLog) -> dict[str, float]:
    """Every number of a log: its metrics, and the benchmark's detailed numbers.

    The printed metrics of a task are a handful (the task's headline first); the
    detailed ones (confidence bounds, chance levels, counts, every slice) are computed
    from the log's samples by the benchmark's `metrics.details`, the same functions
    the task's metrics use, so a report shows exactly what the run scored.
    """
    return {**_details(log), **log_metrics(log)}

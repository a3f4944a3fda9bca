"""`vpt-tasks report LOG_OR_DIR... --out DIR`: tables and figures from eval logs.

Which tasks have a section, and the function that renders it, come from the
list of benchmarks (`vpt_tasks.benchmarks`): each benchmark's `report.py`
renders its own section with the helpers of this package.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from importlib import import_module
from pathlib import Path
from typing import Any

from vpt_tasks.benchmarks import load, task_entries
from vpt_tasks.report.logs import load_logs, log_details, model_labels, ordered, plain
from vpt_tasks.report.paired import render_paired
from vpt_tasks.report.progress import progress
from vpt_tasks.report.provenance import provenance
from vpt_tasks.report.text import as_number


def _finite(value: Any) -> Any:
    """`value` with every non-finite float (a NaN task argument, an undefined metric) as None."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def _record(task: str, label: str, log: Any) -> dict[str, Any]:
    """One log's machine-readable record (raises if the log cannot be reported)."""
    numbers = {
        k: as_number(k, v) if isinstance(v, int | float) else None
        for k, v in log_details(log).items()
    }
    record = {
        "task": task,
        "label": label,
        "model": log.eval.model,
        "log": log.location,
        "task_args": _finite(log.eval.task_args),
        **_finite(provenance(log)),
        "task_version": log.eval.task_version,
        "source": _finite((log.eval.metadata or {}).get("source")),
        "packages": log.eval.packages,
        "created": log.eval.created,
        "metrics": numbers,
    }
    json.dumps(record, allow_nan=False, default=str)  # what report.json will hold
    return record


def reportable(by_task: dict[str, list[Any]]) -> tuple[dict[str, list[Any]], list[str]]:
    """The logs every section can read, and a reason for each one it cannot.

    A log is read once here, lightly (its sample scores, without messages, events
    and images), and everything the report needs from its samples is computed
    while they are in memory: its numbers and its record, its paired units if it
    is half of a paired comparison, the rules-vs-grader disagreements of a
    `grader=both` run, and what its section keeps per log (the section module's
    `prepare(log)`, e.g. COMFORT's curves). Then the scores may be let go (only the
    last logs' are kept, `report.logs._KEEP_SAMPLES`), so a report's memory does not
    grow with the number of logs and its time grows linearly with them.
    A log that fails -- a corrupt sample, a value no table can hold -- is left out
    of the report with its reason, and the other logs are reported.
    """
    from vpt_tasks.report.paired import paired_runs

    kept: dict[str, list[Any]] = {}
    skipped: list[str] = []
    total = sum(len(logs) for logs in by_task.values())
    with progress(total, "reading logs") as advance:
        for task, logs in by_task.items():
            paired = {id(log) for pair in paired_runs(logs) for log in pair}
            for log in logs:
                advance(Path(str(log.location)).name)
                try:
                    record = _record(task, "", log)
                except Exception as error:  # noqa: BLE001 - one bad log must not lose the report
                    skipped.append(
                        f"{log.location}: cannot be reported ({type(error).__name__}: {error})"
                    )
                    continue
                _prepare(task, log, record, paired=id(log) in paired)
                kept.setdefault(task, []).append(log)
    return kept, skipped


def _prepare(task: str, log: Any, record: dict[str, Any], *, paired: bool) -> None:
    """Compute, while the log's scores are in memory, what the report will ask of its samples.

    Everything here is kept per log (`report.logs.per_log`); a failure is left for the
    section to report when it asks again (a section that fails loses only itself).
    """
    from vpt_tasks.report.logs import paired_units_of
    from vpt_tasks.report.readings import rules_disagreements

    steps: list[Any] = []
    if paired:
        steps.append(paired_units_of)
    if record["metrics"].get("rules_compared"):
        steps.append(rules_disagreements)
    try:
        module = import_module(sections()[task].partition(":")[0])
    except Exception:  # noqa: BLE001 - the section reports it when it is rendered
        module = None
    prepare = getattr(module, "prepare", None)
    if prepare is not None:
        steps.append(prepare)
    for step in steps:
        try:
            step(log)
        except Exception:  # noqa: BLE001 - reported by the section that needs it
            continue


def report_numbers(by_task: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """Every number of every reported log, machine-readable (`report.json`).

    One record per log: where it came from (model and its `-M` arguments, the grader and
    other model roles, data source and revision, task arguments as given and those ignored,
    samples scored of the data's, versions, date), its printed metrics and the benchmark's
    detailed numbers (`log_details`); undefined values are null, counts integers.
    """
    return [
        _record(task, plain(label), log)
        for task, logs in sorted(by_task.items())
        for label, log in zip(model_labels(logs), logs, strict=True)
    ]


def sections() -> dict[str, str]:
    """Task name -> `module:function` rendering its section (`function(logs, out) -> lines`)."""
    return {entry.name: entry.report for _, entry in task_entries()}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "logs", nargs="+", help="eval log files or directories (searched recursively)"
    )
    parser.add_argument(
        "--out", required=True, type=Path, help="directory for report.md and the PNG figures"
    )


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except OSError as error:  # --out read-only, the disk full: one line, no traceback
        where = error.filename or args.out
        print(f"vpt-tasks report: cannot write {where}: {error.strerror or error}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.out.exists() and not args.out.is_dir():
        print(
            f"vpt-tasks report: --out {args.out} is a file; give a directory for report.md "
            "and the figures.",
            file=sys.stderr,
        )
        return 2
    renderers = sections()
    # headers only: sections that plot per-sample values stream the samples themselves
    loaded = load_logs(args.logs, renderers, header_only=True)
    for reason in loaded.skipped:
        print(f"skipped {reason}", file=sys.stderr)
    for reason in loaded.superseded:
        print(f"superseded {reason}", file=sys.stderr)
    by_task, unreadable = reportable(loaded.by_task)
    for reason in unreadable:
        print(f"skipped {reason}", file=sys.stderr)
    loaded.skipped += unreadable
    if not by_task:
        print("vpt-tasks report: no reportable logs (see the reasons above).", file=sys.stderr)
        return 1
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(
            f"vpt-tasks report: cannot create --out {args.out}: {error.strerror}", file=sys.stderr
        )
        return 2
    by_task = {task: ordered(logs) for task, logs in by_task.items()}
    lines = ["# vpt_tasks report", ""]
    failed = []
    with progress(len(by_task), "writing sections") as advance:
        for task, logs in sorted(by_task.items()):
            advance(task)
            try:
                lines += load(renderers[task])(logs, args.out)
            except OSError:
                raise
            except Exception as error:  # noqa: BLE001 - the other sections are still reported
                failed.append(task)
                lines += [
                    f"## {task}",
                    "",
                    f"This section could not be rendered ({type(error).__name__}: {error}).",
                    "",
                ]
                print(f"vpt-tasks report: the {task} section failed: {error}", file=sys.stderr)
            lines.append("")
    lines += render_paired(by_task)
    lines += load("vpt_tasks.grader_check.calibration:rules_errors_section")(by_task)
    lines += load("vpt_tasks.grader_check.calibration:expected_errors_section")(by_task)
    numbers = args.out / "report.json"
    numbers.write_text(
        json.dumps(report_numbers(by_task), indent=1, allow_nan=False, default=str) + "\n"
    )
    if loaded.superseded:
        lines += ["## Superseded logs", ""] + [f"- {reason}" for reason in loaded.superseded]
        lines.append("")
    if loaded.skipped:
        lines += ["## Skipped logs", ""] + [f"- {reason}" for reason in loaded.skipped]
    report = args.out / "report.md"
    report.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {report} and {numbers}")
    return 1 if failed else 0

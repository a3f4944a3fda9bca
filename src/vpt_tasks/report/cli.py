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
from pathlib import Path
from typing import Any

from vpt_tasks.benchmarks import load, task_entries
from vpt_tasks.report.logs import load_logs, log_details, model_labels, ordered
from vpt_tasks.report.paired import render_paired


def report_numbers(by_task: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """Every number of every reported log, machine-readable (`report.json`).

    One record per log: where it came from, its printed metrics and the
    benchmark's detailed numbers (`log_details`); undefined values are null.
    """
    records = []
    for task, logs in sorted(by_task.items()):
        for label, log in zip(model_labels(logs), logs, strict=True):
            numbers = {
                k: (v if isinstance(v, int | float) and math.isfinite(v) else None)
                for k, v in log_details(log).items()
            }
            records.append(
                {
                    "task": task,
                    "label": label,
                    "model": log.eval.model,
                    "log": log.location,
                    "task_args": log.eval.task_args,
                    "task_version": log.eval.task_version,
                    "source": (log.eval.metadata or {}).get("source"),
                    "packages": log.eval.packages,
                    "created": log.eval.created,
                    "metrics": numbers,
                }
            )
    return records


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
    if not loaded.by_task:
        print("vpt-tasks report: no reportable logs (see the reasons above).", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    by_task = {task: ordered(logs) for task, logs in loaded.by_task.items()}
    lines = ["# vpt_tasks report", ""]
    for task, logs in sorted(by_task.items()):
        lines += load(renderers[task])(logs, args.out)
        lines.append("")
    lines += render_paired(by_task)
    numbers = args.out / "report.json"
    numbers.write_text(json.dumps(report_numbers(by_task), indent=1, allow_nan=False) + "\n")
    if loaded.superseded:
        lines += ["## Superseded logs", ""] + [f"- {reason}" for reason in loaded.superseded]
        lines.append("")
    if loaded.skipped:
        lines += ["## Skipped logs", ""] + [f"- {reason}" for reason in loaded.skipped]
    report = args.out / "report.md"
    report.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {report} and {numbers}")
    return 0

"""`vpt-tasks report LOG_OR_DIR... --out DIR`: tables and figures from eval logs.

Which tasks have a section, and the function that renders it, come from the
list of benchmarks (`vpt_tasks.benchmarks`): each benchmark's `report.py`
renders its own section with the helpers of this package.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from vpt_tasks.benchmarks import load, task_entries
from vpt_tasks.report.logs import load_logs


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
    lines = ["# vpt_tasks report", ""]
    for task, logs in sorted(loaded.by_task.items()):
        lines += load(renderers[task])(logs, args.out)
        lines.append("")
    if loaded.superseded:
        lines += ["## Superseded logs", ""] + [f"- {reason}" for reason in loaded.superseded]
        lines.append("")
    if loaded.skipped:
        lines += ["## Skipped logs", ""] + [f"- {reason}" for reason in loaded.skipped]
    report = args.out / "report.md"
    report.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {report}")
    return 0

"""`vpt-tasks report LOG_OR_DIR... --out DIR`: tables and figures from eval logs."""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from vpt_tasks.report.logs import load_logs

SECTIONS: dict[str, str] = {
    # task name: "module:function" with function(logs, out) -> markdown lines
    "comfort_ball": "vpt_tasks.report.comfort:render_ball",
    "comfort_car": "vpt_tasks.report.comfort:render_car",
    "isle_brick": "vpt_tasks.report.isle_brick:render",
    "isle_brick_v1": "vpt_tasks.report.isle_v1:render_bricks",
    "isle_dots": "vpt_tasks.report.isle_v1:render_dots",
    "omni_perspective": "vpt_tasks.report.omni_perspective:render",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "logs", nargs="+", help="eval log files or directories (searched recursively)"
    )
    parser.add_argument(
        "--out", required=True, type=Path, help="directory for report.md and the PNG figures"
    )


def run(args: argparse.Namespace) -> int:
    # headers only: sections that plot per-sample values stream the samples themselves
    loaded = load_logs(args.logs, SECTIONS, header_only=True)
    for reason in loaded.skipped:
        print(f"skipped {reason}", file=sys.stderr)
    if not loaded.by_task:
        print("vpt-tasks report: no reportable logs (see the reasons above).", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    lines = ["# vpt_tasks report", ""]
    for task, logs in sorted(loaded.by_task.items()):
        module, function = SECTIONS[task].split(":")
        lines += getattr(importlib.import_module(module), function)(logs, args.out)
        lines.append("")
    if loaded.skipped:
        lines += ["## Skipped logs", ""] + [f"- {reason}" for reason in loaded.skipped]
    report = args.out / "report.md"
    report.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {report}")
    return 0

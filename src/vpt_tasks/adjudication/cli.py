"""`vpt-tasks adjudicate`: the sheet and page of the answers to decide; `--apply` the decisions."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from vpt_tasks.adjudication.errors import AdjudicationError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("logs", nargs="+", help="eval log files or directories")
    parser.add_argument("--out", type=Path, help="directory for index.html, sheet.csv, images/")
    parser.add_argument(
        "--apply",
        type=Path,
        metavar="SHEET",
        action="append",
        help="apply a filled-in sheet to the logs; give --apply once per annotator's sheet",
    )
    parser.add_argument(
        "--resolve",
        type=Path,
        metavar="SHEET",
        help="with two or more --apply sheets: the sheet deciding the rows they disagree on",
    )


def _export(args: argparse.Namespace) -> int:
    from vpt_tasks.adjudication.page import write_page
    from vpt_tasks.adjudication.rows import collect
    from vpt_tasks.adjudication.sheet import write_sheet

    out: Path = args.out
    if out.exists() and not out.is_dir():
        raise AdjudicationError(f"--out {out} is a file; give a directory.")
    rows = collect(args.logs, out)
    out.mkdir(parents=True, exist_ok=True)
    sheet = write_sheet(rows, out / "sheet.csv")
    page = write_page(rows, out / "index.html")
    print(f"{len(rows)} answers to decide: open {page} (or fill in {sheet})")
    return 0


def _apply(args: argparse.Namespace) -> int:
    from vpt_tasks.adjudication.apply import apply

    outcome = apply(list(args.apply), args.logs, resolve=args.resolve)
    for line in outcome.skipped:
        print(line, file=sys.stderr)
    for line in outcome.agreement_lines():
        print(line)
    for file, count in outcome.applied.items():
        same = outcome.unchanged.get(file, 0)
        print(
            f"{file}: {count} answers adjudicated"
            + (", metrics recomputed" if count else "")
            + (f"; {same} already so (unchanged)" if same else "")
        )
    if not outcome.applied:
        print("no row of the sheet has a decision: nothing applied")
    return 0


def run(args: argparse.Namespace) -> int:
    try:
        if args.resolve is not None and not args.apply:
            raise AdjudicationError("--resolve needs the annotators' sheets: --apply SHEET ...")
        if args.apply:
            return _apply(args)
        if args.out is None:
            raise AdjudicationError("give --out SHEET_DIR (or --apply SHEET).")
        return _export(args)
    except AdjudicationError as error:
        print(f"vpt-tasks adjudicate: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"vpt-tasks adjudicate: {error.filename or ''}: {error.strerror}", file=sys.stderr)
        return 2

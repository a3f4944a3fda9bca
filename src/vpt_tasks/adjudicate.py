"""`vpt-tasks adjudicate`: a human decides the answers no rule could settle -- the papers' protocol.

The papers' own numbers rest on human reading (Isle-Brick-V2's answer components
were extracted by two annotators; the Isle v1 paper checked every "Unknown" by
hand). This command gives a researcher the same step for any run:

    vpt-tasks adjudicate LOG_OR_DIR... --out SHEET_DIR
        writes SHEET_DIR/sheet.csv (one row per answer to decide) and SHEET_DIR/index.html
        (the same rows with the image as a thumbnail, to read them by);
    vpt-tasks adjudicate --apply SHEET_DIR/sheet.csv LOG_OR_DIR...
        re-scores the rows whose `decision` is filled in, records who decided
        (`decided_by: human`, the annotator, the note) and recomputes the log's metrics.

Rows: every answer nobody decided (`undecided`), every answer the grader decided,
and every answer on which the rules and the grader disagreed (`-T grader=both`) --
the scorer kinds that read free text (option mapping, merge match, set precision).
A decision is an option letter (`Z`: the answer picks no option) or, for answer
components, the components separated by commas (`-`: no usable answer).

Applying uses Inspect's own score editing (`inspect_ai.log.edit_score`, with the
annotator as the edit's provenance, so the score keeps its history) and writes the
log back with `write_eval_log`; every row is checked before anything is written.
"""

from __future__ import annotations

import argparse
import base64
import csv
import html
import io
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vpt_tasks.scorers import answer_mapping, merge_match, set_precision
from vpt_tasks.scorers.options import NO_OPTION

COLUMNS = (
    "log",
    "sample_id",
    "epoch",
    "score",
    "question",
    "options",
    "answer",
    "proposed",
    "decided_by",
    "why",
    "image",
    "decision",
    "annotator",
    "note",
)
"""The sheet's columns; a researcher fills in `decision`, `annotator` and `note`."""
KINDS = (answer_mapping.KIND, merge_match.KIND, set_precision.KIND)
NO_COMPONENTS = "-"
THUMBNAIL = 320


class AdjudicationError(ValueError):
    """A sheet or log that cannot be applied; nothing was written."""


@dataclass(frozen=True)
class Row:
    """One answer to decide, as the sheet shows it."""

    values: dict[str, str]


# --------------------------------------------------------------------------
# collecting the answers to decide


def _log_files(paths: Iterable[str]) -> list[Path]:
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            files += sorted(p for p in path.rglob("*") if p.suffix in (".eval", ".json"))
        elif path.exists():
            files.append(path)
        else:
            raise AdjudicationError(f"{path}: no such log file or directory.")
    if not files:
        raise AdjudicationError("no eval logs (.eval or .json) found in the paths given.")
    return files


def needs_a_human(metadata: dict[str, Any]) -> bool:
    """Undecided, read by the grader, or read differently by the rules beside the grader."""
    if metadata.get("kind") not in KINDS:
        return False
    decided_by = metadata.get("decided_by")
    return decided_by in ("undecided", "grader") or (
        metadata.get("rules_reading") is not None
        and metadata.get("rules_reading") != metadata.get("reading")
    )


def _question(sample: Any) -> str:
    meta = sample.metadata or {}
    if meta.get("question"):
        return str(meta["question"])
    texts = []
    for message in sample.input if isinstance(sample.input, list) else []:
        content = message.content
        if isinstance(content, str):
            texts.append(content)
        else:
            texts += [part.text for part in content if getattr(part, "type", "") == "text"]
    return "\n".join(texts) if texts else str(sample.input)


def _options(sample: Any, metadata: dict[str, Any]) -> str:
    if metadata.get("kind") == set_precision.KIND:
        vocabulary = metadata.get("vocabulary") or {}
        words = list(vocabulary.get("options") or [])
        if vocabulary.get("any_digits"):
            words.append("any count in digits")
        return ", ".join(words) + (f"; {NO_COMPONENTS} for none" if words else NO_COMPONENTS)
    options = (sample.metadata or {}).get("options") or {
        chr(ord("A") + i): text for i, text in enumerate(sample.choices or [])
    }
    return " | ".join(f"{k}. {v}" for k, v in options.items()) + f" | {NO_OPTION}. no option"


def _image_bytes(sample: Any) -> bytes | None:
    """The first image of the sample's question, from the log (data URI, attachment or file)."""
    for message in sample.input if isinstance(sample.input, list) else []:
        for part in message.content if not isinstance(message.content, str) else []:
            if getattr(part, "type", "") != "image":
                continue
            image = str(part.image)
            if image.startswith("attachment://"):
                image = str((sample.attachments or {}).get(image.removeprefix("attachment://"), ""))
            if image.startswith("data:") and "," in image:
                return base64.b64decode(image.split(",", 1)[1])
            if image and Path(image).is_file():
                return Path(image).read_bytes()
    return None


def _thumbnail(data: bytes, target: Path) -> bool:
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as picture:
            picture.thumbnail((THUMBNAIL, THUMBNAIL))
            picture.convert("RGB").save(target, format="PNG")
        return True
    except (OSError, ValueError):
        return False


def collect(paths: Iterable[str], out: Path) -> list[Row]:
    """The answers of the logs that need a human, with their thumbnails written to `out/images`."""
    from inspect_ai.log import read_eval_log

    rows: list[Row] = []
    images = out / "images"
    for file in _log_files(paths):
        try:
            log = read_eval_log(str(file))
        except Exception as error:  # noqa: BLE001 - any unreadable file is reported, not fatal
            print(f"skipped {file}: not a readable eval log ({error})", file=sys.stderr)
            continue
        for sample in log.samples or []:
            for name, score in (sample.scores or {}).items():
                metadata = score.metadata or {}
                if not needs_a_human(metadata):
                    continue
                image = ""
                data = _image_bytes(sample)
                if data is not None:
                    images.mkdir(parents=True, exist_ok=True)
                    target = images / f"{len(rows):05d}.png"
                    if _thumbnail(data, target):
                        image = str(target.relative_to(out))
                proposed = metadata.get("reading")
                if isinstance(proposed, list):
                    proposed = ", ".join(proposed) or NO_COMPONENTS
                beside = metadata.get("rules_reading")
                if isinstance(beside, list):
                    beside = ", ".join(beside) or NO_COMPONENTS
                why = str(metadata.get("why") or "")
                if beside is not None and metadata.get("decided_by") == "grader":
                    why += f" (rules read {beside})"
                output = sample.output.completion if sample.output else ""
                rows.append(
                    Row(
                        {
                            "log": str(file),
                            "sample_id": str(sample.id),
                            "epoch": str(sample.epoch),
                            "score": name,
                            "question": _question(sample),
                            "options": _options(sample, metadata),
                            "answer": output,
                            "proposed": "" if proposed is None else str(proposed),
                            "decided_by": str(metadata.get("decided_by") or ""),
                            "why": why,
                            "image": image,
                            "decision": "",
                            "annotator": "",
                            "note": "",
                        }
                    )
                )
    return rows


def write_sheet(rows: list[Row], out: Path) -> tuple[Path, Path]:
    """`sheet.csv` to fill in and `index.html` to read it with the pictures."""
    out.mkdir(parents=True, exist_ok=True)
    sheet = out / "sheet.csv"
    with sheet.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(row.values for row in rows)
    cells = []
    for number, row in enumerate(rows, start=1):
        v = {k: html.escape(value) for k, value in row.values.items()}
        picture = f'<img src="{v["image"]}" alt="">' if v["image"] else "(no image in the log)"
        cells.append(
            f"<tr><td>{number}</td><td>{picture}</td><td><b>{v['sample_id']}</b> "
            f"({v['score']})<br>{v['question']}<br><i>{v['options']}</i></td>"
            f"<td><pre>{v['answer']}</pre></td><td>{v['proposed']}<br><small>{v['decided_by']}: "
            f"{v['why']}</small></td></tr>"
        )
    page = out / "index.html"
    page.write_text(
        "<!doctype html><meta charset='utf-8'><title>vpt-tasks adjudication</title>"
        "<style>td{vertical-align:top;border-top:1px solid #ccc;padding:6px}"
        "pre{white-space:pre-wrap;max-width:40em}</style>"
        f"<h1>{len(rows)} answers to decide</h1><p>Fill in the <code>decision</code> column of "
        "<code>sheet.csv</code> (row numbers match), then run <code>vpt-tasks adjudicate --apply "
        "sheet.csv LOGS</code>.</p><table><tr><th>#</th><th>image</th><th>question</th>"
        "<th>answer</th><th>proposed</th></tr>" + "".join(cells) + "</table>\n",
        encoding="utf-8",
    )
    return sheet, page


# --------------------------------------------------------------------------
# applying the decisions


def _parse_decision(text: str, metadata: dict[str, Any], sample: Any) -> Any:
    """The reading a decision stands for, checked against what the sample allows."""
    kind = metadata.get("kind")
    if kind == set_precision.KIND:
        if text.strip() == NO_COMPONENTS:
            return []
        components = sorted({part.strip().lower() for part in text.split(",") if part.strip()})
        vocabulary = metadata.get("vocabulary") or {}
        allowed = set(vocabulary.get("options") or [])
        for component in components:
            if (
                allowed
                and component not in allowed
                and not (vocabulary.get("any_digits") and component.isdigit())
            ):
                raise ValueError(
                    f"{component!r} is not one of {sorted(allowed)}"
                    + (" or a count" if vocabulary.get("any_digits") else "")
                )
        return components
    letter = text.strip().upper()
    options = (sample.metadata or {}).get("options") or {
        chr(ord("A") + i): t for i, t in enumerate(sample.choices or [])
    }
    if letter != NO_OPTION and letter not in options:
        raise ValueError(f"{text!r} is not an option letter ({', '.join(options)}) or {NO_OPTION}")
    return letter


def _rescored(reading: Any, metadata: dict[str, Any], sample: Any) -> Any:
    kind = metadata["kind"]
    if kind == answer_mapping.KIND:
        return answer_mapping.scored_letter(reading, sample.metadata or {})
    if kind == merge_match.KIND:
        return merge_match.scored_letter(reading, str(sample.target))
    gold = sample.target if isinstance(sample.target, list) else [sample.target]
    answer = set_precision.final_answer(sample.output.completion if sample.output else "")
    return set_precision.scored_components(reading, gold, answer)


def apply(sheet: Path, paths: Iterable[str]) -> dict[str, int]:
    """Re-score the decided rows of `sheet` in the logs; returns edits per log file."""
    from inspect_ai.log import ProvenanceData, edit_score, read_eval_log, write_eval_log
    from inspect_ai.scorer import ScoreEdit

    import vpt_tasks._registry  # noqa: F401 - the scorers' metrics, to recompute them

    try:
        with sheet.open(newline="", encoding="utf-8") as handle:
            rows = [row for row in csv.DictReader(handle) if (row.get("decision") or "").strip()]
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise AdjudicationError(f"{sheet}: cannot read the sheet ({error}).") from None
    if rows and not set(COLUMNS) <= set(rows[0]):
        raise AdjudicationError(f"{sheet}: not a vpt-tasks adjudication sheet (columns missing).")
    files = {str(file.resolve()): file for file in _log_files(paths)}
    by_log: dict[str, list[dict[str, str]]] = defaultdict(list)
    for row in rows:
        key = str(Path(row["log"]).resolve())
        if key not in files:
            raise AdjudicationError(
                f"{sheet}: row for sample {row['sample_id']} names the log {row['log']}, which is "
                "not among the logs given; pass it (or its directory) too."
            )
        by_log[key].append(row)
    planned = []
    problems = []
    for key, log_rows in by_log.items():
        log = read_eval_log(str(files[key]))
        samples = {(str(s.id), str(s.epoch)): s for s in log.samples or []}
        edits = []
        for row in log_rows:
            sample = samples.get((row["sample_id"], row["epoch"]))
            score = (sample.scores or {}).get(row["score"]) if sample else None
            if sample is None or score is None:
                problems.append(
                    f"{row['log']}: no sample {row['sample_id']} (epoch {row['epoch']}) "
                    f"with a score {row['score']!r}"
                )
                continue
            metadata = dict(score.metadata or {})
            try:
                reading = _parse_decision(row["decision"], metadata, sample)
            except ValueError as error:
                problems.append(f"{row['log']} sample {row['sample_id']}: decision {error}")
                continue
            edits.append((sample, row, metadata, reading))
        planned.append((files[key], log, edits))
    if problems:
        raise AdjudicationError(
            "nothing was applied; fix these rows first:\n  " + "\n  ".join(problems)
        )
    applied: dict[str, int] = {}
    for file, log, edits in planned:
        for sample, row, metadata, reading in edits:
            who = (row.get("annotator") or "").strip() or "unnamed annotator"
            result = _rescored(reading, metadata, sample)
            before = {k: metadata.get(k) for k in ("decided_by", "reading", "why")}
            new_metadata = {
                **metadata,
                **result.metadata,
                "reading": reading,
                "decided_by": "human",
                "why": f"adjudicated by {who}",
                "before_adjudication": before,
            }
            edit_score(
                log,
                sample.id,
                row["score"],
                ScoreEdit(
                    value=result.value,
                    answer=result.answer,
                    explanation=f"{result.explanation} (adjudicated by {who})",
                    metadata=new_metadata,
                    provenance=ProvenanceData(
                        author=who, reason=(row.get("note") or "").strip() or None
                    ),
                ),
                recompute_metrics=False,
                epoch=sample.epoch,
            )
        if edits:
            from inspect_ai.log import recompute_metrics

            recompute_metrics(log)
            write_eval_log(log, str(file))
        applied[str(file)] = len(edits)
    return applied


# --------------------------------------------------------------------------
# the command


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("logs", nargs="+", help="eval log files or directories")
    parser.add_argument("--out", type=Path, help="directory for sheet.csv, index.html, images/")
    parser.add_argument(
        "--apply", type=Path, metavar="SHEET", help="apply a filled-in sheet.csv to the logs"
    )


def run(args: argparse.Namespace) -> int:
    try:
        if args.apply is not None:
            applied = apply(args.apply, args.logs)
            for file, count in applied.items():
                print(f"{file}: {count} answers adjudicated, metrics recomputed")
            if not applied:
                print("no row of the sheet has a decision: nothing applied")
            return 0
        if args.out is None:
            print("vpt-tasks adjudicate: give --out SHEET_DIR (or --apply SHEET).", file=sys.stderr)
            return 2
        if args.out.exists() and not args.out.is_dir():
            print(
                f"vpt-tasks adjudicate: --out {args.out} is a file; give a directory.",
                file=sys.stderr,
            )
            return 2
        rows = collect(args.logs, args.out)
        sheet, page = write_sheet(rows, args.out)
        print(f"{len(rows)} answers to decide: fill in {sheet} (read them with {page})")
        return 0
    except AdjudicationError as error:
        print(f"vpt-tasks adjudicate: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"vpt-tasks adjudicate: {error.filename or ''}: {error.strerror}", file=sys.stderr)
        return 2

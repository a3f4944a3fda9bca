"""The answers that need a human, one row each, named by task, model, log and sample.

Rows: every answer nobody decided (`undecided`), every answer the grader decided, and
every answer on which the rules and the grader disagreed (`-T grader=both`) -- of the
scorer kinds that read free text (option mapping, merge match, set precision).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vpt_tasks.adjudication import decisions
from vpt_tasks.adjudication.files import log_files
from vpt_tasks.adjudication.images import embedded_image, write_thumbnail

IDENTITY = ("task", "model", "log", "eval_id", "sample_id", "epoch", "score")
"""The columns that say which score a row is (`eval_id`: Inspect's id of the run)."""
SHOWN = ("question", "options", "answer", "proposed", "decided_by", "why", "image")
FILLED = ("decision", "annotator", "note")
"""The columns an annotator fills in."""
COLUMNS = ("row", *IDENTITY, *SHOWN, *FILLED)
"""The sheet's columns, in order."""


@dataclass
class Row:
    """One answer to decide: its sheet cells (full text) and what the page needs besides."""

    values: dict[str, str]
    choices: list[tuple[str, str]] = field(default_factory=list)
    """The allowed decisions (value, label)."""
    counts: bool = False
    """Whether a count in digits is also a component."""
    multiple: bool = False
    """Whether a decision is several components (set precision) rather than one option."""


def needs_a_human(metadata: dict[str, Any]) -> bool:
    """Undecided, read by the grader, or read differently by the rules beside the grader."""
    if metadata.get("kind") not in decisions.KINDS:
        return False
    return metadata.get("decided_by") in ("undecided", "grader") or (
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


def _shown(reading: Any) -> str:
    if isinstance(reading, list):
        return decisions.canonical([str(r) for r in reading])
    return "" if reading is None else str(reading)


def collect(paths: Iterable[str], out: Path) -> list[Row]:
    """The answers of the logs that need a human, thumbnails written to `out/images`."""
    from inspect_ai.log import read_eval_log

    rows: list[Row] = []
    images = out / "images"
    files, skipped = log_files(paths)
    for line in skipped:
        print(f"skipped {line}", file=sys.stderr)
    for file in files:
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
                number = len(rows) + 1
                image = ""
                data = embedded_image(sample)
                if data is not None:
                    images.mkdir(parents=True, exist_ok=True)
                    target = images / f"{number:05d}.png"
                    if write_thumbnail(data, target):
                        image = target.relative_to(out).as_posix()
                why = str(metadata.get("why") or "")
                beside = metadata.get("rules_reading")
                if beside is not None and metadata.get("decided_by") == "grader":
                    why += f" (rules read {_shown(beside)})"
                values = {
                    "row": str(number),
                    "task": str(log.eval.task),
                    "model": str(log.eval.model),
                    "log": str(file),
                    "eval_id": str(log.eval.eval_id),
                    "sample_id": str(sample.id),
                    "epoch": str(sample.epoch),
                    "score": name,
                    "question": _question(sample),
                    "options": decisions.describe(metadata, sample),
                    "answer": sample.output.completion if sample.output else "",
                    "proposed": _shown(metadata.get("reading")),
                    "decided_by": str(metadata.get("decided_by") or ""),
                    "why": why,
                    "image": image,
                    "decision": "",
                    "annotator": "",
                    "note": "",
                }
                rows.append(
                    Row(
                        values,
                        choices=decisions.choices(metadata, sample),
                        counts=decisions.allows_counts(metadata),
                        multiple=metadata.get("kind") == decisions.set_precision.KIND,
                    )
                )
    return rows

"""The sheet: written for any spreadsheet program, read back as they save it.

Written as UTF-8 with a byte-order mark (so Excel shows accents), comma-separated,
every cell made safe (`cells`). Read back from what Excel and LibreOffice save: a BOM
or none, UTF-16 ("Unicode text"), and `,`, `;` (the list separator of many locales)
or tab between cells -- the separator is the one that splits the header into the
sheet's column names. A sheet without the columns that name a score and its decision
is refused, not read as "nothing to apply".
"""

from __future__ import annotations

import codecs
import csv
import io
from dataclasses import dataclass
from pathlib import Path

from vpt_tasks.adjudication.cells import cell, plain
from vpt_tasks.adjudication.errors import AdjudicationError
from vpt_tasks.adjudication.rows import COLUMNS, Row

SEPARATORS = (",", ";", "\t")
REQUIRED = ("sample_id", "epoch", "score", "decision")
"""Columns every sheet read back must have (and `log` or `eval_id`, to find the log)."""
PAGE = "index.html"


@dataclass(frozen=True)
class SheetRow:
    """One row read back: where it is (sheet and spreadsheet row number) and its cells."""

    sheet: Path
    line: int
    values: dict[str, str]

    @property
    def where(self) -> str:
        return f"{self.sheet.name} row {self.line}"

    @property
    def decision(self) -> str:
        return self.values.get("decision", "")


def write_sheet(rows: list[Row], path: Path) -> Path:
    """`path` (a CSV): one row per answer, cells safe for spreadsheets."""
    with path.open("w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.writer(handle)
        writer.writerow(COLUMNS)
        for row in rows:
            where = f"{PAGE}, row {row.values['row']}"
            writer.writerow([cell(row.values.get(column, ""), where) for column in COLUMNS])
    return path


def _text(sheet: Path) -> str:
    try:
        data = sheet.read_bytes()
    except OSError as error:
        raise AdjudicationError(f"{sheet}: cannot read the sheet ({error.strerror}).") from None
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise AdjudicationError(
            f'{sheet}: not UTF-8 text; save it as "CSV UTF-8" (Excel) or with the character '
            "set Unicode (UTF-8) (LibreOffice)."
        ) from None


def _separator(header: str) -> str:
    known = set(COLUMNS)
    return max(
        SEPARATORS,
        key=lambda sep: sum(plain(name).lower() in known for name in header.split(sep)),
    )


def read_sheet(sheet: Path) -> list[SheetRow]:
    """The rows of a filled-in sheet, cells as the annotator meant them (`cells.plain`)."""
    text = _text(sheet)
    header = text.splitlines()[0] if text.strip() else ""
    separator = _separator(header)
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
        records = list(reader)
    except csv.Error as error:
        raise AdjudicationError(f"{sheet}: not a readable CSV sheet ({error}).") from None
    if not records:
        raise AdjudicationError(f"{sheet}: the sheet is empty.")
    names = [plain(name).lower() for name in records[0]]
    missing = [column for column in REQUIRED if column not in names]
    if not {"log", "eval_id"} & set(names):
        missing.insert(0, "log")
    if missing:
        raise AdjudicationError(
            f"{sheet}: not an adjudication sheet: no {', '.join(repr(c) for c in missing)} "
            f"column (its header: {', '.join(names[:8]) or 'empty'}). Fill in the `decision` "
            "column of the sheet `vpt-tasks adjudicate --out` wrote, keeping its header row."
        )
    rows = []
    for number, record in enumerate(records[1:], start=2):
        if not any(value.strip() for value in record):
            continue
        values = {name: plain(value) for name, value in zip(names, record, strict=False)}
        rows.append(SheetRow(sheet, number, values))
    return rows


def write_resolving_sheet(disputed: list[tuple[SheetRow, list[str]]], path: Path) -> Path:
    """A sheet of the rows the annotators decided differently, for a third person to decide:
    each row as the first annotator's sheet has it, their decisions in `proposed`."""
    with path.open("w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.writer(handle)
        writer.writerow(COLUMNS)
        for row, readings in disputed:
            values = {**row.values, "decision": "", "annotator": "", "note": ""}
            values["proposed"] = " | ".join(
                f"annotator {number}: {reading}" for number, reading in enumerate(readings, 1)
            )
            values["decided_by"] = "annotators disagree"
            where = f"{PAGE}, row {values.get('row', '')}"
            writer.writerow([cell(values.get(column, ""), where) for column in COLUMNS])
    return path

"""The annotator's page: a static, offline HTML file where people decide.

Per row: the task, model, log and sample it comes from, the picture, the question, the
whole answer (the sheet cuts long ones), what was proposed and why; the allowed
decisions as buttons (options and "no option", or the components and "no usable
answer"), a decision field (counts in digits), a note field. Keys: 1-9 pick the n-th
decision of the current row, j/k (or the arrows) move, Enter goes on after a decision,
n writes a note. "N of M decided" shows the progress; the choices are kept in the
browser's local storage. "Save the sheet" downloads the filled sheet in the columns of
`sheet.csv`, which `vpt-tasks adjudicate --apply` accepts. Nothing is sent anywhere.

All text from the logs is data: it is put in the page as JSON (with `<` escaped) and
shown with `textContent`, never as markup.
"""

from __future__ import annotations

import html
import json
from importlib.resources import files
from pathlib import Path

from vpt_tasks.adjudication.cells import cell
from vpt_tasks.adjudication.rows import COLUMNS, Row

TITLE = "vpt-tasks adjudication"
STYLE = """
body{font-family:system-ui,sans-serif;margin:0 1em}
header{position:sticky;top:0;background:#fff;border-bottom:1px solid #ccc;padding:.5em 0}
section.row{border-left:4px solid #ddd;padding:.3em .8em;margin:1em 0}
section.row.current{border-left-color:#36c;background:#f6f8ff}
section.row.decided h2::after{content:" ✓";color:#080}
h2{font-size:1em;margin:.2em 0}.where{color:#555;font-size:.85em;margin:.1em 0}
pre.answer{white-space:pre-wrap;max-width:60em;background:#f4f4f4;padding:.4em}
button.choice{margin:.15em}button.choice.on{background:#36c;color:#fff}
img{max-width:320px}
"""


def _script_json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")


def write_page(rows: list[Row], path: Path, export: str = "") -> Path:
    """`path` (index.html): the annotator's page of `rows`."""
    data = {
        "export": export or str(path.parent.resolve()),
        "columns": list(COLUMNS),
        "rows": [
            {
                "values": row.values,
                "cells": [
                    cell(row.values.get(c, ""), f"index.html, row {row.values['row']}")
                    for c in COLUMNS
                ],
                "choices": row.choices,
                "multiple": row.multiple,
                "counts": row.counts,
            }
            for row in rows
        ],
    }
    script = files("vpt_tasks.adjudication").joinpath("page.js").read_text(encoding="utf-8")
    path.write_text(
        f"<!doctype html><html lang='en'><meta charset='utf-8'><title>{TITLE}</title>"
        f"<style>{STYLE}</style><header><b>{len(rows)} answers to decide</b> · "
        "<span id='progress'></span> · annotator <input id='annotator' aria-label='annotator'> "
        "<button id='save' type='button'>Save the sheet</button><br><small>Keys: 1–9 decide, "
        "j/k move, Enter next, n note. Then <code>vpt-tasks adjudicate --apply "
        "SAVED_SHEET.csv LOGS</code>. Or fill in <code>sheet.csv</code> in a spreadsheet "
        "(row numbers match).</small></header><main id='list'></main>"
        f"<script type='application/json' id='rows'>{_script_json(data)}</script>"
        f"<script>{script}</script>"
        f"<noscript>{html.escape('This page needs JavaScript; sheet.csv has the same rows.')}"
        "</noscript></html>\n",
        encoding="utf-8",
    )
    return path

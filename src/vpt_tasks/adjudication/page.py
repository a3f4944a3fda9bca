"""The HTML page of a sheet: every row with its picture, named by task, model, log and sample.

It shows each answer whole (the sheet cuts texts longer than a spreadsheet cell). All
text from the logs is escaped: an answer is data, never markup.
"""

from __future__ import annotations

import html
from pathlib import Path

from vpt_tasks.adjudication.rows import Row

TITLE = "vpt-tasks adjudication"


def write_page(rows: list[Row], path: Path) -> Path:
    """`path` (index.html): the rows as a table to read them by."""
    cells = []
    for row in rows:
        v = {k: html.escape(value) for k, value in row.values.items()}
        picture = f'<img src="{v["image"]}" alt="">' if v["image"] else "(no image in the log)"
        cells.append(
            f"<tr id='row-{v['row']}'><td>{v['row']}</td><td>{picture}</td>"
            f"<td><b>{v['task']}</b> · {v['model']}<br><small>{v['log']}</small><br>"
            f"sample <b>{v['sample_id']}</b> (epoch {v['epoch']}, {v['score']})<br>"
            f"{v['question']}<br><i>{v['options']}</i></td>"
            f"<td><pre>{v['answer']}</pre></td><td>{v['proposed']}<br><small>{v['decided_by']}: "
            f"{v['why']}</small></td></tr>"
        )
    path.write_text(
        f"<!doctype html><meta charset='utf-8'><title>{TITLE}</title>"
        "<style>td{vertical-align:top;border-top:1px solid #ccc;padding:6px}"
        "pre{white-space:pre-wrap;max-width:40em}</style>"
        f"<h1>{len(rows)} answers to decide</h1><p>Fill in the <code>decision</code> column of "
        "<code>sheet.csv</code> (row numbers match), then run <code>vpt-tasks adjudicate --apply "
        "sheet.csv LOGS</code>.</p><table><tr><th>#</th><th>image</th><th>question</th>"
        "<th>answer</th><th>proposed</th></tr>" + "".join(cells) + "</table>\n",
        encoding="utf-8",
    )
    return path

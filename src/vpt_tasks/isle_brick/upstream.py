"""The tolerant adapter for the upstream `Gracjan/Isle` config `Isle-Brick-V2`.

The upstream dataset is gated and its field names were not public when this
adapter was written, so it maps whatever it finds to canonical rows (see
`spec.CANONICAL_SCHEMA`) and otherwise fails listing the fields it saw. Two
layouts are accepted:

- wide: one row per scene, one answer column per question (`Q1`, `gold_q1`,
  `answer_q1`, `q1_answer` or `label_q1`), an image and an object field;
- long: one row per question, with the question text and its answer; rows are
  grouped into scenes by their image, and the object is read from the question.

Gold answers may be free text here ("North-East"); `dataset.py` turns them into
component sets with the extraction rules, like every other row.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.images import image_bytes
from vpt_tasks.core.sources import Source
from vpt_tasks.core.text import first_column, lower_columns
from vpt_tasks.isle_brick.spec import FACTOR_COLUMNS, IsleBrickSpec

IMAGE_NAMES = ("image", "img", "picture", "photo")
"""Field names read as the scene's image (case-insensitive, first found)."""
OBJECT_NAMES = ("object", "object_name", "obj", "item")
"""Field names read as the scene's object."""
ID_NAMES = ("scene_id", "id", "image_id", "idx", "index")
"""Field names read as the scene id (the row number when none is found)."""
QUESTION_NAMES = ("question", "prompt", "query", "text")
"""Long layout: field names read as the question text."""
ANSWER_NAMES = ("answer", "label", "gold", "gold_answer", "target")
"""Long layout: field names read as the question's gold answer."""


def gold_column_names(number: str) -> tuple[str, ...]:
    """Wide layout: field names read as the gold answer of question `Q<number>`."""
    return (
        f"gold_q{number}",
        f"q{number}",
        f"answer_q{number}",
        f"q{number}_answer",
        f"label_q{number}",
    )


def adapt_upstream(
    table: Any, columns: list[str], source: Source, spec: IsleBrickSpec
) -> list[dict[str, Any]]:
    """Map the upstream table to canonical rows, whatever its field names.

    Accepts a wide layout (one row per scene, one answer column per question,
    e.g. `Q1`/`answer_q1`/`gold_q1`) and a long layout (one row per question
    with a question text and an answer, grouped into scenes by image).
    """
    lower = lower_columns(columns)
    image_col = first_column(lower, IMAGE_NAMES)
    if image_col is None:
        raise _adapter_error(source, columns, "no image field")
    gold_cols = {qid: first_column(lower, gold_column_names(qid[1:])) for qid in spec.question_ids}
    if all(gold_cols.values()):
        object_col = first_column(lower, OBJECT_NAMES)
        if object_col is None:
            raise _adapter_error(source, columns, "answer columns found but no object field")
        id_col = first_column(lower, ID_NAMES)
        return [
            {
                "image": row[image_col],
                "scene_id": str(row[id_col]) if id_col else str(i),
                "object": row[object_col],
                **{f"gold_{qid.lower()}": row[col] for qid, col in gold_cols.items()},
                **{name: row.get(name) for name in FACTOR_COLUMNS},
            }
            for i, row in enumerate(table)
        ]
    question_col = first_column(lower, QUESTION_NAMES)
    answer_col = first_column(lower, ANSWER_NAMES)
    if question_col is None or answer_col is None:
        raise _adapter_error(
            source, columns, "neither per-question answer columns nor question/answer fields"
        )
    return _group_long_rows(table, image_col, question_col, answer_col, source, columns, spec)


def _group_long_rows(
    table: Any,
    image_col: str,
    question_col: str,
    answer_col: str,
    source: Source,
    columns: list[str],
    spec: IsleBrickSpec,
) -> list[dict[str, Any]]:
    """One canonical row per image: each row's answer goes to the question its text matches."""
    patterns = {
        qid: _question_pattern(q.text, spec.placeholder) for qid, q in spec.questions.items()
    }
    scenes: dict[str, dict[str, Any]] = {}
    for index, row in enumerate(table):
        where = f"{source.describe()}, row {index}"
        data = image_bytes(row[image_col], where=where)
        key = hashlib.sha256(data).hexdigest()[:16]
        scene = scenes.setdefault(key, {"image": data, "scene_id": key, "object": None})
        text = str(row[question_col])
        for qid, pattern in patterns.items():
            match = pattern.search(text)
            if match:
                scene[f"gold_{qid.lower()}"] = row[answer_col]
                if match.groupdict().get("object"):
                    scene["object"] = scene["object"] or match.group("object")
                break
    rows = list(scenes.values())
    incomplete = [r["scene_id"] for r in rows if any(f"gold_q{i}" not in r for i in range(1, 8))]
    if not rows or incomplete or any(r["object"] is None for r in rows):
        raise _adapter_error(
            source,
            columns,
            f"could not match the 7 questions for {len(incomplete) or len(rows)} image(s)",
        )
    return rows


def _question_pattern(text: str, placeholder: str) -> re.Pattern[str]:
    """A question as a pattern; its first "the object" captures the object's name."""
    escaped = re.escape(text)
    if placeholder in text:
        escaped = escaped.replace(re.escape(placeholder), r"the (?P<object>[\w -]+?)", 1)
        escaped = escaped.replace(re.escape(placeholder), r"the [\w -]+?")
    return re.compile(escaped, re.IGNORECASE)


def _adapter_error(source: Source, columns: list[str], what: str) -> SourceError:
    return SourceError(
        f"{source.describe()}: the Isle-Brick-V2 adapter found {what}. Fields seen: "
        f"{', '.join(columns)}. Convert the data to the canonical layout (see "
        "hf_datasets/) and pass it as -T source=DIR, or report the upstream layout."
    )

"""Data of `grader_check`: labelled held-out answers of every kind a grader model reads.

The rows are `grader_check.jsonl` next to this file, curated once by `select_rows()` from
the blind corpus `tests/scorers/blind/` (the sets named `*_v2*`, `*_v3*` and `*_traps*`:
two-option, four-option and Isle-Brick-V2 answers; COMFORT replies are left out, since
no grader reads them). Each row keeps its corpus id, answer and label unchanged; the
selection adds only `kind`, `source_file` and, where the annotator's note names the
answer's language, `language`. `tests/grader_check/test_data.py` checks every row against
its corpus row and the bundled parquet against `build`.

    python hf_datasets/build_demo.py grader_check              # the parquet, from the JSONL
    python hf_datasets/builders/grader_check.py --select       # the JSONL, from the corpus
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROWS = HERE / "grader_check.jsonl"
CARD = HERE.parent / "cards" / "grader_check.md"
BLIND = HERE.parents[1] / "tests" / "scorers" / "blind"

SOURCES = {
    "two_options": (
        "two_options_v2.jsonl",
        "two_options_v3.jsonl",
        "two_options_traps.jsonl",
        "two_options_traps2.jsonl",
        "two_options_traps3.jsonl",
    ),
    "four_options": (
        "four_options_v2.jsonl",
        "four_options_v3.jsonl",
        "four_options_traps.jsonl",
        "four_options_traps2.jsonl",
        "four_options_traps3.jsonl",
    ),
    "components": (
        "isle_brick_v2.jsonl",
        "isle_brick_v3.jsonl",
        "isle_brick_traps.jsonl",
        "isle_brick_traps2.jsonl",
        "isle_brick_traps3.jsonl",
    ),
}
"""The corpus files each kind is drawn from."""

PER_FILE = {
    "two_options": {"clear": 4, "other_language": 1, "unknown": 1, "ambiguous": 2},
    "four_options": {"clear": 4, "other_language": 1, "unknown": 1, "ambiguous": 2},
    "components": {"clear": 5, "other_language": 1, "ambiguous": 2},
}
"""Rows drawn from each file, by stratum (8 per file, 40 per kind): clear answers (a
definite label), one answer in another language where the file has one, answers that
commit to no option (`unknown`), and answers a careful annotator could not settle
(`ambiguous`). A stratum a file lacks is filled from its clear answers. Empty answers are
left out: the scorers decide them without a grader."""

LANGUAGES = {
    "chinese": "zh",
    "japanese": "ja",
    "korean": "ko",
    "spanish": "es",
    "french": "fr",
    "german": "de",
    "italian": "it",
    "portuguese": "pt",
    "russian": "ru",
    "polish": "pl",
}
"""Language names an annotator's note may give, as ISO 639-1 codes."""


def language_of(note: str) -> str:
    """The language an annotator's note names ("Chinese: ..." -> "zh"), else ""."""
    named = {code for name, code in LANGUAGES.items() if re.search(rf"\b{name}\b", note.lower())}
    return named.pop() if len(named) == 1 else ""


def _stratum(kind: str, row: dict[str, Any]) -> str:
    label = row["label"]
    if label == "ambiguous" or label == ["ambiguous"]:
        return "ambiguous"
    if label == "unknown":
        return "unknown"
    return "other_language" if language_of(row["note"]) else "clear"


def select_rows() -> list[dict[str, Any]]:
    """The curated rows: per file, a seeded draw of each stratum (see `PER_FILE`)."""
    chosen: list[dict[str, Any]] = []
    for kind, files in SOURCES.items():
        for name in files:
            rows = [json.loads(line) for line in (BLIND / name).read_text().splitlines() if line]
            draw = random.Random(f"grader_check:{name}")
            by_stratum: dict[str, list[dict[str, Any]]] = {}
            for row in rows:
                if row["answer"].strip():  # an empty answer is never sent to a grader
                    by_stratum.setdefault(_stratum(kind, row), []).append(row)
            picked: list[dict[str, Any]] = []
            wanted = dict(PER_FILE[kind])
            for stratum in ("other_language", "unknown", "ambiguous"):
                pool = by_stratum.get(stratum, [])
                take = min(wanted.get(stratum, 0), len(pool))
                picked += draw.sample(pool, take)
                wanted["clear"] += wanted.get(stratum, 0) - take
            picked += draw.sample(by_stratum["clear"], wanted["clear"])
            for row in sorted(picked, key=lambda r: r["id"]):
                chosen.append(_curated(kind, name, row))
    return chosen


def _curated(kind: str, name: str, row: dict[str, Any]) -> dict[str, Any]:
    """A corpus row as a curated row: every field kept, `kind`, `source_file`, `language` added."""
    return {
        "id": row["id"],
        "kind": kind,
        "source_file": name,
        "language": language_of(row["note"]),
        **{key: value for key, value in row.items() if key != "id"},
    }


def canonical_rows(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Curated rows as canonical rows: labels and options as JSON text, absent fields empty."""
    return [
        {
            "id": row["id"],
            "kind": row["kind"],
            "answer": row["answer"],
            "label": json.dumps(row["label"], ensure_ascii=False),
            "question": row.get("question", ""),
            "options": json.dumps(row.get("options", {}), ensure_ascii=False),
            "dataset": row.get("dataset", ""),
            "prompt": row.get("prompt", ""),
            "question_id": row.get("question_id", ""),
            "object": row.get("object", ""),
            "language": row.get("language", ""),
            "style": row.get("style", ""),
            "note": row.get("note", ""),
            "source_file": row["source_file"],
        }
        for row in rows
    ]


def curated() -> list[dict[str, Any]]:
    """The committed curated rows."""
    return [json.loads(line) for line in ROWS.read_text(encoding="utf-8").splitlines() if line]


def build(out: Path) -> None:
    from vpt_tasks.core.canonical import write_dataset
    from vpt_tasks.grader_check.spec import CANONICAL_SCHEMA

    write_dataset(
        out,
        canonical_rows(curated()),
        CANONICAL_SCHEMA,
        pretty_name="grader_check: labelled answers for checking a grader model (vpt_tasks)",
        body=(
            "The answers `vpt_tasks/grader_check` asks a grader model to read, each with the "
            "label an annotator gave it. Built from `hf_datasets/builders/grader_check.jsonl` "
            "by `python hf_datasets/build_demo.py grader_check`.\n\n"
            + CARD.read_text(encoding="utf-8")
        ),
    )


def main(argv: list[str]) -> int:
    if argv != ["--select"]:
        print(__doc__)
        return 2
    rows = select_rows()
    ROWS.write_text(
        "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8"
    )
    print(f"wrote {len(rows)} rows to {ROWS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

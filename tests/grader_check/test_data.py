"""The bundled answers are the blind corpus's, unchanged, and the bundled parquet is their build.

Every curated row must be its corpus row (same id, answer, label, question, options,
annotator's note), drawn reproducibly; the parquet the task reads must be exactly what
`hf_datasets/builders/grader_check.py` builds from the curated JSONL.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from hf_datasets.builders import grader_check as builder
from tests.scorers.test_blind_corpus import BLIND, SHA256
from vpt_tasks.core.sources import demo_dir


def _corpus() -> dict[str, dict]:
    rows = {}
    for name in SHA256:
        for line in (BLIND / name).read_text().splitlines():
            if line:
                row = json.loads(line)
                rows[row["id"]] = {**row, "_file": name}
    return rows


def test_every_row_is_its_corpus_row_unchanged() -> None:
    corpus = _corpus()
    rows = builder.curated()
    assert len(rows) == len({row["id"] for row in rows}) == 120
    for row in rows:
        original = corpus[row["id"]]
        assert row["source_file"] == original["_file"]
        added = {"kind", "source_file", "language"}
        assert {k: v for k, v in row.items() if k not in added} == {
            k: v for k, v in original.items() if k not in ("id", "_file")
        } | {"id": row["id"]}, row["id"]
        assert row["language"] == builder.language_of(original["note"])
        assert original["answer"].strip()


def test_the_draw_is_reproducible_and_covers_every_kind_and_stratum() -> None:
    assert builder.select_rows() == builder.curated()
    rows = builder.curated()
    assert Counter(row["kind"] for row in rows) == {
        "two_options": 40,
        "four_options": 40,
        "components": 40,
    }
    assert not [row for row in rows if row["source_file"].startswith("comfort")]
    files = Counter(row["source_file"] for row in rows)
    assert len(files) == 15 and set(files.values()) == {8}
    labels = {json.dumps(row["label"]) for row in rows}
    assert {'"ambiguous"', '"unknown"', "[]"} <= labels


def test_the_bundled_parquet_is_built_from_the_jsonl(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    builder.build(tmp_path / "built")
    [bundled] = sorted((demo_dir("grader_check") / "data").glob("*.parquet"))
    [built] = sorted((tmp_path / "built" / "data").glob("*.parquet"))
    assert pq.read_table(bundled).to_pylist() == pq.read_table(built).to_pylist()
    assert pq.read_table(bundled).to_pylist() == builder.canonical_rows(builder.curated())
    card = (demo_dir("grader_check") / "README.md").read_text(encoding="utf-8")
    assert card == (tmp_path / "built" / "README.md").read_text(encoding="utf-8")

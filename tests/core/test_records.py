"""The one row loop: where a row is, duplicate ids, skipped rows, images stored with their row."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.records import RowContext, read_records
from vpt_tasks.core.sources import Source


def _png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), "white").save(buffer, format="PNG")
    return buffer.getvalue()


def _record(row: dict[str, Any], ctx: RowContext) -> tuple[str, str] | None:
    if row.get("kind") == "other":
        return None
    if not row.get("text"):
        raise ctx.error("the text is empty.")
    return str(row["id"]), ctx.image(row["image"])


def _read(rows: list[dict[str, Any]], tmp_path: Path, **kwargs: Any):
    return read_records(
        rows,
        _record,
        source=Source("local", str(tmp_path / "src")),
        id_field="id",
        record_id=lambda record: record[0],
        store=ImageStore(tmp_path),
        **kwargs,
    )


def test_records_skips_and_images(tmp_path: Path) -> None:
    rows = [
        {"id": "a", "text": "x", "image": _png()},
        {"id": "b", "kind": "other"},
        {"id": "c", "text": "y", "image": _png()},
    ]
    records = _read(rows, tmp_path)
    assert [r[0] for r in records.items] == ["a", "c"] and records.skipped == 1
    assert records.items[0][1] == records.items[1][1]  # one stored file for equal images


def test_errors_name_the_row(tmp_path: Path) -> None:
    rows = [{"id": "a", "text": "x", "image": _png()}, {"id": "b", "text": "", "image": _png()}]
    with pytest.raises(
        SourceError, match=r"src \(split test\), row 1 \(id 'b'\): the text is empty"
    ):
        _read(rows, tmp_path)
    with pytest.raises(SourceError, match=r"row 7 \(id 'b'\): the text is empty"):
        _read(rows, tmp_path, indices=[3, 7])
    with pytest.raises(SourceError, match="data.csv, line 3: the text is empty"):
        _read([{**rows[1], "_where": "data.csv, line 3"}], tmp_path)
    with pytest.raises(SourceError, match=r"row 1 \(id 'a2'\): the image does not decode"):
        _read([rows[0], {"id": "a2", "text": "x", "image": b"nope"}], tmp_path)


def test_duplicate_and_empty_ids_are_refused(tmp_path: Path) -> None:
    row = {"id": "a", "text": "x", "image": _png()}
    with pytest.raises(SourceError, match=r"row 1 \(id 'a'\): duplicate id 'a'"):
        _read([row, row], tmp_path)
    with pytest.raises(SourceError, match="the id is empty"):
        _read([{**row, "id": " "}], tmp_path)


def test_no_rows(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match=r"src \(split test\): the source has no rows"):
        _read([], tmp_path)
    assert _read([{"id": "b", "kind": "other"}], tmp_path, require_any=False).skipped == 1


def test_a_path_only_image_is_read_from_inside_the_source_only(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    (source / "a.png").write_bytes(_png())
    outside = tmp_path / "outside.png"
    outside.write_bytes(_png())
    inside = _read([{"id": "a", "text": "x", "image": {"bytes": None, "path": "a.png"}}], tmp_path)
    assert Path(inside.items[0][1]).read_bytes() == _png()
    with pytest.raises(SourceError, match=r"row 0 \(id 'b'\).*outside the source directory"):
        _read([{"id": "b", "text": "x", "image": {"bytes": None, "path": str(outside)}}], tmp_path)

"""The one row loop: a source's rows become validated records, images stored once.

Every benchmark reads its data the same way: enumerate the rows, say where a
row is when something is wrong with it, refuse duplicate ids, store each image
in the content-addressed `ImageStore` and turn the row into the benchmark's
own record. This module does all of that; a benchmark supplies only
`to_record(row, ctx)` — its mapping from one canonical row to a record, with
its own checks — and how to read a record's id.

    records = read_records(
        rows, to_record, source=source, id_field="scene_id",
        record_id=lambda scene: scene.scene_id, store=ImageStore(),
    )

Rows are consumed one at a time, so a table backed by Arrow (a `datasets.Dataset`)
is never held in memory as Python objects, and no image bytes outlive the
row they came with: records hold the stored file's path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.sources import Source

R = TypeVar("R")

WHERE_KEY = "_where"
"""A row may name its own location (e.g. "data.csv, line 7") under this key."""


@dataclass(frozen=True)
class RowContext:
    """Where one row is, for error messages, and where its images go."""

    index: int
    """The row's position in the source (0-based)."""
    where: str
    """"<source>, row <index> (<id field> <value>)", or the row's own `_where`."""
    store: ImageStore
    base: Path | None = None
    """The source's own directory: the only place a path-only image value may point into."""

    def image(self, value: Any, *, label: str | None = None) -> str:
        """Validate and store an image value of this row; the stored file's path."""
        where = f"{self.where}, {label}" if label else self.where
        return self.store.put(value, where=where, base=self.base)

    def error(self, message: str) -> SourceError:
        """A `SourceError` naming this row."""
        return SourceError(f"{self.where}: {message}")


@dataclass
class Records(Generic[R]):
    """What `read_records` returns: the records, and how many rows were left out."""

    items: list[R] = field(default_factory=list)
    skipped: int = 0
    """Rows `to_record` returned None for (e.g. rows of another dataset)."""


def read_records(
    rows: Iterable[Mapping[str, Any]],
    to_record: Callable[[Mapping[str, Any], RowContext], R | None],
    *,
    source: Source,
    id_field: str,
    record_id: Callable[[R], str],
    store: ImageStore,
    indices: Iterable[int] | None = None,
    require_any: bool = True,
) -> Records[R]:
    """Turn every row into a record, before any model call.

    Args:
        rows: canonical rows (mappings of column name to value).
        to_record: the benchmark's mapping of one row to its record; it raises
            `ctx.error(...)` for a bad row and returns None to leave a row out
            (counted in `Records.skipped`).
        source: where the rows come from: named in every message, and its own
            directory (a local source) is the only place a path-only image
            value may point into.
        id_field: the column that identifies a row, named in messages.
        record_id: a record's id; ids must be unique and non-empty.
        store: where images are stored (`ctx.image(value)`).
        indices: the rows' positions in the source when `rows` is a selection.
        require_any: fail when no record results (otherwise the caller decides).
    """
    describe, base = source.describe(), source.directory
    result: Records[R] = Records()
    seen: set[str] = set()
    positions = iter(indices) if indices is not None else None
    for count, row in enumerate(rows):
        index = next(positions) if positions is not None else count
        where = row.get(WHERE_KEY) or (
            f"{describe}, row {index} ({id_field} {row.get(id_field)!r})"
            if id_field in row
            else f"{describe}, row {index}"
        )
        ctx = RowContext(index=index, where=str(where), store=store, base=base)
        if id_field in row and row[id_field] is None:
            raise ctx.error(
                f"the {id_field} is missing (null); every row needs a unique {id_field}."
            )
        try:
            record = to_record(row, ctx)
        except (TypeError, ValueError, KeyError, AttributeError, IndexError) as error:
            if isinstance(error, SourceError):
                raise
            raise ctx.error(
                f"the row does not fit the expected schema ({type(error).__name__}: {error}); "
                "check its values against the benchmark's README."
            ) from None
        if record is None:
            result.skipped += 1
            continue
        key = str(record_id(record)).strip()
        if not key:
            raise ctx.error(f"the {id_field} is empty; every row needs a unique {id_field}.")
        if key in seen:
            raise ctx.error(f"duplicate {id_field} {key!r}; {id_field} values must be unique.")
        seen.add(key)
        result.items.append(record)
    if require_any and not result.items:
        raise SourceError(f"{describe}: the source has no rows.")
    return result


def count_per_item(
    samples: Iterable[Any], key: str, values: Iterable[str], *, item: str = "item_id"
) -> dict[str, int]:
    """How many items (not samples) have each of `values` in sample metadata `key`.

    An item asked several times (option orders, rotations) is counted once, by
    its first sample; samples without `key` are not counted. E.g. how many
    questions each first-person way restated.
    """
    counts = dict.fromkeys(values, 0)
    seen: set[str] = set()
    for sample in samples:
        meta = sample.metadata or {}
        value = meta.get(key)
        if value is not None and meta[item] not in seen:
            seen.add(meta[item])
            counts[value] += 1
    return counts

"""Canonical rows of a COMFORT source, streamed one batch at a time.

What: `iter_rows(source, required)` yields the rows of a canonical-layout
source as plain dicts (images as `{"bytes", "path"}` values), reading a local
directory's Parquet files batch by batch (`pyarrow.parquet.ParquetFile.iter_batches`
without pre-buffering, only the needed columns) and a Hub dataset's prepared Arrow files as a stream
of record batches.

Why: a full COMFORT-CAR source holds 2,960 PNG frames (about 1.2 GB). Reading it
through `datasets.load_dataset` memory-maps the whole table (and, for a local
directory, first copies it into the `datasets` cache); walking the mapped
rows pulls every image's pages into the process (resident memory grows by the
size of all images), although each image is needed only until the image store
has written it. Here at most one batch of rows is held at a time: a row's
bytes are dropped as soon as the next batch is read, so building a task costs
one batch of image bytes whatever the size of the source.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.sources import Source, load_canonical, parquet_files, require_columns

__all__ = ["BATCH_ROWS", "iter_rows"]

BATCH_ROWS = 16
"""Rows read at a time: bounds the image bytes held while a source is read (16 x ~0.4 MB)."""


def iter_rows(
    source: Source,
    required: Sequence[str],
    columns: Sequence[str],
    *,
    batch_rows: int = BATCH_ROWS,
) -> Iterator[dict[str, Any]]:
    """The rows of a canonical-layout `source` (only `columns` that exist), one batch at a time.

    Fails before the first row, naming the missing columns, when a `required`
    column is absent.
    """
    if source.kind in ("demo", "local"):
        yield from _parquet_rows(source, required, columns, batch_rows)
    else:
        yield from _hub_rows(source, required, columns, batch_rows)


def _parquet_rows(
    source: Source, required: Sequence[str], columns: Sequence[str], batch_rows: int
) -> Iterator[dict[str, Any]]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    files = parquet_files(source)
    handles = []
    for path in files:
        try:
            # pre_buffer=False: with pyarrow's default (True) the reader keeps the buffered
            # column chunks of every row group read so far, i.e. all the images by the end
            handle = pq.ParquetFile(path, pre_buffer=False)
        except (OSError, pa.ArrowException) as error:
            raise SourceError(
                f"{source.describe()}: {path.name} is not a readable Parquet file ({error})."
            ) from None
        require_columns(source, list(handle.schema_arrow.names), list(required))
        handles.append((path, handle))
    for path, handle in handles:
        present = [name for name in columns if name in handle.schema_arrow.names]
        try:
            for batch in handle.iter_batches(batch_size=batch_rows, columns=present):
                rows = batch.to_pylist()
                del batch
                while rows:  # hand rows over one by one, dropping each after use
                    yield rows.pop(0)
        except (OSError, pa.ArrowException) as error:
            raise SourceError(
                f"{source.describe()}: {path.name} does not read ({error}); the file is "
                "damaged. Export the dataset again."
            ) from None
        finally:
            handle.close()


def _hub_rows(
    source: Source, required: Sequence[str], columns: Sequence[str], batch_rows: int
) -> Iterator[dict[str, Any]]:
    """A Hub dataset, prepared by `datasets`, read from its Arrow files without mapping them."""
    import pyarrow as pa

    table = load_canonical(source, list(required))
    present = [name for name in columns if name in table.column_names]
    files = [entry["filename"] for entry in table.cache_files]
    if files and getattr(table, "_indices", None) is None:
        for filename in files:
            with pa.OSFile(filename) as handle:
                for batch in pa.ipc.open_stream(handle):
                    part = batch.select(present)
                    del batch
                    for start in range(0, part.num_rows, batch_rows):
                        yield from part.slice(start, batch_rows).to_pylist()
        return
    table = table.select_columns(present).with_format("arrow")  # an in-memory table: read as is
    for chunk in table.iter(batch_size=batch_rows):
        yield from chunk.to_pylist()

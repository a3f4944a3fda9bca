"""Writing datasets in the canonical layout every task reads.

A canonical dataset directory is exactly what a Hub dataset repo holds:
`README.md` (dataset card with YAML `configs` and `dataset_info`) and
`data/<split>-00000-of-00001.parquet` with the image bytes embedded. The same
directory loads with `-T source=DIR`, with `datasets.load_dataset(DIR)`, and
uploads unchanged to the Hub.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

BATCH_SIZE = 64
"""Rows per Parquet row group: bounds the image bytes held while writing and reading."""


def features_from(schema: Mapping[str, str]) -> Any:
    """`datasets.Features` from a compact schema.

    Kinds: image, list<image>, string, int, float, bool, list<string|int|float|bool>.
    """
    import datasets

    simple = {"string": "string", "int": "int64", "float": "float64", "bool": "bool"}
    features = {}
    for name, kind in schema.items():
        if kind == "image":
            features[name] = datasets.Image()
        elif kind == "list<image>":
            features[name] = datasets.List(datasets.Image())
        elif kind.startswith("list<") and kind.endswith(">"):
            features[name] = datasets.List(datasets.Value(simple[kind[5:-1]]))
        else:
            features[name] = datasets.Value(simple[kind])
    return datasets.Features(features)


def write_dataset(
    directory: str | Path,
    rows: Iterable[Mapping[str, Any]],
    schema: Mapping[str, str] | Any,
    *,
    split: str = "test",
    pretty_name: str,
    license: str = "cc-by-4.0",
    body: str = "",
    card_fields: Mapping[str, Any] | None = None,
    num_shards: int = 1,
    batch_size: int = BATCH_SIZE,
) -> Path:
    """Write `rows` as a canonical dataset directory, `batch_size` rows at a time.

    Image columns take bytes (list<image> columns lists of bytes) or
    `{"bytes", "path"}` values with the bytes set; they are embedded. `schema`
    is a compact schema (see `features_from`) or a `datasets.Features` (for
    extra columns of any type); a column a row lacks is written as null.
    `rows` may be an iterator: at most one batch of rows (and of image bytes)
    is held in memory, so writing a large dataset costs one batch.
    `num_shards` > 1 splits the rows into `data/<split>-NNNNN-of-NNNNN.parquet`
    files of equal row counts and needs `rows` to be a sequence. `card_fields`
    adds YAML metadata to the card (tags, provenance, ...); the card records
    the number of rows, which `load_dataset` checks.
    """
    import datasets
    import pyarrow as pa
    import pyarrow.parquet as pq
    from datasets.info import DatasetInfosDict
    from huggingface_hub import DatasetCardData

    directory = Path(directory)
    (directory / "data").mkdir(parents=True, exist_ok=True)
    features = schema if isinstance(schema, datasets.Features) else features_from(schema)
    kinds = {name: _kind(feature) for name, feature in features.items()}
    arrow_schema = features.arrow_schema
    if num_shards > 1 and not isinstance(rows, Sequence):
        raise TypeError("write_dataset: num_shards > 1 needs the rows as a sequence")
    total = len(rows) if isinstance(rows, Sequence) else None
    shards = max(1, min(num_shards, total or 1))
    per_shard = -(-total // shards) if total else None  # ceiling division
    counts = {"rows": 0, "bytes": 0, "download": 0}

    def write(chunk: Iterable[Mapping[str, Any]], path: Path) -> None:
        with pq.ParquetWriter(path, arrow_schema) as writer:
            batch: list[dict[str, Any]] = []
            for row in chunk:
                prepared = {name: _prepared(kinds[name], row.get(name)) for name in features}
                batch.append(features.encode_example(prepared))
                if len(batch) >= batch_size:
                    counts["bytes"] += _write_batch(writer, batch, arrow_schema, pa)
                    counts["rows"] += len(batch)
                    batch = []
            if batch:
                counts["bytes"] += _write_batch(writer, batch, arrow_schema, pa)
                counts["rows"] += len(batch)
        counts["download"] += path.stat().st_size

    for index in range(shards):
        path = directory / "data" / f"{split}-{index:05d}-of-{shards:05d}.parquet"
        if shards == 1:
            write(rows, path)
        else:
            assert isinstance(rows, Sequence) and per_shard is not None
            write(rows[index * per_shard : (index + 1) * per_shard], path)
    card = DatasetCardData(
        pretty_name=pretty_name,
        license=license,
        configs=[
            {"config_name": "default", "data_files": [{"split": split, "path": f"data/{split}-*"}]}
        ],
        **dict(card_fields or {}),
    )
    info = datasets.DatasetInfo(
        features=features,
        splits=datasets.SplitDict(
            {
                split: datasets.SplitInfo(
                    split, num_bytes=counts["bytes"], num_examples=counts["rows"]
                )
            }
        ),
        download_size=counts["download"],
        dataset_size=counts["bytes"],
    )
    DatasetInfosDict({"default": info}).to_dataset_card_data(card)
    (directory / "README.md").write_text(
        f"---\n{card.to_yaml()}\n---\n\n# {pretty_name}\n\n{body}".rstrip() + "\n", encoding="utf-8"
    )
    return directory


def _write_batch(writer: Any, batch: list[dict[str, Any]], schema: Any, pa: Any) -> int:
    table = pa.Table.from_pylist(batch, schema=schema)
    writer.write_table(table)
    return int(table.nbytes)


def _kind(feature: Any) -> str:
    """`image`, `list<image>` or `value`: how a column's values are prepared for writing."""
    import datasets

    if isinstance(feature, datasets.Image):
        return "image"
    if isinstance(feature, datasets.List | datasets.Sequence) and isinstance(
        getattr(feature, "feature", None), datasets.Image
    ):
        return "list<image>"
    return "value"


def _prepared(kind: str, value: Any) -> Any:
    """Image bytes as the `{"bytes", "path"}` values `datasets` embeds; other values unchanged."""
    if kind == "image":
        return _image_value(value)
    if kind == "list<image>" and value is not None:
        return [_image_value(item) for item in value]
    return value


def _image_value(value: Any) -> Any:
    if value is None or isinstance(value, dict):
        return value
    return {"bytes": value, "path": None}

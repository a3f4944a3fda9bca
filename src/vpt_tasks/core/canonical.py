"""Writing datasets in the canonical layout every task reads.

A canonical dataset directory is exactly what a Hub dataset repo holds:
`README.md` (dataset card with YAML `configs` and `dataset_info`) and
`data/<split>-00000-of-00001.parquet` with the image bytes embedded. The same
directory loads with `-T source=DIR`, with `datasets.load_dataset(DIR)`, and
uploads unchanged to the Hub.

The card's title is the dataset's name shown as plain text (`markdown_text`): a
name taken from someone else's card cannot add headings, links or HTML to it.
"""

from __future__ import annotations

import re
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
        f"---\n{card.to_yaml()}\n---\n\n# {markdown_text(pretty_name)}\n\n{body}".rstrip() + "\n",
        encoding="utf-8",
    )
    return directory


# --- plain text in a Markdown card --------------------------------------------------------

_MARKUP = re.compile(r"[\\`*\[\]<>|~&]|(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])|#")
"""Characters that start Markdown or HTML markup anywhere in a line (an `_` only at a word's edge)."""
_BLOCK_START = re.compile(r"^([-+=]|\d+[.)])")
"""What makes a line a list, a setext underline or an ordered list when it starts it."""


def markdown_text(text: object, *, code_spans: bool = False) -> str:
    """`text` as one line of Markdown that shows as itself: line breaks become spaces and every
    character that would start a heading, list, emphasis, link, table cell, code or HTML is
    backslash-escaped. For card text that comes from someone else (another card, a path).

    `code_spans`: keep the text's well-formed code spans (`like this`), which show their
    content as it is anyway (outside a table). Linear in the text's length.
    """
    line = " ".join(str(text).split())
    out, at = [], 0
    for start, end in _code_spans(line) if code_spans else []:
        out += [_MARKUP.sub(_escaped, line[at:start]), line[start:end]]
        at = end
    out.append(_MARKUP.sub(_escaped, line[at:]))
    return _BLOCK_START.sub(lambda m: m.group(0)[:-1] + "\\" + m.group(0)[-1], "".join(out))


def _escaped(match: re.Match[str]) -> str:
    return "\\" + match.group(0)


def _code_spans(line: str) -> list[tuple[int, int]]:
    """Where `line`'s code spans are: a run of backticks up to the next run of the same length
    (CommonMark's rule), found in one pass over the runs."""
    runs = [(m.start(), m.end()) for m in re.finditer(r"`+", line)]
    following: list[int | None] = [None] * len(runs)
    last: dict[int, int] = {}
    for index in range(len(runs) - 1, -1, -1):  # the next run of each length, right to left
        length = runs[index][1] - runs[index][0]
        following[index] = last.get(length)
        last[length] = index
    spans, index = [], 0
    while index < len(runs):
        closing = following[index]
        if closing is None:
            index += 1
            continue
        spans.append((runs[index][0], runs[closing][1]))
        index = closing + 1
    return spans


def markdown_code(text: object, *, table: bool = False) -> str:
    """`text` as one inline code span, whatever backticks it holds (its fence is longer).

    `table`: the span sits in a table cell, where GFM reads `|` as a cell border even in code.
    """
    line = " ".join(str(text).split())
    fence = "`" * (max((len(run) for run in re.findall(r"`+", line)), default=0) + 1)
    pad = " " if line.startswith("`") or line.endswith("`") else ""
    span = f"{fence}{pad}{line}{pad}{fence}"
    return span.replace("|", "\\|") if table else span


def markdown_block(text: str, info: str = "") -> str:
    """`text` as a fenced code block that no line of it can close (its fence is longer)."""
    fence = "`" * max(3, max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    return f"{fence}{info}\n{text.rstrip()}\n{fence}"


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

"""Writing datasets in the canonical layout every task reads.

A canonical dataset directory is exactly what a Hub dataset repo holds:
`README.md` (dataset card with YAML `configs` and `dataset_info`) and
`data/<split>-00000-of-00001.parquet` with the image bytes embedded. The same
directory loads with `-T source=DIR`, with `datasets.load_dataset(DIR)`, and
uploads unchanged to the Hub.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ISLE_BRICK_FEATURES: dict[str, str] = {
    "image": "image",
    "scene_id": "string",
    "object": "string",
    "figure": "string",
    "object_position": "string",
    "figure_orientation": "string",
    "viewpoint": "string",
    **{f"gold_q{i}": "list<string>" for i in range(1, 8)},
}

COMFORT_FEATURES: dict[str, str] = {
    "image": "image",
    "dataset": "string",
    "relation": "string",
    "variation": "string",
    "frame": "int",
    "theta": "int",
    "referent": "string",
    "relatum": "string",
    "addressee": "string",
    "absent_object": "string",
}

ISLE_V1_FEATURES: dict[str, str] = {
    "image": "image",
    "item_id": "string",
    "question": "string",
    "gold_answer": "string",
    "distractor": "string",
    "partition": "string",
    "dataset": "string",
    "task": "string",
}

OMNI_PERSPECTIVE_FEATURES: dict[str, str] = {
    "id": "string",
    "image_id": "string",
    "question": "string",
    "prompt": "string",
    "choices": "string",
    "label": "string",
    "images": "list<image>",
    "topic": "string",
    "qtype": "string",
    "difficulty_level": "string",
    "prompt_pov": "string",
}
"""Canonical schemas of `data-schemas.md`; generated data may add columns (geometry)."""


def features_from(schema: dict[str, str]) -> Any:
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
    rows: Sequence[dict[str, Any]],
    schema: dict[str, str] | Any,
    *,
    split: str = "test",
    pretty_name: str,
    license: str = "cc-by-4.0",
    body: str = "",
    card_fields: Mapping[str, Any] | None = None,
    num_shards: int = 1,
) -> Path:
    """Write `rows` (image columns as bytes, list<image> columns as lists of bytes) as a canonical dataset directory.

    `schema` is a compact schema or a `datasets.Features` (for extra columns of
    any type). `card_fields` adds YAML metadata to the card (tags, provenance,
    ...); `num_shards` splits the rows into `data/<split>-NNNNN-of-NNNNN.parquet`
    files. The card records the number of rows, which `load_dataset` checks.
    """
    import datasets
    from datasets.info import DatasetInfosDict
    from huggingface_hub import DatasetCardData

    directory = Path(directory)
    (directory / "data").mkdir(parents=True, exist_ok=True)
    features = schema if isinstance(schema, datasets.Features) else features_from(schema)
    kinds = {name: _kind(feature) for name, feature in features.items()}
    prepared = [
        {name: _prepared(kinds[name], value) for name, value in row.items() if name in kinds}
        for row in rows
    ]
    table = datasets.Dataset.from_list(prepared, features=features)
    num_shards = max(1, min(num_shards, len(table)))
    download_size = 0
    for index in range(num_shards):
        path = directory / "data" / f"{split}-{index:05d}-of-{num_shards:05d}.parquet"
        table.shard(num_shards, index, contiguous=True).to_parquet(str(path))
        download_size += path.stat().st_size
    card = DatasetCardData(
        pretty_name=pretty_name,
        license=license,
        configs=[
            {"config_name": "default", "data_files": [{"split": split, "path": f"data/{split}-*"}]}
        ],
        **dict(card_fields or {}),
    )
    num_bytes = table.data.nbytes
    info = datasets.DatasetInfo(
        features=features,
        splits=datasets.SplitDict(
            {split: datasets.SplitInfo(split, num_bytes=num_bytes, num_examples=len(table))}
        ),
        download_size=download_size,
        dataset_size=num_bytes,
    )
    DatasetInfosDict({"default": info}).to_dataset_card_data(card)
    (directory / "README.md").write_text(
        f"---\n{card.to_yaml()}\n---\n\n# {pretty_name}\n\n{body}".rstrip() + "\n", encoding="utf-8"
    )
    return directory


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
        return {"bytes": value, "path": None}
    if kind == "list<image>" and value is not None:
        return [{"bytes": item, "path": None} for item in value]
    return value

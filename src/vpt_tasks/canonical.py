"""Writing datasets in the canonical layout every task reads.

A canonical dataset directory is exactly what a Hub dataset repo holds:
`README.md` (dataset card with YAML `configs` and `dataset_info`) and
`data/<split>-00000-of-00001.parquet` with the image bytes embedded. The same
directory loads with `-T source=DIR`, with `datasets.load_dataset(DIR)`, and
uploads unchanged to the Hub.
"""

from __future__ import annotations

from collections.abc import Sequence
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
"""Canonical schemas of `data-schemas.md`; generated data may add columns (geometry)."""


def features_from(schema: dict[str, str]) -> Any:
    """`datasets.Features` from a compact schema (image, string, int, float, list<string>)."""
    import datasets

    simple = {"string": "string", "int": "int64", "float": "float64", "bool": "bool"}
    features = {}
    for name, kind in schema.items():
        if kind == "image":
            features[name] = datasets.Image()
        elif kind.startswith("list<") and kind.endswith(">"):
            features[name] = datasets.List(datasets.Value(simple[kind[5:-1]]))
        else:
            features[name] = datasets.Value(simple[kind])
    return datasets.Features(features)


def write_dataset(
    directory: str | Path,
    rows: Sequence[dict[str, Any]],
    schema: dict[str, str],
    *,
    split: str = "test",
    pretty_name: str,
    license: str = "cc-by-4.0",
    body: str = "",
) -> Path:
    """Write `rows` (image columns as bytes) as a canonical dataset directory."""
    import datasets
    from datasets.info import DatasetInfosDict
    from huggingface_hub import DatasetCardData

    directory = Path(directory)
    (directory / "data").mkdir(parents=True, exist_ok=True)
    features = features_from(schema)
    prepared = [
        {
            name: ({"bytes": value, "path": None} if schema[name] == "image" else value)
            for name, value in row.items()
            if name in schema
        }
        for row in rows
    ]
    table = datasets.Dataset.from_list(prepared, features=features)
    table.to_parquet(str(directory / "data" / f"{split}-00000-of-00001.parquet"))
    card = DatasetCardData(
        pretty_name=pretty_name,
        license=license,
        configs=[{"config_name": "default", "data_files": [{"split": split, "path": f"data/{split}-*"}]}],
    )
    info = datasets.DatasetInfo(features=features)
    DatasetInfosDict({"default": info}).to_dataset_card_data(card)
    (directory / "README.md").write_text(
        f"---\n{card.to_yaml()}\n---\n\n# {pretty_name}\n\n{body}".rstrip() + "\n", encoding="utf-8"
    )
    return directory

"""Builders of small Isle v1 sources (canonical directories and authors' CSV folders)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


def png(colour: tuple[int, int, int] = (0, 0, 0), size: int = 16) -> bytes:
    """A tiny valid PNG."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (size, size), colour).save(buffer, format="PNG")
    return buffer.getvalue()


@pytest.fixture
def canonical_dir(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """Write rows (default: synthetic bricks + dots at 16 px) as a canonical directory."""
    from vpt_tasks.core.canonical import write_dataset
    from vpt_tasks.isle_v1.spec import CANONICAL_SCHEMA as ISLE_V1_FEATURES

    def build(rows: list[dict[str, Any]], name: str = "isle_v1") -> Path:
        directory = tmp_path_factory.mktemp(name)
        write_dataset(directory, rows, ISLE_V1_FEATURES, pretty_name="test items")
        return directory

    return build


@pytest.fixture
def authors_csv(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """Write an authors'-format folder: data.csv + numbered images (optionally in images/)."""

    def build(
        rows: list[dict[str, Any]],
        *,
        images_subdir: bool = False,
        columns: list[str] | None = None,
        name: str = "authors",
    ) -> Path:
        directory = tmp_path_factory.mktemp(name)
        image_dir = directory / "images" if images_subdir else directory
        image_dir.mkdir(exist_ok=True)
        names = columns or [
            "id_image",
            "question",
            "gold_answer",
            "partition",
            "type_of_dataset",
            "task",
        ]
        with (directory / "data.csv").open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=names, extrasaction="ignore")
            writer.writeheader()
            for index, row in enumerate(rows):
                image_name = row.get("id_image", f"{index + 1}.png")
                if (
                    image_name
                    and not (image_dir / image_name).exists()
                    and row.get("write_image", True)
                ):
                    (image_dir / image_name).write_bytes(png((index * 20 % 255, 0, 0)))
                writer.writerow({"id_image": image_name, **row})
        return directory

    return build

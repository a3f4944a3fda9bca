"""Fixtures of the Omni-Perspective tests: canonical directories of synthetic items."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(scope="session")
def omni_dir(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """Write a canonical Omni-Perspective directory (split `val`); `rows` default to 200 items."""
    from hf_datasets.builders.synthetic.omni_perspective import synthetic_items
    from vpt_tasks.core.canonical import write_dataset
    from vpt_tasks.omni_perspective.spec import CANONICAL_SCHEMA as OMNI_PERSPECTIVE_FEATURES

    def build(rows: list[dict[str, Any]] | None = None, name: str = "omni") -> Path:
        directory = tmp_path_factory.mktemp(name)
        write_dataset(
            directory,
            rows if rows is not None else synthetic_items(200, size=16, seed=1),
            OMNI_PERSPECTIVE_FEATURES,
            split="val",
            pretty_name="test items",
        )
        return directory

    return build

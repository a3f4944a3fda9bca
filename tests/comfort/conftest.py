"""Fixtures of the COMFORT tests: small data in the upstream layout, written per test."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from vpt_tasks.comfort.geometry import RELATIONS


@pytest.fixture
def upstream_dir(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """Write schematic COMFORT data in the upstream layout and return its root."""
    from hf_datasets.builders.synthetic.comfort import write_upstream_layout

    def build(
        datasets: Iterable[str] = ("comfort_ball",),
        *,
        variations: Iterable[str] | None = ("default",),
        relations: Iterable[str] = tuple(RELATIONS),
        size: int = 16,
        as_zip: bool = False,
        name: str = "upstream",
    ) -> Path:
        root = tmp_path_factory.mktemp(name)
        return write_upstream_layout(
            root, datasets, relations=relations, variations=variations, size=size, as_zip=as_zip
        )

    return build

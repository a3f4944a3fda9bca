"""One dataset, however it is computed: `--workers 1`, `--workers 2`, `--shard I/3` + merge.

The real planner and runner with the stand-in renderer everywhere (the real
Blender renderer too where bpy is installed): same rows, same image bytes,
same frame hashes, same card. `test_ray_engine.py` adds `--engine ray`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.render.snapshots import BLENDER, DISTINCT, FRAMES, RENDERERS, render, snapshot
from vpt_tasks.cli import main
from vpt_tasks.render.runner import Manifest


@pytest.mark.parametrize("renderer", RENDERERS)
def test_workers_and_shards_make_the_same_dataset(tmp_path: Path, renderer: str) -> None:
    assert render(tmp_path / "one", renderer, "--workers", "1") == 0
    reference = snapshot(tmp_path / "one")
    assert len(reference.rows) == FRAMES and len(set(reference.images)) == DISTINCT

    assert render(tmp_path / "two", renderer, "--workers", "2") == 0
    assert snapshot(tmp_path / "two") == reference

    for index in (1, 2, 3):
        assert render(tmp_path / "shards", renderer, "--shard", f"{index}/3") == 0
    folders = sorted((tmp_path / "shards").iterdir())
    assert [f.name for f in folders] == ["shard-1-of-3", "shard-2-of-3", "shard-3-of-3"]
    # identical scenes stay in one shard: every distinct scene is drawn exactly once
    drawn = [
        key
        for folder in folders
        for key, entry in Manifest.of(folder).entries.items()
        if "copied_from" not in entry
    ]
    assert len(drawn) == DISTINCT
    assert main(["render", "merge", str(tmp_path / "merged"), *map(str, folders), "--quiet"]) == 0
    merged = snapshot(tmp_path / "merged")
    assert merged == reference
    # and a merge of the parent folder finds the same three shards
    assert main(["render", "merge", str(tmp_path / "again"), str(tmp_path / "shards")]) == 0
    assert snapshot(tmp_path / "again") == reference


@pytest.mark.skipif(
    __import__("importlib").util.find_spec("bpy") is None,
    reason="the render extra (bpy) is not installed",
)
def test_denoised_frames_of_two_processes_differ_by_at_most_one_level(tmp_path: Path) -> None:
    """OpenImageDenoise is not bit-reproducible across processes; the rows and near-all pixels are."""
    import numpy as np
    from PIL import Image

    base = ["--size", "64", "--samples", "4", "--renderer", BLENDER, "--frames", "9,27"]
    common = ["render", "comfort-ball", "--relations", "behind", "--variations", "default"]
    assert main([*common, *base, "--out", str(tmp_path / "one"), "--quiet"]) == 0
    assert main([*common, *base, "--out", str(tmp_path / "two"), "--workers", "2"]) == 0
    assert snapshot(tmp_path / "one").rows == snapshot(tmp_path / "two").rows
    frames = sorted((tmp_path / "one" / ".render" / "frames").rglob("*.png"))
    assert len(frames) == 2  # two distinct scenes: the second run draws them in two workers
    for frame in frames:
        other = tmp_path / "two" / frame.relative_to(tmp_path / "one")
        difference = np.abs(
            np.asarray(Image.open(frame), dtype=int) - np.asarray(Image.open(other), dtype=int)
        )
        assert difference.max() <= 1 and (difference > 0).any(axis=-1).mean() < 0.01

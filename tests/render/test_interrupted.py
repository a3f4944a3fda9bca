"""A render killed while writing its manifest resumes at the first try (issue "Hardening II" §6).

A kill can cut the manifest's last line. The next run re-renders that frame and must start a
new line for it: appended to the torn line, its entry was lost too, so the first resume failed
(a plain render: "frames missing from the manifest"; a shard: done, but merge refused) and only
the second worked. Each step runs `vpt-tasks` in a fresh process, as a user does.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.render.snapshots import STUB, settings_for, snapshot
from vpt_tasks.render.runner import MANIFEST

ROOT = Path(__file__).resolve().parents[2]
COMMAND = [
    *("render", "comfort-ball", "--relations", "infrontof", "--variations", "default"),
    *("--frames", "0,9,18,27", "--seed", "3", "--quiet"),
]
"""Four frames, four distinct scenes: small enough for a few fresh processes."""


def _vpt(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vpt_tasks.cli", *args],
        cwd=ROOT,  # the stand-in renderer is tests.render.stub_renderer
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=300,
    )


def _render(out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return _vpt(*COMMAND, *settings_for(STUB), "--out", str(out), *extra)


def _kill_mid_write(manifest: Path, keep: int) -> None:
    """What a kill leaves: the first `keep` entries whole, the next one cut mid-line."""
    lines = manifest.read_text("utf-8").splitlines()
    assert len(lines) >= keep + 2
    manifest.write_text("\n".join(lines[:keep]) + "\n" + lines[keep][: len(lines[keep]) // 2])


def test_a_plain_render_resumes_at_the_first_try(tmp_path: Path) -> None:
    reference = tmp_path / "reference"
    assert _render(reference).returncode == 0
    out = tmp_path / "out"
    assert _render(out).returncode == 0
    _kill_mid_write(next(out.rglob(MANIFEST)), keep=1)
    shutil.rmtree(out / "data")  # the kill came before the dataset was written
    resumed = _render(out)
    assert resumed.returncode == 0, resumed.stderr
    assert snapshot(out) == snapshot(reference)


def test_a_shard_resumes_at_the_first_try_and_merges(tmp_path: Path) -> None:
    reference = tmp_path / "reference"
    assert _render(reference).returncode == 0
    shards = tmp_path / "shards"
    for index in (1, 2):
        assert _render(shards, "--shard", f"{index}/2").returncode == 0
    first = sorted(shards.rglob(MANIFEST))[0]
    _kill_mid_write(first, keep=0)
    for index in (1, 2):
        done = _render(shards, "--shard", f"{index}/2")
        assert done.returncode == 0, done.stderr
    folders = sorted(p for p in shards.iterdir() if p.is_dir())
    merged = _vpt("render", "merge", str(tmp_path / "out"), *map(str, folders), "--quiet")
    assert merged.returncode == 0, merged.stderr
    assert snapshot(tmp_path / "out") == snapshot(reference)

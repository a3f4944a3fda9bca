"""`--engine ray` on a local Ray instance: the same dataset, retried shards, reported failures.

Skipped where Ray (the `scale` extra) is not installed. One Ray instance
(2 CPUs, no dashboard) serves the module and is shut down after it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.render.snapshots import BLENDER, DISTINCT, STUB, render, snapshot
from vpt_tasks.render.ray_engine import SHARDS_DIR
from vpt_tasks.render.runner import WORK_DIR

ray = pytest.importorskip("ray", reason="the scale extra (ray) is not installed")

pytestmark = pytest.mark.xdist_group("ray_engine")
"""Module-scoped fixtures run whole evals: keep the module in one worker so they run once."""

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def faults(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A local Ray instance whose workers see the stand-in's fault file (absent: no faults)."""
    spec = tmp_path_factory.mktemp("ray_faults") / "faults.json"
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": str(ROOT), "VPT_STUB_FAULTS": str(spec)}},
    )
    try:
        yield spec
    finally:
        ray.shutdown()


def test_ray_makes_the_same_dataset_retries_and_reports_failed_shards(
    tmp_path: Path, faults: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert render(tmp_path / "one", STUB) == 0
    reference = snapshot(tmp_path / "one")

    # a shard whose frame fails once is retried by Ray and the result is the same
    faults.write_text(json.dumps({"keys": ["comfort_ball/infrontof/color/09"], "times": 1}))
    ray_args = ("--engine", "ray", "--ray-shards", "3", "--retries", "1")
    assert render(tmp_path / "ray", STUB, *ray_args) == 0
    assert len(list((faults.parent / "attempts").iterdir())) == 1  # it did fail once
    assert snapshot(tmp_path / "ray") == reference
    assert not (tmp_path / "ray" / WORK_DIR / SHARDS_DIR).exists()  # merged and cleared
    assert f"{DISTINCT} rendered" in capsys.readouterr().out

    # a shard that keeps failing is reported with the command that renders it alone;
    # the other shards are kept, so the next run renders only that one
    faults.write_text(json.dumps({"keys": ["comfort_ball/infrontof/color/09"], "times": -1}))
    out = tmp_path / "again"
    assert render(out, STUB, *ray_args) == 1
    err = capsys.readouterr().err
    assert "1 of 3 shards failed after 1 retries" in err
    assert "injected failure drawing comfort_ball/infrontof/color/09" in err
    shards = out / WORK_DIR / SHARDS_DIR
    assert f"--out {shards} " in err and "--shard " in err
    assert len(list(shards.iterdir())) == 2 and not (out / "data").exists()

    faults.unlink()
    assert render(out, STUB, *ray_args) == 0
    assert "rendered" in capsys.readouterr().out
    assert snapshot(out) == reference
    assert render(out, STUB, *ray_args) == 0  # everything done: nothing submitted
    assert f"0 rendered, 0 copied from identical scenes, {20} already done" in (
        capsys.readouterr().out
    )


@pytest.mark.skipif(
    __import__("importlib").util.find_spec("bpy") is None,
    reason="the render extra (bpy) is not installed",
)
def test_ray_with_blender_makes_the_same_dataset(tmp_path: Path, faults: Path) -> None:
    assert render(tmp_path / "one", BLENDER) == 0
    assert render(tmp_path / "ray", BLENDER, "--engine", "ray", "--ray-shards", "3") == 0
    assert snapshot(tmp_path / "ray") == snapshot(tmp_path / "one")

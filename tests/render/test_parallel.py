"""Local parallel rendering: worker/thread arithmetic, spawned processes, failures and resuming."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from tests.render.snapshots import DISTINCT, FRAMES, STUB, render, snapshot
from vpt_tasks.cli import main
from vpt_tasks.render.parallel import plan_workers, run_in_processes
from vpt_tasks.render.runner import MANIFEST, WORK_DIR, Manifest


@pytest.mark.parametrize(
    ("workers", "threads", "cores", "expected"),
    [
        (None, 0, 8, (1, 0)),  # the default: one process with every core, as before
        (None, 1, 8, (8, 1)),  # --threads 1: one worker per core
        (None, 3, 8, (2, 3)),
        (None, 16, 8, (1, 16)),
        (4, 0, 8, (4, 2)),  # --workers 4: the cores shared between them
        (3, 0, 2, (3, 1)),  # more workers than cores still gets one thread each
        (2, 4, 8, (2, 4)),  # both given: as given
    ],
)
def test_workers_share_the_cores(workers, threads, cores, expected) -> None:
    assert plan_workers(workers, threads, cores=cores) == expected


def test_bad_worker_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="--workers must be at least 1"):
        plan_workers(0, 0, cores=4)
    with pytest.raises(ValueError, match="--threads"):
        plan_workers(2, -1, cores=4)


def test_jobs_run_in_other_processes() -> None:
    results = list(run_in_processes(_pid_of, range(6), 2))
    assert sorted(job for job, _ in results) == list(range(6))
    assert os.getpid() not in {pid for _, pid in results}


def _pid_of(job: int) -> tuple[int, int]:
    return job, os.getpid()


def test_a_failing_worker_stops_the_run_and_the_rest_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    faults = tmp_path / "faults.json"
    faults.write_text(json.dumps({"keys": ["comfort_ball/infrontof/color/09"], "times": -1}))
    monkeypatch.setenv("VPT_STUB_FAULTS", str(faults))  # spawned workers inherit it
    assert render(tmp_path / "out", STUB, "--workers", "2") == 1
    said = capsys.readouterr().err
    assert (
        "unexpected RuntimeError: injected failure drawing comfort_ball/infrontof/color/09" in said
    )
    assert not (tmp_path / "out" / "data").exists()  # no dataset from a failed run
    finished = Manifest.of(tmp_path / "out").entries
    assert "comfort_ball/infrontof/color/09" not in finished

    faults.unlink()
    capsys.readouterr()
    assert render(tmp_path / "out", STUB, "--workers", "2") == 0
    out = capsys.readouterr().out
    assert f"{len(finished)} already done" in out
    lines = (tmp_path / "out" / WORK_DIR / MANIFEST).read_text().splitlines()
    assert len(lines) == FRAMES and len({json.loads(line)["key"] for line in lines}) == FRAMES

    assert render(tmp_path / "plain", STUB) == 0
    assert snapshot(tmp_path / "out") == snapshot(tmp_path / "plain")


def test_parallel_masks_match_a_single_process(tmp_path: Path) -> None:
    assert render(tmp_path / "one", STUB, "--masks") == 0
    assert render(tmp_path / "two", STUB, "--masks", "--workers", "2") == 0
    masks = {
        folder: {
            p.relative_to(tmp_path / folder).as_posix(): p.read_bytes()
            for p in sorted((tmp_path / folder / WORK_DIR / "masks").rglob("*.png"))
        }
        for folder in ("one", "two")
    }
    assert len(masks["one"]) == FRAMES and masks["one"] == masks["two"]
    assert len(set(masks["one"].values())) == DISTINCT


def test_without_bpy_workers_fail_before_starting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "bpy", None)
    argv = ["render", "comfort-ball", "--out", str(tmp_path), "--frames", "0,9", "--size", "8"]
    assert main([*argv, "--workers", "2", "--quiet"]) == 2
    assert "pip install 'vpt-tasks[render]'" in capsys.readouterr().err

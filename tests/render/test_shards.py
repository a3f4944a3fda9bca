"""Shards and merging: the slice rule, the fingerprint, refusals and re-run commands."""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import pytest

from tests.render.snapshots import STUB, render, snapshot
from vpt_tasks.cli import main
from vpt_tasks.render.comfort_plan import ComfortOptions, plan_comfort_ball
from vpt_tasks.render.merge import MergeError, merge_shards
from vpt_tasks.render.scene import RenderSettings
from vpt_tasks.render.shards import Shard, ShardInfo, assign, fingerprint, render_shard

SETTINGS = RenderSettings(size=16, samples=1)


def test_shard_syntax() -> None:
    assert Shard.parse("2/8") == Shard(2, 8) and str(Shard(2, 8)) == "2/8"
    assert Shard(3, 12).folder == "shard-03-of-12" and Shard(1, 1).folder == "shard-1-of-1"
    for bad in ("0/3", "4/3", "2", "a/b", "1/0"):
        with pytest.raises(ValueError, match="shard"):
            Shard.parse(bad)


def test_distinct_scenes_are_dealt_round_robin_with_their_copies() -> None:
    plans = plan_comfort_ball(
        ComfortOptions(
            relations=("infrontof", "behind"), variations=("default",), frames=(0, 18, 36)
        )
    )
    # infrontof 0, 18, 36 then behind 0, 18, 36: scene A (phi 0) = infrontof 0 = infrontof 36 =
    # behind 18; scene B (phi 180) = infrontof 18 = behind 0 = behind 36
    assert [p.key.split("/", 1)[1] for p in plans] == [
        "infrontof/default/00",
        "infrontof/default/18",
        "infrontof/default/36",
        "behind/default/00",
        "behind/default/18",
        "behind/default/36",
    ]
    assert assign(plans, SETTINGS, 2) == [1, 2, 1, 2, 1, 2]
    assert assign(plans, SETTINGS, 3) == [1, 2, 1, 2, 1, 2]  # shard 3 is empty
    assert assign(plans, SETTINGS, 1) == [1] * 6
    assert Shard(2, 2).select(plans, SETTINGS) == [plans[1], plans[3], plans[5]]


def test_the_fingerprint_covers_plan_seed_and_settings() -> None:
    options = ComfortOptions(relations=("behind",), variations=("default",), frames=(0, 9))
    plans = plan_comfort_ball(options)
    same = fingerprint(plan_comfort_ball(options), SETTINGS)
    assert fingerprint(plans, SETTINGS) == same
    assert fingerprint(plans[:1], SETTINGS) != same
    assert fingerprint(plans, RenderSettings(size=16, samples=2)) != same
    assert fingerprint(plans, RenderSettings(size=16, samples=1, seed=1)) != same
    other_seed = plan_comfort_ball(
        ComfortOptions(relations=("behind",), variations=("distractor",), frames=(0, 9), seed=1)
    )
    assert fingerprint(other_seed, SETTINGS) != fingerprint(
        plan_comfort_ball(
            ComfortOptions(relations=("behind",), variations=("distractor",), frames=(0, 9))
        ),
        SETTINGS,
    )


def _shards(parent: Path, count: int = 3, *extra: str) -> list[Path]:
    for index in range(1, count + 1):
        assert render(parent, STUB, "--shard", f"{index}/{count}", *extra) == 0
    return sorted(parent.iterdir())


def _merge(out: Path, *folders: Path) -> int:
    return main(["render", "merge", str(out), *map(str, folders), "--quiet"])


def test_merge_refuses_missing_duplicated_foreign_and_incomplete_shards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one, two, three = _shards(tmp_path / "shards")
    info = ShardInfo.read(two)
    assert info.shard == "2/3" and "--shard" not in str(info.command)
    assert info.command.startswith("vpt-tasks render comfort-ball --out ")
    capsys.readouterr()
    out = tmp_path / "out"

    assert _merge(out, one, three) == 2
    err = capsys.readouterr().err
    assert "shard 2/3 is missing" in err
    assert f"{info.command} --shard 2/3" in err  # the exact command that renders it

    copy = tmp_path / "elsewhere" / "shard-2-of-3"
    shutil.copytree(two, copy)
    assert _merge(out, one, two, three, copy) == 2
    assert "shard 2/3 is given twice" in capsys.readouterr().err

    assert render(tmp_path / "other", STUB, "--shard", "2/3", "--seed", "4") == 0
    capsys.readouterr()
    assert _merge(out, one, tmp_path / "other" / "shard-2-of-3", three) == 2
    assert "rendered by different commands" in capsys.readouterr().err

    assert render(tmp_path / "halves", STUB, "--shard", "1/2") == 0
    capsys.readouterr()
    assert _merge(out, one, two, tmp_path / "halves" / "shard-1-of-2") == 2
    assert "split the plan the same number of ways" in capsys.readouterr().err

    first_frame = next((three / ".render" / "frames").rglob("*.png"))
    first_frame.write_bytes(b"damaged")
    assert _merge(out, one, two, three) == 2
    err = capsys.readouterr().err
    assert "shard 3/3 in" in err and "is incomplete" in err and "--shard 3/3" in err
    assert not out.exists()  # nothing written by a refused merge

    assert render(tmp_path / "shards", STUB, "--shard", "3/3") == 0  # re-renders the damaged frame
    assert _merge(out, one, two, three) == 0
    assert render(tmp_path / "plain", STUB) == 0
    assert snapshot(out) == snapshot(tmp_path / "plain")


def test_a_foreign_plan_is_refused_through_the_api(tmp_path: Path) -> None:
    plans = plan_comfort_ball(
        ComfortOptions(relations=("behind",), variations=("default",), frames=(0, 9, 18))
    )
    from tests.render.snapshots import STUB as module
    from vpt_tasks.render.renderer import Renderer

    folder, report = render_shard(
        plans, Shard(1, 1), tmp_path, SETTINGS, renderer=Renderer(module), progress=False
    )
    assert report.rendered == 3 and folder == tmp_path / "shard-1-of-1"
    with pytest.raises(MergeError, match="is a shard of another plan"):
        merge_shards(tmp_path / "out", plans[:2], SETTINGS, [folder])
    with pytest.raises(MergeError, match="is a shard of another plan"):
        merge_shards(tmp_path / "out", plans, RenderSettings(size=16, samples=2), [folder])
    with pytest.raises(ValueError, match="holds shard 1/1 of another plan"):
        render_shard(plans[:2], Shard(1, 1), tmp_path, SETTINGS, renderer=Renderer(module))
    merged = merge_shards(tmp_path / "out", plans, SETTINGS, [tmp_path])
    assert (merged.shards, merged.imported, merged.present) == (1, 3, 0)
    merged = merge_shards(tmp_path / "out", plans, SETTINGS, [tmp_path])
    assert (merged.imported, merged.present) == (0, 3)  # merging again copies nothing


def test_a_failing_shard_prints_the_command_that_re_runs_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    faults = tmp_path / "faults.json"
    faults.write_text(json.dumps({"keys": ["comfort_ball/infrontof/color/09"], "times": -1}))
    monkeypatch.setenv("VPT_STUB_FAULTS", str(faults))
    parent = tmp_path / "shards"
    results = [render(parent, STUB, "--shard", f"{index}/2") for index in (1, 2)]
    assert sorted(results) == [0, 1]
    failed = results.index(1) + 1
    err = capsys.readouterr().err
    assert (
        f"shard {failed}/2 failed: injected failure drawing comfort_ball/infrontof/color/09" in err
    )
    command = err.split("re-run it with (its finished frames are kept):\n", 1)[1].splitlines()[0]
    assert command.strip().startswith("vpt-tasks render comfort-ball ")
    assert command.strip().endswith(f"--shard {failed}/2")

    faults.unlink()
    assert main(shlex.split(command)[1:]) == 0  # exactly the printed command
    assert _merge(tmp_path / "out", parent) == 0
    assert render(tmp_path / "plain", STUB) == 0
    assert snapshot(tmp_path / "out") == snapshot(tmp_path / "plain")


def test_dry_run_of_a_shard_counts_its_frames(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert render(tmp_path, STUB, "--shard", "2/3", "--dry-run") == 0
    out = capsys.readouterr().out
    assert "comfort-ball: 20 frames (8 distinct scenes)" in out and "shard 2/3: " in out
    assert not list(tmp_path.iterdir())


def test_a_shard_folder_of_another_plan_is_not_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert render(tmp_path, STUB, "--shard", "1/2") == 0
    assert render(tmp_path, STUB, "--shard", "1/2", "--seed", "5") == 2
    err = capsys.readouterr().err
    assert "holds shard 1/2 of another plan" in err and "Traceback" not in err

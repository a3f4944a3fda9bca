"""`vpt-tasks render`: options, dry runs, and a clear message without Blender."""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from vpt_tasks.cli import main
from vpt_tasks.render import cli as render_cli


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    render_cli.add_arguments(parser)
    return parser.parse_args(argv)


def test_dry_run_plans_without_blender(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", "isle-brick", "--out", str(tmp_path), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "isle-brick: 144 frames (144 distinct scenes)" in out
    assert "(two directions: 52)" in out and "gold_q6: {'no': 72, 'yes': 72}" in out
    assert (
        main(["render", "comfort-ball", "--out", str(tmp_path), "--dry-run", "--frames", "0-36"])
        == 0
    )
    out = capsys.readouterr().out
    assert (
        "comfort-ball: 740 frames (288 distinct scenes)" in out
        and "20 paths, frames per path: [37]" in out
    )
    assert (
        main(
            [
                "render",
                "comfort-car",
                "--out",
                str(tmp_path),
                "--dry-run",
                "--variations",
                "car,horse",
                "--frames",
                "0,9",
            ]
        )
        == 0
    )
    assert "comfort-car: 32 frames" in capsys.readouterr().out
    assert not list(tmp_path.iterdir())  # nothing written


def test_comfort_car_dry_run_plans_the_ten_relata(capsys: pytest.CaptureFixture[str]) -> None:
    """The full COMFORT-CAR plan: 2 facings x 4 relations x 10 relata x 37 frames."""
    assert main(["render", "comfort-car", "--dry-run"]) == 0
    out = capsys.readouterr().out
    # 36 distinct positions per (facing, relatum): the four relations visit the same ones
    assert "comfort-car: 2960 frames (720 distinct scenes)" in out
    assert "80 paths, frames per path: [37]" in out
    assert main(["render", "comfort-car", "--dry-run", "--variations", "bed,bicycle,duck"]) == 0
    assert "comfort-car: 888 frames (216 distinct scenes)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["isle-brick", "--objects", "unicorn"], "objects: unknown"),
        (["isle-brick", "--two-direction-shares", "0.3,0.2"], "three numbers"),
        (["comfort-ball", "--variations", "car"], "variations: unknown"),
        (["comfort-car", "--frames", "40"], "frames must be between 0 and 36"),
        (["isle-brick", "--size", "0"], "--size must be at least 1"),
    ],
)
def test_bad_options_fail_with_a_message(
    argv, message, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["render", *argv, "--out", str(tmp_path)]) == 2
    assert message in capsys.readouterr().err


def test_without_bpy_the_message_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "bpy", None)  # import bpy now raises ImportError
    assert (
        main(
            [
                "render",
                "comfort-ball",
                "--out",
                str(tmp_path),
                "--limit",
                "1",
                "--size",
                "8",
                "--quiet",
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert "pip install 'vpt-tasks[render]'" in err and "numpy<2" in err


def test_command_line_reproduces_the_options(tmp_path: Path) -> None:
    args = parse(
        [
            "isle-brick",
            "--out",
            str(tmp_path),
            "--seed",
            "7",
            "--objects",
            "dog,cat",
            "--occluder",
            "--yaw-step",
            "45",
        ]
    )
    command = render_cli.command_line(args)
    assert command.startswith("vpt-tasks render isle-brick ")
    again = parse(shlex.split(command)[2:])
    assert vars(again) == vars(args)
    assert "--dry-run" not in command and "--occluder" in command and "--objects dog,cat" in command


def test_planning_never_imports_bpy() -> None:
    code = (
        "import sys, vpt_tasks.render, vpt_tasks.render.cli, vpt_tasks.render.runner, vpt_tasks.render.blender\n"
        "import vpt_tasks.render.parallel, vpt_tasks.render.shards, vpt_tasks.render.merge\n"
        "import vpt_tasks.render.ray_engine, vpt_tasks.render.renderer\n"
        "from vpt_tasks.render.isle_plan import plan_isle_brick, IsleBrickOptions\n"
        "from vpt_tasks.render.comfort_plan import plan_comfort_car, ComfortOptions\n"
        "plan_isle_brick(IsleBrickOptions(objects=('dog',))); plan_comfort_car(ComfortOptions(frames=(0,)))\n"
        "print('bpy' in sys.modules, 'ray' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False False"


def test_execution_options_stay_out_of_the_recorded_command(tmp_path: Path) -> None:
    plain = parse(["comfort-ball", "--out", str(tmp_path), "--frames", "0,9"])
    scaled = parse(
        [
            "comfort-ball",
            "--out",
            str(tmp_path),
            "--frames",
            "0,9",
            "--workers",
            "3",
            "--threads",
            "2",
            "--shard",
            "2/5",
            "--engine",
            "ray",
            "--ray-shards",
            "4",
            "--retries",
            "1",
        ]
    )
    # the dataset card and the shards record the same command however the frames are computed
    assert render_cli.command_line(scaled) == render_cli.command_line(plain)
    assert "--workers" not in render_cli.command_line(scaled)
    with_renderer = parse(["comfort-ball", "--out", str(tmp_path), "--renderer", "my.module"])
    assert "--renderer my.module" in render_cli.command_line(with_renderer)  # it changes the bytes


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--engine", "ray", "--shard", "1/2"], "--engine ray renders all of them"),
        (["--engine", "ray", "--workers", "2"], "--workers is for the local engine"),
        (["--engine", "ray", "--ray-shards", "0"], "--ray-shards must be at least 1"),
        (["--workers", "0"], "--workers must be at least 1"),
    ],
)
def test_contradictory_scaling_options_fail_with_a_message(
    argv, message, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["render", "comfort-ball", "--out", str(tmp_path), *argv]) == 2
    assert message in capsys.readouterr().err


def test_without_ray_the_message_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    argv = ["render", "comfort-ball", "--out", str(tmp_path), "--frames", "0", "--size", "8"]
    assert main([*argv, "--engine", "ray", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert 'pip install "vpt-tasks[scale]"' in err and len(err.strip().splitlines()) == 1


def test_merge_without_shards_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", "merge", str(tmp_path / "out"), str(tmp_path)]) == 2
    assert "holds none (shard.json missing)" in capsys.readouterr().err
    assert main(["render", "merge", str(tmp_path / "out"), str(tmp_path / "nowhere")]) == 2
    assert "does not exist" in capsys.readouterr().err

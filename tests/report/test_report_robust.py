"""Issue 19 §8: `vpt-tasks report` survives any log and renders any name.

Logs are real runs of the demo, edited the way a user's logs can differ (a NaN task
argument, a model name with `$…$`, `|` and HTML, a user's own task with one of our task
names), then reported through the console command.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from inspect_ai import Task, eval, task
from inspect_ai.dataset import Sample
from inspect_ai.log import read_eval_log, write_eval_log

from tests.helpers import run
from vpt_tasks.cli import main

ODD = "lab/odd $x^{2$ | <b>model</b>"  # "$x^{2$" is broken mathtext


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("robust_logs")
    args = {"source": "demo", "grader": "rules"}
    plain = run("vpt_tasks/isle_brick_v1", "vpt_tasks/random", folder, task_args=args)
    odd = read_eval_log(plain.location)
    odd.eval.model = ODD
    odd.eval.task_args = {**odd.eval.task_args, "note": float("nan"), "tag": "a|b<i>"}
    odd.eval.task_args_passed = {**odd.eval.task_args_passed, "tag": "a|b<i>"}
    odd.eval.eval_id += "-odd"
    odd.eval.task_id += "-odd"
    write_eval_log(odd, str(folder / "odd.eval"))
    return folder


def test_odd_names_and_a_nan_argument_are_reported_as_they_are(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", str(logs), "--out", str(tmp_path)]) == 0
    text = (tmp_path / "report.md").read_text()
    # the model name is one cell: no column shift, no HTML, no math
    row = next(
        line for line in text.splitlines() if "odd $x^{2$" in line and "defaults" not in line
    )
    assert "lab/odd $x^{2$ &#124; &lt;b&gt;model&lt;/b&gt;" in row
    header = next(line for line in text.splitlines() if line.startswith("| slice |"))
    assert header.count("|") == 4  # slice + two models
    assert "tag=a&#124;b&lt;i&gt;" in text
    numbers = json.loads((tmp_path / "report.json").read_text())
    odd = next(r for r in numbers if r["model"] == ODD)
    assert odd["label"] == ODD and odd["task_args"]["note"] is None
    assert list(tmp_path.glob("*.png"))  # the figures were drawn


def test_a_users_own_task_with_our_name_is_not_taken_for_the_benchmark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    @task
    def isle_brick() -> Task:
        return Task(dataset=[Sample(input="hi", target="x")])

    eval(isle_brick(), model="vpt_tasks/random", log_dir=str(tmp_path / "logs"), display="none")
    assert main(["report", str(tmp_path / "logs"), "--out", str(tmp_path / "out")]) == 1
    assert "is not a vpt_tasks task" in capsys.readouterr().err


def test_a_section_that_fails_loses_only_itself(
    logs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(logs: list, out: Path) -> list[str]:
        raise ValueError("a figure went wrong")

    monkeypatch.setattr("vpt_tasks.isle_v1.report.render_bricks", broken)
    assert main(["report", str(logs), "--out", str(tmp_path)]) == 1
    text = (tmp_path / "report.md").read_text()
    assert "could not be rendered (ValueError: a figure went wrong)" in text
    assert (tmp_path / "report.json").is_file()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_out_is_one_line(logs: Path, tmp_path: Path, capsys) -> None:
    tmp_path.chmod(0o500)
    try:
        assert main(["report", str(logs), "--out", str(tmp_path / "out")]) == 2
    finally:
        tmp_path.chmod(0o700)
    assert "cannot create --out" in capsys.readouterr().err


def test_out_under_a_file_and_a_full_disk_are_one_line(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    assert main(["report", str(logs), "--out", str(a_file / "out")]) == 2
    assert "cannot create --out" in capsys.readouterr().err

    def full(self: Path, *args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device", str(self))

    monkeypatch.setattr(Path, "write_text", full)
    assert main(["report", str(logs), "--out", str(tmp_path / "out2")]) == 2
    err = capsys.readouterr().err
    assert "No space left on device" in err and "Traceback" not in err

"""`vpt-tasks report` on Isle-Brick-V2 logs made in the test by baseline providers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.log import list_eval_logs, read_eval_log
from inspect_ai.model import get_model
from PIL import Image

from vpt_tasks.cli import main
from vpt_tasks.isle_brick.task import isle_brick


@pytest.fixture(scope="module")
def log_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("logs")
    eval(
        isle_brick(source="demo"), model="vpt_tasks/random", log_dir=str(directory), display="none"
    )
    eval(
        isle_brick(source="demo"),
        model=get_model("vpt_tasks/constant", answer="north-east", memoize=False),
        log_dir=str(directory),
        display="none",
    )
    return directory


def _table_cells(markdown: str, header: str) -> dict[str, list[str]]:
    section = markdown.split(header, 1)[1].split("\n\n", 2)[1]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("|")]
    return {cells[0].strip(): [c.strip() for c in cells[1:]] for cells in rows[2:]} | {
        "": [c.strip() for c in rows[0][1:]]
    }


def test_report_numbers_equal_log_metrics(log_dir: Path, tmp_path: Path) -> None:
    assert main(["report", str(log_dir), "--out", str(tmp_path)]) == 0
    markdown = (tmp_path / "report.md").read_text()
    table = _table_cells(markdown, "paper Table 2")
    columns = table[""]
    logs = [read_eval_log(info.name) for info in list_eval_logs(str(log_dir))]
    for log in logs:
        metrics = {k: v.value for k, v in log.results.scores[0].metrics.items()}
        column = columns.index(log.eval.model)
        for qid in ("Q1", "Q4", "Q7"):
            expected = (
                f"{100 * metrics[qid]:.1f} [{100 * metrics[qid + '_ci_low']:.1f}, "
                f"{100 * metrics[qid + '_ci_high']:.1f}]"
            )
            assert table[qid][column] == expected
        assert table["spatial reasoning"][-1] == f"{100 * metrics['chance_spatial_reasoning']:.1f}"
    types = re.findall(r"\| vpt_tasks/constant \| Q4 \| (\d+) \| (\d+) \| (\d+) \|", markdown)
    assert types == [("8", "0", "0")]  # "north-east" is compound for every Q4 item


def test_figures_are_valid_images(log_dir: Path, tmp_path: Path) -> None:
    main(["report", str(log_dir), "--out", str(tmp_path)])
    markdown = (tmp_path / "report.md").read_text()
    figures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", markdown)
    assert len(figures) == 3  # categories + one co-occurrence figure per model
    for name in figures:
        with Image.open(tmp_path / name) as picture:
            picture.verify()
        with Image.open(tmp_path / name) as picture:
            assert picture.format == "PNG"
            assert 300 <= picture.width <= 3000 and 200 <= picture.height <= 2000


def test_unsupported_and_failed_logs_get_a_message(tmp_path: Path, capsys) -> None:
    other = Task(dataset=[Sample(input="hi", target="x")], name="not_ours")
    eval(
        other,
        model=get_model("vpt_tasks/constant", answer="x", memoize=False),
        log_dir=str(tmp_path / "l"),
        display="none",
    )
    eval(
        isle_brick(source="demo", questions="Q5", extractor="llm"),
        model="vpt_tasks/random",
        log_dir=str(tmp_path / "l"),
        display="none",
    )  # fails: no grader role
    (tmp_path / "l" / "junk.eval").write_bytes(b"not a zip")
    assert main(["report", str(tmp_path / "l"), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "task 'not_ours' has no report section" in err
    assert "the eval is 'error', not finished successfully" in err
    assert "junk.eval: not a readable Inspect eval log" in err
    assert "Traceback" not in err


def test_labels_of_one_model_name_the_differing_arguments() -> None:
    from types import SimpleNamespace

    from vpt_tasks.report.logs import model_labels

    def fake(model: str, **task_args):
        return SimpleNamespace(
            eval=SimpleNamespace(model=model, task_args=task_args, eval_id="abcdefghij")
        )

    logs = [
        fake("m/a", source="demo", solver="zero_shot"),
        fake("m/a", source="demo", solver="cot"),
        fake("m/b", source="demo", solver="cot"),
        fake("m/c", source="demo"),
        fake("m/c", source="demo"),
    ]
    assert model_labels(logs) == [
        "m/a (solver=zero_shot)",
        "m/a (solver=cot)",
        "m/b",
        "m/c (abcdefgh)",
        "m/c (abcdefgh)",
    ]

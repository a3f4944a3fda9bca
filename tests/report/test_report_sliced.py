"""`vpt-tasks report` on Isle v1, Isle-Dots and Omni-Perspective logs made by baseline providers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from inspect_ai import eval
from inspect_ai.log import list_eval_logs, read_eval_log
from inspect_ai.model import get_model
from PIL import Image

from vpt_tasks.cli import main
from vpt_tasks.isle_v1.task import isle_brick_v1, isle_dots
from vpt_tasks.omni_perspective.task import omni_perspective
from vpt_tasks.report.logs import fmt, log_details

pytestmark = pytest.mark.xdist_group("report_sliced")
"""Module-scoped fixtures run whole evals: keep the module in one worker so they run once."""

SHOWN = {
    "isle_brick_v1": (
        "Isle-Bricks v1",
        ["accuracy", "both_orders_correct", "consistency", "unknown_rate"],
    ),
    "isle_dots": ("Isle-Dots", ["accuracy", "both_orders_correct", "consistency", "unknown_rate"]),
    "omni_perspective": (
        "Omni-Perspective",
        ["circular_accuracy", "vanilla_accuracy", "rotation0_accuracy"],
    ),
}


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    logs = tmp_path_factory.mktemp("logs")
    out = tmp_path_factory.mktemp("out")
    for model in ("vpt_tasks/random", get_model("vpt_tasks/constant", answer="A", memoize=False)):
        tasks = [
            isle_brick_v1(source="demo", grader="rules"),
            isle_dots(source="demo", grader="rules"),
            omni_perspective(source="demo", grader="rules"),
        ]
        eval(tasks, model=model, log_dir=str(logs), display="none")
    assert main(["report", str(logs), "--out", str(out)]) == 0
    return logs, out


def _section_tables(markdown: str, title: str) -> dict[str, dict[str, list[str]]]:
    section = markdown.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
    tables: dict[str, dict[str, list[str]]] = {}
    for block in re.split(r"\n### ", section)[1:]:
        heading, *rows = [line for line in block.splitlines() if line.strip()]
        cells = [
            [c.strip() for c in row.strip("|").split("|")] for row in rows if row.startswith("|")
        ]
        tables[heading] = {row[0]: row[1:] for row in cells if not row[0].startswith("---")}
    return tables


def test_tables_equal_the_log_metrics(report: tuple[Path, Path]) -> None:
    logs, out = report
    markdown = (out / "report.md").read_text()
    checked = 0
    for info in list_eval_logs(str(logs)):
        log = read_eval_log(info.name)
        task = log.eval.task.split("/")[-1]
        title, metric_names = SHOWN[task]
        # the sliced metric tables (a "slice" column); the paper tables after them differ
        tables = [t for t in _section_tables(markdown, title).values() if "slice" in t]
        metrics = log_details(log)  # the printed metrics and the details
        for table, metric in zip(tables, metric_names, strict=True):
            column = table["slice"].index(log.eval.model)
            assert table["overall"][column] == fmt(metrics[metric])
            for key, value in metrics.items():
                if key.endswith(f"/{metric}"):
                    assert table[key[: -len(metric) - 1]][column] == fmt(value)
                    checked += 1
    assert checked > 30


def test_always_a_rows_show_the_acceptance_values(report: tuple[Path, Path]) -> None:
    markdown = (report[1] / "report.md").read_text()
    bricks = _section_tables(markdown, "Isle-Bricks v1")
    column = bricks["Accuracy averaged over both option orders (%)"]["slice"].index(
        "vpt_tasks/constant"
    )
    assert bricks["Accuracy averaged over both option orders (%)"]["overall"][column] == "50.0"
    assert bricks["Answer consistency across orders (%)"]["overall"][column] == "0.0"
    omni = _section_tables(markdown, "Omni-Perspective")
    assert omni["Circular accuracy (%)"]["overall"][column] == "0.0"


def test_figures_are_valid_images(report: tuple[Path, Path]) -> None:
    out = report[1]
    figures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", (out / "report.md").read_text())
    assert sorted(figures) == [
        "isle_brick_v1_slices.png",
        "isle_dots_slices.png",
        "omni_perspective_slices.png",
    ]
    for name in figures:
        with Image.open(out / name) as picture:
            picture.verify()
        with Image.open(out / name) as picture:
            assert picture.format == "PNG" and picture.width >= 400 and picture.height >= 300


def test_models_appear_in_the_same_order_in_every_table(report: tuple[Path, Path]) -> None:
    markdown = (report[1] / "report.md").read_text()
    headers = [
        [cell.strip() for cell in line.strip("|").split("|")][1:]
        for line in markdown.splitlines()
        if line.startswith("| slice |")
    ]
    assert len(headers) == 4 + 4 + 3  # every table of the three sections
    assert all(header == headers[0] for header in headers)
    assert headers[0] == sorted(headers[0])  # vpt_tasks/constant before vpt_tasks/random


def test_the_slice_figure_reads_cleanly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every value at 100%, next to a real run: the heatmaps show each run's numbers in its
    row, and nothing overlaps or runs off the figure (tests/report/test_figures.py draws it
    with 1, 6 and 12 runs)."""
    from inspect_ai.log import EvalMetric

    import vpt_tasks.report.sliced as sliced
    from tests.report.figure_checks import layout_problems
    from vpt_tasks.isle_v1.report import render_bricks

    figures = []
    monkeypatch.setattr(sliced, "save", lambda figure, path: figures.append(figure) or path.name)
    (log,) = eval(
        isle_brick_v1(source="demo", grader="rules"),
        model="vpt_tasks/random",
        log_dir=str(tmp_path),
        display="none",
    )
    full = log.model_copy(deep=True)
    printed = full.results.scores[0].metrics
    for key in log_details(log):
        if key.endswith(("accuracy", "consistency")):
            printed[key] = EvalMetric(name=key, value=1.0)
    render_bricks([full, log], tmp_path)
    (figure,) = figures
    assert layout_problems(figure) == []
    first = figure.axes[0]
    row = {t.get_text() for t in first.texts if round(t.get_position()[1]) == 0}
    assert row == {"100"}

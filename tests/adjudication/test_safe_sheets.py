"""Sheets safe to open: formula-leading cells neutralised, images only from the log's own
embedded data, long answers cut to fit a cell (full text on the page). Through the CLI."""

from __future__ import annotations

from pathlib import Path

from inspect_ai.log import read_eval_log, write_eval_log
from PIL import Image

from tests.adjudication.conftest import FORMULA
from tests.adjudication.shell import read_sheet, vpt_tasks
from vpt_tasks.adjudication.cells import CELL_LIMIT


def _export(tmp_path: Path, *logs: Path) -> list[dict[str, str]]:
    result = vpt_tasks("adjudicate", *map(str, logs), "--out", "sheet", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return read_sheet(tmp_path / "sheet" / "sheet.csv")


def test_formula_answers_are_written_as_text(tmp_path: Path, logs: dict[str, Path]) -> None:
    rows = _export(tmp_path, logs["isle_brick_v1"])
    assert rows and all(row["answer"] == "'" + FORMULA for row in rows)
    raw = (tmp_path / "sheet" / "sheet.csv").read_text(encoding="utf-8-sig")
    cells = [cell for line in raw.splitlines() for cell in line.split(",")]
    assert not [c for c in cells if c.lstrip('"').startswith(("=", "+", "-", "@"))]


def test_an_image_path_named_in_a_log_is_never_read(tmp_path: Path, logs: dict[str, Path]) -> None:
    secret = tmp_path / "secret.png"
    Image.new("RGB", (8, 8), (255, 0, 0)).save(secret)
    log = read_eval_log(str(logs["isle_dots"]))
    samples = log.samples or []
    # sample 0 names the file directly, sample 1 through an attachment; the rest embed data
    samples[0].input[0].content[0].image = str(secret)
    [attachment] = samples[1].input[0].content[0].image.removeprefix("attachment://").split()
    samples[1].attachments[attachment] = str(secret)
    write_eval_log(log, str(logs["isle_dots"]))

    rows = _export(tmp_path, logs["isle_dots"])
    by_id = {row["sample_id"]: row for row in rows}
    assert by_id[str(samples[0].id)]["image"] == "" and by_id[str(samples[1].id)]["image"] == ""
    pictures = sorted((tmp_path / "sheet" / "images").glob("*.png"))
    assert len(pictures) == len(rows) - 2  # every embedded image still has its thumbnail
    assert all(Image.open(p).getpixel((0, 0)) != (255, 0, 0) for p in pictures)
    page = (tmp_path / "sheet" / "index.html").read_text(encoding="utf-8")
    assert str(secret) not in page and "no image in the log" in page


def test_a_long_answer_is_cut_to_fit_a_cell_and_whole_on_the_page(
    tmp_path: Path, logs: dict[str, Path]
) -> None:
    log = read_eval_log(str(logs["isle_dots"]))
    long = "the minifigure " * 8_000  # 120,000 characters
    output = (log.samples or [])[0].output
    output.choices[0].message.content = long
    output.completion = long
    write_eval_log(log, str(logs["isle_dots"]))
    rows = _export(tmp_path, logs["isle_dots"])
    cell = rows[0]["answer"]
    assert len(long) == 120_000 and len(cell) <= CELL_LIMIT
    assert "[cut: " in cell and "index.html, row 1" in cell and long.startswith(cell[:1000])
    page = (tmp_path / "sheet" / "index.html").read_text(encoding="utf-8")
    assert long.strip() in page


def test_each_row_and_the_page_name_task_model_log_and_sample(
    tmp_path: Path, logs: dict[str, Path]
) -> None:
    rows = _export(tmp_path, logs["isle_dots"])
    log = read_eval_log(str(logs["isle_dots"]), header_only=True)
    page = (tmp_path / "sheet" / "index.html").read_text(encoding="utf-8")
    for row in rows:
        assert (row["task"], row["model"], row["eval_id"]) == (
            "vpt_tasks/isle_dots",
            "vpt_tasks/constant",
            log.eval.eval_id,
        )
        assert Path(row["log"]).name == logs["isle_dots"].name and row["sample_id"] in page
    assert "vpt_tasks/isle_dots" in page and "vpt_tasks/constant" in page
    assert logs["isle_dots"].name in page

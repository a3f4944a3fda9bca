"""`--apply` through the CLI: locked, all-or-nothing, idempotent; it refuses conflicting
duplicates, invalid decisions and rows of another log or task (listing them), and reads
sheets as Excel and LibreOffice save them."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from inspect_ai.log import read_eval_log, write_eval_log

from tests.adjudication.shell import VPT_TASKS, read_sheet, vpt_tasks, write_sheet
from tests.helpers import metrics


def _export(tmp_path: Path, *logs: Path) -> list[dict[str, str]]:
    result = vpt_tasks("adjudicate", *map(str, logs), "--out", "sheet", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return read_sheet(tmp_path / "sheet" / "sheet.csv")


def _decide(rows: list[dict[str, str]], count: int, decision: str = "A", who: str = "ra1") -> None:
    for row in rows[:count]:
        row.update(decision=decision, annotator=who)


def _human(log: Path) -> int:
    return int(metrics(read_eval_log(str(log)))["decided_by_human"])


def test_two_applies_at_once_lose_no_decision(tmp_path: Path, logs: dict[str, Path]) -> None:
    rows = _export(tmp_path, logs["isle_dots"])
    first = [dict(r) for r in rows]
    second = [dict(r) for r in rows]
    _decide(first, 3)
    for row in second[3:6]:
        row.update(decision="B", annotator="ra2")
    write_sheet(tmp_path / "a.csv", first)
    write_sheet(tmp_path / "b.csv", second)
    command = [str(VPT_TASKS), "adjudicate", "--apply"]
    running = [
        subprocess.Popen(
            [*command, sheet, "logs"],
            cwd=tmp_path,
            env=os.environ.copy(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for sheet in ("a.csv", "b.csv")
    ]
    results = [process.communicate(timeout=600) + (process.returncode,) for process in running]
    assert [code for _, _, code in results] == [0, 0], results
    assert _human(logs["isle_dots"]) == 6


def test_nothing_is_written_when_a_row_of_any_log_is_bad(
    tmp_path: Path, logs: dict[str, Path]
) -> None:
    rows = _export(tmp_path, logs["isle_brick_v1"], logs["isle_dots"])
    v1 = [r for r in rows if r["task"] == "vpt_tasks/isle_brick_v1"]
    dots = [r for r in rows if r["task"] == "vpt_tasks/isle_dots"]
    _decide(v1, 2)
    _decide(dots, 1)
    write_sheet(tmp_path / "filled.csv", rows)
    # the isle_dots score loses its `kind` (a score no human adjudicates) after the export
    log = read_eval_log(str(logs["isle_dots"]))
    sample = next(s for s in log.samples or [] if str(s.id) == dots[0]["sample_id"])
    del sample.scores[dots[0]["score"]].metadata["kind"]
    write_eval_log(log, str(logs["isle_dots"]))
    before = {task: file.read_bytes() for task, file in logs.items()}

    result = vpt_tasks("adjudicate", "--apply", "filled.csv", "logs", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "nothing was applied" in result.stderr and "filled.csv row" in result.stderr
    assert "not one a human adjudicates" in result.stderr
    assert {task: file.read_bytes() for task, file in logs.items()} == before


def test_applying_twice_changes_nothing_and_the_original_is_kept(
    tmp_path: Path, logs: dict[str, Path]
) -> None:
    original = logs["isle_dots"].read_bytes()
    rows = _export(tmp_path, logs["isle_dots"])
    _decide(rows, 3)
    write_sheet(tmp_path / "filled.csv", rows)
    first = vpt_tasks("adjudicate", "--apply", "filled.csv", "logs", cwd=tmp_path)
    assert first.returncode == 0 and "3 answers adjudicated" in first.stdout
    after_first = logs["isle_dots"].read_bytes()
    second = vpt_tasks("adjudicate", "--apply", "filled.csv", "logs", cwd=tmp_path)
    assert second.returncode == 0 and "0 answers adjudicated; 3 already so" in second.stdout
    assert logs["isle_dots"].read_bytes() == after_first and _human(logs["isle_dots"]) == 3
    backup = logs["isle_dots"].with_name(logs["isle_dots"].name + ".orig")
    assert backup.read_bytes() == original
    assert [p.name for p in logs["isle_dots"].parent.glob(".*adjudicating*")] == []


def test_conflicting_duplicates_invalid_decisions_other_logs_and_tasks_are_refused(
    tmp_path: Path, logs: dict[str, Path]
) -> None:
    rows = _export(tmp_path, logs["isle_dots"])
    _decide(rows, 4)
    rows.append({**rows[0], "decision": "B"})  # the same score again, decided otherwise
    rows.append({**rows[1]})  # the same decision twice: harmless
    rows[2]["decision"] = "maybe"
    rows[3]["task"] = "vpt_tasks/isle_brick_v1"
    other = {**rows[4], "eval_id": "noSuchRun", "decision": "A"}
    write_sheet(tmp_path / "filled.csv", [*rows, other])
    before = logs["isle_dots"].read_bytes()
    result = vpt_tasks("adjudicate", "--apply", "filled.csv", "logs", cwd=tmp_path)
    assert result.returncode == 2, result.stdout
    lines = result.stderr
    assert (
        "conflicting rows in one sheet: filled.csv row 2 says 'A', filled.csv row 34 says 'B'"
        in lines
    )
    assert "filled.csv row 4: sample" in lines and "'maybe' is not an option letter" in lines
    assert "filled.csv row 5: the row is of task vpt_tasks/isle_brick_v1" in lines
    assert "filled.csv row 36: sample" in lines and "not among the logs given" in lines
    assert "row 3" not in lines.replace("row 34", "").replace("row 36", "")
    assert logs["isle_dots"].read_bytes() == before


def test_a_sheet_as_excel_or_libreoffice_saves_it_is_applied(
    tmp_path: Path, logs: dict[str, Path]
) -> None:
    rows = _export(tmp_path, logs["isle_dots"])
    _decide(rows, 2)
    # LibreOffice / Excel in a ';' locale, "CSV UTF-8" with a byte-order mark
    write_sheet(tmp_path / "excel.csv", rows, delimiter=";", bom=True)
    result = vpt_tasks("adjudicate", "--apply", "excel.csv", "logs", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "2 answers adjudicated" in result.stdout and _human(logs["isle_dots"]) == 2


def test_a_sheet_without_a_decision_column_is_refused(
    tmp_path: Path, logs: dict[str, Path]
) -> None:
    rows = _export(tmp_path, logs["isle_dots"])
    for row in rows:
        row["verdict"] = row.pop("decision") or "A"
    write_sheet(tmp_path / "renamed.csv", rows)
    result = vpt_tasks("adjudicate", "--apply", "renamed.csv", "logs", cwd=tmp_path)
    assert result.returncode == 2
    assert "no 'decision' column" in result.stderr and "Traceback" not in result.stderr


def test_a_fifo_named_like_a_log_is_skipped_or_refused(
    tmp_path: Path, logs: dict[str, Path]
) -> None:
    fifo = tmp_path / "logs" / "stuck.eval"
    os.mkfifo(fifo)
    result = vpt_tasks("adjudicate", "logs", "--out", "sheet", cwd=tmp_path)
    assert result.returncode == 0 and "stuck.eval: not a regular file" in result.stderr
    named = vpt_tasks("adjudicate", str(fifo), "--out", "sheet", cwd=tmp_path)
    assert named.returncode == 2 and "not a regular file" in named.stderr

"""`vpt-tasks adjudicate`: undecided answers -> a sheet -> a human's decisions -> re-scored logs.

End to end through the console command on real eval logs: the metrics change by exactly
the adjudicated samples, the edits carry the annotator (Inspect's score history), and a
bad sheet changes nothing.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from inspect_ai.log import read_eval_log
from inspect_ai.model import get_model

from tests.helpers import metrics, run
from vpt_tasks.cli import main
from vpt_tasks.isle_brick.metrics import details as brick_details
from vpt_tasks.isle_v1.metrics import details as v1_details
from vpt_tasks.report.logs import sample_scores

UNREADABLE = "It is turned toward the window."


def _constant(answer: str):
    return get_model("vpt_tasks/constant", answer=answer, memoize=False)


def _sheet(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8-sig") as handle:
        return list(csv.DictReader(handle))


def _write(path: Path, rows: list[dict[str, str]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def test_option_answers_adjudicated_change_the_metrics_by_exactly_those_samples(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    logs = tmp_path / "logs"
    log = run("vpt_tasks/isle_brick_v1", _constant(UNREADABLE), logs, task_args={"source": "demo"})
    before = metrics(log)
    assert before["undecided"] == 32 and before["accuracy"] == 0.0

    assert main(["adjudicate", str(logs), "--out", str(tmp_path / "sheet")]) == 0
    rows = _sheet(tmp_path / "sheet" / "sheet.csv")
    assert len(rows) == 32 and {r["decided_by"] for r in rows} == {"undecided"}
    assert all(r["image"] and (tmp_path / "sheet" / r["image"]).is_file() for r in rows)
    assert "32 answers to decide" in (tmp_path / "sheet" / "index.html").read_text()

    # a human decides five answers: three right (the gold letter), one wrong, one "no option"
    gold = {s.id: s.metadata["gold_letter"] for s in read_eval_log(log.location).samples}
    decided = rows[:5]
    for row, choice in zip(decided, ["gold", "gold", "gold", "wrong", "Z"], strict=True):
        letter = gold[row["sample_id"]]
        row["decision"] = {"gold": letter, "wrong": "AB".replace(letter, ""), "Z": "Z"}[choice]
        row["annotator"] = "ann"
    _write(tmp_path / "sheet" / "sheet.csv", rows)
    assert main(["adjudicate", "--apply", str(tmp_path / "sheet" / "sheet.csv"), str(logs)]) == 0
    assert "5 answers adjudicated" in capsys.readouterr().out

    after_log = read_eval_log(log.location)
    after = metrics(after_log)
    assert after["accuracy"] == pytest.approx(3 / 32)  # exactly the three right decisions
    assert (after["undecided"], after["decided_by_human"]) == (27, 5)
    counts = v1_details(sample_scores(after_log))
    assert counts["decided_by_human"] == 5
    by_id = {s.id: s for s in after_log.samples}
    edited = by_id[decided[0]["sample_id"]].scores["option_mapping"]
    assert edited.metadata["decided_by"] == "human" and edited.value == 1.0
    assert edited.history[-1].provenance.author == "ann"
    assert edited.metadata["before_adjudication"]["decided_by"] == "undecided"

    # the report shows who read the answers of the run: 5 by a human, 27 by nobody
    report = tmp_path / "report"
    assert main(["report", str(logs), "--out", str(report)]) == 0
    text = (report / "report.md").read_text()
    assert "Who read the answers" in text
    assert "| 0 | 0 | 5 | 27 | – | – |" in text


def test_components_are_adjudicated_and_a_bad_row_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    logs = tmp_path / "logs"
    log = run(
        "vpt_tasks/isle_brick",
        _constant(UNREADABLE),
        logs,
        task_args={"source": "demo", "questions": "Q4"},
    )
    assert metrics(log)["undecided"] == 8
    out = tmp_path / "sheet"
    assert main(["adjudicate", str(logs), "--out", str(out)]) == 0
    rows = _sheet(out / "sheet.csv")
    assert len(rows) == 8 and "north, east, south, west" in rows[0]["options"]
    samples = {s.id: s for s in read_eval_log(log.location).samples}
    rows[0]["decision"] = ", ".join(samples[rows[0]["sample_id"]].target)  # exactly the gold
    rows[1]["decision"] = "northeast"  # not a component: the whole sheet is refused
    _write(out / "sheet.csv", rows)
    assert main(["adjudicate", "--apply", str(out / "sheet.csv"), str(logs)]) == 2
    assert "'northeast' is not one of" in capsys.readouterr().err
    assert metrics(read_eval_log(log.location)) == metrics(log)  # nothing written

    rows[1]["decision"] = "-"  # no usable answer
    _write(out / "sheet.csv", rows)
    assert main(["adjudicate", "--apply", str(out / "sheet.csv"), str(logs)]) == 0
    after = read_eval_log(log.location)
    values = brick_details(sample_scores(after))
    assert values["decided_by_human"] == 2 and values["undecided"] == 6
    assert metrics(after)["Q4"] == pytest.approx(1 / 8)

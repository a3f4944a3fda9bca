"""Two annotators, as Isle-Brick-V2's authors did: two filled sheets of one export, agreeing
rows applied, a disagreement refused until a resolving sheet decides it; Cohen's kappa and
raw agreement printed by --apply and shown by the report beside who read the answers."""

from __future__ import annotations

from pathlib import Path

from inspect_ai.log import read_eval_log

from tests.adjudication.shell import read_sheet, vpt_tasks, write_sheet
from tests.helpers import metrics
from vpt_tasks.adjudication.agreement import agreement


def test_kappa_is_cohens() -> None:
    # po = 3/4; pe = (2*3 + 2*1) / 16 = 1/2; kappa = (3/4 - 1/2) / (1 - 1/2)
    found = agreement([("A", "A"), ("A", "A"), ("B", "B"), ("B", "A")])
    assert (found.rows, found.agreed, found.raw, found.kappa) == (4, 3, 0.75, 0.5)
    assert agreement([("A", "A"), ("A", "A")]).text() == "κ undefined, 100.0% of 2"
    assert agreement([]).text() == "–"


def test_a_disagreement_is_refused_until_resolved(tmp_path: Path, logs: dict[str, Path]) -> None:
    exported = vpt_tasks("adjudicate", str(logs["isle_dots"]), "--out", "sheet", cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    rows = read_sheet(tmp_path / "sheet" / "sheet.csv")
    first = [dict(r) for r in rows]
    second = [dict(r) for r in rows]
    for row, one in zip(first[:4], "AABB", strict=True):
        row.update(decision=one, annotator="ra1")
    for row, two in zip(second[:4], "AABA", strict=True):
        row.update(decision=two, annotator="ra2")
    write_sheet(tmp_path / "ra1.csv", first)
    write_sheet(tmp_path / "ra2.csv", second)
    before = logs["isle_dots"].read_bytes()

    refused = vpt_tasks(
        "adjudicate", "--apply", "ra1.csv", "--apply", "ra2.csv", "logs", cwd=tmp_path
    )
    assert refused.returncode == 2, refused.stdout
    assert "Cohen's κ 0.50, raw agreement 75.0% over the 4 rows both decided" in refused.stderr
    assert (
        "the annotators disagree (ra1.csv row 5 (ra1) says 'B'; ra2.csv row 5 (ra2) says 'A')"
        in (refused.stderr)
    )
    assert logs["isle_dots"].read_bytes() == before
    [disputed] = read_sheet(tmp_path / "resolve.csv")
    assert disputed["sample_id"] == rows[3]["sample_id"]
    assert disputed["proposed"] == "annotator 1: B | annotator 2: A"

    disputed.update(decision="B", annotator="ra3", note="the dot is behind her")
    write_sheet(tmp_path / "resolve.csv", [disputed])
    applied = vpt_tasks(
        "adjudicate",
        "--apply",
        "ra1.csv",
        "--apply",
        "ra2.csv",
        "--resolve",
        "resolve.csv",
        "logs",
        cwd=tmp_path,
    )
    assert applied.returncode == 0, applied.stderr
    assert "4 answers adjudicated" in applied.stdout and "Cohen's κ 0.50" in applied.stdout
    log = read_eval_log(str(logs["isle_dots"]))
    assert metrics(log)["decided_by_human"] == 4
    resolved = next(s for s in log.samples or [] if str(s.id) == rows[3]["sample_id"])
    [score] = resolved.scores.values()
    assert score.metadata["resolved_by"] == "ra3" and score.metadata["reading"] == "B"
    assert score.history[-1].provenance.author == "ra3"
    assert score.history[-1].provenance.reason == "the dot is behind her"
    assert [a["decision"] for a in score.metadata["annotations"]] == ["B", "A"]

    report = vpt_tasks("report", "logs", "--out", "report", cwd=tmp_path)
    assert report.returncode == 0, report.stderr
    text = (tmp_path / "report" / "report.md").read_text(encoding="utf-8")
    assert "| annotators agree |" in text and "| κ 0.50, 75.0% of 4 |" in text

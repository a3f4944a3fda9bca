"""The whole round trip from the shell, each step a fresh process, on every benchmark whose
scorer can leave answers undecided: `inspect eval` -> `vpt-tasks adjudicate` -> the sheet
filled in -> `vpt-tasks adjudicate --apply` -> the log read back by Inspect.

In a fresh process nothing has built the task, so the scorers' metrics are known to
Inspect's registry only through the entry point (the `--apply` of a shell used to end in
`LookupError: vpt_tasks/isle_v1_headline was not found in the registry`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai.log import read_eval_log

from tests.adjudication.shell import eval_constant, gold_decision, read_sheet, vpt_tasks
from tests.adjudication.shell import write_sheet as save
from tests.helpers import metrics

DECIDED = 4
"""Rows a human decides (each as its sample's gold answer) in every round trip."""

HEADLINE = {
    "isle_brick_v1": "accuracy",
    "isle_dots": "accuracy",
    "omni_perspective": "vanilla_accuracy",
    "isle_brick": "overall",
}


@pytest.mark.parametrize("task", sorted(HEADLINE))
def test_round_trip_in_fresh_processes_changes_the_metrics_by_the_decided_samples(
    task: str, tmp_path: Path
) -> None:
    log = eval_constant(task, tmp_path)
    before = metrics(log)
    total = len(log.samples or [])
    assert before["undecided"] == total and before[HEADLINE[task]] == 0.0

    exported = vpt_tasks("adjudicate", "logs", "--out", "sheet", cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    rows = read_sheet(tmp_path / "sheet" / "sheet.csv")
    assert len(rows) == total
    for row in rows[:DECIDED]:
        row["decision"] = gold_decision(log, row["sample_id"])
        row["annotator"] = "ra1"
    save(tmp_path / "sheet" / "sheet.csv", rows)

    applied = vpt_tasks("adjudicate", "--apply", "sheet/sheet.csv", "logs", cwd=tmp_path)
    assert applied.returncode == 0, applied.stderr
    assert "Traceback" not in applied.stderr
    assert f"{DECIDED} answers adjudicated" in applied.stdout

    after_log = read_eval_log(log.location)
    after = metrics(after_log)
    assert after["undecided"] == total - DECIDED
    decided = {row["sample_id"] for row in rows[:DECIDED]}
    samples = after_log.samples or []
    if task == "isle_brick":  # the mean over the questions of each question's mean precision
        questions: dict[str, list[float]] = {}
        for sample in samples:
            questions.setdefault(sample.metadata["question_id"], []).append(
                1.0 if str(sample.id) in decided else 0.0
            )
        expected = sum(sum(v) / len(v) for v in questions.values()) / len(questions)
    else:
        expected = DECIDED / total
    assert after[HEADLINE[task]] == pytest.approx(expected)
    # exactly the decided samples changed, each with the annotator in Inspect's score history
    for original, edited in zip(log.samples or [], samples, strict=True):
        [(name, score)] = edited.scores.items()
        if str(edited.id) in decided:
            assert score.metadata["decided_by"] == "human"
            assert score.history[-1].provenance.author == "ra1"
        else:
            assert score.value == original.scores[name].value and not score.history

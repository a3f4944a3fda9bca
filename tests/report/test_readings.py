"""The report's "who read the answers" table and the rules-vs-grader disagreements (issue 22 §3)."""

from __future__ import annotations

from pathlib import Path

from inspect_ai.model import get_model

from tests.helpers import run
from vpt_tasks.report.logs import model_labels
from vpt_tasks.report.readings import readings_table


def test_both_mode_lists_agreement_and_every_disagreement(tmp_path: Path) -> None:
    log = run(
        "vpt_tasks/isle_brick_v1",
        get_model("vpt_tasks/constant", answer="A", memoize=False),
        tmp_path,
        task_args={"source": "demo", "grader": "both"},
        model_roles={"grader": get_model("vpt_tasks/constant", answer="Yes", memoize=False)},
    )
    text = "\n".join(readings_table([log], model_labels([log])))
    # "A" is Yes in the original order (agrees) and No in the swapped one (16 disagreements)
    assert "| 0 | 32 | 0 | 0 | 50.0% of 32 |" in text
    assert "Rules and grader disagree on 16 answers" in text
    assert text.count("/swapped | B | A |") == 0 and text.count("/swapped | A | B |") == 16

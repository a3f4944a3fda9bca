"""`metrics.details` returns what the task printed before issue 11 (plus the paper tables added since).

`metrics_before_issue11.json` holds the metrics the demo runs printed before
the printed metrics were cut to a handful, for the two baseline models;
`details` on the same runs' samples must give the same keys and values.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from inspect_ai import eval

from tests.helpers import READING_COUNTS, metrics, without_counts
from vpt_tasks.omni_perspective.metrics import details, paired_units
from vpt_tasks.report.logs import log_details, sample_scores

BEFORE = json.loads((Path(__file__).parent / "metrics_before_issue11.json").read_text())


@pytest.mark.parametrize("model", ["vpt_tasks/random", "vpt_tasks/always_yes"])
def test_details_equal_the_metrics_printed_before(tmp_path: Path, model: str) -> None:
    (log,) = eval(
        "vpt_tasks/omni_perspective",
        task_args={"source": "demo"},
        model=model,
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success"
    scores = sample_scores(log)
    # the measurements are the same; who read the answers is counted in one vocabulary now
    before = without_counts(BEFORE[f"omni_perspective|{model}"])
    now = details(scores)
    assert {key: now[key] for key in before} == before
    # what was added since: the paper's Table 1 cells and its first- vs third-person test
    added = set(without_counts(now)) - set(before)
    assert added and all(
        k.startswith(("qtype_difficulty=", "pov_")) or k.endswith("_if_undecided_right")
        for k in added
    )
    assert sum(details(scores)[k] for k in READING_COUNTS) == len(scores)
    printed = metrics(log)
    assert len(printed) <= 25 and all(details(scores)[k] == v for k, v in printed.items())
    assert log_details(log) == {**details(scores), **printed}

    units = paired_units(scores)
    assert sorted(u.id for u in units) == sorted({s.sample_metadata["item_id"] for s in scores})
    assert all(u.binary for u in units)
    assert sum(u.value for u in units) / len(units) == details(scores)["circular_accuracy"]
    assert {u.slices["perspective"] for u in units} == {"first", "third"}
    assert {u.slices["qtype"] for u in units} == {"1", "2", "3", "3.5", "4"}


def test_an_item_missing_a_rotation_is_a_failed_unit() -> None:
    from inspect_ai.scorer import SampleScore, Score

    def score(rotation: int) -> SampleScore:
        meta = {"item_id": "x", "rotation": rotation, "n_rotations": 4, "k": 4, "qtype": "3"}
        return SampleScore(score=Score(value=1.0), sample_id=f"x/r{rotation}", sample_metadata=meta)

    (unit,) = paired_units([score(0), score(1), score(2)])
    assert (unit.id, unit.value, dict(unit.slices)) == ("x", 0.0, {"qtype": "3"})
    (unit,) = paired_units([score(r) for r in range(4)])
    assert unit.value == 1.0

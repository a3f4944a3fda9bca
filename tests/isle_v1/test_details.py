"""`metrics.details` returns exactly what the tasks printed before issue 11, and `paired_units`.

`metrics_before_issue11.json` holds the metrics the demo runs printed before
the printed metrics were cut to a handful (`-T grader=none`, now `rules`), for
the two baseline models; `details` on the same runs' samples must give the
same keys and values.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from inspect_ai import eval

from tests.helpers import READING_COUNTS, metrics, without_counts
from vpt_tasks.isle_v1.metrics import details, paired_units
from vpt_tasks.report.logs import log_details, sample_scores

BEFORE = json.loads((Path(__file__).parent / "metrics_before_issue11.json").read_text())


@pytest.mark.parametrize("task", ["isle_brick_v1", "isle_dots"])
@pytest.mark.parametrize("model", ["vpt_tasks/random", "vpt_tasks/always_yes"])
def test_details_equal_the_metrics_printed_before(tmp_path: Path, task: str, model: str) -> None:
    (log,) = eval(
        f"vpt_tasks/{task}",
        task_args={"source": "demo", "grader": "rules"},
        model=model,
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success"
    scores = sample_scores(log)
    # the measurements are the same; who read the answers is counted in one vocabulary now
    before = without_counts(BEFORE[f"{task}|{model}"])
    now = without_counts(details(scores))
    assert {k: now[k] for k in before} == before
    # added since: the paper's perspective-taking slices and drop (issue 20 §7)
    assert all(
        k.startswith("vpt_partition=")
        or k in ("vpt_drop", "vpt_drop_points", "accuracy_if_undecided_right")
        for k in set(now) - set(before)
    )
    assert sum(details(scores)[k] for k in READING_COUNTS) == len(scores)
    printed = metrics(log)
    assert len(printed) <= 12 and all(details(scores)[k] == v for k, v in printed.items())
    assert log_details(log) == {**details(scores), **printed}

    units = paired_units(scores)
    assert [u.id for u in units] == [s.sample_id for s in scores]
    assert {u.id.rsplit("/", 1)[1] for u in units} == {"original", "swapped"}
    assert all(u.binary and u.value in (0.0, 1.0) for u in units)
    assert sum(u.value for u in units) / len(units) == details(scores)["accuracy"]
    assert {u.slices["task"] for u in units} == {"perspective-taking", "object-detection"}
    assert all("partition" in u.slices for u in units)

"""Every task that asks a grader model lets one bad reply error its sample, not stop the run.

The default is Inspect's own (`Task(fail_on_error=0.1, continue_on_fail=True)`,
`core.solvers.SAMPLE_ERRORS`); `tests/isle_v1/test_grader_faults.py` runs it with a grader
failing on one sample, `tests/grader_check/test_report.py` reports it.
"""

from __future__ import annotations

import pytest

from vpt_tasks.benchmarks import load, task_entries
from vpt_tasks.core.solvers import SAMPLE_ERRORS

GRADER_TASKS = ("isle_brick", "isle_brick_bias", "isle_brick_v1", "isle_dots", "omni_perspective")


@pytest.mark.parametrize("name", [*GRADER_TASKS, "grader_check"])
def test_the_task_default_tolerates_a_sample_error(name: str) -> None:
    modules = {entry.name: benchmark.task_module for benchmark, entry in task_entries()}
    task = load(f"{modules[name]}:{name}")(source="demo")
    assert (task.fail_on_error, task.continue_on_fail) == (0.1, True)
    assert SAMPLE_ERRORS == {"fail_on_error": 0.1, "continue_on_fail": True}

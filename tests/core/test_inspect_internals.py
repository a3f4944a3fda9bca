"""What vpt_tasks relies on in Inspect's internals still holds (`core/inspect_internals.py`).

These fail when an Inspect upgrade moves `PrerequisiteError` or changes how the live
progress metrics are computed, so the break is caught here and not by a user.
"""

from __future__ import annotations

from pathlib import Path

from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.scorer import Score, metric, scorer
from inspect_ai.solver import generate

from vpt_tasks.core import inspect_internals
from vpt_tasks.core.errors import TaskArgumentError
from vpt_tasks.core.inspect_internals import computing_live_metrics


def test_prerequisite_error_is_inspects_own() -> None:
    from inspect_ai._util.error import PrerequisiteError

    assert inspect_internals.PrerequisiteError is PrerequisiteError
    assert issubclass(TaskArgumentError, PrerequisiteError)


def test_the_live_metrics_function_is_where_it_is_looked_for() -> None:
    from inspect_ai._eval.task import run

    assert callable(getattr(run, inspect_internals.LIVE_METRICS_FUNCTION, None))


def test_live_and_final_metric_computations_are_told_apart(tmp_path: Path) -> None:
    seen: list[bool] = []

    @metric
    def probe():  # type: ignore[no-untyped-def]
        def compute(scores):  # type: ignore[no-untyped-def]
            seen.append(computing_live_metrics())
            return float(len(scores))

        return compute

    @scorer(metrics=[probe()])
    def one():  # type: ignore[no-untyped-def]
        async def score(state, target):  # type: ignore[no-untyped-def]
            return Score(value=1.0)

        return score

    task = Task(
        dataset=[Sample(input=f"q{i}", target="x") for i in range(5)],
        solver=generate(),
        scorer=one(),
    )
    (log,) = eval(
        task,
        model="vpt_tasks/constant",
        model_args={"answer": "x"},
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success"
    assert seen[-1] is False and seen.count(False) == 1  # the final computation, once
    assert True in seen  # the live display's computations were recognised
    assert not computing_live_metrics()  # outside Inspect

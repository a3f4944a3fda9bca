"""Inspect entry point: registers every task of `BENCHMARKS` and the baseline model providers.

Inspect imports this module on every `inspect eval`, for any task, so it must
stay cheap: it imports each benchmark's `task` module (the `@task` functions,
whose heavy imports — datasets, PIL, numpy — happen inside them) and nothing
else. Which tasks exist is read from the one list of benchmarks,
`vpt_tasks.benchmarks.BENCHMARKS`.
"""

from importlib import import_module

from inspect_ai.model import ModelAPI, modelapi

from vpt_tasks.benchmarks import BENCHMARKS

for _benchmark in BENCHMARKS:
    _module = import_module(_benchmark.task_module)
    for _entry in _benchmark.tasks:
        globals()[_entry.name] = getattr(_module, _entry.name)


@modelapi(name="vpt_tasks")
def vpt_tasks() -> type[ModelAPI]:
    """Baseline providers: `--model vpt_tasks/random`, `vpt_tasks/always_yes`, `vpt_tasks/constant`."""
    from vpt_tasks.providers.baseline import BaselineModel

    return BaselineModel


__all__ = [entry.name for benchmark in BENCHMARKS for entry in benchmark.tasks] + ["vpt_tasks"]

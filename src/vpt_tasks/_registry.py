"""Inspect entry point: registers every task of `BENCHMARKS`, their scorers and metrics, and
the baseline model providers.

Inspect imports this module on every `inspect eval`, for any task, so it must
stay cheap: it imports each benchmark's `task` module (the `@task` functions,
whose heavy imports — datasets, PIL, numpy — happen inside them) and nothing
else. Which tasks exist is read from the one list of benchmarks,
`vpt_tasks.benchmarks.BENCHMARKS`.

The scorers and metrics (`SCORER_MODULES`) are registered by name only: their modules
import numpy, so the first lookup imports them (`core.inspect_internals.register_on_first_use`).
That is what lets a fresh process that never built the task -- `vpt-tasks adjudicate
--apply`, `inspect score`, `inspect_ai.log.edit_score` -- recompute a log's metrics.
`tests/test_registry.py` checks that this table names exactly what the modules register.
"""

from importlib import import_module

from inspect_ai.model import ModelAPI, modelapi

from vpt_tasks.benchmarks import BENCHMARKS
from vpt_tasks.core.inspect_internals import register_on_first_use

for _benchmark in BENCHMARKS:
    _module = import_module(_benchmark.task_module)
    for _entry in _benchmark.tasks:
        globals()[_entry.name] = getattr(_module, _entry.name)

SCORER_MODULES: dict[str, dict[str, tuple[str, ...]]] = {
    # module: {kind: names it registers}; a name shared by several modules is listed once
    "vpt_tasks.isle_brick.scorer": {
        "scorer": ("direction_bias", "prediction_correctness"),
        "metric": (
            "answer_counts",
            "choice_probability_answers",
            "isle_brick_answer_types",
            "isle_brick_bias_headline",
            "isle_brick_bias_orders",
            "isle_brick_bias_paths",
            "isle_brick_bias_positions",
            "isle_brick_chance",
            "isle_brick_cooccurrence",
            "isle_brick_counts",
            "isle_brick_headline",
            "isle_brick_item_intervals",
            "isle_brick_precision",
            "rules_beside_grader",
            "yes_probability_answers",
        ),
    },
    "vpt_tasks.isle_v1.scorer": {
        "scorer": ("option_mapping",),
        "metric": ("isle_v1_headline", "isle_v1_orders", "isle_v1_positions"),
    },
    "vpt_tasks.comfort.scorer": {
        "metric": (
            "comfort_curves",
            "comfort_headline",
            "comfort_perspective_taking",
            "comfort_preferred_frame",
            "comfort_preferred_transformation",
        ),
    },
    "vpt_tasks.omni_perspective.scorer": {
        "scorer": ("merge_match",),
        "metric": ("omni_circular", "omni_headline"),
    },
    "vpt_tasks.grader_check.scorer": {
        "scorer": ("grader_agreement",),
        "metric": ("grader_check_headline",),
    },
}
"""Every scorer and metric of the package, by the module whose import registers it."""

for _scorer_module, _kinds in SCORER_MODULES.items():
    for _kind, _names in _kinds.items():
        for _name in _names:
            register_on_first_use(_kind, _name, _scorer_module)  # type: ignore[arg-type]


@modelapi(name="vpt_tasks")
def vpt_tasks() -> type[ModelAPI]:
    """Baseline providers: `--model vpt_tasks/random`, `vpt_tasks/always_yes`, `vpt_tasks/constant`."""
    from vpt_tasks.providers.baseline import BaselineModel

    return BaselineModel


__all__ = [entry.name for benchmark in BENCHMARKS for entry in benchmark.tasks] + ["vpt_tasks"]

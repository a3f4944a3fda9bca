"""Inspect entry point: registers the tasks and model providers of vpt_tasks.

Inspect imports this module on every `inspect eval`, for any task, so it must
stay cheap: only task/provider *definitions* are imported here; datasets,
PIL, numpy and friends are imported inside the functions that use them.
"""

from inspect_ai.model import ModelAPI, modelapi

from vpt_tasks.comfort import comfort_ball, comfort_car
from vpt_tasks.isle_brick import isle_brick
from vpt_tasks.isle_v1 import isle_brick_v1, isle_dots
from vpt_tasks.omni_perspective import omni_perspective


@modelapi(name="vpt_tasks")
def vpt_tasks() -> type[ModelAPI]:
    """Baseline providers: `--model vpt_tasks/random`, `vpt_tasks/always_yes`, `vpt_tasks/constant`."""
    from vpt_tasks.providers.baseline import BaselineModel

    return BaselineModel


__all__ = [
    "comfort_ball",
    "comfort_car",
    "isle_brick",
    "isle_brick_v1",
    "isle_dots",
    "omni_perspective",
    "vpt_tasks",
]

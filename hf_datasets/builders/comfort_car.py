"""Demo data of `comfort_car`: the car relatum facing left and right, four relations, 37 rendered frames each (needs bpy)."""

from __future__ import annotations

from pathlib import Path

from builders._rendered import build_rendered

COMMAND = "python hf_datasets/build_demo.py comfort_car"


def build(out: Path, *, size: int = 128, samples: int = 8) -> None:
    from vpt_tasks.render.comfort_plan import ComfortOptions, plan_comfort_car

    plans = plan_comfort_car(ComfortOptions(variations=("car",)))
    build_rendered(
        out,
        family="comfort-car",
        plans=plans,
        size=size,
        samples=samples,
        command=COMMAND,
        pretty_name="COMFORT-CAR demo (vpt_tasks, rendered)",
        description=f"{len(plans)} frames (the car facing left and right, four relations, 37 frames each).",
    )

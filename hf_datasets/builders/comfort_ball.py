"""Demo data of `comfort_ball`: the default variation, four relations, 37 rendered frames each (needs bpy)."""

from __future__ import annotations

from pathlib import Path

from builders._rendered import build_rendered

COMMAND = "python hf_datasets/build_demo.py comfort_ball"


def build(out: Path, *, size: int = 96, samples: int = 8) -> None:
    from vpt_tasks.render.comfort_plan import ComfortOptions, plan_comfort_ball

    plans = plan_comfort_ball(ComfortOptions(variations=("default",)))
    build_rendered(
        out,
        family="comfort-ball",
        plans=plans,
        size=size,
        samples=samples,
        command=COMMAND,
        pretty_name="COMFORT-BALL demo (vpt_tasks, rendered)",
        description=f"{len(plans)} frames (default variation, four relations, 37 frames each).",
    )

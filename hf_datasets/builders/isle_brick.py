"""Demo data of `isle_brick`: eight rendered scenes of the Isle-Brick-V2 design (needs bpy)."""

from __future__ import annotations

from pathlib import Path

from builders._rendered import build_rendered

COMMAND = "python hf_datasets/build_demo.py isle_brick"


def build(out: Path, *, size: int = 256, samples: int = 16) -> None:
    from vpt_tasks.render.isle_plan import IsleBrickOptions, plan_isle_brick

    design = plan_isle_brick(IsleBrickOptions(objects=("plant", "dog"), seed=7)).frames
    # every position, each combination of orientation and viewpoint twice
    plans = [design[i] for i in (0, 5, 10, 15, 16, 21, 26, 31)]
    build_rendered(
        out,
        family="isle-brick",
        plans=plans,
        size=size,
        samples=samples,
        seed=7,
        command=COMMAND,
        pretty_name="Isle-Brick-V2 demo (vpt_tasks, rendered)",
        description=(
            "Eight scenes (plant and dog, every position, both orientations, both viewpoints, "
            "diagonal placements included)."
        ),
    )

"""Demo data of `isle_brick` and `isle_brick_bias`: eight rendered Isle-Brick-V2 scenes (needs bpy).

Every position, both orientations, both viewpoints, a diagonal placement, and
the minifigure facing each of the four directions (so that the direction-bias
probe's gold distribution covers all of them); each scene with its figure box
and its two twins for the image interventions (`--variant no-objects,human-figure`),
so that every task and intervention runs offline.
"""

from __future__ import annotations

from pathlib import Path

from builders._rendered import build_rendered

COMMAND = "python hf_datasets/build_demo.py isle_brick"
SCENES = (10, 27, 20, 5, 2, 19, 12, 29)
"""Design cells of the plant/dog design (seed 7): Q5 gold north, north, east, east, south,
east+south, west, west; surface and bird's-eye alternate."""
VARIANTS = ("no-objects", "human-figure")


def build(out: Path, *, size: int = 256, samples: int = 16) -> None:
    from vpt_tasks.render.isle_plan import IsleBrickOptions, plan_isle_brick

    design = plan_isle_brick(IsleBrickOptions(objects=("plant", "dog"), seed=7)).frames
    plans = [design[i] for i in SCENES]
    build_rendered(
        out,
        family="isle-brick",
        plans=plans,
        variants=VARIANTS,
        size=size,
        samples=samples,
        seed=7,
        command=COMMAND,
        pretty_name="Isle-Brick-V2 demo (vpt_tasks, rendered)",
        description=(
            "Eight scenes (plant and dog, every position, both orientations, both viewpoints, "
            "a diagonal placement, the minifigure facing each of the four directions), each "
            "with its object-free twin (`image_no_objects`) and its human-figure twin "
            "(`image_human_figure`) for the image interventions of `vpt_tasks/isle_brick_bias`."
        ),
    )

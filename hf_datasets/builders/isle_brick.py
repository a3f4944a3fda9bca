"""Demo data of `isle_brick` rendered with Blender: eight scenes of the Isle-Brick-V2 design.

Needs the `render` extra (bpy):

    pip install -e ".[render]" && python hf_datasets/build_demo.py isle_brick
"""

from __future__ import annotations

from pathlib import Path

COMMAND = "python hf_datasets/build_demo.py isle_brick"


def build(out: Path, *, size: int = 256, samples: int = 16) -> None:
    from vpt_tasks.render import RENDERER_VERSION
    from vpt_tasks.render.cards import card_body
    from vpt_tasks.render.cli import schema
    from vpt_tasks.render.isle_plan import IsleBrickOptions, plan_isle_brick
    from vpt_tasks.render.runner import render_dataset
    from vpt_tasks.render.scene import RenderSettings

    design = plan_isle_brick(IsleBrickOptions(objects=("plant", "dog"), seed=7)).frames
    # every position, each combination of orientation and viewpoint twice
    plans = [design[i] for i in (0, 5, 10, 15, 16, 21, 26, 31)]
    settings = RenderSettings(size=size, samples=samples, format="jpeg", jpeg_quality=85, seed=7)
    render_dataset(
        plans,
        out,
        settings,
        schema=schema("isle-brick"),
        pretty_name="Isle-Brick-V2 demo (vpt_tasks, rendered)",
        card_body=lambda report: (
            "Eight scenes rendered by `vpt_tasks.render` (plant and dog, every position, both "
            "orientations, both viewpoints, diagonal placements included), for smoke tests and "
            f"the offline quickstart only.\n\nRegenerate with `{COMMAND}`.\n\n"
            + card_body("isle-brick", COMMAND, settings, report, RENDERER_VERSION)
        ),
        progress=False,
    )
    _drop_work_folder(out)


def _drop_work_folder(out: Path) -> None:
    import shutil

    shutil.rmtree(Path(out) / ".render", ignore_errors=True)


"""Demo data of `comfort_ball` rendered with Blender: the default variation, all four relations, 37 frames each.

Needs the `render` extra (bpy). Writes a canonical dataset directory:

    python hf_datasets/builders/rendered_comfort_ball.py OUT_DIR

To bundle it as the demo of `comfort_ball`, point OUT_DIR at the task's demo
folder under src/vpt_tasks/data/demo/.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

COMMAND = "python hf_datasets/builders/rendered_comfort_ball.py OUT_DIR"


def build(out: Path, *, size: int = 96, samples: int = 8) -> None:
    from vpt_tasks.render import RENDERER_VERSION
    from vpt_tasks.render.cards import card_body
    from vpt_tasks.render.cli import schema
    from vpt_tasks.render.comfort_plan import ComfortOptions, plan_comfort_ball
    from vpt_tasks.render.runner import render_dataset
    from vpt_tasks.render.scene import RenderSettings

    plans = plan_comfort_ball(ComfortOptions(variations=("default",)))
    settings = RenderSettings(size=size, samples=samples, format="jpeg", jpeg_quality=85)
    render_dataset(
        plans,
        out,
        settings,
        schema=schema("comfort-ball"),
        pretty_name="COMFORT-BALL demo (vpt_tasks, rendered)",
        card_body=lambda report: (
            f"{len(plans)} frames (default variation, four relations, 37 frames each) rendered by "
            f"`vpt_tasks.render` at {size}×{size}, for smoke tests and the offline quickstart only."
            f"\n\nRegenerate with `{COMMAND}`.\n\n"
            + card_body("comfort-ball", COMMAND, settings, report, RENDERER_VERSION)
        ),
        progress=False,
    )
    shutil.rmtree(Path(out) / ".render", ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(f"usage: {COMMAND}")
    build(Path(sys.argv[1]))
    print(f"wrote {sys.argv[1]}")

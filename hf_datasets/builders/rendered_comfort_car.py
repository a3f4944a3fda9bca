"""Demo data of `comfort_car` rendered with Blender: the car relatum, both facings, all four relations, 37 frames each.

Needs the `render` extra (bpy). Writes a canonical dataset directory:

    python hf_datasets/builders/rendered_comfort_car.py OUT_DIR

To bundle it as the demo of `comfort_car`, point OUT_DIR at the task's demo
folder under src/vpt_tasks/data/demo/.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

COMMAND = "python hf_datasets/builders/rendered_comfort_car.py OUT_DIR"


def build(out: Path, *, size: int = 128, samples: int = 8) -> None:
    from vpt_tasks.render import RENDERER_VERSION
    from vpt_tasks.render.cards import card_body
    from vpt_tasks.render.cli import schema
    from vpt_tasks.render.comfort_plan import ComfortOptions, plan_comfort_car
    from vpt_tasks.render.runner import render_dataset
    from vpt_tasks.render.scene import RenderSettings

    plans = plan_comfort_car(ComfortOptions(variations=("car",)))
    settings = RenderSettings(size=size, samples=samples, format="jpeg", jpeg_quality=85)
    render_dataset(
        plans,
        out,
        settings,
        schema=schema("comfort-car"),
        pretty_name="COMFORT-CAR demo (vpt_tasks, rendered)",
        card_body=lambda report: (
            f"{len(plans)} frames (the car, facing left and right, four relations, 37 frames each) "
            f"rendered by `vpt_tasks.render` at {size}×{size}, for smoke tests and the offline "
            f"quickstart only.\n\nRegenerate with `{COMMAND}`.\n\n"
            + card_body("comfort-car", COMMAND, settings, report, RENDERER_VERSION)
        ),
        progress=False,
    )
    shutil.rmtree(Path(out) / ".render", ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(f"usage: {COMMAND}")
    build(Path(sys.argv[1]))
    print(f"wrote {sys.argv[1]}")

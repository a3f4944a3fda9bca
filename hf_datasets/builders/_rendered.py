"""Shared by the demo builders: render planned frames into a canonical demo dataset.

Needs the `render` extra (bpy): `pip install -e ".[render]"`.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def build_rendered(
    out: Path,
    *,
    family: str,
    plans: Sequence[Any],
    pretty_name: str,
    description: str,
    command: str,
    size: int,
    samples: int,
    seed: int = 0,
    variants: Sequence[str] = (),
) -> None:
    """Render `plans` of `family` at `size` px into `out` and drop the renderer's work folder.

    `variants` (Isle-Brick: `no-objects`, `human-figure`) adds each scene's twins,
    stored in its row, as `vpt-tasks render isle-brick --variant ...` does.
    """
    from vpt_tasks.render import RENDERER_VERSION
    from vpt_tasks.render.cards import card_body
    from vpt_tasks.render.cli import schema
    from vpt_tasks.render.runner import render_dataset
    from vpt_tasks.render.scene import RenderSettings

    if variants:
        from vpt_tasks.render.isle_plan import with_variants

        plans = with_variants(plans, list(variants))
    settings = RenderSettings(size=size, samples=samples, format="jpeg", jpeg_quality=85, seed=seed)
    render_dataset(
        list(plans),
        out,
        settings,
        schema=schema(family, variants),
        pretty_name=pretty_name,
        card_body=lambda report: (
            f"{description} Rendered by `vpt_tasks.render` at {size}×{size}, for smoke tests and "
            f"the offline quickstart only.\n\nRegenerate with `{command}`.\n\n"
            + card_body(family, command, settings, report, RENDERER_VERSION)
        ),
        progress=False,
    )
    # the bundled data holds the dataset only, not the frames and manifest of the run
    shutil.rmtree(Path(out) / ".render", ignore_errors=True)

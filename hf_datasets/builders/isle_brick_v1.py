"""Demo data of `isle_brick_v1`: eight synthetic minifigure scenes, two questions each."""

from __future__ import annotations

from pathlib import Path

CARD = Path(__file__).resolve().parents[1] / "cards" / "isle_v1.md"


def build(out: Path) -> None:
    from vpt_tasks.core.canonical import write_dataset
    from vpt_tasks.isle_v1.spec import CANONICAL_SCHEMA as ISLE_V1_FEATURES

    from .synthetic.isle_v1 import brick_rows

    write_dataset(
        out,
        brick_rows(scenes=8, size=128, seed=7),
        ISLE_V1_FEATURES,
        pretty_name="Isle-Bricks v1 demo (vpt_tasks, synthetic)",
        body=(
            "Eight schematic minifigure scenes drawn by `hf_datasets.builders.synthetic.isle_v1`, each with "
            "a perspective-taking and a control question whose gold answers follow from the "
            "drawing. For smoke tests and the offline quickstart only.\n\nRegenerate with "
            "`python hf_datasets/build_demo.py isle_brick_v1`.\n\n"
            + CARD.read_text(encoding="utf-8")
        ),
    )

"""Demo data of `isle_brick`: eight synthetic scenes with geometric gold answers."""

from __future__ import annotations

from pathlib import Path

CARD = Path(__file__).resolve().parents[1] / "cards" / "isle_brick.md"


def build(out: Path) -> None:
    from vpt_tasks.canonical import ISLE_BRICK_FEATURES, write_dataset
    from vpt_tasks.isle_brick.synthetic import paper_style_scenes

    rows = paper_style_scenes(size=256, seed=7)
    chosen = [row for row in rows if row["object"] in ("dog", "plant")][:8]
    write_dataset(
        out,
        chosen,
        ISLE_BRICK_FEATURES,
        pretty_name="Isle-Brick-V2 demo (vpt_tasks, synthetic)",
        body=(
            "Eight schematic scenes drawn by `vpt_tasks.isle_brick.synthetic` with gold "
            "answers computed from the drawn geometry. For smoke tests and the offline "
            "quickstart only.\n\nRegenerate with `python hf_datasets/build_demo.py isle_brick`.\n\n"
            + CARD.read_text(encoding="utf-8")
        ),
    )

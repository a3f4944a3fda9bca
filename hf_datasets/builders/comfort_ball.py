"""Demo data of `comfort_ball`: the four relation paths of the default variation, drawn schematically."""

from __future__ import annotations

from pathlib import Path

CARD = Path(__file__).resolve().parents[1] / "cards" / "comfort.md"


def build(out: Path) -> None:
    from vpt_tasks.canonical import COMFORT_FEATURES, write_dataset
    from vpt_tasks.comfort.synthetic import canonical_rows

    rows = canonical_rows("comfort_ball", variations=["default"], size=96)
    write_dataset(
        out,
        rows,
        COMFORT_FEATURES,
        pretty_name="COMFORT-BALL demo (vpt_tasks, schematic)",
        body=(
            "The 4 relation paths (37 frames each) of the default variation, drawn by "
            "`vpt_tasks.comfort.synthetic` from the COMFORT geometry (a red sphere orbiting a "
            "blue one, seen from the camera). For smoke tests and the offline quickstart "
            "only: these are not the paper's renders.\n\nRegenerate with "
            "`python hf_datasets/build_demo.py comfort_ball`.\n\n" + CARD.read_text(encoding="utf-8")
        ),
    )

"""Demo data of `comfort_car`: the car relatum, both facing directions, all four relations."""

from __future__ import annotations

from pathlib import Path

CARD = Path(__file__).resolve().parents[1] / "cards" / "comfort.md"


def build(out: Path) -> None:
    from vpt_tasks.canonical import COMFORT_FEATURES, write_dataset
    from vpt_tasks.comfort.synthetic import canonical_rows

    rows = [
        row
        for dataset in ("comfort_car_ref_facing_left", "comfort_car_ref_facing_right")
        for row in canonical_rows(dataset, variations=["car"], size=96)
    ]
    write_dataset(
        out,
        rows,
        COMFORT_FEATURES,
        pretty_name="COMFORT-CAR demo (vpt_tasks, schematic)",
        body=(
            "The 4 relation paths (37 frames each) of the car relatum, facing left and facing "
            "right, drawn by `vpt_tasks.comfort.synthetic` from the COMFORT geometry (a "
            "basketball orbiting the car, the woman addressee at the camera's left). For smoke "
            "tests and the offline quickstart only: these are not the paper's renders.\n\n"
            "Regenerate with `python hf_datasets/build_demo.py comfort_car`.\n\n"
            + CARD.read_text(encoding="utf-8")
        ),
    )

"""Demo data of `omni_perspective`: ten schematic items, two per question type, both views."""

from __future__ import annotations

from pathlib import Path

CARD = Path(__file__).resolve().parents[1] / "cards" / "omni_perspective.md"


def build(out: Path) -> None:
    from vpt_tasks.core.canonical import write_dataset
    from vpt_tasks.omni_perspective.spec import CANONICAL_SCHEMA as OMNI_PERSPECTIVE_FEATURES

    from .synthetic.omni_perspective import synthetic_items

    write_dataset(
        out,
        synthetic_items(10, size=64, seed=7),
        OMNI_PERSPECTIVE_FEATURES,
        split="val",
        pretty_name="Omni-Perspective demo (vpt_tasks, synthetic)",
        body=(
            "Ten schematic items drawn by `hf_datasets.builders.synthetic.omni_perspective` (a person seen "
            "from above among coloured boxes) with gold answers computed from the drawing: two "
            "per question type, first- and third-person phrasing, four of them with two images. "
            "For smoke tests and the offline quickstart only.\n\n"
            "Regenerate with `python hf_datasets/build_demo.py omni_perspective`.\n\n"
            + CARD.read_text(encoding="utf-8")
        ),
    )

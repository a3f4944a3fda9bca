"""Demo data of `isle_dots`: eight synthetic two-wall scenes, two counting questions each."""

from __future__ import annotations

from pathlib import Path

CARD = Path(__file__).resolve().parents[1] / "cards" / "isle_v1.md"


def build(out: Path) -> None:
    from vpt_tasks.core.canonical import write_dataset
    from vpt_tasks.isle_v1.spec import CANONICAL_SCHEMA as ISLE_V1_FEATURES

    from .synthetic.isle_v1 import dots_rows

    write_dataset(
        out,
        dots_rows(scenes=8, size=128, seed=7),
        ISLE_V1_FEATURES,
        pretty_name="Isle-Dots demo (vpt_tasks, synthetic)",
        body=(
            "Eight schematic scenes drawn by `hf_datasets.builders.synthetic.isle_v1`: a man in a purple "
            "hoodie between two walls with coloured dots, facing one of them. Each scene has a "
            "perspective-taking count (the dots he sees) and a control count (all dots); the "
            "distractor is gold + 1, as in the upstream code. For smoke tests and the offline "
            "quickstart only.\n\nRegenerate with `python hf_datasets/build_demo.py isle_dots`.\n\n"
            + CARD.read_text(encoding="utf-8")
        ),
    )

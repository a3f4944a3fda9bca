"""Regenerate the demo datasets bundled in the wheel (src/vpt_tasks/data/demo/).

    python hf_datasets/build_demo.py            # every benchmark
    python hf_datasets/build_demo.py isle_brick

The demo data is small (a few scenes, well under 5 MB) and only makes the
offline quickstart and the tests run; it does not measure a model.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEMO_ROOT = HERE.parent / "src" / "vpt_tasks" / "data" / "demo"


def build_isle_brick(out: Path) -> None:
    from vpt_tasks.canonical import ISLE_BRICK_FEATURES, write_dataset
    from vpt_tasks.isle_brick.synthetic import paper_style_scenes

    rows = paper_style_scenes(size=256, seed=7)
    # one scene per (position, orientation) from the first object pair, both viewpoints
    chosen = [row for row in rows if row["object"] in ("dog", "plant")][:8]
    command = "python hf_datasets/build_demo.py isle_brick"
    write_dataset(
        out,
        chosen,
        ISLE_BRICK_FEATURES,
        pretty_name="Isle-Brick-V2 demo (vpt_tasks, synthetic)",
        body=(
            "Eight schematic scenes drawn by `vpt_tasks.isle_brick.synthetic` with gold "
            "answers computed from the drawn geometry. For smoke tests and the offline "
            f"quickstart only.\n\nRegenerate with `{command}`.\n\n"
            + (HERE / "cards" / "isle_brick.md").read_text(encoding="utf-8")
        ),
    )


BUILDERS: dict[str, Callable[[Path], None]] = {"isle_brick": build_isle_brick}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("benchmarks", nargs="*", help=f"any of {', '.join(BUILDERS)} (default: all)")
    chosen = parser.parse_args(argv).benchmarks or list(BUILDERS)
    unknown = [name for name in chosen if name not in BUILDERS]
    if unknown:
        parser.error(f"unknown benchmark(s) {', '.join(unknown)}; choose from {', '.join(BUILDERS)}")
    for name in chosen:
        out = DEMO_ROOT / name
        shutil.rmtree(out, ignore_errors=True)
        BUILDERS[name](out)
        size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
        print(f"{name}: wrote {out} ({size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

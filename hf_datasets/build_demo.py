"""Regenerate the demo datasets bundled in the wheel (src/vpt_tasks/data/demo/).

    python hf_datasets/build_demo.py            # every benchmark
    python hf_datasets/build_demo.py isle_brick

Each benchmark's builder is `hf_datasets/builders/<name>.py` with a
`build(out: Path)` function. Demo data is small (well under 5 MB per
benchmark) and only makes the offline quickstart and the tests run; it does
not measure a model.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEMO_ROOT = HERE.parent / "src" / "vpt_tasks" / "data" / "demo"


def available() -> list[str]:
    """Benchmarks that have a demo builder."""
    return sorted(p.stem for p in (HERE / "builders").glob("*.py") if not p.stem.startswith("_"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    names = available()
    parser.add_argument("benchmarks", nargs="*", help=f"any of {', '.join(names)} (default: all)")
    chosen = parser.parse_args(argv).benchmarks or names
    unknown = [name for name in chosen if name not in names]
    if unknown:
        parser.error(f"unknown benchmark(s) {', '.join(unknown)}; choose from {', '.join(names)}")
    sys.path.insert(0, str(HERE))
    for name in chosen:
        out = DEMO_ROOT / name
        shutil.rmtree(out, ignore_errors=True)
        importlib.import_module(f"builders.{name}").build(out)
        size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
        print(f"{name}: wrote {out} ({size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Memory of *building* each task on full-size data, on a cold and on a warm image cache.

    python benchmarks/build_memory.py [--task isle_brick|isle_brick_v1|isle_dots|comfort_ball|omni_perspective|all]

Building a task reads its source, validates and stores every image once
(content-addressed, `$VPT_TASKS_CACHE/images`) and makes the samples, which
hold image *paths*. This script writes synthetic data of each benchmark's
full size (the paper's design or the released dataset's item count; noisy
pixels so PNGs are about as large as real ones), then builds the task in a
fresh process twice: first with an empty image cache (cold), then again with
the cache the first build filled (warm). It prints each build's peak RSS
(VmHWM) and time. `comfort_car`, the largest, has its own script with a full
run: `benchmarks/comfort_memory.py --build-only`.
"""

from __future__ import annotations

import argparse
import io
import multiprocessing
import os
import random
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def _noisy_png(data: bytes, seed: int, amount: float = 0.02) -> bytes:
    """The picture with sparse pixel noise, so that it compresses like a photo or a render."""
    import numpy as np
    from PIL import Image

    picture = np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).copy()
    rng = np.random.default_rng(seed)
    mask = rng.random(picture.shape[:2]) < amount * 10
    picture[mask] = rng.integers(0, 256, size=(int(mask.sum()), 3), dtype=np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(picture).save(buffer, format="PNG")
    return buffer.getvalue()


def _with_noise(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every image of the rows (bytes, `{"bytes": ...}` cells, or lists of them), made noisy."""

    def noisy(value: Any, seed: int) -> Any:
        if isinstance(value, bytes) and value.startswith(b"\x89PNG"):
            return _noisy_png(value, seed)
        if isinstance(value, dict) and isinstance(value.get("bytes"), bytes):
            return {"bytes": _noisy_png(value["bytes"], seed), "path": None}
        if isinstance(value, list):
            return [noisy(item, seed * 10 + i) for i, item in enumerate(value)]
        return value

    return [
        {key: noisy(value, index) for key, value in row.items()} for index, row in enumerate(rows)
    ]


def _isle_brick(root: Path) -> tuple[str, dict[str, Any], str]:
    from hf_datasets.builders.synthetic.isle_brick import paper_style_scenes
    from vpt_tasks.core.canonical import write_dataset
    from vpt_tasks.isle_brick.spec import CANONICAL_SCHEMA

    rows = _with_noise(paper_style_scenes(size=1024, seed=1))
    write_dataset(root, rows, CANONICAL_SCHEMA, pretty_name="bench", license="mit")
    return "vpt_tasks.isle_brick.task:isle_brick", {}, "144 scenes of 1024x1024"


def _isle_v1(task: str, count: int) -> Callable[[Path], tuple[str, dict[str, Any], str]]:
    def write(root: Path) -> tuple[str, dict[str, Any], str]:
        from hf_datasets.builders.synthetic.isle_v1 import brick_rows, dots_rows
        from vpt_tasks.core.canonical import write_dataset
        from vpt_tasks.isle_v1.spec import CANONICAL_SCHEMA

        make = brick_rows if task == "isle_brick_v1" else dots_rows
        rows = _with_noise(make(count, size=1024, seed=1))
        write_dataset(root, rows, CANONICAL_SCHEMA, pretty_name="bench", license="mit")
        return f"vpt_tasks.isle_v1.task:{task}", {}, f"{count} photos of 1024x1024"

    return write


def _comfort_ball(root: Path) -> tuple[str, dict[str, Any], str]:
    from hf_datasets.builders.synthetic.comfort import write_upstream_layout

    write_upstream_layout(root, ("comfort_ball",), size=512, noise=0.02, as_zip=True)
    return "vpt_tasks.comfort.task:comfort_ball", {}, "740 frames of 512x512, upstream zip"


def _omni(root: Path) -> tuple[str, dict[str, Any], str]:
    from hf_datasets.builders.synthetic.omni_perspective import synthetic_items
    from vpt_tasks.core.canonical import write_dataset
    from vpt_tasks.omni_perspective.spec import CANONICAL_SCHEMA

    rows = _with_noise(synthetic_items(1000, size=512, seed=1))
    write_dataset(root, rows, CANONICAL_SCHEMA, split="val", pretty_name="bench", license="mit")
    return "vpt_tasks.omni_perspective.task:omni_perspective", {}, "1,000 items of 512x512"


WRITERS: dict[str, Callable[[Path], tuple[str, dict[str, Any], str]]] = {
    "isle_brick": _isle_brick,
    "isle_brick_v1": _isle_v1("isle_brick_v1", 100),
    "isle_dots": _isle_v1("isle_dots", 130),
    "comfort_ball": _comfort_ball,
    "omni_perspective": _omni,
}


def _vm_hwm_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _build(reference: str, source: str, cache: str, queue: Any) -> None:
    """In a fresh process: import, build the task once, report (peak RSS before, after, time)."""
    os.environ["VPT_TASKS_CACHE"] = cache
    os.environ["HF_HUB_OFFLINE"] = "1"
    import importlib
    import logging

    logging.disable(logging.WARNING)  # the "no grader bound" notice
    module, _, name = reference.partition(":")
    factory = getattr(importlib.import_module(module), name)
    before = _vm_hwm_mib()
    started = time.perf_counter()
    task = factory(source=source)
    queue.put((before, _vm_hwm_mib(), time.perf_counter() - started, len(task.dataset)))


def _write(name: str, root: str, queue: Any) -> None:
    queue.put(WRITERS[name](Path(root)))


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--task", choices=[*WRITERS, "all"], default="all")
    options = parser.parse_args()
    context = multiprocessing.get_context("spawn")
    names = list(WRITERS) if options.task == "all" else [options.task]
    work = Path(tempfile.mkdtemp(prefix="vpt_build_memory_"))
    try:
        for name in names:
            queue = context.Queue()
            root = work / name / "data"
            writer = context.Process(target=_write, args=(name, str(root), queue))
            writer.start()
            reference, _, what = queue.get()
            writer.join()
            size = sum(p.stat().st_size for p in root.rglob("*") if p.is_file()) / 2**20
            cache = str(work / name / "cache")
            results = []
            for _ in ("cold", "warm"):
                child = context.Process(target=_build, args=(reference, str(root), cache, queue))
                child.start()
                results.append(queue.get())
                child.join()
            (imports, cold, cold_s, samples), (_, warm, warm_s, _) = results
            print(
                f"{name}: {samples} samples from {what} ({size:.0f} MiB on disk); peak RSS "
                f"building: cold cache {cold:.0f} MiB ({cold_s:.1f} s), warm {warm:.0f} MiB "
                f"({warm_s:.1f} s); after imports {imports:.0f} MiB",
                flush=True,
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    random.seed(0)
    raise SystemExit(main())

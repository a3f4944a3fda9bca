"""Building a COMFORT task holds no image bytes: the source is streamed into the image store.

Not a timing test: Python's own allocation tracer measures what the loader holds at its
peak, for a source with few images and for one with eight times as many, in a process of
its own.
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path

from hf_datasets.builders.synthetic.comfort import canonical_rows
from tests.helpers import in_own_process
from vpt_tasks.comfort.dataset import COMFORT_FEATURES, REQUIRED_COLUMNS
from vpt_tasks.comfort.spec import CANONICAL_SCHEMA
from vpt_tasks.comfort.stream import BATCH_ROWS, iter_rows
from vpt_tasks.comfort.task import comfort_ball
from vpt_tasks.core.canonical import write_dataset
from vpt_tasks.core.sources import Source

RELATIONS = ("infrontof", "behind", "totheleft", "totheright")


def _source(directory: Path, relations, variations) -> tuple[Source, int, int]:
    """A canonical source of noisy 128 x 128 frames; (source, images, bytes of images)."""
    rows = canonical_rows(
        "comfort_ball", relations=relations, variations=variations, size=128, noise=0.5
    )
    images, size = len(rows), sum(len(row["image"]) for row in rows)
    write_dataset(directory, rows, CANONICAL_SCHEMA, pretty_name="memory", batch_size=16)
    del rows
    return Source("local", str(directory)), images, size


_PEAKS = """  # run by in_own_process: tracemalloc counts every thread of a process
import gc, json, sys, tracemalloc
from pathlib import Path
from vpt_tasks.comfort.dataset import load_frames
from vpt_tasks.comfort.spec import load_spec
from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.sources import Source
few, many, root = sys.argv[1:]
peaks = {}
for store in ("cold", "warm"):  # cold: every image decoded and written; warm: hashed only
    for name, location in (("few", few), ("many", many)):
        gc.collect()
        tracemalloc.start()
        frames = load_frames(Source("local", location), load_spec(), ImageStore(Path(root) / store), ["comfort_ball"])
        peaks[f"{store} {name}"] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert frames
print(json.dumps(peaks))
"""


def test_the_loaders_peak_is_one_batch_not_the_source(tmp_path: Path) -> None:
    few, few_images, few_bytes = _source(tmp_path / "few", RELATIONS[:1], ["default"])
    many, many_images, many_bytes = _source(tmp_path / "many", RELATIONS, ["default", "color"])
    assert many_images == 8 * few_images and many_bytes > 7 * few_bytes
    batch = BATCH_ROWS * many_bytes / many_images
    peaks = json.loads(in_own_process(_PEAKS, few.location, many.location, str(tmp_path)))
    for store in ("cold", "warm"):
        peak_few, peak_many = peaks[f"{store} few"], peaks[f"{store} many"]
        # eight times the images, about the same peak: one batch of rows, not all of them
        assert peak_many < peak_few + 2 * batch, (store, peak_few, peak_many, batch)
        assert peak_many < many_bytes / 4, (store, peak_many, many_bytes)


def test_the_reader_keeps_no_arrow_buffers_of_rows_already_read(tmp_path: Path) -> None:
    """Arrow memory (not seen by tracemalloc) stays at about one batch while rows stream."""
    import pyarrow as pa

    source, images, size = _source(tmp_path / "many", RELATIONS, ["default", "color"])
    start, highest, count = pa.total_allocated_bytes(), 0, 0
    for _row in iter_rows(source, REQUIRED_COLUMNS, list(COMFORT_FEATURES)):
        highest = max(highest, pa.total_allocated_bytes() - start)
        count += 1
    assert count == images
    assert highest < size / 4, (highest, size)  # pyarrow's pre-buffering kept them all


def test_samples_reference_stored_files_not_image_bytes(tmp_path: Path) -> None:
    source, _, image_bytes = _source(tmp_path / "src", RELATIONS, ["default"])
    task = comfort_ball(source=source.location, probes=True, perspective="all")
    paths = set()
    for sample in task.dataset:
        (image,) = [part for part in sample.input[-1].content if part.type == "image"]
        assert Path(image.image).is_file() and not image.image.startswith("data:")
        paths.add(image.image)
    assert len(task.dataset) == 4 * 37 * 4 and len(paths) <= 4 * 37
    # everything the samples hold, images included, is a small fraction of the image bytes
    assert len(pickle.dumps(list(task.dataset))) < image_bytes / 4

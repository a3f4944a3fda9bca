"""What a COMFORT sample holds for the whole run: no image bytes, one shared system message.

A full `comfort_car` run keeps all 17,760 samples in memory from start to end
(benchmarks/README.md, "Full-run memory (issue 24 §1)"). Each sample
references its frame by path (Inspect reads and encodes the image only for the
sample being run, into a copy), and the system message every sample sends is
one object, not one per sample. These tests walk the objects a sample
references to check both, before and after a run.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable
from pathlib import Path

from inspect_ai import eval
from inspect_ai.dataset import Sample
from inspect_ai.model import ChatMessageSystem, ContentImage

from vpt_tasks.comfort.dataset import build_samples, load_frames
from vpt_tasks.comfort.language import load_language
from vpt_tasks.comfort.spec import load_spec
from vpt_tasks.comfort.task import comfort_car
from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.sources import Source

LEFT = "comfort_car_ref_facing_left"

PER_SAMPLE_TRACKED = 15
"""Container objects (gc-tracked) a COMFORT sample holds that no other sample shares: the
Sample, its input list, the user message, its content list and two parts, the baseline hint
(two dicts and the answer pool); a pydantic model counts with its field dict and field set.
Measured: 15; 17 while every sample had its own system message. Every tracked object of a
long-lived sample also makes Python's full garbage collections rarer (benchmarks/README.md)."""


def _reachable(root: object) -> list[object]:
    """Every object reachable from `root` (classes and modules left out)."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen[id(item)] = item
        stack.extend(gc.get_referents(item))
    return list(seen.values())


def _no_image_data(samples: Iterable[Sample]) -> None:
    for sample in samples:
        for item in _reachable(sample):
            assert not isinstance(item, bytes | bytearray | memoryview), sample.id
            assert not (isinstance(item, str) and item.startswith("data:")), sample.id
        images = [
            part
            for message in sample.input
            if not isinstance(message.content, str)
            for part in message.content
            if isinstance(part, ContentImage)
        ]
        assert len(images) == 1 and Path(images[0].image).is_file(), sample.id


def _car(tmp_path: Path, upstream_dir) -> Path:
    return upstream_dir(
        (LEFT, "comfort_car_ref_facing_right"), variations=("dog",), relations=("behind",)
    )


def _frames(tmp_path: Path, upstream_dir) -> list:
    """The two facings of one relatum's `behind` path, loaded as a run loads them."""
    return load_frames(
        Source("local", str(_car(tmp_path, upstream_dir))),
        load_spec(),
        ImageStore(tmp_path / "store"),
        [LEFT, "comfort_car_ref_facing_right"],
        cache=tmp_path / "cache",
    )


def test_samples_share_one_system_message_and_hold_no_image_bytes(
    tmp_path: Path, upstream_dir
) -> None:
    frames = _frames(tmp_path, upstream_dir)
    dataset = build_samples(
        frames, load_language("en"), ["nop", "cam", "add", "rel"], probes=True, system_prompt=True
    )
    samples = list(dataset)
    assert len(samples) == 2 * 37 * 6
    systems = {id(sample.input[0]) for sample in samples}
    assert len(systems) == 1 and isinstance(samples[0].input[0], ChatMessageSystem)
    _no_image_data(samples)

    # what each sample adds: objects reachable from it that another sample does not share
    first, other = _reachable(samples[0]), {id(item) for item in _reachable(samples[-1])}
    own = [item for item in first if id(item) not in other]
    tracked = sum(1 for item in own if gc.is_tracked(item))
    assert tracked <= PER_SAMPLE_TRACKED, (tracked, sorted({type(i).__name__ for i in own}))


def test_loading_frames_hands_arrow_memory_back(tmp_path: Path, upstream_dir, monkeypatch) -> None:
    """Arrow's pool keeps the pages reading the source used (68 MiB at 3,552 samples) unless
    asked to give them back; the loader asks once, after the last table."""
    import pyarrow

    released: list[bool] = []

    class Pool:
        def release_unused(self) -> None:
            released.append(True)

    monkeypatch.setattr(pyarrow, "default_memory_pool", Pool)
    frames = _frames(tmp_path, upstream_dir)
    assert len(frames) == 2 * 37 and released == [True]


def test_a_run_leaves_the_dataset_as_it_was(tmp_path: Path, upstream_dir, monkeypatch) -> None:
    """Inspect encodes an image into a deep copy of the running sample: the dataset keeps paths,
    and the shared system message is neither changed nor copied into the dataset."""
    monkeypatch.setenv("VPT_TASKS_CACHE", str(tmp_path / "cache"))
    task = comfort_car(source=str(_car(tmp_path, upstream_dir)), probes=True, thetas="0,90")
    samples = list(task.dataset)
    system = samples[0].input[0]
    before = system.model_dump()
    (log,) = eval(
        task,
        model="vpt_tasks/random",
        log_dir=str(tmp_path / "logs"),
        display="none",
        log_images=False,
        limit=12,
    )
    assert log.status == "success" and log.results and log.results.completed_samples == 12
    assert all(sample.input[0] is system for sample in samples)
    assert system.model_dump() == before
    _no_image_data(samples)

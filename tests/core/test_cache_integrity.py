"""Issue 19 §3 and §5: what the cache hands back is what was stored; every condition sees
the same upright picture.

A truncated or swapped cache file is treated as missing and written again (its name
carries the hash of its bytes); a cache folder that cannot be written gives one message
naming `$VPT_TASKS_CACHE`, and leaves no partial file; a staging folder of a killed
conversion is removed by the next one; a JPEG with an EXIF orientation is stored upright
once, so a run with and without an image intervention sends the same picture.
"""

from __future__ import annotations

import io
import os
import time
from pathlib import Path

import pytest
from inspect_ai import eval
from PIL import Image

from tests.helpers import printed_by_inspect
from vpt_tasks.core import images
from vpt_tasks.core.cache import remove_stale, staging_folder
from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.inspect_internals import PrerequisiteError


def _picture(colour: tuple[int, int, int], size: tuple[int, int] = (12, 6), **save) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, format=save.pop("format", "PNG"), **save)
    return buffer.getvalue()


@pytest.mark.parametrize("damage", ["truncated", "swapped", "emptied"])
def test_a_damaged_cache_entry_is_written_again(tmp_path: Path, damage: str) -> None:
    store = ImageStore(tmp_path)
    red, blue = _picture((200, 0, 0)), _picture((0, 0, 200))
    path = Path(store.put(red, where="row 0"))
    {
        "truncated": lambda: path.write_bytes(red[: len(red) // 2]),
        "swapped": lambda: path.write_bytes(blue),
        "emptied": lambda: path.write_bytes(b""),
    }[damage]()
    images._VERIFIED.clear()  # a new run
    again = Path(store.put(red, where="row 0"))
    assert again.read_bytes() == red  # the picture that was stored, not the damaged file


def test_a_damaged_entry_is_not_sent_to_the_model(tmp_path: Path) -> None:
    """Through the task: the second run of the demo repairs the swapped cache file."""
    from inspect_ai import eval

    cache = tmp_path / "cache"
    env = {"VPT_TASKS_CACHE": str(cache)}
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        args = {"source": "demo", "questions": "Q4", "grader": "rules"}
        [first] = eval(
            "vpt_tasks/isle_brick",
            task_args=args,
            model="vpt_tasks/random",
            log_dir=str(tmp_path / "a"),
            display="none",
            limit=1,
        )
        stored = (
            Path(first.samples[0].metadata["image_path"])
            if "image_path" in (first.samples[0].metadata or {})
            else next(iter(sorted((cache / "images").rglob("*.*"))))
        )
        original = stored.read_bytes()
        stored.write_bytes(_picture((1, 2, 3)))  # swapped for another picture
        images._VERIFIED.clear()
        eval(
            "vpt_tasks/isle_brick",
            task_args=args,
            model="vpt_tasks/random",
            log_dir=str(tmp_path / "b"),
            display="none",
            limit=1,
        )
        assert stored.read_bytes() == original
    finally:
        for key, value in old.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@pytest.mark.parametrize("shape", ["a file", "read-only"])
def test_a_cache_that_cannot_be_written_is_one_message(
    tmp_path: Path, shape: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if shape == "read-only" and os.geteuid() == 0:
        pytest.skip("root writes into read-only folders")
    cache = tmp_path / "cache"
    if shape == "a file":
        cache.write_text("not a folder")
    else:
        cache.mkdir()
        cache.chmod(0o500)
    # `VPT_TASKS_CACHE=<cache> inspect eval vpt_tasks/isle_brick -T source=demo ...`, in-process:
    # the error that ends the command and what the command prints for it
    monkeypatch.setenv("VPT_TASKS_CACHE", str(cache))
    with pytest.raises(PrerequisiteError) as raised:
        eval(
            "vpt_tasks/isle_brick",
            task_args={"source": "demo"},
            model="vpt_tasks/random",
            log_dir=str(tmp_path / "logs"),
            display="none",
        )
    output = printed_by_inspect(raised.value)
    assert "VPT_TASKS_CACHE" in output and "Traceback" not in output
    assert len(output.strip().splitlines()) <= 15


def test_a_full_disk_leaves_no_partial_file(tmp_path: Path, monkeypatch) -> None:
    store = ImageStore(tmp_path)

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(images.os, "replace", full)
    with pytest.raises(
        images.CacheError if hasattr(images, "CacheError") else OSError, match="VPT_TASKS_CACHE"
    ):
        store.put(_picture((9, 9, 9)), where="row 0")
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]  # no temp file left


def test_a_killed_conversions_staging_folder_is_removed_by_the_next(tmp_path: Path) -> None:
    parent = tmp_path / "comfort"
    dead = staging_folder(parent, "key")
    (dead / "big.parquet").write_bytes(b"x" * 1000)
    (dead / ".owner").write_text(f"{os.uname().nodename} 999999999 {time.time()}\n")  # no such pid
    alive = staging_folder(parent, "key")  # ours: the process is running
    assert not dead.exists() and alive.exists()
    old = staging_folder(parent, "other")
    (old / ".owner").write_text(f"another-host 1 {time.time() - 3 * 24 * 3600}\n")
    assert remove_stale(parent) == [old] and alive.exists()


def test_an_exif_orientation_is_applied_once_where_images_are_stored(tmp_path: Path) -> None:
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90° clockwise to display
    raw = _picture((10, 200, 10), size=(40, 20), format="JPEG", exif=exif.tobytes())
    stored = Path(ImageStore(tmp_path).put(raw, where="row 0"))
    with Image.open(stored) as picture:
        assert picture.size == (20, 40)  # upright: width and height swapped
        assert picture.getexif().get(0x0112, 1) == 1
    # every image operation starts from the stored, upright file
    from vpt_tasks.isle_brick.interventions import zoom_window

    assert zoom_window(20, 40, 30, None)[2] <= 20


def test_the_same_upright_picture_under_every_intervention(tmp_path: Path) -> None:
    """Through the task: `none` sends the stored upright picture; `cardinal_markers` draws
    on that same upright frame (same size)."""
    from inspect_ai import eval

    from hf_datasets.builders.synthetic.isle_brick import paper_style_scenes
    from vpt_tasks.core.canonical import write_dataset
    from vpt_tasks.isle_brick.spec import CANONICAL_SCHEMA

    exif = Image.Exif()
    exif[0x0112] = 8
    rows = paper_style_scenes(size=16, seed=1, limit=1)
    rows[0]["image"] = _picture((50, 90, 200), size=(60, 30), format="JPEG", exif=exif.tobytes())
    source = write_dataset(tmp_path / "src", rows, CANONICAL_SCHEMA, pretty_name="exif")
    sizes = {}
    for intervention in ("none", "cardinal_markers"):
        [log] = eval(
            "vpt_tasks/isle_brick",
            task_args={
                "source": str(source),
                "questions": "Q4",
                "intervention": intervention,
                "grader": "rules",
            },
            model="vpt_tasks/random",
            log_dir=str(tmp_path / intervention),
            display="none",
        )
        sample = log.samples[0]
        image = next(p.image for p in sample.input[0].content if p.type == "image")
        image = sample.attachments.get(image.removeprefix("attachment://"), image)
        import base64

        data = (
            base64.b64decode(image.split(",", 1)[1])
            if image.startswith("data:")
            else (Path(image).read_bytes())
        )
        with Image.open(io.BytesIO(data)) as picture:
            sizes[intervention] = picture.size
    assert sizes["none"] == sizes["cardinal_markers"] == (30, 60)

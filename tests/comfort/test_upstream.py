"""The upstream-layout adapter: config.json + frames -> canonical rows, cached once."""

from __future__ import annotations

import io
import json
import os
import zipfile
from pathlib import Path
from typing import Any

import pytest

from hf_datasets.builders.synthetic.comfort import canonical_rows
from vpt_tasks.comfort import upstream as upstream_module
from vpt_tasks.comfort.dataset import load_frames
from vpt_tasks.comfort.rows import absent_object
from vpt_tasks.comfort.spec import load_spec
from vpt_tasks.comfort.upstream import (
    DirectoryTree,
    ZipTree,
    convert,
    is_upstream_layout,
    iter_rows,
)
from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.sources import Source

NAMES = load_spec().names


def _png(shade: int) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), (shade, 255 - shade, 7)).save(buffer, format="PNG")
    return buffer.getvalue()


def write_path(
    root: Path, dataset: str, relation: str, folder: str, config: dict[str, Any], frames=range(37)
) -> Path:
    """One upstream path written by hand: frames, composite preview and config.json."""
    path = root / dataset / relation / folder
    path.mkdir(parents=True)
    for i in frames:
        (path / f"{i}.png").write_bytes(_png(i))
    (path / "composite_image.png").write_bytes(_png(200))
    mapping = {f"{i}.png": float(10 * i - 180) for i in frames}
    (path / "config.json").write_text(
        json.dumps({**config, "relation": relation, "mapping": mapping})
    )
    return path


CAR = {
    "variation": "object_basketball_and_horse",
    "num_steps": 37,
    "ref_shape": "HorseL",
    "ref_color": "unknown",
    "var_shape": "Basketball",
    "var_color": "unknown",
    "addressee": True,
    "addressee_shape": "Sophia",
    "path_type": "rotate",
    "angle_range": [90, 450],
    "distractor": None,
}
BALL = {
    "variation": "color",
    "ref_shape": "Sphere",
    "ref_color": "green",
    "var_shape": "SPHERE",  # names are matched case-insensitively
    "var_color": "Yellow",
    "cam_position": None,
    "path_type": "rotate",
}


def test_hand_written_layout_becomes_canonical_rows(tmp_path: Path) -> None:
    write_path(
        tmp_path, "comfort_car_ref_facing_left", "totheleft", "object_basketball_and_horse", CAR
    )
    car = {**CAR, "variation": "default", "ref_shape": "car_sedan"}
    write_path(tmp_path, "comfort_car_ref_facing_left", "totheleft", "default", car)
    write_path(tmp_path, "comfort_ball", "behind", "color", BALL)
    assert is_upstream_layout(tmp_path)

    rows = list(iter_rows(DirectoryTree(tmp_path), None, NAMES))
    assert len(rows) == 3 * 37
    ball = [r for r in rows if r["dataset"] == "comfort_ball"]
    assert {
        (r["referent"], r["relatum"], r["variation"], r["absent_object"], r["addressee"])
        for r in ball
    } == {("yellow sphere", "green sphere", "color", "blue box", None)}
    horse = [r for r in rows if r["variation"] == "horse"]
    assert [r["theta"] for r in horse] == list(range(-180, 190, 10))
    assert [r["frame"] for r in horse] == list(range(37))
    assert {(r["referent"], r["relatum"], r["addressee"], r["absent_object"]) for r in horse} == {
        ("basketball", "horse", "woman", "bench")
    }
    assert horse[5]["image"] == _png(5)  # frame i is i.png, not the composite preview
    assert {r["variation"] for r in rows if r["dataset"].startswith("comfort_car")} == {
        "horse",
        "car",
    }


def test_a_local_upstream_directory_is_a_source(tmp_path: Path) -> None:
    write_path(tmp_path / "data_root", "comfort_ball", "behind", "color", BALL)
    frames = load_frames(
        Source("local", str(tmp_path / "data_root")), load_spec(), ImageStore(tmp_path / "store"),
        ["comfort_ball"], cache=tmp_path / "cache",
    )  # fmt: skip
    assert len(frames) == 37 and frames[0].relation == "behind" and frames[36].theta == 180
    assert Path(frames[3].image_path).read_bytes() == _png(3)
    converted = list((tmp_path / "cache" / "comfort").iterdir())
    assert len(converted) == 1 and (converted[0] / "README.md").is_file()


def test_the_dataset_folder_itself_can_be_the_source(tmp_path: Path) -> None:
    write_path(tmp_path, "comfort_ball", "behind", "color", BALL)
    frames = load_frames(
        Source("local", str(tmp_path / "comfort_ball")), load_spec(), ImageStore(tmp_path / "store"),
        ["comfort_ball"], cache=tmp_path / "cache",
    )  # fmt: skip
    assert {f.dataset for f in frames} == {"comfort_ball"} and len(frames) == 37


@pytest.mark.parametrize(
    ("referent", "relatum", "ball", "absent"),
    [
        ("red sphere", "blue sphere", True, "yellow box"),  # default, size, cam, distractor
        ("yellow sphere", "green sphere", True, "blue box"),  # the colour variation
        ("basketball", "horse", False, "bench"),
        ("basketball", "dog", False, "horse"),
    ],
)
def test_absent_object_follows_the_released_code(
    referent: str, relatum: str, ball: bool, absent: str
) -> None:
    assert absent_object(referent, relatum, ball, NAMES) == absent


def test_zip_and_unpacked_layouts_agree_with_the_synthetic_canonical_rows(upstream_dir) -> None:
    unpacked = upstream_dir(
        ["comfort_car_ref_facing_right"], variations=["horse", "car"], relations=["behind"]
    )
    zipped = upstream_dir(
        ["comfort_car_ref_facing_right"],
        variations=["horse", "car"],
        relations=["behind"],
        as_zip=True,
    )
    from_dir = list(iter_rows(DirectoryTree(unpacked), None, NAMES))
    tree = ZipTree(zipped / "comfort_car_ref_facing_right.zip")
    from_zip = list(iter_rows(tree, "comfort_car_ref_facing_right", NAMES))
    assert from_dir == from_zip and len(from_dir) == 74
    expected = canonical_rows(
        "comfort_car_ref_facing_right", relations=["behind"], variations=["car", "horse"], size=16
    )
    assert from_dir == expected


def test_conversion_happens_once_per_content(tmp_path: Path, upstream_dir, monkeypatch) -> None:
    root = upstream_dir(relations=["behind"])
    tree = DirectoryTree(root)
    first = convert(tree, None, load_spec(), tmp_path)
    monkeypatch.setattr(upstream_module, "iter_rows", _fail)
    assert convert(DirectoryTree(root), None, load_spec(), tmp_path) == first  # cached
    image = root / "comfort_ball" / "behind" / "default" / "3.png"
    image.write_bytes(_png(99))
    os.utime(image, ns=(1, 1))
    with pytest.raises(AssertionError, match="converted again"):
        convert(DirectoryTree(root), None, load_spec(), tmp_path)  # changed content: new key


def test_the_converted_directory_is_a_canonical_dataset(tmp_path: Path, upstream_dir) -> None:
    """Written by the one canonical writer (streamed): card with license "other", row count."""
    from vpt_tasks.core.sources import load_table

    root = upstream_dir(relations=["behind"], variations=["default"])
    converted = convert(DirectoryTree(root), None, load_spec(), tmp_path)
    card = (converted / "README.md").read_text()
    assert "license: other" in card and "num_examples: 37" in card
    assert "# COMFORT (converted from the upstream layout by vpt_tasks)" in card
    assert "The images and their license are those of the source" in card
    table = load_table(Source("local", str(converted)))
    assert len(table) == 37 and table[5]["theta"] == -130


def _fail(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("converted again")


def _broken(tmp_path: Path, **changes: Any) -> Path:
    config = {**BALL, **changes}
    write_path(tmp_path, "comfort_ball", "behind", "color", config)
    return tmp_path


def _rows(root: Path, hint: str | None = None) -> list[dict[str, Any]]:
    return list(iter_rows(DirectoryTree(root), hint, NAMES))


def test_bad_upstream_data_is_named(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="unknown ref_shape 'Teapot'"):
        _rows(_broken(tmp_path / "a", ref_shape="Teapot"))
    with pytest.raises(SourceError, match="var_color 'purple'"):
        _rows(_broken(tmp_path / "b", var_color="purple"))
    shifted = _broken(tmp_path / "c")
    config_path = shifted / "comfort_ball" / "behind" / "color" / "config.json"
    config = json.loads(config_path.read_text())
    config["mapping"]["3.png"] = 0.0
    config_path.write_text(json.dumps(config))
    with pytest.raises(SourceError, match=r"mapping\['3.png'\] = 0.0.*theta = -150"):
        _rows(shifted)
    missing = _broken(tmp_path / "d")
    (missing / "comfort_ball" / "behind" / "color" / "7.png").unlink()
    with pytest.raises(SourceError, match="7.png is listed in config.json but missing"):
        _rows(missing)
    broken_json = _broken(tmp_path / "e")
    (broken_json / "comfort_ball" / "behind" / "color" / "config.json").write_text("{nope")
    with pytest.raises(SourceError, match="not valid JSON"):
        _rows(broken_json)
    wrong_relation = _broken(tmp_path / "f", relation="behind")
    (wrong_relation / "comfort_ball" / "behind").rename(
        wrong_relation / "comfort_ball" / "totheleft"
    )
    with pytest.raises(SourceError, match="config and folder disagree"):
        _rows(wrong_relation)


def test_unknown_dataset_folder_and_empty_tree(tmp_path: Path) -> None:
    write_path(tmp_path / "x", "my_scenes", "behind", "color", BALL)
    with pytest.raises(SourceError, match="cannot tell which dataset"):
        _rows(tmp_path / "x")
    assert len(_rows(tmp_path / "x", "comfort_ball")) == 37  # the archive name tells
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.txt").write_text("hi")
    with pytest.raises(SourceError, match="no <dataset>/<relation>/<variation>/config.json"):
        _rows(tmp_path / "empty")


def test_zip_problems(tmp_path: Path) -> None:
    (tmp_path / "comfort_ball.zip").write_bytes(b"not a zip")
    with pytest.raises(SourceError, match="not a readable zip"):
        ZipTree(tmp_path / "comfort_ball.zip")
    other = tmp_path / "other"
    other.mkdir()
    with zipfile.ZipFile(other / "renders.zip", "w") as archive:
        archive.writestr("a.txt", "x")
    from vpt_tasks.comfort.task import comfort_ball

    with pytest.raises(SourceError, match="archives comfort_ball.zip.*; found renders.zip"):
        comfort_ball(source=str(other))
    (other / "comfort_ball.zip").write_bytes((tmp_path / "comfort_ball.zip").read_bytes())
    from vpt_tasks.comfort.task import comfort_car

    with pytest.raises(
        SourceError, match="has comfort_ball.zip but not comfort_car_ref_facing_left.zip"
    ):
        comfort_car(source=str(other))


def test_upstream_archives_are_fetched_at_the_pinned_revision(upstream_dir, monkeypatch) -> None:
    """The default source downloads the task's archives (Hub client mocked: tests are offline)."""
    import huggingface_hub

    from vpt_tasks.comfort.task import comfort_car

    root = upstream_dir(
        ["comfort_car_ref_facing_left", "comfort_car_ref_facing_right"],
        variations=["dog"],
        as_zip=True,
    )
    calls = []

    def fake_download(repo_id: str, filename: str, **kwargs: Any) -> str:
        calls.append((repo_id, filename, kwargs.get("repo_type"), kwargs.get("revision")))
        return str(root / filename)

    monkeypatch.setattr(huggingface_hub, "hf_hub_download", fake_download)
    task = comfort_car(source="sled-umich/COMFORT@0123abc", perspective="nop")
    assert calls == [
        ("sled-umich/COMFORT", f"comfort_car_ref_facing_{side}.zip", "dataset", "0123abc")
        for side in ("left", "right")
    ]
    assert len(task.dataset) == 2 * 4 * 37
    assert task.metadata["source"] == {
        "kind": "hub", "location": "sled-umich/COMFORT", "revision": "0123abc", "config_name": None, "split": "test"
    }  # fmt: skip
    converted = sorted((Path(os.environ["VPT_TASKS_CACHE"]) / "comfort").iterdir())
    comfort_car(source="sled-umich/COMFORT@0123abc", perspective="nop")
    assert len(calls) == 4  # the client is asked again (it answers from its own cache) ...
    assert (
        sorted((Path(os.environ["VPT_TASKS_CACHE"]) / "comfort").iterdir()) == converted
    )  # ... no new conversion

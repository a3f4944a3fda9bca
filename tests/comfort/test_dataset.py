"""Canonical COMFORT rows -> validated frames -> one sample per prompt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from inspect_ai.model import ChatMessageSystem, ChatMessageUser

from hf_datasets.builders.synthetic.comfort import canonical_rows
from vpt_tasks.comfort.dataset import Frame, build_samples, load_frames
from vpt_tasks.comfort.language import load_language
from vpt_tasks.comfort.spec import CANONICAL_SCHEMA as COMFORT_FEATURES
from vpt_tasks.comfort.spec import load_spec
from vpt_tasks.core.canonical import write_dataset
from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.messages import read_hint
from vpt_tasks.core.sources import Source

LEFT = "comfort_car_ref_facing_left"


def _source(tmp_path: Path, rows: list[dict[str, Any]], name: str = "canon") -> Source:
    directory = tmp_path / name
    write_dataset(directory, rows, COMFORT_FEATURES, pretty_name="test")
    return Source("local", str(directory))


def _load(source: Source, tmp_path: Path, datasets=("comfort_ball",)) -> list[Frame]:
    return load_frames(source, load_spec(), ImageStore(tmp_path / "store"), list(datasets))


def _rows(**changes: Any) -> list[dict[str, Any]]:
    rows = canonical_rows(
        "comfort_ball", relations=["behind"], variations=["default"], frames=range(3), size=8
    )
    rows[1].update(changes)
    return rows


def test_frames_are_read_sorted_and_images_stored_once(tmp_path: Path) -> None:
    order = [2, 0, 1, *range(3, 37)]
    rows = canonical_rows(
        LEFT, relations=["totheleft", "behind"], variations=["dog"], frames=order, size=8
    )
    rows += canonical_rows(
        "comfort_ball", relations=["behind"], variations=["default"], frames=[0], size=8
    )  # another dataset: left out (and not checked for completeness)
    frames = _load(_source(tmp_path, rows), tmp_path, [LEFT])
    assert [(f.relation, f.frame) for f in frames] == [
        (relation, i) for relation in ("behind", "totheleft") for i in range(37)
    ]
    assert {(f.referent, f.relatum, f.addressee, f.absent_object) for f in frames} == {
        ("basketball", "dog", "woman", "horse")
    }
    stored = list((tmp_path / "store" / "images").rglob("*.png"))
    assert len(stored) == len({f.image_path for f in frames}) and all(
        Path(f.image_path).is_file() for f in frames
    )


def test_the_same_scene_is_one_file(tmp_path: Path) -> None:
    # behind at theta -180 and in front of at theta 0 put the referent at phi = 180
    rows = canonical_rows(
        "comfort_ball", relations=["behind", "infrontof"], variations=["default"], size=32
    )
    assert rows[0]["image"] == rows[37 + 18]["image"]
    frames = {f.key: f for f in _load(_source(tmp_path, rows), tmp_path)}
    behind = frames["comfort_ball/behind/default/00"]
    assert behind.image_path == frames["comfort_ball/infrontof/default/18"].image_path
    # both paths circle the same 36 positions (frame 36 repeats frame 0): 36 files
    assert len(list((tmp_path / "store" / "images").rglob("*.png"))) == 36


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"theta": -160}, r"row 1: frame=1, theta=-160"),
        ({"frame": 0, "theta": -180}, "duplicate frame key 'comfort_ball/behind/default/00'"),
        ({"dataset": "comfort_plane"}, "dataset 'comfort_plane' is not one of"),
        ({"relation": "above"}, "relation 'above' is not one of"),
        ({"referent": " "}, "row 1: referent is empty"),
        ({"image": b"not an image"}, r"row 1 .*does not decode"),
    ],
)
def test_bad_rows_are_named(tmp_path: Path, changes: dict[str, Any], message: str) -> None:
    with pytest.raises(SourceError, match=message):
        _load(_source(tmp_path, _rows(**changes)), tmp_path)


def test_missing_columns_and_missing_datasets(tmp_path: Path) -> None:
    rows = [{k: v for k, v in row.items() if k != "absent_object"} for row in _rows()]
    schema = {k: v for k, v in COMFORT_FEATURES.items() if k != "absent_object"}
    write_dataset(tmp_path / "cols", rows, schema, pretty_name="x")
    with pytest.raises(SourceError, match="missing column.*absent_object"):
        _load(Source("local", str(tmp_path / "cols")), tmp_path)
    with pytest.raises(SourceError, match=f"no frames of {LEFT}.*has comfort_ball"):
        _load(
            _source(tmp_path, _rows(), "ball_only"),
            tmp_path,
            [LEFT, "comfort_car_ref_facing_right"],
        )


FOUR = [-180, -90, 0, 180]  # frames 0, 9, 18, 36


def _frames(tmp_path: Path) -> list[Frame]:
    rows = canonical_rows(LEFT, relations=["totheright"], variations=["bed"], size=8)
    return _load(_source(tmp_path, rows), tmp_path, [LEFT])


def test_samples_per_prompt_with_system_prompt_and_image_first(tmp_path: Path) -> None:
    frames = _frames(tmp_path)
    dataset = build_samples(
        frames,
        load_language("en"),
        ["nop", "cam", "add", "rel"],
        probes=True,
        system_prompt=True,
        thetas=FOUR,
    )
    assert len(dataset) == 4 * (4 + 2)
    by_id = {s.id: s for s in dataset}
    sample = by_id[f"{LEFT}/totheright/bed/09/rel"]
    system, user = sample.input
    assert isinstance(system, ChatMessageSystem) and system.text.startswith(
        "You will be provided an image"
    )
    assert isinstance(user, ChatMessageUser)
    assert [part.type for part in user.content] == ["image", "text"]
    assert (
        user.content[1].text
        == "From the bed's viewpoint, is the basketball to the right of the bed?"
    )
    assert user.content[0].image == frames[9].image_path  # referenced, not copied
    assert read_hint(user.metadata) == {
        "answer_pool": ["Yes", "No"], "sample_key": sample.id, "yes_no": True
    }  # fmt: skip
    assert sample.metadata == {
        "dataset": LEFT, "relation": "totheright", "variation": "bed", "frame": 9, "theta": -90,
        "referent": "basketball", "relatum": "bed", "language": "en", "prompt": "rel",
        "question": user.content[1].text, "kind": "frame", "prompt_style": "zero_shot",
        "convention": "paper", "curve_frames": 3,
    }  # fmt: skip
    # targets: the hemisphere truth of the prompt's own frame of reference at theta
    # theta = -90 on the right path: phi = 0, toward the camera; the relatum faces -y
    assert by_id[f"{LEFT}/totheright/bed/09/cam"].target == "No"
    assert sample.target == "No"  # facing -y, the bed's right is -x: away from the camera
    assert by_id[f"{LEFT}/totheright/bed/18/cam"].target == "Yes"  # theta 0: phi 90, camera's right
    probe = by_id[f"{LEFT}/totheright/bed/18/probe_absent"]
    assert probe.metadata["kind"] == "probe" and probe.metadata["present"] is False
    assert probe.input[-1].content[1].text == "Is there any horse?" and probe.target == "No"
    assert (
        by_id[f"{LEFT}/totheright/bed/18/probe_relatum"].input[-1].content[1].text
        == "Is there any bed?"
    )


def test_no_system_prompt_thetas_and_language(tmp_path: Path) -> None:
    frames = _frames(tmp_path)
    dataset = build_samples(
        frames, load_language("de"), ["nop"], probes=False, system_prompt=False, thetas=[-180, 0]
    )
    assert [s.id for s in dataset] == [
        f"{LEFT}/totheright/bed/00/nop",
        f"{LEFT}/totheright/bed/18/nop",
    ]
    (user,) = dataset[0].input
    assert user.content[1].text == "Ist der Basketball rechts vom Bett?"
    assert read_hint(user.metadata)["answer_pool"] == ["Ja", "Nein"]
    assert dataset[0].target in ("Ja", "Nein")
    with pytest.raises(SourceError, match="no frame is left"):
        build_samples(
            frames[:3], load_language("en"), ["nop"], probes=False, system_prompt=True, thetas=[170]
        )

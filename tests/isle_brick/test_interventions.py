"""The image interventions of Appendix B: parsing, the crop, the markers, the twins, the store."""

from __future__ import annotations

import io
import logging
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from hf_datasets.builders.synthetic.isle_brick import paper_style_scenes
from vpt_tasks.core.errors import SourceError, TaskArgumentError
from vpt_tasks.core.images import ImageStore
from vpt_tasks.isle_brick.interventions import (
    Intervention,
    intervene,
    parse_intervention,
    with_cardinal_markers,
    zoom_window,
    zoomed,
)
from vpt_tasks.isle_brick.spec import CANONICAL_SCHEMA, OPTIONAL_COLUMNS


@pytest.mark.parametrize(
    ("value", "label"),
    [
        (None, "none"),
        ("none", "none"),
        ("zoom=30", "zoom=30"),
        ("ZOOM=10", "zoom=10"),
        ("cardinal_markers", "cardinal_markers"),
        ("no_objects", "no_objects"),
        ("human_figure", "human_figure"),
        (["zoom=30", "no_objects"], "no_objects+zoom=30"),
        ("cardinal_markers+zoom=50", "zoom=50+cardinal_markers"),
        ("no_objects,zoom=10,cardinal_markers", "no_objects+zoom=10+cardinal_markers"),
    ],
)
def test_values_and_their_canonical_labels(value: Any, label: str) -> None:
    assert parse_intervention(value).label == label


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("blur", "unknown intervention 'blur'; use one of none, no_objects"),
        ("zoom", "a zoom is zoom=N"),
        ("zoom=95", "from 1 to 90"),
        ("zoom=ten", "a zoom is zoom=N"),
        ("no_objects,human_figure", "choose one of them"),
        ("none,zoom=10", "'none' cannot be combined"),
        ("zoom=30,zoom=50", "zoom=30 and zoom=50 are two crops"),  # not silently zoom=50
    ],
)
def test_bad_values_are_refused_with_the_allowed_ones(value: str, message: str) -> None:
    with pytest.raises(TaskArgumentError, match=message):
        parse_intervention(value)


def test_which_interventions_keep_every_question() -> None:
    assert parse_intervention("cardinal_markers").keeps_every_question
    assert not parse_intervention("zoom=30").keeps_every_question
    assert not parse_intervention("no_objects").keeps_every_question
    assert parse_intervention("human_figure").twin_column == "image_human_figure"


def test_zoom_window_centred_without_a_box() -> None:
    # 30% cropped from each side's length: a 70 × 70 window in the middle of 100 × 100
    assert zoom_window(100, 100, 30, None) == (15, 15, 85, 85)
    assert zoom_window(200, 100, 50, None) == (50, 25, 150, 75)


def test_zoom_window_follows_the_figure_and_stays_inside() -> None:
    # a small figure on the left: centred on it, shifted right to stay in the image
    assert zoom_window(100, 100, 50, (0.1, 0.4, 0.2, 0.6)) == (0, 25, 50, 75)
    # in the middle of the image's right half
    assert zoom_window(100, 100, 50, (0.7, 0.45, 0.8, 0.55)) == (50, 25, 100, 75)


def test_zoom_window_grows_to_hold_the_whole_figure() -> None:
    window = zoom_window(100, 100, 50, (0.2, 0.1, 0.5, 0.9))  # 80% tall: no 50% crop holds it
    left, top, right, bottom = window
    assert top <= 10 and bottom >= 90 and left <= 20 and right >= 50
    assert right - left == bottom - top  # the aspect of the image is kept


def test_zoomed_keeps_the_image_size() -> None:
    picture = Image.new("RGB", (64, 48), (10, 20, 30))
    assert zoomed(picture, (8, 6, 40, 30)).size == (64, 48)


def test_markers_sit_at_the_edge_centres_and_are_deterministic() -> None:
    picture = Image.new("RGB", (200, 200), (120, 120, 120))
    marked = with_cardinal_markers(picture)
    side = 20  # 10% of the shorter side
    # each marker: a white square with black strokes, flush with its edge
    for x0, y0 in ((90, 0), (180, 90), (90, 180), (0, 90)):
        block = marked.crop((x0, y0, x0 + side, y0 + side))
        colours = {block.getpixel((i, j)) for i in range(side) for j in range(side)}
        assert (255, 255, 255) in colours and (0, 0, 0) in colours
    # the rest of the image is untouched
    assert marked.getpixel((50, 50)) == (120, 120, 120)
    assert marked.getpixel((100, 100)) == (120, 120, 120)
    # the four letters differ (N, E, S, W), and the drawing is the same every time
    crops = [
        marked.crop((x0, y0, x0 + side, y0 + side)).tobytes()
        for x0, y0 in ((90, 0), (180, 90), (90, 180), (0, 90))
    ]
    assert len(set(crops)) == 4
    assert with_cardinal_markers(picture).tobytes() == marked.tobytes()


def test_markers_scale_with_the_image() -> None:
    small = with_cardinal_markers(Image.new("RGB", (64, 64), (90, 90, 90)))
    assert small.getpixel((32, 1)) != (90, 90, 90)  # at least 12 px: still there
    big = with_cardinal_markers(Image.new("RGB", (1000, 600), (90, 90, 90)))
    assert big.getpixel((500, 55)) != (90, 90, 90)  # 60 px tall at the top
    assert big.getpixel((500, 65)) == (90, 90, 90)


def _png(colour: tuple[int, int, int], size: int = 64) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (size, size), colour).save(buffer, format="PNG")
    return buffer.getvalue()


def write_scenes(
    folder: Path,
    *,
    count: int = 4,
    boxes: bool = True,
    twins: tuple[str, ...] = ("image_no_objects", "image_human_figure"),
) -> Path:
    """A canonical Isle-Brick-V2 directory with the optional intervention columns."""
    from vpt_tasks.core.canonical import write_dataset

    rows = paper_style_scenes(size=64, seed=3, limit=count)
    for index, row in enumerate(rows):
        if boxes:
            row["figure_box"] = None if index == 0 else [0.40, 0.40, 0.60, 0.60]
        for shade, column in enumerate(twins):
            row[column] = _png((40 * shade, 100, index * 20))
    schema = dict(CANONICAL_SCHEMA)
    if boxes:
        schema["figure_box"] = OPTIONAL_COLUMNS["figure_box"]
    schema.update({column: OPTIONAL_COLUMNS[column] for column in twins})
    write_dataset(folder, rows, schema, pretty_name="intervention scenes")
    return folder


def _scenes(folder: Path, twins: tuple[str, ...] = ()) -> list[Any]:
    from vpt_tasks.core.sources import resolve_source
    from vpt_tasks.isle_brick.dataset import load_scenes
    from vpt_tasks.isle_brick.spec import load_spec

    spec = load_spec()
    source = resolve_source(
        str(folder), benchmark="isle_brick", upstream=spec.upstream, split=spec.split
    )
    return load_scenes(source, spec, ImageStore(folder / "store"), twins=twins)


def test_a_zoom_is_made_once_per_image_and_says_how_it_was_centred(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    scenes = _scenes(write_scenes(tmp_path / "d"))
    store = ImageStore(tmp_path / "zoomed")
    with caplog.at_level(logging.WARNING):
        zoomed_scenes, summary = intervene(
            scenes + scenes[:2], parse_intervention("zoom=30"), store
        )
    assert summary["zoom_centre"] == {"figure_box": 4, "image_centre": 2}
    assert "2 of 6 scenes have no figure_box (scene-000, scene-000)" in caplog.text
    files = sorted((tmp_path / "zoomed" / "images").rglob("*.*"))
    assert len({path.name for path in files}) == len(files) <= 4  # one file per distinct image
    first, second = zoomed_scenes[0], zoomed_scenes[1]
    assert first.intervention["zoom_centre"] == "image_centre"
    assert first.intervention["crop"] == [0.1562, 0.1562, 0.8438, 0.8438]
    assert second.intervention == {
        "intervention": "zoom=30",
        "zoom_centre": "figure_box",
        "crop": [0.1562, 0.1562, 0.8438, 0.8438],
    }
    assert second.image_path != scenes[1].image_path
    with Image.open(second.image_path) as picture:
        assert picture.size == (64, 64) and picture.format == "PNG"
    again, _ = intervene(scenes, parse_intervention("zoom=30"), store)
    assert [s.image_path for s in again] == [s.image_path for s in zoomed_scenes[:4]]


def test_twins_replace_the_image_and_combine_with_a_zoom(tmp_path: Path) -> None:
    folder = write_scenes(tmp_path / "d")
    scenes = _scenes(folder, twins=("image_no_objects",))
    plain, _ = intervene(scenes, parse_intervention("no_objects"), ImageStore(tmp_path / "s"))
    assert [s.image_path for s in plain] == [s.twins["image_no_objects"] for s in scenes]
    assert plain[0].intervention == {"intervention": "no_objects"}
    both, _ = intervene(
        scenes, parse_intervention("no_objects,zoom=50"), ImageStore(tmp_path / "s")
    )
    with Image.open(both[2].image_path) as picture:
        # the twin is one flat colour: its zoom is too, and not the scene's drawing
        assert picture.getpixel((5, 5)) == (0, 100, 40)
    assert both[2].intervention["intervention"] == "no_objects+zoom=50"


def test_none_changes_nothing_but_is_recorded(tmp_path: Path) -> None:
    scenes = _scenes(write_scenes(tmp_path / "d"))
    same, summary = intervene(scenes, Intervention(), ImageStore(tmp_path / "s"))
    assert [s.image_path for s in same] == [s.image_path for s in scenes]
    assert summary == {"intervention": "none"} and same[0].intervention == {"intervention": "none"}


def test_a_source_without_the_twin_column_fails_naming_the_fix(tmp_path: Path) -> None:
    folder = write_scenes(tmp_path / "d", twins=())
    with pytest.raises(SourceError) as error:
        _scenes(folder, twins=("image_no_objects",))
    message = str(error.value)
    assert "has no image_no_objects column" in message
    assert "vpt-tasks render isle-brick --variant no-objects" in message
    assert len(message) < 400


@pytest.mark.parametrize("box", [[0.5, 0.1, 0.4, 0.9], [0.1, 0.2, 0.3], ["a", 0, 1, 1]])
def test_a_bad_figure_box_is_refused_naming_the_row(tmp_path: Path, box: list) -> None:
    from vpt_tasks.core.canonical import write_dataset

    rows = paper_style_scenes(size=16, limit=2)
    rows[0]["figure_box"] = [0.1, 0.1, 0.2, 0.2]
    rows[1]["figure_box"] = [str(v) for v in box] if box[0] == "a" else box
    schema = {**CANONICAL_SCHEMA, "figure_box": "list<string>" if box[0] == "a" else "list<float>"}
    write_dataset(tmp_path, rows, schema, pretty_name="bad boxes")
    with pytest.raises(SourceError, match=r"row 1 .*figure_box=.*left < right"):
        _scenes(tmp_path)


def test_two_zooms_are_refused_through_the_task_before_any_model_call(tmp_path) -> None:
    from inspect_ai import eval

    with pytest.raises(TaskArgumentError, match="run each zoom separately"):
        eval(
            "vpt_tasks/isle_brick",
            task_args={"source": "demo", "intervention": "zoom=30,zoom=50"},
            model="vpt_tasks/random",
            log_dir=str(tmp_path),
            display="none",
        )
    assert not list(tmp_path.iterdir())

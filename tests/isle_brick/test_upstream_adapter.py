"""The tolerant adapter for the gated upstream `Gracjan/Isle` Isle-Brick-V2 config."""

from __future__ import annotations

import datasets
import pytest

from hf_datasets.builders.synthetic.isle_brick import draw_scene
from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.sources import Source
from vpt_tasks.isle_brick.dataset import load_scenes
from vpt_tasks.isle_brick.spec import load_spec
from vpt_tasks.isle_brick.upstream import adapt_upstream

SOURCE = Source("upstream", "Gracjan/Isle", "abc", "Isle-Brick-V2")


def _image(bearing: float) -> bytes:
    return draw_scene("dog", bearing, 0.0, "birds_eye", 16)


def test_wide_layout_with_free_text_gold() -> None:
    table = datasets.Dataset.from_list(
        [
            {
                "Image": _image(45),
                "id": 7,
                "Object_Name": "the dog",
                "Q1": "1",
                "Q2": "One",
                "Q3": "Yes",
                "Q4": "North-East",
                "Q5": "north",
                "Q6": "yes",
                "Q7": "front and right",
            }
        ]
    )
    rows = adapt_upstream(table, table.column_names, SOURCE, load_spec())
    assert rows[0]["scene_id"] == "7" and rows[0]["object"] == "the dog"
    assert rows[0]["gold_q4"] == "North-East"


def test_long_layout_grouped_by_image() -> None:
    spec = load_spec()
    answers = {
        "Q1": "1",
        "Q2": "1",
        "Q3": "yes",
        "Q4": "east",
        "Q5": "north",
        "Q6": "no",
        "Q7": "right",
    }
    records = []
    for bearing in (90, 180):
        for qid, question in spec.questions.items():
            records.append(
                {
                    "image": _image(bearing),
                    "prompt": question.prompt("cat", spec.placeholder),
                    "label": answers[qid],
                }
            )
    table = datasets.Dataset.from_list(records)
    rows = adapt_upstream(table, table.column_names, SOURCE, spec)
    assert len(rows) == 2
    assert all(row["object"] == "cat" for row in rows)
    assert rows[0]["gold_q7"] == "right"


def test_unknown_layout_lists_the_fields_seen() -> None:
    table = datasets.Dataset.from_list([{"picture": _image(0), "caption": "a dog"}])
    with pytest.raises(SourceError) as error:
        adapt_upstream(table, table.column_names, SOURCE, load_spec())
    assert "Fields seen: picture, caption" in str(error.value)


def test_adapted_rows_become_scenes(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    from vpt_tasks.isle_brick import dataset as module

    table = datasets.Dataset.from_list(
        [
            {
                "image": _image(45),
                "object": "dog",
                **{
                    f"q{i}": a
                    for i, a in enumerate(
                        ["1", "1", "yes", "NE", "north", "yes", "front, right"], start=1
                    )
                },
            }
        ]
    )
    monkeypatch.setattr(module, "load_table", lambda source: table)
    (scene,) = load_scenes(SOURCE, load_spec(), ImageStore(tmp_path))
    assert scene.gold["Q4"] == ("north", "east")
    assert scene.gold["Q7"] == ("front", "right")
    assert scene.object == "dog"


def test_adapted_rows_with_one_id_twice_are_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    from vpt_tasks.isle_brick import dataset as module

    row = {
        "image": _image(45),
        "id": 3,
        "object": "dog",
        **{f"q{i}": a for i, a in enumerate(["1", "1", "yes", "NE", "north", "yes", "front"], 1)},
    }
    table = datasets.Dataset.from_list([row, {**row, "image": _image(90)}])
    monkeypatch.setattr(module, "load_table", lambda source: table)
    with pytest.raises(SourceError, match=r"row 1 \(scene_id '3'\): duplicate scene_id"):
        load_scenes(SOURCE, load_spec(), ImageStore(tmp_path))

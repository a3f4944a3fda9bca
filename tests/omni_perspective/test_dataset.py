"""Omni-Perspective rows: parsing, normalisation, placeholders, filters and rotations."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from hf_datasets.builders.synthetic.omni_perspective import synthetic_items
from vpt_tasks.core.errors import SourceError, TaskArgumentError
from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.sources import resolve_source
from vpt_tasks.omni_perspective.dataset import (
    Item,
    build_samples,
    load_items,
    normalise_difficulty,
    normalise_pov,
    normalise_qtype,
    parse_choices,
    parse_label,
)
from vpt_tasks.omni_perspective.interleave import PlaceholderError, interleave_plan
from vpt_tasks.omni_perspective.spec import load_spec

WHERE = "test row"
PLACEHOLDER = load_spec().placeholder


# --- choices and labels -------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        "{'A': 'left', 'B': 'right', 'C': 'front', 'D': 'behind'}",  # upstream: Python repr
        '{"A": "left", "B": "right", "C": "front", "D": "behind"}',  # JSON
        "{'B': 'right', 'A': 'left', 'D': 'behind', 'C': 'front'}",  # any key order
        {"A": "left", "B": "right", "C": "front", "D": "behind"},
        {"A": "left", "B": "right", "C": "front", "D": "behind", "E": None},  # struct with a null
        ["left", "right", "front", "behind"],
        "['left', 'right', 'front', 'behind']",
        "{'a': ' left ', '(B)': 'right', 'C.': 'front', 'D': 'behind'}",
    ],
)
def test_parse_choices_accepts_every_upstream_spelling(value: object) -> None:
    assert parse_choices(value, WHERE) == {"A": "left", "B": "right", "C": "front", "D": "behind"}


def test_parse_choices_keeps_quotes_inside_option_texts() -> None:
    value = str({"A": "the person's cup", "B": 'a "red" box'})
    assert parse_choices(value, WHERE) == {"A": "the person's cup", "B": 'a "red" box'}


def test_parse_choices_never_evaluates_code(tmp_path: Path) -> None:
    marker = tmp_path / "executed"
    payload = f"__import__('pathlib').Path({str(marker)!r}).write_text('x')"
    with pytest.raises(SourceError, match=r"neither JSON nor a Python dict literal"):
        parse_choices(payload, WHERE)
    with pytest.raises(SourceError):
        parse_choices("{'A': __import__('os').getcwd(), 'B': 'b'}", WHERE)
    assert not marker.exists()


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("{'A': 'left'}", "at least two options"),
        ("{'A': 'left', 'C': 'front'}", "letters A, C"),
        ("{'A': 'left', 'BB': 'right'}", "not an option letter"),
        ("{'A': 'left', 'B': '  '}", "option B has an empty text"),
        ("42", "must be a dict"),
        (None, "must be a dict"),
        ("{'A': 'left', 'B': ", "neither JSON nor"),
    ],
)
def test_parse_choices_rejects_bad_options_with_the_reason(value: object, message: str) -> None:
    with pytest.raises(SourceError, match=message):
        parse_choices(value, WHERE)


@pytest.mark.parametrize(
    ("value", "letter"), [("B", "B"), ("b", "B"), ("(C)", "C"), ("D.", "D"), ("right", "B")]
)
def test_parse_label(value: str, letter: str) -> None:
    options = {"A": "left", "B": "right", "C": "front", "D": "behind"}
    assert parse_label(value, options, WHERE) == letter


@pytest.mark.parametrize("value", ["E", "", None, "up"])
def test_parse_label_rejects_letters_outside_the_options(value: object) -> None:
    with pytest.raises(SourceError, match=r"label=.*A, B, C, D"):
        parse_label(value, {"A": "left", "B": "right", "C": "front", "D": "behind"}, WHERE)


# --- normalisation ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [("Qtype 3.5", "3.5"), ("qtype_1", "1"), ("3.5", "3.5"), (3.5, "3.5"), (1.0, "1"), (4, "4"),
     ("Q2", "2"), ("ego-exo", "ego-exo"), (None, None), ("", None), (float("nan"), None)],
)  # fmt: skip
def test_normalise_qtype(value: object, expected: str | None) -> None:
    assert normalise_qtype(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [("Easy", "easy"), (" HARD ", "hard"), (2, "2"), (2.0, "2"), (None, None), ("", None)],
)
def test_normalise_difficulty(value: object, expected: str | None) -> None:
    assert normalise_difficulty(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [("first", "first"), ("First-Person", "first"), ("1st person", "first"), (1, "first"),
     ("third", "third"), ("3rd", "third"), ("third person prompt", "third"), ("exo", "third"),
     ("neutral", "neutral"), (None, None)],
)  # fmt: skip
def test_normalise_pov(value: object, expected: str | None) -> None:
    assert normalise_pov(value, load_spec().pov_aliases) == expected


# --- placeholders ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "n", "plan"),
    [
        ("Image 1: <image> Image 2: <image> Same?", 2, ["Image 1:", 0, "Image 2:", 1, "Same?"]),
        ("<image>\n<image>\nWhich one?", 2, [0, 1, "Which one?"]),
        ("Where is the cup?", 1, [0, "Where is the cup?"]),  # no placeholder: images first
        ("Compare <image 2> with <image 1>.", 2, ["Compare", 1, "with", 0, "."]),
        ("A <IMAGE_1> and again <image1>, then <image>", 1, ["A", 0, "and again", 0, ", then", 0]),
    ],
)
def test_interleave_plan(question: str, n: int, plan: list) -> None:
    assert interleave_plan(question, n, PLACEHOLDER) == plan


@pytest.mark.parametrize(
    ("question", "n", "message"),
    [
        ("<image> <image> <image>", 2, "image 3.*2 image"),
        ("<image> only one", 2, "image\\(s\\) 2 are never placed"),
        ("<image 5>", 2, "image 5"),
    ],
)
def test_interleave_plan_rejects_mismatches(question: str, n: int, message: str) -> None:
    with pytest.raises(PlaceholderError, match=message):
        interleave_plan(question, n, PLACEHOLDER)


# --- loading a source -----------------------------------------------------------------


def _source(directory: Path):
    spec = load_spec()
    return resolve_source(
        str(directory), benchmark="omni_perspective", upstream=spec.upstream, split="val"
    )


def _rows(count: int = 10, **changes: object) -> list[dict]:
    rows = synthetic_items(count, size=16, seed=3)
    for key, value in changes.items():
        rows[1][key] = value
    return rows


def test_load_items_reads_every_field(omni_dir, tmp_path: Path) -> None:
    rows = _rows(10)
    items, selection = load_items(
        _source(omni_dir(rows, name="fields")), load_spec(), ImageStore(tmp_path)
    )
    assert selection.qtypes is None and selection.pov == "all"
    assert [item.item_id for item in items] == [row["id"] for row in rows]
    first = items[0]
    assert first.qtype == "1" and first.pov == "first" and first.topic == "perspective"
    assert first.options == ast.literal_eval(rows[0]["choices"])
    assert first.label == rows[0]["label"]
    assert len(first.image_paths) == 2
    stored = [Path(p).read_bytes() for p in first.image_paths]
    assert stored == rows[0]["images"]  # in placeholder order, bytes unchanged


def test_filters_select_items_and_reject_unknown_values(omni_dir, tmp_path: Path) -> None:
    source = _source(omni_dir(_rows(20), name="filters"))
    store = ImageStore(tmp_path)
    items, _ = load_items(source, load_spec(), store, qtype="1,3.5")
    assert {item.qtype for item in items} == {"1", "3.5"} and len(items) == 8
    items, _ = load_items(source, load_spec(), store, qtype=3.5, pov="third")
    assert {(item.qtype, item.pov) for item in items} == {("3.5", "third")}
    rows = _rows(20)
    hard_q4 = [r["id"] for r in rows if r["qtype"] == "Qtype 4" and r["difficulty_level"] == "hard"]
    level = "Hard" if hard_q4 else "Medium"
    items, _ = load_items(source, load_spec(), store, qtype=["Qtype 4"], difficulty=level)
    expected = [
        r["id"] for r in rows if r["qtype"] == "Qtype 4" and r["difficulty_level"] == level.lower()
    ]
    assert [item.item_id for item in items] == expected and expected
    with pytest.raises(TaskArgumentError, match=r"-T qtype='7'.*1, 2, 3, 3.5, 4"):
        load_items(source, load_spec(), store, qtype="7")
    with pytest.raises(TaskArgumentError, match="use one of: easy, hard, medium"):
        load_items(source, load_spec(), store, difficulty="extreme")
    with pytest.raises(TaskArgumentError, match="first, third, all"):
        load_items(source, load_spec(), store, pov="second")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"images": [b"not an image", b"x"]}, r"row 1 .*image 1: the image does not decode"),
        ({"question": "Only one: <image>"}, r"row 1 .*placeholders do not fit.*never placed"),
        ({"choices": "{'A': 'x'}"}, r"row 1 .*at least two options"),
        ({"label": "Z"}, r"row 1 .*label='Z'"),
        ({"id": "synthetic-3-0000"}, r"row 1 .*duplicate id"),
        ({"images": []}, r"row 1 .*images is empty"),
    ],
)
def test_bad_rows_fail_naming_the_row(
    omni_dir, tmp_path: Path, changes: dict, message: str
) -> None:
    directory = omni_dir(_rows(4, **changes), name="bad")
    with pytest.raises(SourceError, match=message):
        load_items(_source(directory), load_spec(), ImageStore(tmp_path))


def test_missing_columns_are_named(tmp_path: Path) -> None:
    from vpt_tasks.core.canonical import write_dataset

    rows = [{"id": "a", "question": "q"}]
    write_dataset(
        tmp_path, rows, {"id": "string", "question": "string"}, split="val", pretty_name="x"
    )
    with pytest.raises(SourceError, match="missing column\\(s\\) choices, label, images"):
        load_items(_source(tmp_path), load_spec(), ImageStore(tmp_path / "cache"))


# --- rotations ----------------------------------------------------------------------------


def _item(label: str = "C") -> Item:
    return Item(
        item_id="i1",
        question="Image 1: <image> Image 2: <image> Which?",
        options={"A": "left", "B": "right", "C": "front", "D": "behind"},
        label=label,
        image_paths=("/cache/one.png", "/cache/two.png"),
        qtype="1",
        difficulty="easy",
        pov="first",
        topic="perspective",
        image_id="scene",
    )


def test_build_samples_rotates_the_answer_through_every_slot() -> None:
    samples = list(build_samples([_item("C")], load_spec(), circular=True))
    assert [s.id for s in samples] == ["i1/r0", "i1/r1", "i1/r2", "i1/r3"]
    assert [s.target for s in samples] == ["C", "D", "A", "B"]
    for sample in samples:
        letter = str(sample.target)
        assert sample.choices is not None
        assert sample.choices[ord(letter) - ord("A")] == "front"  # the gold text follows the label
        assert sample.metadata["n_rotations"] == 4 and sample.metadata["k"] == 4
        assert sample.metadata["qtype"] == "1" and sample.metadata["pov"] == "first"
        parts = sample.input[0].content
        # the final message: text and images in placeholder order, then this rotation's options
        assert [p.type for p in parts] == ["text", "image", "text", "image", "text"]
        assert [p.image for p in parts if p.type == "image"] == [
            "/cache/one.png",
            "/cache/two.png",
        ]  # paths, not bytes
        options = "\n".join(f"{chr(ord('A') + i)}. {text}" for i, text in enumerate(sample.choices))
        assert [p.text for p in parts if p.type == "text"] == [
            "Image 1:",
            "Image 2:",
            "Which?\nOptions:\n"
            + options
            + "\nPlease select the correct answer from the options above.",
        ]
    assert {s.metadata["rotation"] for s in samples} == {0, 1, 2, 3}


def test_build_samples_without_circular_keeps_the_original_order() -> None:
    (sample,) = build_samples([_item("B")], load_spec(), circular=False)
    assert sample.id == "i1/r0" and sample.target == "B"
    assert sample.choices == ["left", "right", "front", "behind"]
    assert sample.metadata["n_rotations"] == 1


def test_rotations_share_one_stored_file_per_image(omni_dir, tmp_path: Path) -> None:
    rows = _rows(6)
    store = ImageStore(tmp_path / "store")
    items, _ = load_items(_source(omni_dir(rows, name="shared")), load_spec(), store)
    samples = list(build_samples(items, load_spec(), circular=True))
    distinct = {bytes(image) for row in rows for image in row["images"]}
    files = [p for p in (tmp_path / "store").rglob("*") if p.is_file()]
    assert len(files) == len(distinct)  # each image written once
    paths = {
        part.image for sample in samples for part in sample.input[0].content if part.type == "image"
    }
    assert paths == {str(p) for p in files}
    assert all(not re.match("data:", path) for path in paths)


@pytest.mark.parametrize(
    ("question", "types", "texts"),
    [
        # no placeholder: the images first, then the question and the options
        ("Which?", ["image", "image", "text"], ["Which?\nOPTIONS"]),
        # ends with an image: the options are a part of their own
        (
            "Compare <image> with <image>",
            ["text", "image", "text", "image", "text"],
            ["Compare", "with", "OPTIONS"],
        ),
        # a numbered placeholder places that image
        (
            "<image 2> then <image 1> ok",
            ["image", "text", "image", "text"],
            ["then", "ok\nOPTIONS"],
        ),
    ],
)
def test_message_parts_follow_the_placeholders(question: str, types: list, texts: list) -> None:
    from dataclasses import replace

    from vpt_tasks.omni_perspective.dataset import message_parts

    spec = load_spec()
    item = replace(_item("A"), question=question)
    options = {"A": "left", "B": "right"}
    parts = message_parts(item, options, spec.prompt, spec.placeholder)
    block = spec.prompt.options_block(options)
    assert [("text" if isinstance(p, str) else "image") for p in parts] == types
    assert [p for p in parts if isinstance(p, str)] == [t.replace("OPTIONS", block) for t in texts]
    images = [p.image for p in parts if not isinstance(p, str)]
    if question.startswith("<image 2>"):
        assert images == ["/cache/two.png", "/cache/one.png"]
    else:
        assert images == ["/cache/one.png", "/cache/two.png"]

"""Isle v1 data from every kind of source, validation, option orders and prompts."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from hf_datasets.builders.synthetic.isle_v1 import brick_rows, dots_rows
from tests.conftest import shared_path
from tests.isle_v1.conftest import png
from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.sources import Source
from vpt_tasks.isle_v1.authors_csv import authors_csv_path
from vpt_tasks.isle_v1.dataset import (
    Item,
    build_samples,
    dataset_type,
    distractor_value,
    dots_distractor,
    gold_value,
    load_items,
    option_pair,
    resolve,
    task_kind,
)
from vpt_tasks.isle_v1.spec import load_spec
from vpt_tasks.isle_v1.task import isle_brick_v1, isle_dots
from vpt_tasks.isle_v1.upstream import adapt_upstream, infer_task

SPEC = load_spec()
BRICKS = SPEC.datasets["isle_brick_v1"]
DOTS = SPEC.datasets["isle_dots"]
SNAIL = "Assuming the snail Lego minifigure has the ability to see, can it see the flower in the picture?"


def _item(
    gold: str, item_id: str = "x", *, dataset: str = "isle-dots", distractor: str | None = None
) -> Item:
    return Item(
        item_id, "/img.png", "How many?", gold, distractor, None, dataset, "perspective-taking"
    )  # type: ignore[arg-type]


# --- the real item in the authors' CSV format (acceptance) --------------------------------


def test_fixture_csv_loads_into_two_orders_with_right_options_and_gold_letters() -> None:
    folder = shared_path("fixtures", "isle_v1_example")
    task = isle_brick_v1(source=str(folder), grader="rules")
    samples = list(task.dataset)
    assert [s.id for s in samples] == ["1-q1/original", "1-q1/swapped"]
    original, swapped = samples
    assert original.metadata["options"] == {"A": "Yes", "B": "No"}
    assert swapped.metadata["options"] == {"A": "No", "B": "Yes"}
    assert (original.target, swapped.target) == ("B", "A")  # gold "No"
    for sample in samples:
        meta = sample.metadata
        assert meta["item_id"] == "1-q1" and meta["gold_answer"] == "No"
        assert (meta["task"], meta["partition"], meta["dataset"]) == (
            "perspective-taking",
            "1",
            "isle-brick",
        )
        assert meta["question"] == SNAIL
        assert [part.type for part in sample.input[0].content] == ["image", "text"]
    assert original.input[0].content[1].text == (
        f"{SNAIL} Respond solely with A or B.\nOptions:\nA. Yes\nB. No\nAnswer: "
    )
    # one stored copy of the photograph, referenced by both samples
    assert original.input[0].content[0].image == swapped.input[0].content[0].image
    assert Path(original.input[0].content[0].image).read_bytes() == (folder / "1.jpg").read_bytes()
    assert task.metadata["source"]["layout"] == "authors_csv"
    # the CSV file itself is a source too
    assert len(isle_brick_v1(source=str(folder / "data.csv"), grader="rules").dataset) == 2


# --- authors' CSV --------------------------------------------------------------------------


def test_authors_csv_item_ids_tasks_and_images_subfolder(authors_csv) -> None:
    rows = [
        {
            "id_image": "1.png",
            "question": "Is the cup present in the image?",
            "gold_answer": "yes",
            "partition": "2",
            "type_of_dataset": "isle-brick",
            "task": "object detection",
        },
        {
            "id_image": "1.png",
            "question": SNAIL,
            "gold_answer": "No",
            "partition": "2",
            "type_of_dataset": "isle-brick",
            "task": "perspective-taking",
        },
        {
            "id_image": "2",
            "question": "Is the ball present in the image?",
            "gold_answer": "No",
            "partition": "3",
            "type_of_dataset": "isle-brick",
            "task": "object detection",
            "write_image": False,
        },
    ]
    folder = authors_csv(rows, images_subdir=True)
    (folder / "images" / "2.png").write_bytes(png((0, 90, 0)))  # id_image without extension
    items, other = load_items(resolve(str(folder), BRICKS, SPEC), BRICKS, ImageStore())
    assert other == 0
    assert [(i.item_id, i.task, i.gold, i.partition) for i in items] == [
        ("1-q1", "object-detection", "Yes", "2"),
        ("1-q2", "perspective-taking", "No", "2"),
        ("2-q1", "object-detection", "No", "3"),
    ]
    assert items[0].image_path == items[1].image_path != items[2].image_path


def test_authors_csv_with_both_datasets_keeps_the_tasks_rows_and_counts_the_others(
    authors_csv,
) -> None:
    rows = [
        {
            "question": SNAIL,
            "gold_answer": "Yes",
            "partition": "1",
            "type_of_dataset": "isle-brick",
            "task": "perspective-taking",
        },
        {
            "question": "In the picture, how many red dots are there?",
            "gold_answer": "4",
            "partition": "1",
            "type_of_dataset": "isle-dots",
            "task": "object detection",
        },
    ]
    folder = authors_csv(rows)
    brick_task = isle_brick_v1(source=str(folder), grader="rules")
    assert len(brick_task.dataset) == 2 and brick_task.metadata["rows_of_other_dataset"] == 1
    dots_task = isle_dots(source=str(folder), grader="rules")
    assert [s.metadata["options"] for s in dots_task.dataset] == [
        {"A": "4", "B": "5"},
        {"A": "5", "B": "4"},
    ]
    only_dots = authors_csv([rows[1]], name="only_dots")
    with pytest.raises(SourceError, match="no isle-brick rows.*1 row.*vpt_tasks/isle_dots"):
        isle_brick_v1(source=str(only_dots), grader="rules")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"gold_answer": "maybe"}, r"data.csv, line 2 .*gold_answer 'maybe' is not Yes or No"),
        (
            {"task": "counting"},
            r"task 'counting' is not one of perspective-taking, object-detection",
        ),
        ({"type_of_dataset": "isle-cats"}, r"dataset type 'isle-cats'"),
        ({"id_image": "missing.png", "write_image": False}, r"image 'missing.png' not found"),
        ({"question": ""}, r"the question is empty"),
    ],
)
def test_bad_authors_csv_rows_are_named(authors_csv, change: dict, message: str) -> None:
    row = {
        "question": SNAIL,
        "gold_answer": "Yes",
        "partition": "1",
        "type_of_dataset": "isle-brick",
        "task": "perspective-taking",
        **change,
    }
    folder = authors_csv([row])
    with pytest.raises(SourceError, match=message):
        isle_brick_v1(source=str(folder), grader="rules")


def test_authors_csv_missing_columns_and_ambiguous_folders(authors_csv, tmp_path: Path) -> None:
    folder = authors_csv(
        [{"question": SNAIL, "gold_answer": "Yes"}], columns=["id_image", "question", "gold_answer"]
    )
    with pytest.raises(
        SourceError,
        match="missing column.s. partition, type_of_dataset, task; the file has id_image",
    ):
        isle_brick_v1(source=str(folder), grader="rules")
    (tmp_path / "a.csv").write_text("x\n")
    (tmp_path / "b.csv").write_text("x\n")
    with pytest.raises(SourceError, match=r"several CSV files \(a.csv, b.csv\)"):
        authors_csv_path(str(tmp_path))
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(SourceError, match="neither the authors' CSV .* nor the canonical layout"):
        isle_brick_v1(source=str(empty), grader="rules")


# --- canonical layout -------------------------------------------------------------------------


def test_canonical_directory_and_demo(canonical_dir) -> None:
    rows = brick_rows(scenes=3, size=16) + dots_rows(scenes=2, size=16)
    folder = canonical_dir(rows)
    bricks, other = load_items(resolve(str(folder), BRICKS, SPEC), BRICKS, ImageStore())
    assert len(bricks) == 6 and other == 4
    assert {i.task for i in bricks} == {"perspective-taking", "object-detection"}
    dots, _ = load_items(resolve(str(folder), DOTS, SPEC), DOTS, ImageStore())
    assert [i.distractor for i in dots] == [str(int(i.gold) + 1) for i in dots]
    for task in (isle_brick_v1, isle_dots):
        demo = task(source="demo", grader="rules")
        assert len(demo.dataset) == 32 and demo.metadata["source"]["kind"] == "demo"
        assert demo.metadata["source"].get("layout", "canonical") == "canonical"
        per_item = Counter(s.metadata["item_id"] for s in demo.dataset)
        assert set(per_item.values()) == {2}


def test_canonical_rows_are_validated(canonical_dir) -> None:
    rows = brick_rows(scenes=2, size=16)
    rows[1] = {**rows[1], "item_id": rows[0]["item_id"]}
    with pytest.raises(SourceError, match="duplicate item_id"):
        isle_brick_v1(source=str(canonical_dir(rows, "dup")), grader="rules")
    rows = brick_rows(scenes=2, size=16)
    rows[2] = {**rows[2], "image": b"not an image"}
    with pytest.raises(SourceError, match=r"row 2 .*does not decode"):
        isle_brick_v1(source=str(canonical_dir(rows, "bad_image")), grader="rules")
    rows = dots_rows(scenes=1, size=16)
    rows[0] = {**rows[0], "distractor": rows[0]["gold_answer"]}
    with pytest.raises(SourceError, match="distractor .* must be a count other than the gold"):
        isle_dots(source=str(canonical_dir(rows, "bad_distractor")), grader="rules")


def test_missing_canonical_columns_are_named(tmp_path: Path) -> None:
    from vpt_tasks.core.canonical import write_dataset

    write_dataset(
        tmp_path,
        [{"image": png(), "item_id": "a"}],
        {"image": "image", "item_id": "string"},
        pretty_name="x",
    )
    with pytest.raises(SourceError, match="missing column.s. question, gold_answer, dataset, task"):
        isle_brick_v1(source=str(tmp_path), grader="rules")


# --- upstream --------------------------------------------------------------------------------


def _upstream_table():
    import datasets

    rows = [
        {
            "image": {"bytes": png((200, 0, 0)), "path": None},
            "prompt": f"{SNAIL} Respond solely with A or B.\nOptions:\nA. Yes\nB. No\nAnswer: ",
            "label": "No",
        },
        {
            "image": {"bytes": png((0, 200, 0)), "path": None},
            "prompt": "Is the flower present in the image?",
            "label": "yes",
        },
    ]
    features = datasets.Features(
        {
            "image": datasets.Image(decode=False),
            "prompt": datasets.Value("string"),
            "label": datasets.Value("string"),
        }
    )
    return datasets.Dataset.from_list(rows, features=features)


def test_upstream_adapter_maps_image_prompt_label() -> None:
    table = _upstream_table()
    source = Source("upstream", "Gracjan/Isle", config_name="Isle-Brick-V1", layout="upstream")
    rows = list(adapt_upstream(table, list(table.column_names), source, BRICKS))
    assert [
        (r["item_id"], r["question"], r["gold_answer"], r["task"], r["dataset"]) for r in rows
    ] == [
        ("0", SNAIL, "No", "perspective-taking", "isle-brick"),
        ("1", "Is the flower present in the image?", "yes", "object-detection", "isle-brick"),
    ]
    with pytest.raises(
        SourceError, match="found no prompt, label field. Fields seen: image, caption"
    ):
        adapt_upstream(table, ["image", "caption"], source, BRICKS)


def test_upstream_source_runs_through_the_adapter(monkeypatch: pytest.MonkeyPatch) -> None:
    import vpt_tasks.isle_v1.dataset as dataset_module

    seen = []

    def fake_load_table(source: Source):
        seen.append(source)
        return _upstream_table()

    monkeypatch.setattr(dataset_module, "load_table", fake_load_table)
    task = isle_brick_v1(grader="rules")
    assert seen[0].kind == "upstream" and seen[0].location == "Gracjan/Isle"
    assert seen[0].config_name == "Isle-Brick-V1" and seen[0].split == "test"
    assert [s.target for s in task.dataset] == ["B", "A", "A", "B"]
    assert task.metadata["source"]["layout"] == "upstream"


def test_default_sources_fail_before_any_model_call() -> None:
    with pytest.raises(SourceError, match="Gracjan/Isle.*Isle-Brick-V1.*HF_HUB_OFFLINE"):
        isle_brick_v1(grader="rules")
    with pytest.raises(SourceError, match="Isle-Dots has no public Hub copy.*-T source=demo"):
        isle_dots(grader="rules")


# --- values, distractors, options, prompts -------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "kind", "expected"),
    [
        ("Yes", "isle-brick", "Yes"),
        ("no.", "isle-brick", "No"),
        (True, "isle-brick", "Yes"),
        ("3", "isle-dots", "3"),
        (4, "isle-dots", "4"),
        ("2.0", "isle-dots", "2"),
        ("three", "isle-dots", "3"),
        (0, "isle-dots", "0"),
    ],
)
def test_gold_values(value, kind, expected) -> None:
    assert gold_value(value, kind, "row") == expected


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("maybe", "isle-brick"),
        ("-1", "isle-dots"),
        ("2.5", "isle-dots"),
        ("", "isle-dots"),
        (True, "isle-dots"),
    ],
)
def test_bad_gold_values(value, kind) -> None:
    with pytest.raises(SourceError, match="row: gold_answer"):
        gold_value(value, kind, "row")


def test_task_and_dataset_spellings() -> None:
    assert (
        task_kind("object detection", "r")
        == task_kind("Object-Detection", "r")
        == "object-detection"
    )
    assert task_kind("perspective taking", "r") == "perspective-taking"
    assert (
        dataset_type("Isle-Dots", "r") == "isle-dots"
        and dataset_type("isle-bricks", "r") == "isle-brick"
    )
    assert (
        infer_task("In the picture, how many red dots does the man with the purple hoodie see?")
        == "perspective-taking"
    )
    assert infer_task("In the picture, how many red dots are there?") == "object-detection"
    assert distractor_value("no", "Yes", "isle-brick", "r") == "No"
    with pytest.raises(SourceError, match="must be 'No'"):
        distractor_value("Yes", "Yes", "isle-brick", "r")


def test_dots_distractors_faithful_and_random() -> None:
    assert dots_distractor(_item("3"), "faithful") == "4"
    assert dots_distractor(_item("3", distractor="2"), "faithful") == "2"
    assert dots_distractor(_item("0"), "random") == "1"
    draws = [dots_distractor(_item("3", f"item{i}"), "random") for i in range(40)]
    assert set(draws) == {"2", "4"}
    assert draws == [
        dots_distractor(_item("3", f"item{i}"), "random") for i in range(40)
    ]  # seeded per item


def test_option_pairs_and_both_orders() -> None:
    assert option_pair(_item("Yes", dataset="isle-brick"), SPEC, "faithful") == ("Yes", "No")
    assert option_pair(_item("No", dataset="isle-brick"), SPEC, "faithful") == ("Yes", "No")
    assert option_pair(_item("9"), SPEC, "faithful") == ("9", "10")  # numeric, not string, order
    assert option_pair(_item("3", distractor="2"), SPEC, "faithful") == ("2", "3")
    samples = build_samples([_item("9", "i1")], SPEC, "cot", name="t")
    assert [s.id for s in samples] == ["i1/original", "i1/swapped"]
    assert [s.target for s in samples] == ["A", "B"]
    cot = samples[0].input[0].content[1].text
    assert cot == (
        "How many? First, analyze the image step by step, then provide your answer by selecting "
        "either option A or B.\nOptions:\nA. 9\nB. 10\nAnswer: "
    )
    assert samples[0].input[0].metadata["vpt_tasks"]["answer_pool"] == ["A", "B"]


def test_prompts_are_the_papers_verbatim() -> None:
    assert SPEC.prompts == {
        "zero_shot": "{q} Respond solely with A or B.\nOptions:\nA. {opt1}\nB. {opt2}\nAnswer: ",
        "cot": "{q} First, analyze the image step by step, then provide your answer by selecting either "
        "option A or B.\nOptions:\nA. {opt1}\nB. {opt2}\nAnswer: ",
    }
    assert SPEC.temperature == 0.0 and SPEC.max_tokens == 1024


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "1.png,Is the cup present in the image?",
            r"data.csv, line 3: the row is short: it has 2 field\(s\) but the header has 6 .*"
            r"missing: gold_answer, partition, type_of_dataset, task",
        ),
        (
            "1.png,Is the cup present in the image?,Yes",
            r"data.csv, line 3: the row is short: it has 3 field\(s\) but the header has 6 .*"
            r"missing: partition, type_of_dataset, task",
        ),
        (
            "1.png,Is the cup, or the ball, present?,Yes,1P1O0S,isle-brick,object detection",
            r"data.csv, line 3: the row is long: it has 8 field\(s\) but the header has 6",
        ),
    ],
)
def test_a_short_or_long_csv_row_is_blamed_on_its_length(
    tmp_path: Path, line: str, message: str
) -> None:
    """Issue 13: a short row names its missing columns, not `gold_answer`."""
    (tmp_path / "1.png").write_bytes(png())
    (tmp_path / "data.csv").write_text(
        "id_image,question,gold_answer,partition,type_of_dataset,task\n"
        "1.png,Is the cup present in the image?,Yes,1P1O0S,isle-brick,object detection\n"
        f"{line}\n",
        encoding="utf-8",
    )
    with pytest.raises(SourceError, match=message) as raised:
        isle_brick_v1(source=str(tmp_path))
    assert "gold_answer None" not in str(raised.value)

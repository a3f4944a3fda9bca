"""`export` writes a Hub dataset folder that loads with `datasets` and runs through its task."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import datasets
import pytest
from huggingface_hub import DatasetCard

from hf_datasets.builders.synthetic.isle_brick import paper_style_scenes
from hf_datasets.publishing import ExportError
from hf_datasets.publishing.benchmarks import BENCHMARKS, get_benchmark
from hf_datasets.publishing.cli import main
from hf_datasets.publishing.export import (
    DEFAULT_MAX_SHARD_SIZE,
    export_dataset,
    parse_size,
    validate_folder,
)
from tests.helpers import metrics, run
from vpt_tasks.core.canonical import features_from, write_dataset
from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.sources import demo_dir
from vpt_tasks.isle_brick.spec import CANONICAL_SCHEMA as ISLE_BRICK_FEATURES
from vpt_tasks.isle_brick.task import isle_brick

CANONICAL = list(ISLE_BRICK_FEATURES)


def _scenes(count: int = 12, **extra: Any) -> list[dict[str, Any]]:
    """Generated rows: the canonical columns plus geometry columns, as the renderer adds."""
    rows = paper_style_scenes(size=16, seed=3)[:count]
    for index, row in enumerate(rows):
        row["figure_yaw"] = float(index * 30)
        row["seed"] = 100 + index
        row.update(extra)
    return rows


def _generated(tmp_path: Path, rows: list[dict[str, Any]], **kwargs: Any) -> Path:
    features = features_from({**ISLE_BRICK_FEATURES, "figure_yaw": "float", "seed": "int"})
    return write_dataset(
        tmp_path / "generated", rows, features, pretty_name="rendered scenes", **kwargs
    )


def _export(source: Path | str, out: Path, **kwargs: Any):
    return export_dataset("isle_brick", str(source), out, command="test export", **kwargs)


def test_export_of_generated_data_loads_back_and_runs_through_the_task(tmp_path: Path) -> None:
    source = _generated(tmp_path, _scenes(12), body="Scenes rendered for the test.\n\nMore text.")
    out = tmp_path / "out"
    result = _export(source, out, max_shard_size=parse_size("1KB"))
    # the exact folder a Hub dataset repo holds
    assert sorted(p.name for p in out.iterdir()) == ["README.md", "data"]
    shards = sorted(p.name for p in (out / "data").iterdir())
    assert len(shards) > 1 and all(
        re.fullmatch(rf"test-\d{{5}}-of-{len(shards):05d}\.parquet", s) for s in shards
    )
    assert (
        result.rows == 12
        and result.samples == 12 * 7
        and result.files == tuple(f"data/{s}" for s in shards)
    )
    # loads with datasets, canonical columns first, geometry columns kept with their types, row order kept
    table = datasets.load_dataset(str(out), split="test")
    assert table.column_names == [*CANONICAL, "figure_yaw", "seed"]
    assert table.features["seed"] == datasets.Value("int64") and isinstance(
        table.features["image"], datasets.Image
    )
    assert table["scene_id"] == [row["scene_id"] for row in _scenes(12)]
    assert table["figure_yaw"] == [float(i * 30) for i in range(12)]
    # and runs through the matching task with -T source=DIR
    log = run(isle_brick(source=str(out)), "vpt_tasks/random", tmp_path / "logs")
    assert len(log.samples) == 84 and log.eval.metadata["source"]["kind"] == "local"
    assert 0.0 <= metrics(log)["overall"] <= 1.0


def test_card_has_configs_license_citation_provenance_and_command(tmp_path: Path) -> None:
    source = _generated(
        tmp_path, _scenes(4), body="Scenes rendered for the test.", license="cc-by-4.0"
    )
    out = tmp_path / "out"
    assert (
        main(["export", "--benchmark", "isle_brick", "--from", str(source), "--out", str(out)]) == 0
    )
    card = DatasetCard.load(out / "README.md")
    data = card.data.to_dict()
    assert data["license"] == "cc-by-4.0" and data["pretty_name"] == "rendered scenes"
    assert data["configs"] == [
        {"config_name": "default", "data_files": [{"split": "test", "path": "data/test-*"}]}
    ]
    info = datasets.info.DatasetInfosDict.from_dataset_card_data(card.data)["default"]
    assert info.splits["test"].num_examples == 4 and list(info.features) == [
        *CANONICAL,
        "figure_yaw",
        "seed",
    ]
    provenance = data["vpt_tasks"]
    assert provenance["benchmark"] == "isle_brick" and provenance["rows"] == 4
    assert provenance["generator"].startswith("vpt_tasks ") and re.match(
        r"\d{4}-\d\d-\d\dT", provenance["created"]
    )
    assert provenance["source"] == {
        "value": str(source),
        "kind": "local",
        "revision": None,
        "split": "test",
    }
    assert provenance["command"] == (
        f"python hf_datasets/publish.py export --benchmark isle_brick --from {source} --out {out}"
    )
    assert "visual-question-answering" in data["task_categories"] and data["size_categories"] == [
        "n<1K"
    ]
    text = card.text
    assert "Scenes rendered for the test." in text  # the source card's own description is kept
    assert provenance["command"] in text and "arXiv:2505.03821" in text and "## Provenance" in text


def test_export_of_an_export_records_where_it_came_from(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    _export("demo", first)
    _export(first, second, description="A copy.")
    provenance = DatasetCard.load(second / "README.md").data["vpt_tasks"]
    assert provenance["derived_from"]["source"]["value"] == "demo"
    assert provenance["derived_from"]["command"] == "test export"
    text = (second / "README.md").read_text()
    assert text.count("@article{goral2025beyond") == 1 and "A copy." in text


def test_a_dataset_the_task_rejects_is_not_exported(tmp_path: Path) -> None:
    rows = _scenes(3)
    rows[1]["gold_q4"] = ["upwards"]
    out = tmp_path / "out"
    with pytest.raises(ExportError, match=r"vpt_tasks/isle_brick does not run on .*gold_q4"):
        _export(_generated(tmp_path, rows), out)
    assert not out.exists()


def test_missing_canonical_columns_fail_before_writing(tmp_path: Path) -> None:
    rows = [{k: v for k, v in row.items() if k != "object"} for row in _scenes(2)]
    schema = {k: v for k, v in ISLE_BRICK_FEATURES.items() if k != "object"}
    source = write_dataset(tmp_path / "partial", rows, schema, pretty_name="partial")
    with pytest.raises(SourceError, match="missing column.*object"):
        _export(source, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_license_is_required_when_the_source_has_none(tmp_path: Path) -> None:
    source = _generated(tmp_path, _scenes(2))
    (source / "README.md").unlink()
    with pytest.raises(ExportError, match="--license"):
        _export(source, tmp_path / "out")
    _export(source, tmp_path / "out", license="mit")
    assert DatasetCard.load(tmp_path / "out" / "README.md").data["license"] == "mit"


def test_out_directory_rules(tmp_path: Path) -> None:
    out = tmp_path / "out"
    _export("demo", out)
    with pytest.raises(ExportError, match="not empty.*--overwrite"):
        _export("demo", out)
    _export("demo", out, overwrite=True)
    (out / "notes.txt").write_text("mine")
    with pytest.raises(ExportError, match="notes.txt"):
        _export("demo", out, overwrite=True)
    assert (out / "notes.txt").exists()
    source = _generated(tmp_path, _scenes(2))
    with pytest.raises(ExportError, match="overlaps the source folder"):
        _export(source, source, overwrite=True)
    assert (source / "README.md").exists()


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_failing_overwrite_leaves_the_previous_export_byte_identical(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["export", "--benchmark", "isle_brick", "--from", "demo", "--out", str(out)]) == 0
    before = _snapshot(out)
    corrupt = _scenes(4)
    corrupt[2]["image"] = b"not an image"
    bad_gold = _scenes(3)
    bad_gold[1]["gold_q4"] = ["upwards"]
    for rows, name in ((corrupt, "corrupt"), (bad_gold, "bad_gold")):
        source = write_dataset(
            tmp_path / name, rows, ISLE_BRICK_FEATURES, pretty_name=name, license="mit"
        )
        code = main(
            ["export", "--benchmark", "isle_brick", "--from", str(source), "--out", str(out)]
            + ["--overwrite"]
        )
        assert code == 1
        assert _snapshot(out) == before, f"the {name} export changed the previous export"
    # nothing is left behind next to --out either
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


@pytest.mark.parametrize("layout", ["out_holds_source", "out_inside_source", "same"])
def test_out_may_not_overlap_the_source(tmp_path: Path, layout: str) -> None:
    parent = tmp_path / "X"
    source = _generated(parent, _scenes(2))  # X/generated
    (parent / "notes.txt").write_text("unrelated")
    out = {"out_holds_source": parent, "out_inside_source": source / "sub", "same": source}[layout]
    before_source, before_parent = _snapshot(source), _snapshot(parent)
    code = main(
        ["export", "--benchmark", "isle_brick", "--from", str(source), "--out", str(out)]
        + ["--overwrite"]
    )
    assert code == 1
    assert _snapshot(source) == before_source and _snapshot(parent) == before_parent


def test_a_successful_overwrite_replaces_the_previous_export(tmp_path: Path) -> None:
    out = tmp_path / "out"
    _export("demo", out)
    source = _generated(tmp_path, _scenes(3))
    result = _export(source, out, overwrite=True)
    assert result.rows == 3 and datasets.load_dataset(str(out), split="test").num_rows == 3
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_bad_benchmark_and_sources_name_the_fix(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="Unknown benchmark 'isle'; choose one of isle_brick, "):
        export_dataset("isle", "demo", tmp_path / "o", command="x")
    with pytest.raises(ExportError, match="canonical layout"):
        export_dataset("isle_brick", "upstream", tmp_path / "o", command="x")
    with pytest.raises(SourceError, match="'./no/such/dir': no such directory"):
        export_dataset("isle_brick", "./no/such/dir", tmp_path / "o", command="x")


def test_validate_catches_tampered_folders(tmp_path: Path) -> None:
    out = tmp_path / "out"
    _export("demo", out)
    assert validate_folder(out).rows == 8  # the benchmark comes from the card
    readme = out / "README.md"
    original = readme.read_text()
    readme.write_text(original.replace("num_examples: 8", "num_examples: 9"))
    with pytest.raises(
        ExportError, match="does not load with datasets.load_dataset: NonMatchingSplitsSizesError"
    ):
        validate_folder(out)
    readme.write_text(
        original.replace("name: object\n    dtype: string", "name: object\n    dtype: int64")
    )
    with pytest.raises(ExportError, match="does not load with datasets.load_dataset"):
        validate_folder(out)
    readme.write_text(original.replace("benchmark: isle_brick", "benchmark: nothing"))
    with pytest.raises(ExportError, match="Unknown benchmark 'nothing'"):
        validate_folder(out)
    readme.write_text(original)
    for shard in (out / "data").glob("*.parquet"):
        shard.unlink()
    with pytest.raises(ExportError, match="no data file matches data/test-"):
        validate_folder(out)
    readme.unlink()
    with pytest.raises(ExportError, match="has no README.md"):
        validate_folder(out)


def test_validate_checks_canonical_types(tmp_path: Path) -> None:
    schema = {**ISLE_BRICK_FEATURES, "scene_id": "int"}
    rows = [{**row, "scene_id": i} for i, row in enumerate(_scenes(2))]
    folder = write_dataset(tmp_path / "typed", rows, schema, pretty_name="typed")
    with pytest.raises(
        ExportError,
        match=r"wrong type: scene_id \(expected Value\('string'\), found Value\('int64'\)\)",
    ):
        validate_folder(folder, "isle_brick")
    with pytest.raises(ExportError, match="pass --benchmark"):
        validate_folder(folder)


def test_cli_reports_errors_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["export", "--benchmark", "isle_brick", "--from", "demo", "--out", str(tmp_path / "o")]
    )
    output = capsys.readouterr().out
    assert code == 0 and "Exported 8 rows of isle_brick" in output and "builds 56 samples" in output
    assert (
        main(["validate", str(tmp_path / "o")]) == 0
        and "builds 56 samples" in capsys.readouterr().out
    )
    assert (
        main(
            ["export", "--benchmark", "isle_brick", "--from", "demo", "--out", str(tmp_path / "o")]
        )
        == 1
    )
    assert capsys.readouterr().err.startswith("error: --out ")
    assert main(["publish", str(tmp_path / "o"), "--repo-id", "not a repo"]) == 1
    assert "ORG/NAME" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["export", "--benchmark", "isle_brick", "--from", "demo"])


@pytest.mark.parametrize(
    "text,size",
    # the parser push_to_hub uses: MB = 10^6, MiB = 2^20 (one meaning here and on the Hub)
    [("500MB", 500 * 10**6), ("4KB", 4000), ("2GiB", 2 * 1024**3), ("123", 123)],
)
def test_parse_size(text: str, size: int) -> None:
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["", "ten", "5 parsecs", "0", "-5MB", "1.5GB"])
def test_parse_size_rejects(text: str) -> None:
    with pytest.raises(ExportError):
        parse_size(text)


def test_shard_sizes_are_read_as_push_to_hub_reads_them(tmp_path: Path) -> None:
    """Issue 23 §5: one meaning of "500MB" here and in `push_to_hub` (500,000,000 bytes)."""
    from datasets.utils.py_utils import convert_file_size_to_int

    default = convert_file_size_to_int(datasets.config.MAX_SHARD_SIZE)
    assert parse_size(DEFAULT_MAX_SHARD_SIZE) == default == 500 * 10**6
    nbytes = datasets.load_dataset(str(demo_dir("isle_brick")), split="test").data.nbytes
    # a size whose decimal (KB) and binary (KiB) readings cut the demo into different counts
    kb = next(
        k
        for k in range(1, 1000)
        if int(nbytes / (k * 1000)) != int(nbytes / (k * 1024)) and nbytes / (k * 1000) < 7
    )
    out = tmp_path / "out"
    command = ["export", "--benchmark", "isle_brick", "--from", "demo", "--out", str(out)]
    assert main([*command, "--max-shard-size", f"{kb}KB"]) == 0
    shards = list((out / "data").iterdir())
    assert len(shards) == int(nbytes / convert_file_size_to_int(f"{kb}KB")) + 1  # push_to_hub's


def test_every_benchmark_has_its_task_schema_split_and_card() -> None:
    from vpt_tasks.core.config import load_config

    for bench in BENCHMARKS.values():
        assert bench.task_factory().__name__ == bench.name
        if bench.name != "grader_check":  # its rows are answers to read: no picture
            assert bench.canonical_schema()[
                "image" if bench.name != "omni_perspective" else "images"
            ]
        assert bench.split() == load_config(bench.descriptor.config)["split"]
        if (
            Path(__file__).resolve().parents[2]
            / "hf_datasets"
            / "cards"
            / f"{bench.descriptor.card}.md"
        ).exists():
            assert re.search(r"@\w+\{|arXiv|OpenReview", bench.card_text()), (
                f"{bench.descriptor.card}.md cites no paper"
            )
    assert get_benchmark("omni_perspective").split() == "val"


@pytest.mark.parametrize(
    "name",
    # isle_brick is tested above; a task that reads another's demo (isle_brick_bias) has none
    sorted(
        name for name, bench in BENCHMARKS.items() if name != "isle_brick" and not bench.entry.demo
    ),
)
def test_other_benchmarks_demo_data_round_trips(name: str, tmp_path: Path) -> None:
    bench = get_benchmark(name)
    out = tmp_path / "out"
    result = export_dataset(name, "demo", out, command="test", license="cc-by-4.0")
    assert result.rows == datasets.load_dataset(str(demo_dir(name)), split=bench.split()).num_rows
    assert result.samples > 0 and set(bench.canonical_schema()) <= set(result.columns)

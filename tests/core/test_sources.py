"""The `source` parameter: resolution and the errors of unreadable sources."""

from __future__ import annotations

from pathlib import Path

import pytest

from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.sources import Upstream, load_table, resolve_source

UPSTREAM = Upstream(repo_id="Gracjan/Isle", config_name="Isle-Brick-V2", revision="abc123")


def _resolve(value):
    return resolve_source(value, benchmark="isle_brick", upstream=UPSTREAM, split="test")


def test_kinds_of_source(tmp_path: Path) -> None:
    default = _resolve(None)
    assert (default.kind, default.location, default.revision, default.config_name) == (
        "upstream",
        "Gracjan/Isle",
        "abc123",
        "Isle-Brick-V2",
    )
    assert _resolve("demo").kind == "demo"
    assert Path(_resolve("demo").location, "data").is_dir()
    local = _resolve(str(tmp_path))
    assert (local.kind, local.location) == ("local", str(tmp_path.resolve()))
    hub = _resolve("org/name@v1.0")
    assert (hub.kind, hub.location, hub.revision) == ("hub", "org/name", "v1.0")
    assert _resolve("org/name").revision is None


def test_nonsense_and_file_sources_are_rejected(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="no such directory"):
        _resolve("./no/such/dir")
    with pytest.raises(SourceError, match="neither 'demo'"):
        _resolve("nonsense")
    a_file = tmp_path / "x.parquet"
    a_file.write_text("")
    with pytest.raises(SourceError, match="is a file"):
        _resolve(str(a_file))


def test_directory_without_parquet_names_the_layout(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "train-00000-of-00001.parquet").write_text("")
    with pytest.raises(SourceError) as error:
        load_table(_resolve(str(tmp_path)))
    assert "data/test-*.parquet" in str(error.value)
    assert "train-00000-of-00001.parquet" in str(error.value)


def test_offline_hub_id_fails_fast_with_advice() -> None:
    with pytest.raises(SourceError) as error:
        load_table(_resolve("someone/not-cached@main"))
    message = str(error.value)
    assert "someone/not-cached" in message
    assert "-T source=demo" in message


def test_a_mistyped_relative_path_is_not_taken_for_a_hub_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mydata").mkdir()
    with pytest.raises(SourceError, match=r"'mydata/isle': no such directory.*hf://mydata/isle"):
        _resolve("mydata/isle")
    explicit = _resolve("hf://mydata/isle@v2")
    assert (explicit.kind, explicit.location, explicit.revision) == ("hub", "mydata/isle", "v2")
    assert _resolve("hf://datasets/org/name").location == "org/name"
    with pytest.raises(SourceError, match="not a Hub dataset id"):
        _resolve("hf://nonsense")
    with pytest.raises(SourceError, match="no such directory"):
        _resolve("some/deep/path")

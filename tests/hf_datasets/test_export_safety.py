"""Issue 19 §6-7: export writes through a linked --out, with normal permissions, quotes the
source card's text, says plainly when it cannot write, and warns about no grader."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import pytest

from hf_datasets.publishing import ExportError
from hf_datasets.publishing.export import export_dataset
from vpt_tasks.core.canonical import write_dataset
from vpt_tasks.isle_brick.spec import CANONICAL_SCHEMA
from vpt_tasks.isle_brick.synthetic import paper_style_scenes


def _export(source: str, out: Path, **kwargs):
    return export_dataset("isle_brick", source, out, command="test export", **kwargs)


def test_a_linked_out_is_written_through_and_no_litter_is_left(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real)
    _export("demo", link, overwrite=True)
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert (real / "README.md").is_file() and (real / "data").is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "real"]  # no staging left


def test_the_exported_folder_has_normal_permissions(tmp_path: Path) -> None:
    out = tmp_path / "out"
    _export("demo", out)
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o777 & ~mask


def test_the_source_cards_text_cannot_inject_markdown(tmp_path: Path) -> None:
    body = "Nice scenes <script>x</script> [click](http://evil) | a | b |\n\n## Later section"
    source = write_dataset(
        tmp_path / "src", paper_style_scenes(size=16, seed=1, limit=2), CANONICAL_SCHEMA,
        pretty_name="s", body=body,
    )  # fmt: skip
    out = tmp_path / "out"
    _export(str(source), out, license="mit")
    card = (out / "README.md").read_text()
    assert "<script>" not in card and "](http://evil)" not in card
    assert r"> Nice scenes \<script\>x\</script\> \[click\]\(http://evil\) \| a \| b \|" in card


def test_a_full_disk_is_one_message_and_out_is_untouched(tmp_path: Path, monkeypatch) -> None:
    out = tmp_path / "out"

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device", str(out))

    monkeypatch.setattr("hf_datasets.publishing.export._swap_into_place", full)
    with pytest.raises(ExportError, match="No space left on device.*left as it was"):
        _export("demo", out)
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == []  # no staging folder left


def test_out_under_a_file_is_one_message(tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    with pytest.raises(ExportError, match="cannot create --out"):
        _export("demo", a_file / "out")


def test_export_does_not_warn_about_a_grader(tmp_path: Path, caplog) -> None:
    with caplog.at_level(logging.WARNING):
        _export("demo", tmp_path / "out")
    assert "no grader model bound" not in caplog.text

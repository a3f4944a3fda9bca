"""Issue 19 §6-7: export writes through a linked --out and leaves nothing else behind, with
normal permissions; the source card's text cannot add markup to the exported card; an OS
error (a file in the way, a read-only folder, a full disk) is one plain line naming the path
and the fix, with no partial output; no eval-only warning (the grader) is printed.

Through `python hf_datasets/publish.py ...`: its `main` in-process where an OS error is
simulated (monkeypatch), a subprocess otherwise.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hf_datasets.builders.synthetic.isle_brick import paper_style_scenes
from hf_datasets.publishing.cli import main
from vpt_tasks.core.canonical import write_dataset
from vpt_tasks.isle_brick.spec import CANONICAL_SCHEMA

ROOT = Path(__file__).resolve().parents[2]


def _export(capsys: pytest.CaptureFixture[str], out: Path, *flags: str) -> tuple[int, str]:
    code = main(
        ["export", "--benchmark", "isle_brick", "--from", "demo", "--out", str(out), *flags]
    )
    return code, capsys.readouterr().err


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _one_line(err: str) -> str:
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


@pytest.fixture
def umask() -> Iterator[None]:
    previous = os.umask(0o022)
    yield
    os.umask(previous)


# --- --out ----------------------------------------------------------------------------------


def test_a_linked_out_is_written_through_and_no_litter_is_left(tmp_path: Path, capsys) -> None:
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real)
    assert _export(capsys, link)[0] == 0
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert sorted(_snapshot(real)) == ["README.md", "data/test-00000-of-00001.parquet"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "real"]  # no staging left

    before = _snapshot(real)
    assert _export(capsys, link, "--overwrite")[0] == 0  # replacing an export through the link
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert _snapshot(real).keys() == before.keys()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "real"]


def test_a_dangling_link_gets_its_folder(tmp_path: Path, capsys) -> None:
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "later")
    assert _export(capsys, link)[0] == 0
    assert link.is_symlink() and (tmp_path / "later" / "README.md").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["later", "link"]


@pytest.mark.parametrize("mask", [0o022, 0o027])
def test_the_exported_folder_has_the_permissions_of_a_new_folder(
    tmp_path: Path, capsys, umask, mask: int
) -> None:
    os.umask(mask)
    out = tmp_path / "out"
    assert _export(capsys, out)[0] == 0
    for folder in (out, out / "data"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o777 & ~mask, folder
    for file in (out / "README.md", *(out / "data").iterdir()):
        assert stat.S_IMODE(file.stat().st_mode) == 0o666 & ~mask, file


# --- the card -------------------------------------------------------------------------------


def test_the_source_cards_text_cannot_inject_markdown(tmp_path: Path, capsys) -> None:
    from markdown_it import MarkdownIt

    source = write_dataset(
        tmp_path / "src `x` | y",  # a path with a backtick and a pipe
        paper_style_scenes(size=16, seed=1, limit=2),
        CANONICAL_SCHEMA,
        pretty_name="Nice\n\n<img src=x onerror=alert(1)> [click](http://evil)\n## Injected",
        license="mit | <b>bold</b>\n## License heading",
        body="Scenes `as <b>code</b>` <script>x</script> [click](http://evil) | a | b |\n\n## Later",
        card_fields={
            "vpt_tasks": {
                "generator": "gen | <script>y</script>\n# Generator heading",
                "command": "render ` <b>x</b> `\n```\n# Command heading",
            }
        },
    )
    out = tmp_path / "out"
    code = main(["export", "--benchmark", "isle_brick", "--from", str(source), "--out", str(out)])
    assert code == 0, capsys.readouterr().err
    card = (out / "README.md").read_text().split("\n---\n", 1)[1]
    html = MarkdownIt("commonmark").enable("table").render(card)
    assert not re.search(r"<(script|img|b)\b", html), html
    assert 'href="http://evil"' not in html
    headings = re.findall(r"<h(\d)>(.*?)</h\1>", html)
    assert [level for level, _ in headings] == ["1", "2", "2", "2"]  # title, then our sections
    assert "&lt;img src=x onerror=alert(1)&gt;" in headings[0][1]  # shown as text
    rows = re.findall(r"<tr>(.*?)</tr>", html, re.S)
    assert rows and all(len(re.findall(r"<t[dh]\b", row)) == 2 for row in rows)
    assert "mit | &lt;b&gt;bold&lt;/b&gt; ## License heading" in html
    assert "src `x` | y" in html  # the path, shown as itself
    assert "<code>as &lt;b&gt;code&lt;/b&gt;</code>" in html  # the source's code, inert


# --- OS errors ------------------------------------------------------------------------------


def _disk_full(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device", "/somewhere/data/test.parquet")


@pytest.mark.parametrize("at", ["parquet", "card"])
def test_a_full_disk_is_one_line_and_leaves_no_partial_output(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch, at: str
) -> None:
    import pyarrow.parquet as pq

    previous = tmp_path / "out"
    assert _export(capsys, previous)[0] == 0
    before = _snapshot(previous)
    if at == "parquet":
        monkeypatch.setattr(pq.ParquetWriter, "write_table", _disk_full)
    else:
        monkeypatch.setattr(Path, "write_text", _disk_full)
    for out, flags in ((tmp_path / "new", ()), (previous, ("--overwrite",))):
        code, err = _export(capsys, out, *flags)
        assert code == 1
        _one_line(err)
        assert f"cannot write the export to {out}" in err and "No space left" in err
        assert "the disk is full" in err and f"{out} is left as it was" in err
    assert not (tmp_path / "new").exists()
    assert _snapshot(previous) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # no staging folder left


def test_out_under_a_file_is_one_line(tmp_path: Path, capsys) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    code, err = _export(capsys, a_file / "out")
    assert code == 1
    _one_line(err)
    assert (
        f"cannot create --out {a_file / 'out'}" in err
        and f"{a_file}: File exists (something is already there (a file where a folder" in err
    )


def test_a_read_only_folder_is_one_line(tmp_path: Path, capsys, monkeypatch) -> None:
    import tempfile

    def read_only(*args, dir=None, **kwargs):  # what mkdtemp says in a folder it may not write
        raise PermissionError(errno.EACCES, "Permission denied", str(dir))

    monkeypatch.setattr(tempfile, "mkdtemp", read_only)
    code, err = _export(capsys, tmp_path / "out")
    assert code == 1
    _one_line(err)
    assert f"{tmp_path}: Permission denied (permission denied: use a folder you may write" in err
    assert list(tmp_path.iterdir()) == []


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("export") / "isle"
    from hf_datasets.publishing.export import export_dataset

    export_dataset("isle_brick", "demo", out, command="test export")
    return out


def test_validate_on_a_full_disk_is_one_line(exported: Path, capsys, monkeypatch) -> None:
    import tempfile

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", tempfile.gettempdir())

    monkeypatch.setattr(tempfile, "TemporaryDirectory", full)
    assert main(["validate", str(exported)]) == 1
    err = _one_line(capsys.readouterr().err)
    assert f"{tempfile.gettempdir()}: No space left on device (the disk is full" in err


def test_a_full_disk_while_loading_is_said_as_such(exported: Path, capsys, monkeypatch) -> None:
    import datasets

    def full(*args, **kwargs):  # datasets wraps what went wrong while it wrote its cache
        try:
            raise OSError(errno.ENOSPC, "No space left on device", "/cache/x.arrow")
        except OSError as error:
            raise datasets.exceptions.DatasetGenerationError("generating failed") from error

    monkeypatch.setattr(datasets, "load_dataset", full)
    assert main(["validate", str(exported)]) == 1
    err = _one_line(capsys.readouterr().err)
    assert "/cache/x.arrow: No space left on device (the disk is full" in err
    assert "does not load" not in err  # the disk, not the data


def test_validate_of_an_unreadable_card_says_so(exported: Path, capsys, monkeypatch) -> None:
    from huggingface_hub import DatasetCard

    def unreadable(path, *args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(DatasetCard, "load", unreadable)
    assert main(["validate", str(exported)]) == 1
    err = _one_line(capsys.readouterr().err)
    assert "README.md: Permission denied" in err and "does not parse" not in err


def test_publish_of_a_file_that_cannot_be_read_is_one_line(
    online_hub, exported: Path, tmp_path: Path, capsys, monkeypatch
) -> None:
    import shutil

    from hf_datasets.publishing import hub

    folder = tmp_path / "folder"
    shutil.copytree(exported, folder)
    validate = hub.validate_folder

    def validated_then_removed(directory, *args):
        result = validate(directory, *args)
        (folder / result.files[0]).unlink()  # gone between validation and upload
        return result

    monkeypatch.setattr(hub, "validate_folder", validated_then_removed)
    code = main(["publish", str(folder), "--repo-id", "vpt-org/x", "--token", "x"])
    err = _one_line(capsys.readouterr().err)
    assert code == 1 and "Cannot read the folder to publish" in err
    assert "data/test-00000-of-00001.parquet: No such file or directory" in err
    assert "Nothing was published" in err and online_hub.requests["commit"] == 0


# --- no eval-only warnings ------------------------------------------------------------------


def test_export_and_validate_print_no_warning(exported: Path, tmp_path: Path) -> None:
    """The tasks are built to read the rows, not to run: no 'no grader bound' warning."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "VPT_TASKS_CACHE": str(tmp_path / "cache")}
    out = tmp_path / "omni"
    for command in (  # two tasks that take -T grader=
        ["export", "--benchmark", "omni_perspective", "--from", "demo", "--out", str(out)],
        ["validate", str(exported)],
    ):
        done = subprocess.run(
            [sys.executable, "hf_datasets/publish.py", *command],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=240,
        )
        assert done.returncode == 0, done.stderr
        assert done.stderr == "", done.stderr  # no grader warning, nothing else either

"""Issue 19 §2: a source never reaches outside itself -- for every loader.

Each local source below contains a symbolic link (to a file, or to a folder) that leads
outside it, to a "secret" picture. Every task refuses it before any model call, through
`inspect_ai.eval` as a user runs it: no log is written, and the secret's bytes are in no
file the run leaves. The canonical layout is checked for every task of every benchmark
(so a benchmark added later is checked too), and each benchmark's own upstream layout
(COMFORT's unpacked tree, Isle v1's authors' CSV) as well.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from inspect_ai import eval

from tests.comfort.test_upstream import BALL, write_path
from vpt_tasks.benchmarks import task_entries
from vpt_tasks.core.contained import files_under, inside
from vpt_tasks.core.errors import SourceError

SECRET = b"\x89PNG secret bytes that must never be read"


def _demo(name: str) -> Path:
    import vpt_tasks

    return Path(vpt_tasks.__file__).parent / "data" / "demo" / name


def _refused(task: str, source: Path, tmp_path: Path, match: str) -> None:
    logs = tmp_path / "logs"
    with pytest.raises(SourceError, match=match):
        eval(
            f"vpt_tasks/{task}",
            task_args={"source": str(source)},
            model="vpt_tasks/random",
            log_dir=str(logs),
            display="none",
        )
    assert not logs.exists() or not any(logs.iterdir())  # refused before the run: no log


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "secret.png").write_bytes(SECRET)
    return folder


ENTRIES = [entry for _, entry in task_entries()]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
@pytest.mark.parametrize("link", ["file", "folder"])
def test_every_canonical_loader_refuses_a_link_outside(
    entry, link: str, tmp_path: Path, secret: Path
) -> None:
    source = tmp_path / "source"
    shutil.copytree(_demo(entry.demo_name), source)
    if link == "file":  # the data file itself is a link to a file outside
        [data] = sorted((source / "data").glob("*.parquet"))[:1]
        outside = secret / data.name
        data.replace(outside)
        data.symlink_to(outside)
    else:  # the data folder is a link to a folder outside
        shutil.move(source / "data", secret / "data")
        (source / "data").symlink_to(secret / "data")
    _refused(entry.name, source, tmp_path, "outside the source directory")


@pytest.mark.parametrize("link", ["file", "folder"])
def test_comforts_unpacked_tree_refuses_a_link_outside(
    link: str, tmp_path: Path, secret: Path
) -> None:
    root = tmp_path / "source"
    path = write_path(root, "comfort_ball", "behind", "color", BALL)
    if link == "file":  # one frame is a link to the secret picture
        (path / "3.png").unlink()
        (path / "3.png").symlink_to(secret / "secret.png")
    else:  # a relation folder is a link to a folder outside (it was silently skipped)
        outside = secret / "infrontof"
        shutil.copytree(path, outside / "color")
        (root / "comfort_ball" / "infrontof").symlink_to(outside)
    _refused("comfort_ball", root, tmp_path, "is a symbolic link to the (file|folder)")


def test_the_authors_csv_refuses_an_image_linked_outside(tmp_path: Path, secret: Path) -> None:
    from tests.conftest import shared_path

    example = shared_path("fixtures", "isle_v1_example")
    source = tmp_path / "source"
    shutil.copytree(example, source)
    (source / "1.jpg").unlink()
    (source / "1.jpg").symlink_to(secret / "secret.png")
    _refused("isle_brick_v1", source, tmp_path, "outside the source directory")


def test_links_that_stay_inside_are_followed(tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "real").mkdir(parents=True)
    (root / "real" / "a.txt").write_text("a")
    (root / "alias").symlink_to(root / "real")  # a folder link inside
    (root / "b.txt").symlink_to(root / "real" / "a.txt")  # a file link inside
    (root / "loop").symlink_to(root)  # a cycle is walked once
    names = sorted(p.relative_to(root).as_posix() for p in files_under(root, where="t"))
    assert names == ["b.txt", "real/a.txt"]  # each folder once, whatever links lead to it
    assert inside(root, "b.txt", where="t") == (root / "real" / "a.txt").resolve()
    with pytest.raises(SourceError, match="points outside"):
        inside(root, "../x", where="t")

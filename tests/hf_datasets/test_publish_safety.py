"""Issue 19 §7: publishing never destroys what it did not make.

Against the local Hub through the real client: a repository that already holds another
split, a file of its own and a README someone else wrote keeps them; the plan of what
changes is printed first; `--dry-run` changes nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from huggingface_hub import HfApi

from hf_datasets.publishing import ExportError
from hf_datasets.publishing.cli import main
from hf_datasets.publishing.export import export_dataset
from hf_datasets.publishing.hub import publish_folder

REPO = "vpt-org/shared-repo"


def _seed(hub, files: dict[str, bytes]) -> None:
    """The repository as someone else left it."""
    from huggingface_hub import CommitOperationAdd

    api = HfApi(endpoint=hub.url, token="x")
    api.create_repo(REPO, repo_type="dataset", exist_ok=True)
    api.create_commit(
        REPO,
        repo_type="dataset",
        operations=[CommitOperationAdd(path, data) for path, data in files.items()],
        commit_message="theirs",
    )


def _exported(tmp_path: Path) -> Path:
    out = tmp_path / "out"
    export_dataset("isle_brick", "demo", out, command="test export")
    return out


def test_other_splits_files_and_a_foreign_card_are_kept(online_hub, tmp_path: Path) -> None:
    theirs = {
        "data/validation-00000-of-00001.parquet": b"their validation split",
        "notes.txt": b"their notes",
        "README.md": b"---\nlicense: mit\n---\n# Their card\n",
    }
    _seed(online_hub, theirs)
    out = _exported(tmp_path)
    lines: list[str] = []
    with pytest.raises(ExportError, match="README.md that vpt_tasks did not write.*--replace-card"):
        publish_folder(out, REPO, token="x", report=lines.append)
    assert online_hub.files(REPO)["README.md"] == theirs["README.md"]  # nothing committed

    publish_folder(out, REPO, token="x", replace_card=True, report=lines.append)
    files = online_hub.files(REPO)
    assert (
        files["data/validation-00000-of-00001.parquet"]
        == theirs["data/validation-00000-of-00001.parquet"]
    )
    assert files["notes.txt"] == theirs["notes.txt"]
    assert "data/test-00000-of-00001.parquet" in files
    assert any(line.strip().startswith("replace: README.md") for line in lines)


def test_only_the_published_splits_old_shards_are_deleted(online_hub, tmp_path: Path) -> None:
    _seed(
        online_hub,
        {
            "data/test-00000-of-00002.parquet": b"old shard 1",
            "data/test-00001-of-00002.parquet": b"old shard 2",
            "data/train-00000-of-00001.parquet": b"their train split",
        },
    )
    out = _exported(tmp_path)
    lines: list[str] = []
    result = publish_folder(out, REPO, token="x", report=lines.append)
    files = online_hub.files(REPO)
    assert "data/test-00000-of-00002.parquet" not in files  # this split's old shards
    assert files["data/train-00000-of-00001.parquet"] == b"their train split"
    assert result.plan.deleted == [
        "data/test-00000-of-00002.parquet",
        "data/test-00001-of-00002.parquet",
    ]


def test_a_dry_run_prints_the_plan_and_changes_nothing(
    online_hub, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _seed(online_hub, {"notes.txt": b"theirs"})
    before = online_hub.history(REPO)[0].oid
    out = _exported(tmp_path)
    assert main(["publish", str(out), "--repo-id", REPO, "--token", "x", "--dry-run"]) == 0
    err = capsys.readouterr().err
    assert "add: README.md, data/test-00000-of-00001.parquet" in err
    assert "Dry run: nothing was published." in err
    assert online_hub.history(REPO)[0].oid == before

"""Issue 19 §7: publishing never destroys what it did not make.

Through `python hf_datasets/publish.py publish ...` (its `main`, in-process) against the local
Hub and the real client: a repository that already holds another split, files of its own and
a card someone else wrote keeps them byte for byte; the plan of what changes is printed before
anything is written; what the command did not make is deleted or replaced only with an
explicit flag; a commit made meanwhile stops the publish instead of being overwritten.
Issue 23 §5: Hub errors are told apart by huggingface_hub's typed errors, not by their text.
"""

from __future__ import annotations

import shutil
import socket
import sys
from pathlib import Path

import pytest
from huggingface_hub import CommitOperationAdd, HfApi

from hf_datasets.publishing import ExportError
from hf_datasets.publishing.cli import main
from hf_datasets.publishing.export import export_dataset
from hf_datasets.publishing.hub import _failure, publish_folder

REPO = "vpt-org/shared-repo"
THEIRS = {
    "data/validation-00000-of-00001.parquet": b"their validation split",
    "data/test-extra.csv": b"their own file under this split's data_files pattern",
    "notes.txt": b"their notes",
    "README.md": b"---\nlicense: mit\n---\n# Their card\n",
}


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("export") / "isle"
    export_dataset("isle_brick", "demo", out, command="test export")
    return out


def _seed(hub, files: dict[str, bytes], repo: str = REPO) -> str:
    """The repository as someone else left it; its head commit."""
    api = HfApi(endpoint=hub.url, token="x")
    api.create_repo(repo, repo_type="dataset", exist_ok=True)
    return api.create_commit(
        repo,
        repo_type="dataset",
        operations=[CommitOperationAdd(path, data) for path, data in files.items()],
        commit_message="theirs",
    ).oid


def _publish(capsys: pytest.CaptureFixture[str], folder: Path, *flags: str) -> tuple[int, str]:
    code = main(["publish", str(folder), "--repo-id", REPO, "--token", "x", *flags])
    captured = capsys.readouterr()
    return code, captured.err


def test_what_publish_did_not_make_is_kept_byte_for_byte_unless_flagged(
    online_hub, exported: Path, capsys
) -> None:
    head = _seed(online_hub, THEIRS)
    code, err = _publish(capsys, exported)
    # refused before any write: the foreign card, and a file the new card would read as test rows
    assert code == 1
    assert "README.md that vpt_tasks did not write" in err and "--replace-card" in err
    assert "data/test-extra.csv" in err and "--delete-unknown" in err
    assert err.count("error:") == 1 and "Nothing was published." in err
    assert online_hub.history(REPO)[0].oid == head
    # the plan came first, and named what it keeps
    assert err.index("  replace: README.md") < err.index("error:")
    assert "notes.txt" in err.split("  keep:")[1].splitlines()[0]

    code, err = _publish(capsys, exported, "--replace-card")
    assert code == 1 and "--delete-unknown" in err and "--replace-card" not in err
    assert online_hub.history(REPO)[0].oid == head

    code, err = _publish(capsys, exported, "--replace-card", "--delete-unknown")
    assert code == 0, err
    files = online_hub.files(REPO)
    for name in ("data/validation-00000-of-00001.parquet", "notes.txt"):
        assert files[name] == THEIRS[name]  # other splits and files: byte-identical
    assert "data/test-extra.csv" not in files  # deleted only because it was asked for
    assert files["README.md"] == (exported / "README.md").read_bytes()
    assert "  delete: data/test-extra.csv" in err
    assert "datasets.load_dataset reads only what the card lists" in err  # the other split


def test_only_the_published_splits_old_shards_are_deleted(
    online_hub, exported: Path, capsys
) -> None:
    theirs = {
        "data/test-00000-of-00002.parquet": b"old shard 1",
        "data/test-00001-of-00002.parquet": b"old shard 2",
        "data/train-00000-of-00001.parquet": b"their train split",
        "data/test-hard-00000-of-00001.parquet": b"a split whose name starts with test-",
    }
    _seed(online_hub, theirs)
    code, err = _publish(capsys, exported, "--delete-unknown")
    assert code == 0, err
    files = online_hub.files(REPO)
    assert "data/test-00000-of-00002.parquet" not in files  # this split's old shards
    assert files["data/train-00000-of-00001.parquet"] == b"their train split"
    assert (
        "  delete: data/test-00000-of-00002.parquet, data/test-00001-of-00002.parquet, "
        "data/test-hard-00000-of-00001.parquet" in err
    )


def test_a_split_named_like_ours_is_not_taken_for_our_shards(
    online_hub, exported: Path, capsys
) -> None:
    _seed(online_hub, {"data/test-hard-00000-of-00001.parquet": b"their test-hard split"})
    code, err = _publish(capsys, exported)
    # data/test-* would read their split as ours: refused, not deleted, not silently kept
    assert code == 1 and "data/test-hard-00000-of-00001.parquet" in err
    assert online_hub.files(REPO)["data/test-hard-00000-of-00001.parquet"]


def test_a_dry_run_prints_the_plan_and_changes_nothing(online_hub, exported: Path, capsys) -> None:
    head = _seed(online_hub, {"notes.txt": b"theirs", "README.md": THEIRS["README.md"]})
    code, err = _publish(capsys, exported, "--dry-run")
    # the whole plan, then why the real publish would be refused
    assert "  add: data/test-00000-of-00001.parquet" in err
    assert "  replace: README.md" in err and "  keep: .gitattributes, notes.txt" in err
    assert code == 1 and "--replace-card" in err
    code, err = _publish(capsys, exported, "--dry-run", "--replace-card")
    assert code == 0 and "Dry run: nothing was published." in err
    assert online_hub.history(REPO)[0].oid == head


def test_a_card_vpt_tasks_wrote_for_another_benchmark_is_not_replaced_silently(
    online_hub, exported: Path, tmp_path: Path, capsys
) -> None:
    omni = tmp_path / "omni"
    export_dataset("omni_perspective", "demo", omni, command="test", license="cc-by-4.0")
    assert _publish(capsys, omni)[0] == 0
    card = online_hub.files(REPO)["README.md"]
    code, err = _publish(capsys, exported)
    assert code == 1 and "for isle_brick" in err and "--replace-card" in err
    assert online_hub.files(REPO)["README.md"] == card
    # a newer export of the same benchmark replaces its own card without a flag
    again = tmp_path / "omni2"
    export_dataset("omni_perspective", "demo", again, command="test again", license="cc-by-4.0")
    code, err = _publish(capsys, again)
    assert code == 0 and "  replace: README.md" in err
    assert online_hub.files(REPO)["README.md"] == (again / "README.md").read_bytes()


def test_unchanged_files_are_named_so_and_make_no_commit(
    online_hub, exported: Path, capsys
) -> None:
    assert _publish(capsys, exported)[0] == 0
    head = online_hub.history(REPO)[0].oid
    code, err = _publish(capsys, exported)
    assert code == 0
    assert "  unchanged: README.md, data/test-00000-of-00001.parquet" in err
    assert "  add: -" in err and "  replace: -" in err and "  delete: -" in err
    assert online_hub.history(REPO)[0].oid == head
    assert capsys.readouterr().out == "" and head  # the sha went to stdout above


def test_only_the_validated_files_are_uploaded(
    online_hub, exported: Path, tmp_path: Path, capsys
) -> None:
    folder = tmp_path / "folder"
    shutil.copytree(exported, folder)
    (folder / ".env").write_text("HF_TOKEN=hf_secret\n")
    code, err = _publish(capsys, folder)
    assert code == 0, err
    assert ".env" not in online_hub.files(REPO)
    assert "  not uploaded (not part of the export): .env" in err


def test_a_commit_made_after_the_plan_stops_the_publish(online_hub, exported: Path) -> None:
    _seed(online_hub, {"notes.txt": b"v1"})

    def someone_commits_meanwhile(line: str) -> None:
        if line.startswith("  note") or line.startswith("  keep"):
            _seed(online_hub, {"notes.txt": b"v2, written while the plan was printed"})

    with pytest.raises(ExportError, match="changed after the plan was made.*nothing was published"):
        publish_folder(exported, REPO, token="x", report=someone_commits_meanwhile)
    files = online_hub.files(REPO)
    assert files["notes.txt"].startswith(b"v2") and "README.md" not in files


def test_an_unreachable_hub_is_named_as_such_whatever_the_repository_is_called(
    exported: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    from huggingface_hub import constants

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    monkeypatch.setattr(constants, "ENDPOINT", f"http://127.0.0.1:{port}")
    code = main(["publish", str(exported), "--repo-id", "vpt-org/forbidden-401", "--token", "x"])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1
    assert "not reachable" in err and "HF_TOKEN" not in err


def _http_error(status: int, code: str | None = None, message: str | None = None) -> Exception:
    """The typed error huggingface_hub raises for a Hub answer (its own status parser)."""
    from huggingface_hub.errors import HfHubHTTPError
    from huggingface_hub.utils import hf_raise_for_status

    http = sys.modules[HfHubHTTPError.__mro__[1].__module__.split(".")[0]]
    url = "https://hub.example/api/datasets/vpt-org/offline-connect-timeout-401/commit/main"
    headers = {"X-Error-Code": code} if code else {}
    if message:
        headers["X-Error-Message"] = message
    response = http.Response(status, headers=headers, request=http.Request("POST", url))
    try:
        hf_raise_for_status(response)
    except Exception as error:  # noqa: BLE001 - returned for classification
        return error
    raise AssertionError(f"{status} did not raise")


ADVICE = (
    "to a token with write access to vpt-org",
    "does not exist or your token cannot see it",
    "is gated",
    "changed after the plan",
    "try again later",
    "not reachable",
    "HF_HUB_OFFLINE is set",
)


@pytest.mark.parametrize(
    "status,code,text,says",
    [
        (401, None, "Invalid credentials in Authorization header", ADVICE[0]),
        (403, None, None, ADVICE[0]),
        (404, "RepoNotFound", None, ADVICE[1]),
        (401, None, None, ADVICE[1]),  # the Hub's answer to an unknown or private repository
        (403, "GatedRepo", None, ADVICE[2]),
        (412, None, None, ADVICE[3]),
        (429, None, None, ADVICE[4]),
        (503, None, None, ADVICE[4]),
    ],
)
def test_hub_errors_are_told_apart_by_type_not_text(
    status: int, code: str | None, text: str | None, says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    # the repository's name holds "offline", "connect", "timeout" and "401": no text matching
    repo = "vpt-org/offline-connect-timeout-401"
    message = _failure(_http_error(status, code, text), repo, "https://hub.example")
    assert [advice for advice in ADVICE if advice in message] == [says], message

"""The local Hub speaks the protocol of the real `huggingface_hub` client."""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from huggingface_hub import CommitOperationAdd, HfApi, hf_hub_download
from huggingface_hub.errors import (
    EntryNotFoundError,
    HfHubHTTPError,
    RepositoryNotFoundError,
    RevisionNotFoundError,
)

from tests.fakes.hub_server import HubServer

BINARY = bytes(range(256)) * 64  # has NUL bytes: goes through LFS
REPO = "org/things"


def _api(hub: HubServer, token: str = "x") -> HfApi:
    return HfApi(endpoint=hub.url, token=token)


def _folder(root: Path, files: dict[str, bytes]) -> Path:
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def test_create_repo_is_idempotent_only_with_exist_ok(online_hub: HubServer) -> None:
    api = _api(online_hub)
    url = api.create_repo(REPO, repo_type="dataset")
    assert url.repo_id == REPO and url.repo_type == "dataset"
    with pytest.raises(HfHubHTTPError) as raised:
        api.create_repo(REPO, repo_type="dataset")
    assert raised.value.response.status_code == 409
    api.create_repo(REPO, repo_type="dataset", exist_ok=True)
    info = api.dataset_info(REPO)
    assert info.id == REPO and len(info.sha) == 40
    assert [s.rfilename for s in info.siblings] == [".gitattributes"]


def test_upload_folder_sends_binary_files_through_lfs_and_text_inline(
    online_hub: HubServer, tmp_path: Path
) -> None:
    api = _api(online_hub)
    api.create_repo(REPO, repo_type="dataset")
    folder = _folder(
        tmp_path / "up", {"README.md": b"---\nlicense: mit\n---\n# hi\n", "data/a.bin": BINARY}
    )
    commit = api.upload_folder(
        folder_path=folder, repo_id=REPO, repo_type="dataset", commit_message="add"
    )
    assert online_hub.files(REPO)["data/a.bin"] == BINARY
    assert online_hub.lfs_paths(REPO) == ["data/a.bin"]
    assert online_hub.requests["lfs_batch"] == 1 and online_hub.requests["lfs_put"] == 1
    assert (
        online_hub.history(REPO)[0].oid == commit.oid and online_hub.history(REPO)[0].title == "add"
    )
    info = api.dataset_info(REPO, files_metadata=True)
    assert info.sha == commit.oid and info.card_data["license"] == "mit"
    lfs = {s.rfilename: s.lfs for s in info.siblings}
    assert lfs["README.md"] is None and lfs["data/a.bin"].size == len(BINARY)


def test_tree_and_paths_info(online_hub: HubServer, tmp_path: Path) -> None:
    api = _api(online_hub)
    api.create_repo(REPO, repo_type="dataset")
    folder = _folder(
        tmp_path / "up", {"README.md": b"# r\n", "data/x/a.bin": BINARY, "data/b.txt": b"b"}
    )
    api.upload_folder(folder_path=folder, repo_id=REPO, repo_type="dataset")
    top = {e.path: type(e).__name__ for e in api.list_repo_tree(REPO, repo_type="dataset")}
    assert top == {".gitattributes": "RepoFile", "README.md": "RepoFile", "data": "RepoFolder"}
    deep = sorted(
        e.path for e in api.list_repo_tree(REPO, "data", repo_type="dataset", recursive=True)
    )
    assert deep == ["data/b.txt", "data/x", "data/x/a.bin"]
    entries = api.get_paths_info(REPO, ["data/x/a.bin", "data/x", "missing"], repo_type="dataset")
    assert [e.path for e in entries] == ["data/x/a.bin", "data/x"]
    assert entries[0].lfs.sha256 and entries[0].size == len(BINARY)
    with pytest.raises(EntryNotFoundError):
        list(api.list_repo_tree(REPO, "nope", repo_type="dataset"))


def test_revisions_downloads_and_errors(online_hub: HubServer, tmp_path: Path) -> None:
    api = _api(online_hub)
    api.create_repo(REPO, repo_type="dataset")
    first = api.upload_file(
        path_or_fileobj=b"one", path_in_repo="f.txt", repo_id=REPO, repo_type="dataset"
    )
    second = api.upload_file(
        path_or_fileobj=b"two", path_in_repo="f.txt", repo_id=REPO, repo_type="dataset"
    )
    assert first.oid != second.oid
    cache = tmp_path / "cache"

    def fetch(revision: str | None, name: str = "f.txt", repo: str = REPO) -> bytes:
        path = hf_hub_download(
            repo,
            name,
            repo_type="dataset",
            revision=revision,
            cache_dir=cache,
            endpoint=online_hub.url,
        )
        return Path(path).read_bytes()

    assert fetch(None) == b"two" and fetch(first.oid) == b"one" and fetch(second.oid) == b"two"
    assert api.dataset_info(REPO, revision=first.oid).sha == first.oid
    with pytest.raises(RevisionNotFoundError):
        fetch("0" * 40)
    with pytest.raises(EntryNotFoundError):
        fetch(None, "missing.txt")
    with pytest.raises(RepositoryNotFoundError):
        fetch(None, repo="org/absent")
    stamps = {c.title: c.date for c in online_hub.history(REPO)}
    latest = next(iter(api.list_repo_tree(REPO, repo_type="dataset", expand=True)))
    assert latest.path == ".gitattributes" and latest.last_commit.title == "initial commit"
    assert "initial commit" in stamps


def test_range_requests_and_headers(online_hub: HubServer) -> None:
    api = _api(online_hub)
    api.create_repo(REPO, repo_type="dataset")
    commit = api.upload_file(
        path_or_fileobj=BINARY, path_in_repo="a.bin", repo_id=REPO, repo_type="dataset"
    )
    url = f"{online_hub.url}/datasets/{REPO}/resolve/main/a.bin"
    with urllib.request.urlopen(
        urllib.request.Request(url, headers={"Range": "bytes=10-19"})
    ) as response:
        assert response.status == 206 and response.read() == BINARY[10:20]
        assert response.headers["Content-Range"] == f"bytes 10-19/{len(BINARY)}"
        assert response.headers["X-Repo-Commit"] == commit.oid
        assert (
            response.headers["X-Linked-Etag"].strip('"')
            == online_hub.history(REPO)[0].files["a.bin"].sha256
        )
    with pytest.raises(urllib.error.HTTPError) as raised:
        urllib.request.urlopen(
            urllib.request.Request(url, headers={"Range": f"bytes={len(BINARY) + 5}-"})
        )
    assert raised.value.code == 416


def test_stale_parent_commit_is_refused(online_hub: HubServer) -> None:
    api = _api(online_hub)
    api.create_repo(REPO, repo_type="dataset")
    parent = api.dataset_info(REPO).sha
    api.upload_file(path_or_fileobj=b"x", path_in_repo="x.txt", repo_id=REPO, repo_type="dataset")
    with pytest.raises(HfHubHTTPError) as raised:
        api.create_commit(
            REPO,
            [CommitOperationAdd("y.txt", b"y")],
            commit_message="late",
            repo_type="dataset",
            parent_commit=parent,
        )
    assert raised.value.response.status_code == 412
    assert "y.txt" not in online_hub.files(REPO)


def test_invalid_card_metadata_fails_before_upload(online_hub: HubServer) -> None:
    api = _api(online_hub)
    api.create_repo(REPO, repo_type="dataset")
    with pytest.raises(ValueError, match="Invalid metadata in README.md"):
        api.upload_file(
            path_or_fileobj=b"---\nlicense: [mit\n---\n",
            path_in_repo="README.md",
            repo_id=REPO,
            repo_type="dataset",
        )
    assert online_hub.requests["commit"] == 0


def test_token_is_required_for_writes_and_private_reads(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    monkeypatch.setattr(constants, "HF_HUB_DISABLE_XET", True)
    with HubServer(token="secret", lifetime=60) as hub:
        with pytest.raises(HfHubHTTPError) as raised:
            _api(hub, token="wrong").create_repo(REPO, repo_type="dataset")
        assert raised.value.response.status_code == 401
        _api(hub, token="secret").create_repo(REPO, repo_type="dataset", private=True)
        assert _api(hub, token="secret").dataset_info(REPO).private is True
        with pytest.raises(RepositoryNotFoundError):
            _api(hub, token="wrong").dataset_info(REPO)


def test_server_stops_by_itself() -> None:
    hub = HubServer(lifetime=0.2).start()
    url = hub.url
    deadline = time.monotonic() + 5
    while hub.running and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not hub.running
    with pytest.raises(OSError):
        urllib.request.urlopen(f"{url}/api/datasets/org/x", timeout=2)
    hub.stop()  # stopping again is harmless


def test_unknown_routes_answer_404_and_are_logged(hub: HubServer) -> None:
    with pytest.raises(urllib.error.HTTPError) as raised:
        urllib.request.urlopen(f"{hub.url}/api/spaces-magic/x")
    assert raised.value.code == 404 and "no route" in raised.value.read().decode()
    assert hub.log == [("GET", "/api/spaces-magic/x", 404)] and hub.requests["no_route"] == 1

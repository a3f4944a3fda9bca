"""A local Hugging Face Hub for tests: the routes `huggingface_hub` and `datasets` use.

There is no Hub server on PyPI, so the publishing path (`create_repo`,
`upload_folder`) and the loading path (`HfApi().dataset_info`,
`datasets.load_dataset("ORG/NAME", revision=...)`) are tested for real against
this in-memory server on 127.0.0.1. It speaks the wire protocol of
`huggingface_hub` 2.x with Xet disabled (`HF_HUB_DISABLE_XET=1`):

| route | used by |
|---|---|
| `POST /api/repos/create` | `create_repo` |
| `POST /api/validate-yaml` | README.md check before a commit |
| `POST /api/{type}s/{repo}/preupload/{rev}` | upload mode per file (LFS or regular) |
| `POST /{prefix}{repo}.git/info/lfs/objects/batch`, `PUT /lfs/{oid}`, `POST /lfs/verify` | LFS upload |
| `POST /api/{type}s/{repo}/commit/{rev}` | the NDJSON commit |
| `GET /api/{type}s/{repo}[/revision/{rev}]` | `repo_info`, `dataset_info` |
| `GET /api/{type}s/{repo}/tree/{rev}[/{path}]`, `POST .../paths-info/{rev}` | `list_repo_tree`, `HfFileSystem` |
| `GET`/`HEAD /{prefix}{repo}/resolve/{rev}/{path}` | `hf_hub_download` (ETag, X-Repo-Commit, ranges) |
| `GET /api/agent-harnesses` | the client's user-agent telemetry (answered: none) |

Example::

    with HubServer() as hub:
        env = {"HF_ENDPOINT": hub.url, "HF_HUB_DISABLE_XET": "1", "HF_TOKEN": "x"}
        subprocess.run([...], env={**os.environ, **env})
        assert hub.files("org/name")["README.md"].startswith(b"---")

`huggingface_hub` and `datasets` read `HF_ENDPOINT` when they are imported, so
clients normally run in a subprocess pointed at `hub.url`. The server stops
when its context exits, or by itself after `lifetime` seconds. Stdlib only
(plus PyYAML, a vpt_tasks dependency, to check README metadata like the Hub).
"""

from __future__ import annotations

import argparse
import base64
import fnmatch
import hashlib
import json
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

__all__ = ["Commit", "HubServer", "StoredFile"]

REPO_TYPES = {"models": "model", "datasets": "dataset", "spaces": "space"}
URL_PREFIXES = {"model": "", "dataset": "datasets/", "space": "spaces/"}
LFS_MIN_SIZE = 10 * 1024 * 1024
"""Files this large always go through LFS, as on the Hub."""
INITIAL_GITATTRIBUTES = b"*.parquet filter=lfs diff=lfs merge=lfs -text\n*.png filter=lfs diff=lfs merge=lfs -text\n*.jpg filter=lfs diff=lfs merge=lfs -text\n*.zip filter=lfs diff=lfs merge=lfs -text\n"


@dataclass(frozen=True)
class StoredFile:
    """One file of a commit; `lfs` files are addressed by their SHA-256, like on the Hub."""

    data: bytes
    lfs: bool

    @property
    def git_oid(self) -> str:
        return hashlib.sha1(b"blob %d\0" % len(self.data) + self.data).hexdigest()

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    @property
    def etag(self) -> str:
        """What the Hub uses as ETag: the SHA-256 for LFS files, the git blob id otherwise."""
        return self.sha256 if self.lfs else self.git_oid


@dataclass(frozen=True)
class Commit:
    """An immutable snapshot of a repository."""

    oid: str
    parent: str | None
    title: str
    description: str
    date: str
    files: dict[str, StoredFile]


@dataclass
class _Repo:
    repo_type: str
    repo_id: str
    private: bool
    created: str
    branches: dict[str, str] = field(default_factory=dict)
    commits: dict[str, Commit] = field(default_factory=dict)


class HubError(Exception):
    """An error answered the way the Hub does (status, X-Error-Code, JSON body)."""

    def __init__(
        self,
        status: int,
        message: str,
        code: str | None = None,
        commit: str | None = None,
        body: dict[str, Any] | None = None,
    ):
        super().__init__(message)
        self.status, self.message, self.code, self.commit = status, message, code, commit
        self.body = body if body is not None else {"error": message}


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


class HubServer:
    """An in-memory Hub on 127.0.0.1 for one test (or one manual session).

    Args:
        token: when set, writes and private reads need `Authorization: Bearer <token>`;
            when None, any (or no) token is accepted.
        lifetime: seconds after which the server stops by itself.
        port: 0 picks a free port.
    """

    def __init__(self, *, token: str | None = None, lifetime: float = 600.0, port: int = 0) -> None:
        self.token = token
        self.lifetime = lifetime
        self.requests: Counter[str] = Counter()
        """Requests served, by route name (e.g. `lfs_put`, `commit`, `resolve`; `no_route` for unknown ones)."""
        self.log: list[tuple[str, str, int]] = []
        """Every request as (method, path, status), in order."""
        self._repos: dict[tuple[str, str], _Repo] = {}
        self._lfs: dict[str, bytes] = {}
        self._lock = threading.RLock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", port), _handler_for(self))
        self._httpd.daemon_threads = True
        self._thread: threading.Thread | None = None
        self._timer: threading.Timer | None = None

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> HubServer:
        self._thread = threading.Thread(
            target=self._httpd.serve_forever,
            kwargs={"poll_interval": 0.05},
            name="hub-server",
            daemon=True,
        )
        self._thread.start()
        self._timer = threading.Timer(self.lifetime, self.stop)
        self._timer.daemon = True
        self._timer.start()
        return self

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        if self._thread is not None and self._thread.is_alive():
            self._httpd.shutdown()
        self._httpd.server_close()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def __enter__(self) -> HubServer:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    # --- inspection helpers for tests ---------------------------------------------

    def files(
        self, repo_id: str, repo_type: str = "dataset", revision: str = "main"
    ) -> dict[str, bytes]:
        """The files of a repository at a revision (branch or commit)."""
        with self._lock:
            return {
                path: f.data for path, f in self._commit(repo_type, repo_id, revision).files.items()
            }

    def lfs_paths(
        self, repo_id: str, repo_type: str = "dataset", revision: str = "main"
    ) -> list[str]:
        """The files stored through LFS at a revision."""
        with self._lock:
            return sorted(
                p for p, f in self._commit(repo_type, repo_id, revision).files.items() if f.lfs
            )

    def history(
        self, repo_id: str, repo_type: str = "dataset", branch: str = "main"
    ) -> list[Commit]:
        """Commits of a branch, newest first."""
        with self._lock:
            repo = self._repo(repo_type, repo_id)
            out, oid = [], repo.branches.get(branch)
            while oid is not None:
                out.append(repo.commits[oid])
                oid = repo.commits[oid].parent
            return out

    # --- repository state -----------------------------------------------------------

    def _repo(self, repo_type: str, repo_id: str, *, authorized: bool = True) -> _Repo:
        repo = self._repos.get((repo_type, repo_id))
        if repo is None or (repo.private and not authorized):
            raise HubError(404, f"Repository {repo_id} not found", "RepoNotFound")
        return repo

    def _commit(
        self, repo_type: str, repo_id: str, revision: str, *, authorized: bool = True
    ) -> Commit:
        repo = self._repo(repo_type, repo_id, authorized=authorized)
        oid = repo.branches.get(revision, revision)
        if oid not in repo.commits:
            raise HubError(404, f"Invalid rev id: {revision}", "RevisionNotFound")
        return repo.commits[oid]

    def _new_commit(
        self, repo: _Repo, branch: str, title: str, description: str, files: dict[str, StoredFile]
    ) -> Commit:
        parent = repo.branches.get(branch)
        digest = hashlib.sha1(f"{parent}\n{title}\n{time.time_ns()}\n".encode())
        for path in sorted(files):
            digest.update(f"{path}\0{files[path].git_oid}\n".encode())
        commit = Commit(digest.hexdigest(), parent, title, description, _now(), files)
        repo.commits[commit.oid] = commit
        repo.branches[branch] = commit.oid
        return commit

    def create_repo(
        self, repo_id: str, repo_type: str = "dataset", *, private: bool = False
    ) -> None:
        """Create a repository with an initial commit holding `.gitattributes`, as the Hub does."""
        with self._lock:
            if (repo_type, repo_id) in self._repos:
                message = f"You already created this {repo_type} repo"
                url = f"{self.url}/{URL_PREFIXES[repo_type]}{repo_id}"
                raise HubError(409, message, body={"error": message, "url": url})
            repo = _Repo(repo_type, repo_id, private, _now())
            gitattributes = StoredFile(INITIAL_GITATTRIBUTES, lfs=False)
            self._new_commit(repo, "main", "initial commit", "", {".gitattributes": gitattributes})
            self._repos[(repo_type, repo_id)] = repo

    def _upload_mode(self, commit: Commit, path: str, size: int, sample: bytes) -> str:
        """`lfs` for files the repo's .gitattributes sends to LFS, large or binary files; else `regular`."""
        attributes = commit.files.get(".gitattributes")
        patterns = []
        if attributes is not None:
            for line in attributes.data.decode("utf-8", "replace").splitlines():
                parts = line.split()
                if len(parts) > 1 and "filter=lfs" in parts[1:]:
                    patterns.append(parts[0])
        name = path.rsplit("/", 1)[-1]
        by_pattern = any(fnmatch.fnmatch(path, p) or fnmatch.fnmatch(name, p) for p in patterns)
        return "lfs" if by_pattern or size >= LFS_MIN_SIZE or b"\0" in sample else "regular"


# --- listing helpers -----------------------------------------------------------------


def _directories(files: dict[str, StoredFile]) -> set[str]:
    return {"/".join(p.split("/")[:i]) for p in files for i in range(1, p.count("/") + 1)}


def _tree_oid(files: dict[str, StoredFile], directory: str) -> str:
    digest = hashlib.sha1()
    for path in sorted(p for p in files if p.startswith(directory + "/")):
        digest.update(f"{path}\0{files[path].git_oid}\n".encode())
    return digest.hexdigest()


def _entry(repo: _Repo, commit: Commit, path: str, expand: bool) -> dict[str, Any]:
    stored = commit.files.get(path)
    if stored is not None:
        entry: dict[str, Any] = {
            "type": "file",
            "oid": stored.git_oid,
            "size": len(stored.data),
            "path": path,
        }
        if stored.lfs:
            entry["lfs"] = {"oid": stored.sha256, "size": len(stored.data), "pointerSize": 134}
    else:
        entry = {"type": "directory", "oid": _tree_oid(commit.files, path), "size": 0, "path": path}
    if expand:
        last = _last_commit(repo, commit, path, entry["oid"])
        entry["lastCommit"] = {"id": last.oid, "title": last.title, "date": last.date}
    return entry


def _last_commit(repo: _Repo, commit: Commit, path: str, oid: str) -> Commit:
    """The oldest commit of the unbroken chain (back from `commit`) in which `path` had `oid`."""
    while commit.parent is not None:
        parent = repo.commits[commit.parent]
        stored = parent.files.get(path)
        parent_oid = (
            stored.git_oid
            if stored
            else (_tree_oid(parent.files, path) if path in _directories(parent.files) else None)
        )
        if parent_oid != oid:
            break
        commit = parent
    return commit


def _card_data(commit: Commit) -> dict[str, Any] | None:
    readme = commit.files.get("README.md")
    if readme is None:
        return None
    try:
        return _front_matter(readme.data.decode("utf-8"))
    except ValueError:
        return None


def _front_matter(text: str) -> dict[str, Any] | None:
    """The YAML metadata block of a README, parsed (ValueError if it is not valid YAML)."""
    if not text.startswith("---"):
        return None
    end = text.find("\n---", 3)
    if end < 0:
        raise ValueError("the metadata block opened by '---' is never closed")
    import yaml  # a dependency of datasets and of vpt_tasks

    try:
        data = yaml.safe_load(text[3:end])
    except yaml.YAMLError as error:
        raise ValueError(f"invalid YAML: {error}") from None
    if data is not None and not isinstance(data, dict):
        raise ValueError("the metadata must be a YAML mapping")
    return data


# --- HTTP ------------------------------------------------------------------------------


def _handler_for(hub: HubServer) -> type[BaseHTTPRequestHandler]:
    class Handler(_HubHandler):
        server_hub = hub

    return Handler


class _HubHandler(BaseHTTPRequestHandler):
    server_hub: HubServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self._dispatch("GET")

    def do_HEAD(self) -> None:
        self._dispatch("HEAD")

    def do_POST(self) -> None:
        self._dispatch("POST")

    def do_PUT(self) -> None:
        self._dispatch("PUT")

    # --- plumbing ---

    def _dispatch(self, method: str) -> None:
        hub = self.server_hub
        parts = urlsplit(self.path)
        self.query = parse_qs(parts.query)
        segments = [unquote(s) for s in parts.path.strip("/").split("/")]
        body = self._read_body() if method in ("POST", "PUT") else b""
        try:
            with hub._lock:
                route, result = self._route(method, segments, body)
                hub.requests[route] += 1
            if result is not None:
                self._send_json(200, result)
        except HubError as error:
            self._send_error(error)
        except (ValueError, KeyError, TypeError) as error:
            self._send_error(HubError(400, f"Bad request: {type(error).__name__}: {error}"))
        except Exception as error:  # noqa: BLE001 - a test server answers, it does not hang up
            self._send_error(HubError(500, f"Test Hub failure: {type(error).__name__}: {error}"))

    def send_response(self, code: int, message: str | None = None) -> None:
        """Log every answer before any of it reaches the client (tests read the log right after)."""
        with self.server_hub._lock:
            self.server_hub.log.append((self.command, urlsplit(self.path).path, code))
        super().send_response(code, message)

    def _read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    self.rfile.readline()
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def _authorized(self) -> bool:
        token = self.server_hub.token
        return token is None or self.headers.get("Authorization", "") == f"Bearer {token}"

    def _require_write(self) -> None:
        if not self._authorized():
            raise HubError(401, "Invalid credentials in Authorization header")

    def _send_json(self, status: int, payload: Any) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _send_error(self, error: HubError) -> None:
        data = json.dumps(error.body).encode()
        self.send_response(error.status)
        if error.code:
            self.send_header("X-Error-Code", error.code)
        self.send_header(
            "X-Error-Message", " ".join(error.message.split()).encode("ascii", "replace").decode()
        )
        if error.commit:
            self.send_header("X-Repo-Commit", error.commit)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    # --- routing ---

    def _route(self, method: str, s: list[str], body: bytes) -> tuple[str, Any]:
        hub = self.server_hub
        if s[:1] == ["api"]:
            if s[1:3] == ["repos", "create"] and method == "POST":
                return "create_repo", self._create_repo(json.loads(body))
            if (
                s[1:] == ["agent-harnesses"] and method == "GET"
            ):  # user-agent telemetry: none known here
                return "agent_harnesses", {"standardEnvVars": [], "harnesses": {}}
            if s[1:2] == ["validate-yaml"] and method == "POST":
                return "validate_yaml", self._validate_yaml(json.loads(body))
            if len(s) >= 4 and s[1] in REPO_TYPES:
                repo_type, repo_id, rest = REPO_TYPES[s[1]], f"{s[2]}/{s[3]}", s[4:]
                if not rest and method == "GET":
                    return "repo_info", self._repo_info(repo_type, repo_id, "main")
                if rest[:1] == ["revision"] and len(rest) == 2 and method == "GET":
                    return "repo_info", self._repo_info(repo_type, repo_id, rest[1])
                if rest[:1] == ["tree"] and len(rest) >= 2 and method == "GET":
                    return "tree", self._tree(repo_type, repo_id, rest[1], "/".join(rest[2:]))
                if rest[:1] == ["paths-info"] and len(rest) == 2 and method == "POST":
                    return "paths_info", self._paths_info(
                        repo_type, repo_id, rest[1], parse_qs(body.decode())
                    )
                if rest[:1] == ["preupload"] and len(rest) == 2 and method == "POST":
                    return "preupload", self._preupload(
                        repo_type, repo_id, rest[1], json.loads(body)
                    )
                if rest[:1] == ["commit"] and len(rest) == 2 and method == "POST":
                    return "commit", self._create_commit(repo_type, repo_id, rest[1], body)
        if s[:1] == ["lfs"]:
            if len(s) == 2 and s[1] != "verify" and method == "PUT":
                return "lfs_put", self._lfs_put(s[1], body)
            if s[1:] == ["verify"] and method == "POST":
                return "lfs_verify", self._lfs_verify(json.loads(body))
        repo_type = REPO_TYPES[s[0]] if s and s[0] in ("datasets", "spaces") else "model"
        r = s[1:] if repo_type != "model" else s
        if (
            len(r) == 6
            and r[1].endswith(".git")
            and r[2:] == ["info", "lfs", "objects", "batch"]
            and method == "POST"
        ):
            return "lfs_batch", self._lfs_batch(repo_type, f"{r[0]}/{r[1][:-4]}", json.loads(body))
        if len(r) >= 5 and r[2] == "resolve" and method in ("GET", "HEAD"):
            self._resolve(repo_type, f"{r[0]}/{r[1]}", r[3], "/".join(r[4:]), head=method == "HEAD")
            return "resolve", None
        hub.requests["no_route"] += 1
        raise HubError(404, f"This test Hub has no route {method} /{'/'.join(s)}")

    # --- repositories ---

    def _create_repo(self, payload: dict[str, Any]) -> dict[str, Any]:
        self._require_write()
        if not payload.get("organization"):
            raise HubError(400, "This test Hub needs a namespaced repo id (ORG/NAME)")
        repo_type = payload.get("type") or "model"
        repo_id = f"{payload['organization']}/{payload['name']}"
        private = payload.get("visibility") == "private" or bool(payload.get("private"))
        self.server_hub.create_repo(repo_id, repo_type, private=private)
        url = f"{self.server_hub.url}/{URL_PREFIXES[repo_type]}{repo_id}"
        return {"url": url, "name": repo_id, "id": repo_id}

    def _validate_yaml(self, payload: dict[str, Any]) -> dict[str, Any]:
        try:
            _front_matter(str(payload.get("content", "")))
        except ValueError as error:
            body = {"errors": [{"message": str(error)}], "warnings": []}
            raise HubError(400, f"Invalid metadata in README.md: {error}", body=body) from None
        return {"errors": [], "warnings": []}

    def _repo_info(self, repo_type: str, repo_id: str, revision: str) -> dict[str, Any]:
        hub = self.server_hub
        repo = hub._repo(repo_type, repo_id, authorized=self._authorized())
        commit = hub._commit(repo_type, repo_id, revision)
        blobs = self.query.get("blobs", ["false"])[0].lower() == "true"
        siblings = []
        for path, stored in sorted(commit.files.items()):
            sibling: dict[str, Any] = {"rfilename": path}
            if blobs:
                sibling.update(size=len(stored.data), blobId=stored.git_oid)
                if stored.lfs:
                    sibling["lfs"] = {
                        "sha256": stored.sha256,
                        "size": len(stored.data),
                        "pointerSize": 134,
                    }
            siblings.append(sibling)
        info = {
            "_id": hashlib.sha1(repo_id.encode()).hexdigest()[:24],
            "id": repo_id,
            "author": repo_id.split("/")[0],
            "sha": commit.oid,
            "private": repo.private,
            "gated": False,
            "disabled": False,
            "createdAt": repo.created,
            "lastModified": commit.date,
            "downloads": 0,
            "likes": 0,
            "tags": [],
            "siblings": siblings,
            "usedStorage": sum(len(f.data) for f in commit.files.values()),
        }
        card = _card_data(commit)
        if card is not None:
            info["cardData"] = card
        return info

    def _tree(self, repo_type: str, repo_id: str, revision: str, path: str) -> list[dict[str, Any]]:
        hub = self.server_hub
        repo = hub._repo(repo_type, repo_id, authorized=self._authorized())
        commit = hub._commit(repo_type, repo_id, revision)
        path = path.strip("/")
        directories = _directories(commit.files)
        if path and path not in directories:
            raise HubError(404, f"{path} does not exist on {revision}", "EntryNotFound", commit.oid)
        recursive = self.query.get("recursive", ["false"])[0].lower() == "true"
        expand = self.query.get("expand", ["false"])[0].lower() == "true"
        prefix = f"{path}/" if path else ""
        names = sorted(p for p in set(commit.files) | directories if p.startswith(prefix))
        if not recursive:
            names = [p for p in names if "/" not in p[len(prefix) :]]
        return [_entry(repo, commit, name, expand) for name in names]

    def _paths_info(
        self, repo_type: str, repo_id: str, revision: str, form: dict[str, list[str]]
    ) -> list[dict[str, Any]]:
        hub = self.server_hub
        repo = hub._repo(repo_type, repo_id, authorized=self._authorized())
        commit = hub._commit(repo_type, repo_id, revision)
        expand = form.get("expand", ["False"])[0].lower() == "true"
        known = set(commit.files) | _directories(commit.files)
        paths = [p.strip("/") for p in form.get("paths", [])]
        return [_entry(repo, commit, p, expand) for p in paths if p in known]

    # --- uploads ---

    def _preupload(
        self, repo_type: str, repo_id: str, revision: str, payload: dict[str, Any]
    ) -> dict[str, Any]:
        self._require_write()
        if "create_pr" in self.query:
            raise HubError(400, "This test Hub does not support pull requests")
        commit = self.server_hub._commit(repo_type, repo_id, revision)
        files = []
        for item in payload["files"]:
            sample = base64.b64decode(item.get("sample", ""))
            mode = self.server_hub._upload_mode(commit, item["path"], int(item["size"]), sample)
            existing = commit.files.get(item["path"])
            files.append(
                {
                    "path": item["path"],
                    "uploadMode": mode,
                    "shouldIgnore": False,
                    "oid": existing.etag if existing is not None else None,
                }
            )
        return {"files": files, "commitOid": commit.oid}

    def _lfs_batch(self, repo_type: str, repo_id: str, payload: dict[str, Any]) -> dict[str, Any]:
        self._require_write()
        self.server_hub._repo(repo_type, repo_id)
        if payload.get("operation") != "upload":
            raise HubError(
                400, "This test Hub only serves LFS uploads (downloads go through /resolve)"
            )
        objects = []
        for item in payload.get("objects", []):
            entry: dict[str, Any] = {
                "oid": item["oid"],
                "size": int(item["size"]),
                "authenticated": True,
            }
            if item["oid"] not in self.server_hub._lfs:
                base = self.server_hub.url
                entry["actions"] = {
                    "upload": {"href": f"{base}/lfs/{item['oid']}", "header": {}},
                    "verify": {"href": f"{base}/lfs/verify", "header": {}},
                }
            objects.append(entry)
        return {"transfer": "basic", "objects": objects}

    def _lfs_put(self, oid: str, body: bytes) -> dict[str, Any]:
        if hashlib.sha256(body).hexdigest() != oid:
            raise HubError(400, f"The uploaded content does not match its SHA-256 {oid}")
        self.server_hub._lfs[oid] = body
        return {}

    def _lfs_verify(self, payload: dict[str, Any]) -> dict[str, Any]:
        data = self.server_hub._lfs.get(payload.get("oid", ""))
        if data is None or len(data) != int(payload.get("size", -1)):
            raise HubError(
                404, f"LFS object {payload.get('oid')} was not uploaded (or has another size)"
            )
        return {}

    def _create_commit(
        self, repo_type: str, repo_id: str, revision: str, body: bytes
    ) -> dict[str, Any]:
        self._require_write()
        hub = self.server_hub
        if "create_pr" in self.query:
            raise HubError(400, "This test Hub does not support pull requests")
        repo = hub._repo(repo_type, repo_id)
        if revision not in repo.branches:
            raise HubError(
                404, f"Commits go to a branch; {revision} is not one", "RevisionNotFound"
            )
        lines = [json.loads(line) for line in body.decode().splitlines() if line.strip()]
        if not lines or lines[0].get("key") != "header":
            raise HubError(400, "The commit payload must start with a header line")
        header = lines[0]["value"]
        head = repo.branches[revision]
        if header.get("parentCommit") not in (None, head):
            raise HubError(
                412, f"A commit has happened since {header['parentCommit']}; the head is {head}"
            )
        files = dict(repo.commits[head].files)
        for line in lines[1:]:
            key, value = line["key"], line["value"]
            path = value["path"].strip("/")
            if key == "file":
                files[path] = StoredFile(base64.b64decode(value["content"]), lfs=False)
            elif key == "lfsFile":
                data = hub._lfs.get(value["oid"])
                if data is None or len(data) != int(value["size"]):
                    raise HubError(400, f"LFS object {value['oid']} of {path} was not uploaded")
                files[path] = StoredFile(data, lfs=True)
            elif key == "deletedFile":
                if files.pop(path, None) is None:
                    raise HubError(
                        404, f"A file with this name doesn't exist: {path}", "EntryNotFound"
                    )
            elif key == "deletedFolder":
                files = {p: f for p, f in files.items() if not p.startswith(path + "/")}
            else:
                raise HubError(400, f"This test Hub does not support commit operation {key!r}")
        commit = hub._new_commit(
            repo, revision, header.get("summary", ""), header.get("description", ""), files
        )
        url = f"{hub.url}/{URL_PREFIXES[repo_type]}{repo_id}/commit/{commit.oid}"
        return {
            "success": True,
            "commitOid": commit.oid,
            "commitUrl": url,
            "hookOutput": "",
            "pullRequestUrl": None,
        }

    # --- downloads ---

    def _resolve(
        self, repo_type: str, repo_id: str, revision: str, path: str, *, head: bool
    ) -> None:
        hub = self.server_hub
        commit = hub._commit(repo_type, repo_id, revision, authorized=self._authorized())
        stored = commit.files.get(path)
        if stored is None:
            raise HubError(404, f"Entry not found: {path}", "EntryNotFound", commit.oid)
        data, status = stored.data, 200
        start, end = 0, len(data) - 1
        requested = self.headers.get("Range", "")
        if requested.startswith("bytes="):
            first, _, last = requested[6:].split(",")[0].partition("-")
            if first:
                start, end = int(first), min(int(last) if last else len(data) - 1, len(data) - 1)
            else:
                start = max(len(data) - int(last), 0)
            if start > end:
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{len(data)}")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            status = 206
        self.send_response(status)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(end - start + 1))
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("ETag", f'"{stored.etag}"')
        self.send_header("X-Repo-Commit", commit.oid)
        if stored.lfs:
            self.send_header("X-Linked-Etag", f'"{stored.sha256}"')
            self.send_header("X-Linked-Size", str(len(data)))
        if status == 206:
            self.send_header("Content-Range", f"bytes {start}-{end}/{len(data)}")
        self.end_headers()
        if not head:
            self.wfile.write(data[start : end + 1])


def main(argv: list[str] | None = None) -> int:
    """Run a test Hub in the foreground: `python -m tests.fakes.hub_server`."""
    parser = argparse.ArgumentParser(
        description="A local, in-memory Hub for trying hf_datasets/publish.py."
    )
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--token", default=None, help="require this token for writes")
    parser.add_argument(
        "--lifetime", type=float, default=3600.0, help="stop after this many seconds"
    )
    options = parser.parse_args(argv)
    with HubServer(token=options.token, lifetime=options.lifetime, port=options.port) as hub:
        print(
            f"HF_ENDPOINT={hub.url} HF_HUB_DISABLE_XET=1 (stops after {options.lifetime:.0f} s; Ctrl-C to stop)",
            flush=True,
        )
        try:
            while hub.running:
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""`publish`: upload an exported dataset folder to a Hub dataset repo as one new commit.

Uses the real `huggingface_hub` client (`dataset_info`, `create_repo`, `create_commit`),
so it works against huggingface.co or any Hub-compatible endpoint (`HF_ENDPOINT`). The
folder is validated first (the same checks as `export`), and exactly the files validation
checked are uploaded: `README.md` and the split's parquet shards.

Publishing never destroys what it did not make. Before anything is written, the plan is
computed from the repository as it is and printed: files added, replaced (content differs),
unchanged, deleted, and the files that stay as they are. Only the published split's old
shards (`data/<split>-NNNNN-of-NNNNN.parquet`) are deleted. Publish refuses, before any
write, to

- replace a `README.md` that is not vpt_tasks' card of the same benchmark (`--replace-card`
  replaces it), and
- delete other files that the split's `data_files` pattern (`data/<split>-*`) matches -- the
  new card would read them as rows of the split (`--delete-unknown` deletes them).

The commit is made on top of the commit the plan was computed from (`parent_commit`): if
the repository changed in between, the Hub refuses it and nothing is published. `--dry-run`
prints the plan and stops. The new commit sha is returned: users pin it with
`-T source=ORG/NAME@SHA`. Hub errors are told apart by `huggingface_hub`'s typed errors.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ExportError, os_problem
from .export import Validation, validate_folder

_REPO_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")
_SHOWN = 10
"""Files named per plan line; the rest are counted."""


@dataclass(frozen=True)
class Plan:
    """What a publish changes in the repository, computed before anything is written."""

    split: str
    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    """Files of the repository that the folder holds with other content."""
    unchanged: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    """Old shards of the published split (and, with `--delete-unknown`, the split's other files)."""
    kept: list[str] = field(default_factory=list)
    """Every other file of the repository: not touched."""
    not_uploaded: list[str] = field(default_factory=list)
    """Files of the folder that are not part of the export (validation did not check them)."""
    refused: list[str] = field(default_factory=list)
    """Why publishing would destroy what it did not make (empty when it may go ahead)."""
    notes: list[str] = field(default_factory=list)

    @property
    def changes(self) -> bool:
        return bool(self.added or self.replaced or self.deleted)

    def lines(self) -> list[str]:
        lines = [
            f"  {verb}: {_names(files)}"
            for verb, files in (
                ("add", self.added),
                ("replace", self.replaced),
                ("delete", self.deleted),
                ("unchanged", self.unchanged),
                ("keep", self.kept),
            )
        ]
        if self.not_uploaded:
            lines.append(f"  not uploaded (not part of the export): {_names(self.not_uploaded)}")
        return lines + [f"  note: {note}" for note in self.notes]


@dataclass(frozen=True)
class Published:
    """Where a dataset folder went."""

    repo_id: str
    commit: str
    """The commit holding the folder; pin it with `-T source=ORG/NAME@<commit>`."""
    url: str
    changed: bool
    """False when the repository already held exactly these files (no new commit)."""
    validation: Validation
    plan: Plan


@dataclass(frozen=True)
class _Remote:
    """The repository as it is: its head commit, its files' content ids and its card."""

    sha: str | None
    """None: the repository does not exist yet."""
    files: dict[str, tuple[str | None, str | None]]
    """path -> (git blob id, LFS sha256)."""
    card: dict[str, Any]


def publish_folder(
    folder: str | Path,
    repo_id: str,
    *,
    message: str | None = None,
    private: bool = False,
    token: str | None = None,
    replace_card: bool = False,
    delete_unknown: bool = False,
    dry_run: bool = False,
    report: Callable[[str], None] = print,
) -> Published | Plan:
    """Validate `folder`, print the plan, and commit it to the dataset repo `repo_id`.

    `report` receives the plan's lines before anything is written. Returns the plan alone
    with `dry_run`. Raises `ExportError` -- before any write -- when the plan would replace
    or delete what vpt_tasks did not make (see the module docstring for the flags).
    """
    folder = Path(folder).expanduser()
    if not _REPO_ID.match(repo_id):
        raise ExportError(f"--repo-id {repo_id!r} is not a Hub dataset id of the form ORG/NAME.")
    if not folder.is_dir():
        raise ExportError(f"{folder} is not a directory; pass the folder written by `export`.")
    validation = validate_folder(folder)

    from huggingface_hub import CommitOperationAdd, CommitOperationDelete, HfApi

    from vpt_tasks._version import __version__

    api = HfApi(token=token)
    endpoint = api.endpoint
    title = message or (
        f"Publish {validation.benchmark} ({validation.rows} rows, split {validation.split}) with vpt_tasks {__version__}"
    )
    try:
        ours = {name: _content_ids(folder / name) for name in ("README.md", *validation.files)}
        remote = _remote(api, repo_id)
        plan = _plan(ours, remote, validation, replace_card, delete_unknown)
        plan.not_uploaded.extend(
            sorted(
                name
                for name in (p.relative_to(folder).as_posix() for p in folder.rglob("*"))
                if name not in ours and not (folder / name).is_dir()
            )
        )
        report(f"Publishing {folder} to {repo_id} (split {validation.split}):")
        for line in plan.lines():
            report(line)
        if plan.refused:
            raise ExportError(
                f"Publishing to {repo_id} would {'; and would '.join(plan.refused)}. "
                "Nothing was published."
            )
        if dry_run:
            return plan
        if remote.sha is None:
            api.create_repo(repo_id, repo_type="dataset", private=private, exist_ok=True)
            remote = _remote(api, repo_id)
            if remote.sha is None:  # it exists (exist_ok) but this token cannot read it
                raise ExportError(
                    f"{repo_id} exists but your token cannot read it; nothing was published. "
                    f"Check --repo-id, and that HF_TOKEN belongs to {repo_id.split('/')[0]} or "
                    "one of its members."
                )
            again = _plan(ours, remote, validation, replace_card, delete_unknown)
            if (again.added, again.replaced, again.deleted, again.refused) != (
                plan.added,
                plan.replaced,
                plan.deleted,
                plan.refused,
            ):
                raise ExportError(
                    f"{repo_id} was created by someone else while publishing, with other files; "
                    "nothing was published. Run publish again to see the new plan."
                )
        if not plan.changes:
            commit, changed = str(remote.sha), False
        else:
            operations: list[Any] = [
                CommitOperationAdd(path_in_repo=name, path_or_fileobj=str(folder / name))
                for name in plan.added + plan.replaced
            ]
            operations += [CommitOperationDelete(path_in_repo=name) for name in plan.deleted]
            info = api.create_commit(
                repo_id,
                operations,
                repo_type="dataset",
                commit_message=title,
                commit_description=(
                    f"{validation.rows} rows -> {validation.samples} samples of vpt_tasks/{validation.benchmark}; "
                    f"files: {', '.join(validation.files)}."
                ),
                # exactly the plan, or nothing: a commit made since the plan makes the Hub refuse
                parent_commit=remote.sha,
            )
            commit, changed = str(info.oid), str(info.oid) != remote.sha
    except ExportError:
        raise
    except Exception as error:  # noqa: BLE001 - every failure gets the repo, the endpoint and a fix
        raise ExportError(_failure(error, repo_id, endpoint)) from None
    return Published(repo_id, commit, f"{endpoint}/datasets/{repo_id}", changed, validation, plan)


def _plan(
    ours: dict[str, tuple[str, str]],
    remote: _Remote,
    validation: Validation,
    replace_card: bool,
    delete_unknown: bool,
) -> Plan:
    split = validation.split
    shard = re.compile(rf"data/{re.escape(split)}-\d{{5}}-of-\d{{5}}\.parquet")
    pattern = f"data/{split}-*"  # the card's data_files pattern for the split
    in_split = re.compile(rf"data/{re.escape(split)}-[^/]*")
    plan = Plan(split)
    for name, (blob, sha256) in sorted(ours.items()):
        there = remote.files.get(name)
        if there is None:
            plan.added.append(name)
        elif (there[1] == sha256) if there[1] is not None else (there[0] == blob):
            plan.unchanged.append(name)  # same content: the Hub's LFS sha256, else its blob id
        else:
            plan.replaced.append(name)
    unknown = []
    for name in sorted(remote.files):
        if name in ours:
            continue
        if shard.fullmatch(name):
            plan.deleted.append(name)
        elif in_split.fullmatch(name):
            unknown.append(name)
        else:
            plan.kept.append(name)
    if unknown and delete_unknown:
        plan.deleted.extend(unknown)
    elif unknown:
        plan.kept.extend(unknown)
        plan.refused.append(
            f"leave {_names(unknown)} in the repository, which the new card's data_files "
            f"pattern {pattern} reads as rows of split {split} although export did not write "
            f"them: move them out of {pattern}, or pass --delete-unknown to delete them"
        )
    plan.kept.sort()
    plan.deleted.sort()
    if "README.md" in plan.replaced and not replace_card and not _same_dataset(remote, validation):
        plan.refused.append(
            "replace a README.md that vpt_tasks did not write for "
            f"{validation.benchmark} (another card, or one for another dataset): pass "
            "--replace-card to replace it, or publish to another repository"
        )
    others = [n for n in plan.kept if n.startswith("data/") and not in_split.fullmatch(n)]
    if "README.md" not in plan.unchanged and others:
        plan.notes.append(
            f"the new README.md lists only split {split} ({pattern}); {_names(others)} stay in "
            "the repository, but datasets.load_dataset reads only what the card lists"
        )
    return plan


def _same_dataset(remote: _Remote, validation: Validation) -> bool:
    """Whether the repository's card is one vpt_tasks wrote for the same benchmark (an older
    export of this dataset, which the new card replaces)."""
    provenance = remote.card.get("vpt_tasks")
    return isinstance(provenance, dict) and provenance.get("benchmark") == validation.benchmark


def _remote(api: Any, repo_id: str) -> _Remote:
    """The repository's head, files and card (an empty `_Remote` if it does not exist)."""
    from huggingface_hub.errors import GatedRepoError, RepositoryNotFoundError

    try:
        info = api.dataset_info(repo_id, files_metadata=True)
    except GatedRepoError:
        raise
    except RepositoryNotFoundError:
        return _Remote(None, {}, {})
    files = {
        s.rfilename: (s.blob_id, s.lfs.sha256 if s.lfs is not None else None)
        for s in info.siblings or []
    }
    card = info.card_data.to_dict() if info.card_data is not None else {}
    return _Remote(info.sha, files, card)


def _content_ids(path: Path) -> tuple[str, str]:
    """A local file's git blob id and sha256, to compare with the Hub's without downloading."""
    blob = hashlib.sha1(b"blob %d\0" % path.stat().st_size)
    sha256 = hashlib.sha256()
    with path.open("rb") as file:
        while chunk := file.read(1 << 20):
            blob.update(chunk)
            sha256.update(chunk)
    return blob.hexdigest(), sha256.hexdigest()


def _names(files: list[str]) -> str:
    if not files:
        return "-"
    shown = ", ".join(files[:_SHOWN])
    return shown if len(files) <= _SHOWN else f"{shown} and {len(files) - _SHOWN} more"


def _failure(error: Exception, repo_id: str, endpoint: str) -> str:
    """One message for a failed publish, from huggingface_hub's typed errors."""
    from huggingface_hub import constants
    from huggingface_hub.errors import (
        GatedRepoError,
        HfHubHTTPError,
        OfflineModeIsEnabled,
        RepositoryNotFoundError,
        RevisionNotFoundError,
    )

    # the HTTP client's own error (httpx or httpx2): a request that got no answer
    transport = next(
        (kind for kind in HfHubHTTPError.__mro__[1:] if kind.__name__ == "HTTPError"), OSError
    )
    first = f"{type(error).__name__}: {error}".strip().splitlines()[0]
    where = f"Publishing to {endpoint}/datasets/{repo_id} failed ({first})"
    owner = repo_id.split("/")[0]
    status = getattr(getattr(error, "response", None), "status_code", None)
    if isinstance(error, OfflineModeIsEnabled) or constants.HF_HUB_OFFLINE:
        return f"{where}. HF_HUB_OFFLINE is set: unset it to publish."
    if isinstance(error, GatedRepoError):
        return f"{where}. The repository is gated: accept its terms on the Hub, or publish to a repository of yours."
    if isinstance(error, RevisionNotFoundError):
        return f"{where}. The repository has no main branch to commit to: check it on the Hub."
    if isinstance(error, RepositoryNotFoundError):
        return (
            f"{where}. The repository does not exist or your token cannot see it: check "
            f"--repo-id, and that HF_TOKEN belongs to {owner} or one of its members."
        )
    if isinstance(error, HfHubHTTPError) and status in (401, 403):
        return (
            f"{where}. Set HF_TOKEN (or run `hf auth login`) to a token with write access to "
            f"{owner}."
        )
    if isinstance(error, HfHubHTTPError) and status in (409, 412):
        return (
            f"{where}. The repository changed after the plan was made (someone else committed); "
            "nothing was published. Run publish again to see the new plan."
        )
    if (
        isinstance(error, HfHubHTTPError)
        and status is not None
        and (status >= 500 or status == 429)
    ):
        return f"{where}. The Hub is busy or failed ({status}); nothing was published: try again later."
    if isinstance(error, HfHubHTTPError):
        return f"{where}. Check the repository id, your token's permissions and HF_ENDPOINT."
    if isinstance(error, ConnectionError | TimeoutError | transport):
        return f"{where}. The Hub endpoint is not reachable: check your network or HF_ENDPOINT."
    if isinstance(error, OSError):
        return f"Cannot read the folder to publish: {os_problem(error)}. Nothing was published."
    return f"{where}. Check the repository id, your token's permissions and HF_ENDPOINT."

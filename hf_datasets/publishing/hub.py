"""`publish`: upload an exported dataset folder to a Hub dataset repo as a new commit.

Uses the real `huggingface_hub` client (`create_repo`, `upload_folder`), so it
works against huggingface.co or any Hub-compatible endpoint (`HF_ENDPOINT`).
The folder is validated first (the same checks as `export`). Publishing never
destroys what it did not make: only the shards of the split being published are
replaced (other splits and files of the repository stay as they are), a README
that vpt_tasks did not write is replaced only with `--replace-card`, and the plan
-- files added, replaced, deleted -- is printed before the commit (`--dry-run`
prints it and stops). The new commit sha is returned: users pin it with
`-T source=ORG/NAME@SHA`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import ExportError
from .export import Validation, validate_folder

_REPO_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")


@dataclass(frozen=True)
class Plan:
    """What a publish changes in the repository."""

    added: list[str]
    replaced: list[str]
    deleted: list[str]
    """Old shards of the published split only."""

    def lines(self) -> list[str]:
        return [
            f"  {verb}: {', '.join(files) if files else '-'}"
            for verb, files in (
                ("add", self.added),
                ("replace", self.replaced),
                ("delete", self.deleted),
            )
        ]


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


def publish_folder(
    folder: str | Path,
    repo_id: str,
    *,
    message: str | None = None,
    private: bool = False,
    token: str | None = None,
    replace_card: bool = False,
    dry_run: bool = False,
    report: Callable[[str], None] = print,
) -> Published | Plan:
    """Validate `folder`, create the dataset repo if needed and upload the folder as one commit.

    Returns the plan alone with `dry_run`. `report` receives the plan's lines before the
    commit.
    """
    folder = Path(folder).expanduser()
    if not _REPO_ID.match(repo_id):
        raise ExportError(f"--repo-id {repo_id!r} is not a Hub dataset id of the form ORG/NAME.")
    if not folder.is_dir():
        raise ExportError(f"{folder} is not a directory; pass the folder written by `export`.")
    validation = validate_folder(folder)

    from huggingface_hub import HfApi, constants

    from vpt_tasks._version import __version__

    api = HfApi(token=token)
    endpoint = api.endpoint
    title = message or (
        f"Publish {validation.benchmark} ({validation.rows} rows, split {validation.split}) with vpt_tasks {__version__}"
    )
    ours = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    prefix = f"data/{validation.split}-"
    try:
        if dry_run:
            remote = _remote_files(api, repo_id)
        else:
            api.create_repo(repo_id, repo_type="dataset", private=private, exist_ok=True)
            remote = _remote_files(api, repo_id)
        plan = Plan(
            added=[f for f in ours if f not in remote],
            replaced=[f for f in ours if f in remote],
            deleted=[f for f in sorted(remote) if f.startswith(prefix) and f not in ours],
        )
        if "README.md" in plan.replaced and not replace_card and not _ours(api, repo_id):
            raise ExportError(
                f"{repo_id} has a README.md that vpt_tasks did not write; publishing would "
                "replace it. Pass --replace-card to replace it, or publish to another repository."
            )
        report(f"Publishing {folder} to {repo_id} (split {validation.split}):")
        for line in plan.lines():
            report(line)
        if dry_run:
            return plan
        before = api.dataset_info(repo_id).sha
        info = api.upload_folder(
            repo_id=repo_id,
            repo_type="dataset",
            folder_path=str(folder),
            commit_message=title,
            commit_description=(
                f"{validation.rows} rows -> {validation.samples} samples of vpt_tasks/{validation.benchmark}; "
                f"files: {', '.join(validation.files)}."
            ),
            # only the old shards of this split: other splits and files are not ours to delete
            delete_patterns=[f"{prefix}*"],
        )
    except ExportError:
        raise
    except Exception as error:  # noqa: BLE001 - every failure gets the repo, the endpoint and a fix
        raise ExportError(_failure(error, repo_id, endpoint, constants.HF_HUB_OFFLINE)) from None
    commit = str(info.oid)
    return Published(
        repo_id, commit, f"{endpoint}/datasets/{repo_id}", commit != before, validation, plan
    )


def _remote_files(api: Any, repo_id: str) -> set[str]:
    """The repository's files now (none for a repository that does not exist yet)."""
    from huggingface_hub.errors import RepositoryNotFoundError

    try:
        return set(api.list_repo_files(repo_id, repo_type="dataset"))
    except RepositoryNotFoundError:
        return set()


def _ours(api: Any, repo_id: str) -> bool:
    """Whether the repository's README.md is a card vpt_tasks wrote (its `vpt_tasks` field)."""
    from huggingface_hub import hf_hub_download

    path = hf_hub_download(repo_id, "README.md", repo_type="dataset", token=api.token)
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    front = text.split("---", 2)[1] if text.startswith("---") and text.count("---") >= 2 else ""
    return any(line.startswith("vpt_tasks:") for line in front.splitlines())


def _failure(error: Exception, repo_id: str, endpoint: str, offline: bool) -> str:
    text = f"{type(error).__name__}: {error}".strip()
    first = text.splitlines()[0]
    where = f"Publishing to {endpoint}/datasets/{repo_id} failed ({first})"
    lowered = text.lower()
    if offline or "offline" in lowered:
        return f"{where}. HF_HUB_OFFLINE is set: unset it to publish."
    if "401" in lowered or "403" in lowered or "credentials" in lowered or "forbidden" in lowered:
        return f"{where}. Set HF_TOKEN (or run `hf auth login`) to a token with write access to {repo_id.split('/')[0]}."
    if "connect" in lowered or "timeout" in lowered or "timed out" in lowered:
        return f"{where}. The Hub endpoint is not reachable: check your network or HF_ENDPOINT."
    return f"{where}. Check the repository id, your token's permissions and HF_ENDPOINT."

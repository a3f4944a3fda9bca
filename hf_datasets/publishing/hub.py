"""`publish`: upload an exported dataset folder to a Hub dataset repo as a new commit.

Uses the real `huggingface_hub` client (`create_repo`, `upload_folder`), so it
works against huggingface.co or any Hub-compatible endpoint (`HF_ENDPOINT`).
The folder is validated first (the same checks as `export`), old data shards
that the new snapshot does not have are deleted in the same commit, and the
new commit sha is returned: users pin it with `-T source=ORG/NAME@SHA`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .errors import ExportError
from .export import Validation, validate_folder

_REPO_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")


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


def publish_folder(
    folder: str | Path,
    repo_id: str,
    *,
    message: str | None = None,
    private: bool = False,
    token: str | None = None,
) -> Published:
    """Validate `folder`, create the dataset repo if needed and upload the folder as one commit."""
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
    try:
        api.create_repo(repo_id, repo_type="dataset", private=private, exist_ok=True)
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
            delete_patterns=["data/*"],
        )
    except Exception as error:  # noqa: BLE001 - every failure gets the repo, the endpoint and a fix
        raise ExportError(_failure(error, repo_id, endpoint, constants.HF_HUB_OFFLINE)) from None
    commit = str(info.oid)
    return Published(
        repo_id, commit, f"{endpoint}/datasets/{repo_id}", commit != before, validation
    )


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

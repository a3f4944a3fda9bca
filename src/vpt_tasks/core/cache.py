"""The vpt_tasks cache folder: where it is, what happens when it cannot be written, and
staging folders that a killed process left behind.

Images and converted datasets are cached under `$VPT_TASKS_CACHE` (default: the user cache
directory). Writing there can fail -- a read-only folder, a full disk, a file where the
folder should be -- and the user then gets one message naming the variable and the fix
(:class:`CacheError`), never a traceback or a half-written file. Work in progress is built
in a *staging* folder that is moved into place atomically; a process killed midway leaves
it behind, so :func:`staging_folder` marks each one with its owner and removes those whose
owner is gone (on this machine) or that are older than :data:`STALE_AFTER`.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from vpt_tasks.core.errors import VPTError

__all__ = [
    "CACHE_ENV",
    "STALE_AFTER",
    "CacheError",
    "default_cache_dir",
    "staging_folder",
    "writing",
]

CACHE_ENV = "VPT_TASKS_CACHE"
STALE_AFTER = 24 * 3600.0
"""Seconds after which a staging folder whose owner cannot be checked is abandoned."""
_OWNER = ".owner"


class CacheError(VPTError, OSError):
    """The cache folder cannot be written."""


def default_cache_dir() -> Path:
    """`$VPT_TASKS_CACHE` if set, else the user cache directory of vpt_tasks."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured).expanduser()
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("vpt_tasks"))


DATA_ENV = "VPT_TASKS_DATA"


def user_data_dir() -> Path:
    """`$VPT_TASKS_DATA` if set, else the user data directory of vpt_tasks: where files a user
    adds on purpose live (e.g. imported COMFORT translations), never the installed package."""
    configured = os.environ.get(DATA_ENV)
    if configured:
        return Path(configured).expanduser()
    from platformdirs import user_data_dir as platform_data_dir

    return Path(platform_data_dir("vpt_tasks"))


@contextlib.contextmanager
def writing(target: Path, what: str) -> Iterator[None]:
    """Turn an OS error while writing `target` into one message naming the fix."""
    try:
        yield
    except OSError as error:
        if isinstance(error, CacheError):
            raise
        reason = error.strerror or str(error)
        raise CacheError(
            f"cannot write {what} to the vpt_tasks cache ({target}: {reason}). Point "
            f"${CACHE_ENV} at a writable folder with free space (e.g. export "
            f"{CACHE_ENV}=/tmp/vpt_cache), or free some space."
        ) from None


def staging_folder(parent: Path, prefix: str) -> Path:
    """A new hidden folder in `parent` to build something in, after removing abandoned ones."""
    with writing(parent, "a staging folder"):
        parent.mkdir(parents=True, exist_ok=True)
        remove_stale(parent)
        folder = Path(tempfile.mkdtemp(prefix=f".{prefix}-", dir=parent))
        (folder / _OWNER).write_text(f"{socket.gethostname()} {os.getpid()} {time.time()}\n")
    return folder


def remove_stale(parent: Path) -> list[Path]:
    """Remove the staging folders in `parent` that nobody will finish; return them."""
    removed = []
    for folder in parent.glob(".*"):
        owner = folder / _OWNER
        if not folder.is_dir() or not owner.is_file():
            continue
        if _abandoned(owner):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def _abandoned(owner: Path) -> bool:
    try:
        host, pid, started = owner.read_text().split()
        age = time.time() - float(started)
    except (OSError, ValueError):
        return False
    if host == socket.gethostname():
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            return True
        except (PermissionError, ValueError):
            return age > STALE_AFTER
        return False  # its process is still at work
    return age > STALE_AFTER

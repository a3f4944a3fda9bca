"""Which paths are eval logs: regular `.eval` and `.json` files only.

A FIFO, a socket or a device named `*.eval` would block or never end when read (the
same rule as `vpt-tasks report`, which lists only real files): inside a directory it is
skipped with a message, named directly it is refused.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from vpt_tasks.adjudication.errors import AdjudicationError

SUFFIXES = (".eval", ".json")


def is_regular(path: Path) -> bool:
    """A regular file (not following the check into reading it)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def log_files(paths: Iterable[str | Path]) -> tuple[list[Path], list[str]]:
    """The log files under `paths`, and what was skipped (one line each).

    Raises `AdjudicationError` for a path that does not exist or is not a regular file
    or directory, and when no log is found at all.
    """
    files: list[Path] = []
    skipped: list[str] = []
    for path in map(Path, paths):
        if path.is_dir():
            for found in sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES):
                if is_regular(found):
                    files.append(found)
                elif not found.is_dir():
                    skipped.append(f"{found}: not a regular file (a pipe or device?): skipped")
        elif not path.exists() and not path.is_symlink():
            raise AdjudicationError(f"{path}: no such log file or directory.")
        elif not is_regular(path):
            raise AdjudicationError(
                f"{path}: not a regular file (a pipe or device?); give eval log files or folders."
            )
        else:
            files.append(path)
    if not files:
        raise AdjudicationError("no eval logs (.eval or .json) found in the paths given.")
    return list(dict.fromkeys(files)), skipped

"""A local source never reaches outside itself: the one check every loader opens files through.

A dataset folder is untrusted input. A symbolic link inside it (to a file or a folder)
could make an eval read a file from elsewhere on the disk, write its bytes into the log
and send them to a model provider. Every loader that opens or lists files of a local
source goes through these two functions, so a loader added later gets the check too:

- :func:`inside` -- one path named by the source (a data file, an image named in a
  row), resolved with its symlinks, refused when it lands outside the source;
- :func:`files_under` -- every file of a folder tree, walking linked folders that stay
  inside, refusing any link (to a file or a folder) that leads outside, instead of
  silently skipping it.
"""

from __future__ import annotations

import os
from pathlib import Path

from vpt_tasks.core.errors import SourceError

__all__ = ["files_under", "inside"]


def inside(root: Path | str, path: Path | str, *, where: str) -> Path:
    """`path` (relative to `root`, or absolute) with its links resolved, if it lies inside `root`.

    Raises SourceError naming `where` and the fix when it points outside.
    """
    base = Path(root).resolve()
    candidate = Path(path) if Path(path).is_absolute() else Path(root) / path
    resolved = candidate.resolve()
    if not resolved.is_relative_to(base):
        link = " (through a symbolic link)" if _links_on_the_way(Path(root), candidate) else ""
        raise SourceError(
            f"{where}: {str(path)!r} points outside the source directory {base}{link}; a source "
            "may only use files inside its own directory. Copy the file into it, or fix the row."
        )
    return resolved


def files_under(root: Path | str, *, where: str) -> list[Path]:
    """Every file under `root` (its path under `root`, as found), sorted.

    Links to files or folders inside `root` are followed (each folder once); a link that
    leads outside `root` raises SourceError naming it, so a tree is never read in part.
    """
    base = Path(root).resolve()
    found: list[Path] = []
    seen: set[Path] = set()
    pending = [Path(root)]
    while pending:
        folder = pending.pop()
        real = folder.resolve()
        if real in seen:
            continue
        seen.add(real)
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as error:
            raise SourceError(f"{where}: cannot list {folder} ({error.strerror}).") from None
        for entry in entries:
            path = Path(entry.path)
            if entry.is_symlink():
                target = path.resolve()
                if not target.is_relative_to(base):
                    kind = "folder" if target.is_dir() else "file"
                    raise SourceError(
                        f"{where}: {path} is a symbolic link to the {kind} {target}, outside the "
                        f"source directory {base}; a source may only use files inside its own "
                        "directory. Copy it in or remove the link."
                    )
            if entry.is_dir():  # follows a link that stays inside
                pending.append(path)
            elif entry.is_file():
                found.append(path)
    return sorted(found)


def _links_on_the_way(root: Path, candidate: Path) -> bool:
    path = candidate
    while path != root and path != path.parent:
        if path.is_symlink():
            return True
        path = path.parent
    return False

"""The error the publishing commands raise for input they cannot use, and OS errors in words."""

from __future__ import annotations

import errno

from vpt_tasks.core.errors import VPTError


class ExportError(VPTError, ValueError):
    """A dataset cannot be exported or published; the message says what to fix."""


_FIXES = {
    errno.ENOSPC: "the disk is full: free some space there, or use another disk",
    errno.EDQUOT: "the disk quota is used up: free some space, or use another disk",
    errno.EACCES: "permission denied: use a folder you may write to, or change its permissions",
    errno.EPERM: "not permitted: use a folder you may write to, or change its permissions",
    errno.EROFS: "the file system is read-only: use another folder",
    errno.ENOTDIR: "a file stands where a folder is needed: choose another path",
    errno.EISDIR: "a folder stands where a file is needed: choose another path",
    errno.EEXIST: "something is already there (a file where a folder should go?): choose another path",
    errno.ENOENT: "it does not exist: check the path",
    errno.ENAMETOOLONG: "the name is too long: choose a shorter path",
}


def os_problem(error: OSError) -> str:
    """An OS error as one plain phrase: the path, what the system said and the fix.

    `PermissionError(13, 'Permission denied', '/x')` becomes
    `/x: Permission denied (permission denied: use a folder you may write to, ...)`.
    """
    path = str(error.filename) if error.filename is not None else "a file"
    if error.filename2 is not None:
        path += f" -> {error.filename2}"
    reason = error.strerror or str(error) or type(error).__name__
    fix = _FIXES.get(error.errno or -1, "check the path, its permissions and the free space")
    return f"{path}: {reason} ({fix})"

"""The error the publishing commands raise for input they cannot use."""

from vpt_tasks.core.errors import VPTError


class ExportError(VPTError, ValueError):
    """A dataset cannot be exported or published; the message says what to fix."""

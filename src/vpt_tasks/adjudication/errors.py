"""The one error of adjudication: a sheet or log that cannot be used; nothing was written."""

from __future__ import annotations


class AdjudicationError(ValueError):
    """Bad input for `vpt-tasks adjudicate`: its message names what is wrong and the fix."""

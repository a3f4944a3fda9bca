"""The two places where vpt_tasks relies on Inspect internals, isolated and tested.

Inspect has no public API for either; each use lives here, and
`tests/core/test_inspect_internals.py` fails when Inspect changes what it relies on,
so an Inspect upgrade that breaks one is caught by the suite, not by a user.

- `PrerequisiteError` (`inspect_ai._util.error`): the exception the `inspect` command
  prints as its bare message, without a traceback. vpt_tasks' errors derive from it
  so that a bad `-T` value ends the command with a few lines.
- `computing_live_metrics()`: whether Inspect is computing the metrics of its live
  progress display (`update_metrics_display_fn` in `inspect_ai._eval.task.run`)
  rather than the run's final ones. COMFORT's curve metrics need to know: curves are
  incomplete by construction while samples still run.
"""

from __future__ import annotations

import sys

try:  # Inspect's "failed prerequisite": printed by the `inspect` command without a traceback
    from inspect_ai._util.error import PrerequisiteError
except ImportError:  # pragma: no cover - a future Inspect that moved it: plain exceptions
    PrerequisiteError = Exception  # type: ignore[assignment,misc]

LIVE_METRICS_FUNCTION = "update_metrics_display_fn"
"""The Inspect function that computes the live display's metrics (a caller on the stack)."""


def computing_live_metrics() -> bool:
    """Whether the caller runs inside Inspect's live-display metric computation."""
    frame = sys._getframe(1)
    while frame is not None:
        code = frame.f_code  # co_qualname is Python 3.11+; co_name names the function itself
        if LIVE_METRICS_FUNCTION in getattr(code, "co_qualname", code.co_name):
            return True
        frame = frame.f_back  # type: ignore[assignment]
    return False

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
- `register_on_first_use()`: Inspect's registry (`inspect_ai._util.registry`). The entry
  point registers every scorer and metric by name without importing the modules that
  define them (they import numpy); the first lookup imports the module, whose own
  decorators then replace the stand-in. Without it, a metric named in a log
  (`recompute_metrics`, `edit_score`, `inspect score`) is found only in a process that
  happened to build the task first.
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Any, Literal

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


def register_on_first_use(kind: Literal["metric", "scorer"], name: str, module: str) -> None:
    """Register `vpt_tasks/<name>` (a metric or scorer factory) as defined in `module`.

    Nothing is imported now. When Inspect first creates the object by name, `module` is
    imported (its decorators register the real factory under the same name, replacing
    this stand-in) and the real factory is called with the arguments the log recorded.
    A name that is already registered (its module was imported) is left alone.
    """
    from inspect_ai._util.registry import (
        RegistryInfo,
        registry_add,
        registry_has,
        registry_lookup,
    )

    qualified = f"vpt_tasks/{name}"
    if registry_has(kind, qualified):
        return

    def create(**kwargs: Any) -> Any:
        import_module(module)
        real = registry_lookup(kind, qualified)
        if real is None or real is create:
            raise LookupError(f"{module} did not register the {kind} {qualified}")
        return real(**kwargs)

    from inspect_ai.scorer import Metric, Scorer

    create.__name__ = name
    # Inspect's registry_create instantiates a factory whose return annotation names the kind
    create.__annotations__ = {"return": Metric if kind == "metric" else Scorer}
    registry_add(create, RegistryInfo(type=kind, name=qualified))

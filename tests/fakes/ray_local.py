"""An in-process stand-in for the part of Ray's API that `--engine ray` uses.

What: `install(monkeypatch)` puts this module in `sys.modules["ray"]`, so
`vpt_tasks.render.ray_engine` runs against it exactly as against Ray:
`init`, `is_initialized`, `shutdown`, `remote(fn).options(...).remote(*args)`,
`wait`, `get`, `cancel` and `exceptions.RayError`. A task runs when it is
submitted, in this process; its arguments and result go through pickle (as
through Ray's object store), and a task that raises is run again up to its
`max_retries` (Ray's behaviour with `retry_exceptions=True`). `SUBMITTED`
records each submission's options for assertions.

Why: the engine's own code (shard planning, storing, merging, failure
messages, resuming) is tested in every CI run without Ray, which is the
optional `scale` extra; `tests/render/test_ray_engine.py` runs the same
scenario on a real local Ray instance where the extra is installed.
"""

from __future__ import annotations

import pickle
import sys
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import Any

import pytest


class RayError(Exception):
    """Ray's base error."""


class RayTaskError(RayError):
    """A task raised on its last attempt (message: the task's error, last line)."""


exceptions = SimpleNamespace(RayError=RayError, RayTaskError=RayTaskError)
SUBMITTED: list[dict[str, Any]] = []
INITS: list[dict[str, Any]] = []
"""The keyword arguments of each `ray.init` call."""
_state = {"initialized": False}


def init(address: str | None = None, **options: Any) -> None:
    INITS.append({"address": address, **options})
    _state["initialized"] = True


def is_initialized() -> bool:
    return _state["initialized"]


def shutdown() -> None:
    _state["initialized"] = False


class ObjectRef:
    """A finished task: its pickled result, or the error of its last attempt."""

    def __init__(self, result: bytes | None, error: RayTaskError | None) -> None:
        self.result, self.error = result, error


class RemoteFunction:
    def __init__(self, function: Callable[..., Any], **options: Any) -> None:
        self.function, self.options_ = function, options

    def options(self, **options: Any) -> RemoteFunction:
        return RemoteFunction(self.function, **{**self.options_, **options})

    def remote(self, *args: Any) -> ObjectRef:
        assert is_initialized(), "a task was submitted before ray.init"
        SUBMITTED.append(self.options_)
        attempts = 1 + (
            self.options_.get("max_retries", 0) if self.options_.get("retry_exceptions") else 0
        )
        for attempt in range(attempts):
            try:
                result = self.function(*pickle.loads(pickle.dumps(args)))
            except Exception as error:  # noqa: BLE001 - what Ray does: keep it for `get`
                if attempt == attempts - 1:
                    return ObjectRef(
                        None, RayTaskError(f"task failed\n{type(error).__name__}: {error}")
                    )
            else:
                return ObjectRef(pickle.dumps(result), None)
        raise AssertionError("unreachable")


def remote(function: Callable[..., Any]) -> RemoteFunction:
    return RemoteFunction(function)


def wait(
    refs: Sequence[ObjectRef], num_returns: int = 1
) -> tuple[list[ObjectRef], list[ObjectRef]]:
    return list(refs[:num_returns]), list(refs[num_returns:])


def get(ref: ObjectRef) -> Any:
    if ref.error is not None:
        raise ref.error
    assert ref.result is not None
    return pickle.loads(ref.result)


def cancel(ref: ObjectRef) -> None:
    """Nothing runs in the background here: a submitted task has already finished."""


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `import ray` return this module for the test, fresh and not initialised."""
    SUBMITTED.clear()
    INITS.clear()
    shutdown()
    monkeypatch.setitem(sys.modules, "ray", sys.modules[__name__])

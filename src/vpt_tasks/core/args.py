"""Validation of `-T` task arguments.

Inspect parses `-T` values as YAML (`a,b` arrives as a list, `yes` as a bool)
and only warns on unknown names, so each task converts and validates its own
arguments here and fails at once, naming the allowed values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from vpt_tasks.core.errors import TaskArgumentError

T = TypeVar("T", bound=str)


def one_of(name: str, value: Any, allowed: Sequence[T]) -> T:
    """Return `value` as one of `allowed` (case-insensitive), or raise naming them."""
    text = str(value).strip()
    for option in allowed:
        if text.lower() == option.lower():
            return option
    raise TaskArgumentError(
        f"-T {name}={value!r} is not allowed; use one of: {', '.join(allowed)}."
    )


def subset_of(name: str, value: Any, allowed: Sequence[T]) -> list[T]:
    """Parse a comma list (or YAML list) into a subset of `allowed`, keeping `allowed` order.

    `None` or an empty value selects everything.
    """
    if value is None or value == "" or value == []:
        return list(allowed)
    items: Iterable[Any] = value if isinstance(value, (list, tuple)) else str(value).split(",")
    chosen: set[T] = set()
    for item in items:
        chosen.add(one_of(name, str(item).strip(), allowed))
    return [option for option in allowed if option in chosen]


def as_bool(name: str, value: Any) -> bool:
    """Accept YAML booleans and their usual spellings; reject anything else."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in {"true", "yes", "on", "1"}:
        return True
    if text in {"false", "no", "off", "0"}:
        return False
    raise TaskArgumentError(f"-T {name}={value!r} is not a boolean; use true or false.")


def as_int(name: str, value: Any, *, minimum: int | None = None) -> int:
    """Accept an integer (or its decimal spelling) at least `minimum`."""
    try:
        number = int(str(value).strip())
    except ValueError:
        raise TaskArgumentError(f"-T {name}={value!r} is not an integer.") from None
    if minimum is not None and number < minimum:
        raise TaskArgumentError(f"-T {name}={number} must be at least {minimum}.")
    return number

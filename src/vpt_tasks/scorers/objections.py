"""Objections: the one decision rule of the answer readers, as data.

A reader decides an answer only when its readings agree, no sign of doubt is present
(`reading.doubts`) and no objection applies. An objection is a named predicate over what
was read ("Yes, it can see it. ... it cannot see it" -> `statement_disagrees`); its name is
the reason recorded when it applies (score metadata `rules_why`). The readers keep their
objections in ordered tuples, so the reasons an answer can be left undecided for are a list
a newcomer reads in one place, and a test keeps each of them documented
(`docs/reading-answers.md`).

The growth rule (CONTRIBUTING): a new finding may add an objection freely, since an
objection only ever leaves an answer undecided; a new *deciding* path needs a held-out
measurement.

Pure: standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["Objection", "first_objection", "reasons"]

T = TypeVar("T")


@dataclass(frozen=True)
class Objection(Generic[T]):
    """A named reason to leave an answer undecided, and when it applies."""

    reason: str
    applies: Callable[[T], bool]


def first_objection(objections: Iterable[Objection[T]], answer: T) -> str | None:
    """The reason of the first objection that applies to `answer`, or None."""
    return next((o.reason for o in objections if o.applies(answer)), None)


def reasons(objections: Iterable[Objection[T]]) -> list[str]:
    """The reasons `objections` can record, in order, each once."""
    return list(dict.fromkeys(o.reason for o in objections))

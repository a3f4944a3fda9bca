"""Validation of `-T` task arguments.

Inspect parses `-T` values as YAML (`a,b` arrives as a list, `yes` as a bool)
and passes names a task does not declare to its `**kwargs`, so each task
converts and validates its own arguments here and fails at once, naming the
allowed values. The arguments every task shares (`solver`, `grader`) have one
meaning everywhere and are defined here once.
"""

from __future__ import annotations

import difflib
import inspect
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from vpt_tasks.core.errors import TaskArgumentError
from vpt_tasks.core.notes import note

logger = logging.getLogger(__name__)

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


# --- the arguments every task shares -------------------------------------------------

SOLVERS: tuple[str, ...] = ("zero_shot", "cot", "first_person")
"""`-T solver=`: the paper's zero-shot protocol, chain of thought, or the question restated in
the first person (the model addressed as the agent whose perspective is asked for)."""

GRADER_MODES: tuple[str, ...] = ("auto", "rules", "narrow", "llm", "both")
"""`-T grader=`, who maps free answers to the scored answer:

- `auto` (default): the rules decide what they can; the `grader` model role, when one is
  bound, decides the rest; without one the rest stays undecided (counted; a note before the
  run says so and how to bind a grader).
- `rules`: the deterministic rules only.
- `narrow`: the rules decide alone only a bare answer ("B", "North-east.", "No, it cannot.",
  or one final "Answer: ..." line: `scorers.reading.bare_answer`), the grader role decides
  the rest (needs `--model-role grader=...`). For a grader that `vpt_tasks/grader_check`
  shows more precise than the rules' published out-of-sample rate
  (`docs/reading-answers.md`).
- `llm`: the grader role decides every answer (needs `--model-role grader=...`).
- `both`: the grader role decides every answer and the rules run beside it; their agreement
  is reported (needs `--model-role grader=...`).
"""

GRADER_ROLE = "grader"


def solver_arg(value: Any) -> str:
    """`-T solver=`: one of `SOLVERS`."""
    return one_of("solver", "zero_shot" if value in (None, "") else value, SOLVERS)


def grader_arg(value: Any, *, task: str, needs_role: bool = True) -> str:
    """`-T grader=`: one of `GRADER_MODES`, checked against the bound model roles.

    `llm` and `both` need the `grader` model role; a missing role fails here, while the
    task is built, with the fix. `auto` without a role prints one calm note: answers the
    rules leave undecided are counted as such, and how to bind a grader. (`needs_role=False` skips the role checks,
    for building a task outside an eval.)
    """
    mode = one_of("grader", "auto" if value in (None, "") else value, GRADER_MODES)
    if not needs_role:
        return mode
    bound = grader_bound()
    if mode in ("narrow", "llm", "both") and not bound:
        raise TaskArgumentError(
            f"vpt_tasks/{task}: -T grader={mode} needs a grader model: add --model-role "
            f"{GRADER_ROLE}=<provider/model> (e.g. --model-role {GRADER_ROLE}=openai/gpt-4o), "
            "or use -T grader=auto (rules, and the grader where bound) or -T grader=rules."
        )
    if mode == "auto" and not bound:
        note(NO_GRADER_NOTE.format(task=task, role=GRADER_ROLE))
    return mode


NO_GRADER_NOTE = (
    "vpt_tasks/{task}: answers the rules cannot read are counted as undecided (the "
    "`undecided` count); to have a grader model read them, add --model-role "
    "{role}=<provider/model>."
)
"""What a run under `-T grader=auto` without a grader says before it starts: how it reads
the answers, not a fault (the README's offline first command runs so)."""


def grader_bound() -> bool:
    """Whether the `grader` model role is bound in the eval being set up (or running)."""
    from inspect_ai.model import model_roles

    try:
        return GRADER_ROLE in model_roles()
    except LookupError:  # outside an eval: no roles
        return False


def task_arguments(function: Callable[..., Any]) -> list[str]:
    """The `-T` names a task function declares: its parameters, not its `**kwargs`."""
    parameters = inspect.signature(function).parameters.values()
    return [p.name for p in parameters if p.kind is not inspect.Parameter.VAR_KEYWORD]


def warn_unknown(
    task: str, given: Mapping[str, Any], known: Iterable[str] | Callable[..., Any]
) -> list[str]:
    """Warn, before the run starts, about `-T` names the task does not take; return them.

    Inspect passes names a task does not declare to its `**kwargs`: this names each one,
    suggests the closest argument (a misspelling) and lists the task's arguments.
    `known` is the task function itself (its signature is the list: nothing to keep in
    step by hand) or the names.
    """
    names = sorted(task_arguments(known) if callable(known) else known)
    unknown = sorted(given)
    for name in unknown:
        close = difflib.get_close_matches(name, names, n=1)
        hint = f" Did you mean -T {close[0]}?" if close else ""
        logger.warning(
            "vpt_tasks/%s: -T %s is not an argument of this task and is ignored.%s "
            "Its arguments: %s (see `vpt-tasks tasks`).",
            task,
            name,
            hint,
            ", ".join(names),
        )
    return unknown

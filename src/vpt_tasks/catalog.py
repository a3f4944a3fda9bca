"""`vpt-tasks tasks [NAME...]`: every task with its arguments, defaults, data and size.

Works wherever the package is installed (unlike `inspect list tasks`, which
searches the files of a directory). The arguments come from the `@task`
functions themselves — their signatures (names, types, defaults) and the
`Args:` sections of their docstrings (what each value means) — and the data
and run size from the list of benchmarks, so the listing cannot drift from
the code.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import re
import sys
import textwrap
from dataclasses import dataclass
from typing import Any

from vpt_tasks.benchmarks import find_task, load, task_entries

DEPRECATED = re.compile(r"\bdeprecated\b", re.IGNORECASE)
LABEL_WIDTH = 28
"""Columns of `name=default` before an argument's description."""


@dataclass(frozen=True)
class Argument:
    """One `-T` argument of a task."""

    name: str
    default: Any
    description: str

    @property
    def deprecated(self) -> bool:
        return bool(DEPRECATED.search(self.description))


def arguments(function: Any) -> list[Argument]:
    """The `-T` arguments of a `@task` function, in signature order (`**kwargs` left out)."""
    documented = _documented(inspect.getdoc(function) or "")
    found = []
    for name, parameter in inspect.signature(function).parameters.items():
        if parameter.kind in (parameter.VAR_KEYWORD, parameter.VAR_POSITIONAL):
            continue
        default = None if parameter.default is parameter.empty else parameter.default
        found.append(Argument(name, default, documented.get(name, "")))
    return found


def _documented(docstring: str) -> dict[str, str]:
    """`name -> description` from a Google-style `Args:` section."""
    match = re.search(r"^Args:\s*$(.*?)(?=^\S|\Z)", docstring, re.MULTILINE | re.DOTALL)
    if not match:
        return {}
    entries: dict[str, str] = {}
    current = None
    for line in match.group(1).splitlines():
        head = re.match(r"^\s{4}(\*{0,2}\w+)(?:\s*\([^)]*\))?:\s*(.*)$", line)
        if head:
            current = head.group(1)
            entries[current] = head.group(2).strip()
        elif current and line.strip():
            entries[current] += " " + line.strip()
    return entries


def describe(
    name: str, *, width: int = 100, shown_notes: dict[tuple[str, ...], str] | None = None
) -> str:
    """The listing of one task.

    `shown_notes` (for a listing of several tasks) maps notes already listed to the task
    they were listed under: notes a task shares with one listed before it (COMFORT-BALL and
    -CAR share the 109 languages) are referred to, not listed again.
    """
    found = find_task(name)
    if found is None:
        raise KeyError(name)
    benchmark, entry = found
    function = load(f"{benchmark.task_module}:{entry.name}")
    summary = (inspect.getdoc(function) or "").splitlines()[0]
    lines = [
        f"vpt_tasks/{entry.name} — {entry.title}",
        *textwrap.wrap(summary, width, initial_indent="  ", subsequent_indent="  "),
        f"  data: {entry.data} (or -T source=demo, offline)",
        f"  full run: {entry.full_run}",
        "  arguments (-T name=value):",
    ]
    for argument in arguments(function):
        label = f"{argument.name}={_shown(argument)}"
        note = " [deprecated]" if argument.deprecated else ""
        if len(label) >= LABEL_WIDTH:  # a long default: its description on the next lines
            lines.append(f"    {label}")
            label = ""
        text = f"{label:<{LABEL_WIDTH}}{argument.description}{note}"
        lines += textwrap.wrap(text, width, initial_indent="    ", subsequent_indent=" " * 32)
    listed = tuple(notes(benchmark.task_module, entry.name))
    if listed and shown_notes is not None and listed in shown_notes:
        first = listed[0].split(":")[0] if ":" in listed[0] else "the rest"
        lines.append(f"  {first}: as for vpt_tasks/{shown_notes[listed]} above.")
        return "\n".join(lines)
    if listed and shown_notes is not None:
        shown_notes[listed] = entry.name
    for note in listed:
        lines += textwrap.wrap(note, width, initial_indent="  ", subsequent_indent="    ")
    return "\n".join(lines)


def notes(module: str, name: str) -> list[str]:
    """More to list about a task: `catalog_notes(name) -> list[str]` of its task module, if any
    (e.g. the values an argument takes that are too many for its docstring)."""
    found = getattr(importlib.import_module(module), "catalog_notes", None)
    return list(found(name)) if callable(found) else []


NAMED_DEFAULT = re.compile(r"`([^`]+)`\s*\(default\b")
"""A described default value: "`cam` (default, the paper's)", "or `all` (default)"."""
DESCRIBED_DEFAULT = re.compile(r"\(default:\s*([^)]+)\)")
"""A default said in words: "(default: all seven)"."""


def _shown(argument: Argument) -> str:
    """The default as it is shown after `name=`: the value, also where the signature's is
    None and the task decides (`perspective=cam`, as its description says)."""
    default = argument.default
    if isinstance(default, bool):
        return str(default).lower()
    if default is not None:
        return str(default)
    described = DESCRIBED_DEFAULT.search(argument.description)
    if described:
        return f"({described.group(1).strip()})"
    named = NAMED_DEFAULT.search(argument.description)
    if named:
        return named.group(1)
    return "(omitted)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "names", nargs="*", help="tasks to describe (default: all), e.g. isle_brick comfort_car"
    )


def run(args: argparse.Namespace) -> int:
    known = [entry.name for _, entry in task_entries()]
    names = [name.split("/")[-1] for name in args.names] or known
    unknown = [name for name in names if name not in known]
    if unknown:
        print(
            f"vpt-tasks tasks: no task {', '.join(unknown)}; the tasks are {', '.join(known)}.",
            file=sys.stderr,
        )
        return 2
    shown: dict[tuple[str, ...], str] = {}
    print("\n\n".join(describe(name, shown_notes=shown) for name in names))
    print(
        "\nRun: inspect eval vpt_tasks/<task> -T source=demo --model vpt_tasks/random  "
        "(arguments shared by every task: README.md, 'Task arguments')."
    )
    return 0

"""The `vpt-tasks` command: project tools beside `inspect eval`.

Each subcommand lives in its own module exposing `add_arguments(parser)` and
`run(args) -> int`; modules are imported only when their subcommand runs, so
`vpt-tasks --help` stays fast and optional extras (e.g. `bpy` for rendering)
are needed only by the subcommands that use them.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from vpt_tasks._version import __version__

SUBCOMMANDS: dict[str, tuple[str, str]] = {
    # name: (module, one-line help)
    "adjudicate": (
        "vpt_tasks.adjudication.cli",
        "a sheet of the answers no rule settled, for a human to decide; --apply re-scores them",
    ),
    "render": (
        "vpt_tasks.render.cli",
        "render COMFORT-BALL, COMFORT-CAR or Isle-Brick scenes with Blender into a canonical dataset",
    ),
    "report": ("vpt_tasks.report.cli", "paper-style tables and figures from eval logs"),
    "tasks": (
        "vpt_tasks.catalog",
        "list every task with its arguments, defaults, data and run size",
    ),
    "translations": (
        "vpt_tasks.comfort.translations_cli",
        "COMFORT's translations: list where each language's words come from, export cached "
        "model translations for review, import reviewed ones into the table",
    ),
}


TRACEBACK_ENV = "VPT_TASKS_TRACEBACK"
"""Set to 1 to see the traceback of an unexpected error instead of its one-line summary."""


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `vpt-tasks` console script.

    Every subcommand gets the same plain output: text the terminal cannot encode is
    escaped (an ASCII-only terminal prints `\u2014`, not a UnicodeEncodeError), a
    `VPTError` or an OS error is one line (exit 2), and an unexpected error is one line
    naming it as a bug, with its traceback behind `VPT_TASKS_TRACEBACK=1` (exit 1).
    """
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    parser = argparse.ArgumentParser(prog="vpt-tasks", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"vpt-tasks {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (_, help_text) in SUBCOMMANDS.items():
        commands.add_parser(name, help=help_text, add_help=False)
    known, rest = parser.parse_known_args(argv)
    if known.command is None:
        parser.print_help()
        return 2
    module = importlib.import_module(SUBCOMMANDS[known.command][0])
    sub = argparse.ArgumentParser(
        prog=f"vpt-tasks {known.command}", description=SUBCOMMANDS[known.command][1]
    )
    module.add_arguments(sub)
    args = sub.parse_args(rest)
    try:
        return int(module.run(args))
    except KeyboardInterrupt:
        print(f"vpt-tasks {known.command}: interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # the last line of defence: a plain line, never a traceback
        return _plain(known.command, error)


def _plain(command: str, error: Exception) -> int:
    import os

    from vpt_tasks.core.errors import VPTError

    if os.environ.get(TRACEBACK_ENV) == "1":
        raise error
    text = " ".join(str(error).split()) or type(error).__name__
    if isinstance(error, VPTError | OSError):
        print(f"vpt-tasks {command}: {text}", file=sys.stderr)
        return 2
    print(
        f"vpt-tasks {command}: unexpected {type(error).__name__}: {text[:500]} (if this is not "
        f"about your input or setup, please report it with its traceback: {TRACEBACK_ENV}=1 "
        "shows it)",
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())

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


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `vpt-tasks` console script."""
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
    return int(module.run(sub.parse_args(rest)))


if __name__ == "__main__":
    sys.exit(main())

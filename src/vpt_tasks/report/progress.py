"""A progress bar on stderr while `vpt-tasks report` reads its logs and draws its sections.

Reading a sweep's logs takes minutes (every sample's score is read once); on a terminal a
bar says how far it is (rich, as Inspect's own display). Where stderr is not a terminal (a
pipe, a CI log) nothing is drawn: the report's own lines are all that is printed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

MIN_STEPS = 2
"""A bar for two steps or more; one log is read without one."""


@contextmanager
def progress(total: int, description: str) -> Iterator[Callable[[str], None]]:
    """A bar of `total` steps; the function it yields advances it, naming the next step."""
    from rich.console import Console

    console = Console(stderr=True)
    if total < MIN_STEPS or not console.is_terminal:
        yield lambda _name: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[step]}", style="dim"),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(description, total=total, step="")

        def advance(name: str) -> None:
            bar.update(task, advance=1, step=name)

        yield advance

"""Which task reads which canonical schema: `export --benchmark NAME`, from `vpt_tasks.benchmarks`.

Each exportable dataset is named after the task that runs it, so a dataset
exported with `--benchmark NAME` is validated by building `vpt_tasks/NAME`
on it (the task's own loader reads and checks every row, as a run would).
Everything here is read from the plugin's list of benchmarks
(`vpt_tasks.benchmarks.BENCHMARKS`); nothing names a benchmark itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vpt_tasks import benchmarks as registry

from .errors import ExportError

CARDS = Path(__file__).resolve().parents[1] / "cards"


@dataclass(frozen=True)
class Benchmark:
    """One exportable dataset: a task of a benchmark descriptor."""

    descriptor: registry.Benchmark
    entry: registry.TaskEntry

    @property
    def name(self) -> str:
        """The task name (`vpt_tasks/<name>`) and the `--benchmark` value."""
        return self.entry.name

    @property
    def title(self) -> str:
        """The dataset as its paper names it."""
        return self.entry.title

    def canonical_schema(self) -> dict[str, str]:
        return self.descriptor.canonical_schema()

    def split(self) -> str:
        """The split the task reads from canonical-layout sources."""
        return str(self._config().get("split", "test"))

    def paper(self) -> str:
        return str(self._config().get("paper", self.title))

    def card_text(self) -> str:
        path = CARDS / f"{self.descriptor.card}.md"
        if not path.is_file():
            raise ExportError(
                f"The dataset card body {path} is missing; write it before exporting {self.name}."
            )
        return path.read_text(encoding="utf-8").strip()

    def task_factory(self) -> Callable[..., Any]:
        """The `@task` function, from its benchmark's task module."""
        try:
            return registry.load(f"{self.descriptor.task_module}:{self.name}")
        except (ImportError, AttributeError) as error:
            raise ExportError(
                f"The task vpt_tasks/{self.name} is not available in this vpt_tasks installation "
                f"({error}); it is needed to validate the export."
            ) from None

    def _config(self) -> dict[str, Any]:
        from vpt_tasks.core.config import load_config

        return load_config(self.descriptor.config)


BENCHMARKS: dict[str, Benchmark] = {
    entry.name: Benchmark(descriptor, entry) for descriptor, entry in registry.task_entries()
}


def get_benchmark(name: str) -> Benchmark:
    """The benchmark called `name`, or an error listing the known ones."""
    try:
        return BENCHMARKS[name]
    except KeyError:
        raise ExportError(
            f"Unknown benchmark {name!r}; choose one of {', '.join(BENCHMARKS)}."
        ) from None

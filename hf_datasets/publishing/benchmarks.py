"""Which task reads which canonical schema: the table behind `export --benchmark`.

Each exportable benchmark is named after the task that runs it, so a dataset
exported with `--benchmark NAME` is validated by building `vpt_tasks/NAME`
on it (the task's own loader reads and checks every row, as a run would).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import ExportError

CARDS = Path(__file__).resolve().parents[1] / "cards"


@dataclass(frozen=True)
class Benchmark:
    """One exportable benchmark."""

    name: str
    """The task name (`vpt_tasks/<name>`) and the `--benchmark` value."""
    title: str
    """The benchmark as the paper names it."""
    package: str
    """The vpt_tasks package that exports the `@task` function."""
    schema: str
    """The name of its canonical schema in `vpt_tasks.core.canonical`."""
    config: str
    """Its task configuration (`task_configs/<config>.yaml`): split and paper title."""
    card: str
    """Its dataset card body, `hf_datasets/cards/<card>.md`."""

    def canonical_schema(self) -> dict[str, str]:
        from vpt_tasks.core import canonical

        schema = getattr(canonical, self.schema, None)
        if schema is None:
            raise ExportError(
                f"vpt_tasks.core.canonical has no {self.schema}; this vpt_tasks version cannot export {self.name}."
            )
        return dict(schema)

    def split(self) -> str:
        """The split the task reads from canonical-layout sources."""
        return str(self._config().get("split", "test"))

    def paper(self) -> str:
        return str(self._config().get("paper", self.title))

    def card_text(self) -> str:
        path = CARDS / f"{self.card}.md"
        if not path.is_file():
            raise ExportError(
                f"The dataset card body {path} is missing; write it before exporting {self.name}."
            )
        return path.read_text(encoding="utf-8").strip()

    def task_factory(self) -> Callable[..., Any]:
        """The `@task` function, from the plugin registry or else from its package."""
        try:
            import vpt_tasks._registry as registry

            factory = getattr(registry, self.name, None)
            if factory is None:
                factory = getattr(importlib.import_module(self.package), self.name)
        except (ImportError, AttributeError) as error:
            raise ExportError(
                f"The task vpt_tasks/{self.name} is not available in this vpt_tasks installation ({error}); "
                "it is needed to validate the export."
            ) from None
        return factory

    def _config(self) -> dict[str, Any]:
        from vpt_tasks.core.config import load_config

        return load_config(self.config)


BENCHMARKS: dict[str, Benchmark] = {
    b.name: b
    for b in (
        Benchmark(
            "isle_brick",
            "Isle-Brick-V2",
            "vpt_tasks.isle_brick",
            "ISLE_BRICK_FEATURES",
            "isle_brick",
            "isle_brick",
        ),
        Benchmark(
            "isle_brick_v1",
            "Isle-Bricks v1",
            "vpt_tasks.isle_v1",
            "ISLE_V1_FEATURES",
            "isle_v1",
            "isle_v1",
        ),
        Benchmark(
            "isle_dots", "Isle-Dots", "vpt_tasks.isle_v1", "ISLE_V1_FEATURES", "isle_v1", "isle_v1"
        ),
        Benchmark(
            "comfort_ball",
            "COMFORT-BALL",
            "vpt_tasks.comfort",
            "COMFORT_FEATURES",
            "comfort",
            "comfort",
        ),
        Benchmark(
            "comfort_car",
            "COMFORT-CAR",
            "vpt_tasks.comfort",
            "COMFORT_FEATURES",
            "comfort",
            "comfort",
        ),
        Benchmark(
            "omni_perspective",
            "Omni-Perspective",
            "vpt_tasks.omni_perspective",
            "OMNI_PERSPECTIVE_FEATURES",
            "omni_perspective",
            "omni_perspective",
        ),
    )
}


def get_benchmark(name: str) -> Benchmark:
    """The benchmark called `name`, or an error listing the known ones."""
    try:
        return BENCHMARKS[name]
    except KeyError:
        raise ExportError(
            f"Unknown benchmark {name!r}; choose one of {', '.join(BENCHMARKS)}."
        ) from None

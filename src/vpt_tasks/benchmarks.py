"""The list of benchmarks: one descriptor each, read by everything that spans them.

The entry point (`_registry.py`), `vpt-tasks tasks` and `vpt-tasks report`,
the dataset tools in `hf_datasets/` and the docs all read `BENCHMARKS`; none
of them names a benchmark itself. Adding a benchmark is one new folder
`src/vpt_tasks/<package>/`, one descriptor here, its
`task_configs/<config>.yaml` and its tests (see CONTRIBUTING.md); a test
fails when a benchmark folder exists that this list does not name.

Descriptors are plain data (module paths as strings), so reading this list
imports no benchmark: `load(...)` imports what a caller needs, when it needs it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from vpt_tasks._version import __version__


@dataclass(frozen=True)
class TaskEntry:
    """One Inspect task of a benchmark: `inspect eval vpt_tasks/<name>`."""

    name: str
    """The `@task` function's name, and the task's name in logs and reports."""
    title: str
    """The dataset as its paper names it (e.g. "Isle-Dots")."""
    report: str
    """`module:function` rendering its `vpt-tasks report` section: `function(logs, out) -> lines`."""
    metrics: str
    """The module computing every number of a run from its scores, for the report: its
    `details(scores) -> {name: value}` and `paired_units(scores) -> [PairedUnit]`."""
    data: str
    """Where the full data lives and how to get it (shown by `vpt-tasks tasks`)."""
    full_run: str
    """The samples of a full run with the default arguments."""
    demo: str = ""
    """The bundled demo folder `data/demo/<demo>/` its `-T source=demo` reads (default: the task's name)."""

    @property
    def demo_name(self) -> str:
        return self.demo or self.name


@dataclass(frozen=True)
class Benchmark:
    """Everything that spans benchmarks needs to know about one of them."""

    package: str
    """Its folder `src/vpt_tasks/<package>/` (task.py, spec.py, dataset.py, metrics.py, README.md)."""
    title: str
    """The benchmark family as its paper names it."""
    tasks: tuple[TaskEntry, ...]
    config: str
    """Its task configuration, `task_configs/<config>.yaml`: prompts, vocabularies, dataset pins."""
    schema: str
    """`module:ATTRIBUTE` of its canonical schema (column -> kind), see `core.canonical`."""
    card: str
    """Its dataset-card body, `hf_datasets/cards/<card>.md` (in a checkout)."""
    version: int
    """Protocol version of its tasks: bump when the same arguments would score differently."""

    @property
    def task_module(self) -> str:
        return f"vpt_tasks.{self.package}.task"

    def canonical_schema(self) -> dict[str, str]:
        """The canonical columns every source of this benchmark is read as."""
        return dict(load(self.schema))


BENCHMARKS: tuple[Benchmark, ...] = (
    Benchmark(
        package="isle_brick",
        title="Isle-Brick-V2",
        tasks=(
            TaskEntry(
                "isle_brick",
                "Isle-Brick-V2",
                "vpt_tasks.isle_brick.report:render",
                "vpt_tasks.isle_brick.metrics",
                data="Hub Gracjan/Isle, config Isle-Brick-V2 (gated: accept the terms, set HF_TOKEN)",
                full_run="144 scenes x 7 questions = 1,008 samples",
            ),
            TaskEntry(
                "isle_brick_bias",
                "Isle-Brick-V2 direction-bias probe (Appendix B)",
                "vpt_tasks.isle_brick.bias_report:render",
                "vpt_tasks.isle_brick.bias_metrics",
                data=(
                    "as isle_brick (Hub Gracjan/Isle, config Isle-Brick-V2, gated); "
                    "-T intervention=no_objects|human_figure need rendered twins "
                    "(vpt-tasks render isle-brick --variant no-objects,human-figure)"
                ),
                full_run="144 scenes x 24 orders = 3,456 samples (144 with -T orders=paper)",
                demo="isle_brick",
            ),
        ),
        config="isle_brick",
        schema="vpt_tasks.isle_brick.spec:CANONICAL_SCHEMA",
        card="isle_brick",
        version=2,
    ),
    Benchmark(
        package="isle_v1",
        title="Isle-Bricks v1 and Isle-Dots",
        tasks=(
            TaskEntry(
                "isle_brick_v1",
                "Isle-Bricks v1",
                "vpt_tasks.isle_v1.report:render_bricks",
                "vpt_tasks.isle_v1.metrics",
                data="Hub Gracjan/Isle, config Isle-Brick-V1 (gated: accept the terms, set HF_TOKEN)",
                full_run="about 100 photos x 2 questions x 2 option orders = about 400 samples",
            ),
            TaskEntry(
                "isle_dots",
                "Isle-Dots",
                "vpt_tasks.isle_v1.report:render_dots",
                "vpt_tasks.isle_v1.metrics",
                data="the authors' CSV + images (no public Hub copy): -T source=DIR",
                full_run="about 130 photos x 2 questions x 2 option orders = about 520 samples",
            ),
        ),
        config="isle_v1",
        schema="vpt_tasks.isle_v1.spec:CANONICAL_SCHEMA",
        card="isle_v1",
        version=2,
    ),
    Benchmark(
        package="comfort",
        title="COMFORT",
        tasks=(
            TaskEntry(
                "comfort_ball",
                "COMFORT-BALL",
                "vpt_tasks.comfort.report:render_ball",
                "vpt_tasks.comfort.metrics",
                data="Hub sled-umich/COMFORT, comfort_ball.zip (public; converted once, cached)",
                full_run="4 relations x 5 variations x 37 frames = 740 samples (2,220 with probes)",
            ),
            TaskEntry(
                "comfort_car",
                "COMFORT-CAR",
                "vpt_tasks.comfort.report:render_car",
                "vpt_tasks.comfort.metrics",
                data="Hub sled-umich/COMFORT, comfort_car_ref_facing_{left,right}.zip (public)",
                full_run="2,960 frames x 4 prompts = 11,840 samples (17,760 with probes)",
            ),
        ),
        config="comfort",
        schema="vpt_tasks.comfort.spec:CANONICAL_SCHEMA",
        card="comfort",
        version=2,
    ),
    Benchmark(
        package="omni_perspective",
        title="Omni-Perspective",
        tasks=(
            TaskEntry(
                "omni_perspective",
                "Omni-Perspective",
                "vpt_tasks.omni_perspective.report:render",
                "vpt_tasks.omni_perspective.metrics",
                data="Hub Icey444/Omni-perspective, split val (public)",
                full_run="every item in its k = 4 rotations: 4 samples per item",
            ),
        ),
        config="omni_perspective",
        schema="vpt_tasks.omni_perspective.spec:CANONICAL_SCHEMA",
        card="omni_perspective",
        version=2,
    ),
    Benchmark(
        package="grader_check",
        title="Grader check",
        tasks=(
            TaskEntry(
                "grader_check",
                "Grader check",
                "vpt_tasks.grader_check.report:render",
                "vpt_tasks.grader_check.metrics",
                data=(
                    "bundled with the package: 120 labelled answers (two-option, four-option, "
                    "Isle-Brick-V2 components); -T source=DIR for labelled answers of your own"
                ),
                full_run="120 answers = 120 samples, one grader call each (up to 3 for a "
                "four-option answer whose reply names no option)",
            ),
        ),
        config="grader_check",
        schema="vpt_tasks.grader_check.spec:CANONICAL_SCHEMA",
        card="grader_check",
        version=1,
    ),
)


def load(reference: str) -> Any:
    """The object a `module:attribute` reference names (imports the module)."""
    module, _, attribute = reference.partition(":")
    return getattr(importlib.import_module(module), attribute)


def task_entries() -> list[tuple[Benchmark, TaskEntry]]:
    """Every task with its benchmark, in the order of `BENCHMARKS`."""
    return [(benchmark, entry) for benchmark in BENCHMARKS for entry in benchmark.tasks]


def find_task(name: str) -> tuple[Benchmark, TaskEntry] | None:
    """The benchmark and entry of task `name` (`isle_dots` or `vpt_tasks/isle_dots`)."""
    short = name.split("/")[-1]
    return next(((b, t) for b, t in task_entries() if t.name == short), None)


def task_title(name: str) -> str:
    """The display title of task `name`, as every report section and listing shows it."""
    found = find_task(name)
    if found is None:
        raise KeyError(f"no task named {name!r} in vpt_tasks.benchmarks")
    return found[1].title


def task_version(package: str) -> str:
    """`Task(version=...)` of a benchmark's tasks: its protocol version + the package version.

    E.g. "1+0.2.0": protocol 1 as implemented by vpt-tasks 0.2.0. Inspect writes
    it into every log (`eval.task_version`), so two logs are comparable when
    their protocol numbers match.
    """
    benchmark = next((b for b in BENCHMARKS if b.package == package), None)
    if benchmark is None:
        raise KeyError(f"no benchmark descriptor for package {package!r}")
    return f"{benchmark.version}+{__version__}"

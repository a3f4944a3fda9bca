"""The `isle_brick_v1` and `isle_dots` tasks: two-option perspective questions in both orders.

inspect eval vpt_tasks/isle_brick_v1 --model openai/gpt-4o --model-role grader=openai/gpt-4
inspect eval vpt_tasks/isle_dots -T source=./isle_dots_csv --model openai/gpt-4o --model-role grader=openai/gpt-4
inspect eval vpt_tasks/isle_brick_v1 -T source=demo -T grader=none --model vpt_tasks/random
"""

from __future__ import annotations

import logging

from inspect_ai import Task, task
from inspect_ai.model import GenerateConfig
from inspect_ai.solver import Solver, generate

from vpt_tasks.benchmarks import task_version
from vpt_tasks.core import args

logger = logging.getLogger(__name__)

GRADER_WHY = (
    "Answer mapping with a grader (-T grader=role, the default; -T grader=none scores "
    "answers no rule decides as Unknown instead)"
)


@task
def isle_brick_v1(
    source: str | None = None,
    solver: list[str] | str | None = "zero_shot",
    grader: str = "role",
) -> Task:
    """Isle-Bricks v1: can the LEGO minifigure see the object? Yes/No in both option orders.

    Args:
        source: omitted for the upstream dataset `Gracjan/Isle` (config
            Isle-Brick-V1, gated), `demo` for the bundled sample, the authors'
            CSV (a `.csv` file, or a directory holding one next to its images),
            `ORG/NAME[@REVISION]` or a directory in the canonical layout.
        solver: `zero_shot` (default) or `cot`, the paper's two prompts; `zero_shot,cot` runs both.
        grader: `role` (answers no rule decides go to `--model-role grader=...`,
            required) or `none` (they are scored Unknown).
    """
    return _isle_v1_task("isle_brick_v1", source, solver, grader, distractor="faithful")


@task
def isle_dots(
    source: str | None = None,
    solver: list[str] | str | None = "zero_shot",
    distractor: str = "faithful",
    grader: str = "role",
) -> Task:
    """Isle-Dots: how many dots does the man in the purple hoodie see? Two counts in both orders.

    Args:
        source: `demo` for the bundled sample, the authors' CSV (a `.csv` file,
            or a directory holding one next to its images), `ORG/NAME[@REVISION]`
            or a directory in the canonical layout. There is no public upstream copy.
        solver: `zero_shot` (default) or `cot`, the paper's two prompts; `zero_shot,cot` runs both.
        distractor: `faithful` (the data's distractor, else gold + 1 as the
            upstream code did) or `random` (gold - 1 or gold + 1, seeded per item).
        grader: `role` (answers no rule decides go to `--model-role grader=...`,
            required) or `none` (they are scored Unknown).
    """
    return _isle_v1_task("isle_dots", source, solver, grader, distractor=distractor)


def _isle_v1_task(
    name: str,
    source: str | None,
    solver: list[str] | str | None,
    grader: str,
    *,
    distractor: str,
) -> Task:
    from vpt_tasks.core.images import ImageStore
    from vpt_tasks.core.solvers import require_model_role
    from vpt_tasks.isle_v1.dataset import DISTRACTOR_MODES, build_samples, load_items, resolve
    from vpt_tasks.isle_v1.scorer import option_mapping
    from vpt_tasks.isle_v1.spec import load_spec
    from vpt_tasks.scorers.answer_mapping import GRADER_MODES

    spec = load_spec()
    dataset = spec.datasets[name]
    styles = args.subset_of("solver", solver, spec.styles)
    if solver is None or solver == "" or solver == []:
        styles = ["zero_shot"]
    grader_mode = args.one_of("grader", grader, GRADER_MODES)
    distractor_mode = args.one_of("distractor", distractor, DISTRACTOR_MODES)

    data_source = resolve(source, dataset, spec)
    items, other_rows = load_items(data_source, dataset, ImageStore())
    if other_rows:
        logger.warning(
            "%s: left out %d row(s) of the other Isle v1 dataset (counted in the task metadata "
            "as rows_of_other_dataset).",
            data_source.describe(),
            other_rows,
        )
    samples = build_samples(items, spec, styles, distractor=distractor_mode, name=name)

    steps: list[Solver] = []
    if grader_mode == "role":
        steps.append(require_model_role("grader", GRADER_WHY))
    steps.append(generate())

    return Task(
        dataset=samples,
        solver=steps,
        scorer=option_mapping(grader=grader_mode),
        config=GenerateConfig(temperature=spec.temperature, max_tokens=spec.max_tokens),
        version=task_version("isle_v1"),
        metadata={
            "benchmark": dataset.name,
            "source": data_source.as_metadata(),
            "solver": styles,
            "grader": grader_mode,
            **({"distractor": distractor_mode} if dataset.type == "isle-dots" else {}),
            "items": len(items),
            "rows_of_other_dataset": other_rows,
        },
    )

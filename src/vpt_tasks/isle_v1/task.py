"""The `isle_brick_v1` and `isle_dots` tasks: two-option perspective questions in both orders.

inspect eval vpt_tasks/isle_brick_v1 --model openai/gpt-4o --model-role grader=openai/gpt-4
inspect eval vpt_tasks/isle_dots -T source=./isle_dots_csv --model openai/gpt-4o --model-role grader=openai/gpt-4
inspect eval vpt_tasks/isle_brick_v1 -T source=demo --model vpt_tasks/random
inspect eval vpt_tasks/isle_brick_v1 -T solver=first_person --model openai/gpt-4o
"""

from __future__ import annotations

import logging
from typing import Any

from inspect_ai import Task, task
from inspect_ai.model import GenerateConfig

from vpt_tasks.benchmarks import task_version
from vpt_tasks.core import args
from vpt_tasks.core.solvers import MESSAGE_LIMIT, SAMPLE_ERRORS, answer

logger = logging.getLogger(__name__)


@task
def isle_brick_v1(
    source: str | None = None,
    solver: str = "zero_shot",
    grader: str = "auto",
    **kwargs: Any,
) -> Task:
    """Isle-Bricks v1: can the LEGO minifigure see the object? Yes/No in both option orders.

    Args:
        source: omitted for the upstream dataset `Gracjan/Isle` (config
            Isle-Brick-V1, gated), `demo` for the bundled sample, the authors'
            CSV (a `.csv` file, or a directory holding one next to its images),
            `ORG/NAME[@REVISION]` or a directory in the canonical layout.
        solver: `zero_shot` (default) or `cot`, the paper's two prompts, or
            `first_person` (the question restated as the minifigure's own).
        grader: who maps free answers to Yes/No: `auto` (default: the rules,
            then `--model-role grader=...` for what they leave, when bound),
            `rules`, `llm` (the grader maps every answer, as in the paper) or
            `both`.
    """
    return _isle_v1_task(
        "isle_brick_v1", source, solver, grader, distractor="faithful", extra=kwargs
    )


@task
def isle_dots(
    source: str | None = None,
    solver: str = "zero_shot",
    distractor: str = "faithful",
    grader: str = "auto",
    **kwargs: Any,
) -> Task:
    """Isle-Dots: how many dots does the man in the purple hoodie see? Two counts in both orders.

    Args:
        source: `demo` for the bundled sample, the authors' CSV (a `.csv` file,
            or a directory holding one next to its images), `ORG/NAME[@REVISION]`
            or a directory in the canonical layout. There is no public upstream copy.
        solver: `zero_shot` (default) or `cot`, the paper's two prompts, or
            `first_person` (the question restated as the man's own).
        distractor: `faithful` (the data's distractor, else gold + 1 as the
            upstream code did) or `random` (gold - 1 or gold + 1, seeded per item).
        grader: who maps free answers to a count: `auto` (default), `rules`,
            `llm` or `both`, as for `isle_brick_v1`.
    """
    return _isle_v1_task("isle_dots", source, solver, grader, distractor=distractor, extra=kwargs)


def _isle_v1_task(
    name: str,
    source: str | None,
    solver: Any,
    grader: Any,
    *,
    distractor: str,
    extra: dict[str, Any],
) -> Task:
    from inspect_ai.log import HeadlineMetric

    from vpt_tasks.core.images import ImageStore
    from vpt_tasks.isle_v1.dataset import (
        DISTRACTOR_MODES,
        build_samples,
        first_person_counts,
        load_items,
        resolve,
    )
    from vpt_tasks.isle_v1.metrics import HEADLINE
    from vpt_tasks.isle_v1.scorer import SCORER_NAME, option_mapping
    from vpt_tasks.isle_v1.spec import load_spec

    ignored = args.warn_unknown(name, extra, isle_dots if name == "isle_dots" else isle_brick_v1)
    spec = load_spec()
    dataset = spec.datasets[name]
    style = args.solver_arg(solver)
    mode = args.grader_arg(grader, task=name)
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
    samples = build_samples(items, spec, style, distractor=distractor_mode, name=name)
    restated = first_person_counts(samples)
    if restated["framing"]:
        logger.warning(
            "vpt_tasks/%s: -T solver=first_person: %d question(s) match no first-person template "
            "of task_configs/isle_v1.yaml and were sent with the framing sentence in front "
            "(counted in the task metadata as first_person.framing).",
            name,
            restated["framing"],
        )

    return Task(
        dataset=samples,
        solver=[answer()],
        message_limit=MESSAGE_LIMIT,
        **SAMPLE_ERRORS,
        scorer=option_mapping(grader=mode),  # type: ignore[arg-type]
        config=GenerateConfig(temperature=spec.temperature, max_tokens=spec.max_tokens),
        version=task_version("isle_v1"),
        headline_metric=HeadlineMetric(scorer=SCORER_NAME, metric=HEADLINE),
        metadata={
            "benchmark": dataset.name,
            "source": data_source.as_metadata(),
            "solver": style,
            "grader": mode,
            **({"distractor": distractor_mode} if dataset.type == "isle-dots" else {}),
            **({"first_person": restated} if style == "first_person" else {}),
            "items": len(items),
            "rows_of_other_dataset": other_rows,
            "ignored_args": ignored,
        },
    )

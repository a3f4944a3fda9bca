"""The `omni_perspective` task: four-option questions with merge match and circular evaluation.

inspect eval vpt_tasks/omni_perspective --model openai/gpt-4o --model-role grader=openai/gpt-4o-mini
inspect eval vpt_tasks/omni_perspective -T source=demo --model vpt_tasks/random
inspect eval vpt_tasks/omni_perspective -T solver=first_person -T perspective=third --model ...
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

NAME = "omni_perspective"


@task
def omni_perspective(
    source: str | None = None,
    qtype: list[str] | str | float | None = None,
    difficulty: list[str] | str | None = None,
    perspective: str = "all",
    circular: bool | str = True,
    solver: str = "zero_shot",
    grader: str = "auto",
    **kwargs: Any,
) -> Task:
    """Omni-Perspective: multiple choice, interleaved images, circular evaluation.

    Args:
        source: where the items come from: omitted for the upstream dataset
            `Icey444/Omni-perspective` (split val), `demo` for the bundled
            sample, `ORG/NAME[@REVISION]` or a local directory in the canonical layout.
        qtype: question types to ask, e.g. `1,3.5` (default: all present).
        difficulty: difficulty levels to ask (default: all present).
        perspective: `first`, `third` or `all` (default): the items asked, by
            the point of view of their phrasing (`prompt_pov`).
        circular: ask every rotation of the options (default) or only the
            original order (`false`).
        solver: `zero_shot` (default: zero-shot Q(M)T -> A, the paper's protocol), `cot` (a
            chain-of-thought instruction after the options, more tokens) or
            `first_person` (third-person questions restated in the first person).
        grader: who maps answers to an option: `auto` (default: the rules,
            then `--model-role grader=...` for what they leave, when bound),
            `rules`, `llm` (the judge maps every answer) or `both`.
    """
    from inspect_ai.log import HeadlineMetric

    from vpt_tasks.core.images import ImageStore
    from vpt_tasks.core.sources import pin_revision, resolve_source
    from vpt_tasks.omni_perspective.dataset import (
        POVS,
        build_samples,
        first_person_counts,
        load_items,
    )
    from vpt_tasks.omni_perspective.metrics import HEADLINE, HEADLINE_PLAIN
    from vpt_tasks.omni_perspective.scorer import SCORER_NAME, omni_merge_match
    from vpt_tasks.omni_perspective.spec import load_spec

    ignored = args.warn_unknown(NAME, kwargs, omni_perspective)
    spec = load_spec()
    rotate = args.as_bool("circular", circular)
    style = args.solver_arg(solver)
    mode = args.grader_arg(grader, task=NAME)
    view = args.one_of("perspective", perspective, POVS)

    data_source = pin_revision(
        resolve_source(source, benchmark=NAME, upstream=spec.upstream, split=spec.split)
    )
    items, selection = load_items(
        data_source, spec, ImageStore(), qtype=qtype, difficulty=difficulty, pov=view
    )
    dataset = build_samples(items, spec, circular=rotate, solver=style)
    restated = first_person_counts(dataset)
    if restated["framing"]:
        logger.warning(
            "vpt_tasks/%s: -T solver=first_person: %d third-person question(s) match no rule of "
            "task_configs/omni_perspective.yaml and were sent with the framing sentence in front "
            "(counted in the task metadata as first_person.framing).",
            NAME,
            restated["framing"],
        )

    return Task(
        dataset=dataset,
        solver=[answer()],
        message_limit=MESSAGE_LIMIT,
        **SAMPLE_ERRORS,
        scorer=omni_merge_match(grader=mode),  # type: ignore[arg-type]
        config=GenerateConfig(
            temperature=spec.temperature,
            max_tokens=spec.cot_max_tokens if style == "cot" else spec.max_tokens,
        ),
        version=task_version(NAME),
        headline_metric=HeadlineMetric(
            scorer=SCORER_NAME, metric=HEADLINE if rotate else HEADLINE_PLAIN
        ),
        metadata={
            "benchmark": "Omni-Perspective",
            "source": data_source.as_metadata(),
            **selection.as_metadata(),
            "circular": rotate,
            "solver": style,
            "grader": mode,
            **({"first_person": restated} if style == "first_person" else {}),
            "items": len(items),
            "qtypes": sorted({item.qtype for item in items if item.qtype is not None}),
            "ignored_args": ignored,
        },
    )

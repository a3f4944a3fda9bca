"""The `omni_perspective` task: four-option questions with merge match and circular evaluation.

inspect eval vpt_tasks/omni_perspective --model openai/gpt-4o --model-role grader=openai/gpt-4o-mini
inspect eval vpt_tasks/omni_perspective -T source=demo --model vpt_tasks/random
"""

from __future__ import annotations

from inspect_ai import Task, task
from inspect_ai.model import GenerateConfig
from inspect_ai.solver import Solver, generate

from vpt_tasks.benchmarks import task_version
from vpt_tasks.core import args


@task
def omni_perspective(
    source: str | None = None,
    qtype: list[str] | str | float | None = None,
    difficulty: list[str] | str | None = None,
    pov: str = "all",
    circular: bool | str = True,
    judge: str = "auto",
) -> Task:
    """Omni-Perspective: zero-shot multiple choice, interleaved images, circular evaluation.

    Args:
        source: where the items come from: omitted for the upstream dataset
            `Icey444/Omni-perspective` (split val), `demo` for the bundled
            sample, `ORG/NAME[@REVISION]` or a local directory in the canonical layout.
        qtype: question types to ask, e.g. `1,3.5` (default: all present).
        difficulty: difficulty levels to ask (default: all present).
        pov: `first`, `third` or `all` (default): the prompt's point of view.
        circular: ask every rotation of the options (default) or only the
            original order (`false`).
        judge: who maps answers the rules cannot: `auto` (the `grader` model
            role when bound, else they stay unresolved and are counted),
            `grader` (requires `--model-role grader=...`) or `none`.
    """
    from vpt_tasks.core.images import ImageStore
    from vpt_tasks.core.solvers import require_model_role
    from vpt_tasks.core.sources import pin_revision, resolve_source
    from vpt_tasks.omni_perspective.dataset import POVS, build_samples, load_items
    from vpt_tasks.omni_perspective.scorer import omni_merge_match
    from vpt_tasks.omni_perspective.spec import load_spec
    from vpt_tasks.scorers.merge_match import JUDGE_MODES

    spec = load_spec()
    rotate = args.as_bool("circular", circular)
    judge_mode = args.one_of("judge", judge, JUDGE_MODES)
    pov_name = args.one_of("pov", pov, POVS)

    data_source = pin_revision(
        resolve_source(
            source, benchmark="omni_perspective", upstream=spec.upstream, split=spec.split
        )
    )
    items, selection = load_items(
        data_source, spec, ImageStore(), qtype=qtype, difficulty=difficulty, pov=pov_name
    )
    dataset = build_samples(items, spec, circular=rotate)

    steps: list[Solver] = []
    if judge_mode == "grader":
        steps.append(require_model_role("grader", "-T judge=grader"))
    steps.append(generate())

    return Task(
        dataset=dataset,
        solver=steps,
        scorer=omni_merge_match(judge=judge_mode),
        config=GenerateConfig(temperature=spec.temperature, max_tokens=spec.max_tokens),
        version=task_version("omni_perspective"),
        metadata={
            "benchmark": "Omni-Perspective",
            "source": data_source.as_metadata(),
            **selection.as_metadata(),
            "circular": rotate,
            "judge": judge_mode,
            "items": len(items),
            "qtypes": sorted({item.qtype for item in items if item.qtype is not None}),
        },
    )

"""The `isle_brick` task: Isle-Brick-V2 exactly as the paper ran it.

inspect eval vpt_tasks/isle_brick --model openai/gpt-4o
inspect eval vpt_tasks/isle_brick -T source=demo --model vpt_tasks/random
"""

from __future__ import annotations

from inspect_ai import Task, task
from inspect_ai.model import GenerateConfig
from inspect_ai.solver import Solver, generate

from vpt_tasks.benchmarks import task_version
from vpt_tasks.core import args

SOLVERS = ("zero_shot", "cot")


@task
def isle_brick(
    source: str | None = None,
    questions: list[str] | str | None = None,
    orientation_hint: bool | str = False,
    solver: str = "zero_shot",
    extractor: str = "rules",
) -> Task:
    """Isle-Brick-V2: 7 diagnostic questions per LEGO scene, scored by prediction correctness.

    Args:
        source: where the scenes come from: omitted for the upstream dataset
            `Gracjan/Isle` (config Isle-Brick-V2, gated), `demo` for the bundled
            sample, `ORG/NAME[@REVISION]` or a local directory in the canonical layout.
        questions: which questions to ask, e.g. `Q4,Q7` (default: all seven).
        orientation_hint: state the gold facing direction in Q6 (paper Appendix C).
        solver: `zero_shot` (the paper's protocol, 128 tokens) or `cot`
            (chain of thought, 1024 tokens, final answer after "Answer:").
        extractor: how answer components are extracted: `rules` (default),
            `llm` or `both` (both need `--model-role grader=...`).
    """
    # imported here: the entry point imports this module, keep that light
    from vpt_tasks.core.images import ImageStore
    from vpt_tasks.core.solvers import append_to_question, require_model_role
    from vpt_tasks.core.sources import pin_revision, resolve_source
    from vpt_tasks.isle_brick.dataset import build_samples, load_scenes
    from vpt_tasks.isle_brick.scorer import prediction_correctness
    from vpt_tasks.isle_brick.spec import load_spec
    from vpt_tasks.scorers.set_precision import EXTRACTORS

    spec = load_spec()
    question_ids = args.subset_of("questions", questions, spec.question_ids)
    hint = args.as_bool("orientation_hint", orientation_hint)
    solver_name = args.one_of("solver", solver, SOLVERS)
    extractor_name = args.one_of("extractor", extractor, EXTRACTORS)

    data_source = pin_revision(
        resolve_source(source, benchmark="isle_brick", upstream=spec.upstream, split=spec.split)
    )
    scenes = load_scenes(data_source, spec, ImageStore())
    dataset = build_samples(scenes, spec, question_ids, orientation_hint=hint)

    steps: list[Solver] = []
    if extractor_name != "rules":
        steps.append(require_model_role("grader", f"-T extractor={extractor_name}"))
    max_tokens = spec.max_tokens
    if solver_name == "cot":
        steps.append(append_to_question(spec.cot_instruction))
        max_tokens = spec.cot_max_tokens
    steps.append(generate())

    return Task(
        dataset=dataset,
        solver=steps,
        scorer=prediction_correctness(extractor=extractor_name),
        config=GenerateConfig(temperature=spec.temperature, max_tokens=max_tokens),
        metadata={
            "benchmark": "Isle-Brick-V2",
            "source": data_source.as_metadata(),
            "questions": question_ids,
            "solver": solver_name,
            "orientation_hint": hint,
            "extractor": extractor_name,
            "scenes": len(scenes),
        },
        version=task_version("isle_brick"),
    )

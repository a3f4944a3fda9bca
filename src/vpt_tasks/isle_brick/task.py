"""The Isle-Brick-V2 tasks: the benchmark after the paper's protocol, and its direction-bias probe.

inspect eval vpt_tasks/isle_brick --model openai/gpt-4o
inspect eval vpt_tasks/isle_brick -T source=demo --model vpt_tasks/random
inspect eval vpt_tasks/isle_brick_bias -T source=demo --model vpt_tasks/biased -M direction=east
inspect eval vpt_tasks/isle_brick_bias -T intervention=zoom=30 --model openai/gpt-4o
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.log import HeadlineMetric
from inspect_ai.model import GenerateConfig

from vpt_tasks.benchmarks import task_version
from vpt_tasks.core import args
from vpt_tasks.core.errors import TaskArgumentError
from vpt_tasks.core.solvers import MESSAGE_LIMIT, SAMPLE_ERRORS, answer

TASK = "isle_brick"
BIAS_TASK = "isle_brick_bias"
TOKEN_RULES = ("exact", "paper")


@task
def isle_brick(
    source: str | None = None,
    questions: list[str] | str | None = None,
    orientation_hint: bool | str = False,
    intervention: str | list[str] = "none",
    solver: str = "zero_shot",
    grader: str = "auto",
    **kwargs: Any,
) -> Task:
    """Isle-Brick-V2: 7 diagnostic questions per LEGO scene, scored by prediction correctness.

    Args:
        source: where the scenes come from: omitted for the upstream dataset
            `Gracjan/Isle` (config Isle-Brick-V2, gated), `demo` for the bundled
            sample, `ORG/NAME[@REVISION]` or a local directory in the canonical layout.
        questions: which questions to ask, e.g. `Q4,Q7` (default: all seven).
        orientation_hint: state the gold facing direction in Q6 (paper Appendix C).
        intervention: change every image first (paper Appendix B): `none`,
            `cardinal_markers` (every question), or `no_objects`, `human_figure`,
            `zoom=N` (these keep only Q5's gold answer, so they ask Q5); several
            combine, e.g. `no_objects,zoom=30`. See `interventions.py`.
        solver: `zero_shot` (the paper's questions, 128 tokens), `cot` (chain of
            thought, 1024 tokens, final answer after "Answer:") or `first_person`
            (each question restated with the model as the minifigure, 128 tokens).
        grader: who extracts answer components: `auto` (the rules; a bound
            `grader` model role extracts what the rules find nothing in), `rules`,
            `llm` or `both` (the grader extracts every answer; both need
            `--model-role grader=...`).
    """
    # imported here: the entry point imports this module, keep that light
    from vpt_tasks.core.images import ImageStore
    from vpt_tasks.core.sources import pin_revision, resolve_source
    from vpt_tasks.isle_brick.dataset import build_samples, load_scenes
    from vpt_tasks.isle_brick.interventions import intervene, parse_intervention
    from vpt_tasks.isle_brick.scorer import prediction_correctness
    from vpt_tasks.isle_brick.spec import load_spec

    ignored = args.warn_unknown(TASK, kwargs, isle_brick)
    spec = load_spec()
    chosen = parse_intervention(intervention)
    question_ids = _questions_for(questions, chosen, spec.question_ids)
    hint = args.as_bool("orientation_hint", orientation_hint)
    solver_name = args.solver_arg(solver)
    grader_mode = args.grader_arg(grader, task=TASK)

    data_source = pin_revision(
        resolve_source(source, benchmark=TASK, upstream=spec.upstream, split=spec.split)
    )
    store = ImageStore()
    twins = [chosen.twin_column] if chosen.twin_column else []
    scenes, notes = intervene(load_scenes(data_source, spec, store, twins=twins), chosen, store)
    dataset = build_samples(
        scenes, spec, question_ids, orientation_hint=hint, prompt_style=solver_name
    )
    max_tokens = spec.cot_max_tokens if solver_name == "cot" else spec.max_tokens

    return Task(
        dataset=dataset,
        solver=[answer()],
        message_limit=MESSAGE_LIMIT,
        **SAMPLE_ERRORS,
        scorer=prediction_correctness(grader=grader_mode),  # type: ignore[arg-type]
        config=GenerateConfig(temperature=spec.temperature, max_tokens=max_tokens),
        headline_metric=HeadlineMetric(scorer="prediction_correctness", metric="overall"),
        metadata={
            "benchmark": "Isle-Brick-V2",
            "source": data_source.as_metadata(),
            "questions": question_ids,
            "orientation_hint": hint,
            "intervention": chosen.label,
            "intervention_notes": notes,
            "solver": solver_name,
            "grader": grader_mode,
            "ignored_args": ignored,
            "scenes": len(scenes),
        },
        version=task_version(TASK),
    )


@task
def isle_brick_bias(
    source: str | None = None,
    orders: list[str] | str = "all",
    intervention: str | list[str] = "none",
    solver: str = "zero_shot",
    grader: str = "auto",
    token_rule: str = "exact",
    scenes: list[str] | str | None = None,
    **kwargs: Any,
) -> Task:
    """Isle-Brick-V2's direction-bias probe (paper Appendix B): Q5 with the directions in every order.

    Each scene's Q5 is asked once per order of north / east / south / west in
    its parenthesis; the answer's distribution over the four directions is read
    from the first answer token's log-probabilities (from the answer text where
    the provider sends none). Printed: the share of the most frequent direction
    (headline), the answer and gold distributions, bias indices, prediction
    correctness; per order and per list position in the report.

    Args:
        source: as for `isle_brick` (omitted: the gated upstream dataset; `demo`;
            `ORG/NAME[@REVISION]`; a local directory).
        orders: `all` (the 24 orders, default), `paper` (the paper's order
            north, west, east, south = `NWES`) or order codes, e.g. `NESW,WSEN`.
        intervention: change every image first: `none`, `no_objects`,
            `human_figure`, `zoom=N` (N = 10, 30, 50 in the paper),
            `cardinal_markers`, or several combined (`no_objects,zoom=30`).
        solver: `zero_shot`, `cot` (the distribution is read at the final
            answer after "Answer:") or `first_person` ("... are you facing?").
        grader: who maps answer texts to directions: `auto`, `rules`, `llm`, `both`.
        token_rule: which log-probability tokens count for a direction: `exact` (default: the
            direction's word, any case or leading space) or `paper` (any token containing it,
            "eastward", "Northeast" -- the paper's Appendix B sum).
        scenes: ask only these scenes: ids separated by commas, or `@FILE` with one id per
            line (e.g. the paper's subset of orientation tasks); an unknown id is refused.
    """
    from vpt_tasks.core.images import ImageStore
    from vpt_tasks.core.sources import pin_revision, resolve_source
    from vpt_tasks.isle_brick.bias import build_probe_samples, order_code, parse_orders
    from vpt_tasks.isle_brick.dataset import load_scenes
    from vpt_tasks.isle_brick.interventions import intervene, parse_intervention
    from vpt_tasks.isle_brick.scorer import direction_bias
    from vpt_tasks.isle_brick.spec import load_spec

    ignored = args.warn_unknown(BIAS_TASK, kwargs, isle_brick_bias)
    spec = load_spec()
    chosen_orders = parse_orders(orders, spec)
    chosen = parse_intervention(intervention)
    solver_name = args.solver_arg(solver)
    grader_mode = args.grader_arg(grader, task=BIAS_TASK)
    rule = args.one_of("token_rule", token_rule, TOKEN_RULES)
    wanted = _scene_ids(scenes)

    data_source = pin_revision(
        resolve_source(source, benchmark=TASK, upstream=spec.upstream, split=spec.split)
    )
    store = ImageStore()
    twins = [chosen.twin_column] if chosen.twin_column else []
    loaded = _only(load_scenes(data_source, spec, store, twins=twins), wanted)
    chosen_scenes, notes = intervene(loaded, chosen, store)
    dataset = build_probe_samples(chosen_scenes, spec, chosen_orders, solver_name)
    max_tokens = spec.cot_max_tokens if solver_name == "cot" else spec.max_tokens

    return Task(
        dataset=dataset,
        solver=[answer()],
        message_limit=MESSAGE_LIMIT,
        **SAMPLE_ERRORS,
        scorer=direction_bias(grader=grader_mode, token_rule=rule),  # type: ignore[arg-type]
        config=GenerateConfig(
            temperature=spec.temperature,
            max_tokens=max_tokens,
            logprobs=True,
            top_logprobs=spec.bias_probe.top_logprobs,
        ),
        headline_metric=HeadlineMetric(scorer="direction_bias", metric="top_share"),
        metadata={
            "benchmark": "Isle-Brick-V2",
            "probe": "direction_bias",
            "source": data_source.as_metadata(),
            "orders": [order_code(order) for order in chosen_orders],
            "intervention": chosen.label,
            "intervention_notes": notes,
            "solver": solver_name,
            "grader": grader_mode,
            "ignored_args": ignored,
            "token_rule": rule,
            "scenes": len(chosen_scenes),
            "scene_subset": sorted(wanted) if wanted is not None else None,
        },
        version=task_version(TASK),
    )


def _scene_ids(value: list[str] | str | None) -> set[str] | None:
    """`-T scenes=`: ids separated by commas, or `@FILE` (one id per line); None = every scene."""
    if value is None or value == "" or value == []:
        return None
    if isinstance(value, str) and value.startswith("@"):
        path = Path(value[1:]).expanduser()
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as error:
            raise TaskArgumentError(
                f"-T scenes={value}: cannot read {path} ({error.strerror or error}); give a text "
                "file with one scene id per line."
            ) from None
        ids = {line.strip() for line in lines if line.strip() and not line.startswith("#")}
    else:
        items = value if isinstance(value, list | tuple) else str(value).split(",")
        ids = {str(item).strip() for item in items if str(item).strip()}
    if not ids:
        raise TaskArgumentError(f"-T scenes={value!r} names no scene; give ids or @FILE.")
    return ids


def _only(scenes: list[Any], wanted: set[str] | None) -> list[Any]:
    """The scenes asked for, in the data's order; every id asked for must exist."""
    if wanted is None:
        return scenes
    unknown = sorted(wanted - {scene.scene_id for scene in scenes})
    if unknown:
        shown = ", ".join(unknown[:5]) + (" ..." if len(unknown) > 5 else "")
        raise TaskArgumentError(
            f"-T scenes: {len(unknown)} id(s) not in the data: {shown}; the ids are the data's "
            "`scene_id` column (`vpt-tasks tasks` shows the source)."
        )
    return [scene for scene in scenes if scene.scene_id in wanted]


def _questions_for(questions: Any, chosen: Any, question_ids: list[str]) -> list[str]:
    """The questions to ask: those given (all by default), or Q5 under an intervention that
    keeps only Q5's gold answer (asking another question with it is refused)."""
    if chosen.keeps_every_question:
        return args.subset_of("questions", questions, question_ids)
    if questions is None or questions == "" or questions == []:
        return ["Q5"]
    asked = args.subset_of("questions", questions, question_ids)
    if asked != ["Q5"]:
        raise TaskArgumentError(
            f"-T intervention={chosen.label} changes what the image shows around the "
            "minifigure, so only Q5's gold answer (its facing) still holds; ask -T questions=Q5 "
            f"(the default with this intervention), or use vpt_tasks/{BIAS_TASK} for the "
            "direction-bias probe."
        )
    return asked

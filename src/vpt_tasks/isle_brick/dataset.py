"""Isle-Brick-V2 rows from any source, expanded into one sample per question.

Canonical schema (one row per scene, `spec.CANONICAL_SCHEMA`): `image, scene_id,
object, figure, object_position, figure_orientation, viewpoint, gold_q1 ...
gold_q7`, plus the optional columns of the image interventions
(`spec.OPTIONAL_COLUMNS`: `figure_box`, `image_no_objects`, `image_human_figure`).
Rows of the gated upstream `Gracjan/Isle` config `Isle-Brick-V2` are first
mapped to canonical rows by `upstream.adapt_upstream`; every row then goes
through the one row loop, `core.records.read_records`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample

from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.messages import image, user_message
from vpt_tasks.core.records import RowContext, read_records
from vpt_tasks.core.sources import Source, load_table, require_columns
from vpt_tasks.core.templates import fill
from vpt_tasks.isle_brick.extraction import extract_components
from vpt_tasks.isle_brick.spec import FACTOR_COLUMNS, REQUIRED_COLUMNS, IsleBrickSpec
from vpt_tasks.isle_brick.upstream import adapt_upstream


@dataclass(frozen=True)
class Scene:
    """One canonical row, its image stored as a file."""

    scene_id: str
    object: str
    image_path: str
    gold: dict[str, tuple[str, ...]]
    factors: dict[str, str | None]
    figure_box: tuple[float, float, float, float] | None = None
    """[left, top, right, bottom] of the minifigure, fractions of the image (column `figure_box`)."""
    twins: dict[str, str] = field(default_factory=dict)
    """Stored twin images by column (`image_no_objects`, ...), read when an intervention needs them."""
    intervention: dict[str, Any] = field(default_factory=dict)
    """What an image intervention did to this scene's image (sample metadata), else empty."""


def load_scenes(
    source: Source, spec: IsleBrickSpec, store: ImageStore, *, twins: Sequence[str] = ()
) -> list[Scene]:
    """Read and validate every scene of `source` before any model call.

    `twins` names the twin-image columns to read as well (`image_no_objects`,
    `image_human_figure`); a source without one of them fails here, naming the fix.
    """
    table = load_table(source)
    columns = list(table.column_names)
    if source.kind == "upstream":
        rows: Iterable[Mapping[str, Any]] = adapt_upstream(table, columns, source, spec)
        columns = []  # the adapter reads no optional columns
    else:
        require_columns(source, columns, REQUIRED_COLUMNS)
        rows = table
    for column in twins:
        if column not in columns:
            raise SourceError(missing_twin_message(source, column))
    has_box = "figure_box" in columns

    def to_scene(row: Mapping[str, Any], ctx: RowContext) -> Scene:
        gold = {
            qid: _gold_set(row[f"gold_{qid.lower()}"], spec, qid, ctx) for qid in spec.question_ids
        }
        stored_twins = {}
        for column in twins:
            if row.get(column) is None:
                raise ctx.error(
                    f"{column} is empty; the intervention needs the twin image of every scene. "
                    "Render it for every row or drop the row."
                )
            stored_twins[column] = ctx.image(row[column], label=column)
        return Scene(
            scene_id=str(row["scene_id"]),
            object=_object_name(row["object"], ctx),
            image_path=ctx.image(row["image"]),
            gold=gold,
            factors={name: _optional_str(row.get(name)) for name in FACTOR_COLUMNS},
            figure_box=_figure_box(row.get("figure_box"), ctx) if has_box else None,
            twins=stored_twins,
        )

    records = read_records(
        rows,
        to_scene,
        source=source,
        id_field="scene_id",
        record_id=lambda scene: scene.scene_id,
        store=store,
    )
    return records.items


PROMPT_STYLES = ("zero_shot", "cot", "first_person")
"""How a sample's question is phrased (`-T solver=`): the paper's question, the paper's
question with the chain-of-thought instruction after it, or the first-person question."""


def build_samples(
    scenes: Sequence[Scene],
    spec: IsleBrickSpec,
    question_ids: Sequence[str],
    *,
    orientation_hint: bool,
    prompt_style: str = "zero_shot",
) -> MemoryDataset:
    """One sample per (scene, question), each question its own conversation.

    The text sent is built here, so the sample's input is exactly the prompt:
    `question_text` (framing, hint and question), then for `cot` the
    chain-of-thought instruction. Sample ids do not depend on the prompt style,
    so runs with different solvers pair up by id.
    """
    if prompt_style not in PROMPT_STYLES:
        raise ValueError(f"prompt_style must be one of {PROMPT_STYLES}, got {prompt_style!r}")
    samples = []
    asked = list(question_ids)  # one list shared by every sample: what the metrics average over
    for scene in scenes:
        for qid in question_ids:
            question = spec.questions[qid]
            text = question_text(spec, scene, qid, orientation_hint, prompt_style)
            prompt = f"{text} {spec.cot_instruction}" if prompt_style == "cot" else text
            sample_id = f"{scene.scene_id}/{qid}"
            samples.append(
                Sample(
                    id=sample_id,
                    input=[
                        user_message(
                            [image(scene.image_path), prompt],
                            answer_pool=question.pool,
                            sample_key=sample_id,
                        )
                    ],
                    target=list(scene.gold[qid]),
                    metadata={
                        "scene_id": scene.scene_id,
                        "question_id": qid,
                        "questions_asked": asked,
                        "category": question.category,
                        "kind": question.kind,
                        "question": text,
                        "prompt_style": prompt_style,
                        "object": scene.object,
                        "gold": list(scene.gold[qid]),
                        "pool_size": len(question.pool),
                        **{k: v for k, v in scene.factors.items() if v is not None},
                        **scene.intervention,
                    },
                )
            )
    return MemoryDataset(samples, name="isle_brick")


def question_text(
    spec: IsleBrickSpec, scene: Scene, qid: str, orientation_hint: bool, prompt_style: str
) -> str:
    """The question as asked, without a chain-of-thought instruction.

    Zero-shot and CoT: the paper's question ("the object" -> "the dog"), for Q6
    with the orientation hint before it. First person: the framing sentence,
    the first-person hint (Q6) and the first-person question. This is what the
    extraction rules and the grader see as the question (sample metadata `question`).
    """
    first_person = prompt_style == "first_person"
    text = spec.questions[qid].prompt(scene.object, spec.placeholder, first_person=first_person)
    if orientation_hint and qid == "Q6":
        facing = "-".join(scene.gold["Q5"])
        template = spec.first_person.orientation_hint if first_person else spec.orientation_hint
        hint = fill(template, {"facing": facing}, where="task_configs/isle_brick.yaml hint")
        text = f"{hint} {text}"
    return f"{spec.first_person.framing} {text}" if first_person else text


TWIN_FIXES = {
    "image_no_objects": (
        "the object-free twin of each scene (same camera and minifigure, the other objects "
        "removed): render the scenes with `vpt-tasks render isle-brick --variant no-objects "
        "--out DIR`, or add the column; the bundled demo has it (-T source=demo)"
    ),
    "image_human_figure": (
        "each scene with a human figure in place of the minifigure: render the scenes with "
        "`vpt-tasks render isle-brick --variant human-figure --out DIR`, or add the column; the "
        "bundled demo has it (-T source=demo)"
    ),
}


def missing_twin_message(source: Source, column: str) -> str:
    """Why a source cannot take an intervention that needs a twin-image column, and the fix."""
    return (
        f"{source.describe()} has no {column} column; the intervention needs "
        f"{TWIN_FIXES.get(column, 'that column')}."
    )


def _figure_box(value: Any, ctx: RowContext) -> tuple[float, float, float, float] | None:
    """`figure_box` as (left, top, right, bottom) fractions of the image; None where null."""
    if value is None:
        return None
    try:
        box: tuple[float, ...] = tuple(float(v) for v in value)
    except (TypeError, ValueError):
        box = ()
    if (
        len(box) != 4
        or not all(-0.5 <= v <= 1.5 for v in box)
        or not (box[0] < box[2] and box[1] < box[3])
    ):
        raise ctx.error(
            f"figure_box={_shown(value)} is not [left, top, right, bottom] in fractions of the "
            "image (left < right, top < bottom, origin top left). Fix or null it."
        )
    return (box[0], box[1], box[2], box[3])


def _gold_set(value: Any, spec: IsleBrickSpec, qid: str, ctx: RowContext) -> tuple[str, ...]:
    """Gold components in the question's vocabulary (lists, or free text upstream).

    The set must follow the question kind's rules of the task config
    (`gold_rules`): components from the question's pool, no contradicting pair
    (yes and no; north and south; front and back, ...), not more components than
    can be true at once. A row that breaks one is refused with the row named: a
    contradictory gold set would let contradicting answers score.
    """
    question = spec.questions[qid]
    if isinstance(value, str):
        components = extract_components(value, question.kind)
    elif isinstance(value, Sequence):
        components = frozenset(str(item).strip().lower() for item in value)
    else:
        kind = "missing (null)" if value is None else f"a {type(value).__name__} ({value!r})"
        raise ctx.error(
            f"gold_{qid.lower()} is {kind}, not a list of answers: {qid} needs a list from "
            f"{', '.join(question.pool)}, e.g. {[question.pool[0]]!r}. Fix the gold answer of "
            "that row."
        )
    problems = spec.gold_rules[question.kind].violations(components, question.pool)
    if problems:
        raise ctx.error(
            f"gold_{qid.lower()}={_shown(value)} {'; '.join(problems)}: {qid} needs a non-empty "
            f"set of answers from {', '.join(question.pool)} that can all be true together. "
            "Fix the gold answer of that row."
        )
    order = {option: i for i, option in enumerate(question.pool)}
    return tuple(sorted(components, key=lambda c: (order.get(c, len(order)), c)))


def _shown(value: Any) -> str:
    """A gold cell as a short literal: `['north', 'south']`, `'North-East'`."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        return repr(value)
    return repr([str(item) for item in value])


def _object_name(value: Any, ctx: RowContext) -> str:
    name = str(value or "").strip()
    if not name:
        raise ctx.error("the object name is empty; every scene names its object.")
    return re.sub(r"^(the|a|an)\s+", "", name, flags=re.IGNORECASE)


def _optional_str(value: Any) -> str | None:
    return None if value is None else str(value)

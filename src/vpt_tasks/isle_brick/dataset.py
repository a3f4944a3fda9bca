"""Isle-Brick-V2 rows from any source, expanded into one sample per question.

Canonical schema (one row per scene, `spec.CANONICAL_SCHEMA`): `image, scene_id,
object, figure, object_position, figure_orientation, viewpoint, gold_q1 ...
gold_q7`. Rows of the gated upstream `Gracjan/Isle` config `Isle-Brick-V2` are
first mapped to canonical rows by `upstream.adapt_upstream`; every row then
goes through the one row loop, `core.records.read_records`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample

from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.messages import image, user_message
from vpt_tasks.core.records import RowContext, read_records
from vpt_tasks.core.sources import Source, load_table, require_columns
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


def load_scenes(source: Source, spec: IsleBrickSpec, store: ImageStore) -> list[Scene]:
    """Read and validate every scene of `source` before any model call."""
    table = load_table(source)
    columns = list(table.column_names)
    if source.kind == "upstream":
        rows: Iterable[Mapping[str, Any]] = adapt_upstream(table, columns, source, spec)
    else:
        require_columns(source, columns, REQUIRED_COLUMNS)
        rows = table

    def to_scene(row: Mapping[str, Any], ctx: RowContext) -> Scene:
        gold = {
            qid: _gold_set(row[f"gold_{qid.lower()}"], spec, qid, ctx) for qid in spec.question_ids
        }
        return Scene(
            scene_id=str(row["scene_id"]),
            object=_object_name(row["object"], ctx),
            image_path=ctx.image(row["image"]),
            gold=gold,
            factors={name: _optional_str(row.get(name)) for name in FACTOR_COLUMNS},
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


def build_samples(
    scenes: Sequence[Scene],
    spec: IsleBrickSpec,
    question_ids: Sequence[str],
    *,
    orientation_hint: bool,
) -> MemoryDataset:
    """One sample per (scene, question), each question its own conversation."""
    samples = []
    for scene in scenes:
        for qid in question_ids:
            question = spec.questions[qid]
            text = question.prompt(scene.object, spec.placeholder)
            if orientation_hint and qid == "Q6":
                facing = "-".join(scene.gold["Q5"])
                text = f"{spec.orientation_hint.format(facing=facing)} {text}"
            sample_id = f"{scene.scene_id}/{qid}"
            samples.append(
                Sample(
                    id=sample_id,
                    input=[
                        user_message(
                            [image(scene.image_path), text],
                            answer_pool=question.pool,
                            sample_key=sample_id,
                        )
                    ],
                    target=list(scene.gold[qid]),
                    metadata={
                        "scene_id": scene.scene_id,
                        "question_id": qid,
                        "category": question.category,
                        "kind": question.kind,
                        "question": text,
                        "object": scene.object,
                        "gold": list(scene.gold[qid]),
                        "pool_size": len(question.pool),
                        **{k: v for k, v in scene.factors.items() if v is not None},
                    },
                )
            )
    return MemoryDataset(samples, name="isle_brick")


def _gold_set(value: Any, spec: IsleBrickSpec, qid: str, ctx: RowContext) -> tuple[str, ...]:
    """Gold components in the question's vocabulary (lists, or free text upstream)."""
    question = spec.questions[qid]
    if isinstance(value, str):
        components = extract_components(value, question.kind)
    elif isinstance(value, Sequence):
        components = frozenset(str(item).strip().lower() for item in value)
    else:
        components = frozenset()
    invalid = (
        sorted(components - set(question.pool))
        if question.kind != "count"
        else [c for c in components if not c.isdigit()]
    )
    if not components or invalid:
        raise ctx.error(
            f"gold_{qid.lower()}={value!r} is not a non-empty set of answers from "
            f"{', '.join(question.pool)}"
            + (" (counts as digits)" if question.kind == "count" else "")
            + ". Fix the gold answer of that row."
        )
    order = {option: i for i, option in enumerate(question.pool)}
    return tuple(sorted(components, key=lambda c: (order.get(c, len(order)), c)))


def _object_name(value: Any, ctx: RowContext) -> str:
    name = str(value or "").strip()
    if not name:
        raise ctx.error("the object name is empty; every scene names its object.")
    return re.sub(r"^(the|a|an)\s+", "", name, flags=re.IGNORECASE)


def _optional_str(value: Any) -> str | None:
    return None if value is None else str(value)

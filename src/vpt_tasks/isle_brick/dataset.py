"""Isle-Brick-V2 rows from any source, expanded into one sample per question.

Canonical schema (one row per scene): `image, scene_id, object, figure,
object_position, figure_orientation, viewpoint, gold_q1 ... gold_q7`. The
upstream `Gracjan/Isle` config `Isle-Brick-V2` is gated and its field names are
not public, so `adapt_upstream` maps whatever it finds and fails listing the
fields it saw.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample

from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.messages import image, user_message
from vpt_tasks.core.sources import Source, load_table, require_columns
from vpt_tasks.isle_brick.spec import IsleBrickSpec
from vpt_tasks.scorers.components import extract_components

REQUIRED_COLUMNS = ["image", "scene_id", "object"] + [f"gold_q{i}" for i in range(1, 8)]
FACTOR_COLUMNS = ["figure", "object_position", "figure_orientation", "viewpoint"]


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
        rows: Iterable[dict[str, Any]] = adapt_upstream(table, columns, source, spec)
    else:
        require_columns(source, columns, REQUIRED_COLUMNS)
        rows = table
    scenes: list[Scene] = []
    seen: set[str] = set()
    for index, row in enumerate(rows):
        where = f"{source.describe()}, row {index} (scene_id {row.get('scene_id')!r})"
        scene_id = str(row["scene_id"])
        if scene_id in seen:
            raise SourceError(f"{where}: duplicate scene_id; scene ids must be unique.")
        seen.add(scene_id)
        gold = {
            qid: _gold_set(row[f"gold_{qid.lower()}"], spec, qid, where)
            for qid in spec.question_ids
        }
        scenes.append(
            Scene(
                scene_id=scene_id,
                object=_object_name(row["object"], where),
                image_path=store.put(row["image"], where=where),
                gold=gold,
                factors={name: _optional_str(row.get(name)) for name in FACTOR_COLUMNS},
            )
        )
    if not scenes:
        raise SourceError(f"{source.describe()}: the source has no rows.")
    return scenes


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


def _gold_set(value: Any, spec: IsleBrickSpec, qid: str, where: str) -> tuple[str, ...]:
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
        raise SourceError(
            f"{where}: gold_{qid.lower()}={value!r} is not a non-empty set of answers from "
            f"{', '.join(question.pool)}"
            + (" (counts as digits)" if question.kind == "count" else "")
            + ". Fix the gold answer of that row."
        )
    order = {option: i for i, option in enumerate(question.pool)}
    return tuple(sorted(components, key=lambda c: (order.get(c, len(order)), c)))


def _object_name(value: Any, where: str) -> str:
    name = str(value or "").strip()
    if not name:
        raise SourceError(f"{where}: the object name is empty; every scene names its object.")
    return re.sub(r"^(the|a|an)\s+", "", name, flags=re.IGNORECASE)


def _optional_str(value: Any) -> str | None:
    return None if value is None else str(value)


# --- upstream adapter -----------------------------------------------------------

_IMAGE_NAMES = ("image", "img", "picture", "photo")
_OBJECT_NAMES = ("object", "object_name", "obj", "item")
_ID_NAMES = ("scene_id", "id", "image_id", "idx", "index")


def adapt_upstream(
    table: Any, columns: list[str], source: Source, spec: IsleBrickSpec
) -> list[dict[str, Any]]:
    """Map the upstream table to canonical rows, whatever its field names.

    Accepts a wide layout (one row per scene, one answer column per question,
    e.g. `Q1`/`answer_q1`/`gold_q1`) and a long layout (one row per question
    with a question text and an answer, grouped into scenes by image).
    """
    lower = {name.lower(): name for name in columns}
    image_col = _first(lower, _IMAGE_NAMES)
    if image_col is None:
        raise _adapter_error(source, columns, "no image field")
    gold_cols = {}
    for qid in spec.question_ids:
        n = qid[1:]
        gold_cols[qid] = _first(
            lower, (f"gold_q{n}", f"q{n}", f"answer_q{n}", f"q{n}_answer", f"label_q{n}")
        )
    if all(gold_cols.values()):
        object_col = _first(lower, _OBJECT_NAMES)
        if object_col is None:
            raise _adapter_error(source, columns, "answer columns found but no object field")
        id_col = _first(lower, _ID_NAMES)
        return [
            {
                "image": row[image_col],
                "scene_id": str(row[id_col]) if id_col else str(i),
                "object": row[object_col],
                **{f"gold_{qid.lower()}": row[col] for qid, col in gold_cols.items()},
                **{name: row.get(name) for name in FACTOR_COLUMNS},
            }
            for i, row in enumerate(table)
        ]
    question_col = _first(lower, ("question", "prompt", "query", "text"))
    answer_col = _first(lower, ("answer", "label", "gold", "gold_answer", "target"))
    if question_col is None or answer_col is None:
        raise _adapter_error(
            source, columns, "neither per-question answer columns nor question/answer fields"
        )
    return _group_long_rows(table, image_col, question_col, answer_col, source, columns, spec)


def _group_long_rows(
    table: Any,
    image_col: str,
    question_col: str,
    answer_col: str,
    source: Source,
    columns: list[str],
    spec: IsleBrickSpec,
) -> list[dict[str, Any]]:
    import hashlib

    from vpt_tasks.core.images import image_bytes

    patterns = {
        qid: _question_pattern(q.text, spec.placeholder) for qid, q in spec.questions.items()
    }
    scenes: dict[str, dict[str, Any]] = {}
    for index, row in enumerate(table):
        where = f"{source.describe()}, row {index}"
        data = image_bytes(row[image_col], where=where)
        key = hashlib.sha256(data).hexdigest()[:16]
        scene = scenes.setdefault(key, {"image": data, "scene_id": key, "object": None})
        text = str(row[question_col])
        for qid, pattern in patterns.items():
            match = pattern.search(text)
            if match:
                scene[f"gold_{qid.lower()}"] = row[answer_col]
                if match.groupdict().get("object"):
                    scene["object"] = scene["object"] or match.group("object")
                break
    rows = list(scenes.values())
    incomplete = [r["scene_id"] for r in rows if any(f"gold_q{i}" not in r for i in range(1, 8))]
    if not rows or incomplete or any(r["object"] is None for r in rows):
        raise _adapter_error(
            source,
            columns,
            f"could not match the 7 questions for {len(incomplete) or len(rows)} image(s)",
        )
    return rows


def _question_pattern(text: str, placeholder: str) -> re.Pattern[str]:
    escaped = re.escape(text)
    if placeholder in text:
        escaped = escaped.replace(re.escape(placeholder), r"the (?P<object>[\w -]+?)", 1)
        escaped = escaped.replace(re.escape(placeholder), r"the [\w -]+?")
    return re.compile(escaped, re.IGNORECASE)


def _first(lower: dict[str, str], names: Iterable[str]) -> str | None:
    return next((lower[name] for name in names if name in lower), None)


def _adapter_error(source: Source, columns: list[str], what: str) -> SourceError:
    return SourceError(
        f"{source.describe()}: the Isle-Brick-V2 adapter found {what}. Fields seen: "
        f"{', '.join(columns)}. Convert the data to the canonical layout (see "
        "hf_datasets/) and pass it as -T source=DIR, or report the upstream layout."
    )

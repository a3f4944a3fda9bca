"""Labelled answers from any source, validated, as samples whose input is the grader's prompt.

A source holds one labelled answer per row (`spec.CANONICAL_SCHEMA`): the bundled answers
(`-T source=demo`, the default), a directory in the canonical layout or a Hub dataset --
so a team can check its grader on answers of its own. Every row is validated through the
one row loop (`core.records.read_records`) before any model call; each becomes one
sample whose input is exactly the prompt the kind's scorer sends its grader
(`kinds.prompt_of`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample

from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.messages import user_message
from vpt_tasks.core.records import RowContext, read_records
from vpt_tasks.core.sources import Source, load_table, require_columns
from vpt_tasks.grader_check.kinds import (
    component_questions,
    kind_metadata,
    prompt_of,
    replies_offered,
)
from vpt_tasks.grader_check.spec import KINDS, Kind

__all__ = [
    "AMBIGUOUS",
    "UNKNOWN",
    "Answer",
    "build_samples",
    "label_class",
    "load_answers",
    "metadata_of",
]

UNKNOWN = "unknown"
"""The label of an answer that commits to no option: its right reading is "picks none" (Z)."""
AMBIGUOUS = "ambiguous"
"""The label of an answer a careful annotator could not settle: no reading is right."""
STYLES = ("zero_shot", "cot")
DATASETS = ("isle-brick", "isle-dots")


@dataclass(frozen=True)
class Answer:
    """One labelled answer."""

    id: str
    kind: Kind
    answer: str
    label: Any
    """An option letter, `unknown`, `ambiguous`, or a sorted list of components."""
    options: dict[str, str]
    question: str
    dataset: str
    prompt: str
    question_id: str
    object: str
    language: str
    source_file: str


def label_class(label: Any) -> str:
    """`ambiguous`, or `clear` (the label is one reading: an option, `unknown`, components)."""
    return AMBIGUOUS if label == AMBIGUOUS else "clear"


def _json(row: Mapping[str, Any], column: str, ctx: RowContext) -> Any:
    try:
        return json.loads(str(row.get(column) or "null"))
    except ValueError:
        raise ctx.error(f"{column} {row.get(column)!r} is not JSON.") from None


def to_record(row: Mapping[str, Any], ctx: RowContext) -> Answer:
    """Validate one canonical row (its kind, label, options and the fields its kind needs)."""
    kind = str(row.get("kind") or "")
    if kind not in KINDS:
        raise ctx.error(f"kind {kind!r} is not one of {', '.join(KINDS)}.")
    answer = str(row.get("answer") or "")
    if not answer.strip():
        raise ctx.error("the answer is empty; a scorer never asks a grader about an empty answer.")
    label = _json(row, "label", ctx)
    options = _json(row, "options", ctx) or {}
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise ctx.error(f"options {row.get('options')!r} is not a JSON object of texts.")
    question = str(row.get("question") or "")
    fields: dict[str, str] = {"dataset": "", "prompt": "", "question_id": "", "object": ""}
    if kind == "components":
        label = _component_label(label, ctx)
        fields["question_id"], fields["object"] = _component_question(row, ctx)
    else:
        want = 2 if kind == "two_options" else None
        if len(options) < 2 or (want is not None and list(options) != ["A", "B"]):
            raise ctx.error(
                f"a {kind} answer needs its options A, B{'' if want else ', ...'} "
                f"(found {sorted(options)})."
            )
        if label not in (*options, UNKNOWN, AMBIGUOUS):
            raise ctx.error(
                f"label {label!r} is none of the options {sorted(options)}, {UNKNOWN!r} or "
                f"{AMBIGUOUS!r}."
            )
        if not question.strip():
            raise ctx.error(f"a {kind} answer needs the question it answers.")
        if kind == "two_options":
            fields["dataset"] = _one_of(row, "dataset", DATASETS, ctx)
            fields["prompt"] = _one_of(row, "prompt", STYLES, ctx, default="zero_shot")
    return Answer(
        id=str(row.get("id") or ""),
        kind=kind,  # type: ignore[arg-type]
        answer=answer,
        label=label,
        options={str(k): str(v) for k, v in options.items()},
        question=question,
        language=str(row.get("language") or ""),
        source_file=str(row.get("source_file") or ""),
        **fields,
    )


def _one_of(
    row: Mapping[str, Any],
    column: str,
    allowed: Sequence[str],
    ctx: RowContext,
    default: str | None = None,
) -> str:
    value = str(row.get(column) or default or "")
    if value not in allowed:
        raise ctx.error(f"{column} {value!r} is not one of {', '.join(allowed)}.")
    return value


def _component_label(label: Any, ctx: RowContext) -> Any:
    if label in (AMBIGUOUS, [AMBIGUOUS]):
        return AMBIGUOUS
    if not isinstance(label, list) or not all(isinstance(item, str) for item in label):
        raise ctx.error(f"label {label!r} is neither a JSON list of components nor {AMBIGUOUS!r}.")
    return sorted({item.strip().lower() for item in label})


def _component_question(row: Mapping[str, Any], ctx: RowContext) -> tuple[str, str]:
    questions = component_questions()
    question_id, name = str(row.get("question_id") or ""), str(row.get("object") or "")
    if question_id not in questions:
        raise ctx.error(f"question_id {question_id!r} is not one of {', '.join(questions)}.")
    if not name.strip():
        raise ctx.error("a components answer needs the scene's object (the question names it).")
    return question_id, name


def load_answers(source: Source, kinds: Sequence[Kind]) -> list[Answer]:
    """The validated answers of the source, of the kinds asked for (in source order)."""
    table = load_table(source)
    require_columns(source, list(table.column_names), ["id", "kind", "answer", "label"])
    records = read_records(
        table,
        to_record,
        source=source,
        id_field="id",
        record_id=lambda answer: answer.id,
        store=ImageStore(),
    )
    chosen = [answer for answer in records.items if answer.kind in kinds]
    if not chosen:
        from vpt_tasks.core.errors import SourceError

        raise SourceError(
            f"{source.describe()}: no answer of the kinds asked for ({', '.join(kinds)})."
        )
    return chosen


def metadata_of(answer: Answer) -> dict[str, Any]:
    """What the scorers' prompt builders and reply readers read, and what the metrics group by."""
    return {
        "answer_kind": answer.kind,
        "label": answer.label,
        "label_class": label_class(answer.label),
        "language": answer.language,
        "source_file": answer.source_file,
        "answer": answer.answer,
        **kind_metadata(
            answer.kind,
            question=answer.question,
            options=answer.options,
            dataset=answer.dataset,
            prompt=answer.prompt,
            question_id=answer.question_id,
            object=answer.object,
        ),
    }


def build_samples(answers: Sequence[Answer], name: str = "grader_check") -> MemoryDataset:
    """One sample per answer: its input is the grader prompt (one user message, its only text
    the prompt the scorer sends), its target the label (JSON)."""
    samples = []
    for answer in answers:
        metadata = metadata_of(answer)
        prompt = prompt_of(answer.kind, metadata, answer.answer)
        samples.append(
            Sample(
                id=answer.id,
                input=[
                    user_message(
                        [prompt],
                        answer_pool=replies_offered(answer.kind, metadata),
                        sample_key=answer.id,
                    )
                ],
                target=json.dumps(answer.label, ensure_ascii=False),
                metadata=metadata,
            )
        )
    return MemoryDataset(samples, name=name)

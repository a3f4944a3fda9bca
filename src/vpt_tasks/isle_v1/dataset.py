"""Isle v1 rows from any source, validated, expanded into both option orders.

Three layouts of source give the same canonical rows (one row per question):
`image, item_id, question, gold_answer, distractor, partition, dataset, task`.
A resolved source is a `core.sources.Source` whose `layout` says which:

- `canonical` (`demo`, a directory with `data/<split>-*.parquet`, a Hub id):
  read as is;
- `upstream` (`Gracjan/Isle`, config `Isle-Brick-V1`: fields `image`,
  `prompt`, `label`): mapped by :func:`vpt_tasks.isle_v1.upstream.adapt_upstream`;
- `authors_csv` (the authors' CSV + image folder): read by
  :func:`vpt_tasks.isle_v1.authors_csv.read_authors_csv`.

Every row is validated (gold answer, task, dataset type, image decode) before
any model call, through the one row loop `core.records.read_records`. Each
item becomes two samples sharing its `item_id`: the original option order and
the A/B-swapped one.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from inspect_ai.dataset import MemoryDataset, Sample

from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.messages import image, user_message
from vpt_tasks.core.records import RowContext, count_per_item, read_records
from vpt_tasks.core.sources import (
    Source,
    Upstream,
    load_table,
    pin_revision,
    require_columns,
    resolve_source,
)
from vpt_tasks.core.text import number_word_value
from vpt_tasks.isle_v1.authors_csv import authors_csv_path, read_authors_csv
from vpt_tasks.isle_v1.grading import dataset_kind
from vpt_tasks.isle_v1.spec import TASK_KINDS, DatasetSpec, DatasetType, IsleV1Spec
from vpt_tasks.isle_v1.upstream import adapt_upstream

DistractorMode = Literal["faithful", "random"]
DISTRACTOR_MODES: tuple[DistractorMode, ...] = ("faithful", "random")
ORDERS = ("original", "swapped")
LETTERS = ("A", "B")

REQUIRED_COLUMNS = ["image", "item_id", "question", "gold_answer", "dataset", "task"]


@dataclass(frozen=True)
class Item:
    """One validated question about one image."""

    item_id: str
    image_path: str
    question: str
    gold: str
    """`Yes`/`No`, or a count as digits."""
    distractor: str | None
    """The other option value given by the data, if any."""
    partition: str | None
    dataset: DatasetType
    task: str
    """`perspective-taking` or `object-detection`."""


# --- resolving the source --------------------------------------------------------


def resolve(value: Any, dataset: DatasetSpec, spec: IsleV1Spec) -> Source:
    """Turn `-T source=` into a source and its layout, without reading rows yet."""
    csv_path = authors_csv_path(value)
    if csv_path is not None:
        return Source("local", str(csv_path), layout="authors_csv", split=spec.split)
    text = "" if value is None else str(value).strip()
    if dataset.upstream is None and text in ("", "upstream", "default"):
        raise SourceError(
            f"{dataset.name} has no public Hub copy that vpt_tasks knows of, so there is no "
            "default source. Pass -T source=demo, a directory holding the authors' CSV "
            "(id_image, question, gold_answer, partition, type_of_dataset, task) and its "
            "images, a directory in the canonical layout, or ORG/NAME of a Hub dataset in "
            "the canonical layout."
        )
    # without an upstream, resolve_source only sees non-empty values and never reads it
    upstream = dataset.upstream or Upstream(repo_id="")
    source = pin_revision(
        resolve_source(value, benchmark=dataset.task_name, upstream=upstream, split=spec.split)
    )
    if source.kind == "local":
        _check_local_directory(Path(source.location), spec.split)
    return replace(source, layout="upstream") if source.kind == "upstream" else source


def _check_local_directory(directory: Path, split: str) -> None:
    """A directory that holds neither layout gets a message naming both."""
    if not any((directory / "data").glob("*.parquet")):
        raise SourceError(
            f"local directory {directory} holds neither the authors' CSV (a .csv file with "
            "id_image, question, gold_answer, partition, type_of_dataset, task next to the "
            f"images) nor the canonical layout (README.md + data/{split}-*.parquet). "
            "Point -T source at one of those."
        )


# --- reading rows ----------------------------------------------------------------


def source_rows(source: Source, dataset: DatasetSpec) -> Iterable[Mapping[str, Any]]:
    """The canonical rows of `source`, whatever its layout."""
    if source.layout == "authors_csv":
        return read_authors_csv(Path(source.location))
    table = load_table(source)
    columns = list(table.column_names)
    if source.layout == "upstream":
        return adapt_upstream(table, columns, source, dataset)
    require_columns(source, columns, REQUIRED_COLUMNS)
    return table


def load_items(source: Source, dataset: DatasetSpec, store: ImageStore) -> tuple[list[Item], int]:
    """Read, validate and store every row of the source before any model call.

    Returns the items of `dataset`'s type and how many rows of the other type
    the source held (they are left out, and counted in the task metadata).
    """

    def to_item(row: Mapping[str, Any], ctx: RowContext) -> Item | None:
        kind = dataset_type(row.get("dataset") or dataset.type, ctx.where)
        if kind != dataset.type:
            return None  # the other Isle v1 dataset: counted in `skipped`
        question = str(row.get("question") or "").strip()
        if not question:
            raise ctx.error("the question is empty.")
        gold = gold_value(row["gold_answer"], kind, ctx.where)
        distractor = row.get("distractor")
        return Item(
            item_id=str(row["item_id"]).strip(),
            image_path=ctx.image(row["image"]),
            question=question,
            gold=gold,
            distractor=(
                None if _blank(distractor) else distractor_value(distractor, gold, kind, ctx.where)
            ),
            partition=None if _blank(row.get("partition")) else str(row["partition"]).strip(),
            dataset=kind,
            task=task_kind(row["task"], ctx.where),
        )

    records = read_records(
        source_rows(source, dataset),
        to_item,
        source=source,
        id_field="item_id",
        record_id=lambda item: item.item_id,
        store=store,
        require_any=False,
    )
    if not records.items:
        other = records.skipped
        hint = (
            f" It holds {other} row(s) of the other Isle v1 dataset: run "
            f"vpt_tasks/{'isle_dots' if dataset.type == 'isle-brick' else 'isle_brick_v1'} on it."
            if other
            else ""
        )
        raise SourceError(f"{source.describe()}: no {dataset.type} rows.{hint}")
    return records.items, records.skipped


# --- value validation --------------------------------------------------------------

_TASK_ALIASES = {
    "perspective-taking": "perspective-taking",
    "perspective taking": "perspective-taking",
    "perspective_taking": "perspective-taking",
    "vpt": "perspective-taking",
    "object-detection": "object-detection",
    "object detection": "object-detection",
    "object_detection": "object-detection",
    "control": "object-detection",
    "baseline": "object-detection",
}
_YES_NO = {"yes": "Yes", "no": "No", "true": "Yes", "false": "No"}


def task_kind(value: Any, where: str) -> str:
    """`perspective-taking` or `object-detection`, from the spellings the data use."""
    kind = _TASK_ALIASES.get(re.sub(r"\s+", " ", str(value or "")).strip().lower())
    if kind is None:
        raise SourceError(
            f"{where}: task {value!r} is not one of {', '.join(TASK_KINDS)} "
            "(the authors' CSV writes 'perspective-taking' or 'object detection'). Fix that row."
        )
    return kind


def dataset_type(value: Any, where: str) -> DatasetType:
    """`isle-brick` or `isle-dots`, from `type_of_dataset` / `dataset`."""
    try:
        return dataset_kind(str(value))
    except ValueError:
        raise SourceError(
            f"{where}: dataset type {value!r} is neither isle-brick nor isle-dots. Fix that row."
        ) from None


def gold_value(value: Any, kind: DatasetType, where: str) -> str:
    """The gold option value: `Yes`/`No` for bricks, a count as digits for dots."""
    if kind == "isle-brick":
        text = (
            str(value).strip().strip(".").lower()
            if not isinstance(value, bool)
            else str(value).lower()
        )
        if text in _YES_NO:
            return _YES_NO[text]
        raise SourceError(f"{where}: gold_answer {value!r} is not Yes or No. Fix that row.")
    count = _count(value)
    if count is None:
        raise SourceError(
            f"{where}: gold_answer {value!r} is not a count (a non-negative whole number). "
            "Fix that row."
        )
    return str(count)


def distractor_value(value: Any, gold: str, kind: DatasetType, where: str) -> str:
    """The data's other option: the opposite of Yes/No, or a count other than the gold."""
    if kind == "isle-brick":
        other = "No" if gold == "Yes" else "Yes"
        text = str(value).strip().lower()
        if _YES_NO.get(text) != other:
            raise SourceError(
                f"{where}: distractor {value!r} must be {other!r}, the other option of a "
                f"Yes/No question with gold answer {gold!r}."
            )
        return other
    count = _count(value)
    if count is None or str(count) == gold:
        raise SourceError(
            f"{where}: distractor {value!r} must be a count other than the gold answer {gold}."
        )
    return str(count)


def _count(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 0 else None
    if isinstance(value, float):
        return int(value) if value.is_integer() and value >= 0 else None
    text = str(value or "").strip().lower()
    word = number_word_value(text)
    if word is not None:
        return word
    if re.fullmatch(r"\d+(?:\.0+)?", text):
        return int(float(text))
    return None


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


# --- samples -----------------------------------------------------------------------


def dots_distractor(item: Item, mode: DistractorMode) -> str:
    """The Dots distractor: faithful = the data's, else gold + 1 (as upstream); random = gold ± 1.

    The random choice is seeded by the item id, so every run and both option
    orders of an item see the same distractor; gold 0 always gets 1.
    """
    gold = int(item.gold)
    if mode == "faithful":
        return item.distractor if item.distractor is not None else str(gold + 1)
    candidates = [c for c in (gold - 1, gold + 1) if c >= 0]
    digest = hashlib.sha256(f"isle_dots distractor\x00{item.item_id}".encode()).digest()
    return str(random.Random(int.from_bytes(digest[:8], "big")).choice(candidates))


def option_pair(item: Item, spec: IsleV1Spec, distractor: DistractorMode) -> tuple[str, str]:
    """The original A/B order: Yes, No for bricks; the two counts ascending for dots."""
    if item.dataset == "isle-brick":
        return spec.bricks_options
    low, high = sorted((item.gold, dots_distractor(item, distractor)), key=int)
    return low, high


def build_samples(
    items: Sequence[Item],
    spec: IsleV1Spec,
    style: str,
    *,
    distractor: DistractorMode = "faithful",
    name: str,
) -> MemoryDataset:
    """Two samples per item: the original and the swapped option order.

    The sample id is `<item_id>/<order>`, the same for every solver (so runs of
    one model with different solvers pair up).
    The input is the exact prompt sent; `prompt_style` records the solver and,
    for `first_person`, `first_person` records how the question was restated
    (`template` or `framing`).
    """
    samples = []
    for item in items:
        first, second = option_pair(item, spec, distractor)
        question, how = item.question, None
        if style == "first_person":
            question, how = spec.first_person[item.dataset].restate(item.question)
        for order, pair in zip(ORDERS, ((first, second), (second, first)), strict=True):
            options = dict(zip(LETTERS, pair, strict=True))
            gold_letter = next(letter for letter, value in options.items() if value == item.gold)
            text = spec.prompt(style, question, *pair)
            sample_id = f"{item.item_id}/{order}"
            samples.append(
                Sample(
                    id=sample_id,
                    input=[
                        user_message(
                            [image(item.image_path), text],
                            answer_pool=list(LETTERS),
                            sample_key=sample_id,
                        )
                    ],
                    target=gold_letter,
                    metadata={
                        "item_id": item.item_id,
                        "order": order,
                        "prompt_style": style,
                        "options": options,
                        "gold_answer": item.gold,
                        "gold_letter": gold_letter,
                        "question": item.question,
                        # what precedes the option list in the prompt: the grader's CONTEXT
                        "context": text.split("\nOptions:\n", 1)[0],
                        "dataset": item.dataset,
                        "task": item.task,
                        **({"partition": item.partition} if item.partition is not None else {}),
                        **({"first_person": how} if how is not None else {}),
                    },
                )
            )
    return MemoryDataset(samples, name=name)


def first_person_counts(samples: MemoryDataset) -> dict[str, int]:
    """How many questions (items) each first-person way restated: `template`, `framing`."""
    return count_per_item(samples, "first_person", ("template", "framing"))

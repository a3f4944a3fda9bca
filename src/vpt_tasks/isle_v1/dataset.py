"""Isle v1 rows from any source, expanded into both option orders.

Three kinds of source give the same canonical rows (one row per question):
`image, item_id, question, gold_answer, distractor, partition, dataset, task`.

- the canonical layout (`demo`, a directory with `data/<split>-*.parquet`, a
  Hub id): read as is;
- the upstream `Gracjan/Isle` config `Isle-Brick-V1` (fields `image`,
  `prompt`, `label`): mapped by :func:`adapt_upstream`;
- the authors' CSV + image folder (`id_image, question, gold_answer,
  partition, type_of_dataset, task` and the images next to the CSV or in
  `images/`): read by :func:`read_authors_csv`.

Every row is validated (gold answer, task, dataset type, image decode) before
any model call. Each item becomes two samples sharing its `item_id`: the
original option order and the A/B-swapped one.
"""

from __future__ import annotations

import csv
import hashlib
import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from inspect_ai.dataset import MemoryDataset, Sample

from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.messages import image, user_message
from vpt_tasks.core.sources import (
    Source,
    Upstream,
    load_table,
    pin_revision,
    require_columns,
    resolve_source,
)
from vpt_tasks.isle_v1.spec import TASK_KINDS, DatasetSpec, DatasetType, IsleV1Spec

SourceFormat = Literal["canonical", "upstream", "authors_csv"]
DistractorMode = Literal["faithful", "random"]
DISTRACTOR_MODES: tuple[DistractorMode, ...] = ("faithful", "random")
ORDERS = ("original", "swapped")
LETTERS = ("A", "B")

REQUIRED_COLUMNS = ["image", "item_id", "question", "gold_answer", "dataset", "task"]
AUTHORS_CSV_COLUMNS = [
    "id_image",
    "question",
    "gold_answer",
    "partition",
    "type_of_dataset",
    "task",
]


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


@dataclass(frozen=True)
class IsleSource:
    """A resolved `source` and the format its rows come in."""

    source: Source
    format: SourceFormat

    def describe(self) -> str:
        if self.format == "authors_csv":
            return f"authors' CSV {self.source.location}"
        return self.source.describe()

    def as_metadata(self) -> dict[str, Any]:
        return {**self.source.as_metadata(), "format": self.format}


# --- resolving the source --------------------------------------------------------


def resolve(value: Any, dataset: DatasetSpec, spec: IsleV1Spec) -> IsleSource:
    """Turn `-T source=` into a source and its format, without reading rows yet."""
    csv_path = authors_csv_path(value)
    if csv_path is not None:
        return IsleSource(Source("local", str(csv_path), split=spec.split), "authors_csv")
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
    return IsleSource(source, "upstream" if source.kind == "upstream" else "canonical")


def authors_csv_path(value: Any) -> Path | None:
    """The CSV file when `value` is one, or a directory holding exactly one (and no parquet)."""
    if value is None or str(value).strip() in ("", "demo", "upstream", "default"):
        return None  # the keywords win over a folder of that name
    path = Path(str(value).strip()).expanduser()
    if path.is_file() and path.suffix.lower() == ".csv":
        return path.resolve()
    if not path.is_dir() or any((path / "data").glob("*.parquet")):
        return None
    found = sorted(path.glob("*.csv"))
    if len(found) > 1:
        raise SourceError(
            f"source {str(value)!r} holds several CSV files ({', '.join(p.name for p in found)}); "
            "pass the one to evaluate: -T source=DIR/NAME.csv."
        )
    return found[0].resolve() if found else None


def _check_local_directory(directory: Path, split: str) -> None:
    """A directory that holds neither format gets a message naming both."""
    if not any((directory / "data").glob("*.parquet")):
        raise SourceError(
            f"local directory {directory} holds neither the authors' CSV (a .csv file with "
            "id_image, question, gold_answer, partition, type_of_dataset, task next to the "
            f"images) nor the canonical layout (README.md + data/{split}-*.parquet). "
            "Point -T source at one of those."
        )


# --- reading rows ----------------------------------------------------------------


def load_items(
    isle_source: IsleSource, dataset: DatasetSpec, store: ImageStore
) -> tuple[list[Item], int]:
    """Read, validate and store every row of the source before any model call.

    Returns the items of `dataset`'s type and how many rows of the other type
    the source held (they are left out, and counted in the task metadata).
    """
    if isle_source.format == "authors_csv":
        rows: Iterable[dict[str, Any]] = read_authors_csv(Path(isle_source.source.location))
    else:
        table = load_table(isle_source.source)
        columns = list(table.column_names)
        if isle_source.format == "upstream":
            rows = adapt_upstream(table, columns, isle_source, dataset)
        else:
            require_columns(isle_source.source, columns, REQUIRED_COLUMNS)
            rows = table
    items: list[Item] = []
    other = 0
    seen: set[str] = set()
    for index, row in enumerate(rows):
        where = (
            row.get("_where")
            or f"{isle_source.describe()}, row {index} (item_id {row.get('item_id')!r})"
        )
        kind = dataset_type(row.get("dataset") or dataset.type, where)
        if kind != dataset.type:
            other += 1
            continue
        item_id = str(row["item_id"]).strip()
        if not item_id:
            raise SourceError(f"{where}: the item_id is empty; every row needs a unique item_id.")
        if item_id in seen:
            raise SourceError(f"{where}: duplicate item_id; item ids must be unique.")
        seen.add(item_id)
        question = str(row.get("question") or "").strip()
        if not question:
            raise SourceError(f"{where}: the question is empty.")
        gold = gold_value(row["gold_answer"], kind, where)
        distractor = row.get("distractor")
        items.append(
            Item(
                item_id=item_id,
                image_path=store.put(row["image"], where=where),
                question=question,
                gold=gold,
                distractor=(
                    None if _blank(distractor) else distractor_value(distractor, gold, kind, where)
                ),
                partition=None if _blank(row.get("partition")) else str(row["partition"]).strip(),
                dataset=kind,
                task=task_kind(row["task"], where),
            )
        )
    if not items:
        hint = (
            f" It holds {other} row(s) of the other Isle v1 dataset: run "
            f"vpt_tasks/{'isle_dots' if dataset.type == 'isle-brick' else 'isle_brick_v1'} on it."
            if other
            else ""
        )
        raise SourceError(f"{isle_source.describe()}: no {dataset.type} rows.{hint}")
    return items, other


def read_authors_csv(path: Path) -> list[dict[str, Any]]:
    """Canonical rows from the authors' CSV; images next to the CSV or in `images/`.

    `item_id` is the image's file stem and the question's rank on that image
    (`1-q1`, `1-q2`, ...): an image carries a perspective-taking and a control
    question, and some carry one question per object.
    """
    where_csv = f"authors' CSV {path}"
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:
            reader = csv.DictReader(handle)
            columns = [str(name).strip() for name in reader.fieldnames or []]
            raw_rows = list(reader)
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise SourceError(f"{where_csv}: the file does not read as CSV ({error}).") from None
    missing = [name for name in AUTHORS_CSV_COLUMNS if name not in columns]
    if missing:
        raise SourceError(
            f"{where_csv}: missing column(s) {', '.join(missing)}; the file has "
            f"{', '.join(columns) or 'no header'}. The authors' format has the columns "
            f"{', '.join(AUTHORS_CSV_COLUMNS)}."
        )
    per_image: Counter[str] = Counter()
    rows = []
    for index, raw in enumerate(raw_rows):
        record = {str(k).strip(): (v.strip() if isinstance(v, str) else v) for k, v in raw.items()}
        name = record["id_image"] or ""
        where = f"{where_csv}, line {index + 2} (id_image {name!r})"  # +2: header, 1-based
        image_file = find_image(path.parent, name, where)
        per_image[image_file.stem] += 1
        rows.append(
            {
                "image": {"bytes": None, "path": str(image_file)},  # read once, by the image store
                "item_id": f"{image_file.stem}-q{per_image[image_file.stem]}",
                "question": record["question"],
                "gold_answer": record["gold_answer"],
                "distractor": None,
                "partition": record["partition"],
                "dataset": record["type_of_dataset"],
                "task": record["task"],
                "_where": where,
            }
        )
    if not rows:
        raise SourceError(f"{where_csv}: the CSV has a header but no rows.")
    return rows


def find_image(directory: Path, name: str, where: str) -> Path:
    """The image file `name` of the authors' CSV: next to the CSV, or in `images/`."""
    if not name:
        raise SourceError(f"{where}: id_image is empty.")
    for folder in (directory, directory / "images"):
        candidate = folder / name
        if candidate.is_file():
            return candidate
        if not Path(name).suffix:  # "1" for "1.png"
            matches = sorted(folder.glob(f"{_glob_escape(name)}.*"))
            if len(matches) == 1:
                return matches[0]
    raise SourceError(
        f"{where}: image {name!r} not found in {directory} or {directory / 'images'}. "
        "Put the image folder's files next to the CSV (or in images/)."
    )


def _glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)


# --- upstream adapter --------------------------------------------------------------

_IMAGE_NAMES = ("image", "img", "picture")
_QUESTION_NAMES = ("prompt", "question", "text", "query")
_LABEL_NAMES = ("label", "gold_answer", "answer", "gold", "target")
# the options and instructions some copies append to the question
_PROMPT_TAIL = re.compile(
    r"\s*(?:Respond solely with A or B|First, analyze the image step by step|\n\s*Options\s*:)",
    re.IGNORECASE,
)


def adapt_upstream(
    table: Any, columns: list[str], isle_source: IsleSource, dataset: DatasetSpec
) -> list[dict[str, Any]]:
    """Map the upstream config (`image`, `prompt`, `label`) to canonical rows.

    The question is the prompt without any appended options or instruction;
    the task is perspective-taking when the question asks what someone sees
    ("... can it see ...", "... does the man ... see ..."), else the control
    (object detection). Optional `partition` / `task` / `type_of_dataset`
    fields are used when present. Other layouts fail listing the fields seen.
    """
    lower = {name.lower(): name for name in columns}
    image_col = _first(lower, _IMAGE_NAMES)
    question_col = _first(lower, _QUESTION_NAMES)
    label_col = _first(lower, _LABEL_NAMES)
    if image_col is None or question_col is None or label_col is None:
        missing = [
            what
            for what, col in (("image", image_col), ("prompt", question_col), ("label", label_col))
            if col is None
        ]
        raise SourceError(
            f"{isle_source.describe()}: the Isle v1 adapter found no {', '.join(missing)} field. "
            f"Fields seen: {', '.join(columns)}. Convert the data to the canonical layout "
            "(see hf_datasets/) or the authors' CSV format and pass it as -T source=DIR, "
            "or report the upstream layout."
        )
    id_col = _first(lower, ("item_id", "id", "idx", "index"))
    partition_col = _first(lower, ("partition", "slice"))
    task_col = _first(lower, ("task",))
    type_col = _first(lower, ("type_of_dataset", "dataset"))
    rows = []
    for index, row in enumerate(table):
        question = _PROMPT_TAIL.split(str(row[question_col] or ""), maxsplit=1)[0].strip()
        rows.append(
            {
                "image": row[image_col],
                "item_id": str(row[id_col]) if id_col else str(index),
                "question": question,
                "gold_answer": row[label_col],
                "distractor": None,
                "partition": row[partition_col] if partition_col else None,
                "dataset": row[type_col] if type_col else dataset.type,
                "task": row[task_col] if task_col else infer_task(question),
            }
        )
    return rows


def infer_task(question: str) -> str:
    """Perspective-taking questions ask what someone sees; controls ask what is there."""
    return (
        "perspective-taking"
        if re.search(r"\bsees?\b", question, re.IGNORECASE)
        else "object-detection"
    )


def _first(lower: dict[str, str], names: Iterable[str]) -> str | None:
    return next((lower[name] for name in names if name in lower), None)


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
_NUMBER_WORDS = "zero one two three four five six seven eight nine ten".split()


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
    from vpt_tasks.scorers.grader_prompts import isle_dataset_kind

    try:
        return isle_dataset_kind(str(value))  # type: ignore[return-value]
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
    if text in _NUMBER_WORDS:
        return _NUMBER_WORDS.index(text)
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
    styles: Sequence[str],
    *,
    distractor: DistractorMode = "faithful",
    name: str,
) -> MemoryDataset:
    """Two samples per item and prompt style: the original and the swapped option order."""
    samples = []
    for item in items:
        first, second = option_pair(item, spec, distractor)
        for style in styles:
            for order, pair in zip(ORDERS, ((first, second), (second, first)), strict=True):
                options = dict(zip(LETTERS, pair, strict=True))
                gold_letter = next(
                    letter for letter, value in options.items() if value == item.gold
                )
                text = spec.prompt(style, item.question, *pair)
                sample_id = "/".join([item.item_id, *([style] if len(styles) > 1 else []), order])
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
                            "dataset": item.dataset,
                            "task": item.task,
                            **({"partition": item.partition} if item.partition is not None else {}),
                        },
                    )
                )
    return MemoryDataset(samples, name=name)

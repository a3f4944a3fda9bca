"""Omni-Perspective items from any source, expanded into their circular rotations.

The upstream fields (`Icey444/Omni-perspective`, split `val`) are the canonical
ones: `id, image_id, question, prompt, choices, label, images, topic, qtype,
difficulty_level, prompt_pov`. `question` holds `<image>` placeholders,
`choices` a stringified dict `{'A': ..., 'B': ...}` (parsed as JSON or as a
Python literal, never evaluated), `label` the correct letter and `images` the
list of images in placeholder order.

Each item becomes k samples, one per cyclic rotation of its k options (the
correct answer visits every slot). The item's images are stored once in the
`ImageStore` and every rotation references the same files.

Each sample's user message is final: the question's text segments and images
in the order of its `<image>` placeholders (:func:`interleave_plan`), then the
rotation's lettered options and the answer instruction. Each text segment and
each image is its own content part, so providers receive them in that order;
the task's solver is just `generate()` (Inspect's `prompt_template` /
`multiple_choice` would merge the text parts and move the images to one end).
"""

from __future__ import annotations

import ast
import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ContentImage

from vpt_tasks.core import args
from vpt_tasks.core.errors import SourceError, TaskArgumentError
from vpt_tasks.core.images import ImageStore
from vpt_tasks.core.messages import image, user_message
from vpt_tasks.core.records import RowContext, count_per_item, read_records
from vpt_tasks.core.sources import Source, load_table, require_columns
from vpt_tasks.core.text import numeric_sort_key
from vpt_tasks.omni_perspective.interleave import PlaceholderError, interleave_plan
from vpt_tasks.omni_perspective.spec import OmniSpec, PromptSpec
from vpt_tasks.scorers.circular import circular_variants

REQUIRED_COLUMNS = ["id", "question", "choices", "label", "images"]
OPTIONAL_COLUMNS = ["image_id", "prompt", "topic", "qtype", "difficulty_level", "prompt_pov"]
POVS = ("first", "third", "all")
"""`-T perspective=`: the items asked, by the point of view of their phrasing (`prompt_pov`)."""


@dataclass(frozen=True)
class Item:
    """One canonical row: a question with k lettered options and its images."""

    item_id: str
    question: str
    options: dict[str, str]
    label: str
    image_paths: tuple[str, ...]
    qtype: str | None
    difficulty: str | None
    pov: str | None
    topic: str | None
    image_id: str | None

    @property
    def groups(self) -> dict[str, str]:
        """The slices this item is reported in (qtype, difficulty, pov), when known."""
        values = {"qtype": self.qtype, "difficulty": self.difficulty, "pov": self.pov}
        return {key: value for key, value in values.items() if value is not None}


@dataclass(frozen=True)
class Selection:
    """The `-T qtype/difficulty/pov` filters, validated against the data."""

    qtypes: list[str] | None
    difficulties: list[str] | None
    pov: str

    def keeps(self, qtype: str | None, difficulty: str | None, pov: str | None) -> bool:
        return (
            (self.qtypes is None or qtype in self.qtypes)
            and (self.difficulties is None or difficulty in self.difficulties)
            and (self.pov == "all" or pov == self.pov)
        )

    def as_metadata(self) -> dict[str, Any]:
        return {"qtype": self.qtypes, "difficulty": self.difficulties, "perspective": self.pov}


def load_items(
    source: Source,
    spec: OmniSpec,
    store: ImageStore,
    *,
    qtype: Any = None,
    difficulty: Any = None,
    pov: Any = "all",
) -> tuple[list[Item], Selection]:
    """Read, validate and filter every item of `source` before any model call.

    Two passes of the row loop: the text fields of every row first, so that
    the filters can be checked against the values the data holds; then the
    images of the kept rows only, stored (and fully decoded) once.
    """
    table = load_table(source)
    columns = list(table.column_names)
    require_columns(source, columns, REQUIRED_COLUMNS)
    present = [name for name in REQUIRED_COLUMNS + OPTIONAL_COLUMNS if name in columns]

    def to_fields(row: Mapping[str, Any], ctx: RowContext) -> tuple[int, dict[str, Any]]:
        return ctx.index, parse_row(row, spec, ctx.where)

    parsed = read_records(
        table.select_columns([name for name in present if name != "images"]),
        to_fields,
        source=source,
        id_field="id",
        record_id=lambda record: record[1]["item_id"],
        store=store,
    ).items

    selection = select(parsed, qtype=qtype, difficulty=difficulty, pov=pov)
    kept = {i: f for i, f in parsed if selection.keeps(f["qtype"], f["difficulty"], f["pov"])}
    if not kept:
        raise TaskArgumentError(
            f"No item of {source.describe()} matches {selection.as_metadata()}; "
            "widen -T qtype / -T difficulty / -T perspective."
        )

    def to_item(row: Mapping[str, Any], ctx: RowContext) -> Item:
        fields = kept[ctx.index]
        values = _image_list(row["images"], ctx.where)
        try:
            interleave_plan(fields["question"], len(values), spec.placeholder)
        except PlaceholderError as error:
            raise ctx.error(
                f"the question's image placeholders do not fit its images: {error}. "
                "Fix the question or the images of that row."
            ) from None
        paths = tuple(ctx.image(value, label=f"image {n + 1}") for n, value in enumerate(values))
        return Item(image_paths=paths, **fields)

    indices = list(kept)
    items = read_records(
        table.select(indices).select_columns(["id", "images"]),
        to_item,
        source=source,
        id_field="id",
        record_id=lambda item: item.item_id,
        store=store,
        indices=indices,
    ).items
    return items, selection


def parse_row(row: Mapping[str, Any], spec: OmniSpec, where: str) -> dict[str, Any]:
    """The text fields of one row, checked and normalised (images excluded)."""
    item_id = _text(row.get("id"))
    if not item_id:
        raise SourceError(f"{where}: the id is empty; every item needs a unique id.")
    question = _text(row.get("question"))
    if not question:
        raise SourceError(f"{where}: the question is empty.")
    options = parse_choices(row.get("choices"), where)
    return {
        "item_id": item_id,
        "question": question,
        "options": options,
        "label": parse_label(row.get("label"), options, where),
        "qtype": normalise_qtype(row.get("qtype")),
        "difficulty": normalise_difficulty(row.get("difficulty_level")),
        "pov": normalise_pov(row.get("prompt_pov"), spec.pov_aliases),
        "topic": _text(row.get("topic")) or None,
        "image_id": _text(row.get("image_id")) or None,
    }


def parse_choices(value: Any, where: str) -> dict[str, str]:
    """The lettered options of a row, A, B, C, ... in order.

    Accepts the upstream stringified dict (`"{'A': 'left', 'B': 'right'}"`,
    read with `json.loads` or, for Python quoting, `ast.literal_eval` -- never
    `eval`), a mapping, or a list of option texts (lettered A, B, ...).
    Options whose text is null are dropped (a struct column with an unused D).
    """
    data = value
    if isinstance(value, str):
        data = _literal(value)
        if data is None:
            raise SourceError(
                f"{where}: choices={value[:120]!r} is neither JSON nor a Python dict literal. "
                "Write the options as a dict such as {'A': 'left', 'B': 'right'}."
            )
    if isinstance(data, Sequence) and not isinstance(data, (str, bytes)):
        data = {chr(ord("A") + i): text for i, text in enumerate(data)}
    if not isinstance(data, Mapping):
        raise SourceError(
            f"{where}: choices must be a dict of lettered options, got {type(data).__name__}."
        )
    options: dict[str, str] = {}
    for key, text in data.items():
        if text is None or (isinstance(text, float) and math.isnan(text)):
            continue
        letter = str(key).strip().strip("()[]. ").upper()
        if len(letter) != 1 or not letter.isalpha():
            raise SourceError(
                f"{where}: choices key {key!r} is not an option letter (A, B, C, ...)."
            )
        if not str(text).strip():
            raise SourceError(f"{where}: option {letter} has an empty text.")
        options[letter] = str(text).strip()
    letters = sorted(options)
    expected = [chr(ord("A") + i) for i in range(len(letters))]
    if len(letters) < 2 or letters != expected:
        raise SourceError(
            f"{where}: choices have letters {', '.join(letters) or 'none'}; a question needs at "
            "least two options lettered A, B, C, ... without gaps."
        )
    return {letter: options[letter] for letter in letters}


def parse_label(value: Any, options: Mapping[str, str], where: str) -> str:
    """The correct option letter ("B", "(b)", "B." or the option's text)."""
    text = _text(value)
    letter = text.strip("()[]. ").upper()
    if letter in options:
        return letter
    matches = [key for key, option in options.items() if option.strip().lower() == text.lower()]
    if len(matches) == 1:
        return matches[0]
    raise SourceError(
        f"{where}: label={value!r} is not one of the option letters {', '.join(options)}. "
        "Fix the label of that row."
    )


def normalise_qtype(value: Any) -> str | None:
    """The question type as its number: "Qtype 3.5", "qtype_3.5", 3.5 -> "3.5"; 1.0 -> "1"."""
    if _missing(value):
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _number(float(value))
    text = str(value).strip()
    match = re.search(r"\d+(?:\.\d+)?", text)
    return _number(float(match.group(0))) if match else text.lower() or None


def normalise_difficulty(value: Any) -> str | None:
    """The difficulty level as lower-case text ("Easy" -> "easy", 2.0 -> "2")."""
    if _missing(value):
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _number(float(value))
    return str(value).strip().lower() or None


def normalise_pov(value: Any, aliases: Mapping[str, frozenset[str]]) -> str | None:
    """`first`, `third`, or the value itself (lower case) when it is neither."""
    if _missing(value):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = re.sub(r"\s+", " ", str(value).strip().lower())
    for name, names in aliases.items():
        if text in names:
            return name
    for name in aliases:
        if re.search(rf"\b{name}\b", text):
            return name
    return text or None


def select(
    parsed: Sequence[tuple[int, dict[str, Any]]], *, qtype: Any, difficulty: Any, pov: Any
) -> Selection:
    """Validate the filters against the values present in the data."""
    qtypes = sorted({f["qtype"] for _, f in parsed if f["qtype"] is not None}, key=numeric_sort_key)
    levels = sorted(
        {f["difficulty"] for _, f in parsed if f["difficulty"] is not None}, key=numeric_sort_key
    )
    return Selection(
        qtypes=_subset("qtype", qtype, qtypes, normalise_qtype),
        difficulties=_subset("difficulty", difficulty, levels, normalise_difficulty),
        pov=args.one_of("perspective", pov if pov is not None else "all", POVS),
    )


def build_samples(
    items: Sequence[Item], spec: OmniSpec, *, circular: bool, solver: str = "zero_shot"
) -> MemoryDataset:
    """The k rotations of every item (only rotation 0 when `circular` is false).

    `solver` shapes the prompt: `cot` appends the CoT instruction after the
    options, `first_person` restates third-person questions (see
    :mod:`vpt_tasks.omni_perspective.first_person`). The sample ids are
    `<item_id>/r<rotation>` whatever the solver, so runs pair up by item.
    """
    samples = []
    for item in items:
        variants = circular_variants(item.options, item.label)
        if not circular:
            variants = variants[:1]
        question, how = item.question, None
        if solver == "first_person":
            question, how = spec.first_person.restate(item.question, item.pov)
        for shift, options, label in variants:
            sample_id = f"{item.item_id}/r{shift}"
            samples.append(
                Sample(
                    id=sample_id,
                    input=[
                        user_message(
                            message_parts(
                                item,
                                options,
                                spec.prompt,
                                spec.placeholder,
                                question=question,
                                cot=solver == "cot",
                            ),
                            answer_pool=list(options),
                            sample_key=sample_id,
                        )
                    ],
                    choices=list(options.values()),
                    target=label,
                    metadata={
                        "item_id": item.item_id,
                        "rotation": shift,
                        "n_rotations": len(variants),
                        "k": len(options),
                        "original_label": item.label,
                        "question": item.question,
                        "n_images": len(item.image_paths),
                        "option_texts": sorted(item.options.values()),
                        "topic": item.topic,
                        "image_id": item.image_id,
                        "prompt_style": solver,
                        **({"first_person": how} if how is not None else {}),
                        **item.groups,
                    },
                )
            )
    return MemoryDataset(samples, name="omni_perspective")


def first_person_counts(samples: MemoryDataset) -> dict[str, int]:
    """How many items each first-person way sent: `template`, `framing`, `unchanged`."""
    return count_per_item(samples, "first_person", ("template", "framing", "unchanged"))


def message_parts(
    item: Item,
    options: Mapping[str, str],
    prompt: PromptSpec,
    placeholder: re.Pattern[str],
    *,
    question: str | None = None,
    cot: bool = False,
) -> list[str | ContentImage]:
    """The user message of one rotation: question text and images interleaved, then the options.

    The text segments and images follow the question's placeholders (see
    :func:`interleave_plan`); the options block (options intro, one line per
    option, the instruction, and with `cot` the CoT instruction) goes on a new
    line after the last text segment, or is its own part when the message ends
    with an image. `question` replaces the item's question (the first-person
    restatement keeps its placeholders).
    """
    text = item.question if question is None else question
    parts: list[str | ContentImage] = [
        part if isinstance(part, str) else image(item.image_paths[part])
        for part in interleave_plan(text, len(item.image_paths), placeholder)
    ]
    block = prompt.options_block(dict(options), cot=cot)
    if parts and isinstance(parts[-1], str):
        parts[-1] = f"{parts[-1]}\n{block}"
    else:
        parts.append(block)
    return parts


# --- helpers ----------------------------------------------------------------------


def _image_list(value: Any, where: str) -> list[Any]:
    if value is None:
        raise SourceError(f"{where}: images is null; every item needs at least one image.")
    values = list(value) if isinstance(value, (list, tuple)) else [value]
    if not values:
        raise SourceError(f"{where}: images is empty; every item needs at least one image.")
    return values


def _literal(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        pass
    try:
        return ast.literal_eval(text.strip())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def _subset(name: str, value: Any, allowed: list[str], normalise: Any) -> list[str] | None:
    if value is None or value == "" or value == [] or str(value).strip().lower() == "all":
        return None
    if not allowed:
        raise TaskArgumentError(f"-T {name}={value!r}: the data has no {name} values to filter on.")
    items = value if isinstance(value, (list, tuple)) else str(value).split(",")
    wanted = [
        normalise(item) if not isinstance(item, str) else normalise(item.strip()) for item in items
    ]
    return args.subset_of(name, [w if w is not None else "" for w in wanted], allowed)


def _number(value: float) -> str:
    return str(int(value)) if value.is_integer() else f"{value:g}"


def _missing(value: Any) -> bool:
    return (
        value is None
        or (isinstance(value, float) and math.isnan(value))
        or (isinstance(value, str) and not value.strip())
    )


def _text(value: Any) -> str:
    return "" if _missing(value) else str(value).strip()

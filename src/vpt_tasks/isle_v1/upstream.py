"""The adapter of the upstream Hub copy of Isle-Bricks v1: `Gracjan/Isle`, config `Isle-Brick-V1`.

The upstream config's fields are `image`, `prompt` and `label` (the spellings
below are looked up case-insensitively). The adapter maps each upstream row
to a canonical row (`image, item_id, question, gold_answer, distractor,
partition, dataset, task`) that `dataset.load_items` validates like any other.
The repository is gated and was not inspectable when the adapter was written:
a different layout fails listing the fields it found.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.sources import Source
from vpt_tasks.core.text import first_column, lower_columns
from vpt_tasks.isle_v1.spec import DatasetSpec

_IMAGE_NAMES = ("image", "img", "picture")
_QUESTION_NAMES = ("prompt", "question", "text", "query")
_LABEL_NAMES = ("label", "gold_answer", "answer", "gold", "target")
# the options and instructions some copies append to the question
_PROMPT_TAIL = re.compile(
    r"\s*(?:Respond solely with A or B|First, analyze the image step by step|\n\s*Options\s*:)",
    re.IGNORECASE,
)


def adapt_upstream(
    table: Any, columns: list[str], source: Source, dataset: DatasetSpec
) -> Iterator[dict[str, Any]]:
    """Map the upstream config (`image`, `prompt`, `label`) to canonical rows, one at a time.

    The question is the prompt without any appended options or instruction;
    the task is perspective-taking when the question asks what someone sees
    ("... can it see ...", "... does the man ... see ..."), else the control
    (object detection). Optional `partition` / `task` / `type_of_dataset`
    fields are used when present. Other layouts fail at once, listing the
    fields seen.
    """
    lower = lower_columns(columns)
    image_col = first_column(lower, _IMAGE_NAMES)
    question_col = first_column(lower, _QUESTION_NAMES)
    label_col = first_column(lower, _LABEL_NAMES)
    if image_col is None or question_col is None or label_col is None:
        missing = [
            what
            for what, col in (("image", image_col), ("prompt", question_col), ("label", label_col))
            if col is None
        ]
        raise SourceError(
            f"{source.describe()}: the Isle v1 adapter found no {', '.join(missing)} field. "
            f"Fields seen: {', '.join(columns)}. Convert the data to the canonical layout "
            "(see hf_datasets/) or the authors' CSV format and pass it as -T source=DIR, "
            "or report the upstream layout."
        )
    id_col = first_column(lower, ("item_id", "id", "idx", "index"))
    partition_col = first_column(lower, ("partition", "slice"))
    task_col = first_column(lower, ("task",))
    type_col = first_column(lower, ("type_of_dataset", "dataset"))

    def rows() -> Iterator[dict[str, Any]]:
        for index, row in enumerate(table):
            question = _PROMPT_TAIL.split(str(row[question_col] or ""), maxsplit=1)[0].strip()
            yield {
                "image": row[image_col],
                "item_id": str(row[id_col]) if id_col else str(index),
                "question": question,
                "gold_answer": row[label_col],
                "distractor": None,
                "partition": row[partition_col] if partition_col else None,
                "dataset": row[type_col] if type_col else dataset.type,
                "task": row[task_col] if task_col else infer_task(question),
            }

    return rows()


def infer_task(question: str) -> str:
    """Perspective-taking questions ask what someone sees; controls ask what is there."""
    return (
        "perspective-taking"
        if re.search(r"\bsees?\b", question, re.IGNORECASE)
        else "object-detection"
    )

"""The paper's grader prompt for Isle-Bricks v1 and Isle-Dots, and what the grader may reply.

The paper had a grader model (GPT-4, temperature 0, at most 16 tokens) map
every answer to an option value with a JSON document:

    {"INSTRUCTION": ..., "DETAILS": {"CONTEXT": <question>,
     "OPTIONS": {"A": ..., "B": ...}, "RESPONSE_FORMAT": ...},
     "MODEL_ANSWER": <answer>}

serialised with `json.dumps`. The texts (the instruction of each dataset type,
the response format) and the settings are data in `task_configs/isle_v1.yaml`;
this module assembles them. The payload matches the dataset type -- the
upstream script always sent the numeric (Dots) payload, even for Bricks; we
do not. Both list 'Unknown' in RESPONSE_FORMAT, so that a refusal is not
forced into Yes/No.

`sample_prompt` and `sample_valid_values` are the hooks the generic answer
mapping (:mod:`vpt_tasks.scorers.answer_mapping`) calls with a sample's metadata.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from vpt_tasks.core.text import numeric_sort_key
from vpt_tasks.isle_v1.spec import DatasetType, GraderSpec, load_spec
from vpt_tasks.scorers.options import UNKNOWN_VALUE

__all__ = [
    "ISLE_BRICK",
    "ISLE_DOTS",
    "dataset_kind",
    "mapping_payload",
    "mapping_prompt",
    "sample_prompt",
    "sample_valid_values",
    "valid_values",
]

ISLE_BRICK: DatasetType = "isle-brick"
ISLE_DOTS: DatasetType = "isle-dots"

_KIND_ALIASES: dict[str, DatasetType] = {
    "isle-brick": ISLE_BRICK,
    "isle-bricks": ISLE_BRICK,
    "isle_brick": ISLE_BRICK,
    "isle-brick-v1": ISLE_BRICK,
    "brick": ISLE_BRICK,
    "bricks": ISLE_BRICK,
    "isle-dots": ISLE_DOTS,
    "isle_dots": ISLE_DOTS,
    "isle-dot": ISLE_DOTS,
    "dots": ISLE_DOTS,
    "dot": ISLE_DOTS,
}


def dataset_kind(dataset_type: str) -> DatasetType:
    """Canonical dataset type (``isle-brick`` or ``isle-dots``) for an alias."""
    kind = _KIND_ALIASES.get(str(dataset_type).strip().lower())
    if kind is None:
        raise ValueError(
            f"unknown Isle v1 dataset type {dataset_type!r}; expected 'isle-brick' or 'isle-dots'"
        )
    return kind


def valid_values(dataset_type: str, options: Mapping[str, str]) -> list[str]:
    """Values the grader may return (besides ``Unknown``).

    Bricks: ``["Yes", "No"]``. Dots: the two counts on offer, ascending, so
    the instruction reads the same in both presentation orders.
    """
    if dataset_kind(dataset_type) == ISLE_BRICK:
        return ["Yes", "No"]
    values = [str(v).strip() for v in options.values()]
    return sorted(dict.fromkeys(values), key=numeric_sort_key)


def _quoted(values: Sequence[str]) -> str:
    return ", ".join(f"'{v}'" for v in values)


def mapping_payload(
    question: str,
    options: Mapping[str, str],
    model_answer: str,
    dataset_type: str,
    grader: GraderSpec | None = None,
) -> dict[str, Any]:
    """The grader's JSON document as a dict (see :func:`mapping_prompt`).

    ``options`` is the A/B pair in the order the model saw it, so the grader
    can resolve a bare letter in the answer. ``grader`` defaults to the task
    config's texts.
    """
    texts = grader or load_spec().grader
    kind = dataset_kind(dataset_type)
    valid = valid_values(kind, options)
    instruction = texts.instructions[kind].format(valid=_quoted(valid))
    response_format = texts.response_format.format(
        values=_quoted([*valid, UNKNOWN_VALUE]), unknown=UNKNOWN_VALUE
    )
    return {
        "INSTRUCTION": instruction,
        "DETAILS": {
            "CONTEXT": str(question),
            "OPTIONS": {"A": str(options["A"]), "B": str(options["B"])},
            "RESPONSE_FORMAT": response_format,
        },
        "MODEL_ANSWER": str(model_answer),
    }


def mapping_prompt(
    question: str,
    options: Mapping[str, str],
    model_answer: str,
    dataset_type: str,
    grader: GraderSpec | None = None,
) -> str:
    """The Isle v1 answer-mapping prompt, serialised with :func:`json.dumps`.

    Bricks: INSTRUCTION "Map the MODEL_ANSWER to 'Yes' or 'No' ...";
    Dots: "Map the MODEL_ANSWER to one of the values '3', '4' ... Map to
    'Unknown' if no match is found."
    """
    return json.dumps(mapping_payload(question, options, model_answer, dataset_type, grader))


def sample_prompt(metadata: Mapping[str, Any], options: Mapping[str, str], answer: str) -> str:
    """The mapping prompt of one sample (its `question` and `dataset` metadata)."""
    return mapping_prompt(metadata["question"], options, answer, metadata["dataset"])


def sample_valid_values(metadata: Mapping[str, Any], options: Mapping[str, str]) -> list[str]:
    """The values the grader may reply with for one sample (its `dataset` metadata)."""
    return valid_values(metadata["dataset"], options)

"""The paper's grader prompt for Isle-Bricks v1 and Isle-Dots, and what the grader may reply.

The paper had a grader model (GPT-4, temperature 0, at most 16 tokens) map
every answer to an option value with a JSON document:

    {"INSTRUCTION": ..., "DETAILS": {"CONTEXT": <question>,
     "OPTIONS": {"A": ..., "B": ...}, "RESPONSE_FORMAT": ...},
     "MODEL_ANSWER": <answer>}

serialised with `json.dumps`. The texts (the instruction of each dataset type,
the response format) and the settings are data in `task_configs/isle_v1.yaml`;
this module assembles them. The texts are the released code's
verbatim (`answer_mapping.py` of the authors' repository): CONTEXT is the
prompt before its option list, the values are listed in the order shown, the
document is indented by 4. One difference: the payload matches the dataset
type -- the released script always sent the numeric (Dots) payload, even for
Bricks; we do not.

`sample_prompt` and `sample_valid_values` are the hooks the generic answer
mapping (:mod:`vpt_tasks.scorers.answer_mapping`) calls with a sample's metadata.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from vpt_tasks.core.templates import fill
from vpt_tasks.isle_v1.spec import DatasetType, GraderSpec, load_spec

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

    Bricks: ``["Yes", "No"]``. Dots: the two counts on offer, in the order shown
    (A's first), as the released code lists them.
    """
    if dataset_kind(dataset_type) == ISLE_BRICK:
        return ["Yes", "No"]
    return list(dict.fromkeys(str(v).strip() for v in options.values()))


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

    ``question`` is the CONTEXT: the prompt's text before its option list (the
    question and its instruction sentence, as the released code sends it).
    ``options`` is the A/B pair in the order the model saw it, so the grader
    can resolve a bare letter in the answer. ``grader`` defaults to the task
    config's texts.
    """
    texts = grader or load_spec().grader
    kind = dataset_kind(dataset_type)
    valid = _quoted(valid_values(kind, options))
    where = "task_configs/isle_v1.yaml grader"
    instruction = fill(texts.instructions[kind], {"valid": valid}, where=where)
    response_format = fill(texts.response_formats[kind], {"valid": valid}, where=where)
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
    texts = grader or load_spec().grader
    payload = mapping_payload(question, options, model_answer, dataset_type, texts)
    return json.dumps(payload, indent=texts.indent)


def sample_prompt(metadata: Mapping[str, Any], options: Mapping[str, str], answer: str) -> str:
    """The mapping prompt of one sample: its `context` (the prompt before the options; the
    `question` for samples made before it was recorded) and `dataset` metadata."""
    context = metadata.get("context") or metadata["question"]
    return mapping_prompt(context, options, answer, metadata["dataset"])


def sample_valid_values(metadata: Mapping[str, Any], options: Mapping[str, str]) -> list[str]:
    """The values the grader may reply with for one sample (its `dataset` metadata)."""
    return valid_values(metadata["dataset"], options)

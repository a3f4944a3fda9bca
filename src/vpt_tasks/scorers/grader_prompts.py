"""Prompt builders and reply parsers for the grader-model role.

Pure functions only: the scorers that call a grader model build the prompt
here, send it, and parse the reply here, so the wording and the parsing can
be tested without a model.

* Isle-Bricks v1 / Isle-Dots: the paper's JSON mapping prompt (INSTRUCTION,
  DETAILS {CONTEXT, OPTIONS {A, B}, RESPONSE_FORMAT}, MODEL_ANSWER), with the
  payload matching the dataset type -- the upstream script always sent the
  numeric (Dots) payload, even for Bricks; we do not. The grader's reply is
  normalised (quotes, periods, case) before it is compared, another upstream
  omission.
* Omni-Perspective: a VLMEvalKit-style matching prompt for the LLM judge
  ("output the single most similar option letter, or Z if none"); its reply
  is parsed with the same rules as :func:`~vpt_tasks.scorers.options.extract_option`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from vpt_tasks.scorers.options import (
    UNKNOWN_VALUE,
    OptionMatch,
    extract_option,
    number_synonyms,
)

__all__ = [
    "ISLE_BRICK",
    "ISLE_DOTS",
    "ISLE_GRADER_MAX_TOKENS",
    "ISLE_GRADER_TEMPERATURE",
    "OMNI_JUDGE_MAX_TRIES",
    "isle_dataset_kind",
    "isle_valid_values",
    "build_isle_mapping_payload",
    "build_isle_mapping_prompt",
    "normalise_grader_reply",
    "build_omni_judge_prompt",
    "parse_omni_judge_reply",
]

ISLE_BRICK = "isle-brick"
ISLE_DOTS = "isle-dots"
#: The paper's grader settings (GPT-4, temperature 0, at most 16 tokens).
ISLE_GRADER_MAX_TOKENS = 16
ISLE_GRADER_TEMPERATURE = 0.0
#: Bounded number of judge calls per answer before giving up (never random).
OMNI_JUDGE_MAX_TRIES = 3

_KIND_ALIASES = {
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

_BRICK_INSTRUCTION = (
    "Map the MODEL_ANSWER to 'Yes' or 'No' based on the CONTEXT and the provided OPTIONS."
)
_DOTS_INSTRUCTION = (
    "Map the MODEL_ANSWER to one of the values {valid} based on the CONTEXT and the "
    "provided OPTIONS. Map to 'Unknown' if no match is found."
)


def isle_dataset_kind(dataset_type: str) -> str:
    """Canonical dataset type (``isle-brick`` or ``isle-dots``) for an alias."""
    kind = _KIND_ALIASES.get(str(dataset_type).strip().lower())
    if kind is None:
        raise ValueError(
            f"unknown Isle v1 dataset type {dataset_type!r}; expected 'isle-brick' or 'isle-dots'"
        )
    return kind


def _sort_key(value: str) -> tuple[int, float, str]:
    try:
        return (0, float(value), value)
    except ValueError:
        return (1, 0.0, value)


def isle_valid_values(dataset_type: str, options: Mapping[str, str]) -> list[str]:
    """Values the grader may return (besides ``Unknown``).

    Bricks: ``["Yes", "No"]``. Dots: the two counts on offer, ascending, so
    the instruction reads the same in both presentation orders.
    """
    if isle_dataset_kind(dataset_type) == ISLE_BRICK:
        return ["Yes", "No"]
    values = [str(v).strip() for v in options.values()]
    return sorted(dict.fromkeys(values), key=_sort_key)


def _quoted(values: Sequence[str]) -> str:
    return ", ".join(f"'{v}'" for v in values)


def build_isle_mapping_payload(
    question: str,
    options: Mapping[str, str],
    model_answer: str,
    dataset_type: str,
) -> dict[str, Any]:
    """The grader's JSON document as a dict (see :func:`build_isle_mapping_prompt`).

    ``options`` is the A/B pair in the order the model saw it, so the grader
    can resolve a bare letter in the answer.
    """
    kind = isle_dataset_kind(dataset_type)
    valid = isle_valid_values(kind, options)
    if kind == ISLE_BRICK:
        instruction = _BRICK_INSTRUCTION
    else:
        instruction = _DOTS_INSTRUCTION.format(valid=_quoted(valid))
    response_format = (
        f"Respond only with one of: {_quoted([*valid, UNKNOWN_VALUE])}. "
        f"Use '{UNKNOWN_VALUE}' if the MODEL_ANSWER matches no option."
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


def build_isle_mapping_prompt(
    question: str,
    options: Mapping[str, str],
    model_answer: str,
    dataset_type: str,
) -> str:
    """The Isle v1 answer-mapping prompt, serialised with :func:`json.dumps`.

    Bricks: INSTRUCTION "Map the MODEL_ANSWER to 'Yes' or 'No' ...";
    Dots: "Map the MODEL_ANSWER to one of the values '3', '4' ... Map to
    'Unknown' if no match is found." Both list 'Unknown' in RESPONSE_FORMAT
    so a refusal is not forced into Yes/No.
    """
    return json.dumps(build_isle_mapping_payload(question, options, model_answer, dataset_type))


# --------------------------------------------------------------------------
# Grader reply normalisation
# --------------------------------------------------------------------------

_FENCE = re.compile(r"^```[a-zA-Z]*\s*|\s*```$")
_STRIP_CHARS = " \t\r\n\"'`.,;:!?()[]{}*<>"
_REPLY_KEYS = ("MAPPED_ANSWER", "ANSWER", "MAPPING", "RESULT", "RESPONSE", "VALUE", "MODEL_ANSWER")


def _unwrap_json(reply: str) -> str:
    """If the grader replied with JSON, pull out the answer string."""
    text = _FENCE.sub("", reply.strip())
    if text[:1] not in ("{", '"'):
        return reply
    try:
        data = json.loads(text)
    except (ValueError, TypeError):
        return reply
    if isinstance(data, str):
        return data
    if isinstance(data, dict):
        upper = {str(k).upper(): v for k, v in data.items()}
        for key in _REPLY_KEYS:
            if isinstance(upper.get(key), (str, int, float)):
                return str(upper[key])
        scalars = [v for v in data.values() if isinstance(v, (str, int, float))]
        if len(scalars) == 1:
            return str(scalars[0])
    return reply


def normalise_grader_reply(
    reply: str | None,
    valid_values: Sequence[str],
    options: Mapping[str, str] | None = None,
) -> str | None:
    """Canonicalise a grader reply to one of ``valid_values`` or ``"Unknown"``.

    Strips whitespace, quotes, markdown and punctuation and case-folds
    ("'yes'." -> "Yes", "**No**" -> "No", "Three" -> "3" when "3" is valid).
    A reply that is exactly one option letter maps through ``options``. A
    longer reply naming exactly one valid value ("The answer maps to 'No'.")
    maps to it. Anything else -- including "Unknown" -- is ``"Unknown"``.
    Returns ``None`` only for an empty reply (nothing to score; retry).
    """
    if reply is None:
        return None
    raw = _unwrap_json(str(reply))
    text = raw.strip(_STRIP_CHARS).strip()
    if not text:
        return None
    folded = re.sub(r"\s+", " ", text).casefold()
    forms = {v: number_synonyms(v) for v in valid_values}

    for value, spellings in forms.items():
        if folded in spellings:
            return value
    if folded == UNKNOWN_VALUE.casefold():
        return UNKNOWN_VALUE
    if options is not None and len(folded) == 1:
        for letter, value in options.items():
            if folded == str(letter).casefold():
                for canonical, spellings in forms.items():
                    if str(value).strip().casefold() in spellings:
                        return canonical
    hits = {
        value
        for value, spellings in forms.items()
        for s in spellings
        if re.search(r"(?<!\w)" + re.escape(s) + r"(?!\w)", folded)
    }
    if len(hits) == 1 and not re.search(r"(?<!\w)unknown(?!\w)", folded):
        return hits.pop()
    return UNKNOWN_VALUE


# --------------------------------------------------------------------------
# Omni-Perspective LLM judge
# --------------------------------------------------------------------------

_IMAGE_PLACEHOLDER = re.compile(r"<image[^>]*>", re.IGNORECASE)

_OMNI_JUDGE_TEMPLATE = """\
You are an AI assistant who helps match an answer to the options of a \
single-choice question. You are given a question, its options and an answer. \
Find the option whose meaning is most similar to the answer. If the answer \
refuses to answer, selects no option, or its meaning is significantly \
different from every option, output Z.
Output the single most similar option letter ({letters}), or Z if none. \
Output only that one uppercase letter.

Example 1:
Question: What is the main object in the image?
Options:
A. teddy bear
B. rabbit
C. cat
D. dog
Answer: a cute teddy bear
Your output: A

Example 2:
Question: What is the main object in the image?
Options:
A. teddy bear
B. rabbit
C. cat
D. dog
Answer: Spider
Your output: Z

Example 3:
Question: {question}
Options:
{options}
Answer: {answer}
Your output:"""


def _format_options(options: Mapping[str, str]) -> str:
    return "\n".join(f"{str(k).strip().upper()}. {str(v).strip()}" for k, v in options.items())


def build_omni_judge_prompt(question: str, options: Mapping[str, str], answer: str) -> str:
    """The judge prompt for an answer no deterministic rule could map.

    In the style of VLMEvalKit's ``build_prompt``: instructions, two worked
    examples (a match and a "Z"), then the question (image placeholders
    replaced by "[image]" since the judge sees text only), the lettered
    options one per line, and the model's answer.
    """
    letters = ", ".join(str(k).strip().upper() for k in options)
    q = _IMAGE_PLACEHOLDER.sub("[image]", str(question)).strip()
    return _OMNI_JUDGE_TEMPLATE.format(
        letters=letters,
        question=q,
        options=_format_options(options),
        answer=str(answer).strip(),
    )


def parse_omni_judge_reply(reply: str | None, options: Mapping[str, str]) -> OptionMatch:
    """Parse the judge's reply with the rules of :func:`extract_option`.

    "B" -> B, "Z" -> Z, "Your output: (C)" -> C; an unparseable reply is
    undecided, and the caller retries up to :data:`OMNI_JUDGE_MAX_TRIES`
    times before scoring the answer as unmatched (never a random pick).
    """
    return extract_option(reply or "", options)

"""The grader-model role as a judge: prompts in, replies normalised out.

Pure functions only: a scorer that asks the `grader` model role builds the
prompt here from the text its benchmark passes in, sends it, and reads the
reply here, so that the wording and the parsing can be tested without a model.
No prompt wording lives in this module; benchmarks keep theirs in
`task_configs/<benchmark>.yaml`.

Two kinds of judge:

* **value grader** (scorer kind "answer mapping with a grader", see
  :mod:`vpt_tasks.scorers.answer_mapping`): the grader replies with one of the
  option *values* it was offered ("Yes", "3", "Unknown").
  :func:`normalise_grader_reply` canonicalises that reply -- quotes, periods,
  markdown, case, JSON wrappers, number words, a bare option letter -- to one
  of the valid values, because graders rarely reply with the bare value.
* **choice judge** (scorer kind "merge match", see
  :mod:`vpt_tasks.scorers.merge_match`): the judge is shown the question, the
  lettered options and the answer and names the most similar option letter,
  or `Z` for none. :class:`ChoiceJudge` holds the benchmark's prompt template
  and call settings; :func:`choice_judge_prompt` fills the template and
  :func:`parse_choice_judge_reply` reads the reply with the same rules as
  :func:`~vpt_tasks.scorers.options.extract_option`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from vpt_tasks.scorers.options import (
    UNKNOWN_VALUE,
    OptionMatch,
    extract_option,
    number_synonyms,
)

__all__ = [
    "IMAGE_PLACEHOLDER",
    "ChoiceJudge",
    "choice_judge_prompt",
    "normalise_grader_reply",
    "parse_choice_judge_reply",
]

# --------------------------------------------------------------------------
# Value grader: reply normalisation
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
    A JSON reply (``{"MAPPED_ANSWER": "No"}``, fenced or not) is unwrapped
    first. A reply that is exactly one option letter maps through ``options``.
    A longer reply naming exactly one valid value ("The answer maps to
    'No'.") maps to it. Anything else -- including "Unknown" -- is
    ``"Unknown"``. Returns ``None`` only for an empty reply (nothing to score).
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
# Choice judge (merge match)
# --------------------------------------------------------------------------

IMAGE_PLACEHOLDER = re.compile(r"<image[^>]*>", re.IGNORECASE)
"""Image placeholders in a question; the judge sees text only, so they become "[image]"."""


@dataclass(frozen=True)
class ChoiceJudge:
    """The choice judge of merge match: the benchmark's prompt and how it is called.

    The judge is called at most `max_tries` times per answer, while its
    replies name no option; try i runs at `temperatures[i]` (the last one
    repeats), so the first try can be deterministic and later ones may read
    the answer differently.
    """

    template: str
    """The prompt, with the fields `{letters}` ("A, B, C, D"), `{question}`,
    `{options}` (one "A. text" line per option) and `{answer}`."""
    max_tries: int = 3
    temperatures: tuple[float, ...] = (0.0,)
    max_tokens: int = 32

    def __post_init__(self) -> None:
        if self.max_tries < 1:
            raise ValueError("max_tries must be at least 1")

    def temperature(self, attempt: int) -> float:
        """The temperature of try `attempt` (0-based)."""
        temperatures = self.temperatures or (0.0,)
        return temperatures[min(attempt, len(temperatures) - 1)]

    def prompt(self, question: str, options: Mapping[str, str], answer: str) -> str:
        """This judge's prompt for one answer (see :func:`choice_judge_prompt`)."""
        return choice_judge_prompt(self.template, question, options, answer)


def _format_options(options: Mapping[str, str]) -> str:
    return "\n".join(f"{str(k).strip().upper()}. {str(v).strip()}" for k, v in options.items())


def choice_judge_prompt(
    template: str, question: str, options: Mapping[str, str], answer: str
) -> str:
    """Fill a choice-judge prompt template for an answer no deterministic rule could map.

    `{letters}` gets the option letters ("A, B, C, D"), `{question}` the
    question with its image placeholders replaced by "[image]" (the judge sees
    text only), `{options}` the lettered options one per line ("A. left") and
    `{answer}` the model's answer, stripped.
    """
    letters = ", ".join(str(k).strip().upper() for k in options)
    text = IMAGE_PLACEHOLDER.sub("[image]", str(question)).strip()
    return template.format(
        letters=letters,
        question=text,
        options=_format_options(options),
        answer=str(answer).strip(),
    )


def parse_choice_judge_reply(reply: str | None, options: Mapping[str, str]) -> OptionMatch:
    """Read the judge's reply with the rules of :func:`extract_option`.

    "B" -> B, "Z" -> Z, "Your output: (C)" -> C; an unparseable reply is
    undecided, and the caller asks again (up to `ChoiceJudge.max_tries`)
    before scoring the answer as unmatched -- never a random pick.
    """
    return extract_option(reply or "", options)

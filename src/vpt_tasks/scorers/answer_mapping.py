"""Scorer kind "answer mapping with a grader": free text -> option value or Unknown.

For two-option questions whose option *values* matter ("Yes"/"No", two
counts), asked in both option orders (Isle-Bricks v1, Isle-Dots). Who reads an
answer is the `-T grader=` mode of :mod:`vpt_tasks.scorers.cascade` (one flow,
one metadata vocabulary for every scorer kind):

1. **rules** -- :func:`vpt_tasks.scorers.options.read_option` decides only when
   the answer has one reading (a letter, "Answer: B", the option value "No" or
   "3", ...); an answer that picks no option (a refusal) is Unknown; anything
   in doubt is left to the grader.
2. **grader** -- the `grader` model role gets the benchmark's prompt (a
   :class:`GraderPrompt`; the answer travels inside it as quoted data) and
   replies with one of the values (a :class:`ValidValues`) or "Unknown". A
   reply that is empty, cut off, or names no value is no reading: the sample
   ends in error (:class:`~vpt_tasks.scorers.cascade.GraderReplyError`) and
   `inspect eval-retry` asks again.
3. **undecided** -- without a grader, an answer the rules cannot read scores 0
   and is counted (`undecided`).

Score metadata: the cascade's vocabulary (`decided_by`, `reading` = the option
letter or "Z", `why`, `rules_reading`, `grader_reply`) plus `chosen` (the option
value, or "Unknown") and `chosen_letter`. The sample must carry `options`
(letter -> value as shown in this order), `gold_letter` and `gold_answer`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from inspect_ai.model import GenerateConfig, get_model
from inspect_ai.scorer import Scorer, Target
from inspect_ai.solver import TaskState

from vpt_tasks.scorers.cascade import (
    GraderMode,
    GraderReading,
    GraderReplyError,
    RulesReading,
    ScoredReading,
    read_answer,
)
from vpt_tasks.scorers.judge import ask_grader_model, normalise_grader_reply
from vpt_tasks.scorers.options import NO_OPTION, UNKNOWN_VALUE, number_synonyms, read_option

__all__ = [
    "KIND",
    "GraderPrompt",
    "ValidValues",
    "answer_mapping",
    "letter_of_value",
    "scored_letter",
]


class GraderPrompt(Protocol):
    """The benchmark's grader prompt for one answer."""

    def __call__(
        self, metadata: Mapping[str, Any], options: Mapping[str, str], answer: str
    ) -> str: ...


class ValidValues(Protocol):
    """The values the grader may reply with (besides Unknown) for one sample."""

    def __call__(
        self, metadata: Mapping[str, Any], options: Mapping[str, str]
    ) -> Sequence[str]: ...


def letter_of_value(value: str, options: Mapping[str, str]) -> str:
    """The letter of the option shown with `value` ("Z" for Unknown or a value not shown)."""
    for letter, shown in options.items():
        if str(shown).strip().casefold() in number_synonyms(value):
            return letter
    return NO_OPTION


KIND = "answer_mapping"
"""The score metadata `kind` of this scorer kind (what `vpt-tasks adjudicate` re-scores by)."""


def scored_letter(letter: str | None, metadata: Mapping[str, Any]) -> ScoredReading:
    """The score of reading `letter` ("Z": no option; None: undecided) for a sample whose
    metadata holds its `options`, `gold_letter` and `gold_answer`."""
    options: Mapping[str, str] = metadata["options"]
    chosen_letter = letter if letter in options else None
    chosen = options[letter] if chosen_letter else (UNKNOWN_VALUE if letter == NO_OPTION else None)
    correct = chosen_letter is not None and chosen_letter == metadata["gold_letter"]
    return ScoredReading(
        value=1.0 if correct else 0.0,
        answer=chosen or "",
        explanation=(
            f"read as {chosen_letter or '-'} = {chosen or 'undecided'!r}; "
            f"gold {metadata['gold_letter']} = {metadata['gold_answer']!r}"
        ),
        metadata={"kind": KIND, "chosen": chosen, "chosen_letter": chosen_letter},
    )


def answer_mapping(
    *,
    prompt: GraderPrompt,
    valid_values: ValidValues,
    grader_config: GenerateConfig,
    grader: GraderMode = "auto",
) -> Scorer:
    """Map each answer to an option value (rules and/or the grader) and score it against the gold.

    Args:
        prompt: builds the grader's prompt from the sample metadata, the options shown
            and the answer.
        valid_values: the values the grader's reply is read as.
        grader_config: generation settings of a grader call.
        grader: `auto`, `rules`, `llm` or `both` (:mod:`vpt_tasks.scorers.cascade`).
    """

    def rules(answer: str, state: TaskState) -> RulesReading:
        read = read_option(
            answer, state.metadata["options"], question=state.metadata.get("question")
        )
        return RulesReading(read.letter, read.reason)

    async def ask(answer: str, state: TaskState) -> GraderReading:
        meta = state.metadata
        options: dict[str, str] = meta["options"]
        model = get_model(role="grader", required=True)
        output = await ask_grader_model(model, prompt(meta, options, answer), grader_config)
        value = normalise_grader_reply(output.completion, valid_values(meta, options), options)
        if value is None:
            truncated = output.stop_reason == "max_tokens"
            raise GraderReplyError(
                f"the grader's reply {output.completion!r} is "
                + ("cut off at its token limit" if truncated else "empty or names no option value")
                + "; the sample is left unscored: `inspect eval-retry <log>` asks again"
                + (" (raise the grader's max_tokens)" if truncated or not output.completion else "")
            )
        letter = NO_OPTION if value == UNKNOWN_VALUE else letter_of_value(value, options)
        return GraderReading(letter, output.completion)

    def value(letter: str | None, state: TaskState, target: Target) -> ScoredReading:
        return scored_letter(letter, state.metadata)

    return read_answer(rules=rules, grader=ask, value=value, mode=grader, no_answer=NO_OPTION)

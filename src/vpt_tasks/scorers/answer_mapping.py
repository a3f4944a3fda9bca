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
   replies with one of the values (a :class:`ValidValues`) or "Unknown"
   (:func:`read_mapping_reply`). A reply that names no value, two values or a
   negated one ("not 3") leaves the answer undecided (`grader_unreadable`); an
   empty or cut-off reply is no reply: the sample ends in error
   (:class:`~vpt_tasks.scorers.cascade.GraderReplyError`) and `inspect
   eval-retry` asks again.
3. **undecided** -- without a grader, or with a reply the grader check cannot
   read, an answer the rules cannot read scores 0 and is counted (`undecided`).

Score metadata: the cascade's vocabulary (`decided_by`, `reading` = the option
letter or "Z", `why`, `rules_reading`, `grader_reply`) plus `chosen` (the option
value, or "Unknown") and `chosen_letter`. The sample must carry `options`
(letter -> value as shown in this order), `gold_letter` and `gold_answer`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from inspect_ai.model import GenerateConfig, Model, ModelOutput, get_model
from inspect_ai.scorer import Scorer, Target
from inspect_ai.solver import TaskState

from vpt_tasks.scorers.cascade import (
    GraderMode,
    GraderReading,
    RulesReading,
    ScoredReading,
    read_answer,
)
from vpt_tasks.scorers.judge import (
    ask_grader_model,
    grader_value,
    no_reply,
    no_reply_error,
    unreadable,
)
from vpt_tasks.scorers.options import NO_OPTION, UNKNOWN_VALUE, number_synonyms, read_option

__all__ = [
    "KIND",
    "GraderPrompt",
    "ValidValues",
    "answer_mapping",
    "ask_mapping_grader",
    "letter_of_value",
    "read_mapping_reply",
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


def read_mapping_reply(
    output: ModelOutput, valid_values: Sequence[str], options: Mapping[str, str]
) -> GraderReading:
    """What one grader reply says: the option letter of its value (`Z` for "Unknown"), or
    undecided (`grader_unreadable (...)`) when it names no value, two, or a negated one.

    Raises GraderReplyError when it is no reply (empty, cut off at its token limit): the
    sample errors, and `inspect eval-retry` asks again.
    """
    value, problem = grader_value(output.completion, valid_values, options)
    if value is not None:
        letter = NO_OPTION if value == UNKNOWN_VALUE else letter_of_value(value, options)
        return GraderReading(letter, output.completion)
    cause = no_reply(output)
    if cause is not None:
        raise no_reply_error(output, cause)
    return GraderReading(None, output.completion, why=unreadable(problem))


async def ask_mapping_grader(
    model: Model,
    prompt: str,
    valid_values: Sequence[str],
    options: Mapping[str, str],
    config: GenerateConfig,
) -> GraderReading:
    """One grader call for one answer, its reply read by :func:`read_mapping_reply`."""
    output = await ask_grader_model(model, prompt, config)
    return read_mapping_reply(output, valid_values, options)


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
        return await ask_mapping_grader(
            model,
            prompt(meta, options, answer),
            valid_values(meta, options),
            options,
            grader_config,
        )

    def value(letter: str | None, state: TaskState, target: Target) -> ScoredReading:
        return scored_letter(letter, state.metadata)

    return read_answer(rules=rules, grader=ask, value=value, mode=grader, no_answer=NO_OPTION)

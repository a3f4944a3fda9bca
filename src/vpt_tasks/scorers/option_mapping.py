"""Answer mapping for Isle-Bricks v1 and Isle-Dots: free text → option value or Unknown.

The paper had a grader model (GPT-4, temperature 0, at most 16 tokens) map
every answer to an option value. Here the mapping goes in two passes:

1. **rules** (:func:`first_pass`): an empty answer or a provider content
   filter is Unknown at once; otherwise
   :func:`~vpt_tasks.scorers.options.map_two_option_answer` reads a lone
   letter, "Answer: B", "(B)", a final "... so B", or the option value itself
   ("No", "3", "three"); a refusal phrase is Unknown. Answers naming both
   options, or whose letter and value contradict, stay undecided.
2. **grader** (:func:`ask_grader`): an undecided answer goes to the `grader`
   model role with the paper's JSON mapping prompt, with the payload of the
   dataset type (the upstream code always sent the numeric one). The reply is
   normalised (quotes, periods, case, "three" → "3", a bare letter) to an
   option value or Unknown. A grader error or an empty reply makes the
   sample Unknown with the reason; the other order of the item is scored
   on its own, never dropped.

With `grader="none"` undecided answers are Unknown (reason `no_grader`) and
no grader is called. Every score records which path decided, the rule, the
grader's raw reply and, for Unknown, the reason; `isle_v1_mapping` counts them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Literal

from inspect_ai.model import GenerateConfig, Model, get_model
from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState

from vpt_tasks.isle_v1.metrics import isle_v1_mapping, isle_v1_orders, isle_v1_positions
from vpt_tasks.scorers.grader_prompts import (
    ISLE_GRADER_MAX_TOKENS,
    ISLE_GRADER_TEMPERATURE,
    build_isle_mapping_prompt,
    isle_valid_values,
    normalise_grader_reply,
)
from vpt_tasks.scorers.options import (
    NO_OPTION_LETTER,
    UNKNOWN_VALUE,
    map_two_option_answer,
    number_synonyms,
)

GraderMode = Literal["role", "none"]
GRADER_MODES: tuple[GraderMode, ...] = ("role", "none")
MappingPath = Literal["rules", "grader", "none"]


@dataclass(frozen=True)
class OptionMapping:
    """Where one answer landed, and how."""

    chosen: str
    """The option value chosen ("Yes", "3", ...) or "Unknown"."""
    chosen_letter: str | None
    """The letter of that option as shown in this order, None for Unknown."""
    path: MappingPath
    """`rules` (deterministic pass), `grader`, or `none` (no mapping attempted)."""
    rule: str | None = None
    """The deterministic rule that decided (see `vpt_tasks.scorers.options.RULES`)."""
    unknown_reason: str | None = None
    """For Unknown: one of `vpt_tasks.isle_v1.metrics.UNKNOWN_REASONS`."""
    grader_called: bool = False
    grader_reply: str | None = None
    """The grader's raw reply, unnormalised."""
    grader_error: str | None = None


def _unknown(path: MappingPath, reason: str, **details: object) -> OptionMapping:
    return OptionMapping(UNKNOWN_VALUE, None, path, unknown_reason=reason, **details)  # type: ignore[arg-type]


def first_pass(
    answer: str, options: Mapping[str, str], *, refused: bool = False
) -> OptionMapping | None:
    """The deterministic pass; None when no rule decides (ask the grader)."""
    if refused:
        return _unknown("none", "refusal", rule="content_filter")
    if not answer.strip():
        return _unknown("none", "empty_answer")
    match = map_two_option_answer(answer, options)
    if not match.decided:
        return None
    if match.letter == NO_OPTION_LETTER:
        return _unknown("rules", "refusal", rule=match.rule)
    assert match.letter is not None
    return OptionMapping(options[match.letter], match.letter, "rules", rule=match.rule)


def from_grader_reply(
    reply: str | None, options: Mapping[str, str], dataset_type: str
) -> OptionMapping:
    """Normalise the grader's reply to one of the options shown, or Unknown with the reason."""
    value = normalise_grader_reply(reply, isle_valid_values(dataset_type, options), options)
    details = {"grader_called": True, "grader_reply": reply}
    if value is None:
        return _unknown("grader", "grader_empty_reply", **details)
    for letter, shown in options.items():
        if str(shown).strip().casefold() in number_synonyms(value):
            return OptionMapping(shown, letter, "grader", grader_called=True, grader_reply=reply)
    return _unknown("grader", "grader_unknown", **details)


async def ask_grader(
    grader: Model, question: str, options: Mapping[str, str], answer: str, dataset_type: str
) -> OptionMapping:
    """One call of the grader with the paper's mapping prompt; failures become Unknown."""
    prompt = build_isle_mapping_prompt(question, options, answer, dataset_type)
    try:
        output = await grader.generate(
            prompt,
            config=GenerateConfig(
                temperature=ISLE_GRADER_TEMPERATURE, max_tokens=ISLE_GRADER_MAX_TOKENS
            ),
        )
    except Exception as error:  # noqa: BLE001 - a grader failure is scored visibly, not raised
        return _unknown(
            "grader", "grader_error", grader_called=True, grader_error=describe_error(error)
        )
    return from_grader_reply(output.completion, options, dataset_type)


def describe_error(error: BaseException) -> str:
    """`Type: message` of the error, unwrapping the retry wrapper Inspect raises after its retries."""
    from tenacity import RetryError

    if isinstance(error, RetryError) and error.last_attempt.failed:
        cause = error.last_attempt.exception()
        if cause is not None:
            error = cause
    return f"{type(error).__name__}: {error}"


@scorer(metrics=[isle_v1_orders(), isle_v1_positions(), isle_v1_mapping()])
def option_mapping(grader: GraderMode = "role") -> Scorer:
    """Map each answer to an option value (rules, then the grader) and score it against the gold.

    Args:
        grader: `role` (undecided answers go to the `grader` model role, which
            must be bound) or `none` (undecided answers are Unknown).
    """
    if grader not in GRADER_MODES:
        raise ValueError(f"grader must be one of {', '.join(GRADER_MODES)}, not {grader!r}")

    async def score(state: TaskState, target: Target) -> Score:
        meta = state.metadata
        options: dict[str, str] = meta["options"]
        answer = state.output.completion if state.output else ""
        refused = state.output is not None and state.output.stop_reason == "content_filter"
        mapping = first_pass(answer, options, refused=refused)
        if mapping is None and grader == "none":
            mapping = _unknown("none", "no_grader")
        elif mapping is None:
            # a missing role is a configuration error, raised (the task checks it up front)
            model = get_model(role="grader", required=True)
            mapping = await ask_grader(model, meta["question"], options, answer, meta["dataset"])
        correct = mapping.chosen_letter is not None and mapping.chosen_letter == meta["gold_letter"]
        how = mapping.path + (f" ({mapping.rule})" if mapping.rule else "")
        why = f", {mapping.unknown_reason}" if mapping.unknown_reason else ""
        return Score(
            value=1.0 if correct else 0.0,
            answer=mapping.chosen,
            explanation=(
                f"mapped to {mapping.chosen_letter or '-'} = {mapping.chosen!r} by {how}{why}; "
                f"gold {meta['gold_letter']} = {meta['gold_answer']!r}"
            ),
            metadata={**asdict(mapping), "refused": refused},
        )

    return score

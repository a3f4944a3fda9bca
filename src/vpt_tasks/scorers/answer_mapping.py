"""Scorer kind "answer mapping with a grader": free text → option value or Unknown.

For two-option questions whose option *values* matter ("Yes"/"No", two
counts), asked in both option orders. Each answer is mapped in two passes:

1. **rules** (:func:`first_pass`): an empty answer or a provider content
   filter is Unknown at once; otherwise
   :func:`~vpt_tasks.scorers.options.map_two_option_answer` reads a lone
   letter, "Answer: B", "(B)", a final "... so B", or the option value itself
   ("No", "3", "three"); a refusal phrase is Unknown. Answers naming both
   options, or whose letter and value contradict, stay undecided.
2. **grader** (:func:`ask_grader`): an undecided answer goes to the `grader`
   model role with the prompt the benchmark builds (a `GraderPrompt`). The
   reply is normalised (:func:`~vpt_tasks.scorers.judge.normalise_grader_reply`:
   quotes, periods, case, "three" → "3", a bare letter) to one of the valid
   values the benchmark names (a `ValidValues`), then to the option shown
   with that value, or Unknown. A grader error or an empty reply makes the
   sample Unknown with the reason; the other order of the item is scored on
   its own, never dropped.

With `grader="none"` undecided answers are Unknown (reason `no_grader`) and
no grader is called. Every score records which path decided, the rule, the
grader's raw reply and, for Unknown, the reason.

Parts:

- `answer_mapping(prompt=..., valid_values=..., grader_config=..., grader=...)`:
  the builder. It returns the async `score` coroutine, undecorated: the
  benchmark wraps it in its own `@scorer(metrics=[...])` with its run-level
  metrics and, from here, `answer_mapping_paths()`.
- `answer_mapping_paths()`: counts of the mapping paths and Unknown reasons.

The sample must carry, in its metadata, `options` (letter → value as shown in
this order) and `gold_letter`; `gold_answer` is named in the explanation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal, Protocol

from inspect_ai.model import GenerateConfig, Model, get_model
from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, metric
from inspect_ai.solver import TaskState

from vpt_tasks.scorers.judge import normalise_grader_reply
from vpt_tasks.scorers.options import (
    NO_OPTION_LETTER,
    UNKNOWN_VALUE,
    map_two_option_answer,
    number_synonyms,
)

__all__ = [
    "GRADER_FAILURES",
    "GRADER_MODES",
    "UNKNOWN_REASONS",
    "GraderMode",
    "GraderPrompt",
    "OptionMapping",
    "ValidValues",
    "answer_mapping",
    "answer_mapping_paths",
    "ask_grader",
    "describe_error",
    "first_pass",
    "from_grader_reply",
]

GraderMode = Literal["role", "none"]
GRADER_MODES: tuple[GraderMode, ...] = ("role", "none")
MappingPath = Literal["rules", "grader", "none"]

#: Why an answer was mapped to Unknown (score metadata `unknown_reason`).
UNKNOWN_REASONS = (
    "empty_answer",  # the model returned no text
    "refusal",  # a refusal phrase (rules) or a provider content-filter stop
    "no_grader",  # no rule decided and the run has -T grader=none
    "grader_unknown",  # the grader answered Unknown (or something that is no option)
    "grader_empty_reply",  # the grader returned no text
    "grader_error",  # the grader call raised (HTTP error, timeout, ...)
)
GRADER_FAILURES = ("grader_empty_reply", "grader_error")


class GraderPrompt(Protocol):
    """The benchmark's grader prompt for one undecided answer."""

    def __call__(
        self, metadata: Mapping[str, Any], options: Mapping[str, str], answer: str
    ) -> str: ...


class ValidValues(Protocol):
    """The values the grader may reply with (besides Unknown) for one sample."""

    def __call__(
        self, metadata: Mapping[str, Any], options: Mapping[str, str]
    ) -> Sequence[str]: ...


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
    """For Unknown: one of :data:`UNKNOWN_REASONS`."""
    grader_called: bool = False
    grader_reply: str | None = None
    """The grader's raw reply, unnormalised."""
    grader_error: str | None = None


def _unknown(path: MappingPath, reason: str, **details: Any) -> OptionMapping:
    return OptionMapping(UNKNOWN_VALUE, None, path, unknown_reason=reason, **details)


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
    reply: str | None, options: Mapping[str, str], valid_values: Sequence[str]
) -> OptionMapping:
    """Normalise the grader's reply to one of the options shown, or Unknown with the reason."""
    value = normalise_grader_reply(reply, valid_values, options)
    details = {"grader_called": True, "grader_reply": reply}
    if value is None:
        return _unknown("grader", "grader_empty_reply", **details)
    for letter, shown in options.items():
        if str(shown).strip().casefold() in number_synonyms(value):
            return OptionMapping(shown, letter, "grader", grader_called=True, grader_reply=reply)
    return _unknown("grader", "grader_unknown", **details)


async def ask_grader(
    grader: Model,
    prompt: str,
    options: Mapping[str, str],
    valid_values: Sequence[str],
    config: GenerateConfig,
) -> OptionMapping:
    """One call of the grader with `prompt`; its reply normalised, failures Unknown."""
    try:
        output = await grader.generate(prompt, config=config)
    except Exception as error:  # noqa: BLE001 - a grader failure is scored visibly, not raised
        return _unknown(
            "grader", "grader_error", grader_called=True, grader_error=describe_error(error)
        )
    return from_grader_reply(output.completion, options, valid_values)


def describe_error(error: BaseException) -> str:
    """`Type: message` of the error, unwrapping the retry wrapper Inspect raises after its retries."""
    from tenacity import RetryError

    if isinstance(error, RetryError) and error.last_attempt.failed:
        cause = error.last_attempt.exception()
        if cause is not None:
            error = cause
    return f"{type(error).__name__}: {error}"


def answer_mapping(
    *,
    prompt: GraderPrompt,
    valid_values: ValidValues,
    grader_config: GenerateConfig,
    grader: GraderMode = "role",
) -> Scorer:
    """Map each answer to an option value (rules, then the grader) and score it against the gold.

    Args:
        prompt: builds the grader's prompt from the sample metadata, the
            options shown and the answer.
        valid_values: the values the grader's reply is normalised to.
        grader_config: generation settings of a grader call.
        grader: `role` (undecided answers go to the `grader` model role, which
            must be bound) or `none` (undecided answers are Unknown).

    Returns:
        The `score` coroutine, for the benchmark's own `@scorer`.
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
            mapping = await ask_grader(
                model,
                prompt(meta, options, answer),
                options,
                valid_values(meta, options),
                grader_config,
            )
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


@metric
def answer_mapping_paths() -> Metric:
    """Counts of the mapping paths: rules, grader, grader failures and each Unknown reason.

    Keys: `mapped_by_rules`, `mapped_by_grader` (answers mapped to an option by
    each path), `grader_calls`, `grader_failures` (calls that raised or
    returned nothing) and `unknown_<reason>` for every reason in
    :data:`UNKNOWN_REASONS`.
    """

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        paths: Counter[str] = Counter()
        reasons: Counter[str] = Counter()
        grader_calls = 0
        for s in scores:
            scored = s.score.metadata or {}
            if scored.get("grader_called"):
                grader_calls += 1
            reason = scored.get("unknown_reason")
            if reason:
                reasons[str(reason)] += 1
            else:
                paths[str(scored.get("path"))] += 1
        result = {
            "mapped_by_rules": float(paths["rules"]),
            "mapped_by_grader": float(paths["grader"]),
            "grader_calls": float(grader_calls),
            "grader_failures": float(sum(reasons[r] for r in GRADER_FAILURES)),
        }
        for reason in UNKNOWN_REASONS:
            result[f"unknown_{reason}"] = float(reasons[reason])
        return result

    return compute

"""Scorer kind "answer mapping with a grader": free text -> option value or Unknown.

For two-option questions whose option *values* matter ("Yes"/"No", two
counts), asked in both option orders. Who maps an answer is the `-T grader=`
mode, with one meaning on every task (:data:`vpt_tasks.core.args.GRADER_MODES`):

- `auto` (default): the rules decide what they can; the `grader` model role,
  when one is bound, decides the rest; without one the rest is Unknown
  (reason `no_grader`, counted in `unknown_no_grader`).
- `rules`: the rules only (the rest is Unknown, `no_grader`).
- `llm`: the grader maps every answer (as the paper did).
- `both`: the grader maps every answer and the rules run beside it; the score
  records what the rules chose (`rules_chosen`) and `answer_mapping_agreement`
  reports how often they agree.

The two passes:

1. **rules** (:func:`first_pass`): an empty answer or a provider content
   filter is Unknown at once (in every mode, with no grader call); otherwise
   :func:`~vpt_tasks.scorers.options.map_two_option_answer` reads a lone
   letter, "Answer: B", "(B)", a final "... so B", or the option value itself
   ("No", "3", "three"); a refusal phrase is Unknown. Answers naming both
   options, or whose letter and value contradict, stay undecided.
2. **grader** (:func:`ask_grader`): the answer goes to the `grader` model
   role with the prompt the benchmark builds (a `GraderPrompt`). The reply is
   normalised (:func:`~vpt_tasks.scorers.judge.normalise_grader_reply`:
   quotes, periods, case, "three" -> "3", a bare letter) to one of the valid
   values the benchmark names (a `ValidValues`), then to the option shown
   with that value, or Unknown (`grader_unknown`, `grader_empty_reply`).

A grader *error* -- the call still raises after Inspect's own retries (HTTP
500, a timeout) -- is not an answer: it is raised as :class:`GraderCallError`,
so the sample ends in error and `inspect eval-retry` scores it again. A
grader *reply* that maps to no option is Unknown and counted. Every score
records which path decided, the rule, the grader's raw reply and, for
Unknown, the reason.

Parts:

- `answer_mapping(prompt=..., valid_values=..., grader_config=..., grader=...)`:
  the builder. It returns the async `score` coroutine, undecorated: the
  benchmark wraps it in its own `@scorer(metrics=[...])` with its run-level
  metrics and, from here, `answer_mapping_agreement()`.
- `answer_mapping_paths()`: counts of the mapping paths and Unknown reasons
  (`mapping_counts(scores)` is the same as a function).
- `answer_mapping_agreement()`: rules-vs-grader agreement under `both`.

The sample must carry, in its metadata, `options` (letter -> value as shown in
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

from vpt_tasks.core import args
from vpt_tasks.core.args import grader_bound
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
    "GraderCallError",
    "GraderMode",
    "GraderPrompt",
    "OptionMapping",
    "ValidValues",
    "answer_mapping",
    "answer_mapping_agreement",
    "answer_mapping_paths",
    "ask_grader",
    "describe_error",
    "first_pass",
    "from_grader_reply",
    "mapping_agreement",
    "mapping_counts",
]

GraderMode = Literal["auto", "rules", "llm", "both"]
GRADER_MODES: tuple[str, ...] = args.GRADER_MODES
MappingPath = Literal["rules", "grader", "none"]

#: Why an answer was mapped to Unknown (score metadata `unknown_reason`).
UNKNOWN_REASONS = (
    "empty_answer",  # the model returned no text
    "refusal",  # a refusal phrase (rules) or a provider content-filter stop
    "no_grader",  # no rule decided and no grader maps (-T grader=rules, or auto without a role)
    "grader_unknown",  # the grader answered Unknown (or something that is no option)
    "grader_empty_reply",  # the grader returned no text
    "grader_error",  # kept for the log's key set: a grader error now fails the sample
)
GRADER_FAILURES = ("grader_empty_reply", "grader_error")


class GraderCallError(RuntimeError):
    """The grader call failed after Inspect's retries: the sample errors, `eval-retry` rescores it."""


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
    """One call of the grader with `prompt`, its reply normalised.

    A call that raises (after Inspect's retries) raises :class:`GraderCallError`:
    that is no answer to score, and the sample must be retried, not scored Unknown.
    """
    try:
        output = await grader.generate(prompt, config=config)
    except Exception as error:
        raise GraderCallError(
            f"the grader model failed on this sample ({describe_error(error)}); the sample "
            "is left unscored: `inspect eval-retry <log>` scores it again"
        ) from error
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
    grader: GraderMode = "auto",
) -> Scorer:
    """Map each answer to an option value (rules and/or the grader) and score it against the gold.

    Args:
        prompt: builds the grader's prompt from the sample metadata, the
            options shown and the answer.
        valid_values: the values the grader's reply is normalised to.
        grader_config: generation settings of a grader call.
        grader: `auto`, `rules`, `llm` or `both` (see the module docstring).
            `llm` and `both` need the `grader` model role (the task checks it
            while it is built).

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
        rules = first_pass(answer, options, refused=refused)
        beside: dict[str, Any] = {}
        if rules is not None and rules.path == "none":
            mapping = rules  # empty answer or content filter: nothing to map, in every mode
        elif grader in ("llm", "both"):
            mapping = await _grade(meta, options, answer)
            if grader == "both":
                beside = {
                    "rules_chosen": rules.chosen if rules is not None else None,
                    "rules_rule": rules.rule if rules is not None else None,
                }
        elif rules is not None:
            mapping = rules
        elif grader == "auto" and grader_bound():
            mapping = await _grade(meta, options, answer)
        else:
            mapping = _unknown("none", "no_grader")
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
            metadata={**asdict(mapping), "refused": refused, **beside},
        )

    async def _grade(
        meta: Mapping[str, Any], options: dict[str, str], answer: str
    ) -> OptionMapping:
        # a missing role is a configuration error, raised (the task checks it while it is built)
        model = get_model(role="grader", required=True)
        return await ask_grader(
            model,
            prompt(meta, options, answer),
            options,
            valid_values(meta, options),
            grader_config,
        )

    return score


def mapping_counts(scores: list[SampleScore]) -> dict[str, float]:
    """Counts of the mapping paths: rules, grader, grader failures and each Unknown reason.

    Keys: `mapped_by_rules`, `mapped_by_grader` (answers mapped to an option by
    each path), `grader_calls`, `grader_failures` (calls that returned
    nothing) and `unknown_<reason>` for every reason in :data:`UNKNOWN_REASONS`.
    """
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


def mapping_agreement(scores: list[SampleScore]) -> dict[str, float]:
    """Rules beside the grader (`-T grader=both`): how often they chose the same.

    Keys (only when some answer was compared, so a run without `both` prints
    nothing and nothing is `nan`): `rules_agreement`, the share of answers the
    rules decided on which they chose what the grader chose (Unknown included),
    and `rules_compared`, how many answers that is. Answers the rules left
    undecided are not compared.
    """
    compared = agreed = 0
    for s in scores:
        scored = s.score.metadata or {}
        if "rules_chosen" not in scored or scored["rules_chosen"] is None:
            continue
        compared += 1
        agreed += scored["rules_chosen"] == scored.get("chosen")
    if not compared:
        return {}
    return {"rules_agreement": agreed / compared, "rules_compared": float(compared)}


@metric
def answer_mapping_agreement() -> Metric:
    """Rules-vs-grader agreement under `-T grader=both` (see :func:`mapping_agreement`)."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        return mapping_agreement(scores)

    return compute


@metric
def answer_mapping_paths() -> Metric:
    """The mapping counts of :func:`mapping_counts` as a metric."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        return mapping_counts(scores)

    return compute

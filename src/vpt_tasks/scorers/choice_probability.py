"""Scorer kind "choice probability": P(option) over k answer options, from log-probabilities.

What: the yes/no machinery of `yes_probability` generalised to k options
(e.g. north / east / south / west). Each option has words that count for it
("east", "East", " EAST", ...); at one token position of the answer, the
probabilities of the candidate tokens that are an option's word are summed per
option and normalised over the options, giving a distribution
{option: probability}. A provider without log-probabilities gets a
distribution from the answer text instead (by default a one-hot on the first
option word; a benchmark may pass its own reader), counted as `text`.

Where the distribution is read (`read_position`):

1. the first *answer* token -- the first that is not whitespace or markup
   (`yes_probability.answer_token_index`) -- when an option word is among its
   candidates: "East" answered right away;
2. otherwise the first later token that *is* an option word, with its
   alternatives: "The minifigure is facing east." is read at "east", i.e. the
   model's distribution over the options at the point where it names one.

`answer_start` (a character offset into the completion) skips the tokens
before it, e.g. the reasoning before a chain-of-thought's final "Answer:".

Why: diagnostics of a model's answer *preferences* (a directional bias that
persists however the options are ordered) need the graded distribution over
all options, not only the option it happened to write. The vocabularies are
parameters, so translated prompts pass their own words.

Bad samples stay visible: a position with no option among the candidates, no
answer token at all, or a text with no option word gives no distribution
(method `none`); an option token whose log-probability is not one (NaN,
+infinity, clearly above 0) gives method `invalid`. Neither is ever a NaN.

Parts:

- `Choices`: the options and their words.
- the pure functions `logprob_choice_probabilities`, `text_choice_probabilities`,
  `read_position` and `choice_probabilities_from_output` (-> `ChoiceReading`).
- `choice_probability(choices, ...)`: the builder of the async `score`
  coroutine (value: the probability of the target's options), undecorated, for
  a benchmark's own `@scorer`, and `choice_probability_answers()`, the counter metric.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from inspect_ai.model import ModelOutput
from inspect_ai.scorer import NOANSWER, Metric, SampleScore, Score, Scorer, Target, metric
from inspect_ai.solver import TaskState

from vpt_tasks.scorers.yes_probability import (
    _TOKEN_STRIP,
    InvalidLogprob,
    answer_token_index,
    token_probabilities,
)

__all__ = [
    "NO_LOGPROBS_WARNING",
    "ChoiceMethod",
    "ChoiceReading",
    "Choices",
    "TextReader",
    "choice_probabilities_from_output",
    "choice_probability",
    "choice_probability_answers",
    "logprob_choice_probabilities",
    "read_position",
    "text_choice_probabilities",
]

logger = logging.getLogger(__name__)

ChoiceMethod = Literal["logprobs", "text", "none", "invalid"]
"""How a distribution was obtained: from log-probabilities, from the answer text, not at all
(no option found), or not at all because an option's log-probability was not one."""

_WORD_RE = re.compile(r"\w+", re.UNICODE)


def _normal(word: str) -> str:
    return word.strip(_TOKEN_STRIP).casefold()


@dataclass(frozen=True)
class Choices:
    """The k answer options and the words that count for each (case and spaces ignored)."""

    words: Mapping[str, Sequence[str]]
    """option -> its words, e.g. {"north": ["north"], "east": ["east"], ...}."""
    match: Literal["exact", "contains"] = "exact"
    """How a log-probability token counts: `exact` -- it is one of an option's words (case
    and spaces ignored); `contains` -- it contains one ("eastward", "Northeast" counts for
    north and for east), the rule of Isle-Brick-V2's paper (Appendix B)."""
    _lookup: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.words) < 2:
            raise ValueError(f"a choice needs at least two options, got {list(self.words)}")
        lookup: dict[str, str] = {}
        for option, words in self.words.items():
            for word in words or (option,):
                key = _normal(word)
                if not key:
                    raise ValueError(f"option {option!r} has an empty word")
                if lookup.get(key, option) != option:
                    raise ValueError(
                        f"the word {word!r} counts for both {lookup[key]!r} and {option!r}"
                    )
                lookup[key] = option
        object.__setattr__(self, "_lookup", lookup)

    @classmethod
    def of(cls, options: Iterable[str]) -> Choices:
        """Each option counts with its own word only."""
        return cls({option: (option,) for option in options})

    @property
    def options(self) -> tuple[str, ...]:
        return tuple(self.words)

    def option(self, token: str) -> str | None:
        """The option a token (or word) stands for, or None."""
        return self._lookup.get(_normal(token))

    def options_of(self, token: str) -> tuple[str, ...]:
        """The options a log-probability token counts for (see `match`)."""
        key = _normal(token)
        exact = self._lookup.get(key)
        if self.match == "exact" or not key:
            return (exact,) if exact is not None else ()
        return tuple(
            option
            for option, words in self.words.items()
            if any(_normal(word) in key for word in words or (option,))
        )

    def zeros(self) -> dict[str, float]:
        return {option: 0.0 for option in self.words}


def logprob_choice_probabilities(
    top_logprobs: Iterable[Any], choices: Choices
) -> tuple[dict[str, float], float] | None:
    """(distribution over the options, their total probability) at one token position.

    `top_logprobs` holds `(token, logprob)` pairs or objects with `token` and
    `logprob` (`inspect_ai.model.TopLogprob`). Each distinct token string counts
    once; the tokens of one option are summed ("East" + " east"); the result is
    normalised over the options, and options without a candidate get 0. The
    second value is the unnormalised probability of all option tokens (how much
    of the position's mass the options hold). None when no option is present, or
    all its candidates have probability 0. Raises `InvalidLogprob` when an option
    token's log-probability is not one (NaN, +infinity, above `LOGPROB_TOLERANCE`).
    """
    mass = choices.zeros()
    found = False
    kept = token_probabilities(top_logprobs, lambda token: bool(choices.options_of(token)))
    for token, probability in kept:
        for option in choices.options_of(token):  # one option, or several under `contains`
            mass[option] += probability
        found = True
    total = sum(mass.values())
    if not found or total <= 0.0:
        return None
    return {option: value / total for option, value in mass.items()}, total


def text_choice_probabilities(text: str, choices: Choices) -> dict[str, float] | None:
    """A one-hot distribution on the first option word of `text`, else None.

    Words are runs of Unicode word characters compared case-insensitively.
    """
    for match in _WORD_RE.finditer(text):
        option = choices.option(match.group(0))
        if option is not None:
            return {name: float(name == option) for name in choices.options}
    return None


def read_position(tokens: Sequence[str], choices: Choices, start: int = 0) -> int | None:
    """The first token at or after `start` that names an option, or None.

    Used when the first answer token has no option among its candidates: the
    distribution is then read where the answer first names an option.
    """
    for index in range(start, len(tokens)):
        if choices.options_of(tokens[index]):
            return index
    return None


@dataclass(frozen=True)
class ChoiceReading:
    """What the answer says about the options, and how that was found."""

    probabilities: dict[str, float] | None
    method: ChoiceMethod
    logprobs: bool
    """Whether the provider sent log-probabilities."""
    token_index: int | None = None
    """The token position read (with log-probabilities)."""
    first_answer_token: bool | None = None
    """Whether that position is the first answer token (else the first option token after it)."""
    candidates: list[list[Any]] | None = None
    """[token, logprob] pairs at that position, as the provider sent them."""
    option_mass: float | None = None
    """The unnormalised probability of the option tokens at that position."""

    def as_metadata(self) -> dict[str, Any]:
        return {
            "probabilities": self.probabilities,
            "method": self.method,
            "logprobs": self.logprobs,
            "token_index": self.token_index,
            "first_answer_token": self.first_answer_token,
            "candidates": self.candidates,
            "option_mass": self.option_mass,
        }


def _start_token(tokens: Sequence[str], answer_start: int) -> int:
    """The first token that ends after character `answer_start` of the concatenated tokens."""
    if answer_start <= 0:
        return 0
    end = 0
    for index, token in enumerate(tokens):
        end += len(token)
        if end > answer_start:
            return index
    return len(tokens)


def choice_probabilities_from_output(
    output: ModelOutput | None, choices: Choices, *, answer_start: int = 0
) -> ChoiceReading:
    """The distribution over the options in an Inspect `ModelOutput` (see the module docstring).

    With log-probabilities: read at the first answer token at or after
    `answer_start`, or, when none of its candidates is an option, at the first
    later token that is one (the sampled token itself is added to the
    candidates in case a provider leaves it out of the top list). Without: the
    first option word of the completion's text from `answer_start`.
    """
    if output is None or not output.choices:
        return ChoiceReading(None, "none", False)
    choice = output.choices[0]
    content = choice.logprobs.content if choice.logprobs is not None else None
    if not content:
        text = choice.message.text if choice.message is not None else output.completion
        found = text_choice_probabilities((text or "")[max(0, answer_start) :], choices)
        return ChoiceReading(found, "text" if found is not None else "none", False)
    tokens = [entry.token for entry in content]
    start = _start_token(tokens, answer_start)
    first = answer_token_index(tokens[start:])
    if first is None:
        return ChoiceReading(None, "none", True)
    first += start
    positions = [first]
    later = read_position(tokens, choices, first + 1)
    if later is not None:
        positions.append(later)
    for index in positions:
        entry = content[index]
        candidates = [[t.token, t.logprob] for t in (entry.top_logprobs or [])]
        pairs = [*candidates, [entry.token, entry.logprob]]  # deduplicated by token
        try:
            read = logprob_choice_probabilities(pairs, choices)
        except InvalidLogprob:
            return ChoiceReading(
                None, "invalid", True, index, index == first, candidates or pairs[-1:]
            )
        if read is not None:
            probabilities, mass = read
            return ChoiceReading(
                probabilities,
                "logprobs",
                True,
                index,
                index == first,
                candidates or [pairs[-1]],
                mass,
            )
    return ChoiceReading(None, "none", True, first, True)


# --------------------------------------------------------------------------
# the scorer and its counter metric


NO_LOGPROBS_WARNING = (
    "The model returned no log-probabilities, so the distribution over the answer options is "
    "read from the generated answer (score metadata method='text'). Reported once per run."
)

TextReader = Callable[[str, TaskState], Mapping[str, float] | None]
"""A benchmark's reading of an answer text without log-probabilities: (answer, state) ->
a distribution over the options, or None when the answer names none."""


def choice_probability(
    choices: Choices,
    *,
    text: TextReader | None = None,
    answer_start: Callable[[str], int] | None = None,
    no_logprobs_warning: str = NO_LOGPROBS_WARNING,
) -> Scorer:
    """The `score` coroutine: the probability of the target's options, or `N` with none.

    Undecorated: a benchmark returns it from its own `@scorer(metrics=[...])`
    (with `choice_probability_answers()` among them).

    Args:
        choices: the options and their words.
        text: the reading of an answer without log-probabilities; default a
            one-hot on its first option word (`text_choice_probabilities`).
        answer_start: where in the completion the answer starts (e.g. after
            the last "Answer:" of a chain of thought); default 0.
        no_logprobs_warning: logged the first time an answer comes without
            log-probabilities.

    Score: value = the summed probability of the target's options (`N` when
    no distribution was found), answer the completion, metadata as
    `ChoiceReading.as_metadata()`.
    """
    warned = False

    async def score(state: TaskState, target: Target) -> Score:
        nonlocal warned
        output = state.output
        completion = output.completion if output else ""
        start = answer_start(completion) if answer_start is not None else 0
        reading = choice_probabilities_from_output(output, choices, answer_start=start)
        if not reading.logprobs and not warned:
            warned = True
            logger.warning(no_logprobs_warning)
        if reading.method == "none" and not reading.logprobs and text is not None:
            found = text(completion[start:], state)
            if found is not None:
                reading = ChoiceReading(
                    {o: float(found.get(o, 0.0)) for o in choices.options}, "text", False
                )
        metadata = reading.as_metadata()
        if reading.probabilities is None:
            return Score(
                value=NOANSWER,
                answer=completion,
                explanation=f"unscored: no answer option found ({reading.method})",
                metadata=metadata,
            )
        gold = {choices.option(str(t)) or str(t).strip().lower() for t in target.target}
        value = sum(p for option, p in reading.probabilities.items() if option in gold)
        shown = ", ".join(f"{o}={p:.3f}" for o, p in reading.probabilities.items())
        return Score(
            value=value,
            answer=completion,
            explanation=f"{shown} (from {reading.method})",
            metadata=metadata,
        )

    return score


@metric(scores="unreduced")
def choice_probability_answers() -> Metric:
    """How the distributions were obtained.

    Keys: `n_samples`; `n_no_choice` and `no_choice_rate` (no distribution: no
    option found, or an invalid log-probability); `n_from_text` and
    `from_text_rate`; `no_logprobs_rate`; `n_later_token` (read at the first
    option token after the first answer token).
    """

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        n = len(scores)
        if n == 0:
            return {}
        meta = [s.score.metadata or {} for s in scores]
        missing = sum(m.get("probabilities") is None for m in meta)
        from_text = sum(m.get("method") == "text" for m in meta)
        return {
            "n_samples": float(n),
            "n_no_choice": float(missing),
            "no_choice_rate": missing / n,
            "n_from_text": float(from_text),
            "from_text_rate": from_text / n,
            "no_logprobs_rate": sum(not m.get("logprobs", True) for m in meta) / n,
            "n_later_token": float(sum(m.get("first_answer_token") is False for m in meta)),
        }

    return compute

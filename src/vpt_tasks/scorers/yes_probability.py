"""Scorer kind "yes-probability": P(Yes) of a yes/no answer, from log-probabilities.

What: each answer's score value is p = P(Yes) / (P(Yes) + P(No)), read from
the top log-probabilities of the first answer token (the first token that is
not whitespace or markup, `answer_token_index`), summing the case and
leading-space variants of each word (yes / Yes / YES / " yes" ...). A provider
without log-probabilities gets p in {0, 1} from the first yes / no word of the
generated text (score metadata `method: text`, a warning once per run).

Why: a benchmark that scores the model's *graded* belief (COMFORT's P(Yes)
curves) needs the normalised two-class probability, not a hard answer. The
vocabularies are parameters so that translated prompts pass their own words.

Bad samples stay visible: an answer with neither Yes nor No among the
candidates is unscored -- value `N` (Inspect's "no answer"), metadata
`p: null` -- never a NaN; so is an answer whose Yes or No candidate carries a
log-probability that is not one (NaN, +infinity, or clearly positive such as
1e308: method `invalid`, metadata `invalid_logprobs`). The metric
`yes_probability_answers` counts unscored samples and the text fallbacks.

Parts:

- `yes_probability(yes_words, no_words)`: the builder. It returns the async
  `score` coroutine, undecorated: the benchmark wraps it in its own
  `@scorer(metrics=[...])` with its run-level metrics and, from here,
  `yes_probability_answers()`.
- `yes_probability_answers()`: the answer-path counter metric.
- the pure functions `logprob_yes_probability`, `text_yes_probability`,
  `answer_token_index`, `yes_probability_from_output` and `score_p`.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Literal

from inspect_ai.model import ModelOutput
from inspect_ai.scorer import NOANSWER, Metric, SampleScore, Score, Scorer, Target, metric
from inspect_ai.solver import TaskState

__all__ = [
    "DEFAULT_NO_WORDS",
    "DEFAULT_YES_WORDS",
    "LOGPROB_TOLERANCE",
    "NO_LOGPROBS_WARNING",
    "ExtractionMethod",
    "InvalidLogprob",
    "answer_token_index",
    "logprob_yes_probability",
    "score_p",
    "text_yes_probability",
    "yes_probability",
    "yes_probability_answers",
    "yes_probability_from_output",
]

logger = logging.getLogger(__name__)

DEFAULT_YES_WORDS: tuple[str, ...] = ("yes",)
DEFAULT_NO_WORDS: tuple[str, ...] = ("no",)

ExtractionMethod = Literal["logprobs", "text", "none", "invalid"]

LOGPROB_TOLERANCE = 1e-4
"""A log-probability up to this far above 0 is provider round-off and read as 0 (p = 1);
anything larger, +infinity or NaN is not a log-probability and makes the sample unscored."""


class InvalidLogprob(ValueError):
    """A Yes or No candidate's log-probability is NaN, +infinity or clearly above 0."""

    def __init__(self, token: str, logprob: float) -> None:
        super().__init__(f"invalid log-probability {logprob!r} for the token {token!r}")
        self.token = token
        self.logprob = logprob


# Leading/trailing characters that are not part of the word itself: spaces and
# newlines, plus the word-boundary markers of SentencePiece (U+2581) and
# byte-level BPE (U+0120, U+010A) vocabularies in case a provider returns raw
# token strings.
_TOKEN_STRIP = " \t\r\n\u2581\u0120\u010a"
# Tokens skipped when looking for the first *answer* token: pure whitespace or
# markdown / quoting punctuation that some chat models emit before "Yes".
_FILLER_STRIP = _TOKEN_STRIP + "*_`\"'#>:."
_WORD_RE = re.compile(r"\w+", re.UNICODE)


def _vocabulary(words: Iterable[str]) -> frozenset[str]:
    return frozenset(w.strip(_TOKEN_STRIP).casefold() for w in words)


def _token_logprob(entry: Any) -> tuple[str, float]:
    """(token, logprob) from a pair or an object with ``token`` / ``logprob``."""
    if isinstance(entry, tuple | list):
        token, logprob = entry
    else:
        token, logprob = entry.token, entry.logprob
    return str(token), float(logprob)


def token_probabilities(
    top_logprobs: Iterable[Any], keep: Callable[[str], bool]
) -> Iterator[tuple[str, float]]:
    """(token, probability) of each distinct token that `keep` accepts, first occurrence only.

    A provider can list a token twice; it counts once. Raises `InvalidLogprob`
    for a kept token whose log-probability is not one (NaN, +infinity, above
    `LOGPROB_TOLERANCE`); a tiny positive one (rounding) counts as probability 1.
    """
    seen: set[str] = set()
    for entry in top_logprobs:
        token, logprob = _token_logprob(entry)
        if token in seen:
            continue
        seen.add(token)
        if not keep(token):
            continue
        if math.isnan(logprob) or logprob > LOGPROB_TOLERANCE:
            raise InvalidLogprob(token, logprob)
        yield token, math.exp(min(logprob, 0.0))


def logprob_yes_probability(
    top_logprobs: Iterable[Any],
    yes_words: Sequence[str] = DEFAULT_YES_WORDS,
    no_words: Sequence[str] = DEFAULT_NO_WORDS,
) -> float | None:
    """p = P(Yes) / (P(Yes) + P(No)) from one token position's top log-probs.

    ``top_logprobs`` holds ``(token, logprob)`` pairs or objects with
    ``token`` and ``logprob`` attributes (``inspect_ai.model.TopLogprob``).
    A token counts for a class when, stripped of surrounding whitespace and
    tokenizer word-boundary markers, it equals one of the class's words
    case-insensitively, so "yes", "Yes", "YES", " yes", " Yes" ... all count.
    Each distinct token string is counted once (a provider repeating a token
    must not double it).  Returns None when neither class is present; 1.0 or
    0.0 when only one is.  Raises `InvalidLogprob` when a Yes or No token's
    log-probability is not one (NaN, +infinity, or above `LOGPROB_TOLERANCE`):
    the evidence is corrupt, and reading it would give a made-up p (a NaN would
    count as probability 0, 1e308 overflows).
    """
    yes_vocab, no_vocab = _vocabulary(yes_words), _vocabulary(no_words)
    overlap = yes_vocab & no_vocab
    if overlap:
        raise ValueError(f"words in both the yes and the no vocabulary: {sorted(overlap)}")
    p_yes = p_no = 0.0
    found_yes = found_no = False

    def word(token: str) -> str:
        return token.strip(_TOKEN_STRIP).casefold()

    words = yes_vocab | no_vocab
    for token, probability in token_probabilities(top_logprobs, lambda t: word(t) in words):
        if word(token) in yes_vocab:
            p_yes += probability
            found_yes = True
        else:
            p_no += probability
            found_no = True
    if not (found_yes or found_no):
        return None
    total = p_yes + p_no
    if total <= 0.0:  # all matching log-probs were -inf: no usable evidence
        return None
    return p_yes / total


def text_yes_probability(
    text: str,
    yes_words: Sequence[str] = DEFAULT_YES_WORDS,
    no_words: Sequence[str] = DEFAULT_NO_WORDS,
) -> float | None:
    """1.0 / 0.0 from the first yes / no word of a generated answer, else None.

    Words are runs of Unicode word characters compared case-insensitively.
    (Scripts written without spaces need a vocabulary matching the whole run.)
    """
    yes_vocab, no_vocab = _vocabulary(yes_words), _vocabulary(no_words)
    for match in _WORD_RE.finditer(text):
        word = match.group(0).casefold()
        if word in yes_vocab:
            return 1.0
        if word in no_vocab:
            return 0.0
    return None


def answer_token_index(tokens: Sequence[str]) -> int | None:
    """Index of the first answer token: the first that is not whitespace or markup.

    Chat models sometimes emit a newline, a space or ``**`` before the answer;
    the probability must be read at the answer word, not at the filler.
    """
    for i, token in enumerate(tokens):
        if token.strip(_FILLER_STRIP):
            return i
    return None


def yes_probability_from_output(
    output: ModelOutput,
    yes_words: Sequence[str] = DEFAULT_YES_WORDS,
    no_words: Sequence[str] = DEFAULT_NO_WORDS,
) -> tuple[float | None, ExtractionMethod]:
    """(p, how) for an Inspect ``ModelOutput``.

    - ``"logprobs"``: the first choice carries log-probabilities; p comes from
      the top log-probabilities of the first answer token (see
      ``answer_token_index``), with the sampled token itself added in case the
      provider left it out of the top list (Google drops logprob 0.0 tokens).
    - ``"text"``: no log-probabilities (e.g. Anthropic); p in {0, 1} from the
      first yes / no word of the completion.  Callers should log a warning.
    - ``"none"``: no usable answer: log-probabilities without either class at
      the answer position, or a text without a yes / no word, or no choice.
      p is None: the sample is unscored.
    - ``"invalid"``: a Yes or No candidate's log-probability is not one (see
      `logprob_yes_probability`); p is None: the sample is unscored.
    """
    if not output.choices:
        return None, "none"
    choice = output.choices[0]
    logprobs = choice.logprobs
    if logprobs is not None and logprobs.content:
        index = answer_token_index([lp.token for lp in logprobs.content])
        if index is None:
            return None, "none"
        answer = logprobs.content[index]
        candidates: list[tuple[str, float]] = [
            (t.token, t.logprob) for t in (answer.top_logprobs or [])
        ]
        candidates.append((answer.token, answer.logprob))  # deduplicated by token
        try:
            p = logprob_yes_probability(candidates, yes_words, no_words)
        except InvalidLogprob:
            return None, "invalid"
        return (p, "logprobs") if p is not None else (None, "none")
    text = choice.message.text if choice.message is not None else output.completion
    p = text_yes_probability(text or "", yes_words, no_words)
    return (p, "text") if p is not None else (None, "none")


# --------------------------------------------------------------------------
# the scorer


NO_LOGPROBS_WARNING = (
    "The model returned no log-probabilities, so P(Yes) is read from the generated answer as "
    "0 or 1 (score metadata method='text'). Reported once per run; the share of such samples "
    "is the metric p_from_text_rate."
)
"""Logged once per run when a provider sends no log-probabilities (a benchmark may pass its own)."""


def yes_probability(
    yes_words: Sequence[str] = DEFAULT_YES_WORDS,
    no_words: Sequence[str] = DEFAULT_NO_WORDS,
    *,
    no_logprobs_warning: str = NO_LOGPROBS_WARNING,
) -> Scorer:
    """The `score` coroutine: each answer's P(Yes), or `N` when it has neither word.

    Undecorated: a benchmark returns it from its own `@scorer(metrics=[...])`
    (with `yes_probability_answers()` among the metrics). Each call makes a new
    coroutine with its own "warned" flag, so the text-fallback warning is
    logged once per scorer, i.e. once per run.

    Args:
        yes_words: the words counting as Yes (case and leading spaces ignored).
        no_words: the words counting as No.
        no_logprobs_warning: the warning logged the first time an answer comes
            without log-probabilities.

    Score: value p (or `NOANSWER`), answer the completion, metadata `p`,
    `method` (`logprobs` / `text` / `none` / `invalid`), `logprobs` (whether the
    provider sent any), `candidates` ([token, logprob] pairs at the answer
    position) and, for `invalid`, `invalid_logprobs: true`.
    """
    warned = False

    async def score(state: TaskState, target: Target) -> Score:
        nonlocal warned
        output = state.output
        choice = output.choices[0] if output and output.choices else None
        has_logprobs = bool(choice and choice.logprobs and choice.logprobs.content)
        if not has_logprobs and not warned:
            warned = True
            logger.warning(no_logprobs_warning)
        p, method = yes_probability_from_output(output, yes_words, no_words)
        metadata = {
            "p": p,
            "method": method,
            "logprobs": has_logprobs,
            "candidates": _candidates(output) if has_logprobs else None,
        }
        completion = output.completion if output else ""
        if method == "invalid":
            metadata["invalid_logprobs"] = True
        if p is None:
            why = (
                "a Yes/No candidate's log-probability is not a log-probability (NaN, infinite "
                "or above 0)"
                if method == "invalid"
                else "neither Yes nor No among the first answer token's candidates"
                if has_logprobs
                else "no Yes/No word in the answer"
            )
            return Score(
                value=NOANSWER, answer=completion, explanation=f"unscored: {why}", metadata=metadata
            )
        source = "log-probabilities" if method == "logprobs" else "the answer text"
        return Score(
            value=p,
            answer=completion,
            explanation=f"P(Yes) = {p:.4f} from {source}",
            metadata=metadata,
        )

    return score


def _candidates(output: ModelOutput) -> list[list[object]] | None:
    """[token, logprob] pairs at the answer position, as the provider sent them."""
    logprobs = output.choices[0].logprobs
    assert logprobs is not None
    index = answer_token_index([lp.token for lp in logprobs.content])
    if index is None:
        return None
    answer = logprobs.content[index]
    return [[t.token, t.logprob] for t in (answer.top_logprobs or [])] or [
        [answer.token, answer.logprob]
    ]


# --------------------------------------------------------------------------
# the answer-path metric


def score_p(score: SampleScore) -> float | None:
    """A sample's P(Yes), or None when it was unscored (no Yes/No)."""
    value = score.score.value
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    p = float(value)
    return p if math.isfinite(p) else None


@metric(scores="unreduced")
def yes_probability_answers() -> Metric:
    """How P(Yes) was obtained: the "no yes/no" rate and the text-fallback rate.

    Keys: `n_samples`, `n_no_yes_no` and `no_yes_no_rate` (unscored answers: neither
    word, or an invalid log-probability),
    `n_p_from_text` and `p_from_text_rate` (p read from the answer text),
    `no_logprobs_rate` (answers whose provider sent no log-probabilities).
    """

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        n = len(scores)
        if n == 0:
            return {}
        meta: list[dict[str, Any]] = [s.score.metadata or {} for s in scores]
        unscored = sum(score_p(s) is None for s in scores)
        from_text = sum(m.get("method") == "text" for m in meta)
        no_logprobs = sum(not m.get("logprobs", True) for m in meta)
        return {
            "n_samples": float(n),
            "n_no_yes_no": float(unscored),
            "no_yes_no_rate": unscored / n,
            "n_p_from_text": float(from_text),
            "p_from_text_rate": from_text / n,
            "no_logprobs_rate": no_logprobs / n,
        }

    return compute

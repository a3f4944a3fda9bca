"""P(Yes) extraction for COMFORT.

What: ``yes_probability`` turns the first answer token's top
log-probabilities into p = P(Yes) / (P(Yes) + P(No)), summing the case and
leading-space variants of each word (yes / Yes / YES / " yes" ...), and
``yes_probability_from_output`` does the same from an Inspect
``ModelOutput``, falling back to the generated text (p in {0, 1}) when the
provider returned no log-probabilities.

Why: COMFORT scores the model's *graded* belief along a curve, not a single
hard answer; the normalised two-class probability is the paper's (and the
released code's) quantity.  The vocabularies are parameters so translated
prompts can pass their own words.  A sample with neither class present is
reported as ``None`` (unscored, counted by the metrics), never as NaN.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:  # keep inspect_ai out of import time; only types are needed
    from inspect_ai.model import ModelOutput

__all__ = [
    "DEFAULT_NO_WORDS",
    "DEFAULT_YES_WORDS",
    "ExtractionMethod",
    "answer_token_index",
    "text_yes_probability",
    "yes_probability",
    "yes_probability_from_output",
]

DEFAULT_YES_WORDS: tuple[str, ...] = ("yes",)
DEFAULT_NO_WORDS: tuple[str, ...] = ("no",)

ExtractionMethod = Literal["logprobs", "text", "none"]

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


def yes_probability(
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
    0.0 when only one is.
    """
    yes_vocab, no_vocab = _vocabulary(yes_words), _vocabulary(no_words)
    overlap = yes_vocab & no_vocab
    if overlap:
        raise ValueError(f"words in both the yes and the no vocabulary: {sorted(overlap)}")
    p_yes = p_no = 0.0
    found_yes = found_no = False
    seen: set[str] = set()
    for entry in top_logprobs:
        token, logprob = _token_logprob(entry)
        if token in seen or math.isnan(logprob):
            continue
        seen.add(token)
        word = token.strip(_TOKEN_STRIP).casefold()
        if word in yes_vocab:
            p_yes += math.exp(logprob)
            found_yes = True
        elif word in no_vocab:
            p_no += math.exp(logprob)
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
        p = yes_probability(candidates, yes_words, no_words)
        return (p, "logprobs") if p is not None else (None, "none")
    text = choice.message.text if choice.message is not None else output.completion
    p = text_yes_probability(text or "", yes_words, no_words)
    return (p, "text") if p is not None else (None, "none")

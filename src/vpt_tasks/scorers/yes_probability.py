"""Scorer kind "yes-probability": P(Yes) of a yes/no answer, from log-probabilities.

What: each answer's score value is p = P(Yes) / (P(Yes) + P(No)), read from
the top log-probabilities of the first answer token (the first token that is
not whitespace or markup, `answer_token_index`), summing the case and
leading-space variants of each word (yes / Yes / YES / " yes" ...). A provider
without log-probabilities gets p in {0, 1} from the Yes or No the generated text
states, read as an annotator would (`yes_no_text.text_yes_probability`; score metadata
`method: text`, a warning once per run), or none when it is not certain.

Why: a benchmark that scores the model's *graded* belief (COMFORT's P(Yes)
curves) needs the normalised two-class probability, not a hard answer. The
vocabularies are parameters so that translated prompts pass their own words.

A question asked in another language passes that language's words, and may
pass `english_words` (the English Yes/No, read apart: an answer where they
outweigh the language's own is counted, `answered_in: english`, never mixed into
p) and `prefixes=True` (a token that begins the words of one class only counts
for it: tokenizers split many languages' Yes/No, e.g. "Nd" + "iyo").

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
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from inspect_ai.model import ModelOutput
from inspect_ai.scorer import NOANSWER, Metric, SampleScore, Score, Scorer, Target, metric
from inspect_ai.solver import TaskState

from vpt_tasks.scorers.sampled_yes_probability import SAMPLING_KEY, sampled_score
from vpt_tasks.scorers.yes_no_text import (
    DEFAULT_NO_WORDS,
    DEFAULT_YES_WORDS,
    text_yes_probability,
)

__all__ = [
    "DEFAULT_NO_WORDS",
    "DEFAULT_YES_WORDS",
    "LOGPROB_TOLERANCE",
    "NO_LOGPROBS_WARNING",
    "ExtractionMethod",
    "InvalidLogprob",
    "YesNoReading",
    "answer_token_index",
    "answered_in",
    "logprob_yes_probability",
    "prefix_class",
    "read_logprobs",
    "read_output",
    "score_p",
    "text_yes_probability",
    "yes_probability",
    "yes_probability_answers",
    "yes_probability_from_output",
]

logger = logging.getLogger(__name__)


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
    *,
    prefixes: bool = False,
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

    `prefixes=True` (for languages whose Yes/No words a tokenizer splits, e.g.
    Swahili "Ndiyo" as "Nd" + "iyo") also counts a token that is the beginning of
    the words of one class only (`prefix_class`).
    """
    return read_logprobs(top_logprobs, yes_words, no_words, prefixes=prefixes)[0]


def prefix_class(
    word: str, yes_vocab: frozenset[str], no_vocab: frozenset[str]
) -> Literal["yes", "no"] | None:
    """The class whose words `word` (stripped, case-folded) begins, if it begins only one's.

    The beginning must be at least two characters long, or one character of a
    script where one character is already a syllable or a meaning (a CJK
    ideograph, kana, a hangul syllable). A beginning shared by a Yes and a No
    word counts for neither.
    """
    if not word or (len(word) < 2 and not _syllabic(word)):
        return None
    yes = any(w.startswith(word) and w != word for w in yes_vocab)
    no = any(w.startswith(word) and w != word for w in no_vocab)
    if yes == no:
        return None
    return "yes" if yes else "no"


def _syllabic(character: str) -> bool:
    import unicodedata

    name = unicodedata.name(character[:1], "")
    return any(script in name for script in ("CJK", "HIRAGANA", "KATAKANA", "HANGUL"))


def read_logprobs(
    top_logprobs: Iterable[Any],
    yes_words: Sequence[str],
    no_words: Sequence[str],
    *,
    prefixes: bool = False,
) -> tuple[float | None, float, bool]:
    """(p, P(Yes) + P(No), whether a word's beginning was counted); see `logprob_yes_probability`."""
    yes_vocab, no_vocab = _vocabulary(yes_words), _vocabulary(no_words)
    overlap = yes_vocab & no_vocab
    if overlap:
        raise ValueError(f"words in both the yes and the no vocabulary: {sorted(overlap)}")
    p_yes = p_no = 0.0
    found = by_prefix = False

    def word(token: str) -> str:
        return token.strip(_TOKEN_STRIP).casefold()

    def label(token: str) -> Literal["yes", "no"] | None:
        w = word(token)
        if w in yes_vocab:
            return "yes"
        if w in no_vocab:
            return "no"
        return prefix_class(w, yes_vocab, no_vocab) if prefixes else None

    for token, probability in token_probabilities(top_logprobs, lambda t: label(t) is not None):
        found = True
        w = word(token)
        by_prefix = by_prefix or (w not in yes_vocab and w not in no_vocab)
        if label(token) == "yes":
            p_yes += probability
        else:
            p_no += probability
    total = p_yes + p_no
    if not found or total <= 0.0:  # all matching log-probs -inf: no usable evidence
        return None, total, False
    return p_yes / total, total, by_prefix


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
    *,
    prefixes: bool = False,
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

    `prefixes`: see `logprob_yes_probability`.
    """
    reading = read_output(output, yes_words, no_words, prefixes=prefixes)
    return reading.p, reading.method


@dataclass(frozen=True)
class YesNoReading:
    """What one vocabulary reads in an answer."""

    p: float | None
    method: ExtractionMethod
    mass: float
    """P(Yes) + P(No) of the vocabulary's words at the answer position (1 or 0 from text)."""
    by_prefix: bool = False
    """A token counted as the beginning of a word (`prefix_class`)."""


def read_output(
    output: ModelOutput,
    yes_words: Sequence[str] = DEFAULT_YES_WORDS,
    no_words: Sequence[str] = DEFAULT_NO_WORDS,
    *,
    prefixes: bool = False,
    question: str | None = None,
    relations: Sequence[str] = (),
) -> YesNoReading:
    """The `YesNoReading` of `output` in one vocabulary (see `yes_probability_from_output`);
    `question` and `relations` are passed to the text reading (`text_yes_probability`)."""
    if not output.choices:
        return YesNoReading(None, "none", 0.0)
    choice = output.choices[0]
    logprobs = choice.logprobs
    if logprobs is not None and logprobs.content:
        index = answer_token_index([lp.token for lp in logprobs.content])
        if index is None:
            return YesNoReading(None, "none", 0.0)
        answer = logprobs.content[index]
        candidates: list[tuple[str, float]] = [
            (t.token, t.logprob) for t in (answer.top_logprobs or [])
        ]
        candidates.append((answer.token, answer.logprob))  # deduplicated by token
        try:
            p, mass, by_prefix = read_logprobs(candidates, yes_words, no_words, prefixes=prefixes)
        except InvalidLogprob:
            return YesNoReading(None, "invalid", 0.0)
        if p is None:
            return YesNoReading(None, "none", mass)
        return YesNoReading(p, "logprobs", mass, by_prefix)
    text = choice.message.text if choice.message is not None else output.completion
    p = text_yes_probability(
        text or "", yes_words, no_words, question=question, relations=relations
    )
    return YesNoReading(p, "text", 1.0) if p is not None else YesNoReading(None, "none", 0.0)


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
    english_words: tuple[Sequence[str], Sequence[str]] | None = None,
    prefixes: bool = False,
    relations: Sequence[str] = (),
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
        english_words: for a question asked in another language, the English (Yes, No)
            words, read separately: p stays the asked language's, and an answer whose
            English Yes/No outweighs the language's own is counted
            (`answered_in: english`), never mixed into p.
        prefixes: also count a token that begins the words of one class only (words a
            tokenizer splits; see `logprob_yes_probability`).
        relations: the language's relation phrases (`Language.relation_words`), with
            which a reply read as text may name another relation than the asked one.

    A sample the solver sampled (`sampled_yes_probability.yes_no_answer`, which marks it in
    the sample's store) is scored from its K replies instead: p-hat = #Yes / (#Yes + #No) over
    the replies read, `method: sampled` (`sampled_yes_probability.sampled_score`).

    Score: value p (or `NOANSWER`), answer the completion, metadata `p`,
    `method` (`logprobs` / `text` / `none` / `invalid`), `logprobs` (whether the
    provider sent any), `candidates` ([token, logprob] pairs at the answer
    position) and, for `invalid`, `invalid_logprobs: true`; with `prefixes`,
    `by_prefix`; with `english_words`, `p_english`, `mass` and `mass_english`
    (P(Yes) + P(No) of each vocabulary) and `answered_in` (`asked`, `english` or
    `neither`).
    """
    warned = False

    async def score(state: TaskState, target: Target) -> Score:
        nonlocal warned
        store = getattr(state, "store", None)
        if store is not None and store.get(SAMPLING_KEY):  # K sampled answers: p-hat from them
            return sampled_score(
                state, yes_words, no_words, english_words=english_words, relations=relations
            )
        output = state.output
        choice = output.choices[0] if output and output.choices else None
        has_logprobs = bool(choice and choice.logprobs and choice.logprobs.content)
        if not has_logprobs and not warned:
            warned = True
            logger.warning(no_logprobs_warning)
        question = getattr(state, "input_text", None)  # the question asked, for the text reading
        reading = read_output(
            output, yes_words, no_words, prefixes=prefixes, question=question, relations=relations
        )
        p, method = reading.p, reading.method
        metadata: dict[str, Any] = {
            "p": p,
            "method": method,
            "logprobs": has_logprobs,
            "candidates": _candidates(output) if has_logprobs else None,
        }
        if prefixes:
            metadata["by_prefix"] = reading.by_prefix
        if english_words is not None:
            english = read_output(output, *english_words, question=question)
            metadata.update(
                p_english=english.p,
                mass=reading.mass,
                mass_english=english.mass,
                answered_in=answered_in(reading, english),
            )
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
            if metadata.get("answered_in") == "english":
                why += " in the language asked (the answer is an English Yes/No, counted apart)"
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


def answered_in(asked: YesNoReading, english: YesNoReading) -> str:
    """`asked` when the asked language's Yes/No carry at least the English ones' probability."""
    if asked.p is None and english.p is None:
        return "neither"
    if english.p is None or (asked.p is not None and asked.mass >= english.mass):
        return "asked"
    return "english"


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
    `no_logprobs_rate` (answers whose provider sent no log-probabilities); for a question
    asked in another language (score metadata `answered_in`) also
    `n_answered_in_english` / `answered_in_english_rate` (English Yes/No outweighing
    the language's own) and `n_answered_in_neither`; with prefix reading `n_by_prefix`; when
    any sample was sampled (`method: sampled`), `n_sampled` / `sampled_rate` (samples whose
    p-hat came from sampled answers), `samples_per_frame` (K), `n_sampled_replies`,
    `n_unread_replies` / `unread_reply_rate` (replies that stated neither Yes nor No, left
    out of p-hat, over the replies received) and `n_missing_replies` (asked, not sent).
    """

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        n = len(scores)
        if n == 0:
            return {}
        meta: list[dict[str, Any]] = [s.score.metadata or {} for s in scores]
        unscored = sum(score_p(s) is None for s in scores)
        from_text = sum(m.get("method") == "text" for m in meta)
        no_logprobs = sum(not m.get("logprobs", True) for m in meta)
        out = {
            "n_samples": float(n),
            "n_no_yes_no": float(unscored),
            "no_yes_no_rate": unscored / n,
            "n_p_from_text": float(from_text),
            "p_from_text_rate": from_text / n,
            "no_logprobs_rate": no_logprobs / n,
        }
        if any("answered_in" in m for m in meta):
            english = sum(m.get("answered_in") == "english" for m in meta)
            out["n_answered_in_english"] = float(english)
            out["answered_in_english_rate"] = english / n
            out["n_answered_in_neither"] = float(
                sum(m.get("answered_in") == "neither" for m in meta)
            )
        if any("by_prefix" in m for m in meta):
            out["n_by_prefix"] = float(sum(bool(m.get("by_prefix")) for m in meta))
        sampled = [m for m in meta if m.get("method") == "sampled"]
        if sampled:
            out.update(_sampled_counts(sampled, n))
        return out

    return compute


def _sampled_counts(sampled: list[dict[str, Any]], n: int) -> dict[str, float]:
    """The answer counts of the sampled samples (`yes_probability_answers`)."""

    def total(key: str) -> int:
        return sum(int(m.get(key) or 0) for m in sampled)

    replies = total("n_yes") + total("n_no") + total("n_unread")
    out = {
        "n_sampled": float(len(sampled)),
        "sampled_rate": len(sampled) / n,
        "samples_per_frame": float(max(int(m.get("samples") or 0) for m in sampled)),
        "n_sampled_replies": float(replies),
        "n_unread_replies": float(total("n_unread")),
        "n_missing_replies": float(total("n_missing")),
    }
    if replies:
        out["unread_reply_rate"] = total("n_unread") / replies
    return out

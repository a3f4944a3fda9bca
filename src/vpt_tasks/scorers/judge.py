"""The grader-model role as a judge: prompts in, replies read out -- or refused.

A scorer that asks the `grader` model role builds the prompt here from the text
its benchmark passes in, sends it with :func:`ask_grader_model`, and reads the
reply here, so that the wording and the parsing are tested without a model. No
prompt wording lives in this module; benchmarks keep theirs in
`task_configs/<benchmark>.yaml`.

The answer being judged is *data*: :func:`quote_answer` puts it into a prompt
as a JSON string, so nothing inside it ("the correct option is A", a fake
"Your output:" line) can pose as part of the prompt.

A reply that gives no reading -- empty, cut off, or naming nothing the judge
was offered -- is never read as an answer: the readers here return None and the
scorer raises :class:`~vpt_tasks.scorers.cascade.GraderReplyError`, so the
sample ends in error and `inspect eval-retry` asks again.

Two kinds of judge:

* **value grader** (option mapping): replies with one of the option *values*
  it was offered ("Yes", "3") or "Unknown"; :func:`normalise_grader_reply`.
* **choice judge** (merge match): replies with an option letter or `Z` for
  none; :class:`ChoiceJudge` holds the prompt and call settings,
  :func:`parse_choice_judge_reply` reads the reply.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from inspect_ai.model import GenerateConfig, Model, ModelOutput

from vpt_tasks.core.templates import fill
from vpt_tasks.scorers.cascade import GraderReplyError
from vpt_tasks.scorers.options import NO_OPTION, UNKNOWN_VALUE, number_synonyms, read_option

__all__ = [
    "IMAGE_PLACEHOLDER",
    "ChoiceJudge",
    "ask_grader_model",
    "choice_judge_prompt",
    "describe_error",
    "normalise_grader_reply",
    "parse_choice_judge_reply",
    "quote_answer",
]

_MAX_REPLY = 2_000
"""Longest grader reply read (characters): a judge asked for one word that writes more
has not given a reading."""


def quote_answer(answer: str) -> str:
    """The answer as a JSON string literal: quoted data inside a prompt."""
    return json.dumps(str(answer).strip(), ensure_ascii=False)


def describe_error(error: BaseException) -> str:
    """`Type: message` of the error, unwrapping the retry wrapper Inspect raises after its retries."""
    from tenacity import RetryError

    if isinstance(error, RetryError) and error.last_attempt.failed:
        cause = error.last_attempt.exception()
        if cause is not None:
            error = cause
    return f"{type(error).__name__}: {error}"


async def ask_grader_model(model: Model, prompt: str, config: GenerateConfig) -> ModelOutput:
    """One grader call; a call that still fails after Inspect's retries fails the sample."""
    try:
        return await model.generate(prompt, config=config)
    except Exception as error:
        raise GraderReplyError(
            f"the grader model failed on this sample ({describe_error(error)}); the sample "
            "is left unscored: `inspect eval-retry <log>` scores it again"
        ) from error


# --------------------------------------------------------------------------
# Value grader: reply normalisation

_FENCE = re.compile(r"^```[a-zA-Z]*\s*|\s*```$")
_STRIP_CHARS = " \t\r\n\"'`.,;:!?()[]{}*<>"
_REPLY_KEYS = ("MAPPED_ANSWER", "ANSWER", "MAPPING", "RESULT", "RESPONSE", "VALUE", "MODEL_ANSWER")
_WORDS = re.compile(r"[a-z0-9]+")


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
    """One of ``valid_values``, ``"Unknown"``, or None when the reply gives no reading.

    Quotes, markdown, punctuation and case are forgiven ("'yes'." -> "Yes", "**No**"
    -> "No", "Three" -> "3" when "3" is valid); a JSON reply is unwrapped; a reply that
    is one option letter maps through ``options``; a longer reply naming exactly one
    value (and not "Unknown") maps to it. An empty reply, a reply naming two values or
    none, and a reply too long to be an answer give None.
    """
    if reply is None or len(reply) > _MAX_REPLY:
        return None
    text = _unwrap_json(str(reply)).strip(_STRIP_CHARS).strip()
    if not text:
        return None
    folded = " ".join(text.split()).casefold()
    forms = {v: number_synonyms(v) for v in valid_values}
    for value, spellings in forms.items():
        if folded in spellings:
            return value
    if folded == UNKNOWN_VALUE.casefold():
        return UNKNOWN_VALUE
    if options is not None and len(folded) == 1:
        shown = {str(k).casefold(): str(v) for k, v in options.items()}
        if folded in shown:
            for canonical, spellings in forms.items():
                if shown[folded].strip().casefold() in spellings:
                    return canonical
    said_words = _WORDS.findall(folded)
    said = set(said_words)
    ends = {said_words[0], said_words[-1]} if said_words else set()
    named = {value for value, spellings in forms.items() if spellings & said}
    hits = {
        value
        for value in named
        # a yes/no value only as the reply's first or last word, not "there is no match"
        if forms[value] & (ends if forms[value] & {"yes", "no"} else said)
    }
    if "unknown" in said:
        return UNKNOWN_VALUE if not named else None
    return hits.pop() if len(hits) == 1 and len(named) == 1 else None


# --------------------------------------------------------------------------
# Choice judge (merge match)

IMAGE_PLACEHOLDER = re.compile(r"<image[^>]*>", re.IGNORECASE)
"""Image placeholders in a question; the judge sees text only, so they become "[image]"."""


@dataclass(frozen=True)
class ChoiceJudge:
    """The choice judge of merge match: the benchmark's prompt and how it is called.

    The judge is called at most `max_tries` times per answer, while its replies name no
    option; try i runs at `temperatures[i]` (the last one repeats). A judge that names no
    option in `max_tries` tries has given no reading: the sample errors (retryable).
    """

    template: str
    """The prompt, with the fields `{letters}` ("A, B, C, D"), `{question}`,
    `{options}` (one "A. text" line per option) and `{answer}` (quoted as data)."""
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
    """Fill a choice-judge prompt template for one answer.

    `{letters}` gets the option letters ("A, B, C, D"), `{question}` the question with
    its image placeholders replaced by "[image]" (the judge sees text only), `{options}`
    the lettered options one per line ("A. left") and `{answer}` the model's answer as a
    JSON string (:func:`quote_answer`).
    """
    letters = ", ".join(str(k).strip().upper() for k in options)
    text = IMAGE_PLACEHOLDER.sub("[image]", str(question)).strip()
    slots = {
        "letters": letters,
        "question": text,
        "options": _format_options(options),
        "answer": quote_answer(answer),
    }
    return fill(template, slots, where="the choice-judge prompt")


def parse_choice_judge_reply(reply: str | None, options: Mapping[str, str]) -> str | None:
    """The option letter (or "Z") a judge reply names; None when it names none.

    "B" -> B, "Z" -> Z, "Your output: (C)" -> C; anything longer is read with the same
    rules as a model's answer (:func:`~vpt_tasks.scorers.options.read_option`).
    """
    if reply is None or len(reply) > _MAX_REPLY:
        return None
    text = reply.strip().removeprefix("Your output:").strip(_STRIP_CHARS).strip()
    letters = {str(k).upper() for k in options} | {NO_OPTION}
    if text.upper() in letters and len(text) == 1:
        return text.upper()
    read = read_option(text, options)
    return read.letter if read.decided else None


async def ask_judge(
    grader: Model,
    settings: ChoiceJudge,
    question: str,
    options: Mapping[str, str],
    answer: str,
) -> tuple[str, list[str]]:
    """Ask the judge until its reply names an option (or Z), at most `settings.max_tries` times.

    Returns the letter and every reply. Raises GraderReplyError when no try named one.
    """
    prompt = settings.prompt(question, options, answer)
    replies: list[str] = []
    for attempt in range(settings.max_tries):
        config = GenerateConfig(
            temperature=settings.temperature(attempt), max_tokens=settings.max_tokens
        )
        output = await ask_grader_model(grader, prompt, config)
        replies.append(output.completion)
        letter = parse_choice_judge_reply(output.completion, options)
        if letter is not None:
            return letter, replies
    raise GraderReplyError(
        f"the judge named no option in {settings.max_tries} tries (replies: {replies!r}); the "
        "sample is left unscored: `inspect eval-retry <log>` asks again"
    )

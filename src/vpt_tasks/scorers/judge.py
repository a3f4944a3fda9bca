"""The grader-model role as a judge: prompts in, replies read out -- or refused.

A scorer that asks the `grader` model role builds the prompt here from the text
its benchmark passes in, sends it with :func:`ask_grader_model`, and reads the
reply here, so that the wording and the parsing are tested without a model. No
prompt wording lives in this module; benchmarks keep theirs in
`task_configs/<benchmark>.yaml`.

The answer being judged is *data*: :func:`quote_answer` puts it into a prompt
as a JSON string, so nothing inside it ("the correct option is A", a fake
"Your output:" line) can pose as part of the prompt.

Grader replies are data, read as carefully as a model's answer. Two ways a reply
gives no reading, kept apart:

* **no reply** -- empty, or cut off at the grader's token limit, or the call
  failed after Inspect's retries: :class:`~vpt_tasks.scorers.cascade.GraderReplyError`,
  the sample ends in error (counted by Inspect; the run goes on under the tasks'
  `fail_on_error` default) and `inspect eval-retry` asks again;
* **a reply outside the vocabulary** -- naming nothing it was offered, two
  values ("Yes or No"), a negated one ("not 3", "The answer is not B"), a refusal
  of the grader's own -- is read as nothing: the readers here return None and
  the answer stays *undecided* (`why` = `grader_unreadable (...)`, counted),
  never a guess and never an empty reading scored as a disclaimer.

Negation, hypotheticals and two values named are read by the project's shared
option reader (:func:`~vpt_tasks.scorers.options.read_option`).

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
from vpt_tasks.scorers.cascade import GraderReading, GraderReplyError
from vpt_tasks.scorers.options import NO_OPTION, UNKNOWN_VALUE, number_synonyms, read_option
from vpt_tasks.scorers.reading import ANSWER_JOINS, ANSWER_SUBJECTS

__all__ = [
    "IMAGE_PLACEHOLDER",
    "UNREADABLE",
    "ChoiceJudge",
    "ask_grader_model",
    "ask_judge",
    "choice_judge_prompt",
    "describe_error",
    "grader_value",
    "judge_reading",
    "no_reply",
    "no_reply_error",
    "normalise_grader_reply",
    "parse_choice_judge_reply",
    "quote_answer",
    "unreadable",
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


RETRY = (
    "the sample is counted as an error and the run goes on: `inspect eval-retry <log>` asks again"
)
"""How every grader error ends its message."""

UNREADABLE = "grader_unreadable"
"""The `why` of an answer the grader was asked about but whose reply named nothing it was
offered (the answer stays undecided)."""


def unreadable(problem: str) -> str:
    """The `why` of an answer left undecided by a grader reply with `problem`."""
    return f"{UNREADABLE} ({problem})"


async def ask_grader_model(model: Model, prompt: str, config: GenerateConfig) -> ModelOutput:
    """One grader call; a call that still fails after Inspect's retries fails the sample."""
    try:
        return await model.generate(prompt, config=config)
    except Exception as error:
        raise GraderReplyError(
            f"the grader model failed on this sample ({describe_error(error)}); {RETRY}"
        ) from error


def no_reply(output: ModelOutput) -> str | None:
    """Why a grader output is no reply at all -- `empty`, or `cut off at its token limit` --
    or None when it is a reply (readable or not). Only called for replies that gave no
    reading: a reply cut off after its answer is still read."""
    if output.stop_reason == "max_tokens":
        return "cut off at its token limit"
    if not output.completion.strip():
        return "empty"
    return None


def no_reply_error(output: ModelOutput, problem: str) -> GraderReplyError:
    """The sample error of a grader output that is no reply (`problem`, from :func:`no_reply`)."""
    advice = " (raise the grader's max_tokens)" if problem.startswith("cut off") else ""
    return GraderReplyError(
        f"the grader's reply {output.completion[:200]!r} is {problem}{advice}; {RETRY}"
    )


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
    """One of ``valid_values``, ``"Unknown"``, or None when the reply gives no reading
    (see :func:`grader_value`, which also says why)."""
    return grader_value(reply, valid_values, options)[0]


def grader_value(
    reply: str | None,
    valid_values: Sequence[str],
    options: Mapping[str, str] | None = None,
) -> tuple[str | None, str]:
    """(one of ``valid_values`` or ``"Unknown"``, "") -- or (None, why it is no reading).

    A reply that *is* a value is read at once: quotes, markdown, punctuation and case
    are forgiven ("'yes'." -> "Yes", "**No**" -> "No", "Three" -> "3" when "3" is
    valid), a JSON reply is unwrapped, and a reply that is one option letter maps
    through ``options``. A longer reply is read by two readers that must agree: the
    value words it names at its ends ("The answer maps to 'No'."), and the shared
    option reader over the values and "Unknown", which reads negation ("not 3" is not
    3), hypotheticals and two values named ("Yes or No"). A reply the readers do not
    agree on, an empty one, a refusal of the grader's own and one too long to be an
    answer give None.
    """
    if reply is None:
        return None, "empty"
    if len(reply) > _MAX_REPLY:
        return None, "too long"
    text = _unwrap_json(str(reply)).strip(_STRIP_CHARS).strip()
    if not text:
        return None, "empty"
    folded = " ".join(text.split()).casefold()
    forms = {v: number_synonyms(v) for v in valid_values}
    for value, spellings in forms.items():
        if folded in spellings:
            return value, ""
    if folded == UNKNOWN_VALUE.casefold():
        return UNKNOWN_VALUE, ""

    def canonical(shown: str) -> str | None:
        return next(
            (v for v, spellings in forms.items() if shown.strip().casefold() in spellings), None
        )

    if options is not None and len(folded) == 1:
        shown = {str(k).casefold(): str(v) for k, v in options.items()}
        value = canonical(shown[folded]) if folded in shown else None
        return (value, "") if value is not None else (None, "not an option letter")
    by_words = _named_value(folded, forms)
    # the values as options: the letters shown when there are any (a reply may name one),
    # else keys no reply can name; "Unknown" under a key that is no letter either
    offered = (
        {str(k): str(v) for k, v in options.items() if canonical(str(v)) is not None}
        if options is not None
        else {f"v{i}": v for i, v in enumerate(valid_values)}
    )
    read = read_option(text, {**offered, _UNKNOWN_KEY: UNKNOWN_VALUE})
    if read.letter is None:
        return None, read.reason.replace("_", " ")
    if read.reason == "refusal":
        return None, "a refusal"  # the grader declining is not the answer picking nothing
    if read.letter == NO_OPTION:  # a reply cut off or declining: the grader picked none
        return None, read.reason.replace("_", " ")
    by_reader = UNKNOWN_VALUE if read.letter == _UNKNOWN_KEY else canonical(offered[read.letter])
    if by_words != by_reader:
        return None, "its readers disagree"
    return by_reader, ""


_UNKNOWN_KEY = "?"
"""The key of "Unknown" among the values read as options: no reply can name it as a letter."""


def _named_value(folded: str, forms: Mapping[str, set[str]]) -> str | None:
    """The one value (or "Unknown") a reply names by its words: a yes/no value only as the
    reply's last word or as its first word standing alone ("No.", "No it cannot"; not the
    determiner of "No match" or "there is no match"); None when it names none or several."""
    said_words = _WORDS.findall(folded)
    said = set(said_words)
    ends = {said_words[-1]} if said_words else set()
    if said_words and (
        len(said_words) == 1
        or not folded[len(said_words[0]) :][:1].isspace()  # "No." / "No," opens the reply
        or said_words[1] in ANSWER_SUBJECTS | ANSWER_JOINS
    ):
        ends.add(said_words[0])
    named = {value for value, spellings in forms.items() if spellings & said}
    hits = {
        value for value in named if forms[value] & (ends if forms[value] & {"yes", "no"} else said)
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
    rules as a model's answer (:func:`~vpt_tasks.scorers.options.read_option`): "not
    left" and "The answer is not B" name nothing, "A or C" names two (None). A refusal
    of the judge's own ("I cannot determine") is no "Z": the judge declined to read.
    """
    if reply is None or len(reply) > _MAX_REPLY:
        return None
    text = reply.strip().removeprefix("Your output:").strip(_STRIP_CHARS).strip()
    letters = {str(k).upper() for k in options} | {NO_OPTION}
    if text.upper() in letters and len(text) == 1:
        return text.upper()
    read = read_option(text, options)
    # "Z" from the readers is an answer declining or cut off ("I cannot determine", "The answer
    # would most likely be"), which from a judge is no reading; only a bare "Z" is its "Z"
    return read.letter if read.decided and read.letter != NO_OPTION else None


def judge_reading(output: ModelOutput, options: Mapping[str, str]) -> GraderReading:
    """What one judge reply says: a letter (or Z), or undecided (`grader_unreadable`).

    Raises GraderReplyError when it is no reply (empty, cut off): the sample errors.
    """
    letter = parse_choice_judge_reply(output.completion, options)
    if letter is not None:
        return GraderReading(letter, output.completion)
    problem = no_reply(output)
    if problem is not None:
        raise no_reply_error(output, problem)
    return GraderReading(None, output.completion, why=unreadable("names no option"))


async def ask_judge(
    grader: Model,
    settings: ChoiceJudge,
    question: str,
    options: Mapping[str, str],
    answer: str,
) -> GraderReading:
    """Ask the judge until its reply names an option (or Z), at most `settings.max_tries` times.

    Returns the reading (details: `judge_replies`, every reply). When no try named an
    option, the last reply says what that is (:func:`judge_reading`): a reply outside
    the vocabulary leaves the answer undecided; an empty or cut-off one fails the sample
    (GraderReplyError), so that `inspect eval-retry` asks again.
    """
    prompt = settings.prompt(question, options, answer)
    replies: list[str] = []
    for attempt in range(settings.max_tries):
        config = GenerateConfig(
            temperature=settings.temperature(attempt), max_tokens=settings.max_tokens
        )
        output = await ask_grader_model(grader, prompt, config)
        replies.append(output.completion)
        if parse_choice_judge_reply(output.completion, options) is not None:
            break
    try:
        read = judge_reading(output, options)
    except GraderReplyError as error:
        raise GraderReplyError(
            f"the judge named no option in {len(replies)} tries (replies: {replies!r}): {error}"
        ) from None
    why = (
        read.why
        if read.reading is not None
        else unreadable(f"named no option in {len(replies)} tries")
    )
    return GraderReading(read.reading, read.reply, {"judge_replies": replies}, why=why)

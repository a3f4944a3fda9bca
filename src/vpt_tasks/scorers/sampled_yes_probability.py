"""Scorer kind "yes-probability", sampled: P(Yes) where the provider gives no log-probabilities.

What: the same question answered K times at temperature 1; each reply is read by the text
reader of `yes_probability` (`text_yes_probability`, unchanged), and

    p-hat = #Yes / (#Yes + #No)

over the replies it reads with certainty, with the 95% Wilson score interval of that binomial
proportion. A reply it cannot settle is counted (`n_unread`), never counted as No; a reply the
provider did not send is counted (`n_missing`). With no reply read the sample is unscored.

Why: COMFORT defines p_i = P_i(Yes) / [P_i(Yes) + P_i(No)], "the probability of response in
{Yes, No} assigned by" the model (paper, Section 3.3, "Accuracy"); the project reads it from
the first answer token's log-probabilities. Anthropic returns none, and OpenAI's reasoning
models reject the request; their only p was the text's 0 or 1, a step curve. At temperature 1
a reply is a draw from the model's distribution, so the share of Yes among the Yes/No replies
estimates the same P(Yes) / (P(Yes) + P(No)), with a binomial error that shrinks as 1/sqrt(K).
(Temperature 1 is also the distribution the log-probabilities describe; where a provider
accepts no temperature -- Anthropic's current API, OpenAI's reasoning models -- Inspect drops
it and the provider samples at its default, which is 1 for both.)

How, with Inspect's machinery:

- `GenerateConfig(num_choices=K, temperature=1)`: one request returning K choices where the
  provider supports it (Inspect passes `num_choices` as `n` to OpenAI-compatible chat APIs --
  OpenAI, vLLM, SGLang, Together, Groq, Grok -- and as `candidate_count` to Google).
- A provider that returns fewer choices than asked (Anthropic: Inspect has no `num_choices`
  there) is asked again, within this solver, for the rest: K requests at most. Those repeated
  requests each carry a different seed (derived from the sample, epoch and request number), so
  a provider that honours seeds cannot answer them identically; their configs differ, so
  Inspect's cache (`--cache`) cannot either.
- Not epochs with a reducer: `--epochs` is fixed for the whole run before any reply is seen,
  so `auto` could not sample only the models without log-probabilities; it would also log K
  samples per frame, and a reducer sees score values, not the counts the interval needs.
  `--epochs` still composes with this: each epoch samples its own K.

`-T probability=auto` (`yes_no_answer(method="auto")`): the paper's request first
(temperature 0, log-probabilities); where the reply carries log-probabilities it is scored as
before. Where it carries none -- or the provider rejects the request for them (HTTP 400
naming `logprobs`, OpenAI's reasoning models) -- and the provider has not returned any in
this run, the frame is sampled instead, announced once per run (one warning); from then on
later samples skip the request for log-probabilities while none has come back. A provider
that does return log-probabilities and leaves them out of one reply (a refusal, say) gets the
text reading for that reply, as before. The solver records each sample's method in the
sample's store (`SAMPLING_KEY`), which the scorer reads.

Parts: `yes_no_answer` (the solver), `answer_yes_no` (its body, for solvers of their own, e.g.
a chain of thought's final turn), `read_samples` / `SampledReading` (the estimate),
`sampled_score` (the score), `wilson_interval`, `rejects_logprobs`, `method_label`.
"""

from __future__ import annotations

import hashlib
import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from inspect_ai.model import ChatCompletionChoice, GenerateConfig, ModelOutput, get_model
from inspect_ai.scorer import NOANSWER, Score
from inspect_ai.solver import Generate, Solver, TaskState, solver

from vpt_tasks.core.solvers import generate_answer

__all__ = [
    "DEFAULT_SAMPLES",
    "PROBABILITY_METHODS",
    "SAMPLING_KEY",
    "SAMPLING_TEMPERATURE",
    "ProbabilityMethod",
    "SampledReading",
    "SamplingRun",
    "answer_yes_no",
    "method_label",
    "read_samples",
    "rejects_logprobs",
    "sampled_score",
    "wilson_interval",
    "yes_no_answer",
]

logger = logging.getLogger(__name__)

ProbabilityMethod = Literal["auto", "logprobs", "sampled"]
PROBABILITY_METHODS: tuple[ProbabilityMethod, ...] = ("auto", "logprobs", "sampled")

DEFAULT_SAMPLES = 20
"""K, the answers sampled per question: chosen by the measurement in
`benchmarks/comfort_sampling.py` (see the COMFORT README, "Sampled P(Yes)")."""

SAMPLING_TEMPERATURE = 1.0
SAMPLING_KEY = "vpt_tasks/yes_probability/sampling"
"""Store key of a sample whose P(Yes) is to be read from sampled replies."""

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


# --------------------------------------------------------------------------
# the estimate


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default).

    Unlike the normal ("Wald") interval it stays inside [0, 1] and does not collapse to a
    point at 0 or `trials` successes: 20 Yes of 20 give [0.839, 1], not [1, 1].
    """
    if trials <= 0:
        raise ValueError("the Wilson interval needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be in [0, {trials}], got {successes}")
    p = successes / trials
    z2 = z * z
    denominator = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1.0 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class SampledReading:
    """What the text reader settles in a sample's K replies."""

    samples: int
    """K, the replies asked for."""
    yes: int
    no: int
    unread: int
    """Replies received that state neither Yes nor No for certain (counted, never as No)."""
    english_yes: int = 0
    english_no: int = 0
    """With the English words of a question asked in another language: the replies read as an
    English Yes / No (every reply is read in both vocabularies)."""

    @property
    def read(self) -> int:
        return self.yes + self.no

    @property
    def replies(self) -> int:
        return self.yes + self.no + self.unread

    @property
    def missing(self) -> int:
        """Replies asked for that the provider did not send."""
        return max(0, self.samples - self.replies)

    @property
    def p(self) -> float | None:
        """p-hat = #Yes / (#Yes + #No); None when no reply was read."""
        return self.yes / self.read if self.read else None

    @property
    def interval(self) -> tuple[float, float] | None:
        """The 95% Wilson interval of p-hat; None when no reply was read."""
        return wilson_interval(self.yes, self.read) if self.read else None

    @property
    def p_english(self) -> float | None:
        english = self.english_yes + self.english_no
        return self.english_yes / english if english else None


def read_samples(
    choices: list[ChatCompletionChoice],
    yes_words: Any,
    no_words: Any,
    *,
    samples: int,
    question: str | None = None,
    english_words: tuple[Any, Any] | None = None,
    relations: Sequence[str] = (),
) -> SampledReading:
    """Read every reply with `text_yes_probability` and count Yes, No and unread replies."""
    from vpt_tasks.scorers.yes_probability import text_yes_probability

    yes = no = unread = english_yes = english_no = 0
    for choice in choices:
        text = choice.message.text if choice.message is not None else ""
        p = text_yes_probability(
            text or "", yes_words, no_words, question=question, relations=relations
        )
        if p is None:
            unread += 1
        elif p == 1.0:
            yes += 1
        else:
            no += 1
        if english_words is not None:
            english = text_yes_probability(text or "", *english_words, question=question)
            english_yes += english == 1.0
            english_no += english == 0.0
    return SampledReading(samples, yes, no, unread, english_yes, english_no)


def sampled_score(
    state: TaskState,
    yes_words: Any,
    no_words: Any,
    *,
    english_words: tuple[Any, Any] | None = None,
    relations: Sequence[str] = (),
) -> Score:
    """The score of a sample the solver sampled (`SAMPLING_KEY` in its store).

    Value p-hat, or `NOANSWER` when no reply was read. Metadata: `p`, `method: sampled`,
    `logprobs` (False: none were returned, or asked for), `candidates: None`, `samples` (K),
    `n_yes`, `n_no`, `n_unread`, `n_missing`, `p_interval` ([low, high], 95% Wilson, or None),
    `requests` (model calls of the sample, the request for log-probabilities included) and
    `sampled_because` (`asked`: -T probability=sampled; `no logprobs`: the provider returned
    none; `logprobs rejected`; `no logprobs in this run`: an earlier sample found none);
    with `english_words`, `p_english` and `answered_in` as the log-probability reading has them.
    """
    info: dict[str, Any] = state.store.get(SAMPLING_KEY) or {}
    samples = int(info.get("samples", 0))
    reading = read_samples(
        list(state.output.choices) if state.output else [],
        yes_words,
        no_words,
        samples=samples,
        question=getattr(state, "input_text", None),
        english_words=english_words,
        relations=relations,
    )
    interval = reading.interval
    metadata: dict[str, Any] = {
        "p": reading.p,
        "method": "sampled",
        "logprobs": False,
        "candidates": None,
        "samples": samples,
        "n_yes": reading.yes,
        "n_no": reading.no,
        "n_unread": reading.unread,
        "n_missing": reading.missing,
        "p_interval": list(interval) if interval else None,
        "requests": int(info.get("requests", 0)),
        "sampled_because": info.get("because"),
    }
    if english_words is not None:
        metadata["p_english"] = reading.p_english
        english = reading.english_yes + reading.english_no
        metadata["answered_in"] = (
            "neither"
            if not reading.read and not english
            else "asked"
            if reading.read >= english
            else "english"
        )
    answer = (
        f"{reading.yes} Yes, {reading.no} No, {reading.unread} unread"
        + (f", {reading.missing} not sent" if reading.missing else "")
        + f" of {samples} sampled answers"
    )
    if reading.p is None:
        return Score(
            value=NOANSWER,
            answer=answer,
            explanation=f"unscored: no Yes/No read in {reading.replies} sampled answers",
            metadata=metadata,
        )
    assert interval is not None
    return Score(
        value=reading.p,
        answer=answer,
        explanation=(
            f"P(Yes) = {reading.p:.4f} from {reading.read} of {samples} sampled answers "
            f"({answer}); 95% Wilson interval [{interval[0]:.3f}, {interval[1]:.3f}]"
        ),
        metadata=metadata,
    )


def method_label(metrics: dict[str, float], metadata: dict[str, Any] | None = None) -> str:
    """How a run's P(Yes) was obtained, in a few words, from its metrics and task metadata.

    `metrics`: the run's numbers (`metrics.details` or the printed ones): `sampled_rate`
    (samples whose p-hat came from sampled answers), `no_logprobs_rate` (samples without
    log-probabilities: sampled, or read from one answer's text), or in the printed metrics,
    which lack it, `p_from_text_rate`. `metadata`: the task metadata, whose
    `samples_per_frame` is K. Returns "log-probabilities", "sampled (K = 20)", "text (0/1)",
    or "mixed: ..." with the shares of each.
    """
    sampled = float(metrics.get("sampled_rate") or 0.0)
    if "no_logprobs_rate" in metrics:
        without = float(metrics["no_logprobs_rate"])
        text = max(0.0, without - sampled)
        logprobs = max(0.0, 1.0 - without)
    else:  # the printed metrics: unscored answers are not told apart there
        text = float(metrics.get("p_from_text_rate") or 0.0)
        logprobs = max(0.0, 1.0 - sampled - text)
    k = (metadata or {}).get("samples_per_frame")
    shares = {
        "log-probabilities": logprobs,
        f"sampled (K = {k})" if k else "sampled": sampled,
        "text (0/1)": text,
    }
    used = {name: share for name, share in shares.items() if share > 1e-9}
    if len(used) <= 1:
        return next(iter(used), "log-probabilities")
    return "mixed: " + ", ".join(f"{100 * share:.0f}% {name}" for name, share in used.items())


# --------------------------------------------------------------------------
# the solver


def rejects_logprobs(error: BaseException) -> bool:
    """Whether `error` is a provider's refusal of log-probabilities: an HTTP 400 whose message
    names them (OpenAI's reasoning models: "Unsupported parameter: 'logprobs' is not supported
    with this model.")."""
    status = getattr(error, "status_code", None)
    return status == 400 and "logprob" in str(error).lower()


def _has_logprobs(output: ModelOutput | None) -> bool:
    choice = output.choices[0] if output and output.choices else None
    return bool(choice and choice.logprobs and choice.logprobs.content)


@dataclass
class SamplingRun:
    """What one run has seen of its provider, shared by the run's samples (one per solver)."""

    logprobs_seen: bool = False
    no_logprobs_seen: bool = False
    announced: bool = False
    num_choices_refused: bool = False

    def probe(self) -> bool:
        """Whether to ask for log-probabilities first: unless none came back in this run and
        no reply had them."""
        return self.logprobs_seen or not self.no_logprobs_seen


@solver
def yes_no_answer(
    method: ProbabilityMethod = "auto",
    samples: int = DEFAULT_SAMPLES,
    top_logprobs: int = 20,
    announce: str | None = None,
) -> Solver:
    """Ask the yes/no question; P(Yes) from log-probabilities, or from `samples` answers.

    Args:
        method: `logprobs` (one request with log-probabilities: the paper's protocol), `sampled`
            (`samples` answers at temperature 1), or `auto` (log-probabilities where the
            provider returns them, sampling where it cannot; see the module docstring).
        samples: K, the answers sampled per question.
        top_logprobs: the top log-probabilities asked for with the log-probability request.
        announce: the warning logged once per run when `auto` turns to sampling.
    """
    run = SamplingRun()

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        return await answer_yes_no(
            state,
            generate,
            method=method,
            samples=samples,
            top_logprobs=top_logprobs,
            announce=announce,
            run=run,
        )

    return solve


async def answer_yes_no(
    state: TaskState,
    generate: Generate,
    *,
    method: ProbabilityMethod,
    samples: int,
    top_logprobs: int,
    announce: str | None = None,
    run: SamplingRun | None = None,
    **config: Any,
) -> TaskState:
    """The body of `yes_no_answer` for a solver of its own (`run`: the solver's `SamplingRun`,
    made once per solver; `config`: generation settings of this turn, e.g. `max_tokens`)."""
    run = run if run is not None else SamplingRun()
    if method == "logprobs":
        return await generate_answer(
            state, generate, logprobs=True, top_logprobs=top_logprobs, **config
        )
    probes = 0
    because = "asked"
    if method == "auto":
        if run.probe():
            before = len(state.messages)
            probes = 1
            try:
                state = await generate_answer(
                    state, generate, logprobs=True, top_logprobs=top_logprobs, **config
                )
            except Exception as error:
                if not rejects_logprobs(error):
                    raise
                because = "logprobs rejected"
            else:
                if _has_logprobs(state.output):
                    run.logprobs_seen = True
                    return state
                if run.logprobs_seen:
                    return state  # a provider that gives them left them out here: read the text
                because = "no logprobs"
            state.messages = state.messages[:before]  # the probe's reply is not an answer
            run.no_logprobs_seen = True
        else:
            because = "no logprobs in this run"
        if announce and not run.announced:
            run.announced = True
            logger.warning(announce)
    return await _sample(state, samples, run, because=because, probes=probes, **config)


async def _sample(
    state: TaskState, samples: int, run: SamplingRun, *, because: str, probes: int, **config: Any
) -> TaskState:
    """`samples` replies at temperature 1: one request with `num_choices`, and more requests for
    the rest while the provider returns fewer (at most `samples` requests)."""
    model = get_model()
    conversation = list(state.messages)
    choices: list[ChatCompletionChoice] = []
    output: ModelOutput | None = None
    usage = None
    calls = 0
    limit = samples
    while len(choices) < samples and calls < limit:
        remaining = samples - len(choices)
        settings = GenerateConfig(temperature=SAMPLING_TEMPERATURE, **config)
        if remaining > 1 and not run.num_choices_refused:
            settings.num_choices = remaining
        if calls:
            settings.seed = _seed(state, calls)
        try:
            output = await model.generate(conversation, config=settings)
        except Exception as error:
            if settings.num_choices is None or getattr(error, "status_code", None) != 400:
                raise
            run.num_choices_refused = True  # a provider that refuses n: one reply per request
            calls += 1
            limit += 1
            continue
        calls += 1
        got = output.choices[:remaining]
        if not got:
            break
        choices.extend(got)
        if output.usage is not None:
            usage = output.usage if usage is None else usage + output.usage
    combined = ModelOutput(
        model=output.model if output else str(model), choices=choices, usage=usage
    )
    state.output = combined
    if choices:
        state.messages.append(choices[0].message)
    state.store.set(
        SAMPLING_KEY,
        {"samples": samples, "requests": calls + probes, "because": because},
    )
    return state


def _seed(state: TaskState, call: int) -> int:
    """A seed for the `call`-th request of a sample (31 bits): distinct per request, the same
    on a rerun."""
    key = f"{state.sample_id}\x00{state.epoch}\x00{call}"
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "big") >> 1

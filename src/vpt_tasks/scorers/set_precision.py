"""Scorer kind "set precision over extracted answer components".

What: a free-text answer is reduced to the set M of basic answer components
it gives ("north-east" -> {north, east}; "1 object: a dog" -> {1}) and
compared with the gold set G; its score is the precision P = |M ∩ G| / |M|.
Omissions are tolerated, extra components are penalised, and an answer with
no usable component (empty, a refusal, a disclaimer, a provider
content-filter stop) scores 0 and counts as a *disclaimer* -- it is never
dropped. An answer nobody could read is no disclaimer: it scores 0 as
`undecided` (answer type `undecided`). With chain of thought only the part after the last "Answer:" line is
scored (`final_answer`).

Why: open-ended questions whose answer may legitimately name one or two
options (Isle-Brick-V2's directions) need a score that neither forces one
option nor rewards listing all of them. How components are extracted is the
benchmark's business, so it is passed in:

- rules: a callable `(final answer, state) -> RulesReading`: the sorted
  components, or None when the rules cannot settle them (then the grader reads
  the answer; if nobody does, it is undecided, counted, and scores as no answer:
  an answer nobody read is never credited);
- an LLM: the `grader` model role is asked with a prompt template
  (`{question}`, `{answer}` -- quoted as data -- and `{vocabulary}`) and the
  sample's `Vocabulary`, which also decides which replies are readings
  (:func:`read_component_reply`): a JSON list of components it accepts, none of
  them contradicting another ("north" and "south"). A reply that is no such
  list -- prose, a component outside the vocabulary ("up", "not left"), a
  contradiction -- leaves the answer undecided (`grader_unreadable (...)`), never
  an empty reading scored as a disclaimer; an empty or cut-off reply is no reply:
  the sample errors (retryable with `inspect eval-retry`).

Who reads is the `-T grader=` mode of :mod:`vpt_tasks.scorers.cascade` (one
flow and one metadata vocabulary for every scorer kind: `decided_by`,
`reading`, `why`, `rules_reading`, `grader_reply`). This kind adds
`components` (the set scored: the reading; empty when undecided) and `answer_type`
(`compound` / `single` / `disclaimer`, or `undecided` when nobody read the answer).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from inspect_ai.model import GenerateConfig, Model, ModelOutput, get_model
from inspect_ai.scorer import Scorer, Target
from inspect_ai.solver import TaskState

from vpt_tasks.core.templates import fill
from vpt_tasks.scorers.cascade import (
    GraderMode,
    GraderReading,
    RulesReading,
    ScoredReading,
    read_answer,
)
from vpt_tasks.scorers.judge import (
    ask_grader_model,
    no_reply,
    no_reply_error,
    quote_answer,
    unreadable,
)

__all__ = [
    "ANSWER_TYPES",
    "KIND",
    "scored_components",
    "AnswerType",
    "LLMExtraction",
    "RuleExtractor",
    "Vocabulary",
    "answer_type",
    "ComponentReply",
    "component_reading",
    "extract_with_llm",
    "extraction_prompt",
    "final_answer",
    "parse_component_list",
    "precision",
    "read_component_reply",
    "set_precision",
]

AnswerType = Literal["compound", "single", "disclaimer"]
ANSWER_TYPES: tuple[AnswerType, ...] = ("compound", "single", "disclaimer")

RuleExtractor = Callable[[str, TaskState], RulesReading]
"""The benchmark's rules: (the answer to score, the sample's state) -> its sorted components
(None when they cannot settle them)."""


# --------------------------------------------------------------------------
# pure helpers


def precision(components: Iterable[str], gold: Iterable[str]) -> float:
    """Prediction correctness P = |M ∩ G| / |M|; 0.0 when M is empty.

    Components and gold labels are compared case-insensitively (after
    stripping whitespace).
    """
    predicted = {str(c).strip().lower() for c in components}
    if not predicted:
        return 0.0
    truth = {str(g).strip().lower() for g in gold}
    return len(predicted & truth) / len(predicted)


def answer_type(components: Iterable[str]) -> AnswerType:
    """The answer-type classes: more than one component is ``"compound"``,
    exactly one ``"single"``, none ``"disclaimer"``."""
    n = len(set(components))
    if n == 0:
        return "disclaimer"
    return "single" if n == 1 else "compound"


_FINAL_ANSWER = re.compile(r"^[ \t*#]*(?:final[ \t]+)?answer[ \t*]*:", re.IGNORECASE | re.MULTILINE)


def final_answer(completion: str) -> str:
    """The part of an answer after its last "Answer:" line (chain of thought), else all of it.

    Linear: the pattern is anchored at line starts and its repetitions cannot overlap.
    """
    last = None
    for last in _FINAL_ANSWER.finditer(completion):  # noqa: B007 - the last one is wanted
        pass
    return completion[last.end() :].strip(" \t\n*") if last else completion.strip()


@dataclass(frozen=True)
class Vocabulary:
    """The components one sample's answer may give, for the LLM extractor.

    The prompt states it (`describe()`), and only components it `accepts` are
    kept from the LLM's reply.
    """

    options: Sequence[str]
    """The closed set of components, lower-case."""
    description: str | None = None
    """How the prompt states the vocabulary; default: the options joined by ", "."""
    any_digits: bool = False
    """Also accept any non-negative integer written in digits (an open count vocabulary)."""
    exclusive: tuple[frozenset[str], ...] = ()
    """Components that one reading never holds together ("north" and "south")."""
    max_components: int | None = None
    """The most components one reading may hold (one count), when bounded."""

    def describe(self) -> str:
        """The vocabulary as the prompt's `{vocabulary}` states it."""
        return self.description if self.description is not None else ", ".join(self.options)

    def accepts(self, component: str) -> bool:
        """Whether `component` (stripped, lower-cased) is one of the allowed components."""
        return component in self.options or (self.any_digits and component.isdigit())

    def contradiction(self, components: Iterable[str]) -> str | None:
        """What makes `components` no one reading ("north, south"; "two of at most one"),
        or None."""
        found = set(components)
        for group in self.exclusive:
            if group <= found:
                return ", ".join(sorted(group))
        if self.max_components is not None and len(found) > self.max_components:
            return f"{len(found)} of at most {self.max_components}: {', '.join(sorted(found))}"
        return None


@dataclass(frozen=True)
class ComponentReply:
    """What a grader's reply says: its components, or why it is no reading."""

    components: list[str] | None
    """The sorted components; None when the reply is no reading."""
    problem: str = ""
    """Why it is no reading ("not a JSON list", "outside the vocabulary: up", ...)."""


def read_component_reply(reply: str | None, vocabulary: Vocabulary) -> ComponentReply:
    """A grader's JSON-list reply as components, only when every item is one the vocabulary
    accepts and they do not contradict each other.

    The first `[...]` in the reply is read as JSON; each item is stripped and
    lower-cased. A reply with no list, an item outside the vocabulary ("up", a negated
    "not left") or a contradiction ("north" and "south") is no reading: the grader said
    something else than a reading, and leaving the item out would score what it did not say.
    """
    text = reply or ""
    start = text.find("[")
    end = text.find("]", start)
    try:
        parsed = json.loads(text[start : end + 1]) if 0 <= start < end else None
    except json.JSONDecodeError:
        parsed = None
    if not isinstance(parsed, list):
        return ComponentReply(None, "not a JSON list")
    items = [str(item).strip().lower() for item in parsed]
    outside = [item for item in items if not vocabulary.accepts(item)]
    if outside:
        return ComponentReply(None, f"outside the vocabulary: {', '.join(outside)}")
    contradiction = vocabulary.contradiction(items)
    if contradiction is not None:
        return ComponentReply(None, f"contradictory: {contradiction}")
    return ComponentReply(sorted(set(items)))


def parse_component_list(reply: str, vocabulary: Vocabulary) -> list[str] | None:
    """The components of a JSON-list reply, sorted; None when it is no reading
    (:func:`read_component_reply`)."""
    return read_component_reply(reply, vocabulary).components


# --------------------------------------------------------------------------
# LLM extraction


def _question_of(state: TaskState) -> str:
    question = (state.metadata or {}).get("question")
    return str(question) if question is not None else state.input_text


@dataclass(frozen=True)
class LLMExtraction:
    """How the `grader` model role is asked for an answer's components."""

    prompt: str
    """The template: `{question}`, `{answer}` and `{vocabulary}` are filled in."""
    vocabulary: Callable[[TaskState], Vocabulary]
    """The sample's vocabulary (stated in the prompt, enforced on the reply)."""
    max_tokens: int
    temperature: float = 0.0
    question: Callable[[TaskState], str] = _question_of
    """The question as the prompt states it; default: metadata `question`, else the input text."""


def extraction_prompt(answer: str, state: TaskState, llm: LLMExtraction) -> str:
    """The grader's extraction prompt for `answer` (the part of the completion that is scored)."""
    slots = {
        "question": llm.question(state),
        "answer": quote_answer(answer),
        "vocabulary": llm.vocabulary(state).describe(),
    }
    return fill(llm.prompt, slots, where="the grader's extraction prompt")


def component_reading(output: ModelOutput, vocabulary: Vocabulary) -> GraderReading:
    """What one extraction reply says: the components, or undecided (`grader_unreadable`).

    Raises GraderReplyError when it is no reply (empty, cut off): the sample errors.
    """
    read = read_component_reply(output.completion, vocabulary)
    if read.components is not None:
        return GraderReading(read.components, output.completion)
    cause = no_reply(output)
    if cause is not None:
        raise no_reply_error(output, cause)
    return GraderReading(None, output.completion, why=unreadable(read.problem))


async def extract_with_llm(
    answer: str, state: TaskState, llm: LLMExtraction, model: Model | None = None
) -> GraderReading:
    """Ask the grader (`model`, default the `grader` role) for the components of `answer`.

    The reading is the reply's components, or None (undecided) when the reply is no
    reading (:func:`component_reading`); an empty or cut-off reply is GraderReplyError.
    """
    grader = model or get_model(role="grader", required=True)
    output = await ask_grader_model(
        grader,
        extraction_prompt(answer, state, llm),
        GenerateConfig(temperature=llm.temperature, max_tokens=llm.max_tokens),
    )
    return component_reading(output, llm.vocabulary(state))


# --------------------------------------------------------------------------
# the scorer


KIND = "set_precision"
"""The score metadata `kind` of this scorer kind (what `vpt-tasks adjudicate` re-scores by)."""


def scored_components(
    components: Iterable[str] | None, gold: Iterable[str], answer: str
) -> ScoredReading:
    """The score of reading `components` (None: nobody read the answer, answer type
    `undecided`) against the gold set."""
    found = sorted(components or [])
    truth = sorted(gold)
    score = precision(found, truth)
    return ScoredReading(
        value=score,
        answer=answer,
        explanation=f"M={found} G={truth} → {score:.3g}",
        metadata={
            "kind": KIND,
            "components": found,
            "answer_type": answer_type(found) if components is not None else "undecided",
        },
    )


def set_precision(
    rules: RuleExtractor,
    *,
    grader: GraderMode = "rules",
    llm: LLMExtraction | None = None,
) -> Scorer:
    """The scorer: each answer's precision over its components (read by the rules or the grader).

    Args:
        rules: the benchmark's deterministic extraction.
        grader: `rules` (default), `auto`, `llm` or `both` (:mod:`vpt_tasks.scorers.cascade`).
        llm: the LLM extraction's prompt and vocabulary; required unless `grader="rules"`.
    """
    if grader != "rules" and llm is None:
        raise ValueError(f"grader={grader!r} needs an LLMExtraction (llm=...)")

    def read(completion: str, state: TaskState) -> RulesReading:
        return rules(final_answer(completion), state)

    async def ask(completion: str, state: TaskState) -> GraderReading:
        assert llm is not None
        return await extract_with_llm(final_answer(completion), state, llm)

    def value(components: list[str] | None, state: TaskState, target: Target) -> ScoredReading:
        answer = final_answer(state.output.completion if state.output else "")
        scored = scored_components(components, target.target, answer)
        if llm is not None:  # the allowed components, for a human adjudicating the answer
            vocabulary = llm.vocabulary(state)
            scored.metadata["vocabulary"] = {
                "options": list(vocabulary.options),
                "any_digits": vocabulary.any_digits,
            }
        return scored

    return read_answer(rules=read, grader=ask, value=value, mode=grader, no_answer=[])

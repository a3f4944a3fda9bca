"""Scorer kind "set precision over extracted answer components".

What: a free-text answer is reduced to the set M of basic answer components
it gives ("north-east" -> {north, east}; "1 object: a dog" -> {1}) and
compared with the gold set G; its score is the precision P = |M ∩ G| / |M|.
Omissions are tolerated, extra components are penalised, and an answer with
no usable component (empty, a refusal, a disclaimer, a provider
content-filter stop) scores 0 and counts as a *disclaimer* -- it is never
dropped. With chain of thought only the part after the last "Answer:" line is
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
  sample's `Vocabulary`, which also decides which components of its reply are
  accepted. A reply that is not a JSON list is no reading: the sample errors
  (retryable with `inspect eval-retry`).

Who reads is the `-T grader=` mode of :mod:`vpt_tasks.scorers.cascade` (one
flow and one metadata vocabulary for every scorer kind: `decided_by`,
`reading`, `why`, `rules_reading`, `grader_reply`). This kind adds
`components` (the set scored: the reading; empty when undecided) and `answer_type` (`compound` / `single` / `disclaimer`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from inspect_ai.model import GenerateConfig, get_model
from inspect_ai.scorer import Scorer, Target
from inspect_ai.solver import TaskState

from vpt_tasks.core.templates import fill
from vpt_tasks.scorers.cascade import (
    GraderMode,
    GraderReading,
    GraderReplyError,
    RulesReading,
    ScoredReading,
    read_answer,
)
from vpt_tasks.scorers.judge import ask_grader_model, quote_answer

__all__ = [
    "ANSWER_TYPES",
    "KIND",
    "scored_components",
    "AnswerType",
    "LLMExtraction",
    "RuleExtractor",
    "Vocabulary",
    "answer_type",
    "extract_with_llm",
    "final_answer",
    "parse_component_list",
    "precision",
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

    def describe(self) -> str:
        """The vocabulary as the prompt's `{vocabulary}` states it."""
        return self.description if self.description is not None else ", ".join(self.options)

    def accepts(self, component: str) -> bool:
        """Whether `component` (stripped, lower-cased) is one of the allowed components."""
        return component in self.options or (self.any_digits and component.isdigit())


def parse_component_list(reply: str, vocabulary: Vocabulary) -> list[str] | None:
    """The accepted components of a JSON-list reply, sorted; None when no list is found.

    The first `[...]` in the reply is read as JSON; each item is stripped and
    lower-cased, and items the vocabulary does not accept are left out.
    """
    start = reply.find("[")
    end = reply.find("]", start)
    try:
        parsed = json.loads(reply[start : end + 1]) if 0 <= start < end else None
    except json.JSONDecodeError:
        parsed = None
    if not isinstance(parsed, list):
        return None
    return sorted(
        {
            str(item).strip().lower()
            for item in parsed
            if vocabulary.accepts(str(item).strip().lower())
        }
    )


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


async def extract_with_llm(
    answer: str, state: TaskState, llm: LLMExtraction
) -> tuple[list[str], str]:
    """Ask the grader for the components: (the accepted components, the raw reply).

    A reply that is not a JSON list is no reading: GraderReplyError (the sample errors).
    """
    vocabulary = llm.vocabulary(state)
    slots = {
        "question": llm.question(state),
        "answer": quote_answer(answer),
        "vocabulary": vocabulary.describe(),
    }
    prompt = fill(llm.prompt, slots, where="the grader's extraction prompt")
    grader = get_model(role="grader", required=True)
    output = await ask_grader_model(
        grader, prompt, GenerateConfig(temperature=llm.temperature, max_tokens=llm.max_tokens)
    )
    raw = output.completion
    components = parse_component_list(raw, vocabulary)
    if components is None:
        truncated = output.stop_reason == "max_tokens"
        raise GraderReplyError(
            f"the grader's reply {raw!r} is "
            + ("cut off at its token limit" if truncated else "not a JSON list of components")
            + "; the sample is left unscored: `inspect eval-retry <log>` asks again"
        )
    return components, raw


# --------------------------------------------------------------------------
# the scorer


KIND = "set_precision"
"""The score metadata `kind` of this scorer kind (what `vpt-tasks adjudicate` re-scores by)."""


def scored_components(
    components: Iterable[str] | None, gold: Iterable[str], answer: str
) -> ScoredReading:
    """The score of reading `components` (None: none read) against the gold set."""
    found = sorted(components or [])
    truth = sorted(gold)
    score = precision(found, truth)
    return ScoredReading(
        value=score,
        answer=answer,
        explanation=f"M={found} G={truth} → {score:.3g}",
        metadata={"kind": KIND, "components": found, "answer_type": answer_type(found)},
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
        return GraderReading(*await extract_with_llm(final_answer(completion), state, llm))

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

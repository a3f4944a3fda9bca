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

- rules: a callable `(final answer, state) -> components`, deterministic;
- optionally an LLM: the `grader` model role is asked with a prompt template
  (`{question}`, `{answer}`, `{vocabulary}`) and the sample's `Vocabulary`,
  which also decides which components of its reply are accepted.

Who extracts is the task's `-T grader=` mode (`vpt_tasks.core.args.GRADER_MODES`):

- `rules`: the rules only;
- `auto`: the rules; when they extract no component and the `grader` role is
  bound, the grader extracts (a cascade). Without a grader role, the same as
  `rules`: such answers score 0 as disclaimers (counted by the benchmark);
- `llm`: the grader extracts every answer (the rules run beside it);
- `both`: as `llm`; the agreement of the two is the point of the run.

A grader *reply* that is not a JSON list counts as an LLM failure and the
rules decide that answer. A grader *error* (the call raises after Inspect's
own retries: HTTP 500, a timeout) is not caught: the sample ends in error, so
`inspect eval-retry` scores it again instead of the run keeping a score the
grader never gave.

Parts:

- `set_precision(rules, grader=..., llm=...)`: the builder. It returns the
  async `score` coroutine, undecorated: the benchmark wraps it in its own
  `@scorer(metrics=[...])` with its run-level metrics and, from here,
  `extractor_agreement()`.
- `extractor_agreement()`: the grader's counters: with `llm`/`both`, how often
  rules and the LLM extracted the same set (`agreement`); with the `auto`
  cascade, how many answers the grader decided (`grader_decided`); and how
  often the LLM reply was not a valid list (`llm_failures`).
- `Vocabulary`, `LLMExtraction`: the configuration of the LLM path.
- the pure functions `precision`, `answer_type`, `final_answer` and
  `parse_component_list`.

Score metadata: `components` (sorted M), `answer_type`
(`compound` / `single` / `disclaimer`), `extractor` (which extractor decided:
`rules`, `llm`, or `rules (llm extraction failed)`), `refused` (content-filter
stop) and, where the LLM ran, `rule_components`, `llm_components` (None when
the reply was not a list), `llm_reply` and `cascade` (True when `auto` asked
the grader because the rules found nothing).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from inspect_ai.model import GenerateConfig, get_model
from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, metric
from inspect_ai.solver import TaskState

from vpt_tasks.core.args import GRADER_MODES, grader_bound

__all__ = [
    "ANSWER_TYPES",
    "GRADER_MODES",
    "AnswerType",
    "GraderMode",
    "LLMExtraction",
    "RuleExtractor",
    "Vocabulary",
    "answer_type",
    "extract_with_llm",
    "extractor_agreement",
    "final_answer",
    "parse_component_list",
    "precision",
    "set_precision",
]

GraderMode = Literal["auto", "rules", "llm", "both"]
"""Who extracts the components (`-T grader=`): see the module docstring."""

AnswerType = Literal["compound", "single", "disclaimer"]
ANSWER_TYPES: tuple[AnswerType, ...] = ("compound", "single", "disclaimer")

RuleExtractor = Callable[[str, TaskState], Iterable[str]]
"""The benchmark's rules: (the answer to score, the sample's state) -> its components."""


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


_FINAL_ANSWER = re.compile(r"(?:^|\n)\s*\**\s*(?:final\s+)?answer\s*\**\s*:\s*\**", re.IGNORECASE)


def final_answer(completion: str) -> str:
    """The part of an answer after its last "Answer:" line (chain of thought), else all of it."""
    matches = list(_FINAL_ANSWER.finditer(completion))
    return completion[matches[-1].end() :].strip() if matches else completion.strip()


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
    match = re.search(r"\[.*?\]", reply, re.DOTALL)
    try:
        parsed = json.loads(match.group(0)) if match else None
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
) -> tuple[list[str] | None, str]:
    """Ask the grader for the components: (accepted components or None, the raw reply).

    None means the reply was not a valid JSON list.
    """
    vocabulary = llm.vocabulary(state)
    prompt = llm.prompt.format(
        question=llm.question(state), answer=answer, vocabulary=vocabulary.describe()
    )
    grader = get_model(role="grader", required=True)
    output = await grader.generate(
        prompt, config=GenerateConfig(temperature=llm.temperature, max_tokens=llm.max_tokens)
    )
    raw = output.completion
    return parse_component_list(raw, vocabulary), raw


# --------------------------------------------------------------------------
# the scorer and its counter metric


def set_precision(
    rules: RuleExtractor,
    *,
    grader: GraderMode = "rules",
    llm: LLMExtraction | None = None,
) -> Scorer:
    """The scorer: each answer's precision over its extracted components.

    Args:
        rules: the benchmark's deterministic extraction.
        grader: `rules` (default), `auto` (the rules; the `grader` model role,
            when bound, extracts the answers the rules find nothing in), `llm`
            (the grader extracts every answer) or `both` (as `llm`, for the
            agreement of the two). When the LLM's reply is not a valid list,
            the rules decide; when the grader call raises, so does the scorer
            (the sample ends in error and `eval-retry` scores it again).
        llm: the LLM extraction's prompt and vocabulary; required unless
            `grader="rules"`.
    """
    if grader not in GRADER_MODES:
        raise ValueError(f"grader must be one of {', '.join(GRADER_MODES)}, got {grader!r}")
    if grader != "rules" and llm is None:
        raise ValueError(f"grader={grader!r} needs an LLMExtraction (llm=...)")

    async def score(state: TaskState, target: Target) -> Score:
        gold = set(target.target)
        completion = state.output.completion if state.output else ""
        answer = final_answer(completion)
        refused = state.output is not None and state.output.stop_reason == "content_filter"
        by_rules = frozenset() if refused else frozenset(rules(answer, state))
        details: dict[str, object] = {}
        components, decided_by = by_rules, "rules"
        cascade = grader == "auto" and not by_rules and grader_bound()
        if llm is not None and not refused and (grader in ("llm", "both") or cascade):
            # not caught: a grader that fails (after Inspect's retries) fails the sample
            by_llm, raw = await extract_with_llm(answer, state, llm)
            details.update(
                rule_components=sorted(by_rules),
                llm_components=by_llm,
                llm_reply=raw,
                cascade=cascade,
            )
            if by_llm is not None:
                components, decided_by = frozenset(by_llm), "llm"
            else:
                decided_by = "rules (llm extraction failed)"
        value = precision(components, gold)
        return Score(
            value=value,
            answer=answer,
            explanation=f"M={sorted(components)} G={sorted(gold)} → {value:.3g}",
            metadata={
                "components": sorted(components),
                "answer_type": answer_type(components),
                "extractor": decided_by,
                "refused": refused,
                **details,
            },
        )

    return score


@metric
def extractor_agreement() -> Metric:
    """The grader's counters; no keys unless the LLM ran.

    - `agreement` (`llm`/`both`): the share of answers, among those with a valid
      LLM reply, where the rules and the LLM extracted the same set; left out
      when no answer could be compared (never NaN).
    - `grader_decided` (`auto` with a grader): how many answers the rules found
      nothing in and the grader's components decided.
    - `llm_failures`: how many LLM replies were not a valid list (the rules
      decided those answers).
    """

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        ran = [
            s.score.metadata
            for s in scores
            if s.score.metadata and "llm_components" in s.score.metadata
        ]
        if not ran:
            return {}
        result: dict[str, float] = {}
        beside = [m for m in ran if not m.get("cascade")]
        compared = [m for m in beside if m.get("llm_components") is not None]
        if compared:
            agree = sum(set(m["rule_components"]) == set(m["llm_components"]) for m in compared)
            result["agreement"] = agree / len(compared)
        cascaded = [m for m in ran if m.get("cascade")]
        if cascaded:
            result["grader_decided"] = float(sum(m.get("extractor") == "llm" for m in cascaded))
        result["llm_failures"] = float(sum(m.get("llm_components") is None for m in ran))
        return result

    return compute

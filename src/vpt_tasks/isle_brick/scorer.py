"""The Isle-Brick-V2 scorer: set precision over its extracted answer components.

The generic scorer kind lives in `vpt_tasks.scorers.set_precision`; this
module configures it for Isle-Brick-V2 -- the extraction rules of
`extraction.py` (by the sample's question kind, with the question as asked),
each question's answer pool as the LLM extractor's vocabulary (counts accept
any digits) and the LLM-extraction prompt of `task_configs/isle_brick.yaml` --
and declares the benchmark's printed metrics (headline first) next to the
generic grader counters. The detailed numbers are `metrics.details(scores)`.

The scorer keeps the name `prediction_correctness`, so its metrics appear in
logs as `prediction_correctness:<metric>`.

`direction_bias` is the scorer of the direction-bias probe
(`vpt_tasks/isle_brick_bias`): the same set precision, plus the answer's
distribution over the four directions read from the first answer token's
log-probabilities by the generic `vpt_tasks.scorers.choice_probability`
(or, without log-probabilities, from the extracted components), with the
probe's metrics (`bias_metrics.py`).
"""

from __future__ import annotations

from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState

from vpt_tasks.core.stats import DEFAULT_RESAMPLES, DEFAULT_SEED
from vpt_tasks.isle_brick.bias_metrics import isle_brick_bias_headline
from vpt_tasks.isle_brick.extraction import read_components
from vpt_tasks.isle_brick.metrics import isle_brick_counts, isle_brick_headline
from vpt_tasks.isle_brick.spec import load_spec
from vpt_tasks.scorers.cascade import (
    GraderMode,
    RulesReading,
    answer_counts,
    rules_beside_grader,
)
from vpt_tasks.scorers.choice_probability import (
    ChoiceReading,
    Choices,
    choice_probabilities_from_output,
)
from vpt_tasks.scorers.set_precision import LLMExtraction, Vocabulary, set_precision

COUNT_VOCABULARY = "counts as digits (0, 1, 2, ...)"
"""How the LLM-extraction prompt states the (open) vocabulary of the count questions Q1, Q2."""


def rule_components(answer: str, state: TaskState) -> RulesReading:
    """The extraction rules for the sample's question kind, given the question as asked
    (and, for `-T solver=first_person`, read in the minifigure's own frame). An answer they
    cannot settle is undecided: the grader reads it, else it is counted and scores as no
    answer (0) -- never as the rules' unsettled guess."""
    read = read_components(
        answer,
        state.metadata["kind"],
        question=state.metadata["question"],
        first_person=state.metadata.get("prompt_style") == "first_person",
    )
    components = sorted(read.components)
    return RulesReading(components if read.decided else None, read.why)


def question_vocabulary(state: TaskState) -> Vocabulary:
    """The sample's question pool; a count question accepts any count in digits. A grader
    reply naming components no gold set holds together (its kind's `gold_rules`: "north"
    and "south", two counts) is no reading."""
    spec = load_spec()
    pool = spec.questions[str(state.metadata["question_id"])].pool
    kind = state.metadata["kind"]
    rule = spec.gold_rules.get(kind)
    bounds = {
        "exclusive": tuple(frozenset(pair) for pair in rule.opposites) if rule else (),
        "max_components": rule.max_components if rule else None,
    }
    if kind == "count":
        return Vocabulary(pool, description=COUNT_VOCABULARY, any_digits=True, **bounds)
    return Vocabulary(pool, **bounds)


def llm_extraction() -> LLMExtraction:
    """The `grader` role's extraction: the prompt of the task config, the question's pool."""
    spec = load_spec()
    return LLMExtraction(
        prompt=spec.extraction_prompt,
        vocabulary=question_vocabulary,
        max_tokens=spec.extraction_max_tokens,
        question=lambda state: str(state.metadata["question"]),
    )


@scorer(
    metrics=[
        # named explicitly so that the log records the bootstrap's resamples and seed
        isle_brick_headline(resamples=DEFAULT_RESAMPLES, seed=DEFAULT_SEED),
        isle_brick_counts(),
        rules_beside_grader(),
    ]
)
def prediction_correctness(grader: GraderMode = "rules") -> Scorer:
    """Score each answer by the precision of its extracted components.

    Args:
        grader: `rules` (deterministic, default), `auto` (the rules; the
            `grader` model role, when bound, extracts the answers the rules find
            nothing in), `llm` (the grader extracts every answer) or `both` (as
            `llm`, with the agreement of rules and grader reported).
    """
    return set_precision(rule_components, grader=grader, llm=llm_extraction())


@scorer(
    metrics=[
        isle_brick_bias_headline(resamples=DEFAULT_RESAMPLES, seed=DEFAULT_SEED),
        answer_counts(),
        rules_beside_grader(),
    ]
)
def direction_bias(grader: GraderMode = "rules", token_rule: str = "exact") -> Scorer:
    """Prediction correctness of each Q5 answer, and its distribution over the directions.

    The value is the set precision of `prediction_correctness` (same rules,
    same `grader` modes). Score metadata adds `probabilities` ({direction: p},
    null when the answer names no direction) and how it was read: `method`
    `logprobs` (the first answer token's top log-probabilities, or those of the
    first direction token after it; `token_index`, `first_answer_token`,
    `candidates` as the provider sent them, `option_mass` = the probability
    the four directions held there), `text` (no usable log-probabilities: the
    extracted components, each an equal share), `none` or `invalid` (an
    impossible log-probability: no distribution). `token_rule`: `exact` (a token that is a
    direction's word) or `paper` (a token containing one: "eastward", "Northeast").
    """
    precision = set_precision(rule_components, grader=grader, llm=llm_extraction())
    match = "contains" if token_rule == "paper" else "exact"
    choices = Choices(load_spec().bias_probe.words, match=match)

    async def score(state: TaskState, target: Target) -> Score:
        scored = await precision(state, target)
        assert scored is not None  # set_precision always scores
        completion = state.output.completion if state.output else ""
        answer = str(scored.answer or "")
        start = completion.rfind(answer) if answer else 0
        reading = choice_probabilities_from_output(
            state.output, choices, answer_start=max(0, start)
        )
        metadata = dict(scored.metadata or {})
        if reading.method == "none":
            named = [d for d in choices.options if d in set(metadata.get("components", []))]
            if named:
                shares = {d: (1.0 / len(named) if d in named else 0.0) for d in choices.options}
                reading = ChoiceReading(shares, "text", reading.logprobs)
        metadata.update(reading.as_metadata())
        found = reading.probabilities
        shown = (
            ", ".join(f"{d}={p:.3f}" for d, p in found.items())
            if found is not None
            else "no direction"
        )
        return Score(
            value=scored.value,
            answer=scored.answer,
            explanation=f"{scored.explanation}; {shown} ({reading.method})",
            metadata=metadata,
        )

    return score

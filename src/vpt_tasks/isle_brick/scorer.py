"""The Isle-Brick-V2 scorer: set precision over its extracted answer components.

The generic scorer kind lives in `vpt_tasks.scorers.set_precision`; this
module configures it for Isle-Brick-V2 -- the extraction rules of
`extraction.py` (by the sample's question kind, with the question as asked),
each question's answer pool as the LLM extractor's vocabulary (counts accept
any digits) and the LLM-extraction prompt of `task_configs/isle_brick.yaml` --
and declares the benchmark's metrics next to the generic counter metric.

The scorer keeps the name `prediction_correctness`, so its metrics appear in
logs as `prediction_correctness:<metric>`.
"""

from __future__ import annotations

from inspect_ai.scorer import Scorer, scorer
from inspect_ai.solver import TaskState

from vpt_tasks.isle_brick.extraction import extract_components
from vpt_tasks.isle_brick.metrics import (
    isle_brick_answer_types,
    isle_brick_chance,
    isle_brick_cooccurrence,
    isle_brick_precision,
)
from vpt_tasks.isle_brick.spec import load_spec
from vpt_tasks.scorers.set_precision import (
    Extractor,
    LLMExtraction,
    Vocabulary,
    extractor_agreement,
    set_precision,
)

COUNT_VOCABULARY = "counts as digits (0, 1, 2, ...)"
"""How the LLM-extraction prompt states the (open) vocabulary of the count questions Q1, Q2."""


def rule_components(answer: str, state: TaskState) -> frozenset[str]:
    """The extraction rules for the sample's question kind, given the question as asked."""
    return extract_components(answer, state.metadata["kind"], question=state.metadata["question"])


def question_vocabulary(state: TaskState) -> Vocabulary:
    """The sample's question pool; a count question accepts any count in digits."""
    pool = load_spec().questions[str(state.metadata["question_id"])].pool
    if state.metadata["kind"] == "count":
        return Vocabulary(pool, description=COUNT_VOCABULARY, any_digits=True)
    return Vocabulary(pool)


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
        isle_brick_precision(),
        isle_brick_chance(),
        isle_brick_answer_types(),
        isle_brick_cooccurrence(),
        extractor_agreement(),
    ]
)
def prediction_correctness(extractor: Extractor = "rules") -> Scorer:
    """Score each answer by the precision of its extracted components.

    Args:
        extractor: `rules` (deterministic, default), `llm` (the `grader` model
            role extracts the components) or `both` (the LLM decides; the rule
            extraction is recorded next to it and their agreement reported).
    """
    return set_precision(rule_components, extractor=extractor, llm=llm_extraction())

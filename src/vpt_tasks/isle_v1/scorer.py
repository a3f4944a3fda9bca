"""The `option_mapping` scorer of Isle-Bricks v1 and Isle-Dots.

The design card's "answer mapping with a grader"
(:mod:`vpt_tasks.scorers.answer_mapping`), configured with the paper's grader
prompt and settings (:mod:`vpt_tasks.isle_v1.grading`, `task_configs/isle_v1.yaml`).
Its printed metrics are a handful, the paper's headline first
(`isle_v1_headline`: accuracy over both orders, ..., the mapping counts) and,
with `-T grader=both`, the rules-vs-grader agreement; every other number is
in `vpt_tasks.isle_v1.metrics.details`.
"""

from __future__ import annotations

from inspect_ai.model import GenerateConfig
from inspect_ai.scorer import Scorer, scorer

from vpt_tasks.isle_v1.grading import sample_prompt, sample_valid_values
from vpt_tasks.isle_v1.metrics import isle_v1_headline
from vpt_tasks.isle_v1.spec import load_spec
from vpt_tasks.scorers.answer_mapping import answer_mapping
from vpt_tasks.scorers.cascade import GraderMode, answer_counts, rules_beside_grader

SCORER_NAME = "option_mapping"


@scorer(metrics=[isle_v1_headline(), answer_counts(), rules_beside_grader()], name=SCORER_NAME)
def option_mapping(grader: GraderMode = "auto") -> Scorer:
    """Map each answer to an option value (rules and/or the grader) and score it against the gold.

    Args:
        grader: `auto` (rules, then the `grader` model role for what they
            leave when one is bound), `rules`, `llm` (the grader maps every
            answer, as in the paper) or `both` (the grader maps every answer,
            the rules run beside it).
    """
    settings = load_spec().grader
    return answer_mapping(
        prompt=sample_prompt,
        valid_values=sample_valid_values,
        grader_config=GenerateConfig(
            temperature=settings.temperature, max_tokens=settings.max_tokens
        ),
        grader=grader,
    )

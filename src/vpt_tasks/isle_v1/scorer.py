"""The `option_mapping` scorer of Isle-Bricks v1 and Isle-Dots.

The design card's "answer mapping with a grader"
(:mod:`vpt_tasks.scorers.answer_mapping`), configured with the paper's grader
prompt and settings (:mod:`vpt_tasks.isle_v1.grading`, `task_configs/isle_v1.yaml`),
and the metrics of this benchmark: both option orders
(`isle_v1_orders`), positional bias (`isle_v1_positions`) and how answers
were mapped (`answer_mapping_paths`).
"""

from __future__ import annotations

from inspect_ai.model import GenerateConfig
from inspect_ai.scorer import Scorer, scorer

from vpt_tasks.isle_v1.grading import sample_prompt, sample_valid_values
from vpt_tasks.isle_v1.metrics import isle_v1_orders, isle_v1_positions
from vpt_tasks.isle_v1.spec import load_spec
from vpt_tasks.scorers.answer_mapping import GraderMode, answer_mapping, answer_mapping_paths


@scorer(
    metrics=[isle_v1_orders(), isle_v1_positions(), answer_mapping_paths()],
    name="option_mapping",
)
def option_mapping(grader: GraderMode = "role") -> Scorer:
    """Map each answer to an option value (rules, then the grader) and score it against the gold.

    Args:
        grader: `role` (undecided answers go to the `grader` model role, which
            must be bound) or `none` (undecided answers are Unknown).
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

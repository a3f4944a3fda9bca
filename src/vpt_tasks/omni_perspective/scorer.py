"""The `merge_match` scorer of Omni-Perspective.

The design card's "merge match" (:mod:`vpt_tasks.scorers.merge_match`),
configured with this benchmark's judge (the VLMEvalKit-style prompt -- the paper
does not print its own --, tries, temperatures and token limit in
`task_configs/omni_perspective.yaml`). Its printed metrics are a handful, vanilla
accuracy (the project's reading of the paper's Table 1) first and circular accuracy
right after it (`omni_headline`), and,
with `-T grader=both`, the rules-vs-judge agreement; every other number is in
`vpt_tasks.omni_perspective.metrics.details`.
"""

from __future__ import annotations

from inspect_ai.scorer import Scorer, scorer

from vpt_tasks.omni_perspective.metrics import omni_headline
from vpt_tasks.omni_perspective.spec import load_spec
from vpt_tasks.scorers.cascade import GraderMode, answer_counts, rules_beside_grader
from vpt_tasks.scorers.merge_match import merge_match

SCORER_NAME = "merge_match"


@scorer(metrics=[omni_headline(), answer_counts(), rules_beside_grader()], name=SCORER_NAME)
def omni_merge_match(grader: GraderMode = "auto") -> Scorer:
    """Match each answer to an option letter (rules and/or the judge) and score it.

    Args:
        grader: `auto` (the rules, then the `grader` model role for what they
            leave when one is bound; otherwise that stays unresolved and
            counted), `rules`, `llm` (the judge matches every answer) or `both`.
    """
    return merge_match(settings=load_spec().judge, grader=grader)

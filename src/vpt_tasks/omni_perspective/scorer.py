"""The `merge_match` scorer of Omni-Perspective.

The design card's "merge match" (:mod:`vpt_tasks.scorers.merge_match`),
configured with this benchmark's judge (the VLMEvalKit-style prompt, tries,
temperatures and token limit in `task_configs/omni_perspective.yaml`), and
the metrics of this benchmark: circular evaluation (`omni_circular`) and how
answers were matched (`merge_match_paths`).
"""

from __future__ import annotations

from inspect_ai.scorer import Scorer, scorer

from vpt_tasks.omni_perspective.metrics import omni_circular
from vpt_tasks.omni_perspective.spec import load_spec
from vpt_tasks.scorers.merge_match import JudgeMode, merge_match, merge_match_paths


@scorer(metrics=[omni_circular(), merge_match_paths()], name="merge_match")
def omni_merge_match(judge: JudgeMode = "auto") -> Scorer:
    """Match each answer to an option letter (rules, then the judge) and score it.

    Args:
        judge: `auto` (the `grader` model role when bound, else undecided
            answers stay unresolved and are counted), `grader` (the role is
            required) or `none`.
    """
    return merge_match(settings=load_spec().judge, judge=judge)

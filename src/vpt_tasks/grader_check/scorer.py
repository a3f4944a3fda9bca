"""The `grader_agreement` scorer: the grader's reply read as the kind's scorer reads it, against
the label.

The reading is the scorer kind's own (`kinds.read_reply`): a reading, or None when the
reply is outside the vocabulary (the scorer leaves such an answer undecided); an empty or
cut-off reply raises GraderReplyError, so the sample errors as it would in a scored run
(and `inspect eval-retry` asks again). The value is 1 for the right outcome -- the label's
reading, or no reading of an ambiguous answer -- else 0. Score metadata: `answer_kind`,
`label`, `label_class`, `reading`, `outcome` (`right`, `wrong`, `undecided`), `why`,
`grader_reply`, `grader_replies`, `language`.
"""

from __future__ import annotations

import json

from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState

from vpt_tasks.grader_check.kinds import REPLIES, read_reply
from vpt_tasks.grader_check.metrics import grader_check_headline, outcome
from vpt_tasks.scorers.judge import unreadable

SCORER_NAME = "grader_agreement"


@scorer(metrics=[grader_check_headline()], name=SCORER_NAME)
def grader_agreement() -> Scorer:
    """Read the grader's reply as the kind's scorer does and compare it with the label."""

    async def score(state: TaskState, target: Target) -> Score:
        meta = state.metadata
        kind = meta["answer_kind"]
        read = read_reply(kind, state.output, meta)
        replies = list(state.store.get(REPLIES, []))
        why = read.why
        if read.reading is None and kind == "four_options":
            why = unreadable(f"named no option in {len(replies)} tries")
        label = meta["label"]
        result = outcome(read.reading, label)
        right = result == "right" or (result == "undecided" and meta["label_class"] == "ambiguous")
        shown = json.dumps(read.reading, ensure_ascii=False)
        return Score(
            value=1.0 if right else 0.0,
            answer=shown if read.reading is not None else "",
            explanation=(
                f"read {shown if read.reading is not None else 'nothing (undecided)'}; "
                f"labelled {json.dumps(label, ensure_ascii=False)}: {result}"
            ),
            metadata={
                "answer_kind": kind,
                "label": label,
                "label_class": meta["label_class"],
                "reading": read.reading,
                "outcome": result,
                "why": why,
                "grader_reply": read.reply,
                "grader_replies": replies,
                "language": meta.get("language", ""),
            },
        )

    return score

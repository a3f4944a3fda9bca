"""Scorer kind "merge match": the rules read the option letter, the LLM judge the rest.

For any multiple-choice task (Omni-Perspective). Who reads an answer is the
`-T grader=` mode of :mod:`vpt_tasks.scorers.cascade` (one flow, one metadata
vocabulary for every scorer kind):

1. **rules** -- :func:`vpt_tasks.scorers.options.read_option` decides only when
   the answer has one reading; an answer that picks no option (a refusal, "none
   of the options", a provider content filter) is `Z`.
2. **judge** -- the `grader` model role gets the benchmark's choice-judge prompt
   (:class:`~vpt_tasks.scorers.judge.ChoiceJudge`; the answer travels inside it
   as quoted data) and names a letter or `Z`; it is asked again, a bounded number
   of times, while its reply names none ("not left", "A or C", prose) -- then the
   answer is undecided (`grader_unreadable`), never a random pick; an empty or
   cut-off last reply errors the sample (retryable with `inspect eval-retry`).
3. **undecided** -- without a judge, or when the judge named no option, an answer
   the rules cannot read scores 0 and is counted (`undecided`).

The options are the sample's `choices` (lettered A, B, C, ... in order) and the
target is the correct letter. Score metadata: the cascade's vocabulary
(`decided_by`, `reading` = the letter, `why`, `rules_reading`, `grader_reply`)
plus `target` and, when the judge ran, `judge_replies`.
"""

from __future__ import annotations

from inspect_ai.model import get_model
from inspect_ai.scorer import Scorer, Target
from inspect_ai.solver import TaskState

from vpt_tasks.scorers.cascade import (
    GraderMode,
    GraderReading,
    RulesReading,
    ScoredReading,
    read_answer,
)
from vpt_tasks.scorers.judge import ChoiceJudge, ask_judge
from vpt_tasks.scorers.options import NO_OPTION, read_option

__all__ = ["KIND", "merge_match", "options_of", "scored_letter"]


def options_of(state: TaskState) -> dict[str, str]:
    """The sample's options, lettered A, B, C, ... in the order of its `choices`."""
    options = {chr(ord("A") + i): choice.value for i, choice in enumerate(state.choices)}
    if not options:
        raise ValueError(
            "merge_match needs the sample's options as `choices` (Sample(choices=[...]))."
        )
    return options


KIND = "merge_match"
"""The score metadata `kind` of this scorer kind (what `vpt-tasks adjudicate` re-scores by)."""


def scored_letter(letter: str | None, target: str) -> ScoredReading:
    """The score of reading `letter` ("Z": no option; None: undecided) against the target letter."""
    gold = str(target).strip().upper()
    return ScoredReading(
        value=1.0 if letter is not None and letter == gold else 0.0,
        answer=letter or "",
        explanation=f"read {letter or 'nothing (undecided)'}, target {gold}",
        metadata={"kind": KIND, "target": gold},
    )


def merge_match(*, settings: ChoiceJudge, grader: GraderMode = "auto") -> Scorer:
    """Score a multiple-choice answer: rules and/or the grader as judge.

    Args:
        settings: the judge's prompt template and call settings (the benchmark's).
        grader: `auto`, `rules`, `llm` or `both` (:mod:`vpt_tasks.scorers.cascade`).
            The evaluated model never judges itself.
    """

    def rules(answer: str, state: TaskState) -> RulesReading:
        read = read_option(answer, options_of(state), question=state.metadata.get("question"))
        return RulesReading(read.letter, read.reason)

    async def judge(answer: str, state: TaskState) -> GraderReading:
        model = get_model(role="grader", required=True)
        question = str(state.metadata.get("question") or state.input_text)
        return await ask_judge(model, settings, question, options_of(state), answer)

    def value(letter: str | None, state: TaskState, target: Target) -> ScoredReading:
        return scored_letter(letter, target.text)

    return read_answer(rules=rules, grader=judge, value=value, mode=grader, no_answer=NO_OPTION)

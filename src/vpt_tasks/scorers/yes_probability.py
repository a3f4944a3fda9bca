"""The COMFORT scorer: P(Yes) of each answer, from log-probabilities or text.

Each sample's score value is p = P(Yes) / (P(Yes) + P(No)) read from the
first answer token's top log-probabilities (`probability.yes_probability_from_output`).
The curve metrics (`run_metrics.py`) then compare whole curves of p with the
ground truth; a per-sample correct/incorrect would say nothing.

Bad samples stay visible: a provider without log-probabilities gives p in
{0, 1} from the answer text (score metadata `method: text`, a warning in the
log once per run, metric `p_from_text_rate`); an answer with neither Yes nor No
among the candidates is unscored — value `N` (Inspect's "no answer"), metadata
`p: null` — and counted in `no_yes_no_rate`, never turned into a NaN.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from inspect_ai.scorer import NOANSWER, Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState

from vpt_tasks.comfort.probability import (
    DEFAULT_NO_WORDS,
    DEFAULT_YES_WORDS,
    answer_token_index,
    yes_probability_from_output,
)
from vpt_tasks.comfort.run_metrics import comfort_answers

logger = logging.getLogger(__name__)

NO_LOGPROBS_WARNING = (
    "COMFORT: the model returned no log-probabilities, so P(Yes) is read from the generated "
    "answer as 0 or 1 (score metadata method='text'). Curves are then step functions and the "
    "metrics are not comparable with the paper's. Reported once per run; the share of such "
    "samples is the metric p_from_text_rate."
)


@scorer(metrics=[comfort_answers()])
def yes_probability(
    yes_words: Sequence[str] = DEFAULT_YES_WORDS, no_words: Sequence[str] = DEFAULT_NO_WORDS
) -> Scorer:
    """Score each answer by P(Yes); the run's metrics are over whole curves.

    Args:
        yes_words: the words counting as Yes (case and leading spaces ignored).
        no_words: the words counting as No.
    """
    warned = False

    async def score(state: TaskState, target: Target) -> Score:
        nonlocal warned
        output = state.output
        choice = output.choices[0] if output and output.choices else None
        has_logprobs = bool(choice and choice.logprobs and choice.logprobs.content)
        if not has_logprobs and not warned:
            warned = True
            logger.warning(NO_LOGPROBS_WARNING)
        p, method = yes_probability_from_output(output, yes_words, no_words)
        metadata = {
            "p": p,
            "method": method,
            "logprobs": has_logprobs,
            "candidates": _candidates(output) if has_logprobs else None,
        }
        completion = output.completion if output else ""
        if p is None:
            why = (
                "neither Yes nor No among the first answer token's candidates"
                if has_logprobs
                else "no Yes/No word in the answer"
            )
            return Score(
                value=NOANSWER, answer=completion, explanation=f"unscored: {why}", metadata=metadata
            )
        return Score(
            value=p,
            answer=completion,
            explanation=f"P(Yes) = {p:.4f} from {'log-probabilities' if method == 'logprobs' else 'the answer text'}",
            metadata=metadata,
        )

    return score


def _candidates(output: object) -> list[list[object]] | None:
    """[token, logprob] pairs at the answer position, as the provider sent them."""
    logprobs = output.choices[0].logprobs  # type: ignore[attr-defined]
    index = answer_token_index([lp.token for lp in logprobs.content])
    if index is None:
        return None
    answer = logprobs.content[index]
    return [[t.token, t.logprob] for t in (answer.top_logprobs or [])] or [
        [answer.token, answer.logprob]
    ]

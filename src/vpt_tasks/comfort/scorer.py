"""The COMFORT scorer: the generic yes-probability scorer with COMFORT's curve metrics.

Each sample's score value is p = P(Yes) / (P(Yes) + P(No)) from the first
answer token's top log-probabilities (`vpt_tasks.scorers.yes_probability`,
configured with the language's Yes/No words). A per-sample correct/incorrect
would say nothing: the metrics (`metrics.py`) compare whole curves of p with
the ground truth of each frame of reference.

The curve metrics take the task argument `convention`, and BALL and CAR run
different analyses, so the decorated scorer is built per task by
`comfort_scorer`. Its registered name stays `yes_probability`: metric keys in
the log are `yes_probability:<key>`.
"""

from __future__ import annotations

from inspect_ai.scorer import Metric, Scorer, scorer

from vpt_tasks.comfort.curves import Convention
from vpt_tasks.comfort.language import Language
from vpt_tasks.comfort.metrics import (
    comfort_curves,
    comfort_perspective_taking,
    comfort_preferred_frame,
    comfort_preferred_transformation,
)
from vpt_tasks.scorers.yes_probability import yes_probability, yes_probability_answers

__all__ = ["NO_LOGPROBS_WARNING", "comfort_metrics", "comfort_scorer"]

NO_LOGPROBS_WARNING = (
    "COMFORT: the model returned no log-probabilities, so P(Yes) is read from the generated "
    "answer as 0 or 1 (score metadata method='text'). Curves are then step functions and the "
    "metrics are not comparable with the paper's. Reported once per run; the share of such "
    "samples is the metric p_from_text_rate."
)
"""Logged once per run when the provider sends no log-probabilities."""


def comfort_metrics(task_name: str, convention: Convention) -> list[Metric]:
    """The run-level metrics of `task_name`, in the order their keys appear in the log.

    Both tasks: the curve metrics; BALL: the preferred coordinate
    transformation; CAR: the preferred frame of reference and perspective
    taking; last, how each P(Yes) was obtained (`yes_probability_answers`).
    """
    metrics = [comfort_curves(convention=convention)]
    if task_name == "comfort_ball":
        metrics.append(comfort_preferred_transformation(convention=convention))
    else:
        metrics.append(comfort_preferred_frame(convention=convention))
        metrics.append(comfort_perspective_taking(convention=convention))
    metrics.append(yes_probability_answers())
    return metrics


def comfort_scorer(task_name: str, convention: Convention, language: Language) -> Scorer:
    """The scorer of `task_name` (`comfort_ball` or `comfort_car`), ready for `Task(scorer=...)`.

    Args:
        task_name: which task's analyses to run.
        convention: `paper` or `code`, the metric definitions (see `curves.py`).
        language: the prompts' language; its Yes/No words are what the scorer reads.
    """

    @scorer(metrics=comfort_metrics(task_name, convention), name="yes_probability")
    def comfort_yes_probability(yes_words: list[str], no_words: list[str]) -> Scorer:
        """P(Yes) per sample; the run's metrics are over whole curves.

        The words are parameters so that the log records them with the scorer.
        """
        return yes_probability(yes_words, no_words, no_logprobs_warning=NO_LOGPROBS_WARNING)

    return comfort_yes_probability(
        yes_words=list(language.yes_words), no_words=list(language.no_words)
    )

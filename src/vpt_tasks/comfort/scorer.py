"""The COMFORT scorer: the generic yes-probability scorer with COMFORT's curve metrics.

Each sample's score value is p = P(Yes) / (P(Yes) + P(No)) from the first
answer token's top log-probabilities (`vpt_tasks.scorers.yes_probability`,
configured with the language's Yes/No words), or, where the solver sampled K answers
(`-T probability=auto|sampled`, `scorers.sampled_yes_probability`), p-hat = #Yes / (#Yes + #No)
over the answers read. A per-sample correct/incorrect
would say nothing: the metrics (`metrics.py`) compare whole curves of p with
the ground truth of each frame of reference.

The curve metrics take the task argument `convention` and the headline
prompt, and BALL and CAR run different analyses, so the decorated scorer is
built per task by `comfort_scorer`. It prints one metric, `comfort_headline`
(the headline prompt's paper-table row first); the detailed numbers are
`metrics.details(scores)`. Its registered name stays `yes_probability`: metric keys in
the log are `yes_probability:<key>`.

A question asked in another language than English is read in that language's
Yes/No words only (a token that begins one class's words counts too, for words a
tokenizer splits); the English Yes/No are read separately and an answer where
they outweigh the language's own is counted (`answered_in_english_rate`), not
mixed into p; an answer with neither is unscored and counted (`no_yes_no_rate`).
"""

from __future__ import annotations

from inspect_ai.scorer import Metric, Scorer, scorer

from vpt_tasks.comfort.curves import Convention
from vpt_tasks.comfort.language import ENGLISH, Language, load_language
from vpt_tasks.comfort.metrics import comfort_headline
from vpt_tasks.scorers.yes_probability import yes_probability

__all__ = ["NO_LOGPROBS_WARNING", "comfort_metrics", "comfort_scorer"]

NO_LOGPROBS_WARNING = (
    "COMFORT: the model returned no log-probabilities, so P(Yes) is read from the generated "
    "answer as 0 or 1 (score metadata method='text'). Curves are then step functions and the "
    "metrics are not comparable with the paper's (-T probability=auto, the default, samples "
    "K answers instead where a model returns none). Reported once per run; the share of such "
    "samples is the metric p_from_text_rate."
)
"""Logged once per run when a reply comes without log-probabilities and is read as text
(`-T probability=logprobs`, or one reply of a provider that otherwise returns them)."""


def comfort_metrics(task_name: str, convention: Convention, headline: str) -> list[Metric]:
    """The printed metrics of `task_name`: one metric, the headline prompt's row first.

    Everything else is `vpt_tasks.comfort.metrics.details(scores)` (the report reads it).
    """
    return [comfort_headline(task_name=task_name, convention=convention, headline=headline)]


def comfort_scorer(
    task_name: str, convention: Convention, language: Language, headline: str = "cam"
) -> Scorer:
    """The scorer of `task_name` (`comfort_ball` or `comfort_car`), ready for `Task(scorer=...)`.

    Args:
        task_name: which task's analyses to run.
        convention: `paper` or `code`, the metric definitions (see `curves.py`).
        language: the prompts' language; its Yes/No words are what the scorer reads.
        headline: the prompt whose paper-table row is printed first (`metrics.headline_prompt`).
    """

    @scorer(metrics=comfort_metrics(task_name, convention, headline), name="yes_probability")
    def comfort_yes_probability(
        yes_words: list[str],
        no_words: list[str],
        english_words: list[list[str]] | None = None,
        prefixes: bool = False,
        relations: list[str] | None = None,
    ) -> Scorer:
        """P(Yes) per sample; the run's metrics are over whole curves.

        The words are parameters so that the log records them with the scorer.
        """
        return yes_probability(
            yes_words,
            no_words,
            no_logprobs_warning=NO_LOGPROBS_WARNING,
            english_words=(english_words[0], english_words[1]) if english_words else None,
            prefixes=prefixes,
            relations=relations or (),
        )

    if language.code == ENGLISH:
        return comfort_yes_probability(
            yes_words=list(language.yes_words),
            no_words=list(language.no_words),
            relations=list(language.relation_words),
        )
    english = load_language(ENGLISH)
    return comfort_yes_probability(
        yes_words=list(language.yes_words),
        no_words=list(language.no_words),
        english_words=[list(english.yes_words), list(english.no_words)],
        prefixes=True,
        relations=list(language.relation_words),
    )

"""The `grader_check` task: a grader model reads labelled answers, as the scorers ask it to.

inspect eval vpt_tasks/grader_check --model openai/gpt-4o
inspect eval vpt_tasks/grader_check -T kinds=four_options --model anthropic/claude-sonnet-4-5
inspect eval vpt_tasks/grader_check -T source=./my_labelled_answers --model openai/gpt-4o
"""

from __future__ import annotations

from typing import Any

from inspect_ai import Task, task

from vpt_tasks.benchmarks import task_version
from vpt_tasks.core import args
from vpt_tasks.core.solvers import MESSAGE_LIMIT, SAMPLE_ERRORS

NAME = "grader_check"


@task
def grader_check(
    source: str | None = None,
    kinds: list[str] | str | None = None,
    **kwargs: Any,
) -> Task:
    """A grader model (`--model`) reads labelled answers exactly as the scorers ask it to.

    Reported: agreement with the labels, confident-wrong rate and abstention, per kind of
    answer and per language.

    Args:
        source: omitted or `demo` for the 120 labelled answers bundled with the package,
            `ORG/NAME[@REVISION]` or a local directory of your own labelled answers in the
            canonical layout (see the README).
        kinds: the kinds of answer to ask about: `two_options`, `four_options`,
            `components` (default: all).
    """
    from inspect_ai.log import HeadlineMetric

    from vpt_tasks.core.sources import Upstream, pin_revision, resolve_source
    from vpt_tasks.grader_check.dataset import build_samples, load_answers
    from vpt_tasks.grader_check.metrics import HEADLINE
    from vpt_tasks.grader_check.scorer import SCORER_NAME, grader_agreement
    from vpt_tasks.grader_check.solver import ask_as_the_scorer
    from vpt_tasks.grader_check.spec import KINDS, load_spec

    ignored = args.warn_unknown(NAME, kwargs, grader_check)
    spec = load_spec()
    chosen = args.subset_of("kinds", kinds, KINDS)
    text = "" if source is None else str(source).strip()
    if text in ("", "upstream", "default"):
        text = "demo"  # the labelled answers ship with the package: they are the default
    data_source = pin_revision(
        resolve_source(text, benchmark=NAME, upstream=Upstream(repo_id=""), split=spec.split)
    )
    answers = load_answers(data_source, chosen)
    return Task(
        dataset=build_samples(answers, NAME),
        solver=[ask_as_the_scorer()],
        scorer=grader_agreement(),
        message_limit=MESSAGE_LIMIT,
        **SAMPLE_ERRORS,
        version=task_version(NAME),
        headline_metric=HeadlineMetric(scorer=SCORER_NAME, metric=HEADLINE),
        metadata={
            "benchmark": "grader_check",
            "source": data_source.as_metadata(),
            "kinds": chosen,
            "answers": len(answers),
            "per_kind": {kind: sum(a.kind == kind for a in answers) for kind in chosen},
            "ignored_args": ignored,
        },
    )

"""The `comfort_ball` and `comfort_car` tasks: COMFORT as the paper ran it.

inspect eval vpt_tasks/comfort_ball --model openai/gpt-4o
inspect eval vpt_tasks/comfort_car -T source=demo --model vpt_tasks/random
inspect eval vpt_tasks/comfort_ball -T source=demo --model vpt_tasks/always_yes
inspect eval vpt_tasks/comfort_car -T solver=first_person --model openai/gpt-4o
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from inspect_ai import Task, task

from vpt_tasks.benchmarks import task_version
from vpt_tasks.comfort.paper_languages import MULTILINGUAL_THETAS as MULTILINGUAL
from vpt_tasks.core import args
from vpt_tasks.core.errors import TaskArgumentError
from vpt_tasks.core.notes import note
from vpt_tasks.scorers.sampled_yes_probability import (
    DEFAULT_SAMPLES,
    PROBABILITY_METHODS,
    ProbabilityMethod,
)

if TYPE_CHECKING:  # the task module is imported at entry-point load: keep numpy out of it
    from vpt_tasks.comfort.curves import Convention
    from vpt_tasks.comfort.language import Language

logger = logging.getLogger(__name__)

CONVENTIONS: tuple[Convention, ...] = ("paper", "code")
SAMPLING_LEVEL, SAMPLING_RESAMPLES, SAMPLING_SEED = 0.95, 200, 0
"""The sampling intervals of the metrics (`comfort.sampling`: LEVEL, RESAMPLES, SEED; kept
here so that the task module does not import numpy; a test checks they agree)."""


@task
def comfort_ball(
    source: str | None = None,
    perspective: list[str] | str | None = None,
    probes: bool | str = False,
    convention: str = "paper",
    language: str = "en",
    system_prompt: bool | str = True,
    thetas: list[int] | str | None = None,
    solver: str = "zero_shot",
    probability: str = "auto",
    samples_per_frame: int | str | None = None,
    **kwargs: Any,
) -> Task:
    """COMFORT-BALL: a red sphere orbits a blue one; P(Yes) curves per relation.

    Args:
        source: omitted for the upstream `sled-umich/COMFORT` archives (converted
            once and cached), `demo`, `ORG/NAME[@REVISION]`, or a directory in the
            canonical layout or the upstream layout (archives or unpacked).
        perspective: `cam` (default, the paper's), `nop`, or `all`.
        probes: add the two object-hallucination probes per frame.
        convention: `paper` (default) or `code` (the released code's metric definitions).
        language: `en` (default) or any of the paper's 109 languages (Table 10 codes, listed
            below): the hand-written table's words where it has the language, else a
            translation by the `translator` model role (`--model-role translator=openai/gpt-4o`),
            checked by back-translation and cached. Other languages than English ask the paper's
            multilingual protocol by default: the nop prompt, the four canonical directions,
            Yes/No read in the language asked.
        system_prompt: send the paper's system prompt ("answer only in Yes or No").
        thetas: frame angles to ask, e.g. `-180,-90,0,90`, or `canonical` (those four, the
            paper's multilingual frames), or `all` (default: all 37 in English, canonical in
            another language).
        solver: `zero_shot` (default, the paper's prompt), `cot` (reason first, then a
            final yes/no turn) or `first_person` (the question restated in the first
            person); English only for `cot` and `first_person`.
        probability: how P(Yes) is obtained: `auto` (default: from log-probabilities where
            the model returns them, the paper's protocol; from `samples_per_frame` answers at
            temperature 1 where it returns none, announced once), `logprobs` (log-probabilities
            only; a reply without them is read as the text's 0 or 1) or `sampled` (always the
            sampled estimate).
        samples_per_frame: K, the answers sampled per question where P(Yes) is sampled
            (default 20; the error at each K is in the COMFORT README).
        **kwargs: unknown `-T` names: warned about and ignored.
    """
    return _comfort(
        "comfort_ball",
        source=source,
        perspective=perspective,
        probes=probes,
        convention=convention,
        language=language,
        system_prompt=system_prompt,
        thetas=thetas,
        solver=solver,
        probability=probability,
        samples_per_frame=samples_per_frame,
        unknown=kwargs,
    )


@task
def comfort_car(
    source: str | None = None,
    perspective: list[str] | str | None = None,
    probes: bool | str = False,
    convention: str = "paper",
    language: str = "en",
    system_prompt: bool | str = True,
    thetas: list[int] | str | None = None,
    solver: str = "zero_shot",
    probability: str = "auto",
    samples_per_frame: int | str | None = None,
    **kwargs: Any,
) -> Task:
    """COMFORT-CAR: a basketball orbits ten fronted relata, seen with a woman as addressee.

    Args:
        source: omitted for the upstream `sled-umich/COMFORT` archives (converted
            once and cached), `demo`, `ORG/NAME[@REVISION]`, or a directory in the
            canonical layout or the upstream layout (archives or unpacked).
        perspective: any of `nop`, `cam`, `add`, `rel`, or `all` (default).
        probes: add the two object-hallucination probes per frame.
        convention: `paper` (default) or `code` (the released code's metric definitions).
        language: `en` (default) or any of the paper's 109 languages (Table 10 codes, listed
            below): the hand-written table's words where it has the language, else a
            translation by the `translator` model role (`--model-role translator=openai/gpt-4o`),
            checked by back-translation and cached. Other languages than English ask the paper's
            multilingual protocol by default: the nop prompt, the four canonical directions,
            Yes/No read in the language asked.
        system_prompt: send the paper's system prompt ("answer only in Yes or No").
        thetas: frame angles to ask, e.g. `-180,-90,0,90`, or `canonical` (those four, the
            paper's multilingual frames), or `all` (default: all 37 in English, canonical in
            another language).
        solver: `zero_shot` (default, the paper's prompt), `cot` (reason first, then a
            final yes/no turn) or `first_person` (the question restated in the first
            person); English only for `cot` and `first_person`.
        probability: how P(Yes) is obtained: `auto` (default: from log-probabilities where
            the model returns them, the paper's protocol; from `samples_per_frame` answers at
            temperature 1 where it returns none, announced once), `logprobs` (log-probabilities
            only; a reply without them is read as the text's 0 or 1) or `sampled` (always the
            sampled estimate).
        samples_per_frame: K, the answers sampled per question where P(Yes) is sampled
            (default 20; the error at each K is in the COMFORT README).
        **kwargs: unknown `-T` names: warned about and ignored.
    """
    return _comfort(
        "comfort_car",
        source=source,
        perspective=perspective,
        probes=probes,
        convention=convention,
        language=language,
        system_prompt=system_prompt,
        thetas=thetas,
        solver=solver,
        probability=probability,
        samples_per_frame=samples_per_frame,
        unknown=kwargs,
    )


def _comfort(
    name: str,
    *,
    source: str | None,
    perspective: list[str] | str | None,
    probes: bool | str,
    convention: str,
    language: str,
    system_prompt: bool | str,
    thetas: list[int] | str | None,
    solver: str,
    probability: str,
    samples_per_frame: int | str | None,
    unknown: dict[str, Any],
) -> Task:
    from inspect_ai.log import HeadlineMetric
    from inspect_ai.model import GenerateConfig

    from vpt_tasks.comfort.dataset import build_samples, load_frames
    from vpt_tasks.comfort.language import ENGLISH
    from vpt_tasks.comfort.metrics import headline_prompt
    from vpt_tasks.comfort.scorer import comfort_scorer
    from vpt_tasks.comfort.solver import comfort_cot
    from vpt_tasks.comfort.spec import load_spec
    from vpt_tasks.comfort.translation import language_for_run, source_of
    from vpt_tasks.core.images import ImageStore
    from vpt_tasks.core.solvers import MESSAGE_LIMIT, answer
    from vpt_tasks.core.sources import pin_revision, resolve_source
    from vpt_tasks.scorers.sampled_yes_probability import yes_no_answer

    ignored = args.warn_unknown(name, unknown, comfort_ball)  # both take the same names
    spec = load_spec()
    task_spec = spec.tasks[name]
    prompt_style = args.solver_arg(solver)
    code = str(language).strip().lower()
    if prompt_style in ("cot", "first_person") and code != ENGLISH:
        raise TaskArgumentError(
            f"-T solver={prompt_style} is available in English only (its prompts are in "
            f"task_configs/comfort.yaml), not with -T language={code}; use -T language=en, "
            "or -T solver=zero_shot for the translated prompts."
        )
    with_probes = args.as_bool("probes", probes)
    convention_name = args.one_of("convention", convention, CONVENTIONS)
    with_system = args.as_bool("system_prompt", system_prompt)
    method, samples = _probability(probability, samples_per_frame)
    # the paper's multilingual protocol: a language other than English asks the four
    # canonical directions unless -T thetas says otherwise
    chosen_thetas = _thetas(thetas, default=None if code == ENGLISH else MULTILINGUAL)
    # every other argument is checked before a translator is asked (a model call)
    lang = language_for_run(code)
    perspectives = _perspectives(
        perspective, task_spec.perspectives, task_spec.default_perspectives, lang
    )
    headline = headline_prompt(perspectives)
    # the headline prompt's samples first: the live display has its acc from the start
    asked_order = [headline, *(p for p in perspectives if p != headline)]

    data_source = pin_revision(
        resolve_source(source, benchmark=name, upstream=spec.upstream, split=spec.split)
    )
    frames = load_frames(data_source, spec, ImageStore(), task_spec.datasets)
    names = {f.referent for f in frames} | {f.relatum for f in frames}
    if with_probes:
        names |= {f.absent_object for f in frames}
    missing = lang.missing_objects(names)
    if missing:
        raise TaskArgumentError(
            f"-T language={lang.code}: task_configs/comfort_translations.yaml has no {lang.name} "
            f"name for {', '.join(missing)}; add them under languages.{lang.code}.objects."
        )
    dataset = build_samples(
        frames,
        lang,
        asked_order,
        probes=with_probes,
        system_prompt=with_system,
        thetas=chosen_thetas,
        name=name,
        solver=prompt_style,
        cot=spec.cot,
        convention=convention_name,
    )
    announce = None if method == "logprobs" else _announce(name, len(dataset), samples)
    if prompt_style == "cot":
        # the reasoning turn without log-probabilities; the final turn sets them itself
        config = GenerateConfig(temperature=spec.temperature)
        chain = comfort_cot(
            spec.cot.max_tokens,
            spec.max_tokens,
            spec.top_logprobs,
            method=method,
            samples=samples,
            announce=announce,
        )
    elif method == "logprobs":  # the paper's protocol, exactly as before `-T probability`
        config = GenerateConfig(
            temperature=spec.temperature,
            max_tokens=spec.max_tokens,
            logprobs=True,
            top_logprobs=spec.top_logprobs,
        )
        chain = answer()
    else:  # the solver asks for log-probabilities per request (auto) or samples
        config = GenerateConfig(temperature=spec.temperature, max_tokens=spec.max_tokens)
        chain = yes_no_answer(method, samples, spec.top_logprobs, announce)
    plan = _request_plan(name, len(dataset), method, samples, prompt_style == "cot")
    if method == "logprobs":
        logger.info(plan)
    else:  # how the run will behave, not a fault: one calm line (core.notes)
        note(plan)

    return Task(
        dataset=dataset,
        solver=chain,
        message_limit=MESSAGE_LIMIT,
        scorer=comfort_scorer(name, convention_name, lang, headline),
        config=config,
        version=task_version("comfort"),
        headline_metric=HeadlineMetric(scorer="yes_probability", metric="acc"),
        metadata={
            "benchmark": "COMFORT-BALL" if name == "comfort_ball" else "COMFORT-CAR",
            "source": data_source.as_metadata(),
            "datasets": list(task_spec.datasets),
            "perspective": list(perspectives),
            "headline_prompt": headline,
            "probes": with_probes,
            "convention": convention_name,
            "language": lang.code,
            "language_provenance": dict(lang.provenance),
            "language_source": source_of(lang),
            "protocol": _protocol(perspectives, chosen_thetas),
            "system_prompt": lang.system_prompt if with_system else None,
            "thetas": chosen_thetas,
            "solver": prompt_style,
            "solver_provenance": (
                spec.first_person.provenance
                if prompt_style == "first_person"
                else spec.cot.provenance
                if prompt_style == "cot"
                else None
            ),
            "grader": None,  # P(Yes) is read from log-probabilities: nothing to grade
            # how P(Yes) is obtained; each score's metadata `method` says what each sample got
            "probability_method": method,
            "samples_per_frame": None if method == "logprobs" else samples,
            "sampling_error": None
            if method == "logprobs"
            else {
                "interval": "Wilson (per frame); basic bootstrap of the replies (metrics)",
                "level": SAMPLING_LEVEL,
                "resamples": SAMPLING_RESAMPLES,
                "seed": SAMPLING_SEED,
            },
            "ignored_args": ignored,
            "frames": len(frames),
        },
    )


def catalog_notes(name: str) -> list[str]:
    """`vpt-tasks tasks`: the `-T language` codes (the paper's 109) and where each one's words
    come from."""
    from vpt_tasks.comfort.language import available_languages
    from vpt_tasks.comfort.paper_languages import paper_languages

    table = [code for code in available_languages() if code != "en"]
    paper = paper_languages()
    machine = [code for code in paper if code not in table and code != "en"]
    return [
        f"languages (-T language=<code>, the {len(paper)} of the paper's Table 10):",
        "en: the paper's prompts, verbatim.",
        f"{', '.join(table)}: the translation table (task_configs/comfort_translations.yaml: "
        "hand-written or frozen model translations; each entry's provenance says which, and "
        "whether a native speaker reviewed it).",
        f"{', '.join(machine)}: translated by the translator model role (--model-role "
        "translator=<provider/model>), checked by back-translation, cached; a language that "
        "fails the check is refused. `vpt-tasks translations list` shows what this machine has; "
        "`vpt-tasks translations export|import` freezes a translation into the table.",
    ]


def _perspectives(
    value: list[str] | str | None,
    allowed: tuple[str, ...],
    default: tuple[str, ...],
    lang: Language,
) -> list[str]:
    """`-T perspective`: a subset of the task's prompts, `all`, or the default."""
    available = [p for p in allowed if p in lang.perspectives]
    if value is None or value == "" or value == []:
        chosen = [p for p in default if p in available] or ["nop"]
        return chosen
    items = value if isinstance(value, list | tuple) else str(value).split(",")
    if any(str(item).strip().lower() == "all" for item in items):
        return available
    try:
        chosen = args.subset_of("perspective", items, [*allowed])
    except TaskArgumentError as error:
        raise TaskArgumentError(f"{error} (or all)") from None
    unavailable = [p for p in chosen if p not in available]
    if unavailable:
        raise TaskArgumentError(
            f"-T perspective={','.join(unavailable)}: language {lang.code} has only the "
            f"{', '.join(available)} prompt(s) translated; use -T perspective=nop or -T language=en."
        )
    return chosen


def _protocol(perspectives: list[str], thetas: list[int] | None) -> str:
    """`multilingual` for the paper's multilingual protocol (nop, the four directions), else `full`
    (every frame) or `subset` (other frames)."""
    if perspectives == ["nop"] and thetas == list(MULTILINGUAL):
        return "multilingual"
    return "full" if thetas is None else "subset"


def _thetas(
    value: list[int] | str | None, default: tuple[int, ...] | None = None
) -> list[int] | None:
    """`-T thetas`: frame angles (multiples of 10 in [-180, 180]) or `canonical` (the four
    canonical directions); None = all. Omitted: `default` (None = all)."""
    if value is None or value == "":
        return None if default is None else list(default)
    if str(value).strip().lower() == "all":
        return None
    if str(value).strip().lower() == "canonical":
        return list(MULTILINGUAL)
    items = value if isinstance(value, list | tuple) else str(value).split(",")
    chosen = []
    for item in items:
        theta = args.as_int("thetas", item)
        if theta % 10 or not -180 <= theta <= 180:
            raise TaskArgumentError(
                f"-T thetas={value!r}: {theta} is not a frame angle; use multiples of 10 "
                "from -180 to 180."
            )
        chosen.append(theta)
    return sorted(set(chosen))


def _probability(method: str, samples: int | str | None) -> tuple[ProbabilityMethod, int]:
    """`-T probability` and `-T samples_per_frame` (K: at least 2)."""
    chosen = args.one_of("probability", method, PROBABILITY_METHODS)
    if samples is None or samples == "":
        return chosen, DEFAULT_SAMPLES
    if chosen == "logprobs":
        raise TaskArgumentError(
            f"-T samples_per_frame={samples} has no effect with -T probability=logprobs (one "
            "request per question, read from its log-probabilities); drop it, or use "
            "-T probability=auto or sampled."
        )
    return chosen, args.as_int("samples_per_frame", samples, minimum=2)


def _request_plan(name: str, n: int, method: str, k: int, cot: bool) -> str:
    """The log line stating the requests a run makes, before it starts (the README's "Sampled
    P(Yes)" has the details: a request for log-probabilities per question until a model
    without them is seen, the chain of thought's reasoning turns)."""
    title = "COMFORT-BALL" if name == "comfort_ball" else "COMFORT-CAR"
    turns = f" + {n:,} reasoning turns" if cot else ""
    sampled = f"{n * k:,} replies in {n:,} requests (num_choices) or {n * k:,}{turns}"
    if method == "logprobs":
        return f"{title}: {n:,} requests{turns} (P(Yes) from log-probabilities)."
    if method == "sampled":
        return f"{title}: {k} sampled answers per question: {sampled}."
    return (
        f"{title}: {n:,} requests{turns} (log-probabilities); without them, {k} sampled "
        f"answers per question: {sampled}."
    )


def _announce(name: str, n: int, k: int) -> str:
    """The warning logged once when `auto` finds no log-probabilities."""
    title = "COMFORT-BALL" if name == "comfort_ball" else "COMFORT-CAR"
    return (
        f"{title}: the model returned no log-probabilities, so P(Yes) of each question is "
        f"estimated from {k} answers at temperature 1 (score metadata method='sampled', with "
        f"its Wilson interval; every metric with a sampling interval): up to {n * k:,} "
        f"replies for the run's {n:,} questions. Reported once per run; the share of such "
        "questions is the metric sampled_rate."
    )

"""What a grader check says about the runs a grader read: the expected reading errors.

Given a `grader_check` log of a grader model, every run that used the same model as its
`grader` role gets, per kind of answer the grader read (two options, four options,
Isle-Brick-V2 components), the expected number of answers the grader read wrongly in the
run's headline: (answers decided by the grader) x (the grader's confident-wrong rate on
that kind in the check), with the interval from the rate's exact interval. Runs that used
a grader, or whose samples errored, are listed with their errored samples (a grader that
gave no reply: `inspect eval-retry` asks again).

The estimate assumes the answers a grader reads in a run are like the checked ones of their
kind; the answers the rules leave to a grader are the harder ones, so it is a guide, not a
bound. `vpt-tasks report` renders :func:`expected_errors_section` after the task sections.

The rules get the same estimate, :func:`rules_errors_section`, for every run whose answers
they read (grader or not): (answers of the kind) x (the rules' confident-wrong rate per answer
on the first runs of the held-out rounds, `rules_first_runs`), from the run's header counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from inspect_ai.log import EvalLog

from vpt_tasks.grader_check.spec import KINDS, Kind, load_spec
from vpt_tasks.scorers.cascade import READING_COUNTS

__all__ = [
    "CheckedGrader",
    "advice",
    "expected_errors_section",
    "rules_errors_section",
    "grader_model",
    "graders_checked",
]

TASK = "grader_check"
SCORER_KINDS: dict[str, Kind] = {
    "answer_mapping": "two_options",
    "merge_match": "four_options",
    "set_precision": "components",
}
"""Score metadata `kind` of a scorer that asks a grader -> the kind of answer it reads."""


@dataclass(frozen=True)
class CheckedGrader:
    """A grader model's confident-wrong rates per kind, from its latest grader_check log."""

    model: str
    log: EvalLog
    rates: Mapping[str, tuple[float, float, float, int]]
    """kind -> (rate, low, high, decisions checked); kinds the check did not ask are absent."""


def grader_model(log: EvalLog) -> str | None:
    """The model a run bound to its `grader` role, or None."""
    roles = log.eval.model_roles or {}
    bound = roles.get("grader")
    if isinstance(bound, list):
        bound = bound[0] if bound else None
    return None if bound is None else str(bound.model)


def errored_samples(log: EvalLog) -> int:
    """Samples of a finished run that ended in error (no score)."""
    results = log.results
    return 0 if results is None else max(0, results.total_samples - results.completed_samples)


def graders_checked(logs: Iterable[EvalLog]) -> dict[str, CheckedGrader]:
    """Model -> its checked rates, from the latest grader_check log of each model."""
    from vpt_tasks.report.logs import log_details

    latest: dict[str, EvalLog] = {}
    for log in logs:
        model = log.eval.model
        if model not in latest or (log.eval.created or "") > (latest[model].eval.created or ""):
            latest[model] = log
    checked = {}
    for model, log in latest.items():
        try:
            values = log_details(log)
        except Exception:  # noqa: BLE001 - its own section reports a log it cannot read
            continue
        rates = {
            kind: (
                values[f"confident_wrong_{kind}"],
                values[f"confident_wrong_{kind}_low"],
                values[f"confident_wrong_{kind}_high"],
                int(values[f"decided_{kind}"]),
            )
            for kind in KINDS
            if values.get(f"decided_{kind}")
        }
        checked[model] = CheckedGrader(model, log, rates)
    return checked


def advice(rate: tuple[float, float, float, int], rules: float) -> str:
    """Which `-T grader=` mode reads a kind more precisely, from a grader's checked
    confident-wrong rate (rate, low, high, checked) and the rules' out-of-sample rate:
    `narrow` when the grader is surely more precise (its upper bound below the rules' rate),
    `auto` when surely less (its lower bound above), else that the check cannot tell."""
    _, low, high, _ = rate
    if high < rules:
        return "narrow"
    if low > rules:
        return "auto"
    return "undetermined"


_ADVICE = {
    "narrow": "`-T grader=narrow`: the grader reads more precisely than the rules",
    "auto": "`-T grader=auto`: the rules read more precisely than the grader",
    "undetermined": "the check cannot tell them apart (`auto`, the default, or `narrow`; "
    "more checked answers narrow the interval)",
}


def advice_lines(checked: Mapping[str, CheckedGrader]) -> list[str]:
    """Markdown lines: per checked grader and kind, its rate beside the rules' and the mode."""
    from vpt_tasks.report.logs import markdown

    spec = load_spec()
    rules = spec.rules_first_runs
    rows = []
    for model, check in sorted(checked.items()):
        for kind in KINDS:
            rate = check.rates.get(kind)
            if rate is None:
                continue
            first = getattr(rules, kind)
            rows.append(
                f"| {markdown(model)} | {spec.kinds[kind].title} | {100 * rate[0]:.1f}% "
                f"({100 * rate[1]:.1f}–{100 * rate[2]:.1f}%, {rate[3]} checked) | "
                f"{100 * first.rate:.1f}% ({first.wrong} of {first.answers}) | "
                f"{_ADVICE[advice(rate, first.rate)]} |"
            )
    if not rows:
        return []
    return [
        "### Which `-T grader=` for these graders",
        "",
        "A grader's confident-wrong rate in its check beside the rules' own, out of sample "
        f"(first runs of the held-out rounds {rules.rounds}, `docs/reading-answers.md`). "
        "`narrow` lets the rules decide alone only bare answers and the grader the rest.",
        "",
        "| grader | kind | grader confident-wrong | rules confident-wrong | mode |",
        "|---|---|---|---|---|",
        *rows,
        "",
    ]


def _read_by_grader(log: EvalLog) -> dict[Kind, int]:
    """How many answers of each kind the grader decided in a run."""
    from vpt_tasks.report.logs import sample_scores

    counts: dict[Kind, int] = {}
    for score in sample_scores(log):
        meta = score.score.metadata or {}
        kind = SCORER_KINDS.get(str(meta.get("kind")))
        if kind is not None and meta.get("decided_by") == "grader":
            counts[kind] = counts.get(kind, 0) + 1
    return counts


def _number(value: float) -> str:
    return "–" if value != value else f"{value:.1f}"


def expected_errors_section(by_task: Mapping[str, list[EvalLog]]) -> list[str]:
    """Markdown lines: per run that used a grader (or errored), its errored samples, the
    answers its grader decided and, given a grader_check log of that grader model, the
    expected reading errors in its headline. Empty when no run used a grader or errored."""
    from vpt_tasks.report.logs import markdown

    checked = graders_checked(by_task.get(TASK, []))
    titles = load_spec().kinds
    rows: list[str] = []
    for task, logs in sorted(by_task.items()):
        if task == TASK:
            continue
        for log in logs:
            grader, errored = grader_model(log), errored_samples(log)
            if grader is None and not errored:
                continue
            try:
                read = _read_by_grader(log) if grader else {}
            except Exception as error:  # noqa: BLE001 - one unreadable log, the others go on
                cells = f"its scores could not be read ({type(error).__name__})"
            else:
                cells = _expected(read, checked.get(grader or ""), titles)
            rows.append(
                f"| {task} | {markdown(log.eval.model)} | {markdown(grader or '–')} | {errored} "
                f"| {cells} |"
            )
    if not rows:
        return advice_lines(checked)
    unchecked = sorted(
        {
            grader
            for logs in by_task.values()
            for log in logs
            if (grader := grader_model(log)) is not None and grader not in checked
        }
    )
    lines = [
        "## Reading errors expected from the grader",
        "",
        "Per run that asked a grader model (or whose samples errored): the samples that "
        "ended in error (a grader gave no reply; `inspect eval-retry <log>` asks again), "
        "the answers the grader decided, and -- given a `vpt_tasks/grader_check` log of the "
        "same grader model -- the expected number of them read wrongly: answers decided by "
        "the grader x its confident-wrong rate on that kind of answer in the check "
        f"(interval: from the rate's exact {100 * load_spec().confidence:.0f}% interval). "
        "The answers a run leaves to its grader are the ones the rules could not read, "
        "harder than most checked ones: a guide to the size of the reading error, not a bound.",
        "",
        "| task | model | grader | errored samples | decided by the grader: expected reading "
        "errors (interval) |",
        "|---|---|---|---|---|",
        *rows,
        "",
    ]
    if unchecked:
        lines += [
            "No grader_check log of "
            + ", ".join(markdown(model) for model in unchecked)
            + ": run `inspect eval vpt_tasks/grader_check --model <grader>` and report its "
            "log with these.",
            "",
        ]
    return lines + advice_lines(checked)


def _expected(
    read: Mapping[Kind, int], check: CheckedGrader | None, titles: Mapping[str, Any]
) -> str:
    if not read:
        return "none"
    parts = []
    for kind in KINDS:
        count = read.get(kind)
        if not count:
            continue
        title = titles[kind].title
        rate = check.rates.get(kind) if check else None
        if check is None:
            parts.append(f"{title}: {count} (grader not checked)")
        elif rate is None:
            parts.append(f"{title}: {count} (not checked on this kind)")
        else:
            value, low, high, checked = rate
            parts.append(
                f"{title}: {count}: {_number(count * value)} ({_number(count * low)}–"
                f"{_number(count * high)}; rate {100 * value:.1f}% of {checked} checked)"
            )
    return "; ".join(parts)


READING_SCORERS: dict[str, Kind] = {
    "option_mapping": "two_options",
    "merge_match": "four_options",
    "prediction_correctness": "components",
    "direction_bias": "components",
}
"""A headline scorer that reads free text (its log's `results.scores` name) -> its kind."""


def _answers_by_kind(log: EvalLog) -> dict[Kind, tuple[int, int, str]]:
    """Per kind of answer a run read, from its header (no sample is read): (its scored
    answers, those the rules decided, the scorer's `grader` mode)."""
    modes = {s.name: str((s.options or {}).get("grader") or "auto") for s in log.eval.scorers or []}
    found: dict[Kind, tuple[int, int, str]] = {}
    for score in log.results.scores if log.results else []:
        kind = READING_SCORERS.get(score.name)
        if kind is None or not all(name in score.metrics for name in READING_COUNTS):
            continue
        counts = {name: int(score.metrics[name].value) for name in READING_COUNTS}
        found[kind] = (
            sum(counts.values()),
            counts["decided_by_rules"],
            modes.get(score.name, "auto"),
        )
    return found


def rules_errors_section(by_task: Mapping[str, list[EvalLog]]) -> list[str]:
    """Markdown lines: per run whose answers the rules read (two options, four options,
    Isle-Brick-V2 components), the answers the rules decided and the expected number of them
    read wrongly: (answers of the kind) x (the rules' out-of-sample confident-wrong rate per
    answer, `rules_first_runs` of task_configs/grader_check.yaml), with the rate's exact
    interval. Empty when no run read such answers. Runs under `-T grader=narrow` are listed
    without an estimate: there the rules decide bare answers only."""
    from vpt_tasks.grader_check.metrics import proportion_interval
    from vpt_tasks.report.logs import markdown

    spec = load_spec()
    rules = spec.rules_first_runs
    rows: list[str] = []
    for task, logs in sorted(by_task.items()):
        if task == TASK:
            continue
        for log in logs:
            baseline = str(log.eval.model).startswith("vpt_tasks/")
            for kind, (n, by_rules, mode) in _answers_by_kind(log).items():
                if not n:
                    continue
                first = getattr(rules, kind)
                if baseline:
                    cell = "none expected: a built-in baseline answers in the vocabulary's words"
                elif not by_rules:
                    cell = "none: the rules decided no answer"
                elif mode not in ("auto", "rules"):
                    cell = f"not estimated (`-T grader={mode}`: the rules read only some answers)"
                else:  # the rules read every answer first, as on the held-out rounds
                    low, high = proportion_interval(first.wrong, first.answers, spec.confidence)
                    cell = (
                        f"{_number(n * first.rate)} ({_number(n * low)}–{_number(n * high)}; "
                        f"{first.wrong} in {first.answers:,} held-out answers)"
                    )
                rows.append(
                    f"| {task} | {markdown(log.eval.model)} | {spec.kinds[kind].title} | "
                    f"{by_rules} of {n} | {cell} |"
                )
    if not rows:
        return []
    return [
        "## Reading errors expected from the rules",
        "",
        "Per run: the answers its rules decided, and the expected number of answers the rules "
        "read wrongly (under `-T grader=auto` or `rules`, where the rules read every answer "
        "first) -- answers of the kind x the rules' confident-wrong rate per answer on "
        f"held-out answers nobody fixed them against (first runs of rounds {rules.rounds}, "
        "`docs/reading-answers.md`), with the rate's exact "
        f"{100 * spec.confidence:.0f}% interval. The held-out answers are realistic mixes of "
        "many model families; a model whose answers are unlike them may fare otherwise. Check "
        "a sample of the rules' readings by hand (`vpt-tasks adjudicate`) before citing a "
        "difference of this size.",
        "",
        "| task | model | kind | decided by the rules | expected reading errors (interval) |",
        "|---|---|---|---|---|",
        *rows,
        "",
    ]

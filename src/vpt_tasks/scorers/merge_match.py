"""Scorer kind "merge match": deterministic option extraction, then an LLM judge.

For any multiple-choice task. Who matches an answer is the `-T grader=` mode,
with one meaning on every task (:data:`vpt_tasks.core.args.GRADER_MODES`):
`auto` (default: the rules, then the `grader` role for what they leave when
one is bound), `rules` (rules only), `llm` (the judge matches every answer),
`both` (the judge matches every answer and the rules run beside it; their
agreement is reported by `merge_match_agreement`). For each answer:

1. **template** -- :func:`vpt_tasks.scorers.options.extract_option` in the
   reference order (refusal -> Z; a lone option letter near the end; "answer
   is X"; a unique option text). A refusal by the provider's content filter
   is a Z as well (in every mode).
2. **judge** -- what the rules cannot decide (or, with `llm`/`both`, every
   answer) goes to the `grader` model role with the benchmark's choice-judge
   prompt (:class:`~vpt_tasks.scorers.judge.ChoiceJudge`); its reply is
   parsed with the same rules, and the judge is asked again, a bounded number
   of times, while its reply names no option.
3. **unresolved** -- otherwise (no judge, a judge that named no option, or an
   empty answer) the answer maps to no option and is scored wrong, with the
   reason counted. Never a random pick.

A judge *error* -- the call still raises after Inspect's own retries (HTTP
500, a timeout) -- is no reply: it is raised, so the sample ends in error and
`inspect eval-retry` scores it again; it is never counted as unresolved.

The options are the sample's `choices` (lettered A, B, C, ... in order) and
the target is the correct letter. Score metadata records the path, the rule,
the extracted letter, every judge reply and the number of judge calls.

Parts:

- `merge_match(grader=..., settings=ChoiceJudge(...))`: the builder. It
  returns the async `score` coroutine, undecorated: the benchmark wraps it in
  its own `@scorer(metrics=[...])` with its run-level metrics.
- `merge_match_paths()` / `path_counts(scores)`: how many answers each path decided.
- `merge_match_agreement()` / `path_agreement(scores)`: rules beside the judge.
- `ask_judge(...)`: the bounded judge calls of one answer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Literal

from inspect_ai.model import GenerateConfig, Model, get_model
from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, metric
from inspect_ai.solver import TaskState

from vpt_tasks.core import args
from vpt_tasks.core.args import grader_bound
from vpt_tasks.scorers.judge import ChoiceJudge, parse_choice_judge_reply
from vpt_tasks.scorers.options import NO_OPTION_LETTER, extract_option

__all__ = [
    "GRADER_MODES",
    "PATHS",
    "GraderMode",
    "JudgeCallError",
    "ask_judge",
    "merge_match",
    "merge_match_agreement",
    "merge_match_paths",
    "path_agreement",
    "path_counts",
]

GraderMode = Literal["auto", "rules", "llm", "both"]
GRADER_MODES: tuple[str, ...] = args.GRADER_MODES
PATHS = ("template", "judge", "unresolved")


class JudgeCallError(RuntimeError):
    """The judge call failed after Inspect's retries: the sample errors, `eval-retry` rescores it."""


def path_counts(scores: list[SampleScore]) -> dict[str, float]:
    """How many answers each path decided, and what went wrong on the way.

    Keys: `path_template`, `path_judge`, `path_unresolved` (counts that add up
    to the number of scored answers), `no_option` (answers mapped to Z:
    refusals or "none of the options"), `empty_answers`, `judge_calls`,
    `judge_errors` (kept for the log's key set: a judge error now fails the
    sample, so it stays 0) and `unresolved_no_judge` (undecided answers left
    unresolved because no grader role was bound).
    """
    metas = [s.score.metadata or {} for s in scores]
    paths = Counter(m.get("path") for m in metas)
    return {
        **{f"path_{path}": float(paths[path]) for path in PATHS},
        "no_option": float(sum(m.get("extracted") == NO_OPTION_LETTER for m in metas)),
        "empty_answers": float(sum(m.get("reason") == "empty answer" for m in metas)),
        "judge_calls": float(sum(int(m.get("judge_tries") or 0) for m in metas)),
        "judge_errors": float(sum(len(m.get("judge_errors") or []) for m in metas)),
        "unresolved_no_judge": float(sum(m.get("reason") == "no judge" for m in metas)),
    }


def path_agreement(scores: list[SampleScore]) -> dict[str, float]:
    """Rules beside the judge (`-T grader=both`): how often they extracted the same letter.

    Keys (only when some answer was compared, so no other run prints them and
    nothing is `nan`): `rules_agreement`, the share of answers the rules
    decided on which the judge extracted the same letter (Z included), and
    `rules_compared`, how many answers that is.
    """
    compared = agreed = 0
    for s in scores:
        meta = s.score.metadata or {}
        if meta.get("rules_extracted") is None:
            continue
        compared += 1
        agreed += meta["rules_extracted"] == meta.get("extracted")
    if not compared:
        return {}
    return {"rules_agreement": agreed / compared, "rules_compared": float(compared)}


@metric
def merge_match_paths() -> Metric:
    """The path counts of :func:`path_counts` as a metric."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        return path_counts(scores)

    return compute


@metric
def merge_match_agreement() -> Metric:
    """Rules-vs-judge agreement under `-T grader=both` (see :func:`path_agreement`)."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        return path_agreement(scores)

    return compute


def merge_match(*, settings: ChoiceJudge, grader: GraderMode = "auto") -> Scorer:
    """Score a multiple-choice answer: rules and/or the grader as judge.

    Args:
        settings: the judge's prompt template and call settings (the benchmark's).
        grader: `auto` asks the `grader` model role for what the rules leave
            when one is bound (and leaves it unresolved, counted in
            `unresolved_no_judge`, when none is); `rules` never asks a judge
            (reason `judge disabled`); `llm` asks the judge for every answer;
            `both` too, recording the rules' letter beside it
            (`rules_extracted`). `llm` and `both` need the role (the task
            checks it while it is built). The evaluated model never judges itself.

    Returns:
        The `score` coroutine, for the benchmark's own `@scorer`.
    """
    if grader not in GRADER_MODES:
        raise ValueError(f"grader must be one of {', '.join(GRADER_MODES)}, not {grader!r}")

    async def score(state: TaskState, target: Target) -> Score:
        options = {chr(ord("A") + i): choice.value for i, choice in enumerate(state.choices)}
        if not options:
            raise ValueError(
                "merge_match needs the sample's options as `choices` (Sample(choices=[...]))."
            )
        gold = target.text.strip().upper()
        answer = state.output.completion if state.output else ""
        details: dict[str, object] = {"judge_tries": 0}

        if state.output is not None and state.output.stop_reason == "content_filter":
            letter, path, rule = NO_OPTION_LETTER, "template", "content_filter"
        elif not answer.strip():
            letter, path, rule = None, "unresolved", None
            details["reason"] = "empty answer"
        else:
            match = extract_option(answer, options)
            letter, path, rule = match.letter, "template", match.rule
            if grader == "both":
                details.update(rules_extracted=match.letter, rules_rule=match.rule)
            if letter is None or grader in ("llm", "both"):
                if grader == "rules" or (grader == "auto" and not grader_bound()):
                    path = "unresolved"
                    # counted (`unresolved_no_judge`); the task warned once while it was built
                    details["reason"] = "no judge" if grader == "auto" else "judge disabled"
                else:
                    model = get_model(role="grader", required=True)
                    question = str(state.metadata.get("question") or state.input_text)
                    letter, judged = await ask_judge(model, settings, question, options, answer)
                    details.update(judged)
                    path, rule = ("judge", None) if letter is not None else ("unresolved", None)
                    if letter is None:
                        details["reason"] = "judge undecided"

        correct = letter is not None and letter == gold
        return Score(
            value=1.0 if correct else 0.0,
            answer=letter if letter is not None else "",
            explanation=f"{path}: extracted {letter or 'nothing'}, target {gold}",
            metadata={"path": path, "rule": rule, "extracted": letter, "target": gold, **details},
        )

    return score


async def ask_judge(
    grader: Model,
    settings: ChoiceJudge,
    question: str,
    options: Mapping[str, str],
    answer: str,
) -> tuple[str | None, dict[str, object]]:
    """Ask the judge until its reply names an option (or Z), at most `settings.max_tries` times.

    Returns the letter (None when no try named one) and the score metadata of
    the calls: `judge_tries`, `judge_reply` (the last), `judge_replies`,
    `judge_errors` (always empty: a call that raises after Inspect's retries
    raises :class:`JudgeCallError`, so the sample errors and can be retried).
    """
    prompt = settings.prompt(question, options, answer)
    replies: list[str] = []
    for attempt in range(settings.max_tries):
        config = GenerateConfig(
            temperature=settings.temperature(attempt), max_tokens=settings.max_tokens
        )
        try:
            output = await grader.generate(prompt, config=config)
        except Exception as error:
            raise JudgeCallError(
                f"the judge (grader model) failed on this sample ({type(error).__name__}: "
                f"{error}); the sample is left unscored: `inspect eval-retry <log>` scores it again"
            ) from error
        replies.append(output.completion)
        match = parse_choice_judge_reply(output.completion, options)
        if match.letter is not None:
            return match.letter, _judge_details(replies, attempt + 1)
    return None, _judge_details(replies, settings.max_tries)


def _judge_details(replies: list[str], tries: int) -> dict[str, object]:
    return {
        "judge_tries": tries,
        "judge_reply": replies[-1] if replies else None,
        "judge_replies": replies,
        "judge_errors": [],
    }

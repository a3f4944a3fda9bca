"""Scorer kind "merge match": deterministic option extraction, then an LLM judge.

For any multiple-choice task. For each answer:

1. **template** -- :func:`vpt_tasks.scorers.options.extract_option` in the
   reference order (refusal -> Z; a lone option letter near the end; "answer
   is X"; a unique option text). A refusal by the provider's content filter
   is a Z as well.
2. **judge** -- what the rules cannot decide goes to the `grader` model role
   with the benchmark's choice-judge prompt (:class:`~vpt_tasks.scorers.judge.ChoiceJudge`);
   its reply is parsed with the same rules, and the judge is asked again, a
   bounded number of times, while its reply names no option.
3. **unresolved** -- otherwise (or without a judge, or for an empty answer)
   the answer maps to no option and is scored wrong. Never a random pick.

The options are the sample's `choices` (lettered A, B, C, ... in order) and
the target is the correct letter. Score metadata records the path, the rule,
the extracted letter, every judge reply and the number of judge calls.

Parts:

- `merge_match(judge=..., settings=ChoiceJudge(...))`: the builder. It returns
  the async `score` coroutine, undecorated: the benchmark wraps it in its own
  `@scorer(metrics=[...])` with its run-level metrics and, from here,
  `merge_match_paths()`.
- `merge_match_paths()`: how many answers each path decided.
- `ask_judge(...)`: the bounded judge calls of one answer.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Mapping
from typing import Literal

from inspect_ai.model import GenerateConfig, Model, get_model, model_roles
from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, metric
from inspect_ai.solver import TaskState

from vpt_tasks.scorers.judge import ChoiceJudge, parse_choice_judge_reply
from vpt_tasks.scorers.options import NO_OPTION_LETTER, extract_option

__all__ = ["JUDGE_MODES", "PATHS", "JudgeMode", "ask_judge", "merge_match", "merge_match_paths"]

logger = logging.getLogger(__name__)

JudgeMode = Literal["auto", "grader", "none"]
JUDGE_MODES: tuple[JudgeMode, ...] = ("auto", "grader", "none")
PATHS = ("template", "judge", "unresolved")


@metric
def merge_match_paths() -> Metric:
    """How many answers each path decided, and what went wrong on the way.

    Keys: `path_template`, `path_judge`, `path_unresolved` (counts that add up
    to the number of scored answers), `no_option` (answers mapped to Z:
    refusals or "none of the options"), `empty_answers`, `judge_calls`,
    `judge_errors` (judge calls that raised) and `unresolved_no_judge`
    (undecided answers left unresolved because no grader role was bound).
    """

    def compute(scores: list[SampleScore]) -> dict[str, float]:
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

    return compute


def merge_match(*, settings: ChoiceJudge, judge: JudgeMode = "auto") -> Scorer:
    """Score a multiple-choice answer: rules first, then the grader as judge.

    Args:
        settings: the judge's prompt template and call settings (the benchmark's).
        judge: `auto` asks the `grader` model role when one is bound (and
            leaves rule-undecided answers unresolved, counted in
            `unresolved_no_judge`, when none is); `grader` requires the role
            (put `require_model_role("grader", ...)` in the solver chain so
            that a missing role fails before any model call); `none` never
            asks a judge. The evaluated model never judges itself.

    Returns:
        The `score` coroutine, for the benchmark's own `@scorer`.
    """
    if judge not in JUDGE_MODES:
        raise ValueError(f"judge must be one of {', '.join(JUDGE_MODES)}, not {judge!r}")

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
            if letter is None:
                grader = _judge_model(judge)
                if grader is None:
                    path = "unresolved"
                    details["reason"] = "no judge" if judge == "auto" else "judge disabled"
                    if judge == "auto":
                        logger.warning(
                            "merge_match: an answer the rules cannot map was left unresolved "
                            "because no grader role is bound (--model-role grader=...)."
                        )
                else:
                    question = str(state.metadata.get("question") or state.input_text)
                    letter, judged = await ask_judge(grader, settings, question, options, answer)
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


def _judge_model(mode: JudgeMode) -> Model | None:
    """The grader model, or None when the mode (or a missing role) means no judge."""
    if mode == "none":
        return None
    if mode == "auto" and "grader" not in model_roles():
        return None
    return get_model(role="grader", required=True)


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
    `judge_errors` (calls that raised; a failing judge never crashes the run).
    """
    prompt = settings.prompt(question, options, answer)
    replies: list[str] = []
    errors: list[str] = []
    for attempt in range(settings.max_tries):
        config = GenerateConfig(
            temperature=settings.temperature(attempt), max_tokens=settings.max_tokens
        )
        try:
            output = await grader.generate(prompt, config=config)
        except Exception as error:  # noqa: BLE001 - a failing judge must not crash the run
            errors.append(f"{type(error).__name__}: {error}")
            continue
        replies.append(output.completion)
        match = parse_choice_judge_reply(output.completion, options)
        if match.letter is not None:
            return match.letter, _judge_details(replies, errors, attempt + 1)
    return None, _judge_details(replies, errors, settings.max_tries)


def _judge_details(replies: list[str], errors: list[str], tries: int) -> dict[str, object]:
    return {
        "judge_tries": tries,
        "judge_reply": replies[-1] if replies else None,
        "judge_replies": replies,
        "judge_errors": errors,
    }

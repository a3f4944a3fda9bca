"""Prediction correctness, the Isle-Brick-V2 score: |M ∩ G| / |M|.

M is the set of answer components extracted from the free-text answer (rules
by default; optionally an LLM through the `grader` model role), G the gold set.
Omissions are tolerated, extra components penalised, and an answer with no
usable component (empty, refusal, disclaimer) scores 0 and is counted as a
disclaimer — it is never dropped.
"""

from __future__ import annotations

import json
import re
from typing import Literal

from inspect_ai.model import GenerateConfig, get_model
from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState

from vpt_tasks.core.config import load_config
from vpt_tasks.isle_brick.metrics import (
    isle_brick_answer_types,
    isle_brick_chance,
    isle_brick_cooccurrence,
    isle_brick_extractor_agreement,
    isle_brick_precision,
)
from vpt_tasks.scorers.components import answer_type, extract_components, precision

Extractor = Literal["rules", "llm", "both"]
EXTRACTORS: tuple[Extractor, ...] = ("rules", "llm", "both")

_FINAL_ANSWER = re.compile(r"(?:^|\n)\s*\**\s*(?:final\s+)?answer\s*\**\s*:\s*\**", re.IGNORECASE)


def final_answer(completion: str) -> str:
    """The part of an answer after its last "Answer:" line (chain of thought), else all of it."""
    matches = list(_FINAL_ANSWER.finditer(completion))
    return completion[matches[-1].end() :].strip() if matches else completion.strip()


@scorer(
    metrics=[
        isle_brick_precision(),
        isle_brick_chance(),
        isle_brick_answer_types(),
        isle_brick_cooccurrence(),
        isle_brick_extractor_agreement(),
    ]
)
def prediction_correctness(extractor: Extractor = "rules") -> Scorer:
    """Score each answer by the precision of its extracted components.

    Args:
        extractor: `rules` (deterministic, default), `llm` (the `grader` model
            role extracts the components) or `both` (the LLM decides; the rule
            extraction is recorded next to it and their agreement reported).
    """

    async def score(state: TaskState, target: Target) -> Score:
        meta = state.metadata
        gold = set(target.target)
        completion = state.output.completion if state.output else ""
        answer = final_answer(completion)
        refused = state.output is not None and state.output.stop_reason == "content_filter"
        rules = (
            frozenset()
            if refused
            else extract_components(answer, meta["kind"], question=meta["question"])
        )
        details: dict[str, object] = {}
        components, decided_by = rules, "rules"
        if extractor != "rules" and not refused:
            llm, raw = await _llm_components(answer, meta)
            details.update(rule_components=sorted(rules), llm_components=llm, llm_reply=raw)
            if llm is not None:
                components, decided_by = frozenset(llm), "llm"
            else:
                decided_by = "rules (llm extraction failed)"
        value = precision(components, gold)
        return Score(
            value=value,
            answer=answer,
            explanation=f"M={sorted(components)} G={sorted(gold)} → {value:.3g}",
            metadata={
                "components": sorted(components),
                "answer_type": answer_type(components),
                "extractor": decided_by,
                "refused": refused,
                **details,
            },
        )

    return score


async def _llm_components(answer: str, meta: dict[str, object]) -> tuple[list[str] | None, str]:
    """Ask the grader for the components; None when its reply is not a valid list."""
    settings = load_config("isle_brick")["llm_extraction"]
    vocabulary = (
        "counts as digits (0, 1, 2, ...)" if meta["kind"] == "count" else ", ".join(_pool(meta))
    )
    prompt = settings["prompt"].format(
        question=meta["question"], answer=answer, vocabulary=vocabulary
    )
    grader = get_model(role="grader", required=True)
    output = await grader.generate(
        prompt, config=GenerateConfig(temperature=0.0, max_tokens=int(settings["max_tokens"]))
    )
    raw = output.completion
    match = re.search(r"\[.*?\]", raw, re.DOTALL)
    try:
        parsed = json.loads(match.group(0)) if match else None
    except json.JSONDecodeError:
        parsed = None
    if not isinstance(parsed, list):
        return None, raw
    allowed = _pool(meta)
    components = sorted(
        {
            str(item).strip().lower()
            for item in parsed
            if str(item).strip().lower() in allowed
            or (meta["kind"] == "count" and str(item).strip().isdigit())
        }
    )
    return components, raw


def _pool(meta: dict[str, object]) -> list[str]:
    from vpt_tasks.isle_brick.spec import load_spec

    return list(load_spec().questions[str(meta["question_id"])].pool)

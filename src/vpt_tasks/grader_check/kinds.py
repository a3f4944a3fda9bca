"""Each kind of answer asked exactly as its scorer asks the grader, and its reply read as the
scorer reads it.

This module is the only place that reaches into the benchmarks: it reuses their grader
prompts and settings and the scorer kinds' reply readers, so that what is measured is the
grader *as the scorers use it* -- the same prompt, the same generation settings, the same
reading of the reply (`tests/grader_check/test_kinds.py` checks the prompts against the
scorers' own calls):

| kind | prompt | settings | reply read by |
|---|---|---|---|
| `two_options` | `isle_v1.grading.sample_prompt` | `isle_v1.yaml` `grader` | `scorers.answer_mapping.read_mapping_reply` |
| `four_options` | the Omni-Perspective `ChoiceJudge` (`choice_judge_prompt`) | `omni_perspective.yaml` `judge` (asked again while no option is named) | `scorers.judge.judge_reading` |
| `components` | `scorers.set_precision.extraction_prompt` with `isle_brick.scorer.llm_extraction()` (on the answer after its last "Answer:" line) | `isle_brick.yaml` `llm_extraction` | `scorers.set_precision.component_reading` |

COMFORT replies are not a kind: no grader reads them (COMFORT reads P(Yes) from
log-probabilities, or the reply's own Yes/No by rules).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from inspect_ai.model import ModelName, ModelOutput
from inspect_ai.solver import TaskState

from vpt_tasks.grader_check.spec import Kind
from vpt_tasks.scorers.cascade import GraderReading

__all__ = [
    "REPLIES",
    "Asking",
    "asking",
    "component_questions",
    "kind_metadata",
    "prompt_of",
    "read_reply",
    "replies_offered",
    "reply_names_something",
    "sample_state",
]

REPLIES = "grader_replies"
"""The store key of every reply the model gave for a sample (the judge may be asked again)."""


@dataclass(frozen=True)
class Asking:
    """How the scorer calls its grader for one answer of a kind."""

    max_tries: int
    """Calls while the reply names nothing (the judge's re-asking); 1 for the other kinds."""
    temperatures: tuple[float, ...]
    """The temperature of try i (the last one repeats)."""
    max_tokens: int

    def temperature(self, attempt: int) -> float:
        return self.temperatures[min(attempt, len(self.temperatures) - 1)]


def asking(kind: Kind) -> Asking:
    """The generation settings the kind's scorer gives its grader calls."""
    if kind == "two_options":
        from vpt_tasks.isle_v1.spec import load_spec as isle_v1_spec

        grader = isle_v1_spec().grader
        return Asking(1, (grader.temperature,), grader.max_tokens)
    if kind == "four_options":
        judge = _judge()
        return Asking(judge.max_tries, judge.temperatures or (0.0,), judge.max_tokens)
    llm = _extraction()
    return Asking(1, (llm.temperature,), llm.max_tokens)


def component_questions() -> tuple[str, ...]:
    """The Isle-Brick-V2 question ids a components answer may answer (Q1-Q7)."""
    from vpt_tasks.isle_brick.spec import load_spec as isle_brick_spec

    return tuple(isle_brick_spec().questions)


def kind_metadata(
    kind: Kind,
    *,
    question: str,
    options: Mapping[str, str],
    dataset: str,
    prompt: str,
    question_id: str,
    object: str,
) -> dict[str, Any]:
    """The sample metadata the kind's scorer reads, as its benchmark's samples carry it.

    Two options: `options`, `question`, `dataset`, `prompt_style` and `context` (the prompt
    before its option list: the grader's CONTEXT). Four options: `options`, `question`.
    Components: `question_id`, `kind` (the question kind) and `question` (as asked, with
    the scene's object).
    """
    if kind == "components":
        from vpt_tasks.isle_brick.spec import load_spec as isle_brick_spec

        spec = isle_brick_spec()
        asked = spec.questions[question_id]
        return {
            "question_id": question_id,
            "kind": asked.kind,
            "question": asked.prompt(object, spec.placeholder),
        }
    meta: dict[str, Any] = {"options": dict(options), "question": question}
    if kind == "two_options":
        from vpt_tasks.isle_v1.spec import load_spec as isle_v1_spec

        text = isle_v1_spec().prompt(prompt, question, *options.values())
        meta.update(dataset=dataset, prompt_style=prompt, context=text.split("\nOptions:\n", 1)[0])
    return meta


def replies_offered(kind: Kind, metadata: Mapping[str, Any]) -> list[str]:
    """The replies the grader is asked to choose from: what `vpt_tasks/random` draws from (a
    random grader, the chance level of the check)."""
    if kind == "two_options":
        from vpt_tasks.isle_v1.grading import sample_valid_values

        return [*sample_valid_values(metadata, metadata["options"]), "Unknown"]
    if kind == "four_options":
        return [*metadata["options"], "Z"]
    from vpt_tasks.isle_brick.spec import load_spec as isle_brick_spec

    pool = isle_brick_spec().questions[metadata["question_id"]].pool
    return [json.dumps([component]) for component in pool] + ["[]"]


def sample_state(metadata: Mapping[str, Any]) -> TaskState:
    """A stand-in sample state carrying `metadata`: what the scorers' prompt builders read."""
    return TaskState(
        model=ModelName("none/none"),
        sample_id="grader_check",
        epoch=1,
        input="",
        messages=[],
        metadata=dict(metadata),
    )


def prompt_of(kind: Kind, metadata: Mapping[str, Any], answer: str) -> str:
    """The exact prompt the kind's scorer sends its grader about `answer`."""
    if kind == "two_options":
        from vpt_tasks.isle_v1.grading import sample_prompt

        return sample_prompt(metadata, metadata["options"], answer)
    if kind == "four_options":
        return _judge().prompt(str(metadata["question"]), metadata["options"], answer)
    from vpt_tasks.scorers.set_precision import extraction_prompt, final_answer

    return extraction_prompt(final_answer(answer), sample_state(metadata), _extraction())


def reply_names_something(kind: Kind, output: ModelOutput, metadata: Mapping[str, Any]) -> bool:
    """Whether a reply ends the asking (for the judge: it names an option or Z)."""
    if kind != "four_options":
        return True
    from vpt_tasks.scorers.judge import parse_choice_judge_reply

    return parse_choice_judge_reply(output.completion, metadata["options"]) is not None


def read_reply(kind: Kind, output: ModelOutput, metadata: Mapping[str, Any]) -> GraderReading:
    """The reading of the grader's (last) reply, as the kind's scorer reads it: the reading, or
    None when the reply is outside the vocabulary; GraderReplyError when it is no reply."""
    if kind == "two_options":
        from vpt_tasks.isle_v1.grading import sample_valid_values
        from vpt_tasks.scorers.answer_mapping import read_mapping_reply

        options = metadata["options"]
        return read_mapping_reply(output, sample_valid_values(metadata, options), options)
    if kind == "four_options":
        from vpt_tasks.scorers.judge import judge_reading

        return judge_reading(output, metadata["options"])
    from vpt_tasks.scorers.set_precision import component_reading

    return component_reading(output, _extraction().vocabulary(sample_state(metadata)))


def _judge() -> Any:
    from vpt_tasks.omni_perspective.spec import load_spec as omni_spec

    return omni_spec().judge


def _extraction() -> Any:
    from vpt_tasks.isle_brick.scorer import llm_extraction

    return llm_extraction()

"""The Isle v1 protocol as data: prompts, option values, grader texts, dataset pins.

Read from `task_configs/isle_v1.yaml`; this module only gives it types.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal

from vpt_tasks.core.config import load_config
from vpt_tasks.core.sources import Upstream
from vpt_tasks.isle_v1.first_person import FirstPersonSpec, Template

CANONICAL_SCHEMA: dict[str, str] = {
    "image": "image",
    "item_id": "string",
    "question": "string",
    "gold_answer": "string",
    "distractor": "string",
    "partition": "string",
    "dataset": "string",
    "task": "string",
}
"""The canonical columns of an Isle v1 source (one row per question); see data-schemas.md."""

DatasetType = Literal["isle-brick", "isle-dots"]
"""`type_of_dataset` of the authors' CSV: Yes/No questions or counts."""

TASK_KINDS = ("perspective-taking", "object-detection")
"""The two question kinds of every image: the VPT question and its control."""


@dataclass(frozen=True)
class DatasetSpec:
    """One of the two benchmarks (one Inspect task each)."""

    task_name: str
    """The Inspect task (`isle_brick_v1`, `isle_dots`), also the demo folder's name."""
    name: str
    type: DatasetType
    upstream: Upstream | None
    """The public Hub copy, or None when there is none."""


@dataclass(frozen=True)
class GraderSpec:
    """The grader's settings and the texts of its JSON mapping prompt (see `grading.py`)."""

    temperature: float
    max_tokens: int
    instructions: dict[str, str]
    """Dataset type → INSTRUCTION; `{valid}` is the quoted valid values."""
    response_format: str
    """RESPONSE_FORMAT; `{values}` the quoted valid values and Unknown, `{unknown}` Unknown."""


@dataclass(frozen=True)
class IsleV1Spec:
    """The whole protocol of both benchmarks."""

    datasets: dict[str, DatasetSpec]
    split: str
    temperature: float
    max_tokens: int
    prompts: dict[str, str]
    """Prompt style (`zero_shot`, `cot`) → template with {q}, {opt1}, {opt2}."""
    bricks_options: tuple[str, str]
    question_templates: dict[str, dict[str, str]]
    grader: GraderSpec
    first_person: dict[str, FirstPersonSpec]
    """Dataset type -> its first-person framing sentence and templates."""
    first_person_prompt: str
    """The paper's prompt (a key of `prompts`) that carries the first-person question."""
    first_person_provenance: str

    @property
    def styles(self) -> list[str]:
        """The prompt styles (`-T solver=` values): the paper's prompts, then first_person."""
        return [*self.prompts, "first_person"]

    def prompt(self, style: str, question: str, option_a: str, option_b: str) -> str:
        """The question with its two options, in the paper's words.

        `first_person` expects the question already restated (see
        :meth:`FirstPersonSpec.restate`) and uses the paper's `first_person_prompt`.
        """
        template = self.prompts[self.first_person_prompt if style == "first_person" else style]
        return template.format(q=question, opt1=option_a, opt2=option_b)


@functools.cache
def load_spec() -> IsleV1Spec:
    """The Isle v1 protocol from its task config."""
    data = load_config("isle_v1")
    datasets = {
        name: DatasetSpec(
            task_name=name,
            name=str(entry["name"]),
            type=entry["type"],
            upstream=Upstream.from_config(entry["upstream"]) if entry.get("upstream") else None,
        )
        for name, entry in data["datasets"].items()
    }
    generation = data["generation"]
    grader = data["grader"]
    yes, no = (str(option) for option in data["bricks_options"])
    first_person = data["first_person"]
    return IsleV1Spec(
        datasets=datasets,
        split=str(data["split"]),
        temperature=float(generation["temperature"]),
        max_tokens=int(generation["max_tokens"]),
        prompts={str(k): str(v) for k, v in data["prompts"].items()},
        bricks_options=(yes, no),
        question_templates={
            str(kind): {str(task): str(text) for task, text in templates.items()}
            for kind, templates in data["question_templates"].items()
        },
        grader=GraderSpec(
            temperature=float(grader["temperature"]),
            max_tokens=int(grader["max_tokens"]),
            instructions={str(k): str(v) for k, v in grader["instructions"].items()},
            response_format=str(grader["response_format"]),
        ),
        first_person={
            kind: FirstPersonSpec(
                framing=str(first_person[kind]["framing"]),
                templates=tuple(
                    Template(str(t["question"]), str(t["first_person"]))
                    for t in first_person[kind]["templates"]
                ),
            )
            for kind in ("isle-brick", "isle-dots")
        },
        first_person_prompt=str(first_person["prompt"]),
        first_person_provenance=str(first_person["provenance"]),
    )

"""The Isle v1 protocol as data: prompts, option values, grader texts, dataset pins.

Read from `task_configs/isle_v1.yaml` and validated by the types below.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Literal

from pydantic import field_validator, model_validator

from vpt_tasks.core.config import ConfigModel, TaskConfig, at, invalid, load_model
from vpt_tasks.core.sources import Upstream
from vpt_tasks.core.templates import fill
from vpt_tasks.isle_v1.first_person import FirstPersonSpec

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


class DatasetSpec(ConfigModel):
    """One of the two benchmarks (one Inspect task each; `datasets.<task_name>`)."""

    name: str
    type: DatasetType
    upstream: Upstream | None = None
    """The public Hub copy, or None when there is none."""
    task_name: str = ""
    """The Inspect task (`isle_brick_v1`, `isle_dots`), also the demo folder's name: its key."""


class GraderSpec(ConfigModel):
    """The grader's settings and the texts of its JSON mapping prompt (see `grading.py`)."""

    temperature: float
    max_tokens: int
    instructions: dict[str, str]
    """Dataset type → INSTRUCTION; `{valid}` is the quoted valid values."""
    response_formats: dict[str, str]
    """Dataset type → RESPONSE_FORMAT; `{valid}` is the quoted valid values."""
    indent: int
    """Indentation of the serialised JSON document (the released code's 4)."""


class IsleV1Spec(TaskConfig):
    """The whole protocol of both benchmarks."""

    datasets: dict[str, DatasetSpec]
    split: str
    temperature: float = at("generation", "temperature")
    max_tokens: int = at("generation", "max_tokens")
    prompts: dict[str, str]
    """Prompt style (`zero_shot`, `cot`) → template with {q}, {opt1}, {opt2}."""
    bricks_options: tuple[str, str]
    question_templates: dict[str, dict[str, str]]
    grader: GraderSpec
    first_person_prompt: str = at("first_person", "prompt")
    """The paper's prompt (a key of `prompts`) that carries the first-person question."""
    first_person_provenance: str = at("first_person", "provenance")
    first_person_bricks: FirstPersonSpec = at("first_person", "isle-brick")
    first_person_dots: FirstPersonSpec = at("first_person", "isle-dots")

    @functools.cached_property
    def first_person(self) -> dict[str, FirstPersonSpec]:
        """Dataset type -> its first-person framing sentence and templates."""
        return {"isle-brick": self.first_person_bricks, "isle-dots": self.first_person_dots}

    @field_validator("datasets")
    @classmethod
    def _named(cls, datasets: dict[str, DatasetSpec]) -> dict[str, DatasetSpec]:
        return {key: spec.model_copy(update={"task_name": key}) for key, spec in datasets.items()}

    @model_validator(mode="after")
    def _known_prompt(self) -> IsleV1Spec:
        if self.first_person_prompt not in self.prompts:
            where, styles = ("first_person", "prompt"), ", ".join(self.prompts)
            raise invalid(where, self.first_person_prompt, f"one of {styles}")
        return self

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
        slots = {"q": question, "opt1": option_a, "opt2": option_b}
        return fill(template, slots, where=f"task_configs/isle_v1.yaml prompts ({style})")


@functools.cache
def load_spec(path: Path | None = None) -> IsleV1Spec:
    """The Isle v1 protocol from its task config (or from the YAML file at `path`)."""
    return load_model(IsleV1Spec, "isle_v1", path)

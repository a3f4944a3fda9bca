"""The Isle-Brick-V2 protocol as data: questions, categories, prompts.

Read from `task_configs/isle_brick.yaml` and validated by the types below.
"""

from __future__ import annotations

import functools
from pathlib import Path

from pydantic import Field, model_validator

from vpt_tasks.core.config import ConfigModel, TaskConfig, at, covering, load_model, within
from vpt_tasks.core.sources import Upstream
from vpt_tasks.core.templates import fill
from vpt_tasks.isle_brick.extraction import QuestionKind

CANONICAL_SCHEMA: dict[str, str] = {
    "image": "image",
    "scene_id": "string",
    "object": "string",
    "figure": "string",
    "object_position": "string",
    "figure_orientation": "string",
    "viewpoint": "string",
    **{f"gold_q{i}": "list<string>" for i in range(1, 8)},
}
"""The canonical columns of an Isle-Brick-V2 source (one row per scene); see data-schemas.md."""

REQUIRED_COLUMNS: list[str] = ["image", "scene_id", "object"] + [f"gold_q{i}" for i in range(1, 8)]
"""The canonical columns every source must have; the factor columns are optional."""

FACTOR_COLUMNS: list[str] = ["figure", "object_position", "figure_orientation", "viewpoint"]
"""The design factors of a scene (values in `design.py`), copied into sample metadata when set."""

OPTIONAL_COLUMNS: dict[str, str] = {
    "figure_box": "list<float>",
    "image_no_objects": "image",
    "image_human_figure": "image",
}
"""Columns the image interventions read where a source has them (`interventions.py`):
`figure_box` = [left, top, right, bottom] of the minifigure in the image, as fractions of the
image's width and height (origin top left; the renderer projects the figure's box); the
object-free twin of the scene (`-T intervention=no_objects`) and the scene with a human figure
in place of the minifigure (`-T intervention=human_figure`), same camera, same gold answers."""

CATEGORY_LABELS = {
    "scene_understanding": "scene understanding",
    "spatial_reasoning": "spatial reasoning",
    "visual_perspective_taking": "visual perspective taking",
}


class Question(ConfigModel):
    """One of the seven diagnostic questions (`questions.<id>`)."""

    text: str
    category: str
    kind: QuestionKind
    pool: tuple[str, ...]
    """The permissible answers; its size is N_q of the random baseline."""

    id: str = ""
    """Its key (`Q1`), set by `IsleBrickSpec`."""
    first_person: str = ""
    """The question restated in the first person (`-T solver=first_person`), set by
    `IsleBrickSpec` from `first_person.questions`."""

    def prompt(self, object_name: str, placeholder: str, *, first_person: bool = False) -> str:
        """The question with "the object" replaced by the scene's object ("the dog")."""
        text = self.first_person if first_person else self.text
        return text.replace(placeholder, f"the {object_name}")


class GoldRule(ConfigModel):
    """What a gold set of one question kind may hold (beyond the question's pool)."""

    max_components: int
    opposites: tuple[tuple[str, str], ...] = ()
    """Pairs of components that contradict each other in one gold set."""

    def violations(self, components: frozenset[str], pool: tuple[str, ...]) -> list[str]:
        """Why `components` cannot be a gold set of a question with `pool` (empty when it can)."""
        if not components:
            return ["is empty"]
        outside = sorted(components - set(pool))
        if outside:
            return [f"has {', '.join(outside)}, outside the question's answers ({', '.join(pool)})"]
        found = []
        if len(components) > self.max_components:
            found.append(
                f"names {len(components)} answers ({', '.join(sorted(components))}) where at "
                f"most {self.max_components} can be true at once"
            )
        found += [
            f"names both {first} and {second}, which contradict each other"
            for first, second in self.opposites
            if first in components and second in components
        ]
        return found


class FirstPerson(ConfigModel):
    """The first-person wording (`-T solver=first_person`) and where it comes from."""

    framing: str
    """The sentence before each question that makes the model the minifigure."""
    orientation_hint: str
    provenance: str
    questions: dict[str, str]
    """Question id -> the question in the first person."""


class BiasProbe(ConfigModel):
    """The direction-bias probe of Appendix B (`vpt_tasks/isle_brick_bias`): Q5 in every order."""

    question: str
    """Q5 with `{directions}` where the four directions are listed ("a, b, c, or d")."""
    first_person_question: str
    paper_order: tuple[str, ...]
    """The order of the paper's own Q5 (north, west, east, south)."""
    words: dict[str, tuple[str, ...]]
    """direction -> the tokens that count for it when reading log-probabilities."""
    top_logprobs: int
    provenance: str

    @property
    def directions(self) -> tuple[str, ...]:
        return tuple(self.words)

    def prompt(self, order: tuple[str, ...], *, first_person: bool = False) -> str:
        """The probe question with the directions listed in `order`."""
        listed = f"{', '.join(order[:-1])}, or {order[-1]}"
        template = self.first_person_question if first_person else self.question
        return fill(template, {"directions": listed}, where="task_configs/isle_brick.yaml bias")


class IsleBrickSpec(TaskConfig):
    """The whole protocol of the benchmark."""

    questions: dict[str, Question]
    categories: dict[str, tuple[str, ...]]
    upstream: Upstream
    split: str
    placeholder: str = Field(validation_alias="object_placeholder")
    orientation_hint: str
    first_person: FirstPerson
    gold_rules: dict[QuestionKind, GoldRule]
    """By question kind: the rules a gold set must follow (`task_configs` `gold_rules`)."""
    cot_instruction: str
    temperature: float = at("generation", "temperature")
    max_tokens: int = at("generation", "max_tokens")
    cot_max_tokens: int = at("generation", "cot_max_tokens")
    extraction_prompt: str = at("llm_extraction", "prompt")
    """The LLM-extraction prompt template ({question}, {answer}, {vocabulary})."""
    extraction_max_tokens: int = at("llm_extraction", "max_tokens")
    bias_probe: BiasProbe

    @property
    def question_ids(self) -> list[str]:
        return list(self.questions)

    @model_validator(mode="after")
    def _complete(self) -> IsleBrickSpec:
        """Every question has its first-person wording and gold rule; ids and wording set."""
        ids, wording = list(self.questions), self.first_person.questions
        covering(("first_person", "questions"), wording, ids)
        covering("gold_rules", self.gold_rules, sorted({q.kind for q in self.questions.values()}))
        within("categories", [qid for group in self.categories.values() for qid in group], ids)
        for qid, question in self.questions.items():
            self.questions[qid] = question.model_copy(
                update={"id": qid, "first_person": wording[qid]}
            )
        return self


@functools.cache
def load_spec(path: Path | None = None) -> IsleBrickSpec:
    """The Isle-Brick-V2 protocol from its task config (or from the YAML file at `path`)."""
    return load_model(IsleBrickSpec, "isle_brick", path)

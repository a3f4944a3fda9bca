"""The Isle-Brick-V2 protocol as data: questions, categories, prompts.

Read from `task_configs/isle_brick.yaml`; this module only gives it types.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from vpt_tasks.core.config import load_config
from vpt_tasks.core.sources import Upstream
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

CATEGORY_LABELS = {
    "scene_understanding": "scene understanding",
    "spatial_reasoning": "spatial reasoning",
    "visual_perspective_taking": "visual perspective taking",
}


@dataclass(frozen=True)
class Question:
    """One of the seven diagnostic questions."""

    id: str
    text: str
    category: str
    kind: QuestionKind
    pool: tuple[str, ...]
    """The permissible answers; its size is N_q of the random baseline."""

    def prompt(self, object_name: str, placeholder: str) -> str:
        """The question with "the object" replaced by the scene's object ("the dog")."""
        return self.text.replace(placeholder, f"the {object_name}")


@dataclass(frozen=True)
class IsleBrickSpec:
    """The whole protocol of the benchmark."""

    questions: dict[str, Question]
    categories: dict[str, tuple[str, ...]]
    upstream: Upstream
    split: str
    placeholder: str
    orientation_hint: str
    cot_instruction: str
    temperature: float
    max_tokens: int
    cot_max_tokens: int
    extraction_prompt: str
    """The LLM-extraction prompt template ({question}, {answer}, {vocabulary})."""
    extraction_max_tokens: int

    @property
    def question_ids(self) -> list[str]:
        return list(self.questions)


@functools.cache
def load_spec() -> IsleBrickSpec:
    """The Isle-Brick-V2 protocol from its task config."""
    data = load_config("isle_brick")
    questions = {
        qid: Question(
            id=qid,
            text=str(entry["text"]),
            category=str(entry["category"]),
            kind=entry["kind"],
            pool=tuple(str(option) for option in entry["pool"]),
        )
        for qid, entry in data["questions"].items()
    }
    generation = data["generation"]
    return IsleBrickSpec(
        questions=questions,
        categories={name: tuple(ids) for name, ids in data["categories"].items()},
        upstream=Upstream.from_config(data["upstream"]),
        split=str(data["split"]),
        placeholder=str(data["object_placeholder"]),
        orientation_hint=str(data["orientation_hint"]),
        cot_instruction=str(data["cot_instruction"]),
        temperature=float(generation["temperature"]),
        max_tokens=int(generation["max_tokens"]),
        cot_max_tokens=int(generation["cot_max_tokens"]),
        extraction_prompt=str(data["llm_extraction"]["prompt"]),
        extraction_max_tokens=int(data["llm_extraction"]["max_tokens"]),
    )

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


@dataclass(frozen=True)
class Question:
    """One of the seven diagnostic questions."""

    id: str
    text: str
    category: str
    kind: QuestionKind
    pool: tuple[str, ...]
    """The permissible answers; its size is N_q of the random baseline."""

    first_person: str
    """The question restated in the first person (`-T solver=first_person`)."""

    def prompt(self, object_name: str, placeholder: str, *, first_person: bool = False) -> str:
        """The question with "the object" replaced by the scene's object ("the dog")."""
        text = self.first_person if first_person else self.text
        return text.replace(placeholder, f"the {object_name}")


@dataclass(frozen=True)
class GoldRule:
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


@dataclass(frozen=True)
class FirstPerson:
    """The first-person wording (`-T solver=first_person`) and where it comes from."""

    framing: str
    """The sentence before each question that makes the model the minifigure."""
    orientation_hint: str
    provenance: str


@dataclass(frozen=True)
class BiasProbe:
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
        return template.format(directions=listed)


@dataclass(frozen=True)
class IsleBrickSpec:
    """The whole protocol of the benchmark."""

    questions: dict[str, Question]
    categories: dict[str, tuple[str, ...]]
    upstream: Upstream
    split: str
    placeholder: str
    orientation_hint: str
    first_person: FirstPerson
    gold_rules: dict[str, GoldRule]
    """By question kind: the rules a gold set must follow (`task_configs` `gold_rules`)."""
    cot_instruction: str
    temperature: float
    max_tokens: int
    cot_max_tokens: int
    extraction_prompt: str
    """The LLM-extraction prompt template ({question}, {answer}, {vocabulary})."""
    extraction_max_tokens: int
    bias_probe: BiasProbe

    @property
    def question_ids(self) -> list[str]:
        return list(self.questions)


@functools.cache
def load_spec() -> IsleBrickSpec:
    """The Isle-Brick-V2 protocol from its task config."""
    data = load_config("isle_brick")
    first_person = data["first_person"]
    questions = {
        qid: Question(
            id=qid,
            text=str(entry["text"]),
            category=str(entry["category"]),
            kind=entry["kind"],
            pool=tuple(str(option) for option in entry["pool"]),
            first_person=str(first_person["questions"][qid]),
        )
        for qid, entry in data["questions"].items()
    }
    gold_rules = {
        kind: GoldRule(
            max_components=int(rule["max_components"]),
            opposites=tuple((str(a), str(b)) for a, b in rule.get("opposites", [])),
        )
        for kind, rule in data["gold_rules"].items()
    }
    generation = data["generation"]
    probe = data["bias_probe"]
    return IsleBrickSpec(
        questions=questions,
        categories={name: tuple(ids) for name, ids in data["categories"].items()},
        upstream=Upstream.from_config(data["upstream"]),
        split=str(data["split"]),
        placeholder=str(data["object_placeholder"]),
        orientation_hint=str(data["orientation_hint"]),
        first_person=FirstPerson(
            framing=str(first_person["framing"]),
            orientation_hint=str(first_person["orientation_hint"]),
            provenance=str(first_person["provenance"]),
        ),
        gold_rules=gold_rules,
        cot_instruction=str(data["cot_instruction"]),
        temperature=float(generation["temperature"]),
        max_tokens=int(generation["max_tokens"]),
        cot_max_tokens=int(generation["cot_max_tokens"]),
        extraction_prompt=str(data["llm_extraction"]["prompt"]),
        extraction_max_tokens=int(data["llm_extraction"]["max_tokens"]),
        bias_probe=BiasProbe(
            question=str(probe["question"]),
            first_person_question=str(probe["first_person_question"]),
            paper_order=tuple(str(d) for d in probe["paper_order"]),
            words={str(d): tuple(str(w) for w in words) for d, words in probe["words"].items()},
            top_logprobs=int(probe["top_logprobs"]),
            provenance=str(probe["provenance"]),
        ),
    )

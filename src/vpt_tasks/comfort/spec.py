"""The COMFORT protocol as data: tasks, prompts, relation phrases, upstream names.

Read from `task_configs/comfort.yaml` and validated by the types below. The
prompt texts themselves are reached through `vpt_tasks.comfort.language`,
which serves English from here and other languages from
`task_configs/comfort_translations.yaml`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Annotated

from pydantic import AfterValidator, Field, field_validator, model_validator

from vpt_tasks.comfort.geometry import DATASETS, RELATIONS
from vpt_tasks.core.config import (
    ConfigModel,
    TaskConfig,
    at,
    covering,
    invalid,
    load_model,
    within,
)
from vpt_tasks.core.sources import Upstream

CANONICAL_SCHEMA: dict[str, str] = {
    "image": "image",
    "dataset": "string",
    "relation": "string",
    "variation": "string",
    "frame": "int",
    "theta": "int",
    "referent": "string",
    "relatum": "string",
    "addressee": "string",
    "absent_object": "string",
}
"""The canonical columns of a COMFORT source (one row per frame; `addressee` null for BALL)."""

PERSPECTIVES: tuple[str, ...] = ("nop", "cam", "add", "rel")
"""The spatial prompts: no perspective, camera, addressee (the woman), relatum."""


Texts = Annotated[Mapping[str, str], AfterValidator(MappingProxyType)]
"""A read-only mapping of texts."""
Words = Annotated[
    Mapping[str, tuple[Annotated[str, AfterValidator(str.casefold)], ...]],
    AfterValidator(MappingProxyType),
]
"""A read-only mapping of lists of words, case-folded."""
Stripped = Annotated[str, AfterValidator(str.strip)]
"""A text without surrounding white space (block scalars may end in a newline)."""


class TaskSpec(ConfigModel):
    """Which datasets and prompts one task (`comfort_ball`, `comfort_car`) uses."""

    datasets: tuple[str, ...]
    perspectives: tuple[str, ...]
    default_perspectives: tuple[str, ...]
    name: str = ""
    """Its key in `tasks`, set by `ComfortSpec`."""

    @model_validator(mode="after")
    def _known(self) -> TaskSpec:
        within("datasets", self.datasets, DATASETS)
        within("perspectives", self.perspectives, PERSPECTIVES)
        within("default_perspectives", self.default_perspectives, self.perspectives)
        return self


class UpstreamNames(ConfigModel):
    """How the upstream render configs name shapes, and the probe vocabularies."""

    shapes: Mapping[str, str]
    """Lower-cased render shape name (`car_sedan`, `HorseL`) -> prompt name (`car`)."""
    ball_colors: tuple[str, ...]
    ball_shapes: tuple[str, ...]
    ball_distractor: str
    car_objects: tuple[str, ...]

    @field_validator("shapes")
    @classmethod
    def _lower_case(cls, shapes: Mapping[str, str]) -> Mapping[str, str]:
        return MappingProxyType({name.lower(): value for name, value in shapes.items()})

    def shape(self, value: object) -> str | None:
        """The prompt name of a render shape, case-insensitively; None if unknown."""
        return self.shapes.get(str(value or "").strip().lower())


class FirstPerson(ConfigModel):
    """`-T solver=first_person`: the prompts restated in the first person (English)."""

    provenance: Stripped
    prompts: Texts
    """Templates by perspective (nop, cam, add, rel) and `probe`, placeholders as `prompts`."""

    @model_validator(mode="after")
    def _complete(self) -> FirstPerson:
        covering("prompts", self.prompts, [*PERSPECTIVES, "probe"])
        return self


class ChainOfThought(ConfigModel):
    """`-T solver=cot`: a reasoning turn, then the yes/no question as the final turn (English)."""

    provenance: Stripped
    reasoning: Stripped
    """Appended to the question of the first turn: reason, do not answer yet."""
    answer: Stripped
    """The final turn, `{question}` the question; P(Yes) is read from its first answer token."""
    max_tokens: int
    """Token budget of the reasoning turn."""

    @model_validator(mode="after")
    def _asks(self) -> ChainOfThought:
        if "{question}" not in self.answer:
            raise invalid("answer", self.answer, "a text containing {question}")
        return self


class Multilingual(ConfigModel):
    """The multilingual study's translation vocabulary and back-translation check (`multilingual`)."""

    objects: tuple[str, ...]
    """The object names a translator translates (every name the data and probes use)."""
    check_pairs: tuple[tuple[str, str], ...]
    """(referent, relatum) pairs whose questions, with every relation, are back-translated."""
    synonyms: Words
    """Noun -> what an English back-translation may call it."""
    colours: Words
    """Colour -> what an English back-translation may call it."""
    relation_words: Words
    """Relation -> words one of which its back-translation must contain (and no other's)."""
    answer_words: Words
    """`yes` / `no` -> English words a back-translated answer word may be."""
    scripts: Mapping[str, tuple[str, ...]]
    """Unicode script -> the language codes written in it (Latin for the rest)."""
    temperature: float = at("translator", "temperature")
    max_tokens: int = at("translator", "max_tokens")

    @model_validator(mode="after")
    def _complete(self) -> Multilingual:
        """Every relation, answer and checked object has its words, and each object's noun and colour."""
        covering("relation_words", self.relation_words, RELATIONS)
        covering("answer_words", self.answer_words, ["yes", "no"])
        names = [name for pair in self.check_pairs for name in pair]
        within("check_pairs", names, self.objects, "names listed in `objects`")
        for name in self.objects:
            *colour, noun = name.split()
            covering("synonyms", self.synonyms, [noun], f" (object {name!r})")
            covering("colours", self.colours, colour, f" (object {name!r})")
        return self


class ComfortSpec(TaskConfig):
    """The whole COMFORT protocol."""

    repo_id: str = at("upstream", "repo_id")
    revision: str | None = at("upstream", "revision", None)
    archives: Texts = at("upstream", "archives")
    split: str
    tasks: Mapping[str, TaskSpec]
    temperature: float = at("generation", "temperature")
    max_tokens: int = at("generation", "max_tokens")
    top_logprobs: int = at("generation", "top_logprobs")
    system_prompt: str
    yes_words: tuple[str, ...] = at("answers", "yes")
    no_words: tuple[str, ...] = at("answers", "no")
    prompts: Texts
    relations: Texts
    names: UpstreamNames = Field(validation_alias="upstream_names")
    first_person: FirstPerson
    cot: ChainOfThought
    multilingual: Multilingual

    @functools.cached_property
    def upstream(self) -> Upstream:
        """The Hub dataset (`upstream.repo_id` at `upstream.revision`, None: resolved once)."""
        return Upstream(repo_id=self.repo_id, revision=self.revision)

    @field_validator("tasks")
    @classmethod
    def _named(cls, tasks: Mapping[str, TaskSpec]) -> Mapping[str, TaskSpec]:
        return MappingProxyType(
            {k: task.model_copy(update={"name": k}) for k, task in tasks.items()}
        )

    @model_validator(mode="after")
    def _complete(self) -> ComfortSpec:
        within(("upstream", "archives"), list(self.archives), DATASETS)
        covering("prompts", self.prompts, [*PERSPECTIVES, "probe"])
        covering("relations", self.relations, RELATIONS)
        return self


@functools.cache
def load_spec(path: Path | None = None) -> ComfortSpec:
    """The COMFORT protocol from its task config (or from the YAML file at `path`)."""
    return load_model(ComfortSpec, "comfort", path)

"""The COMFORT protocol as data: tasks, prompts, relation phrases, upstream names.

Read from `task_configs/comfort.yaml`; this module only gives it types. The
prompt texts themselves are reached through `vpt_tasks.comfort.language`,
which serves English from here and other languages from
`task_configs/comfort_translations.yaml`.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from vpt_tasks.comfort.geometry import DATASETS, RELATIONS
from vpt_tasks.core.config import load_config
from vpt_tasks.core.errors import ConfigError
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


@dataclass(frozen=True)
class TaskSpec:
    """Which datasets and prompts one task (`comfort_ball`, `comfort_car`) uses."""

    name: str
    datasets: tuple[str, ...]
    perspectives: tuple[str, ...]
    default_perspectives: tuple[str, ...]


@dataclass(frozen=True)
class UpstreamNames:
    """How the upstream render configs name shapes, and the probe vocabularies."""

    shapes: Mapping[str, str]
    """Lower-cased render shape name (`car_sedan`, `HorseL`) -> prompt name (`car`)."""
    ball_colors: tuple[str, ...]
    ball_shapes: tuple[str, ...]
    ball_distractor: str
    car_objects: tuple[str, ...]

    def shape(self, value: object) -> str | None:
        """The prompt name of a render shape, case-insensitively; None if unknown."""
        return self.shapes.get(str(value or "").strip().lower())


@dataclass(frozen=True)
class FirstPerson:
    """`-T solver=first_person`: the prompts restated in the first person (English)."""

    provenance: str
    prompts: Mapping[str, str]
    """Templates by perspective (nop, cam, add, rel) and `probe`, placeholders as `prompts`."""


@dataclass(frozen=True)
class ChainOfThought:
    """`-T solver=cot`: a reasoning turn, then the yes/no question as the final turn (English)."""

    provenance: str
    reasoning: str
    """Appended to the question of the first turn: reason, do not answer yet."""
    answer: str
    """The final turn, `{question}` the question; P(Yes) is read from its first answer token."""
    max_tokens: int
    """Token budget of the reasoning turn."""


@dataclass(frozen=True)
class Multilingual:
    """The multilingual study's translation vocabulary and back-translation check (`multilingual`)."""

    objects: tuple[str, ...]
    """The object names a translator translates (every name the data and probes use)."""
    check_pairs: tuple[tuple[str, str], ...]
    """(referent, relatum) pairs whose questions, with every relation, are back-translated."""
    synonyms: Mapping[str, tuple[str, ...]]
    """Noun -> what an English back-translation may call it."""
    colours: Mapping[str, tuple[str, ...]]
    """Colour -> what an English back-translation may call it."""
    relation_words: Mapping[str, tuple[str, ...]]
    """Relation -> words one of which its back-translation must contain (and no other's)."""
    answer_words: Mapping[str, tuple[str, ...]]
    """`yes` / `no` -> English words a back-translated answer word may be."""
    temperature: float
    max_tokens: int


@dataclass(frozen=True)
class ComfortSpec:
    """The whole COMFORT protocol."""

    upstream: Upstream
    archives: Mapping[str, str]
    split: str
    tasks: Mapping[str, TaskSpec]
    temperature: float
    max_tokens: int
    top_logprobs: int
    system_prompt: str
    yes_words: tuple[str, ...]
    no_words: tuple[str, ...]
    prompts: Mapping[str, str]
    relations: Mapping[str, str]
    names: UpstreamNames
    first_person: FirstPerson
    cot: ChainOfThought
    multilingual: Multilingual


@functools.cache
def load_spec() -> ComfortSpec:
    """The COMFORT protocol from its task config (validated once)."""
    data = load_config("comfort")
    upstream = data["upstream"]
    archives = {str(k): str(v) for k, v in upstream["archives"].items()}
    _require_subset("upstream.archives", archives, DATASETS)
    tasks = {
        name: TaskSpec(
            name=name,
            datasets=tuple(entry["datasets"]),
            perspectives=tuple(entry["perspectives"]),
            default_perspectives=tuple(entry["default_perspectives"]),
        )
        for name, entry in data["tasks"].items()
    }
    for spec in tasks.values():
        _require_subset(f"tasks.{spec.name}.datasets", spec.datasets, DATASETS)
        _require_subset(f"tasks.{spec.name}.perspectives", spec.perspectives, PERSPECTIVES)
        _require_subset(
            f"tasks.{spec.name}.default_perspectives", spec.default_perspectives, spec.perspectives
        )
    prompts = {str(k): str(v) for k, v in data["prompts"].items()}
    _require_subset("prompts", [*PERSPECTIVES, "probe"], prompts)
    relations = {str(k): str(v) for k, v in data["relations"].items()}
    _require_subset("relations", RELATIONS, relations)
    names = data["upstream_names"]
    generation = data["generation"]
    first_person = data["first_person"]
    first_person_prompts = {str(k): str(v) for k, v in first_person["prompts"].items()}
    _require_subset("first_person.prompts", [*PERSPECTIVES, "probe"], first_person_prompts)
    cot = data["cot"]
    multilingual = _multilingual(data["multilingual"])
    if "{question}" not in str(cot["answer"]):
        raise ConfigError("task_configs/comfort.yaml cot.answer must contain {question}.")
    return ComfortSpec(
        upstream=Upstream(repo_id=str(upstream["repo_id"]), revision=upstream.get("revision")),
        archives=MappingProxyType(archives),
        split=str(data["split"]),
        tasks=MappingProxyType(tasks),
        temperature=float(generation["temperature"]),
        max_tokens=int(generation["max_tokens"]),
        top_logprobs=int(generation["top_logprobs"]),
        system_prompt=str(data["system_prompt"]),
        yes_words=tuple(str(w) for w in data["answers"]["yes"]),
        no_words=tuple(str(w) for w in data["answers"]["no"]),
        prompts=MappingProxyType(prompts),
        relations=MappingProxyType(relations),
        names=UpstreamNames(
            shapes=MappingProxyType({str(k).lower(): str(v) for k, v in names["shapes"].items()}),
            ball_colors=tuple(str(c) for c in names["ball_colors"]),
            ball_shapes=tuple(str(s) for s in names["ball_shapes"]),
            ball_distractor=str(names["ball_distractor"]),
            car_objects=tuple(str(o) for o in names["car_objects"]),
        ),
        first_person=FirstPerson(
            provenance=str(first_person["provenance"]).strip(),
            prompts=MappingProxyType(first_person_prompts),
        ),
        cot=ChainOfThought(
            provenance=str(cot["provenance"]).strip(),
            reasoning=str(cot["reasoning"]).strip(),
            answer=str(cot["answer"]).strip(),
            max_tokens=int(cot["max_tokens"]),
        ),
        multilingual=multilingual,
    )


def _words(mapping: Mapping[str, Iterable[object]]) -> Mapping[str, tuple[str, ...]]:
    return MappingProxyType(
        {str(k): tuple(str(w).casefold() for w in v) for k, v in mapping.items()}
    )


def _multilingual(data: Mapping[str, object]) -> Multilingual:
    """The `multilingual` section, checked: every object's noun and colour has words."""
    objects = tuple(str(o) for o in data["objects"])  # type: ignore[attr-defined]
    pairs = tuple((str(a), str(b)) for a, b in data["check_pairs"])  # type: ignore[attr-defined]
    synonyms = _words(data["synonyms"])  # type: ignore[arg-type]
    colours = _words(data["colours"])  # type: ignore[arg-type]
    relation_words = _words(data["relation_words"])  # type: ignore[arg-type]
    answer_words = _words(data["answer_words"])  # type: ignore[arg-type]
    _require_subset("multilingual.relation_words", RELATIONS, relation_words)
    _require_subset("multilingual.answer_words", ["yes", "no"], answer_words)
    _require_subset("multilingual.check_pairs", [n for pair in pairs for n in pair], objects)
    for name in objects:
        *colour, noun = name.split()
        _require_subset(f"multilingual.synonyms (object {name!r})", [noun], synonyms)
        _require_subset(f"multilingual.colours (object {name!r})", colour, colours)
    translator = data["translator"]
    return Multilingual(
        objects=objects,
        check_pairs=pairs,
        synonyms=synonyms,
        colours=colours,
        relation_words=relation_words,
        answer_words=answer_words,
        temperature=float(translator["temperature"]),  # type: ignore[index]
        max_tokens=int(translator["max_tokens"]),  # type: ignore[index]
    )


def _require_subset(where: str, items: Iterable[object], allowed: Collection[object]) -> None:
    missing = [item for item in items if item not in allowed]
    if missing:
        raise ConfigError(
            f"task_configs/comfort.yaml {where}: {', '.join(map(str, missing))} not among "
            f"{', '.join(map(str, allowed))}."
        )

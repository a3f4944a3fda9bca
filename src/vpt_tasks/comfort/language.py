"""The words of a COMFORT run: prompts, relation phrases, object names, Yes/No.

What: `load_language(code)` returns a `Language` that renders the spatial
questions and the hallucination probes of one language, with its system
prompt and answer words. English (`en`) comes from `task_configs/comfort.yaml`
(the paper's Table 1 prompts); every other language of the table from the
translation table `task_configs/comfort_translations.yaml`. The paper's other
languages are machine-translated by the `translator` model role and checked by
back-translation (`vpt_tasks.comfort.translation.language_for_run`, which
tasks call); a translation has the same table format (`parse_entry`).

Why: translations are data with provenance, not code. Many languages inflect a
noun for the slot it fills (German "vor der blauen Kugel", French "à gauche du
chien", Korean topic/subject particles), so an object may be a mapping of
forms and a placeholder picks one: `{B:dat}`. A plain string serves every
form. A template is data, never code: it is filled by `core.templates.fill` (named
slots and a form word, nothing evaluated) and checked for its slots when it is
parsed -- from the table, a translator's reply, a cache record or an import
(`SLOTS`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from vpt_tasks.comfort.geometry import RELATIONS
from vpt_tasks.comfort.spec import PERSPECTIVES, load_spec
from vpt_tasks.core.cache import user_data_dir
from vpt_tasks.core.config import load_config
from vpt_tasks.core.errors import ConfigError, TaskArgumentError
from vpt_tasks.core.templates import Slot, check, fill

ENGLISH = "en"
TRANSLATIONS = "comfort_translations"
_TABLE = "task_configs/comfort_translations.yaml"
SLOTS = {"prompt": ("A", "B", "relation"), "probe": ("object",), "relation": ("B",)}
"""The slots each kind of template may use: `{A}` referent, `{B}` relatum, `{relation}` the
relation phrase (itself a template over `{B}`), `{object}` the probed object."""
_RELATUM_LAST = re.compile(r"([^{}]*)(?:\{B(?::\w+)?\})?")
"""A relation template with its relatum slot last or absent: the phrase before it."""


@dataclass(frozen=True)
class Language:
    """Everything a COMFORT run says to the model, in one language."""

    code: str
    name: str
    system_prompt: str
    prompts: Mapping[str, str]
    """Spatial templates by perspective (nop, cam, add, rel) and `probe`."""
    relations: Mapping[str, str]
    yes_words: tuple[str, ...]
    no_words: tuple[str, ...]
    objects: Mapping[str, str | Mapping[str, str]] | None = None
    """Translated object names; None for English, where the data's names are used."""
    provenance: Mapping[str, Any] = field(default_factory=dict)
    first_person: Mapping[str, str] | None = None
    """First-person templates (`-T solver=first_person`), same keys as `prompts`; English only."""
    origin: str = "table"
    """Where the words come from: `paper` (English), `table` (comfort_translations.yaml),
    `translator` (translated by the translator model role for this run) or `cache` (a
    translator's earlier translation, reused)."""

    @property
    def perspectives(self) -> tuple[str, ...]:
        """The spatial prompts this language has templates for."""
        return tuple(p for p in PERSPECTIVES if p in self.prompts)

    @property
    def relation_words(self) -> tuple[str, ...]:
        """Each relation phrase without the relatum that follows it ("links van {B:def}": "links
        van"; English "in front of"), what the text reading finds before the question's relatum
        (`yes_no_text.text_yes_probability`); a phrase whose relatum comes first ("{B}的左边")
        is left out."""
        found = (_RELATUM_LAST.fullmatch(template.strip()) for template in self.relations.values())
        return tuple(m.group(1).strip() for m in found if m and m.group(1).strip())

    @property
    def answer_pool(self) -> tuple[str, str]:
        """(Yes, No) as the baseline models answer them."""
        return self.yes_words[0], self.no_words[0]

    def question(
        self,
        perspective: str,
        referent: str,
        relatum: str,
        relation: str,
        *,
        first_person: bool = False,
    ) -> str:
        """The spatial question, e.g. "Is the red sphere to the left of the blue sphere?".

        `first_person=True` renders the first-person template of the same
        prompt ("Imagine you are the woman in the image. From your viewpoint, ...").
        """
        if perspective not in self.prompts:
            raise TaskArgumentError(
                f"-T language={self.code}: no {perspective!r} prompt in {self.name}; "
                f"available: {', '.join(self.perspectives)}."
            )
        a, b = self._noun(referent), self._noun(relatum)
        where = self._where(f"relations.{relation}")
        phrase = fill(self.relations[relation], {"B": b}, where=where)
        template = self._templates(first_person)[perspective]
        slots = {"A": a, "B": b, "relation": phrase}
        return _capitalise(fill(template, slots, where=self._where(f"prompts.{perspective}")))

    def probe(self, obj: str, *, first_person: bool = False) -> str:
        """The object-hallucination probe, e.g. "Is there any horse?"."""
        template = self._templates(first_person)["probe"]
        slots = {"object": self._noun(obj)}
        return _capitalise(fill(template, slots, where=self._where("prompts.probe")))

    def _where(self, key: str) -> str:
        return f"the {self.name} ({self.code}) template {key}"

    def _templates(self, first_person: bool) -> Mapping[str, str]:
        if not first_person:
            return self.prompts
        if self.first_person is None:
            raise TaskArgumentError(
                f"-T solver=first_person: the first-person prompts exist in English only "
                f"(task_configs/comfort.yaml first_person), not in {self.name}; use "
                "-T language=en, or -T solver=zero_shot."
            )
        return self.first_person

    def missing_objects(self, names: Iterable[str]) -> list[str]:
        """Names the translation table has no entry for (always [] in English)."""
        if self.objects is None:
            return []
        return sorted({name for name in names if name not in self.objects})

    def _noun(self, name: str) -> Slot:
        if self.objects is None:
            return name
        if name not in self.objects:
            raise TaskArgumentError(
                f"-T language={self.code}: {_TABLE} has no {self.name} name for the object "
                f"{name!r}; add it under languages.{self.code}.objects (see the how-to at "
                "the top of that file)."
            )
        return self.objects[name]


def available_languages() -> list[str]:
    """English and every language of the translation table."""
    return [ENGLISH, *sorted(_table())]


@functools.cache
def load_language(code: str) -> Language:
    """The `Language` for `-T language=<code>` (case-insensitive)."""
    key = str(code).strip().lower()
    spec = load_spec()
    if key == ENGLISH:
        where = "task_configs/comfort.yaml"
        check_templates(spec.prompts, spec.relations, where=where)
        check_templates(spec.first_person.prompts, {}, where=f"{where} first_person")
        return Language(
            code=ENGLISH,
            name="English",
            system_prompt=spec.system_prompt,
            prompts=spec.prompts,
            relations=spec.relations,
            yes_words=spec.yes_words,
            no_words=spec.no_words,
            provenance={
                "source": "the paper's Table 1 prompts; the released code's system prompt and probe"
            },
            first_person=spec.first_person.prompts,
            origin="paper",
        )
    table = _table()
    if key not in table:
        raise TaskArgumentError(
            f"-T language={code!r} is not available; use one of: "
            f"{', '.join(available_languages())} (hand-written table), or a code of the "
            "paper's 109 languages (Table 10; `vpt-tasks tasks comfort_car` lists them) with a "
            "translator model: --model-role translator=<provider/model>. To add a language by "
            f"hand, follow the how-to at the top of {_TABLE}."
        )
    return _parse(key, table[key])


def in_table(code: str) -> bool:
    """Whether the translation table has an entry for `code` (case-insensitive)."""
    return str(code).strip().lower() in _table()


def parse_entry(
    code: str, entry: Mapping[str, Any], *, where: str | None = None, origin: str = "table"
) -> Language:
    """A `Language` from one entry in the table's format (raises `ConfigError` naming the fault).

    `where` names the entry in messages (default: the table's language `code`).
    """
    where = where or f"{_TABLE} language {str(code).lower()!r}"
    if not isinstance(entry, Mapping):
        raise ConfigError(f"{where}: an entry must be a mapping.")
    return _parse(str(code).lower(), entry, where, origin)


def user_table() -> Path:
    """The user's own translation table (`vpt-tasks translations import` writes there); its
    entries take precedence over the package's."""
    return user_data_dir() / f"{TRANSLATIONS}.yaml"


@functools.cache
def _table() -> Mapping[str, Mapping[str, Any]]:
    return MappingProxyType({**_languages(load_config(TRANSLATIONS), _TABLE), **_user_entries()})


@functools.cache
def _user_entries() -> Mapping[str, Any]:
    path = user_table()
    return _languages(read_yaml(path), str(path)) if path.is_file() else {}


def table_file(code: str) -> str:
    """The table file `code`'s entry comes from (the user's own, else the package's)."""
    return str(user_table()) if str(code).lower() in _user_entries() else _TABLE


def _languages(data: Any, where: str) -> dict[str, Any]:
    languages = data.get("languages") if isinstance(data, Mapping) else None
    if not isinstance(languages, Mapping):
        raise ConfigError(f"{where} must hold a mapping `languages: {{code: entry}}`.")
    return {str(k).lower(): v for k, v in languages.items()}


def read_yaml(path: Path) -> Any:
    """The plain data of a YAML file a user wrote; ConfigError in one line when it is not."""
    import yaml

    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not UTF-8 text; save it as UTF-8.") from None
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror or error}.") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        at = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(error, "problem", None) or type(error).__name__
        raise ConfigError(
            f"{path} is not plain YAML data{at}: {' '.join(str(problem).split())[:160]}. "
            "Only mappings, lists and text are read (no tags such as !!python)."
        ) from None


def _parse(
    code: str, entry: Mapping[str, Any], where: str | None = None, origin: str = "table"
) -> Language:
    where = where or f"{_TABLE} language {code!r}"
    required = ("name", "provenance", "answers", "system_prompt", "prompts", "relations", "objects")
    missing = [key for key in required if not entry.get(key)]
    if missing:
        raise ConfigError(f"{where}: missing {', '.join(missing)}.")
    for key in ("prompts", "relations", "objects"):
        if not isinstance(entry[key], Mapping):
            raise ConfigError(f"{where}: {key} must be a mapping.")
    prompts = {str(k): str(v) for k, v in entry["prompts"].items()}
    if "nop" not in prompts or "probe" not in prompts:
        raise ConfigError(f"{where}: prompts needs at least `nop` and `probe`.")
    unknown = [p for p in prompts if p not in (*PERSPECTIVES, "probe")]
    if unknown:
        raise ConfigError(f"{where}: unknown prompt(s) {', '.join(unknown)}.")
    relations = {str(k): str(v) for k, v in entry["relations"].items()}
    if sorted(relations) != sorted(RELATIONS):
        raise ConfigError(f"{where}: relations must be exactly {', '.join(RELATIONS)}.")
    check_templates(prompts, relations, where=where)
    answers = entry["answers"]
    words = {}
    for label in ("yes", "no"):
        values = answers.get(label) if isinstance(answers, Mapping) else None
        if (
            not isinstance(values, list | tuple)
            or not values
            or not all(isinstance(w, str) and w.strip() for w in values)
        ):
            raise ConfigError(
                f"{where}: answers.{label} must be a non-empty list of words (quote words "
                'YAML reads as booleans, such as "No").'
            )
        words[label] = tuple(values)
    objects: dict[str, str | Mapping[str, str]] = {}
    for name, value in entry["objects"].items():
        if isinstance(value, Mapping):
            objects[str(name)] = MappingProxyType({str(k): str(v) for k, v in value.items()})
        else:
            objects[str(name)] = str(value)
    provenance = entry["provenance"]
    if not isinstance(provenance, Mapping) or not provenance:
        raise ConfigError(f"{where}: provenance must say who translated it and how.")
    return Language(
        code=code,
        name=str(entry["name"]),
        system_prompt=str(entry["system_prompt"]),
        prompts=MappingProxyType(prompts),
        relations=MappingProxyType(relations),
        yes_words=words["yes"],
        no_words=words["no"],
        objects=MappingProxyType(objects),
        provenance=MappingProxyType(dict(provenance)),
        origin=origin,
    )


def check_templates(
    prompts: Mapping[str, str], relations: Mapping[str, str], *, where: str
) -> None:
    """Raise ConfigError unless every template uses only its kind's `SLOTS`."""
    for key, template in prompts.items():
        kind = "probe" if key == "probe" else "prompt"
        check(template, SLOTS[kind], where=f"{where} prompts.{key}")
    for key, template in relations.items():
        check(template, SLOTS["relation"], where=f"{where} relations.{key}")


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]

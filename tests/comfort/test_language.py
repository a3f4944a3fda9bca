"""The prompts of every language: English verbatim, and the translation table."""

from __future__ import annotations

import pytest

from hf_datasets.builders.synthetic.comfort import CAR_RELATA
from vpt_tasks.comfort.geometry import RELATIONS
from vpt_tasks.comfort.language import Language, available_languages, load_language, parse_entry
from vpt_tasks.comfort.spec import load_spec
from vpt_tasks.core.config import load_config
from vpt_tasks.core.errors import ConfigError, TaskArgumentError

TRANSLATED = [code for code in available_languages() if code != "en"]
# every object name the upstream data and the demo use: referents, relata, absent objects
USED_OBJECTS = {
    "red sphere", "blue sphere", "yellow sphere", "green sphere", "yellow box", "blue box",
    "basketball", "woman", *CAR_RELATA,
}  # fmt: skip


def test_english_templates_are_the_papers() -> None:
    en = load_language("en")
    assert en.question("nop", "red sphere", "blue sphere", "totheleft") == (
        "Is the red sphere to the left of the blue sphere?"
    )
    assert en.question("cam", "red sphere", "blue sphere", "infrontof") == (
        "From the camera's viewpoint, is the red sphere in front of the blue sphere?"
    )
    assert en.question("add", "basketball", "car", "behind") == (
        "From the woman's viewpoint, is the basketball behind the car?"
    )
    assert en.question("rel", "basketball", "horse", "totheright") == (
        "From the horse's viewpoint, is the basketball to the right of the horse?"
    )
    assert en.probe("horse") == "Is there any horse?"
    assert en.system_prompt == (
        'You will be provided an image and a question, please answer the question only in "Yes" or "No"'
    )
    assert en.answer_pool == ("Yes", "No")
    assert en.missing_objects(["giraffe"]) == []  # English uses the data's names


def test_at_least_ten_languages_with_provenance() -> None:
    assert len(TRANSLATED) >= 10
    for code in TRANSLATED:
        language = load_language(code)
        assert {"translated_by", "method", "native_speaker_review"} <= set(language.provenance)
        assert language.perspectives == ("nop",)


@pytest.mark.parametrize("code", TRANSLATED)
def test_translation_renders_its_reviewed_example(code: str) -> None:
    """The question the task renders is the one that was back-translated."""
    language = load_language(code)
    entry = load_config("comfort_translations")["languages"][code]
    example = entry["back_translation"]["example"]
    assert language.question("nop", "red sphere", "blue sphere", "totheleft") == example["text"]
    assert entry["back_translation"]["system_prompt"]


@pytest.mark.parametrize("code", TRANSLATED)
def test_translation_covers_every_object_relation_and_form(code: str) -> None:
    language = load_language(code)
    assert language.missing_objects(USED_OBJECTS) == []
    questions = {
        language.question("nop", referent, relatum, relation)
        for referent, relatum in [("red sphere", "blue sphere"), ("basketball", "horse")]
        for relation in RELATIONS
    }
    assert len(questions) == 2 * len(RELATIONS)  # every relation reads differently
    for obj in USED_OBJECTS:
        probe = language.probe(obj)
        assert "{" not in probe and probe[:1] == probe[:1].upper()
    yes, no = language.answer_pool
    assert yes in language.system_prompt and no in language.system_prompt
    assert all(isinstance(w, str) for w in (*language.yes_words, *language.no_words))
    assert not {w.lower() for w in language.yes_words} & {w.lower() for w in language.no_words}


def test_inflected_forms() -> None:
    de = load_language("de")
    assert (
        de.question("nop", "basketball", "dog", "infrontof") == "Ist der Basketball vor dem Hund?"
    )
    assert (
        de.question("nop", "basketball", "dog", "totheright")
        == "Ist der Basketball rechts vom Hund?"
    )
    assert de.probe("chair") == "Gibt es einen Stuhl?"
    fr = load_language("FR")  # codes are case-insensitive
    assert fr.question("nop", "basketball", "horse", "totheleft") == (
        "Est-ce que le ballon de basket est à gauche du cheval ?"
    )
    assert load_language("it").question("nop", "basketball", "duck", "infrontof") == (
        "Il pallone da basket si trova davanti all'anatra?"  # capitalised first letter
    )
    assert load_language("ko").probe("horse") == "말이 있습니까?"


def test_unknown_language_lists_the_available_ones() -> None:
    with pytest.raises(TaskArgumentError, match="de, es") as error:
        load_language("tlh")
    assert "how-to" in str(error.value)


def test_missing_object_and_form_are_named() -> None:
    de = load_language("de")
    with pytest.raises(TaskArgumentError, match="'giraffe'"):
        de.question("nop", "giraffe", "dog", "behind")
    assert de.missing_objects(["giraffe", "dog"]) == ["giraffe"]
    table = {
        "name": "Test",
        "provenance": {"translated_by": "a test"},
        "answers": {"yes": ["Ja"], "no": ["Nein"]},
        "system_prompt": "Ja oder Nein",
        "prompts": {"nop": "Ist {A:nom} {relation}?", "probe": "Gibt es {object}?"},
        "relations": {r: f"{r} {{B:dat}}" for r in RELATIONS},
        "objects": {"dog": {"nom": "der Hund"}, "cat": "die Katze"},
    }
    language = parse_entry("xx", table)
    assert language.question("nop", "dog", "cat", "behind") == "Ist der Hund behind die Katze?"
    with pytest.raises(
        ConfigError, match="the Test \\(xx\\) template relations.behind.*no form 'dat'"
    ):
        language.question("nop", "cat", "dog", "behind")
    with pytest.raises(ConfigError, match=r"has forms \(nom\); name one"):
        language.probe("dog")
    assert language.probe("cat") == "Gibt es die Katze?"  # a plain string serves every form


def test_only_translated_perspectives() -> None:
    with pytest.raises(TaskArgumentError, match="no 'cam' prompt"):
        load_language("es").question("cam", "basketball", "car", "behind")


def test_malformed_entries_are_rejected(monkeypatch: pytest.MonkeyPatch) -> None:
    import vpt_tasks.comfort.language as language_module

    good = dict(load_config("comfort_translations")["languages"]["nl"])
    cases = {
        "answers": {"yes": [True], "no": ["Nee"]},  # `- yes` unquoted reads as a boolean
        "relations": {"behind": "achter {B:def}"},
        "prompts": {"probe": "Is er {object:indef}?"},
        "provenance": {},
    }
    for key, value in cases.items():
        table = {"xx": {**good, key: value}}
        monkeypatch.setattr(language_module, "_table", lambda table=table: table)
        load_language.cache_clear()
        with pytest.raises(ConfigError, match="language 'xx'"):
            load_language("xx")
    load_language.cache_clear()


def test_language_dataclass_answer_pool_is_first_words() -> None:
    spec = load_spec()
    language = Language(
        code="xx", name="X", system_prompt="s", prompts=spec.prompts, relations=spec.relations,
        yes_words=("Aye", "yes"), no_words=("Nay",),
    )  # fmt: skip
    assert language.answer_pool == ("Aye", "Nay")

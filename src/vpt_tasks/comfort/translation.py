"""Where a run's words come from: the paper, the table, or the translator model role.

What: `language_for_run(code)` is what the COMFORT tasks call for `-T language`.
In order of precedence:

1. `en`: the paper's prompts (`task_configs/comfort.yaml`);
2. an entry of `task_configs/comfort_translations.yaml` (hand-written, or a
   model translation frozen there with `vpt-tasks translations import`);
3. a cached translation (`translation_cache`) by the bound translator model
   (`--model-role translator=...`), or without one the newest cached translation
   that passed its check;
4. a new translation by the translator model: the entry, then its
   back-translation and check (`translation_check`), cached either way.

A translation that failed the check is refused with its reasons, as the paper
dropped such languages; so is a code with no source at all, with the ways to
get one.

When: while Inspect builds the task -- inside the eval, with the model roles
bound, before any sample runs -- so a refusal stops `inspect eval` before the
first sample, and every sample is built with its final question. A lock
(across processes) makes concurrent builds translate a language once.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType

from inspect_ai.model import Model

from vpt_tasks.comfort.language import (
    ENGLISH,
    Language,
    in_table,
    load_language,
    parse_entry,
    table_file,
)
from vpt_tasks.comfort.paper_languages import dropped_languages, paper_languages
from vpt_tasks.comfort.spec import load_spec
from vpt_tasks.comfort.translation_cache import (
    TranslationRecord,
    find_record,
    lock,
    read_record,
    write_record,
)
from vpt_tasks.comfort.translation_check import assess, check_items, structural_problems
from vpt_tasks.comfort.translator import (
    TRANSLATOR_ROLE,
    back_translate,
    bound_translator,
    fresh_model,
    run_blocking,
    translate_entry,
)
from vpt_tasks.core.errors import TaskArgumentError

__all__ = ["TranslationRefused", "language_for_run", "source_of", "translate"]

logger = logging.getLogger(__name__)


class TranslationRefused(TaskArgumentError):
    """The language's translation failed the back-translation check (or cannot be had)."""


def language_for_run(code: str) -> Language:
    """The `Language` of `-T language=<code>`, from the first source that has it (see module)."""
    key = str(code).strip().lower()
    if key == ENGLISH or in_table(key):
        return load_language(key)
    paper = paper_languages()
    if key not in paper:
        if key in dropped_languages():
            raise TaskArgumentError(
                f"-T language={code}: the paper dropped {dropped_languages()[key]} (its answers "
                "did not follow the yes/no instruction or its translation failed the "
                "back-translation check), so it is not offered; the paper's 109 languages are "
                "listed by `vpt-tasks tasks comfort_car`."
            )
        load_language(key)  # raises, listing what is available
    name = paper[key].name
    translator = bound_translator()
    with lock(key):
        record = find_record(key, str(translator) if translator is not None else None)
        origin = "cache"
        if record is None:
            if translator is None:
                raise TaskArgumentError(
                    f"-T language={key}: {name} has no entry in "
                    "task_configs/comfort_translations.yaml and no cached translation; bind a "
                    f"translator model to translate it (--model-role {TRANSLATOR_ROLE}="
                    "openai/gpt-4o; checked by back-translation and cached), or import a "
                    "reviewed entry (`vpt-tasks translations import FILE`)."
                )
            record = translate(key, name, translator)
            origin = "translator"
    if not record.passed:
        raise TranslationRefused(refusal(record))
    if origin == "cache":
        logger.info(
            "vpt_tasks: %s (%s) from the cached translation by %s of %s (%s).",
            name,
            key,
            record.translator,
            record.date,
            record.path,
        )
    language = record.language(origin)
    where = {"translator": record.translator, "date": record.date, "cache_file": str(record.path)}
    return replace(language, provenance=MappingProxyType({**language.provenance, **where}))


def refusal(record: TranslationRecord) -> str:
    """The message refusing a language whose translation failed the check."""
    shown = "; ".join(record.problems[:3])
    more = f"; and {len(record.problems) - 3} more" if len(record.problems) > 3 else ""
    failed = (
        "failed the back-translation check"
        if record.items
        else "cannot render every question, probe and answer (so it was not back-translated)"
    )
    return (
        f"-T language={record.code}: the {record.name} translation by {record.translator} "
        f"({record.date}) {failed}, so it is not used (the paper dropped such languages): "
        f"{shown}{more}. The translation"
        + (" and every text's back-translation" if record.items else "")
        + f": {record.path}. To use {record.name} anyway, correct the entry and import it "
        "(`vpt-tasks translations export --include-refused` writes it for review, "
        "`vpt-tasks translations import FILE` adds it to the table), or delete that file "
        "to ask the translator again."
    )


def translate(code: str, name: str, translator: Model) -> TranslationRecord:
    """Translate, back-translate and check `code` with `translator`; cache and return the record."""
    vocabulary = load_spec().multilingual
    model_name = str(translator)
    logger.warning(
        "vpt_tasks: translating the COMFORT prompts into %s (%s) with the translator model %s, "
        "then back-translating them to check; cached for later runs.",
        name,
        code,
        model_name,
    )
    provenance = {"translated_by": f"{model_name} (translator model role)"}

    async def work() -> tuple[dict, str, dict | None, str | None]:
        async with fresh_model(translator) as model:
            entry, reply = await translate_entry(model, code, name, vocabulary)
            full = {"name": name, "provenance": provenance, **entry}
            if structural_problems(code, full, vocabulary):
                return entry, reply, None, None
            language = parse_entry(code, full, where=f"the {name} translation")
            texts = {item.key: item.text for item in check_items(language, vocabulary)}
            back, back_reply = await back_translate(model, name, texts, vocabulary)
            return entry, reply, back, back_reply

    entry, reply, back, back_reply = run_blocking(work)
    judged, problems = assess(code, name, entry, back, vocabulary)
    items = [item.as_record() for item in judged]
    record = TranslationRecord(
        code=code,
        name=name,
        translator=model_name,
        date=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        entry=entry,
        passed=not problems,
        problems=tuple(problems),
        items=tuple(items),
        replies={"translation": reply, **({"back_translation": back_reply} if back_reply else {})},
    )
    return write_record(record)


def source_of(language: Language) -> dict[str, object]:
    """The task metadata saying where the run's words came from (`language_source`)."""
    source: dict[str, object] = {"origin": language.origin, "code": language.code}
    if language.origin == "paper":
        source["detail"] = "task_configs/comfort.yaml (the paper's Table 1 prompts)"
    elif language.origin == "table":
        source["detail"] = table_file(language.code)
        source["translated_by"] = language.provenance.get("translated_by")
        source["native_speaker_review"] = language.provenance.get("native_speaker_review")
    else:
        source["detail"] = (
            "translated for this run by the translator model role"
            if language.origin == "translator"
            else "a cached translation by the translator model role"
        )
        record = read_record(Path(str(language.provenance.get("cache_file"))))
        if record is None:
            source.update({k: language.provenance.get(k) for k in ("translator", "date")})
        else:
            source.update(record.summary())
    return source

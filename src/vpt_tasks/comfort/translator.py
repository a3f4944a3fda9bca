"""The `translator` model role: translate COMFORT's words into a language, and back.

What: `translate_entry(model, code, name)` asks the translator for one table entry
in the format of `task_configs/comfort_translations.yaml` (system prompt,
templates, relation phrases, object names with their grammatical forms, Yes/No
words); `back_translate(model, name, texts)` asks it, in a fresh conversation, to
translate the rendered texts back into English. `run_blocking(fn)` runs such a
coroutine from synchronous code -- the task function -- on a private event loop.

Why: translations come from a model bound the way Inspect binds every helper
model (`--model-role translator=openai/gpt-4o`, `get_model(role="translator")`),
never from a translation service of our own, and never over a network path
other than Inspect's provider. Inspect builds tasks inside the eval, with the
roles bound but its event loop already running, so the calls run on a worker
thread's own loop, through a fresh instance of the role's model (same provider,
model, base URL, key, arguments and config) that is closed afterwards: nothing of
that loop outlives it, and the eval's own role model is never touched from
another loop.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from inspect_ai.model import (
    ChatMessageSystem,
    ChatMessageUser,
    GenerateConfig,
    Model,
    get_model,
)

from vpt_tasks.comfort.language import ENGLISH, load_language
from vpt_tasks.comfort.spec import Multilingual
from vpt_tasks.core.config import load_config
from vpt_tasks.core.errors import VPTError

__all__ = [
    "TRANSLATOR_ROLE",
    "TranslatorError",
    "back_translate",
    "back_translation_prompt",
    "bound_translator",
    "run_blocking",
    "translate_entry",
    "translation_prompt",
]

TRANSLATOR_ROLE = "translator"

T = TypeVar("T")

_SYSTEM = (
    "You are a careful professional translator. You translate the prompts of a study of "
    "spatial language in vision-language models. You reply with JSON only."
)

_EXAMPLE_OBJECTS = ("red sphere", "blue sphere", "dog")


class TranslatorError(VPTError):
    """The translator's reply could not be used (not JSON, not the expected shape)."""


def bound_translator() -> Model | None:
    """The model bound to the `translator` role in the eval being set up, else None."""
    from inspect_ai.model import model_roles

    try:
        roles = model_roles()
    except LookupError:
        return None
    found = roles.get(TRANSLATOR_ROLE)
    if isinstance(found, list):
        found = found[0] if found else None
    return found


def run_blocking(fn: Callable[[], Awaitable[T]]) -> T:
    """Run the coroutine function `fn` to completion from synchronous code.

    Without a running event loop it runs on a new one; inside one (Inspect builds the
    task while its loop runs) it runs on a worker thread's own loop, and this call
    waits for it.
    """
    import asyncio

    import anyio

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return anyio.run(fn)
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="vpt-translator") as pool:
        return pool.submit(anyio.run, fn).result()


def fresh_model(model: Model) -> Model:
    """A new, unshared instance of `model` (same provider, name, base URL, key and config)."""
    return get_model(
        str(model),
        config=model.config,
        base_url=model.api.base_url,
        api_key=model.api.api_key,
        memoize=False,
        **model.model_args,
    )


def translation_prompt(code: str, name: str, vocabulary: Multilingual) -> str:
    """The user message asking for one table entry in `name`."""
    english = load_language(ENGLISH)
    source = {
        "system_prompt": english.system_prompt,
        "answers": {"yes": list(english.yes_words), "no": list(english.no_words)},
        "prompts": {"nop": english.prompts["nop"], "probe": english.prompts["probe"]},
        "relations": {
            relation: f"{phrase} {{B}}" for relation, phrase in english.relations.items()
        },
        "objects": list(vocabulary.objects),
    }
    example = _example_entry()
    return "\n".join(
        [
            f"Translate the English prompts below into {name} (language code {code}).",
            "",
            "A model sees a picture and is asked yes/no questions such as "
            '"Is the red sphere to the left of the blue sphere?". Translate so that a native '
            f"speaker of {name} reads the same question: the same two objects in the same roles, "
            "the same spatial relation, and a yes/no answer. Translate naturally, not word for "
            "word, but do not add or drop anything.",
            "",
            "Reply with ONE JSON object with exactly these keys:",
            '- "system_prompt": the instruction, naming the two answer words of '
            f"{name} in quotation marks;",
            f'- "answers": {{"yes": [...], "no": [...]}}: the {name} words for Yes and No, '
            "the usual one first (the one the system prompt names), then real variants only "
            "(e.g. without accents);",
            '- "prompts": {"nop": ..., "probe": ...}: the two question templates;',
            '- "relations": the four relation phrases, each with the placeholder of the second '
            "object;",
            '- "objects": every object name.',
            "",
            "Placeholders: {A} is the first object (the one that moves), {B} the second object "
            "(it appears inside each relation phrase), {relation} the relation phrase, {object} "
            "the object of the probe question. Keep them, in the place the grammar of "
            f"{name} needs. If a noun phrase changes with its role (article, case, particle, "
            "contraction), give that object as a mapping of forms and choose the form in the "
            "placeholder, e.g. {A:nom}, {B:dat}, {object:indef}; every object must then have "
            "every form the templates use. A plain string serves every form. Use no other "
            "placeholders.",
            "",
            "Example of an answer, for German (with fewer objects):",
            json.dumps(example, ensure_ascii=False, indent=1),
            "",
            "English source:",
            json.dumps(source, ensure_ascii=False, indent=1),
        ]
    )


def back_translation_prompt(name: str, texts: Mapping[str, str]) -> str:
    """The user message asking for the English of each text (a fresh conversation)."""
    return "\n".join(
        [
            f"Translate each of the following {name} texts into English, as literally as "
            "possible while staying readable. Do not correct, improve or explain them; translate "
            "words in quotation marks too.",
            "Reply with ONE JSON object with the same keys, each mapped to its English "
            "translation.",
            "",
            json.dumps(dict(texts), ensure_ascii=False, indent=1),
        ]
    )


async def translate_entry(
    model: Model, code: str, name: str, vocabulary: Multilingual
) -> tuple[dict[str, Any], str]:
    """(the translated entry, the raw reply) from the translator."""
    reply = await _ask(model, translation_prompt(code, name, vocabulary), vocabulary)
    entry = parse_json_object(reply, "translation")
    wanted = ("system_prompt", "answers", "prompts", "relations", "objects")
    missing = [key for key in wanted if key not in entry]
    if missing:
        raise TranslatorError(
            f"the translator's reply has no {', '.join(missing)} (reply: {_excerpt(reply)})"
        )
    return {key: entry[key] for key in wanted}, reply


async def back_translate(
    model: Model, name: str, texts: Mapping[str, str], vocabulary: Multilingual
) -> tuple[dict[str, Any], str]:
    """(key -> English, the raw reply) for `texts`, asked in a conversation of its own."""
    reply = await _ask(model, back_translation_prompt(name, texts), vocabulary)
    return parse_json_object(reply, "back-translation"), reply


async def _ask(model: Model, prompt: str, vocabulary: Multilingual) -> str:
    config = GenerateConfig(temperature=vocabulary.temperature, max_tokens=vocabulary.max_tokens)
    output = await model.generate(
        [ChatMessageSystem(content=_SYSTEM), ChatMessageUser(content=prompt)], config=config
    )
    if output.error:
        raise TranslatorError(f"the translator model failed: {output.error}")
    return output.completion


_FENCE = re.compile(r"^```[a-zA-Z]*\s*|\s*```\s*$")


def parse_json_object(reply: str, what: str) -> dict[str, Any]:
    """The JSON object in a reply (a ```json fence and text around the object are allowed)."""
    text = _FENCE.sub("", reply.strip())
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        raise TranslatorError(f"the translator's {what} is not a JSON object: {_excerpt(reply)}")
    try:
        value = json.loads(text[start : end + 1])
    except ValueError as error:
        raise TranslatorError(
            f"the translator's {what} is not valid JSON ({error}): {_excerpt(reply)}"
        ) from None
    if not isinstance(value, dict):
        raise TranslatorError(f"the translator's {what} is not a JSON object: {_excerpt(reply)}")
    return value


def _excerpt(text: str, limit: int = 200) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[:limit] + "...")


def _example_entry() -> dict[str, Any]:
    """The German entry of the table (a few objects), as the translator's worked example."""
    entry = load_config("comfort_translations")["languages"]["de"]
    return {
        "system_prompt": entry["system_prompt"],
        "answers": entry["answers"],
        "prompts": entry["prompts"],
        "relations": entry["relations"],
        "objects": {name: entry["objects"][name] for name in _EXAMPLE_OBJECTS},
    }

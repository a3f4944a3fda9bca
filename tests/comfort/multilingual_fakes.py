"""A fake translator for the multilingual tests, served by the local OpenAI-compatible server.

`FakeTranslator` answers the two requests of `vpt_tasks.comfort.translator` the way a
translator model would: the translation request with a fixed Swahili table entry,
the back-translation request by translating each text back with a small
Swahili -> English lexicon (longest phrase first), so that a wrong word in the
entry comes back wrong in English -- the check sees what a real back-translation
would show. It counts the requests of each kind.
"""

from __future__ import annotations

import copy
import json
import re
import threading
from typing import Any

from tests.fakes.openai_server import Reply, last_user_text

SWAHILI: dict[str, Any] = {
    "system_prompt": ('Utapewa picha na swali, tafadhali jibu swali kwa "Ndiyo" au "Hapana" tu'),
    "answers": {"yes": ["Ndiyo"], "no": ["Hapana"]},
    "prompts": {"nop": "Je, {A} iko {relation}?", "probe": "Je, kuna {object}?"},
    "relations": {
        "infrontof": "mbele ya {B}",
        "behind": "nyuma ya {B}",
        "totheleft": "kushoto ya {B}",
        "totheright": "kulia ya {B}",
    },
    "objects": {
        "red sphere": "tufe jekundu",
        "blue sphere": "tufe la buluu",
        "yellow sphere": "tufe la njano",
        "green sphere": "tufe la kijani",
        "yellow box": "sanduku la njano",
        "blue box": "sanduku la buluu",
        "basketball": "mpira wa kikapu",
        "woman": "mwanamke",
        "horse": "farasi",
        "bench": "benchi",
        "laptop": "kompyuta mpakato",
        "duck": "bata",
        "chair": "kiti",
        "dog": "mbwa",
        "sofa": "sofa",
        "bed": "kitanda",
        "bicycle": "baiskeli",
        "car": "gari",
    },
}
"""The entry the fake translator returns for Swahili (words a tester can check by eye)."""

LEXICON: dict[str, str] = {
    'Utapewa picha na swali, tafadhali jibu swali kwa "Ndiyo" au "Hapana" tu': (
        'You will be given a picture and a question, please answer the question with "Yes" or '
        '"No" only'
    ),
    "Je, kuna ": "Is there any ",
    "Je, ": "Is the ",
    " iko ": " ",
    "mbele ya ": "in front of the ",
    "nyuma ya ": "behind the ",
    "kushoto ya ": "to the left of the ",
    "kulia ya ": "to the right of the ",
    "Ndiyo": "Yes",
    "Hapana": "No",
    "tufe jekundu": "red sphere",
    "tufe la buluu": "blue sphere",
    "tufe la njano": "yellow sphere",
    "tufe la kijani": "green sphere",
    "sanduku la njano": "yellow box",
    "sanduku la buluu": "blue box",
    "mpira wa kikapu": "basketball",
    "mwanamke": "woman",
    "farasi": "horse",
    "benchi": "bench",
    "kompyuta mpakato": "laptop",
    "bata": "duck",
    "kiti": "chair",
    "mbwa": "dog",
    "sofa": "sofa",
    "kitanda": "bed",
    "baiskeli": "bicycle",
    "gari": "car",
}


def back_translate(text: str) -> str:
    """English of a Swahili text, phrase by phrase (longest phrases first)."""
    pattern = re.compile("|".join(re.escape(k) for k in sorted(LEXICON, key=len, reverse=True)))
    return pattern.sub(lambda m: LEXICON[m.group(0)], text)


class FakeTranslator:
    """Responder of the fake translator (see module); `entry` can be altered per test."""

    def __init__(self, entry: dict[str, Any] | None = None, *, fence: bool = False) -> None:
        self.entry = copy.deepcopy(entry or SWAHILI)
        self.fence = fence
        self.calls = {"translation": 0, "back_translation": 0}
        self.prompts: list[str] = []
        self._lock = threading.Lock()

    def __call__(self, request: dict[str, Any]) -> Reply:
        text = last_user_text(request)
        with self._lock:
            self.prompts.append(text)
        if text.startswith("Translate the English prompts below into"):
            with self._lock:
                self.calls["translation"] += 1
            body = json.dumps(self.entry, ensure_ascii=False)
            return Reply(f"```json\n{body}\n```" if self.fence else body)
        if text.startswith("Translate each of the following"):
            with self._lock:
                self.calls["back_translation"] += 1
            texts = json.loads(text[text.index("{") : text.rindex("}") + 1])
            return Reply(json.dumps({k: back_translate(v) for k, v in texts.items()}))
        raise AssertionError(f"the translator got an unexpected request: {text[:80]!r}")

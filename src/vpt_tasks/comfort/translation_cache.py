"""Machine translations of COMFORT's words, cached with their provenance.

What: one JSON file per language and translator model,
`$VPT_TASKS_CACHE/comfort_translations/<code>/<model>.json`, holding a
`TranslationRecord`: the translated table entry, every back-translated text
with its check outcome, the check's verdict, the translator model, the date,
the translator's raw replies and a SHA-256 of all of it. `find_record` returns
the record a run reuses; `write_record` stores one atomically.

A record proves itself: on every read its hash is checked and its verdict is
recomputed from its own evidence (the entry and the back-translations, through
`translation_check.assess`, the code a run decides with). A record without
evidence, edited after it was written, or whose verdict does not follow from its
evidence is a miss -- warned about and ignored, as if it were not there.

Why: a language is translated once per translator model and then reused without
a model call, and a translation's history stays inspectable -- what was asked,
what came back, why it was accepted or refused -- for the log, the report and
`vpt-tasks translations export`, which freezes a record into the hand-reviewed
table.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vpt_tasks._version import __version__
from vpt_tasks.comfort.language import Language, parse_entry
from vpt_tasks.core.cache import default_cache_dir, writing
from vpt_tasks.core.errors import VPTError

__all__ = [
    "CACHE_FOLDER",
    "TranslationRecord",
    "cache_root",
    "find_record",
    "lock",
    "read_record",
    "read_records",
    "record_path",
    "write_record",
]

logger = logging.getLogger(__name__)

CACHE_FOLDER = "comfort_translations"
FORMAT = 2
"""2: with `sha256`, and verified on read (format 1 records are misses: translated again)."""
METHOD = (
    "machine translation by the translator model role of vpt_tasks (one request for the "
    "table entry; objects inflected per slot where the model gave forms)"
)
CHECK = (
    "back-translation into English by the same model in a separate request, compared "
    "automatically: every question must name the same two objects in the same order and the "
    "same relation, every probe its object, the system prompt Yes and No, each answer word "
    "its meaning (vpt_tasks.comfort.translation_check)"
)


@dataclass(frozen=True)
class TranslationRecord:
    """One language translated by one translator model, with its back-translation check."""

    code: str
    name: str
    translator: str
    date: str
    entry: Mapping[str, Any]
    """The table entry (system_prompt, answers, prompts, relations, objects)."""
    passed: bool
    problems: tuple[str, ...]
    """Why the check failed (empty when it passed)."""
    items: tuple[Mapping[str, Any], ...] = ()
    """Every back-translated text: key, kind, text, expected, back_translation, ok, problems."""
    replies: Mapping[str, str] = field(default_factory=dict)
    """The translator's raw replies (`translation`, `back_translation`)."""
    vpt_tasks_version: str = __version__
    path: Path | None = None
    """The cache file it was read from or written to."""

    def provenance(self) -> dict[str, Any]:
        """The table entry's `provenance`: who translated it, how, how it was checked."""
        return {
            "translated_by": f"{self.translator} (translator model role), {self.date}",
            "translator": self.translator,
            "date": self.date,
            "method": METHOD,
            "checked_by": CHECK,
            "check_passed": self.passed,
            "native_speaker_review": False,
        }

    def language(self, origin: str) -> Language:
        """The `Language` of this translation (`origin`: `translator` or `cache`)."""
        return parse_entry(
            self.code,
            self.table_entry(),
            where=f"the {self.name} translation by {self.translator} ({self.path})",
            origin=origin,
        )

    def example(self) -> dict[str, str] | None:
        """The table's `back_translation.example`: the red sphere to the left of the blue sphere
        (else the first question) and its back-translation."""
        from vpt_tasks.comfort.language import ENGLISH, load_language

        wanted = load_language(ENGLISH).question("nop", "red sphere", "blue sphere", "totheleft")
        questions = [
            i for i in self.items if i.get("kind") == "question" and i.get("back_translation")
        ]
        for item in sorted(questions, key=lambda i: i.get("expected") != wanted):
            return {"text": str(item["text"]), "english": str(item["back_translation"])}
        return None

    def table_entry(self) -> dict[str, Any]:
        """The entry in the table's format, with provenance and back-translation."""
        entry: dict[str, Any] = {"name": self.name, "provenance": self.provenance()}
        entry.update({key: self.entry[key] for key in self.entry})
        system = next(
            (i.get("back_translation") for i in self.items if i.get("kind") == "system"), None
        )
        entry["back_translation"] = {
            "system_prompt": system,
            "example": self.example(),
            "checked": {
                "passed": self.passed,
                "items": len(self.items),
                "problems": list(self.problems),
            },
        }
        return entry

    def summary(self) -> dict[str, Any]:
        """What the log's task metadata records about the translation."""
        return {
            "translator": self.translator,
            "date": self.date,
            "check_passed": self.passed,
            "problems": list(self.problems),
            "checked_items": len(self.items),
            "cache_file": str(self.path) if self.path else None,
            "back_translation": [dict(i) for i in self.items],
            "entry": dict(self.entry),
        }

    def to_json(self) -> dict[str, Any]:
        content = self._content()
        return {**content, "sha256": _digest(content)}

    def _content(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "code": self.code,
            "name": self.name,
            "translator": self.translator,
            "date": self.date,
            "vpt_tasks_version": self.vpt_tasks_version,
            "check": {"passed": self.passed, "problems": list(self.problems)},
            "entry": dict(self.entry),
            "back_translation": [dict(i) for i in self.items],
            "replies": dict(self.replies),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], path: Path | None = None) -> TranslationRecord:
        """The record `data` holds, verified (ValueError saying why it is not one)."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            found = data.get("format") if isinstance(data, Mapping) else None
            raise ValueError(f"not a translation record of format {FORMAT} (format {found!r})")
        content = {k: v for k, v in data.items() if k != "sha256"}
        if data.get("sha256") != _digest(content):
            raise ValueError("its sha256 does not match its content (edited after it was written)")
        check = data["check"]
        record = cls(
            code=str(data["code"]),
            name=str(data["name"]),
            translator=str(data["translator"]),
            date=str(data["date"]),
            entry=dict(data["entry"]),
            passed=bool(check["passed"]),
            problems=tuple(str(p) for p in check["problems"]),
            items=tuple(dict(i) for i in data.get("back_translation") or ()),
            replies={str(k): str(v) for k, v in (data.get("replies") or {}).items()},
            vpt_tasks_version=str(data.get("vpt_tasks_version") or ""),
            path=path,
        )
        record.verify()
        return record

    def verify(self) -> None:
        """Raise ValueError unless the stored verdict follows from the stored evidence."""
        from vpt_tasks.comfort.spec import load_spec
        from vpt_tasks.comfort.translation_check import assess

        back = {str(i.get("key")): i.get("back_translation") for i in self.items} or None
        judged, problems = assess(self.code, self.name, self.entry, back, load_spec().multilingual)
        if self.passed and not self.items:
            raise ValueError("it says the check passed but holds no back-translation")
        asked = [(i.key, i.text) for i in judged]
        stored = [(str(i.get("key")), i.get("text")) for i in self.items]
        if self.items and asked != stored:
            raise ValueError("its back-translated texts are not the texts of its entry")
        if self.passed != (not problems):
            verdict = "passed" if not problems else f"fails ({problems[0]})"
            raise ValueError(
                f"it says the check {'passed' if self.passed else 'failed'}, but its own "
                f"evidence {verdict}"
            )


def _digest(content: Mapping[str, Any]) -> str:
    text = json.dumps(content, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def cache_root() -> Path:
    """The folder of the cached translations."""
    return default_cache_dir() / CACHE_FOLDER


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "model"


def record_path(code: str, translator: str) -> Path:
    """Where the translation of `code` by `translator` is cached."""
    return cache_root() / _slug(code.lower()) / f"{_slug(translator)}.json"


def write_record(record: TranslationRecord) -> TranslationRecord:
    """Store `record` atomically; the record with its path."""
    path = record_path(record.code, record.translator)
    stored = TranslationRecord(**{**record.__dict__, "path": path})
    with writing(path, f"the {record.name} translation"):
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=path.parent, suffix=".tmp", delete=False
        ) as handle:
            json.dump(stored.to_json(), handle, ensure_ascii=False, indent=1)
        os.replace(handle.name, path)
    return stored


def read_records(code: str | None = None) -> list[TranslationRecord]:
    """Every cached record (of `code`), newest first; an unreadable file is warned about."""
    root = cache_root()
    folders: Sequence[Path] = (
        [root / _slug(code.lower())] if code else sorted(p for p in root.glob("*") if p.is_dir())
    )
    records = list(_read(folders))
    return sorted(records, key=lambda r: r.date, reverse=True)


def _read(folders: Sequence[Path]) -> Iterator[TranslationRecord]:
    for folder in folders:
        for path in sorted(folder.glob("*.json")):
            record = read_record(path)
            if record is not None:
                yield record


def read_record(path: Path) -> TranslationRecord | None:
    """The verified record in `path`; None (warned about) when it is no such record."""
    try:
        return TranslationRecord.from_json(json.loads(path.read_text(encoding="utf-8")), path)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, VPTError) as error:
        logger.warning(
            "vpt_tasks: the cached translation %s is not used: %s. It is treated as absent "
            "(a bound translator translates again; delete the file to silence this).",
            path,
            str(error)[:300],
        )
        return None


def find_record(code: str, translator: str | None) -> TranslationRecord | None:
    """The cached translation a run reuses.

    With a translator bound: its own translation of `code`, if cached. Without one: the
    newest translation of `code` that passed the check, else the newest refused one (so
    that the refusal is repeated with its reason).
    """
    if translator is not None:
        path = record_path(code, translator)
        return next((r for r in read_records(code) if r.path == path), None)
    records = read_records(code)
    return next((r for r in records if r.passed), records[0] if records else None)


def lock(code: str) -> Any:
    """A lock (across processes) held while `code` is translated and cached."""
    from filelock import FileLock

    folder = cache_root() / _slug(code.lower())
    with writing(folder, "a translation lock"):
        folder.mkdir(parents=True, exist_ok=True)
    return FileLock(str(folder / ".lock"))

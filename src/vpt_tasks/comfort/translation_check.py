"""The paper's quality control of a machine translation: back-translate, then compare.

What: `structural_problems(code, entry)` says what keeps a translated table entry
from rendering every question (a missing form, a stray placeholder, Yes/No words
the system prompt does not name); `check_items(language, vocabulary)` lists the
texts to back-translate into English (every question of the `check_pairs` with
every relation, every probe, the system prompt and each answer word), each with
what it must still say; `judge(item, english, vocabulary)` compares one
back-translation with that.

Why: a translation is used only if its back-translation still names the same two
objects, in the same roles, and the same relation -- a question about "left"
that comes back as "right", or with its objects swapped, would invert the curve
the run measures. The comparison is deterministic (word lists in
`task_configs/comfort.yaml` `multilingual`), so a refusal names the item and the
words that were missing, and a test can reproduce it. It is deliberately strict:
a correct translation whose back-translation reorders the question is refused
too, visibly, and can still be hand-reviewed into the table.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from vpt_tasks.comfort.geometry import RELATIONS
from vpt_tasks.comfort.language import ENGLISH, Language, load_language, parse_entry
from vpt_tasks.comfort.spec import Multilingual
from vpt_tasks.core.errors import VPTError

__all__ = [
    "CheckItem",
    "assess",
    "check_items",
    "judge",
    "judge_all",
    "language_problems",
    "structural_problems",
]

_WORD = re.compile(r"\w+", re.UNICODE)
_COLOUR_WINDOW = 3
"""A colour counts for a noun when it is among the three words before it ("red shiny ball")."""


@dataclass(frozen=True)
class CheckItem:
    """One translated text, what it must say, and (once judged) its back-translation."""

    key: str
    """Its id in the back-translation request: `q01`, `p01`, `system`, `yes1`, `no1`."""
    kind: str
    """`question`, `probe`, `system`, `yes` or `no`."""
    text: str
    """The translated text."""
    expected: str
    """The English original."""
    referent: str | None = None
    relatum: str | None = None
    relation: str | None = None
    obj: str | None = None
    english: str | None = None
    """The back-translation (None until judged)."""
    problems: tuple[str, ...] = field(default_factory=tuple)

    def as_record(self) -> dict[str, Any]:
        """The item as the cache and the log store it."""
        return {
            "key": self.key,
            "kind": self.kind,
            "text": self.text,
            "expected": self.expected,
            "back_translation": self.english,
            "ok": not self.problems,
            "problems": list(self.problems),
        }


def assess(
    code: str,
    name: str,
    entry: Mapping[str, Any],
    back: Mapping[str, Any] | None,
    vocabulary: Multilingual,
) -> tuple[list[CheckItem], list[str]]:
    """The whole check of a translated `entry` from its evidence: (every judged item, the
    problems; none means it passed). `back` is the back-translation by item key, None when
    the entry could not be rendered to be back-translated. A run and a cache read both
    decide through here, so a stored verdict is never trusted, only recomputed."""
    full = {"name": name, "provenance": {"translated_by": "(assessed)"}, **entry}
    problems = structural_problems(code, full, vocabulary)
    if problems:
        return [], problems
    if back is None:
        return [], ["it was never back-translated"]
    language = parse_entry(code, full, where=f"the {name} translation")
    judged = judge_all(check_items(language, vocabulary), back, vocabulary, language)
    problems = [
        f"{item.key} {item.text!r} came back as {item.english!r}: {'; '.join(item.problems)}"
        for item in judged
        if item.problems
    ]
    return judged, problems + language_problems(language, judged, vocabulary.scripts)


def structural_problems(code: str, entry: Mapping[str, Any], vocabulary: Multilingual) -> list[str]:
    """What keeps `entry` (a table entry) from rendering every question, probe and answer."""
    try:
        language = parse_entry(code, entry)
    except VPTError as error:
        return [str(error)]
    problems = []
    for referent, relatum in vocabulary.check_pairs:
        texts: list[str] = []
        for relation in RELATIONS:
            try:
                text = language.question("nop", referent, relatum, relation)
            except (VPTError, KeyError, IndexError, ValueError, AttributeError) as error:
                problems.append(
                    f"the question ({referent}, {relation}, {relatum}) does not render: "
                    f"{type(error).__name__}: {error}"
                )
                continue
            if "{" in text or "}" in text:
                problems.append(
                    f"the question ({referent}, {relation}, {relatum}) keeps a brace: {text!r}"
                )
            texts.append(text)
        if len(texts) == len(RELATIONS) and len(set(map(str.casefold, texts))) < len(RELATIONS):
            problems.append(f"two relations read the same for ({referent}, {relatum}): {texts}")
    for obj in vocabulary.objects:
        try:
            text = language.probe(obj)
        except (VPTError, KeyError, IndexError, ValueError, AttributeError) as error:
            problems.append(
                f"the probe of {obj!r} does not render: {type(error).__name__}: {error}"
            )
            continue
        if "{" in text or "}" in text:
            problems.append(f"the probe of {obj!r} keeps a brace: {text!r}")
    yes = {w.casefold() for w in language.yes_words}
    no = {w.casefold() for w in language.no_words}
    if yes & no:
        problems.append(f"words in both the yes and the no list: {', '.join(sorted(yes & no))}")
    system = language.system_prompt.casefold()
    for word in language.answer_pool:
        if word.casefold() not in system:
            problems.append(f"the system prompt does not name the answer word {word!r}")
    return problems


def check_items(language: Language, vocabulary: Multilingual) -> list[CheckItem]:
    """The texts to back-translate, each with what it must still say."""
    english = load_language(ENGLISH)
    items: list[CheckItem] = []
    for referent, relatum in vocabulary.check_pairs:
        for relation in RELATIONS:
            items.append(
                CheckItem(
                    key=f"q{len(items) + 1:02d}",
                    kind="question",
                    text=language.question("nop", referent, relatum, relation),
                    expected=english.question("nop", referent, relatum, relation),
                    referent=referent,
                    relatum=relatum,
                    relation=relation,
                )
            )
    for index, obj in enumerate(vocabulary.objects, start=1):
        items.append(
            CheckItem(
                key=f"p{index:02d}",
                kind="probe",
                text=language.probe(obj),
                expected=english.probe(obj),
                obj=obj,
            )
        )
    items.append(CheckItem("system", "system", language.system_prompt, english.system_prompt))
    for kind, words, original in (
        ("yes", language.yes_words, english.yes_words[0]),
        ("no", language.no_words, english.no_words[0]),
    ):
        for index, word in enumerate(words, start=1):
            items.append(CheckItem(f"{kind}{index}", kind, word, original))
    return items


def judge_all(
    items: Sequence[CheckItem],
    back: Mapping[str, Any],
    vocabulary: Multilingual,
    language: Language,
) -> list[CheckItem]:
    """Every item with its back-translation (from `back`, by key) and its problems."""
    judged = []
    for item in items:
        english = back.get(item.key)
        if not isinstance(english, str) or not english.strip():
            judged.append(replace(item, english=None, problems=("no back-translation",)))
            continue
        judged.append(
            replace(
                item, english=english, problems=tuple(judge(item, english, vocabulary, language))
            )
        )
    return judged


def judge(
    item: CheckItem, english: str, vocabulary: Multilingual, language: Language | None = None
) -> list[str]:
    """What the back-translation `english` of `item` fails to say, or says beyond the
    original (empty: it passes)."""
    return _meaning_problems(item, english, vocabulary, language) + _extent_problems(
        item, english, vocabulary
    )


def _meaning_problems(
    item: CheckItem, english: str, vocabulary: Multilingual, language: Language | None
) -> list[str]:
    words = _words(english)
    if item.kind == "question":
        assert item.referent and item.relatum and item.relation
        problems = []
        where_referent = find_object(words, item.referent, vocabulary)
        where_relatum = find_object(words, item.relatum, vocabulary)
        for name, where in ((item.referent, where_referent), (item.relatum, where_relatum)):
            if where is None:
                problems.append(f"does not name the {name}")
        if where_referent is not None and where_relatum is not None:
            if where_referent == where_relatum:
                problems.append(f"names the {item.referent} and the {item.relatum} as one object")
            elif where_referent > where_relatum:
                problems.append(
                    f"names the {item.relatum} before the {item.referent} (the roles may be swapped)"
                )
        problems += _relation_problems(words, item.relation, vocabulary)
        return problems
    if item.kind == "probe":
        assert item.obj
        return (
            []
            if find_object(words, item.obj, vocabulary) is not None
            else [f"does not name the {item.obj}"]
        )
    if item.kind == "system":
        present = set(words)
        yes = set(vocabulary.answer_words["yes"]) & present
        no = {"no"} & present
        if yes and no:
            return []
        if language is not None and all(
            w.casefold() in english.casefold() for w in language.answer_pool
        ):
            return []  # the words were kept untranslated, quoted as the model must answer
        return ['does not ask for an answer of "Yes" or "No"']
    own = set(vocabulary.answer_words[item.kind])
    other = set(vocabulary.answer_words["no" if item.kind == "yes" else "yes"])
    present = set(words)
    if present & own and not present & other:
        return []
    return [f'does not mean "{item.expected}"']


def _extent_problems(item: CheckItem, english: str, vocabulary: Multilingual) -> list[str]:
    """Nothing added, nothing dropped: the back-translation has no more sentences than the
    original, names Yes/No no more often, and differs from it by at most a paraphrase's
    few words (`_PARAPHRASE`), counted over words outside the check's own vocabulary."""
    if item.kind in ("yes", "no"):
        back = _words(english)
        return [] if len(back) <= _ANSWER_WORDS else [f"is {len(back)} words for one answer word"]
    problems = []
    sentences, original = _sentences(english), _sentences(item.expected)
    if sentences > original:
        problems.append(f"has {sentences} sentences where the original has {original}")
    answers = {"yes", "no"}
    said, asked = _words(english), _words(item.expected)
    for word in sorted(answers):
        if said.count(word) > asked.count(word):
            problems.append(f'says "{word}" more often than the original')
    known = _vocabulary_words(vocabulary) | set(asked)
    added = sorted({w for w in said if w not in known and w not in _FUNCTION_WORDS})
    kept = _FUNCTION_WORDS | answers  # Yes/No: the meaning check (they may stay untranslated)
    dropped = sorted({w for w in asked if w not in said and w not in kept})
    allowed = max(_PARAPHRASE, len(asked) // 4)
    if len(added) > allowed:
        problems.append(f"adds {', '.join(added)} (more than a paraphrase's {allowed} words)")
    if len(dropped) > allowed:
        problems.append(f"drops {', '.join(dropped)} (more than a paraphrase's {allowed} words)")
    return problems


_PARAPHRASE = 3
"""Words a faithful back-translation may use that the original does not (and vice versa)."""
_ANSWER_WORDS = 2
"""An answer word comes back as at most this many words ("Yes", "Yes indeed")."""
_FUNCTION_WORDS = frozenset(
    """a an the is are was be there any some of to from in on at by with for and or
    it its this that these those does do located positioned situated placed side
    one only please you your will""".split()
)
"""Words a back-translation adds or leaves out without changing the meaning."""
_SENTENCE_END = re.compile(r"[.!?。？！]+(?=\s+\S|\s*$)")


def _sentences(text: str) -> int:
    parts = [p for p in _SENTENCE_END.split(text.strip()) if _WORD.search(p)]
    return max(1, len(parts))


def _vocabulary_words(vocabulary: Multilingual) -> set[str]:
    words: set[str] = set()
    for group in (vocabulary.synonyms, vocabulary.colours, vocabulary.relation_words):
        for values in group.values():
            for value in values:
                words |= set(_words(value))
                words |= {f"{w}s" for w in _words(value)} | {f"{w}es" for w in _words(value)}
    return words


def language_problems(
    language: Language, items: Sequence[CheckItem], scripts: Mapping
) -> list[str]:
    """Whether the translated texts are in the target language at all: written in its script
    (`multilingual.scripts`; Latin by default), and not the English original with a few words
    changed (more than `_COPIED` of their words copied from it)."""
    texts = [item for item in items if item.kind in ("question", "probe", "system")]
    letters = [ch for item in texts for ch in item.text if ch.isalpha()]
    wanted = {script for script, codes in scripts.items() if language.code in codes} or {"LATIN"}
    if letters:
        share = sum(_script(ch) in wanted for ch in letters) / len(letters)
        if share < _IN_SCRIPT:
            return [
                f"is not written in the {'/'.join(sorted(wanted)).title()} script of "
                f"{language.name} ({share:.0%} of its letters are)"
            ]
    words = [(w, set(_words(item.expected))) for item in texts for w in _words(item.text)]
    if words:
        copied = sum(w in original for w, original in words) / len(words)
        if copied > _COPIED:
            return [
                f"reads as English, not {language.name}: {copied:.0%} of its words are the "
                "English original's"
            ]
    return []


_IN_SCRIPT = 0.5
_COPIED = 0.5


def _script(ch: str) -> str:
    import unicodedata

    try:
        return unicodedata.name(ch).split()[0]
    except ValueError:
        return ""


def find_object(words: Sequence[str], name: str, vocabulary: Multilingual) -> int | None:
    """Index of the first mention of the object `name` ("red sphere") in `words`, else None.

    The noun may be any of its synonyms (or their plural); a colour must be among the
    few words before it.
    """
    *colour, noun = name.split()
    colours = [vocabulary.colours[c] for c in colour]
    for synonym in vocabulary.synonyms[noun]:
        parts = synonym.split()
        n = len(parts)
        for i in range(len(words) - n + 1):
            if words[i : i + n - 1] != parts[:-1] or not _same_noun(words[i + n - 1], parts[-1]):
                continue
            window = set(words[max(0, i - _COLOUR_WINDOW) : i])
            if all(window & set(options) for options in colours):
                return i
    return None


def _same_noun(word: str, noun: str) -> bool:
    return word in (noun, f"{noun}s", f"{noun}es")


def _relation_problems(words: Sequence[str], relation: str, vocabulary: Multilingual) -> list[str]:
    present = set(words)
    problems = []
    if not present & set(vocabulary.relation_words[relation]):
        problems.append(f'does not say "{RELATIONS[relation].text}"')
    own = set(vocabulary.relation_words[relation])
    for other, other_words in vocabulary.relation_words.items():
        found = (present & set(other_words)) - own
        if other != relation and found:
            problems.append(f'says "{", ".join(sorted(found))}" ({RELATIONS[other].text})')
    return problems


def _words(text: str) -> list[str]:
    return [w.casefold() for w in _WORD.findall(text)]

"""Answers written in another language, read in their narrowest shapes.

What: `other_language_option(text, options)` reads an option answer the English rules could
not decide for its language, in one of the languages of `task_configs/other_languages.yaml`.
It returns a letter, or None (undecided), for anything but these two shapes:

- one option letter standing at the very end of the answer, after an answer word of a
  language ("Antwort: B", "答案是B。", "Answer: D" after Chinese reasoning) or as the
  answer's own last sentence ("钢琴在我的前面。C"), and no other option letter anywhere
  in the answer, no question mark, no turn, hedge or "or" of a language ("aber", "或");
  with Yes/No options, a Yes/No word opening the answer must name the same option;
- with Yes/No options and no letter, a Yes/No word opening a one-sentence answer ("Non, je
  ne peux pas voir la voiture car elle est derrière moi."), read as below.

`other_language_components(text, kind)` reads an Isle-Brick-V2 answer the English rules found
no component in ("Sí, ambos están sobre la misma superficie.", "猫头鹰在我的左边。", "Je
regarde vers l'ouest."). It returns the components, or None (undecided) for anything but
these shapes of one sentence:

- Q3/Q6: a Yes or No word opening the answer, followed by punctuation or the end; a Yes
  with a negation anywhere after it is undecided;
- Q1/Q2: exactly one number (a word of the table or digits) in the whole answer;
- Q4/Q5: compass words all in one clause; Q7: front/back/left/right words;

or of several sentences, the last of which declares the answer (an answer word, or for a count
a total, then a colon: "图中除了人仔以外有一个物体：一只狗。共计：1个。"): that sentence's value is
read in those shapes, the signs below looked for in the whole answer;

and never when the answer has an English word, a negation (but after a No), a turn, a
hedge or an alternative of any of the languages ("aber", "peut-être", "或者"), or a question
mark. Components that exclude each other ("左右") are left undecided by the caller
(`extraction.read_components`, with its `EXCLUSIVE`).

Why apart: the English rules read English words and phrases with their scopes; these
answers are read by whole words in narrow shapes, so the two never mix. New deciding paths
(components since 2026-11-28, option letters since 2026-11-28): their precision is the
held-out rounds' first runs (`docs/reading-answers.md`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping

from pydantic import Field

from vpt_tasks.core.config import ConfigError, ConfigModel, load_model
from vpt_tasks.scorers.reading import blank

__all__ = [
    "alternation",
    "other_language_components",
    "opening_answer",
    "other_language_option",
    "stated_sides",
    "words_of",
]


class _Language(ConfigModel):
    cjk: bool = False
    prefix: bool = False
    ignore: tuple[str, ...] = ()
    other_frames: tuple[str, ...]
    first_person: tuple[str, ...]
    answer_words: tuple[str, ...]
    totals: tuple[str, ...] = ()
    joins: tuple[str, ...]
    yes_words: tuple[str, ...]
    no_words: tuple[str, ...]
    negation: tuple[str, ...]
    doubt: tuple[str, ...]
    numbers: dict[str, int]
    cardinals: dict[str, tuple[str, ...]]
    directions: dict[str, tuple[str, ...]]


class _Table(ConfigModel):
    languages: dict[str, _Language] = Field(min_length=1)


_ENGLISH = frozenset(
    "the and of it its this that with from not can does yes is are facing located".split()
)
"""English words none of the languages uses: an answer with one is read by the English rules
alone (an English answer they left undecided stays undecided)."""

_SENTENCE_BREAK = re.compile(r"[.!?。！？\n]\s*\S")
_CLAUSE_BREAK = re.compile(r"[,;:，；：、]")
_OPENING = re.compile(r"^[\s*_#>\"'“„«(]*")
_AFTER_ANSWER_WORD = re.compile(r"^\s*(?:[,.;:!，。：；！、)\-–—*]|$)")
_DIGITS = re.compile(r"\d+")
_SENTENCE = re.compile(r"[^.!?。！？\n]+")


def alternation(words: Iterable[str]) -> str:
    """`words` as one regex alternation, the longest first (so "nordosten" before "norden"),
    or a pattern that never matches when there are none."""
    return "|".join(map(re.escape, sorted(words, key=len, reverse=True))) or r"(?!)"


class _Words:
    """One language's words of one kind, found as whole words (or anywhere in `cjk`)."""

    def __init__(
        self, words: Mapping[str, object], *, cjk: bool, prefix: bool, compounds: bool = False
    ) -> None:
        self.compounds = compounds and not cjk
        self.meaning = {word.casefold(): value for word, value in words.items()}
        self.longest = sorted(self.meaning, key=len, reverse=True)
        before, after = ("", "") if cjk else (r"(?<!\w)", r"\w*" if prefix else r"(?!\w)")
        self.pattern = re.compile(f"{before}(?:{alternation(self.meaning)}){after}")
        self.prefix = prefix

    def found(self, low: str) -> Iterator[tuple[re.Match[str], object]]:
        matches = list(self.pattern.finditer(low))
        starts, ends = {m.start() for m in matches}, {m.end() for m in matches}
        for match in matches:
            if self.compounds and not _compound_of_own_words(low, match, starts, ends):
                continue
            word = match.group(0)
            if self.prefix:
                word = next(w for w in self.longest if word.startswith(w))
            yield match, self.meaning[word]

    def in_(self, low: str) -> bool:
        return self.pattern.search(low) is not None


def _compound_of_own_words(
    low: str, match: re.Match[str], starts: set[int], ends: set[int]
) -> bool:
    """Whether a word joined by a hyphen to another is joined to one of its own language's words
    of its kind: a compound is read by its parts ("северо-западу") only then, so Italian "nord"
    is not read in French "nord-ouest" (brick257-040)."""
    start, end = match.span()
    joined_after = low[end : end + 1] == "-" and low[end + 1 : end + 2].isalnum()
    joined_before = low[start - 1 : start] == "-" and low[start - 2 : start - 1].isalnum()
    return (not joined_after or end + 1 in starts) and (not joined_before or start - 1 in ends)


@functools.cache
def _table() -> _Table:
    """The languages' words, read and checked once (`_check_meanings`)."""
    table = load_model(_Table, "other_languages")
    _check_meanings(table)
    return table


@functools.cache
def _languages() -> dict[str, dict[str, _Words]]:
    readers = {}
    for code, language in _table().languages.items():
        flags = {"cjk": language.cjk, "prefix": False}
        loose = {"cjk": language.cjk, "prefix": language.prefix}
        readers[code] = {
            "ignore": _Words(dict.fromkeys(language.ignore, None), **flags),
            "other_frames": _Words(dict.fromkeys(language.other_frames, None), **loose),
            "first_person": _Words(dict.fromkeys(language.first_person, None), **flags),
            "answer": _Words(dict.fromkeys(language.answer_words, None), **flags),
            "total": _Words(dict.fromkeys(language.totals, None), **flags),
            "yes": _Words(dict.fromkeys(language.yes_words, "yes"), **flags),
            "no": _Words(dict.fromkeys(language.no_words, "no"), **flags),
            "negation": _Words(dict.fromkeys(language.negation, None), **loose),
            "doubt": _Words(dict.fromkeys(language.doubt, None), **loose),
            "count": _Words({w: (str(n),) for w, n in language.numbers.items()}, **flags),
            "cardinal": _Words(language.cardinals, **loose, compounds=True),
            "egocentric": _Words(language.directions, **loose, compounds=True),
        }
    return readers


@functools.cache
def words_of(field: str, *, cjk: bool) -> frozenset[str]:
    """One field's words in every language written with spaces (`cjk=False`: "oder",
    "antwort") or without (`cjk=True`: "或", "答案"), for the English readers' patterns."""
    return frozenset(
        word
        for language in _table().languages.values()
        if language.cjk == cjk
        for word in getattr(language, field)
    )


def _check_meanings(table: _Table) -> None:
    """A word read in two languages must mean the same in both ("este": east in es and pt)."""
    seen: dict[str, tuple[str, object]] = {}
    for code, language in table.languages.items():
        for kind in ("numbers", "cardinals", "directions"):
            for word, value in getattr(language, kind).items():
                meaning = tuple(value) if isinstance(value, tuple) else (value,)
                earlier = seen.setdefault(word.casefold(), (code, meaning))
                if earlier[1] != meaning:
                    raise ConfigError(
                        f"task_configs/other_languages.yaml: {word!r} means {meaning} in "
                        f"{code} and {earlier[1]} in {earlier[0]}; remove it from one of them."
                    )


_OPTION_LETTER = re.compile(r"(?<![A-Za-z])[A-Z](?![A-Za-z])")
_CLOSING = re.compile(r"[\s.!)\]）】」』]*")
_DECLARING = re.compile(r"(?:[:=]|是|为|為|は)?\s*[(\[（【「]?\s*$")
"""What may stand between an answer word and its letter: "答案：", "答案是", "Answer: ("."""
_ENDS_DECLARING = re.compile(r"(?<![a-z])answer$|[.!\n]$")
"""An English answer word, or a sentence's end, just before the letter ("… Answer: D", "…。C")."""


def other_language_option(text: str, options: Mapping[str, str]) -> str | None:
    """The option an answer in another language declares in its narrowest shapes, or None.

    `text` is the prepared visible answer (`reading.prepare`: "。" and "：" as ". " and ": ").
    The caller decides only when the English readers name no other option."""
    low = text.strip().casefold()
    if not low or "?" in low or "？" in low:
        return None
    languages = _languages().values()
    if any(words["doubt"].in_(low) for words in languages):
        return None  # "Antwort: B oder C", "但是……答案：A"
    by_answer = {t.strip().casefold(): letter for letter, t in options.items()}
    yes_no = {"yes", "no"} <= set(by_answer)
    found = [m for m in _OPTION_LETTER.finditer(text) if m.group(0) in options]
    if not found:
        if yes_no:
            return _option_read(text, "yesno", by_answer)
        if all(value.isdigit() for value in by_answer):  # "我能看到两只鸟。" (r309): a count
            return _option_read(text, "count", by_answer)
        return None
    if len(found) > 1:
        return None  # two letters
    letter = found[-1]
    if not _CLOSING.fullmatch(text, letter.end()):
        # "A. 是的" (r309): a bare letter, then its option's Yes/No in another language
        bare = not text[: letter.start()].strip(" *(")
        said = _option_read(text[letter.end() :].lstrip(" .:)"), "yesno", by_answer)
        if bare and yes_no and said == letter.group(0):
            return letter.group(0)
        return None  # words after the letter ("Antwort: B, weil ...")
    stem = text[: letter.start()]
    stem = stem[: _DECLARING.search(stem.casefold()).start()].rstrip().casefold()
    declared = _ENDS_DECLARING.search(stem) is not None or any(
        match.end() == len(stem) for words in languages for match, _ in words["answer"].found(stem)
    )
    if not declared:
        return None
    opening = opening_answer(low)
    if yes_no and opening is not None and by_answer[opening] != letter.group(0):
        return None  # "Sí, puede verlo. B" with B "No"
    return letter.group(0)


def _option_read(text: str, kind: str, by_answer: Mapping[str, str]) -> str | None:
    """The letter of the option whose value is what `text` reads as in another language (one
    Yes/No word, one count), or None."""
    components = other_language_components(text, kind)
    return by_answer.get(next(iter(components))) if components else None


def opening_answer(text: str) -> str | None:
    """ "yes" or "no" when the answer opens with that word of one of the languages ("Nein.",
    "Sí, ..."), followed by punctuation or the end; else None."""
    low = text.casefold()
    said = {
        answer
        for words in _languages().values()
        for answer in ("yes", "no")
        if _opens_with(low, words[answer])
    }
    return said.pop() if len(said) == 1 else None


def _opens_with(low: str, words: _Words) -> bool:
    """Whether the answer opens with one of `words`, followed by punctuation or the end."""
    opening = _OPENING.match(low)
    start = opening.end() if opening else 0
    return any(
        match.start() == start and _AFTER_ANSWER_WORD.match(low[match.end() :])
        for match, _ in words.found(low)
    )


def other_language_components(
    text: str, kind: str, *, first_person: bool = False
) -> frozenset[str] | None:
    """The components of a one-sentence answer in another language, or None (undecided).

    `first_person`: the question was put to the model as the figure, so "à ma gauche" is
    the figure's left (otherwise sides beside a first-person word are not read)."""
    low = text.strip().casefold()
    if not low or "?" in low or "？" in low or _ENGLISH & set(re.findall(r"[a-z]+", low)):
        return None
    several = _SENTENCE_BREAK.search(low.rstrip(".!。！ \n")) is not None
    answer = _declared_value(low, kind) if several else low
    if answer is None:
        return None
    readings: set[frozenset[str]] = set()
    for words in _languages().values():
        reading = _read(_without_ignored(answer, words), kind, words)
        if reading is None:
            continue  # nothing of this language: its words for "or" ("o": Portuguese "the") idle
        masked = _without_ignored(low, words)
        doubts = ["doubt"] + (["other_frames"] if kind == "egocentric" else [])
        if kind == "egocentric" and not first_person:
            doubts.append("first_person")
        if reading is False or any(words[d].in_(masked) for d in doubts):
            return None
        readings.add(reading)
    return readings.pop() if len(readings) == 1 else None


_DECLARED = re.compile(r"\s*[:：]\s*")


def _declared_value(low: str, kind: str) -> str | None:
    """What the last sentence of `low` declares as the answer, when it opens with an answer
    word of a language, or for a count with a total ("共计：1个。": "1个"), then a colon; else
    None."""
    sentences = [found for found in _SENTENCE.findall(low.rstrip(".!。！ \n")) if found.strip()]
    if not sentences:
        return None
    last = sentences[-1]
    start = _OPENING.match(last).end()  # type: ignore[union-attr]
    for words in _languages().values():
        for field in ("answer", "total") if kind == "count" else ("answer",):
            for match, _ in words[field].found(last):
                colon = _DECLARED.match(last, match.end())
                if match.start() == start and colon and last[colon.end() :].strip():
                    return last[colon.end() :]
    return None


def _without_ignored(low: str, words: dict[str, _Words]) -> str:
    """`low` with the language's `ignore` words blanked ("然后", then, holds "后", back)."""
    return blank(low, (match.span() for match, _ in words["ignore"].found(low)))


def stated_sides(text: str, *, asked: bool = False) -> frozenset[str]:
    """The sides (front/back/left/right) a text states in the languages of the table, in its
    sentences with no negation and no word of another frame ("ボールは画像の左側にあります" is
    the image's left), and that are no questions (a reply saying the question again states
    nothing); e.g. "篮球在我的左边。": left. For COMFORT replies (`yes_no_text`). `asked`: the
    text is the question, its sides read whatever frame it names ("从相机的视角来看")."""
    languages = _languages().values()
    sides: set[str] = set()
    low = text.casefold()
    for found in _SENTENCE.finditer(low):
        if not asked and low[found.end() : found.end() + 1] in ("?", "？"):
            continue  # "¿Está el balón a la derecha del sofá? No.": the question said again
        sentence = found.group()
        if any(
            (not asked and w["other_frames"].in_(sentence)) or w["negation"].in_(sentence)
            for w in languages
        ):
            continue
        for words in languages:
            masked = _without_ignored(sentence, words)
            sides.update(c for _, value in words["egocentric"].found(masked) for c in value)
    return frozenset(sides)


def _read(low: str, kind: str, words: dict[str, _Words]) -> frozenset[str] | None | bool:
    """One language's reading: components, None (nothing of this language), or False (a sign
    that leaves the answer undecided in every language)."""
    negated = [m for m, _ in words["negation"].found(low)]
    if kind == "yesno":
        for answer in ("yes", "no"):
            if _opens_with(low, words[answer]):
                return False if answer == "yes" and negated else frozenset({answer})
        return None
    found = list(words[kind].found(low))
    if kind == "count":
        numbers = [value for _, value in found] + [
            (str(int(m.group(0))),) for m in _DIGITS.finditer(low)
        ]
        if not numbers:
            return None
        if len(numbers) > 1 or negated:
            return False
        return frozenset(numbers[0])
    if not found:
        return None
    if negated:
        return False
    if kind == "cardinal" and _CLAUSE_BREAK.search(low, found[0][0].start(), found[-1][0].end()):
        return False  # compass words in two clauses: of two things, or two answers
    return frozenset(c for _, value in found for c in value)  # "左右": the caller's EXCLUSIVE

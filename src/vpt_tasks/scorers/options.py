"""Free text -> one of the options offered, decided only when there is one reading.

What: the deterministic pass shared by option mapping (two options whose
*values* matter: "Yes"/"No", two counts -- Isle-Bricks v1, Isle-Dots) and merge
match (k lettered options -- Omni-Perspective). :func:`read_option` returns a
:class:`OptionReading`: the option letter, ``"Z"`` for an answer that picks no option
(a refusal, "none of the options"), or *undecided* (``letter=None``) with the
reason, for the grader model.

How: four small readers look at the answer independently, each giving a letter
or nothing:

- ``lead`` -- the letter label the answer opens with ("(A) The person ...",
  "B\n\nExplanation: ..."), with anything else its first clause affirms;
- ``stated`` -- clauses that say nothing but the answer: "B", "(C) turn left",
  "Answer: No", "so the answer is B", "I'd go with D", "It's B, not D";
- ``short`` -- a short answer (at most 12 words, no negation, no "if") that names
  one option by its letter, its text or its value ("There are 4 red dots.",
  "Image 4", "behind them"), or by a word only that option's text has ("blue");
- ``concluding`` -- the last sentence that concludes ("so", "therefore",
  "answer", ...) and names options;
- ``excluded`` -- with two options, the one left when the answer rules out the
  other and affirms nothing against it ("Not A.", "B is incorrect; ...").

A mention counts only when it is affirmed: not negated ("not A", "B rather than
D", "A is wrong") and not hypothetical (a sentence with "if"/"whether"/"unless",
or a question). The pass decides when every reader that fires names the same
option and no sign of doubt is present (:func:`vpt_tasks.scorers.reading.doubts`:
a retraction or self-correction, a script the readers do not cover). It stays
undecided when two options are affirmed as the answer, when a letter's attached
text is another option's ("C. to the left" with C = "in front"), when the option
list is only echoed back, when a refusal is mixed with an option, or when the
answer names a letter that is not an option. An answer with no reading at all and
a refusal phrase ("impossible to tell", "none of the options") picks no option.

Nothing here calls a model and nothing is random.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from vpt_tasks.core.templates import fill
from vpt_tasks.core.text import NUMBER_WORDS, ORDINAL_WORDS, number_word_value
from vpt_tasks.scorers.objections import Objection, first_objection
from vpt_tasks.scorers.other_languages import (
    alternation,
    opening_answer,
    other_language_option,
    words_of,
)
from vpt_tasks.scorers.reading import (
    CLAUSE_WORDS,
    HEDGE_WORDS,
    IMAGE_SIDE,
    NO_WORDS,
    SEE_VERBS,
    YES_WORDS,
    Clause,
    Prepared,
    asks_as_the_figure,
    asks_seeing,
    bare_answer,
    blank,
    body_and_head,
    doubts,
    figure_frame_statements,
    hesitates,
    in_brackets,
    is_hedged_refusal,
    leans_beside,
    negated_after,
    negated_before,
    negated_question,
    negation_cues,
    own_frame_lead,
    premise_taken,
    prepare,
    reasoning_of,
    refusal_phrase,
    refuses_by_premise,
    rejects_premise,
    rejects_premise_at,
    retraction,
    role_premises,
    seeing_clauses,
    seeing_statement,
    stands_as_answer,
    unfinished_fragment,
    words,
)

__all__ = [
    "NO_OPTION",
    "READERS",
    "UNKNOWN_VALUE",
    "OptionReading",
    "number_synonyms",
    "read_option",
]

NO_OPTION = "Z"
"""The letter of an answer that picks no option (VLMEvalKit's convention)."""
UNKNOWN_VALUE = "Unknown"
"""The value of an answer that picks no option (Isle v1's convention)."""
READERS = ("lead", "stated", "short", "paraphrase", "concluding", "labelled", "excluded", "seen")
"""The readers, in the order their readings are reported."""

_SEVERAL = "several"
_SHORT_WORDS = 12
_ONE_CLAUSE_WORDS = 20
"""An answer of one clause is short up to this many words ("I can see two red dots on the wall in
front of me.", r133): one clause holds no reasoning or contrast beside its answer ("She sees
the lamp, but the door is behind her" is two)."""
_YES = YES_WORDS
_NO = NO_WORDS

# Words a clause may hold besides the answer and still say nothing but the answer.
_FILLER = frozenset(
    """answer answers final correct best option options choice choices letter response my
    is it it's its that this that's so thus therefore hence then overall conclusion conclude
    i i'd i'll i'm i've we would will be say choose chose choosing pick picked select selected
    go going with think believe guess probably likely most more definitely clearly certainly
    surely seems seem appears looks plausible lean leaning towards toward here the a an one
    leaves leaving remains remaining only must should sure he she they sees see can
    count counted there are was in to of ok okay well alright fits fit better matches match
    corresponds correspond describes""".split()
)
_ALLOWED_BESIDE = (
    _FILLER
    | CLAUSE_WORDS
    | frozenset(
        """not never neither nor rather than instead other except excluding unlike as opposed
    rule rules ruling ruled out""".split()
    )
)
_CONCLUSION = frozenset(
    """so therefore thus hence answer conclusion conclude overall leaves final""".split()
)


@functools.cache
def _label_prefix() -> re.Pattern[str]:
    """What makes a letter a label: "Answer: B", "option (C", and in another language
    ("Antwort: B", "答案是B"; `task_configs/other_languages.yaml`, `answer_words`, read on
    first use)."""
    answer_words = words_of("answer_words", cjk=False) | words_of("answer_words", cjk=True)
    return re.compile(
        rf"(?:option|choice|answer|letter|{alternation(answer_words)})"
        r"\s*(?:is\s*|是|为|為|は)?[:\-]?\s*[\(\[\"']?\s*$"
    )


_LABEL_FOLLOWERS = frozenset(
    """is was would will should could can might may must seems seem appears matches match fits
    best better describes corresponds represents shows indicates because since and or but nor
    are were has had also only then though rather instead vs versus here there now still
    again too alone so thus therefore hence makes remains looks fit work works apply applies
    both""".split()
)
_SINGLE_LETTER = re.compile(r"(?<![A-Za-z0-9])([A-Za-z])(?![A-Za-z0-9])")
# the label after this one in a run: "A B C D", "A/B", "A / B" (r89: "... -- A/B." offers two)
_LABEL_RUN = re.compile(r"\s*/?\s*([A-Z])(?![A-Z0-9])")
_DASH_AFTER = re.compile(r"\s*-(?:\s|$)")


@functools.cache
def _joined_label() -> re.Pattern[str]:
    """A letter joined to the next label: "A, C", "A and C", and in another language ("B oder
    C", "B或C"; `task_configs/other_languages.yaml`, `joins`, read on first use)."""
    return re.compile(
        r"(?<![A-Za-z0-9])([A-Z])(?:\s*(?:,|and|or|&)\s*"
        rf"|\s+(?:{alternation(words_of('joins', cjk=False))})\s+"
        rf"|\s*(?:{alternation(words_of('joins', cjk=True))})\s*)$"
    )


_OPEN = "([{\"'"
_CLOSE = ")]}.:,;\"'!?"
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_STOPWORDS = frozenset("the a an of to in on at is it its and or for with from by".split())


@dataclass(frozen=True)
class OptionReading:
    """What the deterministic pass made of one answer."""

    letter: str | None
    """The option letter; ``"Z"`` when the answer picks no option; None when undecided."""
    reason: str
    """The readers that agreed ("stated+short"), ``refusal``, or why it is undecided."""
    readers: Mapping[str, str] = field(default_factory=dict)
    """What each reader that fired read (a letter, or "several")."""

    @property
    def decided(self) -> bool:
        return self.letter is not None


@dataclass(frozen=True)
class _Mention:
    letter: str
    start: int
    end: int
    label: bool
    """True for a letter label ("B", "(C)"), False for the option's text or value."""


def number_synonyms(value: str) -> set[str]:
    """Case-folded spellings of an option value: "3" <-> "three" (0-20), "a metal faucet" ->
    "the metal faucet", "metal faucet"."""
    v = " ".join(str(value).strip().casefold().split()).strip(" .!?;:,\"'")
    forms = {v}
    if v.isdigit() and int(v) < len(NUMBER_WORDS):
        forms.add(NUMBER_WORDS[int(v)])
        if int(v) == 0:
            forms.add("none")  # "None - all three dots are behind him" (a count of 0)
    elif v in NUMBER_WORDS:
        forms.add(str(NUMBER_WORDS.index(v)))
    if v in _YES:
        forms |= _YES
    if v in _NO:
        forms |= _NO
    article = re.match(r"(?:a|an|the)\s+(?=\S)", v)
    if article:  # "a metal faucet" is also named "the metal faucet"
        bare = v[article.end() :]
        forms |= {bare, f"the {bare}"}
    elif len(parts := v.split()) > 1 and all(p.isalpha() for p in parts):
        forms |= _object_forms(parts)
    return forms


def _object_forms(parts: list[str]) -> set[str]:
    """An action's text said with its object's article or number ("prepare the ingredients"
    for "Prepare ingredient", "remove the wheel" for "Remove a wheel"; r177): the verb, then
    the object with any article, in the singular or the plural."""
    verb, rest = parts[0], parts[1:]
    if rest[0] in ("a", "an", "the"):
        rest = rest[1:]
    if not rest:
        return set()
    last = rest[-1]
    plural = last + ("es" if last.endswith(("s", "x", "ch", "sh")) else "s")
    objects = {" ".join(rest), " ".join([*rest[:-1], plural])}
    return {f"{verb}{article} {o}" for o in objects for article in ("", " a", " an", " the")}


# --------------------------------------------------------------------------
# mentions


def _next_label(after: str) -> str | None:
    m = _LABEL_RUN.match(after.upper())
    return m.group(1) if m else None


def _labels(prepared: Prepared, letters: set[str]) -> list[_Mention]:
    """Single letters used as option labels: "B", "(C)", "D)", "B.", "option c", "A is wrong"."""
    text = prepared.text
    found = []
    for m in _SINGLE_LETTER.finditer(text):
        raw, start, end = m.group(1), m.start(), m.end()
        if text[end : end + 1] == "'" and text[end + 1 : end + 2].isalpha():
            continue  # "I'm", "I'd"
        if text[start - 1 : start] == "'" and text[start - 2 : start - 1].isalpha():
            continue  # "don't"
        before = text[max(0, start - 16) : start]
        after = text[end : end + 24]
        prefixed = _label_prefix().search(before.lower()) is not None
        bracketed = before.rstrip(" ")[-1:] in _OPEN and after.lstrip(" ")[:1] in _CLOSE
        closes = after[:1] in _CLOSE or after.strip() == "" or after.startswith("\n")
        if raw.islower() and not (bracketed or (prefixed and closes)):
            continue  # "the answer is a dog": the article
        upper = raw.upper()
        follower = after.lstrip(" ").split(" ", 1)[0].lower().strip(".,:;!?")
        if upper not in letters:
            if prefixed or bracketed:  # "Answer: E" with options A-D
                found.append(_Mention(upper, start, end, True))
            continue
        joined = _joined_label().search(before)
        if prefixed or bracketed or closes or (joined and joined.group(1) in letters):
            # (joined: "Both A and C appear ...": a letter joined to a label is one, r137)
            found.append(_Mention(upper, start, end, True))
        elif (
            after.lstrip(" ")[:1] in "(["
            or _DASH_AFTER.match(after)
            or _next_label(after) in letters
        ):
            # "A (2 cars)", "A - the dog is behind me" (r139): an article is not followed by a
            # bracket or a dash; "A B C D": a run of labels
            found.append(_Mention(upper, start, end, True))
        elif raw in "AI" and follower and follower not in _LABEL_FOLLOWERS:
            continue  # "A dog", "I think": the article or pronoun
        elif follower in _LABEL_FOLLOWERS or not follower:
            found.append(_Mention(upper, start, end, True))
        elif start == 0 or text[start - 1] == "\n":
            # "B the lamp" opening a line: a label before its option's text
            found.append(_Mention(upper, start, end, True))
    return found


def _occurrences(low: str, form: str) -> list[tuple[int, int]]:
    """Where `form` occurs in `low` as whole words."""
    spans = []
    at = low.find(form)
    while at >= 0 and form:
        end = at + len(form)
        if (at == 0 or not low[at - 1].isalnum()) and (end == len(low) or not low[end].isalnum()):
            spans.append((at, end))
        at = low.find(form, at + 1)
    return spans


_COUNTED_BEFORE = re.compile(r"(\w+)\s*,\s*$")
_COUNTED_AFTER = re.compile(r"\s*,\s*(\w+)")


def _number(word: str) -> int | None:
    return int(word) if word.isdigit() else number_word_value(word)


def _counting_aloud(low: str, start: int, end: int) -> bool:
    """Whether the number at `start:end` is a step of counting aloud ("the dots on that wall:
    1, 2."; "one, two, three"): the number before it is one less, or the one after one more.
    A count in progress names no option."""
    n = _number(low[start:end])
    if n is None:
        return False
    before = _COUNTED_BEFORE.search(low, max(0, start - 12), start)
    after = _COUNTED_AFTER.match(low, end)
    return (before is not None and _number(before.group(1)) == n - 1) or (
        after is not None and _number(after.group(1)) == n + 1
    )


def _ordinals(options: Mapping[str, str]) -> dict[str, str]:
    """ "the second image" for "Image 2", where the options number one kind of thing from 1
    ("Image 1" ... "Image 4", in any order): "the third image" of "Images 2-5" could be Image
    3 or the third of them."""
    numbered = [
        re.fullmatch(r"([a-z]+) (\d{1,2})", " ".join(str(v).casefold().split()))
        for v in options.values()
    ]
    if not all(numbered) or len({m.group(1) for m in numbered if m}) != 1:
        return {}
    numbers = [int(m.group(2)) for m in numbered if m]
    if sorted(numbers) != list(range(1, len(numbers) + 1)) or len(numbers) >= len(ORDINAL_WORDS):
        return {}
    return {
        letter: f"the {ORDINAL_WORDS[n]} {m.group(1)}"
        for letter, n, m in zip(options, numbers, numbered, strict=True)
        if m
    }


_NOT_A_MODIFIER = _STOPWORDS | frozenset("front behind left right near next beside under".split())


def _head_forms(options: Mapping[str, str]) -> dict[str, set[str]]:
    """An option text that is a plain noun phrase is also named by its head without the
    words before it, where no other option's text has that head: "the laptop" or "the test
    cassette" for "a silver laptop" / "a white test cassette" (r101, r105). Not a text with a
    preposition or a number ("the poster on the wall behind him", "3 red dots"): its last
    words need not name it."""
    said = {
        letter: re.sub(r"^(?:a|an|the)\s+", "", " ".join(str(v).casefold().split()))
        for letter, v in options.items()
    }
    heads: dict[str, set[str]] = {letter: set() for letter in options}
    for letter, text in said.items():
        parts = text.split()
        if len(parts) < 2 or not all(p.isalpha() and p not in _NOT_A_MODIFIER for p in parts):
            continue
        for i in range(1, len(parts)):
            head = " ".join(parts[i:])
            if not any(_occurrences(other, head) for k, other in said.items() if k != letter):
                heads[letter] |= {head, f"the {head}"}
    return heads


_RIGHT_INTENSIFIER = re.compile(
    r"\bright(?=\s+(?:in\s+front|behind|next\s+to|beside|above|below|under|on\s+top|at|by"
    r"|there|here|ahead|in\s+the\s+(?:middle|center|centre))\b)"
)
""""Right" used as an intensifier ("right in front of me", "right behind him"): no direction
(as Isle-Brick-V2's egocentric reader reads it)."""


def _values(prepared: Prepared, options: Mapping[str, str]) -> list[_Mention]:
    """The options' texts or values named in the answer; a longer text wins over one inside it."""
    candidates = []
    ordinals = _ordinals(options)
    heads = _head_forms(options)
    for letter, value in options.items():
        forms = number_synonyms(value) | heads[letter]
        if letter in ordinals:
            forms.add(ordinals[letter])
        for form in forms:
            for start, end in _occurrences(prepared.low, form):
                if not (
                    _list_marker(prepared.low, start, end)
                    or _counting_aloud(prepared.low, start, end)
                    or (form == "right" and _RIGHT_INTENSIFIER.match(prepared.low, start))
                ):
                    candidates.append(_Mention(letter, start, end, False))
    candidates.sort(key=lambda m: (-(m.end - m.start), m.start))
    kept: list[_Mention] = []
    covered = bytearray(len(prepared.low))  # positions taken by a kept mention: linear check
    for mention in candidates:
        if not any(covered[mention.start : mention.end]):
            kept.append(mention)
            covered[mention.start : mention.end] = b"\x01" * (mention.end - mention.start)
    kept.sort(key=lambda m: m.start)
    return [m for m in kept if _stands_alone(prepared, m, options)]


_LIST_ITEM_START = re.compile(r"(?m)^\d+[.)] ")


def _list_marker(low: str, start: int, end: int) -> bool:
    """Whether a number is the marker of a numbered list item ("3. He sees four dots")."""
    if not low[start:end].isdigit():
        return False  # "No. The guitar ...": a word opening a sentence, not a list marker
    at_line_start = start == 0 or low[start - 1] == "\n"
    if not (
        at_line_start and low[end : end + 2] in (". ", ") ") and low[end + 2 : end + 3].isalnum()
    ):
        return False
    # a list has several items; a lone "4. The man sees three squares." opens with its answer
    return len(_LIST_ITEM_START.findall(low)) > 1


def _stands_alone(prepared: Prepared, mention: _Mention, options: Mapping[str, str]) -> bool:
    """A yes/no value counts only as a word of its own (`stands_as_answer`), not as a
    determiner ("there is no obstacle")."""
    word = prepared.low[mention.start : mention.end]
    return word not in _YES | _NO or stands_as_answer(prepared, mention.start, mention.end)


_LIST_GLUE = frozenset({",", "and", "or", "nor", ", and", ", or", ", nor", "/"})


def _lists(prepared: Prepared, mentions: list[_Mention]) -> list[list[_Mention]]:
    """Mentions grouped into lists ("A, C and D"): what negates the list negates each member."""
    groups: list[list[_Mention]] = []
    for mention in mentions:
        if groups:
            glue = prepared.low[groups[-1][-1].end : mention.start].strip(" ()[]")
            if " ".join(glue.split()) in _LIST_GLUE:
                groups[-1].append(mention)
                continue
        groups.append([mention])
    return groups


def _affirmed(prepared: Prepared, mentions: list[_Mention]) -> list[_Mention]:
    """The mentions that are neither negated ("not A", "A, C and D do not match") nor in a
    hypothetical sentence ("if ...", "whether ...", a question)."""
    kept = []
    for group in _lists(prepared, mentions):
        first, last = group[0], group[-1]
        head, tail = prepared.clause_at(first.start), prepared.clause_at(last.start)
        if head is None or tail is None or prepared.is_hypothetical(tail):
            continue
        before = negated_before(prepared, head, first.start)
        answer_words = [m for m in group if prepared.low[m.start : m.end] in _YES | _NO]
        if answer_words and not before:
            # the answer word itself: "No, it cannot" is a no, not a negated no; but
            # "the answer isn't Yes" and "neither yes nor no" negate it. The list's other
            # members stay what they are: "Yes, B" names two options (r245)
            kept += group if not negated_after(prepared, tail, last.end) else answer_words
            continue
        if before or negated_after(prepared, tail, last.end):
            continue
        kept += group
    return kept


# --------------------------------------------------------------------------
# readers


def _one(letters: list[str]) -> str | None:
    distinct = set(letters)
    if not distinct:
        return None
    return distinct.pop() if len(distinct) == 1 else _SEVERAL


_FINAL_STATEMENT = re.compile(r"\banswer\s*(?::|-|is\b)")
"""Where an answer states its answer ("Answer: B", "the answer is B", "Final answer - B")."""


_ENUMERATION = 3
"""Options' texts named in one sentence that make it an enumeration, not a stated answer."""


def _stated(prepared: Prepared, mentions: list[_Mention], affirmed: list[_Mention]) -> str | None:
    """Letters of the clauses that say nothing but the answer; several if they disagree.

    When the answer states its answer ("Answer: B", "the answer is B"), only the clauses
    from its last such statement on count: the reasoning before it may name options or
    counts on the way ("Total: 6, behind him: 1, visible: 5. Answer: B. 5")."""
    last = None
    for last in _FINAL_STATEMENT.finditer(prepared.low):  # noqa: B007 - the last one is wanted
        pass
    from_clause = 0
    if last is not None:
        marked = prepared.clause_at(last.start())
        from_clause = marked.start if marked is not None else last.start()
    texts_by_sentence: dict[int, set[str]] = {}
    for mention in mentions:
        if not mention.label:
            texts_by_sentence.setdefault(_sentence_of(prepared, mention.start), set()).add(
                mention.letter
            )
    by_clause: dict[Clause, list[_Mention]] = {}
    for mention in mentions:
        clause = prepared.clause_at(mention.start)
        if clause is None or clause.start < from_clause:
            continue
        if len(texts_by_sentence.get(clause.sentence, ())) >= _ENUMERATION:
            continue  # "From left to right: helmet, wrench, pump, rag." walks through them
        by_clause.setdefault(clause, []).append(mention)
    chosen = []
    chosen_set = set(affirmed)  # membership in constant time: mentions can be many
    for clause, inside in by_clause.items():
        mine = [m for m in inside if m in chosen_set]
        if not mine:
            continue
        rest = list(prepared.low[clause.start : clause.end])
        for m in inside:
            rest[m.start - clause.start : m.end - clause.start] = " " * (m.end - m.start)
        if all(word in _ALLOWED_BESIDE for word in words("".join(rest))):
            chosen += [m.letter for m in mine]
    return _one(chosen)


def _lead(prepared: Prepared, mentions: list[_Mention], affirmed: list[_Mention]) -> str | None:
    """The letter label the answer opens with ("(A) The person ...", "B\n\nBecause ..."),
    or the "Yes"/"No" it opens with ("Yes, it can see the cup because ..."), with whatever
    else its first clause affirms ("C. to the left" names two options)."""
    if not mentions or not prepared.clauses:
        return None
    first = mentions[0]
    if first not in affirmed or _walks_through_options(prepared, affirmed):
        return None
    if prepared.text[: first.start].strip(" ([\"'"):
        return None
    if first.label:
        if prepared.text[first.end : first.end + 1] not in ".):]\n -":
            return None
    elif prepared.low[first.start : first.end] not in _YES | _NO:
        return None  # a value opens the answer as an answer only when it is "Yes" or "No"
    clause = prepared.clauses[0]
    return _one(
        [m.letter for m in affirmed if clause.start <= m.start < clause.end] or [first.letter]
    )


def _walks_through_options(prepared: Prepared, affirmed: list[_Mention]) -> bool:
    """Whether several option labels each open a clause ("A (the lamp) is to his left; B (the
    plant) is behind him; ..."): the answer discusses the options in turn, and the label it
    opens with is the first of them, not its answer."""
    openers = set()
    for mention in affirmed:
        clause = prepared.clause_at(mention.start)
        if mention.label and clause is not None and mention.start - clause.start <= 40:
            lead_in = words(prepared.low[clause.start : mention.start])
            if "answer" in words(prepared.low[max(0, mention.start - 20) : mention.start]):
                continue  # "Final answer: A" states the answer; it walks through nothing
            if all(word in CLAUSE_WORDS for word in lead_in):
                openers.add(mention.letter)
    return len(openers) > 1


def _short(
    prepared: Prepared,
    affirmed: list[_Mention],
    options: Mapping[str, str],
    sides: list[tuple[int, int]],
) -> str | None:
    """A short answer, with no negation and no "if", naming one option; `sides`, where it
    names a side of the image ("at image-right"), name no option. The question's role
    taken as a premise ("If I were the man in the blue apron, ...") or the speaker's own frame
    opening the answer ("From where I'm standing, ...") is not counted: it is the question's
    frame restated (r105, r111, r163)."""
    roles = role_premises(prepared.low) + own_frame_lead(prepared.low)
    affirmed = [m for m in affirmed if not any(a <= m.start < b for a, b in roles)]
    answer_words = words(_RIGHT_INTENSIFIER.sub(" ", blank(prepared.low, roles)))
    clauses = [
        c for c in prepared.clauses if not any(a <= c.start and c.end <= b for a, b in roles)
    ]
    one_clause = len(clauses) == 1 and len(answer_words) <= _ONE_CLAUSE_WORDS
    if (len(answer_words) > _SHORT_WORDS and not one_clause) or any(
        prepared.is_hypothetical(c) for c in prepared.clauses
    ):
        return None
    if any(negated_before(prepared, c, c.end) for c in prepared.clauses):
        return None
    own, distinctive = _option_words(options, _STOPWORDS)
    if affirmed:
        letters = {m.letter for m in affirmed}
        counted = [  # "1, 2, 3.": steps of counting aloud name no option (`_counting_aloud`)
            (m.start(), m.end())
            for m in _WORD.finditer(prepared.low)
            if _counting_aloud(prepared.low, m.start(), m.end())
        ]
        said = set(words(_RIGHT_INTENSIFIER.sub(" ", blank(prepared.low, roles + counted + sides))))
        if any(distinctive[k] & said for k in distinctive if k not in letters):
            return _SEVERAL  # "to her left and slightly behind her": left is A's, behind D's
        return _one([m.letter for m in affirmed])
    content = {w for w in answer_words if w not in _STOPWORDS and w not in _FILLER}
    if not content or len(answer_words) > 4:
        return None
    hits = {letter for letter, mine in distinctive.items() if content & mine}
    if len(hits) == 1 and all(any(w in mine for mine in own.values()) for w in content):
        letter = hits.pop()
        number = next((w for w in content if w.isdigit()), None)
        position = list(options).index(letter) + 1
        if number is not None and int(number) != position and int(number) <= len(options):
            return None  # "2" with options "Image 2".."Image 5": the text, or the second option?
        return letter
    return None


_SUFFIXES = ("ing", "ed", "es", "s", "e")
_PARAPHRASE_WORDS = 2
"""The fewest distinctive words an option's text needs to be recognised in a paraphrase."""


def _stem(word: str) -> str:
    """The word without an inflection ("cleaning", "cleaned", "cleans" -> "clean";
    "lubricate", "lubricating" -> "lubricat"; "tires", "tire" -> "tir"; "setting", "set" ->
    "set"; "installing", "install" -> "instal")."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if len(word) >= 3 and word[-1] == word[-2] and word[-1] not in "aeiou":
        return word[:-1]
    return word


def _paraphrase(
    prepared: Prepared, affirmed: list[_Mention], options: Mapping[str, str]
) -> str | None:
    """A short answer, with no negation and no "if", that names no option but holds every
    distinctive word of exactly one option's text, inflected or not (at least two), and none
    of another's: "The person is cleaning and lubricating the bike chain." for "Clean and
    lubricate the chain"; "My intention is to replace the inner tube of the tire." for
    "Replace the tire tube on the wheel" (the wheel is also another option's)."""
    answer_words = words(prepared.low)
    if affirmed or len(answer_words) > _SHORT_WORDS:
        return None
    if any(
        prepared.is_hypothetical(c) or negated_before(prepared, c, c.end) for c in prepared.clauses
    ):
        return None
    ignore = {_stem(w) for w in _STOPWORDS | _FILLER}
    stems = {k: {_stem(w) for w in words(str(v))} - ignore for k, v in options.items()}
    said = {_stem(w) for w in answer_words}
    touched = []
    for letter, mine in stems.items():
        distinctive = mine - set().union(*(o for k, o in stems.items() if k != letter))
        if distinctive & said:
            touched.append((letter, len(distinctive) >= _PARAPHRASE_WORDS and distinctive <= said))
    if len(touched) == 1 and touched[0][1]:
        return touched[0][0]
    return None


def _excluded(
    prepared: Prepared,
    mentions: list[_Mention],
    affirmed: list[_Mention],
    options: Mapping[str, str],
) -> str | None:
    """With two options, the one left when the answer rules out the other ("Not A.", "B is
    incorrect"): every mention of one option negated, and the other never ruled out
    ("neither ... nor" rules out both; so does a negated clause naming both: "I can't give
    a reliable Yes or No")."""
    if len(options) != 2:
        return None
    kept = set(affirmed)
    negated = set()
    for m in mentions:
        clause = prepared.clause_at(m.start)
        if m in kept or clause is None or prepared.is_hypothetical(clause):
            continue
        text = prepared.clause_text(clause)
        others = [
            form
            for letter, value in options.items()
            if letter != m.letter
            for form in number_synonyms(value)
        ]
        if any(_occurrences(text, form) for form in others):
            return None  # the clause names the other option too: both ruled out, or a contrast
        negated.add(m.letter)
    both = any(w in ("neither", "nor") for w in words(prepared.low))  # rules out both
    if both or len(negated) != 1 or {m.letter for m in affirmed} & negated:
        return None
    return (set(options) - negated).pop()


def _concluding(prepared: Prepared, affirmed: list[_Mention]) -> str | None:
    """The options affirmed after the conclusion word of the last concluding sentence
    ("..., so the answer is B"; "Thus the lamp is in her line of sight")."""
    starts = [m.start for m in affirmed]
    for index in range(len(prepared.sentences) - 1, -1, -1):
        start, end = prepared.sentences[index]
        marks = [
            start + m.start()
            for m in _WORD.finditer(prepared.low[start:end])
            if m.group() in _CONCLUSION
        ]
        if not marks:
            continue
        # affirmed mentions are in text order: find the sentence's by bisection (linear overall)
        lo = bisect.bisect_left(starts, marks[0])
        hi = bisect.bisect_left(starts, end)
        if hi > lo:
            return _one([m.letter for m in affirmed[lo:hi]])
    return None


def _labelled(prepared: Prepared, mentions: list[_Mention], affirmed: list[_Mention]) -> str | None:
    """The option the last sentence names by its text and its own letter together ("The
    leftmost item is the blender (D).", r107, r135): the answer labelling its pick, when it
    labels no other option anywhere ("... on the right of the image (D). From his side it
    would be on his left (C)." weighs two)."""
    if not prepared.sentences or len({m.letter for m in mentions if m.label}) != 1:
        return None
    start, end = prepared.sentences[-1]
    inside = [m for m in affirmed if start <= m.start < end]
    paired = [
        text.letter
        for text, label in zip(inside, inside[1:], strict=False)
        if not text.label
        and label.label
        and label.letter == text.letter
        and not prepared.low[text.end : label.start].strip(" ([")
    ]
    return _one(paired) if paired else None


# --------------------------------------------------------------------------
# the option list echoed back

_ECHO_FORMS = ("{l}. {t}", "{l}) {t}", "({l}) {t}", "{l}: {t}", "{l} - {t}", "{l}.{t}")


def _echo_spans(prepared: Prepared, options: Mapping[str, str]) -> list[tuple[int, int]]:
    """The spans of an option list copied from the prompt ("A. Yes B. No"): every option
    with its label, in order. Empty when the answer does not echo all of them, or says one
    again after a self-correction ("A. Yes. Wait, ... So the answer is B. No.", r269)."""
    low = prepared.low
    spans: list[tuple[int, int]] = []
    at = 0
    marker = retraction(prepared)
    corrected = marker.start() if marker else None
    for letter, value in options.items():
        text = " ".join(str(value).casefold().split())
        best = None
        for form in _ECHO_FORMS:
            needle = fill(form, {"l": letter.lower(), "t": text}, where="an option echo form")
            found = low.find(needle, at)
            if found >= 0 and (found == 0 or not low[found - 1].isalnum()):
                if best is None or found < best[0]:
                    best = (found, found + len(needle))
        if best is None or (spans and corrected is not None and corrected in range(at, best[0])):
            return []  # (an option and its text said again after a self-correction)
        spans.append(best)
        at = best[1]
    return spans


# --------------------------------------------------------------------------
# the pass


def _corrected(
    prepared: Prepared, options: Mapping[str, str], readings: Mapping[str, str]
) -> OptionReading:
    """After a self-correction ("Wait, ...", "Correction: ...") the part after the last one
    is the answer: read on its own, decided only if it has one reading and no doubt itself."""
    marker = retraction(prepared)
    assert marker is not None
    after = prepared.text[marker.end() :]
    corrected = read_option(after, options)
    if corrected.letter is None or corrected.letter == NO_OPTION:
        return OptionReading(None, "retraction", readings)
    return OptionReading(corrected.letter, f"corrected+{corrected.reason}", readings)


_PRESENCE = re.compile(
    r"\b(?:is|are)\s+(?:present|(?:visible|shown|there)\s+in\s+the\s+(?:image|picture|photo|scene))\b"
)


def _labelled_text(prepared: Prepared, affirmed: list[_Mention]) -> set[str]:
    """The options named by their text with their own label after it among `affirmed`: "the
    man with the camera (C)"."""
    texts = {(m.letter, m.end) for m in affirmed if not m.label}
    return {
        m.letter
        for m in affirmed
        if m.label
        and any(
            k == m.letter and _BEFORE_OWN_LABEL.fullmatch(prepared.low, end, m.start)
            for k, end in texts
        )
    }


_BEFORE_OWN_LABEL = re.compile(r"\s*(?:-\s*|(?!(?:not|or|and|vs|versus|nor)\b)[a-z]+\s*)?[(\[]")
"""Between an option's text and its own label: the bracket, after a dash or the counted noun
("the man with the camera (C)", "0 dots (A)", r279)."""


_SO_WORDS = (
    r"\b(?:so|therefore|thus|hence|(?:this|which|that)\s+(?:suggests|indicates|means|implies))\b"
)
_SO = re.compile(_SO_WORDS)
_MOST_LIKELY = re.compile(r"\bmost\s+likely\b")
"""The likeliest option named, a conclusion as "so" is ("She is most likely trying to open the
window.\n\nAnswer: D", r391)."""
_SINCE = re.compile(
    r"[\s*#>-]*(?:(?:step\s*)?\d+\s*[:.)-]\s*)?(?:since|because|given\s+that)\b[^,.;:!?\n]{3,80},"
)
"""A sentence that puts its reason first ("Step 3: Since he faces the camera, the fountain is
behind him."): what follows the comma is the conclusion, as after "so" (r349)."""
_PERSON_SIDE = re.compile(r"\b(?:her|his|their|your|its|the\s+\w+'s)\s+(?:left|right)\b")


def _reasoning_points_elsewhere(
    prepared: Prepared,
    letter: str,
    options: Mapping[str, str],
    affirmed: list[_Mention],
    question: str | None,
) -> bool:
    """Whether the answer's own reasoning names another option than its letter:
    - its last "so"/"therefore"/"this suggests"/"most likely" sentence affirms only other
      options ("So, there are 2 blue dots in total. The answer is A."), or after a reason put
      first ("Since he faces the camera, the fountain is behind him.\n\nAnswer: A", A = front);
    - it works out the person's side from the image's ("she faces the camera, so her
      right is the image's left") and then gives a letter whose text it never affirms:
      nothing ties the letter to the side it worked out.
    """
    by_sentence: dict[int, set[str]] = {}
    for m in affirmed:
        clause = prepared.clause_at(m.start)
        if clause is not None and not m.label:
            by_sentence.setdefault(clause.sentence, set()).add(m.letter)
    for index in sorted(by_sentence, reverse=True):
        start, end = prepared.sentences[index]
        cue = (
            _SO.search(prepared.low, start, end)
            or _SINCE.match(prepared.low, start, end)
            or _MOST_LIKELY.search(prepared.low, start, end)
        )
        if cue is not None:
            after = {m.letter for m in affirmed if not m.label and cue.end() <= m.start < end}
            if after and letter not in after:  # "..., so he sees 3 red dots. Answer: A" (A = 2)
                return True
        break  # only the last sentence that names an option's text
    final = max((m.start for m in affirmed if m.label and m.letter == letter), default=None)
    if final is not None and retraction(prepared) is None:
        earlier = _labelled_text(
            prepared,
            [
                m
                for m in affirmed
                if m.start < final
                and _sentence_of(prepared, m.start) != _sentence_of(prepared, final)
            ],
        )
        if earlier and letter not in earlier:  # "... the man with the camera (C).\n\nAnswer: D"
            return True
    as_figure = asks_as_the_figure(question)  # "from my own view": the figure's (r211)
    for start, end in figure_frame_statements(prepared, first_person=as_figure):
        named = {m.letter for m in affirmed if not m.label and start <= m.start < end}
        if named and letter not in named:  # "From her point of view it would be on her right
            return True  # side.\n\nAnswer: C" (C = left, the image's side; r217)
    # the person's side worked out from the image's ("her right is the image's left"), then
    # a letter whose text the answer never affirms: nothing ties the letter to that side
    if any(_converts_frames(prepared, m.start()) for m in _PERSON_SIDE.finditer(prepared.low)):
        return not any(not m.label and m.letter == letter for m in affirmed)
    return False


_OTHER_FRAME = re.compile(r"\b(?:image|picture|photo|frame|camera|viewer|our|we)\b")
_ROLE_IN_PICTURE = re.compile(
    r"\b(?:person|man|woman|boy|girl|child|figure|minifigure)\s+in\s+the\s+(?:image|picture|photo)\b"
)


def _other_frame_in(text: str) -> bool:
    """Whether `text` names a frame other than the person's ("the image's left", "from the
    camera"); the person "in the image" of a role ("As a person in the image, the window is in
    front of me.", r341) names none."""
    return (
        _OTHER_FRAME.search(blank(text, (m.span() for m in _ROLE_IN_PICTURE.finditer(text))))
        is not None
    )


def _option_words(
    options: Mapping[str, str], ignore: frozenset[str]
) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Each option's words (without `ignore`), and the ones no other option has."""
    own = {k: set(words(str(v))) - ignore for k, v in options.items()}
    distinctive = {
        k: mine - set().union(*(o for j, o in own.items() if j != k)) for k, mine in own.items()
    }
    return own, distinctive


def _sentence_span(prepared: Prepared, at: int) -> tuple[int, int] | None:
    """The (start, end) of the sentence holding `at` (binary search through its clause)."""
    clause = prepared.clause_at(at)
    return prepared.sentences[clause.sentence] if clause is not None else None


def _converts_frames(prepared: Prepared, at: int) -> bool:
    """Whether a side is stated in a sentence that maps frames ("her right is the image's
    left"): a step of the reasoning, not its conclusion."""
    span = _sentence_span(prepared, at)
    return span is not None and _other_frame_in(prepared.low[span[0] : span[1]])


_EXPLAINS = re.compile(
    r"\b(?:which means|means that|so|therefore|thus|hence|intends? to|is about to|is going to)\b"
)


def _explains_another(prepared: Prepared, letter: str, options: Mapping[str, str]) -> bool:
    """Whether the answer's words are another option's and never its letter's: "Answer: B.
    The man is looking at the ball at his feet, which means he intends to kick it." (A = to
    kick the ball, B = to throw the frisbee)."""
    _, distinctive = _option_words(options, _STOPWORDS | _FILLER)
    said = set(words(prepared.low))
    mine = {w for w in distinctive[letter] if not w.isdigit()}
    if not mine or mine & said:
        return False
    concluded: set[str] = set()  # the words of its concluding clauses ("which means ...")
    for start, end in prepared.sentences:
        sentence = prepared.low[start:end]
        cue = _EXPLAINS.search(sentence)
        if cue:
            concluded |= set(words(sentence[cue.end() :]))
    return any(
        k != letter and {w for w in distinctive[k] if not w.isdigit()} & concluded
        for k in distinctive
    )


def _sentence_of(prepared: Prepared, at: int) -> int:
    clause = prepared.clause_at(at)
    return clause.sentence if clause is not None else -1


_SEES = re.compile(r"\b(?:sees?|seeing|visible|can see)\b")
_TOTAL = re.compile(r"\b(?:in total|total|altogether|in all|in the picture|in the image)\b")


_COUNT_WORD = rf"(?:\d+|{'|'.join(NUMBER_WORDS)})"
_PARTS = re.compile(
    rf"\b(?P<first>{_COUNT_WORD})\s+(?P<thing>[a-z]+\s+)?(?:(?!\b{_COUNT_WORD}\b)[^.;:\n]){{0,60}}?"
    rf"\band\s+(?:another\s+)?(?P<second>{_COUNT_WORD})\b(?=\s+(?P=thing)|\s+(?:on|in|at|by|near"
    r"|next|across|behind|beside|ahead|under|over|above|below|to|from)\b|\s*(?:[,.;:!?)\-–—]|$))"
)
"""Two numbers joined by "and", the second of the same thing ("two mugs on the desk and one on
the windowsill", "one dot on the door and one dot on the floor"): a count given in parts,
neither the whole; not "1 red dot and 1 blue dot", two kinds."""


def _values_in(
    prepared: Prepared, affirmed: list[_Mention], cue: re.Pattern[str], *, plain: bool = False
) -> set[str]:
    """The options whose value the answer states in a sentence with `cue` (seeing, a total);
    `plain`: in a sentence with no negator ("he sees 2", not "one he cannot see")."""
    found = set()
    for m in affirmed:
        span = None if m.label else _sentence_span(prepared, m.start)
        if span is None or not cue.search(prepared.low, *span):
            continue
        if any(
            m.start in (p.start("first"), p.start("second"))
            for p in _PARTS.finditer(prepared.low, *span)
        ):
            continue  # "two mugs on the desk and one on the windowsill" (r327): a count in parts
        if not (plain and negation_cues(prepared.low[span[0] : span[1]])):
            found.add(m.letter)
    return found


_HOW_MANY = re.compile(r"\bhow\s+many\b")
_STEP = re.compile(r"\bstep\s*$")


def _seen_count(
    prepared: Prepared, mentions: list[_Mention], affirmed: list[_Mention], question: str | None
) -> str | None:
    """To "how many ... does she see?", an answer with no letter, no condition and no hedge
    whose one count said with a seeing verb, in a sentence with no negation, is one option's
    ("There are 4 red dots in the picture. The woman sees 3 of them.", r285); None when
    several are. (A statement alone decides, so it is read only where nothing else is.)"""
    if not question or not _HOW_MANY.search(question.lower()) or not asks_seeing(question):
        return None
    if (
        any(m.label for m in mentions)
        or _MAYBE & set(words(prepared.low))
        or any(prepared.is_hypothetical(c) for c in prepared.clauses)
    ):
        return None
    counts = [  # not a step's number ("Step 3: ... so he can see all four")
        m for m in affirmed if not _STEP.search(prepared.low, max(0, m.start - 8), m.start)
    ]
    seen = _values_in(prepared, counts, _SEES, plain=True)
    return next(iter(seen)) if len(seen) == 1 and refusal_phrase(prepared) is None else None


def _letter_beside_other_text(prepared: Prepared, letter: str, affirmed: list[_Mention]) -> bool:
    """Whether a sentence affirms another option's text and the letter's label, and nothing
    of the letter's own text."""
    by_sentence: dict[int, list[_Mention]] = {}
    for m in affirmed:
        by_sentence.setdefault(_sentence_of(prepared, m.start), []).append(m)
    return any(
        any(m.label and m.letter == letter for m in inside)
        and any(not m.label and m.letter != letter for m in inside)
        for index, inside in by_sentence.items()
        if index >= 0
    )


def _ruled_out(prepared: Prepared, mention: _Mention, affirmed: list[_Mention]) -> bool:
    """Whether a mention is negated ("not the book"), not merely hypothetical ("if ...")."""
    clause = prepared.clause_at(mention.start)
    return mention not in affirmed and clause is not None and not prepared.is_hypothetical(clause)


_ASKED_SEEN = re.compile(
    r"\bsee\s+(?:the|a|an)\s+(?:[a-z]+\s+){0,2}?(?P<thing>[a-z]+)(?=\s+(?:in|on|at|from)\b|\s*\?)"
)
_SPEAKER = frozenset({"i", "i'm", "me", "my", "we", "our", "us"})
_ADDRESSED = re.compile(
    r"\b(?:imagine|suppose|pretend)\s+(?:that\s+)?you\s+are\b|\bif\s+you\s+were\b"
    r"|\b(?:can|do|could|would)\s+you\s+see\b"
)
"""A question that asks the model as the figure: its "I" is the figure."""
_MAYBE = HEDGE_WORDS | {"would", "think"}
"""A possibility, a counterfactual ("would have to"), an opinion ("I think")."""
_PART = frozenset({"part", "whole"})
"""Seeing a part only ("I can see part of the dog, but not the whole dog")."""


def _seeing_answer(
    prepared: Prepared, options: Mapping[str, str], question: str | None
) -> str | None:
    """Yes/No options to "can it see the chair?" answered with no Yes/No and no letter, by
    statements about seeing the asked thing ("The minifigure can see the chair." -> Yes):
    the letter of the value they all say, when at least one names the thing, none is the
    speaker's own ("I cannot see the bat" may be the model's view of the picture) and none
    is a possibility; else None."""
    values = {str(v).strip().casefold().strip(".!"): k for k, v in options.items()}
    if set(values) != {"yes", "no"} or question is None:
        return None
    asked = _ASKED_SEEN.search(question.lower())
    if asked is None:
        return None
    statements = seeing_clauses(prepared)
    said = {value for value, _ in statements}
    if len(said) != 1:
        return None
    clauses = [set(words(prepared.sentence_text(c.sentence))) for _, c in statements]
    # asked as the figure ("Imagine you are the minifigure ... can you see the bat?"), the
    # speaker's "I can see the bat" is the figure's (r55)
    addressed = _ADDRESSED.search(question.lower()) is not None
    own = set() if addressed else _SPEAKER
    # asked as the figure, "would" is the role's mood ("As the minifigure, I would not be able
    # to see the dagger", r141), no counterfactual
    maybe = _MAYBE - {"would"} if addressed else _MAYBE
    if any(found & (own | maybe | _PART) for found in clauses):
        return None
    if not any(asked.group("thing") in words(prepared.clause_text(c)) for _, c in statements):
        return None
    return values[said.pop()]


_SHAPES = r"(?:[a-z]+\s+)?(?:dot|circle|square|triangle|star|shape)s?"
_OF_THEM = rf"\s+of\s+(?:them|(?:the|those|these)\s+{_SHAPES})"
_NONE_SEEN = re.compile(
    r"\b(?:i|he|she|they|the\s+[a-z]+(?:\s+(?:in|with)\s+(?:the|a|an)\s+(?:[a-z-]+\s+){0,3}?[a-z-]+)?)"
    r"\s+(?:(?:can't|cannot|can\s+not|don't|do\s+not|doesn't|does\s+not|couldn't|could\s+not)"
    rf"\s+see\s+any(?:\s+{_SHAPES}|{_OF_THEM})|(?:see|sees|can\s+see)\s+(?:no\s+{_SHAPES}"
    rf"|none(?:{_OF_THEM})?))\b(?!\s+(?:on|in|at|behind|beside|near|to|inside|along|of)\b)"
)
"""A count of shapes said as none seen ("I can't see any red dots", "he sees no yellow dots",
r199; "she cannot see any of them", r329; "any of the dots", r361): its subject the speaker or a
person ("the girl with the yellow raincoat"); not of the shapes of one place ("any dots on the
back wall", "any of the dots on the front wall")."""
_SEE_WORD = re.compile(r"\b(?:see|sees|seeing|seen|visible)\b")
_ASKED_COUNT_SEEN = re.compile(rf"\bhow\s+many\s+{_SHAPES}\s+(?:does|do|can)\s+(?:the|you)\b")


def _nothing_seen(
    prepared: Prepared, options: Mapping[str, str], question: str | None
) -> str | None:
    """Count options with a 0 to "how many red dots does the man see?" answered with no
    option named, by one statement that none is seen ("I can't see any red dots -- they're all
    on the wall behind me", r199): the 0 option's letter. Not when the answer says anything
    else is seen, hedges, or speaks of a possibility."""
    zero = [letter for letter, value in options.items() if str(value).strip() in ("0", "zero")]
    if len(zero) != 1 or question is None or not _ASKED_COUNT_SEEN.search(question.lower()):
        return None
    said = list(_NONE_SEEN.finditer(prepared.low))
    clause = prepared.clause_at(said[0].start()) if len(said) == 1 else None
    if clause is None or prepared.is_hypothetical(clause):
        return None
    if any(value == "yes" for value, _ in seeing_clauses(prepared)):
        return None
    for seen in _SEE_WORD.finditer(prepared.low):  # "..., but I see two on the wall"
        clause = prepared.clause_at(seen.start())
        if not said[0].start() <= seen.start() < said[0].end() and (
            clause is None or not negated_before(prepared, clause, seen.start())
        ):
            return None
    if _MAYBE & set(words(prepared.low)):
        return None
    return zero[0]


_TURNS_BACK = re.compile(r"\b(?:though|however|nevertheless|that\s+said)\b")


def _answers_after_declining(prepared: Prepared, refusal: str) -> bool:
    """Whether, in a sentence after the one that declines, the answer turns ("though",
    "however") and states the figure's seeing all the same."""
    at = prepared.low.find(refusal)
    later = [start for start, _ in prepared.sentences if start > at]
    if at < 0 or not later:
        return False
    turn = _TURNS_BACK.search(prepared.low, later[0])
    return (
        turn is not None
        and seeing_statement(prepare(prepared.text[turn.end() :]), speaker=False) is not None
    )


@dataclass(frozen=True)
class _Chosen:
    """What the objections to a chosen option look at."""

    letter: str
    options: Mapping[str, str]
    question: str | None
    prepared: Prepared
    mentions: list[_Mention]
    affirmed: list[_Mention]
    refusal: str | None
    """The refusal phrase of the answer, if any."""
    reasoning: str = ""
    """The answer's reasoning block (`<think>`), if any."""

    @property
    def value(self) -> str:
        return str(self.options[self.letter]).strip().casefold().strip(".!")

    @property
    def asks_seeing(self) -> bool:
        return asks_seeing(self.question)

    @property
    def own_text(self) -> list[_Mention]:
        return [m for m in self.mentions if not m.label and m.letter == self.letter]


def _refusal_beside(c: _Chosen) -> bool:
    """ "I can't tell, so B"; "none of the four options ...": a refusal beside an option."""
    return c.refusal is not None and not is_hedged_refusal(c.prepared, c.refusal)


def _statement_disagrees(c: _Chosen) -> bool:
    """Yes/No options: "It cannot see the bicycle. Answer: Yes"; "Nein. A" (A "Yes")."""
    if c.value not in _YES | _NO:
        return False
    said = "yes" if c.value in _YES else "no"
    # the speaker's own seeing is the figure's unless the question is known to ask about it
    # in the third person ("I can see its face printing": the model looking, r293)
    speaker = c.question is None or _ADDRESSED.search(c.question.lower()) is not None
    seen = [
        (value, clause)
        for value, clause in seeing_clauses(c.prepared, speaker=speaker)
        if not _sees_another_thing(c.prepared.clause_text(clause), c.question)
    ]
    return (bool(seen) and seen[-1][0] != said) or opening_answer(c.prepared.low) not in (
        None,
        said,
    )


_SEEN_THING = re.compile(
    rf"\b{SEE_VERBS}\s+(?:the|a|an)\s+(?:[a-z]+\s+){{0,2}}?(?P<thing>[a-z]+)\b"
)


def _sees_another_thing(clause: str, question: str | None) -> bool:
    """Whether a seeing statement names what it sees, and not the asked thing ("I can see the
    fence in front of me, though." to "Can you see the dog?", r319)."""
    asked = _ASKED_SEEN.search((question or "").lower())
    named = _SEEN_THING.search(clause)
    return asked is not None and named is not None and asked.group("thing") not in clause


def _answers_presence(c: _Chosen) -> bool:
    """ "Yes, the lamp is present in the image": whether it is there, not whether it is seen."""
    return (
        c.value in _YES | _NO
        and c.asks_seeing
        and seeing_statement(c.prepared) is None
        and bool(_PRESENCE.search(c.prepared.low))
    )


def _reasoning_disagrees(c: _Chosen) -> bool:
    """The reasoning's own conclusion or explanation points to another option."""
    return _reasoning_points_elsewhere(
        c.prepared, c.letter, c.options, c.affirmed, c.question
    ) or _explains_another(c.prepared, c.letter, c.options)


_CONCLUDED_COUNT = re.compile(
    rf"(?:{_SO_WORDS}|\bthat\s+makes\b)[^.\n]{{0,40}}?"
    rf"\b(\d+|{'|'.join(w for w in NUMBER_WORDS[:11] if w != 'one')})\b"
)
"""A conclusion's count ("so he sees 3"; not a total, which is no answer to what is seen, and
not "one", a pronoun as often as a number)."""


def _declared_at(c: _Chosen) -> int:
    """Where the last label of the chosen letter stands (0 when none): the reasoning is before."""
    return max((m.start for m in c.affirmed if m.label and m.letter == c.letter), default=0)


def _concludes_no_option(c: _Chosen) -> bool:
    """A count question whose reasoning's last conclusion is a number no option has ("...
    that makes 3 red dots.\n\nAnswer: B" with A. 4 / B. 2, r245): the letter answers what the
    reasoning did not find."""
    values = {_number(str(v).strip().casefold()) for v in c.options.values()}
    if None in values:
        return False
    final = _declared_at(c)
    found = list(_CONCLUDED_COUNT.finditer(c.prepared.low, 0, final))  # before a declared letter
    return bool(found) and _number(found[-1].group(1)) not in values


_CONCLUDED_SEEN = re.compile(
    rf"{_SO_WORDS}(?P<between>[^.\n]{{0,40}}?)\b(?:sees?|can\s+see)\s+(?:only\s+|just\s+)?"
    rf"(?P<count>\d+|{'|'.join(NUMBER_WORDS[:11])})\b"
)
"""A conclusion's count of what is seen, "one" too: after a seeing verb it is a number ("So
she can see 2 of the 3 paintings"; "So I only see one.", r285; "so of the 3
dots he sees 2")."""


def _concludes_another_count(c: _Chosen) -> bool:
    """ "... So she can see 2 of the 3 paintings.\nAnswer: C" (A = 2, C = 3; r277): the last
    conclusion before the declared letter counts what is seen, and its count is another
    option's value. A conclusion that negates its seeing ("so he doesn't see two") counts
    nothing."""
    mine = _number(c.value)
    if mine is None:
        return False
    final = _declared_at(c)
    found = [
        m
        for m in _CONCLUDED_SEEN.finditer(c.prepared.low, 0, final)
        if not negation_cues(m.group("between"))
    ]
    return (
        bool(found)
        and _sentence_of(c.prepared, final) - _sentence_of(c.prepared, found[-1].end()) <= 1
        and _number(found[-1].group("count")) != mine
    )


def _other_text_beside_letter(c: _Chosen) -> bool:
    """ "the bicycle is on his right, which corresponds to option A" (A = on his left): in one
    sentence another option's text and a letter whose text it never names."""
    return not c.own_text and _letter_beside_other_text(c.prepared, c.letter, c.affirmed)


_SEES_SOME = re.compile(
    r"\b(?:sees?|can\s+see)\s+(?:only\s+)?(?:the\s+ones|those|the\s+(?:[a-z]+\s+)?dots)\s+"
    r"(?:in\s+front|ahead|on\s+the\s+wall|that|which|he|she|facing)\b"
)
"""A statement that the person sees some of the things counted ("he sees the ones in front of
him")."""


def _the_total_not_the_seen(c: _Chosen) -> bool:
    """ "he can see 3 purple dots ... In total there are 4. Answer: B" (B = 4): the letter is
    the total, not what the figure sees."""
    if not c.asks_seeing:
        return False
    seen = _values_in(c.prepared, c.affirmed, _SEES, plain=True)
    if seen and c.letter not in seen:
        return True  # "He sees 0 red dots. Answer: B" (B = 2; r33)
    seen = _values_in(c.prepared, c.affirmed, _SEES)
    total = _values_in(c.prepared, c.affirmed, _TOTAL)
    if c.letter in seen or c.letter not in total:
        return False
    # "4 red dots in the picture in total ... He sees the ones in front of him. Answer: B" (B =
    # 4; r339): the total alone, beside a statement that only some of them are seen
    return bool(seen) or (total == {c.letter} and _SEES_SOME.search(c.prepared.low) is not None)


def _none_seen_not_the_zero(c: _Chosen) -> bool:
    """ "I cannot see any red dots because they are all behind me. A" (A = 2, B = 0; r309): the
    answer's one statement that none is seen reads the 0 option, not the letter given."""
    zero = _nothing_seen(c.prepared, c.options, c.question)
    return zero is not None and zero != c.letter


def _own_text_ruled_out(c: _Chosen) -> bool:
    """ "She is looking at the laptop, not the book. Answer: A" (A = the book): the answer
    names its letter's text only to rule it out."""
    own = c.own_text
    return bool(own) and all(_ruled_out(c.prepared, m, c.affirmed) for m in own)


_ASKED_WHERE = re.compile(
    r"\b(?:where|in\s+which\s+direction|which\s+direction)\s+(?:is|are|would|will|does|do)\s+"
    r"(?:the\s+)?(?P<thing>[a-z][a-z' -]{0,40}?)\s*(?:\?|\bbe\b|\blocated\b|\bfrom\b|\brelative\b"
    r"|\blie\b|\bsit\b)"
)
"""The thing a direction question asks about ("in which direction is the front wheel?", "in
which direction would the sink be from you?")."""
_ASKED_EXTREME = re.compile(
    r"\bwhich\b.*?\b(?P<role>[a-z]+most|closest|nearest|farthest|furthest)\b"
)
"""The role a "which ... is leftmost?" question asks for."""
_ASKED_SIDE = re.compile(
    r"\b(?:what|which)\b.*?\b(?:on|to)\s+(?:your|his|her|their|the\s+[\w-]+'s)\s+"
    r"(?P<side>left|right)\b"
)
"""The side a "what would be on your right?" question asks for (not "is the chair on your
left or on your right?", whose options are the sides)."""
_PERSONS = r"(?:my|your|his|her|their)"
"""The possessives of the person asked about (or of the speaker as that person)."""
_OWN_SIDE = rf"\b(?:{_PERSONS}|the\s+[\w-]+'s)\s+{{}}\b"


def _other_option_in_the_asked_role(c: _Chosen) -> bool:
    """ "The leftmost item from her perspective is the salt shaker. Answer: A" (A = a pepper
    grinder, C = a salt shaker; r35); "... a blue cooler, which would be on his right. ... B"
    to "what would be on your right?" (A = the cooler; v5): the sentences that name the asked
    role give it, by their distinctive words, to one other option and never to the letter's.
    An extreme ("leftmost") counts in no frame but the person's, with the thing after it; the
    person's own side ("his right") counts wherever it is said, with the thing anywhere in its
    sentence."""
    low = c.question.lower() if c.question else ""
    extreme, side = _ASKED_EXTREME.search(low), _ASKED_SIDE.search(low)
    if extreme is None and side is None:
        return False
    _, distinctive = _option_words(c.options, _STOPWORDS | _FILLER)
    given: set[str] = set()
    for start, end in c.prepared.sentences:
        sentence = c.prepared.low[start:end]
        if extreme is not None:
            role = re.search(rf"\b{extreme.group('role')}\b", sentence)
            if role is None or _other_frame_in(sentence):
                continue
            named_in = set(words(sentence[role.end() :]))
        else:
            role = re.search(_OWN_SIDE.format(side.group("side")), sentence)
            if role is None:
                continue
            named_in = set(words(sentence[: role.start()] + " " + sentence[role.end() :]))
        named = {k for k, ws in distinctive.items() if ws and ws <= named_in}
        if len(named) == 1:
            given |= named
    return len(given) == 1 and c.letter not in given


_OWNED_PLACE = re.compile(rf"\b{_PERSONS}\s+$")


def _asked_thing_placed_elsewhere(c: _Chosen) -> bool:
    """ "The front wheel is to his right. So the answer is D. left.": a sentence of the
    reasoning places the asked thing at another option's text, in no frame but the person's,
    and never at the letter's: the reasoning concludes one option, the letter names another.
    Only the places after the last self-correction count."""
    asked = _ASKED_WHERE.search(c.question.lower()) if c.question else None
    if asked is None:
        return False
    named = [w for w in words(asked.group("thing")) if w not in _STOPWORDS]
    thing = set(named[-1:])  # its head noun: "the chain" names "the bike chain" (r51)
    correction = retraction(c.prepared)
    placed: dict[int, set[str]] = {}
    for m in c.affirmed:
        if m.label or (correction is not None and m.start < correction.start()):
            continue  # a place given up by a self-correction ("... his left... no — ") is none
        index = _sentence_of(c.prepared, m.start)
        if index < 0:
            continue
        start, end = c.prepared.sentences[index]
        sentence = c.prepared.low[start:end]
        before = c.prepared.low[start : m.start]  # the thing, then where it is
        # in no frame but the person's: the sentence names no other, or the place is the
        # person's own side ("... on the right side of the image, which means it is on his
        # left", r43)
        own = _OWNED_PLACE.search(before) is not None
        if thing <= set(words(before)) and (own or not _other_frame_in(sentence)):
            placed.setdefault(index, set()).add(m.letter)
    if any(c.letter in letters for letters in placed.values()):
        return False
    return any(len(letters) == 1 for letters in placed.values())  # not a walk through options


_ASKS_VISIBLE = re.compile(r"\b(?:which|what)\b.*\b(?:visible|see|sees|seen|line\s+of\s+sight)\b")
"""A question asking which things are in sight (not "can she see the cat?", whose options are
verdicts)."""
_OUT_OF_SIGHT = re.compile(
    r"\bbehind\s+(?:him|her|them|me)\b|\bout\s+of\s+(?:his|her|their|my)\s+(?:view|sight)\b"
)


def _reasoned_out_of_sight(c: _Chosen) -> bool:
    """ "<think>... The glass bowl is on the table behind him. ...</think> C" (C = a glass
    bowl) to "which items are visible?" (r35), or the same in the visible answer (r233): the
    reasoning puts the chosen thing out of the person's sight, so it does not conclude the
    letter."""
    low = (c.question or "").lower()
    if not _ASKS_VISIBLE.search(low) or negated_question(low):
        return False  # "which one can she NOT see?" asks for the thing out of sight
    _, distinctive = _option_words(c.options, _STOPWORDS | _FILLER)
    mine = {w for w in distinctive.get(c.letter, ()) if not w.isdigit()}  # a count is no thing
    # the reasoning block, or the visible answer's own reasoning ("The drum kit is behind him
    # ... Answer: B", r233)
    read = prepare(c.reasoning) if c.reasoning else c.prepared
    spans = read.sentences if c.reasoning else [(k.start, k.end) for k in read.clauses]
    return bool(mine) and any(
        mine <= set(words(read.low[start:end]))
        and (found := _OUT_OF_SIGHT.search(read.low, start, end)) is not None
        and not mine <= set(words(found.group()))  # "behind" the option, not where it is
        for start, end in spans
    )


def _declares_several(c: _Chosen) -> bool:
    """ "Answer: C\nAnswer: D" (r231): two declared answers naming different letters, nothing
    between them turning to a new answer ("However, ...", "Looking more carefully: ..."): the
    last is not the answer more than the first."""
    low = c.prepared.low
    declared: list[tuple[int, str]] = []
    for m in _FINAL_STATEMENT.finditer(low):
        clause = c.prepared.clause_at(m.end()) or c.prepared.clause_at(m.start())
        end = max(clause.end if clause is not None else len(low), m.end() + 4)
        following = [x for x in c.mentions if x.label and m.end() <= x.start < end]
        if following and "not" not in words(low[m.end() : following[0].start]):
            declared.append((m.end(), following[0].letter))
    return any(
        a != b and not _CHANGE_OF_MIND.search(low, at_a, at_b)
        for (at_a, a), (at_b, b) in zip(declared, declared[1:], strict=False)
    )


def _body_and_head_differ(c: _Chosen) -> bool:
    """ "going by my body, the car is in front of me (A), but going by where my head is turned,
    it is to my left (B)" (r351): the body's facing and the head's each name an option, and
    not the same (`reading.body_and_head`)."""
    parts = body_and_head(c.prepared)
    if parts is None:
        return False
    named = [{m.letter for m in c.affirmed if i <= m.start < j} for i, j in parts]
    return all(named) and named[0] != named[1]


_CHANGE_OF_MIND = re.compile(
    r"\b(?:however|but|instead|actually|correct|carefully|closely|again|wait|reconsider\w*)\b"
)


OBJECTIONS: tuple[Objection[_Chosen], ...] = (
    Objection("refusal_mixed", _refusal_beside),
    Objection("several_declared", _declares_several),
    Objection("body_and_head", _body_and_head_differ),
    Objection("statement_disagrees", _statement_disagrees),
    Objection("answers_presence", _answers_presence),
    Objection("reasoning_disagrees", _reasoning_disagrees),
    Objection("reasoning_disagrees", _asked_thing_placed_elsewhere),
    Objection("reasoning_disagrees", _other_option_in_the_asked_role),
    Objection("reasoning_disagrees", _reasoned_out_of_sight),
    Objection("reasoning_disagrees", _concludes_no_option),
    Objection("reasoning_disagrees", _concludes_another_count),
    Objection("text_disagrees", _other_text_beside_letter),
    Objection("text_disagrees", _the_total_not_the_seen),
    Objection("text_disagrees", _none_seen_not_the_zero),
    Objection("text_disagrees", _own_text_ruled_out),
)
"""The witnesses that may object to the option the readers agreed on, in order."""


_ASKS_DIRECTION = re.compile(r"\b(?:which|what)\s+direction\b|\bwhere\s+(?:is|are|would)\b")
_PLACED_THING = re.compile(
    r"\b(?:is|are|would|will)\s+the\s+(?:[a-z-]+\s+){0,2}?(?P<thing>[a-z-]+)"
    r"(?=\s+(?:be|from|relative|located|positioned|placed)\b|\s*\?)"
)


@functools.lru_cache(maxsize=64)
def _asked_placed(question: str | None) -> re.Pattern[str] | None:
    """For a question asking where a thing is ("In which direction is the stove from him?"),
    what follows a direction said of that thing instead: "in front *of the stove*" places
    something else relative to it, the relation said the other way round, which a person's
    own front and back do not turn (r137)."""
    if question is None or not _ASKS_DIRECTION.search(question.lower()):
        return None
    placed = _PLACED_THING.search(question.lower())
    if placed is None:
        return None
    return re.compile(rf"\s+of\s+(?:the\s+)?(?:[a-z-]+\s+){{0,2}}?{re.escape(placed['thing'])}\b")


_ANOTHER_LANGUAGE = frozenset({"script", "language"})


def _block_concludes_other(
    hidden: str, options: Mapping[str, str], question: str | None, declared: set[str]
) -> bool:
    """Whether a reasoning block concludes another option than the visible answer declares,
    read as a whole or by its last sentence alone, under the question asked ("<think>... So
    the minifigure cannot see the tree.</think>\nB", B = Yes, r373; "<think>... toward the left
    of the image ... So the car is in front of him.</think>\nAnswer: A", A = left)."""
    block = prepare(hidden)
    texts = [hidden]
    if block.sentences and _SO.match(last := block.sentence_text(-1).lstrip()):
        texts.append(last)  # "... So the car is in front of him.": its conclusion
    return any(
        read_option(t, options, question=question).letter in set(options) - declared for t in texts
    )


_IMAGE_SIDE = re.compile(IMAGE_SIDE)


def read_option(
    answer: str | None, options: Mapping[str, str], *, question: str | None = None
) -> OptionReading:
    """Read which option a free-text answer commits to (see the module docstring).

    Args:
        answer: the model's answer as it came back (reasoning blocks included).
        options: letter -> option text or value, in the order shown.
        question: the question asked, when known. A question that asks for what is
            *not* the case ("Which object can the boy NOT see?") is answered by letter
            only: an option's text named in the answer may be what it excludes ("He
            can see the ball, ... but not the tree").
    """
    if question is not None and negated_question(question):
        labels_only = read_option(answer, {letter: "" for letter in options})
        return labels_only
    prepared = prepare(answer)
    if prepared.problem is not None:
        return OptionReading(None, prepared.problem)
    letters = set(options)
    echo = _echo_spans(prepared, options)
    if echo:  # read what is left of the answer once the copied option list is set aside
        kept = list(prepared.text)
        for start, end in echo:
            kept[start:end] = "\n" * (end - start)
        prepared = prepare("".join(kept))
        if prepared.problem is not None:
            return OptionReading(None, "options_echoed")
    taken = premise_taken(prepared) if asks_seeing(question) else None
    if taken is not None:  # "... cannot actually see. But if it could, ... so yes. A"
        at = rejects_premise_at(prepared)
        before = prepared.text[:at]
        if not (bare_answer(prepare(before)) and read_option(before, options).letter in letters):
            before = ""  # no bare answer before the rejection
        elif not in_brackets(prepared.low, at):  # "B. Toys cannot see, but if it could, ...":
            return OptionReading(None, "rejects_premise")  # the rejection stands, as for a No
        # an answer given before a rejection in brackets is read with the one under the premise
        # ("A\n\n(Minifigures can't actually see, of course, but assuming they could, ...)", r307)
        return read_option(before + "\n" + prepared.text[taken:], options, question=question)
    mentions = sorted(
        _labels(prepared, letters) + _values(prepared, options), key=lambda m: m.start
    )
    sides = [m.span() for m in _IMAGE_SIDE.finditer(prepared.low)]
    if sides:  # "The lamp is on the left side of the image.": the image's left, not the boy's
        mentions = [m for m in mentions if m.label or not any(a <= m.start < b for a, b in sides)]
    asked = _asked_placed(question)
    if asked is not None:  # "The man is standing in front of the stove": the stove's side of him
        mentions = [m for m in mentions if m.label or not asked.match(prepared.low, m.end)]
    affirmed = _affirmed(prepared, mentions)
    readings = {
        name: letter
        for name, letter in (
            ("lead", _lead(prepared, mentions, affirmed)),
            ("stated", _stated(prepared, mentions, affirmed)),
            ("short", _short(prepared, affirmed, options, sides)),
            ("paraphrase", _paraphrase(prepared, affirmed, options)),
            ("concluding", _concluding(prepared, affirmed)),
            ("labelled", _labelled(prepared, mentions, affirmed)),
            ("excluded", _excluded(prepared, mentions, affirmed, options)),
        )
        if letter is not None
    }
    if not readings and (seen := _seen_count(prepared, mentions, affirmed, question)):
        readings["seen"] = seen  # "There are 4 red dots in the picture. The woman sees 3 of them."
    signs = doubts(prepared)
    if set(signs) <= _ANOTHER_LANGUAGE and (signs or not readings):
        # "Der Spiegel ist direkt vor mir. Antwort: B", "Non, je ne peux pas la voir.": read
        # in its narrowest shapes (`other_languages`), never against an English reading
        other = other_language_option(prepared.text, options)
        if other is not None and set(readings.values()) <= {other}:
            signs, readings = [], {**readings, "other_language": other}
    if asks_seeing(question) and rejects_premise(prepared):
        if not signs and not readings and refuses_by_premise(prepared):
            # "Lego minifigures are toys and do not have the ability to see, so I cannot say":
            # the paper's failed answer (Isle-Brick-V2, 001, line 114), its "cannot see" no No
            return OptionReading(NO_OPTION, "refuses_premise", readings)
        signs.insert(0, "rejects_premise")  # "As a toy it cannot actually see, so No"
    if signs == ["retraction"]:
        return _corrected(prepared, options, readings)
    if signs:
        return OptionReading(None, signs[0], readings)
    hidden = reasoning_of(answer)
    if (
        hidden
        and len(set(readings.values())) == 1
        and _block_concludes_other(hidden, options, question, set(readings.values()))
    ):
        return OptionReading(None, "reasoning_disagrees", readings)
    if (
        set(readings) == {"concluding"}
        and len({m.letter for m in affirmed if not m.label}) > 1
        and _labelled_text(prepared, affirmed[-2:]) != {readings["concluding"]}
    ):
        # "There are 5 yellow dots. However, ..., so only 4 are fully visible.": the answer
        # states two options' values and only its last "so" picks one (unless it ends on that
        # option's text with its own label: "Therefore, she sees the metal faucet (B).", r39)
        return OptionReading(None, "readers_disagree", readings)
    if _SEVERAL in readings.values():
        return OptionReading(None, "several_options", readings)
    chosen = set(readings.values())
    if len(chosen) > 1:
        return OptionReading(None, "readers_disagree", readings)
    refusal = refusal_phrase(prepared)
    if hesitates(prepared) and (refusal is None or chosen):
        return OptionReading(None, "hesitates", readings)
    if not chosen:
        seen = (
            _seeing_answer(prepared, options, question)
            or _nothing_seen(prepared, options, question)
            if refusal is None
            else None
        )
        if seen is not None:
            chose = _Chosen(seen, options, question, prepared, mentions, affirmed, refusal, hidden)
            objection = first_objection(OBJECTIONS, chose)
            return OptionReading(
                None if objection else seen, objection or "seeing_statement", readings
            )
        if echo:
            return OptionReading(None, "options_echoed", readings)
        if refusal is not None and not mentions:
            if leans_beside(prepared, refusal):  # "I think so, but I can't be sure"
                return OptionReading(None, "tentative_answer", readings)
            if asks_seeing(question) and _answers_after_declining(prepared, refusal):
                # "I'm sorry, but I can't pretend to be the figure. Based on the image, though,
                # ... it would be able to see it." (r319): it declines, and answers all the same
                return OptionReading(None, "refusal_mixed", readings)
            return OptionReading(NO_OPTION, "refusal", readings)
        if not mentions and unfinished_fragment(prepared):  # "The man is looking at the"
            return OptionReading(NO_OPTION, "unfinished", readings)
        return OptionReading(None, "no_reading", readings)
    letter = chosen.pop()
    if letter not in letters:
        return OptionReading(None, "not_an_option", readings)
    chose = _Chosen(letter, options, question, prepared, mentions, affirmed, refusal, hidden)
    objection = first_objection(OBJECTIONS, chose)
    if objection is not None:
        return OptionReading(None, objection, readings)
    return OptionReading(letter, "+".join(readings), readings)

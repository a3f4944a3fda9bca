"""Isle-Brick-V2's extraction rules: the answer components a free-text answer gives.

Isle-Brick-V2 scores a free-text answer by *prediction correctness* (the
generic scorer `vpt_tasks.scorers.set_precision`): the set M of basic answer
components mentioned in the response ("northeast" -> {north, east}; "back and
slightly to the left" -> {back, left}; "1 object: a dog" -> {1}; "Yes, it can"
-> {yes}) is compared with the gold set G, and the score is
P = |M ∩ G| / |M| (0 when M is empty, i.e. a refusal or disclaimer).  The paper
extracted M by hand; this module does it with a small, deterministic set of
rules, one extractor per question kind (count, yesno, cardinal, egocentric),
so that every score is reproducible and auditable.

Pipeline (see :func:`extract_components`)::

    prepare (the shared normaliser of `scorers.reading`) -> strip question echo
              -> strip option lists -> mask disclaimers
              -> mask non-answer context -> pick the answer segment -> extract

Each stage only ever *blanks* text (replaces it with spaces), so character
offsets stay aligned and a later rule can never read a word that an earlier
rule decided was not part of the answer.

With `first_person=True` (the question was asked in the first person, the
model addressed as the minifigure: `-T solver=first_person`) the model's own
frame *is* the minifigure's: "to my left", "from my perspective", "I am facing
north", "it is behind me", "Yes, I can see it" and "I am unable to see the dog"
are answers, where in a third-person answer "my left" is the viewer's.

What is read is the *visible* answer of :func:`vpt_tasks.scorers.reading.prepare`
(reasoning blocks removed, text normalised), the same first step as every other
scorer that reads free text; :func:`read_components` also says when the rules
cannot settle an answer (the shared signs of doubt), so that it goes to the
grader or is counted as undecided.

This module is pure (standard library, `vpt_tasks.core.text` and
`vpt_tasks.scorers.reading`) and has no Inspect dependency.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal, NamedTuple

from vpt_tasks.core.text import NUMBER_WORDS, number_word_value
from vpt_tasks.scorers.objections import Objection, first_objection
from vpt_tasks.scorers.other_languages import other_language_components
from vpt_tasks.scorers.reading import (
    ANSWER_WORD,
    FIELD_OF_VIEW,
    HEDGE_WORDS,
    HESITATION,
    IMAGE_SIDE,
    OWN_PART_VISIBLE,
    OWNERS,
    PARTLY,
    REFUSAL,
    REFUSAL_FIRST_PERSON,
    SEE_VERBS,
    YES_WORDS,
    Prepared,
    absence_spans,
    asks_seeing,
    blank,
    body_and_head,
    doubts,
    figure_frame_statements,
    hesitates,
    negation_cues,
    premise_taken,
    prepare,
    reasoning_of,
    reckoned_possibility,
    refuses_by_premise,
    rejects_premise,
    retraction,
    role_premises,
    seeing_statement,
    seeing_statements,
    side_by_side,
    stands_as_answer,
    tentative_answer,
    unfinished_fragment,
    words,
)

__all__ = [
    "QUESTION_KINDS",
    "ComponentReading",
    "QuestionKind",
    "VOCABULARY",
    "extract_components",
    "read_components",
]

QuestionKind = Literal["count", "yesno", "cardinal", "egocentric"]

#: Which extractor each Isle-Brick-V2 question uses.
QUESTION_KINDS: dict[str, QuestionKind] = {
    "Q1": "count",
    "Q2": "count",
    "Q3": "yesno",
    "Q4": "cardinal",
    "Q5": "cardinal",
    "Q6": "yesno",
    "Q7": "egocentric",
}

#: Closed vocabularies (counts are open: any non-negative integer as digits).
VOCABULARY: dict[QuestionKind, frozenset[str] | None] = {
    "count": None,
    "yesno": frozenset({"yes", "no"}),
    "cardinal": frozenset({"north", "east", "south", "west"}),
    "egocentric": frozenset({"front", "back", "left", "right"}),
}

#: Components one gold set never holds together: an answer naming both says two things.
EXCLUSIVE: dict[QuestionKind, tuple[frozenset[str], ...]] = {
    "yesno": (frozenset({"yes", "no"}),),
    "cardinal": (frozenset({"north", "south"}), frozenset({"east", "west"})),
    "egocentric": (frozenset({"front", "back"}), frozenset({"left", "right"})),
}

_FLAGS = re.IGNORECASE
_PICTURE = r"(?:image|picture|photo|photograph)"
_PICTURE_OR_FRAME = rf"(?:{_PICTURE}|frame)"
_WORD = re.compile(r"[A-Za-z0-9']+")


# --------------------------------------------------------------------------
# small helpers


def _blank_matches(text: str, pattern: re.Pattern[str]) -> str:
    return blank(text, (m.span() for m in pattern.finditer(text)))


# --------------------------------------------------------------------------
# 2. question echo

_ECHO_MIN_RUN = 5


def _strip_question_echo(text: str, question: str | None) -> str:
    """Blank every run of >= 5 consecutive words shared with the question.

    Chat models often restate the question ("To determine in which cardinal
    direction (i.e., north, west, east, or south) the dog is located ...")
    before answering.  The restatement lists the whole vocabulary, which would
    turn every answer into a four-way compound.  Five words is long enough
    that an answer's own wording ("the dog is to the east") is never removed,
    and short enough to catch paraphrased echoes that keep the option list.
    """
    if not question:
        return text
    a_tokens = [(m.group().lower(), m.start(), m.end()) for m in _WORD.finditer(text)]
    q_tokens = [t.lower() for t in _WORD.findall(prepare(question).text)]
    if not a_tokens or not q_tokens:
        return text
    run_at = [0] * len(a_tokens)  # longest shared run ending at answer token i
    prev = [0] * (len(q_tokens) + 1)
    for i, (tok, _, _) in enumerate(a_tokens):
        cur = [0] * (len(q_tokens) + 1)
        for j, q_tok in enumerate(q_tokens):
            if tok == q_tok:
                cur[j + 1] = prev[j] + 1
                run_at[i] = max(run_at[i], cur[j + 1])
        prev = cur
    marked = [False] * len(a_tokens)
    for i, run in enumerate(run_at):
        if run >= _ECHO_MIN_RUN:
            for k in range(i - run + 1, i + 1):
                marked[k] = True
    spans = []
    i = 0
    while i < len(a_tokens):
        if marked[i]:
            j = i
            while j + 1 < len(a_tokens) and marked[j + 1]:
                j += 1
            spans.append((a_tokens[i][1], a_tokens[j][2]))
            i = j + 1
        else:
            i += 1
    return blank(text, spans)


# --------------------------------------------------------------------------
# 3. option lists


def _option_list(terms: str) -> re.Pattern[str]:
    term = rf"(?<![\w-])(?:{terms})(?![\w-])"
    sep = r"\s*(?:,\s*(?:or|and)\b|,|/|\bor\b|\band\b)\s*"
    return re.compile(rf"{term}(?:{sep}{term}){{2,}}", _FLAGS)


_OPTION_LISTS: dict[QuestionKind, re.Pattern[str]] = {
    "cardinal": _option_list("north|south|east|west"),
    "egocentric": _option_list("front|back|left|right|behind"),
    "yesno": re.compile(r"\byes\s*(?:/|\bor\b)\s*no\b|\bno\s*(?:/|\bor\b)\s*yes\b", _FLAGS),
}


_SAME_TERM = {"behind": "back"}


def _strip_option_lists(text: str, kind: QuestionKind) -> str:
    """Blank enumerations of *all* the answer options.

    "north, west, east, or south", "(i.e., north, west, east or south)",
    "front, left, right, or back" and "yes or no" list every option (usually copied
    from the question): no answer. A list of three of the four ("north, east or
    south") is kept: it offers alternatives, and its components contradict each other,
    so the answer is undecided rather than read as a refusal.
    """
    pattern = _OPTION_LISTS.get(kind)
    if pattern is None:
        return text
    every = VOCABULARY[kind] or frozenset()
    spans = []
    for m in pattern.finditer(text):
        named = {_SAME_TERM.get(w, w) for w in _WORD.findall(m.group(0).lower())}
        if kind == "yesno" or every <= named:
            spans.append(m.span())
    return blank(text, spans)


# --------------------------------------------------------------------------
# 4. disclaimers

_CLAUSE_START = re.compile(r"[,;:.!?\n]|\s-\s|\b(?:but|however|though|yet)\b", _FLAGS)
_SENTENCE_END = re.compile(
    r"[.!?;\n]|\b(?:but|however|though|yet|nevertheless|nonetheless)\b", _FLAGS
)
_CONCESSIVE = re.compile(
    r"\W*(?:although|though|while|whilst|even\s+(?:though|if)|despite)\b", _FLAGS
)


def _refusal(first_person: bool) -> re.Pattern[str]:
    """The refusal phrases of an answer: in the first person "I can't see the dog" answers."""
    return REFUSAL_FIRST_PERSON if first_person else REFUSAL


def _mask_disclaimers(text: str, first_person: bool = False) -> str:
    """Blank clauses that refuse or hedge without answering.

    "I'm sorry, I can't determine the direction..." or "It is impossible to tell
    from the image whether it is north or east" name options without choosing
    one: what the paper's Table 4 counts as *disclaimers* ("the model failed to provide a
    relevant answer"). M is empty and the score 0 (the paper's P = |M ∩ G| / |M| is
    undefined for an empty M; it does not say how it scored one).
    Only the disclaiming clause is removed -- from the preceding comma or
    connective to the end of the sentence, or to a contrastive "but/however"
    ("It's hard to tell, but the dog seems to be east" keeps "east"), or, for a
    concessive opener ("Although it is difficult to be certain, ..."), to the
    next comma.
    """
    spans = []
    pattern = _refusal(first_person)
    for m in (*pattern.finditer(text), *HESITATION.finditer(text)):
        start = 0
        for b in _CLAUSE_START.finditer(text, 0, m.start()):
            start = b.end()
        concessive = _CONCESSIVE.match(text, start)
        if concessive:
            comma = text.find(",", m.end())
            sentence = _SENTENCE_END.search(text, m.end())
            candidates = [p for p in (comma, sentence.start() if sentence else -1) if p >= 0]
            end = min(candidates) if candidates else len(text)
        else:
            stop = _SENTENCE_END.search(text, m.end())
            end = stop.start() if stop else len(text)
        spans.append((start, end))
    return blank(text, spans)


# --------------------------------------------------------------------------
# 5. non-answer context

_SENTENCE = re.compile(r"[^.?!\n]+[.?!\n]*")
_EMBEDDED_QUESTION = re.compile(r"\b(?:whether|if)\b[^.?!;,\n]*", _FLAGS)
_NORTH_PREMISE = re.compile(
    # the premise as a condition is none: "which would be south if the top of the image is north"
    r"(?:\b(?:if|assuming|provided)\s+(?:that\s+)?(?:the\s+)?)?"
    r"\b(?:top|upper\s+(?:edge|side|part))\b(?:\s+[\w']+){0,3}?\s+"
    r"(?:is|as|being|=|represents|corresponds\s+to|points?\s+(?:to(?:wards?)?)?)\s+(?:the\s+)?north\b"
    r"|\bnorth\b\s+(?:is|being|as|=)\s+(?:at\s+)?(?:the\s+)?(?:top|up)\b"
    # "With north at the top, ...", "taking north as up": the premise, opened as one
    r"|\b(?:with|taking|having|treating|given|assuming)\s+(?:the\s+)?north\s+"
    r"(?:being\s+|as\s+|is\s+|pointing\s+)?(?:at\s+|to(?:wards?)?\s+)?(?:the\s+)?(?:top|up)\b",
    _FLAGS,
)
_FACING_CARDINAL = re.compile(
    r"\b(?:fac(?:ing|es?)|looking|oriented|turned)\s+(?:to(?:wards?)?\s+)?(?:the\s+)?"
    r"(?:(?:north|south)[\s-]?)?(?:north|south|east|west)(?:ern|erly|wards?)?\b",
    _FLAGS,
)
_CONDITION_WORD = re.compile(r"\b(?:if|unless)\b", _FLAGS)
_MODAL = re.compile(r"\b(?:would|could|might)\b|\b\w+'d\b", _FLAGS)
_CLAUSE_END = re.compile(r"[,;:]|\s-\s|\b(?:but|however|though|whereas|yet)\b", _FLAGS)


def _mask_counterfactuals(text: str) -> str:
    """Blank the clauses of a conditional sentence that say what would be ("The cat would be
    in front of it if it turned around"; "If it turned, it would see the goblet, but as it
    stands it cannot see it" keeps the last clause): not how the scene is."""
    spans = []
    text = blank(text, role_premises(text))  # "If I were the minifigure, ..." is the role
    for sentence in _SENTENCE.finditer(text):
        if not _CONDITION_WORD.search(sentence.group()) or reckoned_possibility(
            sentence.group(), text
        ):
            continue
        start = sentence.start()
        for end in [
            *(m.start() for m in _CLAUSE_END.finditer(text, start, sentence.end())),
            sentence.end(),
        ]:
            if _MODAL.search(text, start, end):
                spans.append((start, end))
            start = end
    return blank(text, spans)


_ANGLE_FROM = re.compile(
    r"\b(?:(?:counter-?|anti-?)?clockwise|degrees?|quarter-?turn|half-?turn|turn)\s+(?:\w+\s+)?"
    r"(?:from|of|past|off)\s+(?:due\s+)?(?:the\s+)?(?:(?:north|south)[\s-]?)?(?:north|south|east|west)\w*"
    r"|°\s*(?:(?:counter-?|anti-?)?clockwise\s+)?(?:from|of|past|off)\s+(?:due\s+)?(?:north|south|east|west)\w*",
    _FLAGS,
)
"""A direction given as an angle from another ("90° clockwise from north"): the reference is
not the answer."""
_IMAGE_REGION = re.compile(
    r"\b(?:north|south|east|west|top|bottom|upper|lower|left|right)(?:ern)?(?:[\s-]*(?:north|south|east|west)(?:ern)?)?"
    r"(?:[\s-]+(?:hand|most))?\s+(?:part|half|side|edge|corner|region|area|portion|section|quarter)s?\s+"
    r"of\s+the\s+(?:image|picture|photo|photograph|frame|scene|baseplate|plate)\b"
    # a place in the frame said twice: "in the upper right (northeast) part", "lower left
    # (southwest) corner"
    r"|\b(?:top|bottom|upper|lower)(?:[\s-]+(?:left|right))?\s*\(\s*(?:north|south)?[\s-]?"
    r"(?:north|south|east|west)\s*\)",
    _FLAGS,
)
_FACED_REGION = re.compile(
    r"\b(?:fac(?:ing|es?)|looking|looks|oriented|turned|pointing|points)\s+(?:(?:to(?:wards?)?|at)\s+)?"
    r"the\s+(?P<side>north|south|east|west|left|right|top|bottom|upper|lower)(?:ern)?"
    r"(?:[\s-]+hand)?(?:\s+(?:part|half|side|edge|end))?\s+(?:of|in)\s+the\s+"
    + _PICTURE_OR_FRAME
    + r"\b",
    _FLAGS,
)
"""Q5: the facing said as a side of the image, whose top is north ("faces towards the east
side of the image", r161; "facing to the left side of the image", r195): where it faces, not a
region where something lies."""
_IMAGE_SIDE_CARDINAL = {"left": "west", "right": "east", "top": "north", "upper": "north"}
_IMAGE_SIDE_CARDINAL |= {"above": "north", "bottom": "south", "lower": "south", "below": "south"}
"""A side of the image as its cardinal, the question setting the top as north."""


def _faced_sides_as_cardinals(text: str) -> str:
    """Q5, whose question sets the top of the image as north: a faced side of the image said
    with its cardinal ("facing to the left side of the image" -> "... the west side ..."), so
    that every reading of the facing, and a statement naming another direction ("facing north,
    toward the bottom of the image"), sees it."""

    def cardinal(m: re.Match[str]) -> str:
        side = m.group("side").lower()
        if side not in _IMAGE_SIDE_CARDINAL:
            return m.group()
        start, end = m.span("side")
        return text[m.start() : start] + _IMAGE_SIDE_CARDINAL[side] + text[end : m.end()]

    return _FACED_REGION.sub(cardinal, text)


def _mask_image_regions(text: str, question: str | None) -> str:
    """`text` with the image's regions blanked ("the frog is in the east part of the image":
    where a thing lies in the picture, no relation), except, for Q5, a side it faces."""
    faced = [m.span() for m in _FACED_REGION.finditer(text)] if _asks_facing(question) else []
    return blank(
        text,
        (
            m.span()
            for m in _IMAGE_REGION.finditer(text)
            if not any(start <= m.start() < end for start, end in faced)
        ),
    )


_NOT_FACING = r"(?!(?:fac|look|turn|orient|point|head|gaz|star)\w*\b)"
"""A word that is no verb of facing (a place, not where the figure faces)."""
_FIGURE_WORDS = frozenset(
    """minifig minifigs minifigure minifigures figure figures figurine figurines person people
    character man woman men women boy girl guy lady child kid human humanoid knight astronaut
    officer policeman chef pirate soldier worker doctor farmer explorer""".split()
)
"""Words that may name the figure itself ("behind the man" may be the figure's own back)."""
_FIGURE_NAMED = (
    r"(?:it|him|her|me|the\s+(?:[\w-]+\s+)?(?:"
    + "|".join(sorted(_FIGURE_WORDS - {"people", "men", "women"}))
    + r"))\b"
)
"""The figure, by a pronoun or a noun that may name it ("it", "the humanoid minifigure")."""
_LOCATED_CARDINAL = re.compile(
    r"\b(?:lies|lie|lying|sits|sit|sitting|stands|stand|standing|located|placed|positioned|rests|is|are)"
    rf"\s+(?:{_NOT_FACING}\w+,?\s+){{0,2}}?(?:to|on|in|at)\s+"
    r"(?:the|its|his|her|my|their)\s+(?:far\s+)?"
    r"(?:(?:north|south)[\s-]?)?(?:north|south|east|west)(?:ern|erly)?\b"
    # "the bat is north of it" (r211: "the bat is located to my north")
    # (not "facing the dog, which is north of it")
    r"|(?<!which\s)\b(?:lies|lie|located|placed|positioned|is|are)\s+"
    rf"(?:{_NOT_FACING}\w+\s+){{0,2}}?"
    r"(?:(?:north|south)[\s-]?)?(?:north|south|east|west)\s+of\b"
    # ... but "facing the wall, which is north of the dog" places the wall by another thing:
    # no direction of the figure's
    r"|\b(?:which|that)\s+(?:is|lies|sits|stands)\s+(?:to\s+the\s+)?"
    r"(?:(?:north|south)[\s-]?)?(?:north|south|east|west)\s+of\s+"
    rf"(?!{_FIGURE_NAMED}|us\b|them\b)"
    # "The tree is to my right, which would be east" (r307): a side of the figure, then its
    # compass name
    r"|\b(?:lies|is|are|sits|stands)\s+(?:to|on|at)\s+(?:the|its|his|her|my|their)\s+"
    r"(?:left|right|front|back)(?:[\s-]+hand)?(?:\s+side)?\s*,?\s*which\s+(?:would\s+be|is|means)\s+"
    r"(?:the\s+)?(?:(?:north|south)[\s-]?)?(?:north|south|east|west)\b",
    _FLAGS,
)
"""Q5: where something lies ("The desk lies to its east", "The horse is to my north-east",
"the bat is north of it", "The tree is to my right, which would be east"): a place, not the
facing."""
_OTHER_THING_DIRECTION = re.compile(
    r"\b(?:shadows?|light(?:ing)?|sun(?:light)?|lamp|camera|photographer|wind)\b[^.;:(),\n-]{0,40}?"
    r"\b(?:(?:north|south)[\s-]?)?(?:north|south|east|west)(?:ern|erly|wards?)?\b",
    _FLAGS,
)
"""Where the light, a shadow or the camera points ("the shadow points to the east"): not the answer."""
_SEE_PREMISE = re.compile(
    r"\b(?:assuming|given|provided|suppose|supposing)\b(?:\s+that)?[^.?!;\n]*?\bcan\s+see\b"
    r"(?:\s+and\s+(?:its|his|her|my|your)\s+eyes\s+are\s+open)?",
    _FLAGS,
)
_OTHER_VIEWPOINT = (
    r"\bfrom\s+(?:the\s+|our\s+(?:\([^()\n]{{1,30}}\)\s+)?|my\s+|your\s+|an?\s+)?"
    r"(?:viewer|camera|observer|photographer|reader|image|picture|photo|outside|external|overhead|top)(?:'s)?\s+"
    r"(?:perspective|point\s+of\s+view|viewpoint|view|vantage\s+point|angle|position|side)\b"
    r"|\bfrom\s+(?:{owners})\s+(?:perspective|point\s+of\s+view|viewpoint|view)\b"
)
_OTHER_VIEWPOINT_CLAUSE = re.compile(_OTHER_VIEWPOINT.format(owners="our|my|your"), _FLAGS)
# First person: "my"/"your" perspective is the minifigure's (the question's "you").
_OTHER_VIEWPOINT_CLAUSE_FIRST_PERSON = re.compile(_OTHER_VIEWPOINT.format(owners="our"), _FLAGS)
_VIEWPOINT_CLAUSE_SPLIT = re.compile(
    # "From the viewer's perspective, however, it appears on the left." (r35): a turn word set
    # off by commas goes on with its clause
    r"[.;!?\n]|\b(?:but|whereas|while|although)\b"
    r"|(?<!,\s)\b(?:however|though)\b|\b(?:however|though)\b(?!\s*,)",
    _FLAGS,
)
_NOT_AFTER_A_PLACE_PREPOSITION = "".join(
    rf"(?<!{preposition}\s{owner}\s)"
    for preposition in ("over", "by", "at", "near", "past", "beside", "behind", "to")
    for owner in ("its", "his", "her", "my", "your", "their")
)
_IMAGE_FRAME = (
    IMAGE_SIDE + r"|\b(?:{owners})\s+(?:left|right)\b"
    r"|\b(?:fac(?:ing|es?)|looking|oriented|turned|pointing)\s+(?:to(?:wards?)?\s+)?(?:the\s+|its\s+)?"
    r"(?:left|right|front|forward|back|backwards?)\b(?!\s+of\b)"
    r"|\bback\s+(?:is\s+)?(?:turned\s+)?(?:to(?:wards?)?|facing)\s+(?:the\s+)?(?:camera|viewer|us)\b"
    # a body part ("its right arm"), not a place; after a place preposition ("over its left
    # shoulder", "past his right hand", "by my right foot") it is a place
    r"|"
    + _NOT_AFTER_A_PLACE_PREPOSITION
    + r"\b(?:left|right|front|back)\s+(?:arm|hand|leg|foot|feet|shoulder|eye|ear|hip|knee|elbow)s?\b"
    # a position the answer places in the image ("to the left of the minifigure in the image")
    rf"|\b(?:left|right|front|back|behind)\b[^.;,\n]{{0,40}}?\bin\s+the\s+{_PICTURE_OR_FRAME}\b"
    # ... or after it: "In the image the desk is on the left, but from the minifigure's
    # perspective it is on its right" (r89, r93; r63, r67, r73), "In the image, the goblet is on
    # the left side." (r201), "in the image itself, the tree appears on the left" (r279)
    rf"|\bin\s+the\s+{_PICTURE_OR_FRAME}(?:\s+itself)?\b,?[^.;,\n]{{0,40}}?\b(?:left|right)\b"
)
_MIRRORED = (
    # how the frames map, not where the thing is: "its left and right are mirrored", "its left
    # is our right", "image-left is its right"
    r"|\b(?:left\s+and\s+right|right\s+and\s+left)(?:\s+sides?)?\s+(?:are\s+|is\s+|get\s+)?"
    r"(?:mirrored|reversed|swapped|flipped|switched|opposite|inverted)\b"
    r"|\b(?:its|his|her|the\s+(?:mini)?figure's)\s+(?:left|right)\s+(?:is|=|corresponds\s+to|"
    r"becomes|matches)\s+(?:our|the\s+(?:viewer|camera|image)'s)\s+(?:left|right)\b"
    # ... said the other way round: "image-left is its right" (r327)
    r"|(?:\bour\s+|\bthe\s+(?:viewer|camera|image)'s\s+|\bimage[\s-])(?:left|right)\s+(?:is|=|"
    r"corresponds\s+to|becomes|matches)\s+(?:its|his|her|the\s+(?:mini)?figure's)\s+(?:left|right)\b"
)
_IMAGE_FRAME = _MIRRORED[1:] + "|" + _IMAGE_FRAME  # first: "image-left is its right" whole
# a region of the picture: "in the upper-left area", "the bottom right corner" (r267); a figure
# has no upper side
_IMAGE_FRAME += r"|\b(?:upper|lower|top|bottom)[\s-]+(?:left|right)\b"
_IMAGE_FRAME_PHRASE = re.compile(_IMAGE_FRAME.replace("{owners}", "our|my|your"), _FLAGS)
_IMAGE_FRAME_PHRASE_FIRST_PERSON = re.compile(_IMAGE_FRAME.replace("{owners}", "our"), _FLAGS)


_OWN_VIEWPOINT = re.compile(
    r"\bfrom\s+(?:the\s+(?:humanoid\s+)?(?:mini)?figure's|its|his|her)\s+(?:own\s+)?"
    r"(?:perspective|point\s+of\s+view|viewpoint|view)\b",
    _FLAGS,
)
_TURN_TO_OWN = re.compile(r"\bwhich\s+means\b|\bmeaning\b|\bi\.e\.|\bso\b|,|\band\b", _FLAGS)


_PARENTHESIS = re.compile(r"\([^()\n]*\)")


def _mask_other_viewpoints(text: str, first_person: bool = False) -> str:
    """Q7 only: blank clauses and phrases in the viewer's / image's frame.

    "From the viewer's perspective the cat is on the left, but from the
    minifigure's perspective it is on the right" answers *right*; the first
    clause (up to "but", "whereas", "while", or the sentence end) is dropped.
    In the first person "from my perspective" and "to my left" are the
    minifigure's own frame and stay. A parenthesis in another frame is blanked alone: "To the
    minifigure's right (which appears on the left of the image from the camera's point of
    view)." answers *right* (r37); so is one placing things in the picture: "Back. (The
    minifigure is on the right side of the picture and the cat is on the left.)" (r59).
    """
    clause = _OTHER_VIEWPOINT_CLAUSE_FIRST_PERSON if first_person else _OTHER_VIEWPOINT_CLAUSE
    phrase = _IMAGE_FRAME_PHRASE_FIRST_PERSON if first_person else _IMAGE_FRAME_PHRASE
    text = blank(
        text,
        (
            m.span()
            for m in _PARENTHESIS.finditer(text)
            if clause.search(m.group()) or phrase.search(m.group())
        ),
    )
    spans = []
    start = 0
    for b in list(_VIEWPOINT_CLAUSE_SPLIT.finditer(text)) + [None]:
        end = b.start() if b else len(text)
        other = clause.search(text, start, end)
        if other:
            # "... from the viewer's perspective, which means it is to the right from the
            # minifigure's perspective": the part that turns to the figure's own view stays
            own = _OWN_VIEWPOINT.search(text, other.end(), end)
            turn = None
            for turn in _TURN_TO_OWN.finditer(text, other.end(), own.start() if own else 0):  # noqa: B007
                pass
            spans.append((start, turn.end() if own and turn else end))
        start = b.end() if b else len(text)
    return _blank_matches(blank(text, spans), phrase)


def _mask_other_things_directions(text: str, question: str | None) -> str:
    """Blank where the light, a shadow or the camera points (`_OTHER_THING_DIRECTION`), but not
    the asked thing's own place: "The camera is located to the north-east of the minifigure"
    to "where is the camera located?" (r51)."""
    asked = _ASKED_OBJECT.search(question) if question else None
    return blank(
        text,
        (
            m.span()
            for m in _OTHER_THING_DIRECTION.finditer(text)
            if asked is None or not m.group().lower().startswith(asked.group(1).lower())
        ),
    )


def _mask_context(
    text: str, kind: QuestionKind, question: str | None, first_person: bool = False
) -> str:
    """Blank text that mentions vocabulary without asserting an answer.

    * Sentences ending in "?" and embedded "whether/if ..." clauses are
      questions, not claims ("Is the dog north? ..." / "to determine whether
      it can see the cat, ...").
    * Q4/Q5 premise: "the top of the image is north" restates the question's
      assumption; where the light, a shadow or the camera points is no answer.
      For Q4 (question asks where the object is *located*) a sentence about
      where the minifigure is *facing* is context too; for Q5 (*facing*) where
      something lies ("the desk lies to its east").
    * Q3/Q6 premise: "assuming the minifigure can see and its eyes are open".
    * Q7: clauses told from the viewer's/camera's perspective, image-frame
      positions ("left side of the image") and the minifigure's own
      orientation ("it is facing left") describe a different frame of
      reference than the one asked for.
    """
    text = blank(
        text, (m.span() for m in _SENTENCE.finditer(text) if m.group().rstrip().endswith("?"))
    )
    text = _mask_counterfactuals(text)
    text = _blank_matches(text, _EMBEDDED_QUESTION)
    if kind == "cardinal":
        text = _blank_matches(text, _ANGLE_FROM)
        text = _blank_matches(text, _NORTH_PREMISE)
        text = _mask_image_regions(text, question)
        text = _mask_other_things_directions(text, question)
        if _asks_location(question):
            text = _blank_matches(text, _FACING_CARDINAL)
        elif _asks_facing(question):
            text = _blank_matches(text, _LOCATED_CARDINAL)
    elif kind == "yesno":
        text = _mask_yesno_context(text, question)
    elif kind == "egocentric":
        text = _mask_other_viewpoints(text, first_person)
    if kind in ("cardinal", "egocentric"):
        text = _mask_other_things_places(text, question)
        text = _mask_relations_to_other_things(text, question)
    return text


_ASKED_OBJECT = re.compile(
    r"\bis\s+the\s+((?:[a-z]+\s+){0,2}?[a-z]+)\s+located\b"
    r"|\bdoes\s+it\s+see\s+the\s+((?:[a-z]+\s+){0,2}?[a-z]+)\s*\?",
    _FLAGS,
)


def _asked_object(question: str | None) -> list[str]:
    """The words naming the object a question asks about ("where is the computer monitor
    located?", "does it see the treasure chest?"); empty when it names none."""
    asked = _ASKED_OBJECT.search(question or "")
    return (asked.group(1) or asked.group(2)).lower().split() if asked else []


def _asked_head(question: str | None) -> str | None:
    """The head noun of the object a question asks about ("monitor" for "computer monitor",
    "chest" for "treasure chest"), or None."""
    asked = _asked_object(question)
    return asked[-1] if asked else None


_SEEN_THING = re.compile(
    r"(?:\b(?:(?:can|could|does|do|did|would|will|might|may|should)(?:\s*not|n't)?|cannot"
    r"|can't|won't)\s+(?:only\s+|also\s+|just\s+|clearly\s+|really\s+|actually\s+)?see"
    r"|\bsees|\bi\s+(?:only\s+|also\s+|just\s+|clearly\s+)?see)"
    r"\s+(?:only\s+|just\s+)?(?:the|an?|some)\s+((?:(?!(?:but|and|because|since|so|which"
    r"|that|while|although|though|as|if|when)\b)[a-z'-]+\s*){1,8})",
    _FLAGS,
)


def _mask_yesno_context(text: str, question: str | None) -> str:
    """Q3/Q6: the question's premise restated ("assuming it can see"), and for Q6 what is said
    of another thing seen (`_mask_other_things_seen`), are no answer."""
    text = _blank_matches(text, _SEE_PREMISE)
    return _mask_other_things_seen(text, question) if _topic(question) == "seeing" else text


def _mask_other_things_seen(text: str, question: str | None) -> str:
    """Q6: blank what is said to be seen, or not seen, when it is *another* thing ("No, I
    cannot see the lamp because it is behind me. I can only see the wall.", r235): only what
    is said of the asked object answers whether it is seen. Needs the question's object; a
    thing named with any of its words, or "object", "it", counts as the asked one."""
    asked = {w.rstrip("s") for w in _asked_object(question)}
    if not asked:
        return text
    spans = [
        m.span()
        for m in _SEEN_THING.finditer(text)
        if not any(
            w.rstrip("s") in asked or w in _NOT_ANOTHER_THING
            for w in words(_PLACED_AFTER.split(m.group(1))[0])  # "the tree [behind it]" (r361)
        )
    ]
    return blank(text, spans)


_PLACED_AFTER = re.compile(
    r"\b(?:behind|in|on|at|near|next|beside|to|of|from|under|over|above|below|by|across)\b", _FLAGS
)
"""Where a thing seen is placed, after its name ("the tree behind it"): the place's words ("it")
do not name the thing."""


def _asks_location(question: str | None) -> bool:
    """Whether the question asks where the object is (Q4), not where the figure faces (Q5)."""
    return bool(question and re.search(r"\blocated\b", question, _FLAGS))


def _asks_facing(question: str | None) -> bool:
    """Whether the question asks where the figure faces (Q5)."""
    return bool(question and re.search(r"\bfacing\b", question, _FLAGS))


_PLACED_NOUN = re.compile(
    # a noun, not a verb left after a blanked phrase ("the [left of the picture] is on my right")
    r"\bthe\s+(?:(?!(?:is|are|was|were)\b)([a-z]+)\s+"
    r"(?:(?:which|that)\s+is\s+|is\s+|stands\s+|sits\s+|lies\s+)?"
    # "the palm tree is to my right" (r243): a word before the noun, the verb said
    r"|(?!(?:is|are|was|were)\b)[a-z]+\s+([a-z]+)\s+(?:is|stands|sits|lies)\s+"
    # "the tree in the background is behind it" (r255): a place after the noun, the verb said
    r"|([a-z]+)\s+(?:in|on|at|near|by)\s+(?:the\s+)?[a-z]+\s+(?:is|stands|sits|lies)\s+)"
    r"(?:(?:to|on|in|at)\s+(?:the|its|his|her|my)\s+(?:far\s+)?"
    r"(?:(?:north|south)[\s-]?(?:east|west)|north|south|east|west|left|right|front|back)(?:ern|side)?\b"
    # "..., and the tree is behind it" (r197): the relation said with its own word
    r"|(?:directly\s+|right\s+|just\s+)?(?:behind|in\s+front\s+of|ahead\s+of)\s+"
    r"(?:it|him|her|me|the\s+(?:humanoid\s+)?(?:mini)?figure)\b)",
    _FLAGS,
)
_NOT_ANOTHER_THING = frozenset(
    "minifigure figure figurine one object it itself image picture photo photograph frame scene".split()
)
"""No other thing: the figure itself, or the picture ("the monitor on the left of the picture
is on my right": the monitor's place, r57)."""


_RELATION_TO_A_THING = re.compile(
    r"\b(?:(?:to|on)\s+the\s+(?:left|right)(?:[\s-]+hand)?(?:\s+side)?\s+of"
    r"|in\s+front\s+of|ahead\s+of|behind|at\s+the\s+(?:back|rear)\s+of"
    r"|(?:to\s+the\s+)?(?:(?:north|south)[\s-]?)?(?:north|south|east|west)(?:ern)?"
    r"(?:\s+side)?\s+of)"
    r"\s+(?:the|a|an)\s+((?:(?!(?:and|or|but|in|on|at|to|from|of|which|that|is|are|was|with|while"
    r"|so|as)\b)[\w'-]+\b\s*){1,3})",
    _FLAGS,
)
_OF_THE_FIGURE = re.compile(
    rf"\b(?:of|behind)\s+{_FIGURE_NAMED}"
    r"|\b(?:its|his|her|my)\s+(?:left|right|front|back)\b",
    _FLAGS,
)
"""A side of the figure itself, said beside a side of another thing."""


def _mask_relations_to_other_things(text: str, question: str | None) -> str:
    """Q4, Q5, Q7: blank a side of another thing than the figure and the asked object, in a
    sentence that also gives a side of the figure ("The car is in front of the minifigure and to
    the right of the tree.", r373): the asked thing's relation to a third thing, in no frame the
    question asks, beside its answer. Kept: a side of the figure, or of a person who may be the
    figure under another name ("behind the man"), of the picture ("the east side of the image"),
    and of the asked object ("The minifigure is to the west of the monitor": its converse)."""
    kept = _FIGURE_WORDS | _NOT_ANOTHER_THING | set(_asked_object(question))
    spans = []
    for sentence in _SENTENCE.finditer(text):
        others = [
            m
            for m in _RELATION_TO_A_THING.finditer(sentence.group())
            if not kept & {w.removesuffix("'s") for w in words(m.group(1).lower())}
        ]
        if others and _OF_THE_FIGURE.search(blank(sentence.group(), (m.span() for m in others))):
            spans += [(sentence.start() + m.start(), sentence.start() + m.end()) for m in others]
    return blank(text, spans)


def _mask_other_things_places(text: str, question: str | None) -> str:
    """Q4/Q7: blank where *another* thing is ("the wardrobe to the north blocks part of the
    view, but the cat is to the east"; "partly hidden by the wardrobe on its left"; "the bat is
    to the left of the minifigure, and the tree is behind it", r197): only the asked object's
    place is the answer. Needs the question's object."""
    name = _asked_head(question)
    if name is None:
        return text
    spans = [
        m.span()
        for m in _PLACED_NOUN.finditer(text)
        if (head := (m.group(1) or m.group(2) or m.group(3)).lower()) not in _NOT_ANOTHER_THING
        and head != name
    ]
    return blank(text, spans)


# --------------------------------------------------------------------------
# 6. answer segment

_FOCUS_MARKER = re.compile(
    r"\b(?:final\s+)?answer\s*(?:is|would\s+be|will\s+be)?\s*[:=-]"
    r"|\b(?:final\s+)?answer\s+(?:is|would\s+be|will\s+be)\b"
    r"|\b(?:in\s+conclusion|to\s+conclude|in\s+summary|to\s+summari[sz]e|therefore|thus|hence|consequently)\b"
    # a commitment after a hedge: "maybe slightly south-west, but I'll say west" (r71)
    r"|\b(?:i'll|i\s+will)\s+(?:say|go\s+with|settle\s+on|pick)\b(?!\s+(?:that|it)\b)"
    r"|\b(?:i'd|i\s+would)\s+(?:go\s+with|settle\s+on|pick)\b",
    _FLAGS,
)


def _answer_segments(text: str) -> list[str]:
    """Text after the last conclusion marker first, then the whole answer.

    Reasoning answers mention intermediate facts ("the minifigure is facing
    left ... the cat is on the right side ...") before concluding ("Therefore,
    from its perspective the cat is behind it").  If there is an explicit
    "Answer:" / "Therefore" / "In conclusion", the conclusion is taken as the answer (the
    paper's annotators extracted "the key answer components" by hand and do not say how
    they read reasoning); if it yields nothing, fall back to everything.
    """
    markers = list(_FOCUS_MARKER.finditer(text))
    if not markers:
        return [text]
    return [text[markers[-1].end() :], text]


# --------------------------------------------------------------------------
# 7. negation scope

_SCOPE_BOUNDARY = re.compile(
    r"[,;:.!?()\[\]\n]|\s-\s|\b(?:but|however|although|though|because|since|as(?!\s+opposed)|so|which|that"
    r"|who|where|when|whereas|while|yet|and|then|thus|therefore|hence|meaning|placing|putting"
    r"|rather(?!\s+than)|instead(?!\s+of))\b",
    _FLAGS,
)
_OPPOSITE = re.compile(r"\bopposite\b", _FLAGS)
_NEGATION_WINDOW = 6
_CARDINAL_AWAY_CUE = re.compile(
    r"\baway\s+from\b|\bback\s+(?:is\s+)?(?:turned\s+)?(?:to(?:wards?)?|fac(?:ing|es))\b|\bbehind\s+it\s+(?:is|lies)\b",
    _FLAGS,
)
_AWAY_WINDOW = 1


@functools.lru_cache(maxsize=8)
def _scope_boundaries(text: str) -> list[int]:
    """Where each negation scope boundary of `text` ends, found once per text (each mention
    then looks its boundary up: linear in the answer, not quadratic)."""
    return [b.end() for b in _SCOPE_BOUNDARY.finditer(text)]


def _is_negated(text: str, start: int, kind: QuestionKind) -> bool:
    """True when the term starting at ``start`` is inside a negation's scope.

    "not north, but west" and "it is not facing north" mention *north* as
    the thing that is **not** the answer; counting it would penalise a correct
    model for ruling an option out.  The scope of a cue (the shared negators of
    `reading.negation_cues`: "not", "n't", "never", "rather than", ...; and
    "opposite") runs forward at most six words and stops at punctuation or at a connective
    ("but", "and", "because", "so", ...), so "not north or east" negates both
    while "not north, but west" keeps *west*.  For cardinal answers "away from
    the south" and "its back to the west" are also read as negations (one word
    of scope), because they name the direction the figure is *not* facing.
    """
    ends = _scope_boundaries(text)
    at = bisect.bisect_right(ends, start) - 1
    prefix_start = ends[at] if at >= 0 else 0
    scope = text[prefix_start:start]
    cues = [(m, _NEGATION_WINDOW) for m in negation_cues(scope)]
    cues += [(m, _NEGATION_WINDOW) for m in _OPPOSITE.finditer(scope)]
    if kind == "cardinal":
        cues += [(m, _AWAY_WINDOW) for m in _CARDINAL_AWAY_CUE.finditer(scope)]
    return any(len(_WORD.findall(scope[m.end() :])) <= window for m, window in cues)


# --------------------------------------------------------------------------
# 8. extractors

_CARDINAL = re.compile(
    r"\b(north|south)\s*-?\s*(east|west)(?:ern|erly|wards?)?\b"
    r"|\b(north|south|east|west)(?:ern|erly|wards?)?\b",
    _FLAGS,
)
_CARDINAL_ABBREVIATION = re.compile(r"(?<![A-Za-z'])(N|S)(E|W)(?![A-Za-z'])")  # upper case only
_LONE_CARDINAL = re.compile(r"^[\W_]*(N|S|E|W|NE|NW|SE|SW)[\W_]*$")
_LETTER_TO_CARDINAL = {"N": "north", "S": "south", "E": "east", "W": "west"}
_LABELLED_CARDINAL = re.compile(
    r"(?i:\b(?:direction|answer|facing|heading|orientation|location|position))\s*[:=-]\s*\(?"
    r"(N|S|E|W|NE|NW|SE|SW)(?![A-Za-z'])"
)
"""A one- or two-letter direction after a label ("Direction: S"): upper case only."""


def _extract_cardinal(text: str) -> set[str]:
    """north/east/south/west, splitting compounds.

    "north-east", "north east", "northeast", "northeastern", "NE" all give
    {north, east}.  Two-letter abbreviations count only in upper case (so the
    word "ne" or "se" in other languages is ignored); single letters ("N")
    count only when they are the entire answer, because "E"/"S" occur in
    ordinary text ("E.g.", "Lego's").
    """
    lone = _LONE_CARDINAL.match(text)
    if lone:
        return {_LETTER_TO_CARDINAL[c] for c in lone.group(1)}
    found: set[str] = {
        _LETTER_TO_CARDINAL[c] for m in _LABELLED_CARDINAL.finditer(text) for c in m.group(1)
    }
    for m in _CARDINAL.finditer(text):
        if _is_negated(text, m.start(), "cardinal"):
            continue
        if m.group(1):
            found.update({m.group(1).lower(), m.group(2).lower()})
        else:
            found.add(m.group(3).lower())
    for m in _CARDINAL_ABBREVIATION.finditer(text):
        if not _is_negated(text, m.start(), "cardinal"):
            found.update({_LETTER_TO_CARDINAL[m.group(1)], _LETTER_TO_CARDINAL[m.group(2)]})
    return found


_QUALIFIERS = frozenset(
    "slightly somewhat mostly partly partially more less and or but plus also toward towards".split()
)
_REVERSED = re.compile(
    r"\b(?:the\s+)?(?:humanoid\s+)?(?:mini-?fig(?:ure)?|figure|figurine)\s+(?:is|stands|sits|lies"
    r"|is\s+(?:located|positioned|placed|situated|standing|sitting))"
    r"\s+(?:\w+\s+){0,2}?(?:(?:(?:north|south)[\s-]?)?(?:north|south|east|west)\w*\s+of|in\s+front\s+of|behind"
    r"|(?:to\s+the\s+)?(?:left|right)\s+of)\s+(?:the|a|an)\s+(?!image|picture|photo|frame|scene|baseplate)",
    _FLAGS,
)


def _ends_on_qualifier(text: str) -> bool:
    """Whether the answer was cut off just as it qualified its answer ("... to the south,
    but slightly", "north and"): the qualification is lost."""
    last = _WORD.findall(text.rstrip()[-30:].lower())
    return bool(last) and last[-1] in _QUALIFIERS and text.rstrip()[-1:].isalpha()


def _extract_facing(text: str) -> set[str]:
    """Q5: the directions of the answer's statements about facing ("it is facing south",
    "faces north-east, slightly to the north"). An answer whose other directions differ
    ("facing south ... the dog on the west side", "its arm pointing north") is one a
    careful annotator would read, but the rules cannot tell which direction locates
    what: it is left undecided."""
    found: set[str] = set()
    for m in _FACING_STATEMENT.finditer(text):
        if not _is_negated(text, m.start(), "cardinal"):
            found |= _extract_cardinal(m.group())
    return found


_DIRECTION = (
    r"(?:(?:north|south)[\s-]?(?:east|west)|north|south|east|west)(?:ern|erly|wards?|-?ish)?\b"
)
_SLIGHT_WORDS = r"slight(?:ly)?|slighty|a\s+(?:bit|little)|somewhat|partly"
"""A turn said to be slight: it goes on the same facing (`_FACING_STATEMENT`, `_facings_disagree`)."""
_FACING_STATEMENT = re.compile(
    r"\b(?:fac(?:ing|es?)|looking|looks|oriented|turned)\s+"
    r"(?:(?:mostly|mainly|roughly|approximately|about|more\s+or\s+less|slightly|a\s+bit|partly"
    r"|somewhat|primarily|predominantly|almost|nearly|directly|due)\s+)?"
    r"(?:to(?:wards?)?\s+|in\s+the\s+direction\s+of\s+)?(?:the\s+)?" + _DIRECTION +
    # a hedge that goes on the same facing: "east-ish, slightly to the north"
    rf"(?:\s*,?\s*(?:and\s+|but\s+)?(?:{_SLIGHT_WORDS}|partially)"
    r"\s+(?:more\s+)?(?:turned\s+)?(?:to(?:wards?)?\s+)?(?:the\s+)?" + _DIRECTION + ")?",
    _FLAGS,
)


_EGOCENTRIC = re.compile(
    r"(?P<front>\bin\s+front\b|\bfront(?:al)?\b|\bahead\b)"
    r"|(?P<back>\bbehind\b|\bback(?:side)?\b|\brear\b|\bbackwards?\b)"
    r"|(?P<left>\bleft\b)"
    r"|(?P<right>(?<!that's\s)(?<!that\sis\s)(?<!all\s)\bright\b(?!\s*,\s*(?:so|now|then|let's|let|okay|ok|well)\b)(?!\s+(?:in\s+front|behind|next|beside|by|at|on\s+top|there|here|now|away"
    r"|angles?|before|after|in\s+the\s+(?:centre|center|middle))\b))",
    _FLAGS,
)


def _extract_egocentric(text: str) -> set[str]:
    """front/back/left/right in the minifigure's frame.

    Synonyms: "in front of", "ahead" -> front; "behind", "rear", "backwards" ->
    back; "to its left", "on the left side", "left-hand" -> left.  Compounds
    ("back-left", "front and slightly to the right") give two components.
    "right" used as an intensifier ("right in front of it", "right behind
    it") or as agreement ("that's right") is not a direction.
    """
    found: set[str] = set()
    for m in _EGOCENTRIC.finditer(text):
        if not _is_negated(text, m.start(), "egocentric"):
            found.add(m.lastgroup or "")
    found.discard("")
    return found


_HEDGED_MORE = re.compile(
    r"\b(?:possibly|maybe|perhaps|probably|(?:might|may|could)\s+(?:also\s+)?(?:be(?:\s+counted\s+as)?"
    r"|count\s+as|qualify\s+as|pass\s+as))\s+(?:also\s+)?(?:another|a\s+second|one\s+more|a\s+third"
    r"|more)\b"
    # "the skeleton on the left could count as a second if you consider it humanoid" (r335)
    # "a second one might be partially hidden behind the pumpkin" (r283)
    r"|\b(?:another|a\s+second|one\s+more|a\s+third)\s+(?:[\w-]+\s+){0,2}?(?:might|may|could)\b",
    _FLAGS,
)
_EXCLUDES_SPEAKER = re.compile(
    r"\b(?:apart\s+from|besides|other\s+than|except(?:\s+for)?|excluding|not\s+counting)\s+(?:me|myself)\b",
    _FLAGS,
)
_LEFT_FIGURE = re.compile(r"\b(?:minifigure|figure|one)\s+on\s+the\s+left\b", _FLAGS)
_RIGHT_FIGURE = re.compile(r"\b(?:minifigure|figure|one)\s+on\s+the\s+right\b", _FLAGS)
_PARTIAL = re.compile(
    rf"^[\W_]*(?:only\s+)?(?:{PARTLY}|somewhat|sort\s+of|kind\s+of)\b"
    rf"|\b(?:maybe|perhaps|possibly|only)\s+{PARTLY}\b"
    r"(?!\s+(?:hidden|blocked|obscured|covered)\b)"
    # the last sentence or clause is the qualifier alone: "... but not directly. So, partially."
    rf"|(?:^|[.!?:;,\n])\s*(?:so|thus|therefore|hence)?[\s,]*(?:only\s+)?{PARTLY}[\s.!]*$",
    _FLAGS,
)
"""The answer qualified as partial ("Only partially: ...", "..., so maybe only partly", r75;
"..., but not directly. So, partially.", r277), not a thing partly hidden."""
_QUALIFIED_NO = re.compile(
    r"\bnot\s+(?:exactly|quite|really|entirely)\b|\b(?:mostly|largely|mainly)\s+not\b", _FLAGS
)
"""A negation qualified, beside a Yes: "Not exactly -- the cat is on a small platform, but the
platform sits on the same table" (r107), "I can see it out of the corner of my eye, but not
really", "I can partially see the umbrella ..., but mostly not" (r197): partly yes, partly
no."""
_MAYBE_SEES = re.compile(
    r"\b(?:might|may|could\s+possibly)\s+(?:(?:only|just|partially|partly|barely|possibly|still)\s+)*"
    r"(?:see|be\s+able\s+to\s+see|be\s+visible|be\s+seen|glimpse|catch)\b",
    _FLAGS,
)
_JSON_BOOLEAN = re.compile(r"\"[^\"\n]{1,40}\"\s*:\s*(?:true|false)\b", _FLAGS)
"""A JSON field with a boolean: what true means depends on the field ("blocked": true)."""
_LEAD_CONDITION = re.compile(
    r"[^\w.!?\n]*(?:but\s+)?(?:only\s+)?(?:if|unless|provided|assuming|when)\b", _FLAGS
)
_SURFACES = r"(?:surface|table|tabletop|platform|plane|level|base|baseplate|floor|ground)"
_NEGATION_BEFORE = (
    r"(?:\bnot\b|n't\b|\bcannot\b|\bnever\b|\bunable\s+to\b|\bno\s+longer\b)\s*(?:[\w'-]+\s+){0,3}?"
)
_EITHER_WAY = r"|\b(?:probably|likely|possibly|presumably)\s+not\b|\bi\s+don't\s+think\s+so\b"
Topic = Literal["seeing", "surface"]
"""What a yes/no question asks about: whether the figure sees the object (Q6), or whether
both stand on one surface (Q3). Each is answered by its own evidence only: "on the same
surface" says nothing of seeing, "it can see the dog" nothing of surfaces."""
_NEGATIVE_EVIDENCE: dict[Topic, re.Pattern[str]] = {
    "seeing": re.compile(
        _NEGATION_BEFORE
        + rf"(?:{SEE_VERBS}|sees|seen|seeing|visible|(?:in|within)\s+{OWNERS}\s+{FIELD_OF_VIEW})"
        + rf"|\b(?:out\s+of|outside(?:\s+of)?|beyond)\s+(?:{OWNERS}|the)\s+{FIELD_OF_VIEW}\b"
        r"|\bout\s+of\s+sight\b|\binvisible\b|\bfacing\s+away\b|\bturned\s+away\b|\bobstructed\b"
        + _EITHER_WAY,
        _FLAGS,
    ),
    "surface": re.compile(
        _NEGATION_BEFORE + rf"(?:on\s+)?the\s+same\s+(?:[\w-]+\s+){{0,2}}?{_SURFACES}"
        r"|\b(?:different|separate|distinct)\s+(?:surfaces?|levels?|platforms?|tables?|bases?)\b"
        + _EITHER_WAY,
        _FLAGS,
    ),
}
_NEGATES_EVIDENCE = re.compile(
    r"(?:\b(?:not|n't|never)\s+(?:on\s+|in\s+|at\s+)?"
    r"|\b(?:no\s+(?:indication|sign|evidence|reason)|nothing\s+(?:suggests|indicates|shows))\b[^.;!?]*)$",
    _FLAGS,
)
_POSITIVE_EVIDENCE: dict[Topic, re.Pattern[str]] = {
    "seeing": re.compile(
        r"\b(?:can|could|would|will|does|do|did|should|might|may|able\s+to)\s+(?:[\w'-]+\s+){0,2}?see\b"
        r"|\bsees\b|\bvisible\b|\bin\s+(?:plain\s+|clear\s+)?(?:view|sight)\b"
        rf"|\b(?:in|within)\s+{OWNERS}\s+{FIELD_OF_VIEW}\b",
        _FLAGS,
    ),
    "surface": re.compile(
        rf"\bsame\s+(?:[\w-]+\s+){{0,2}}?{_SURFACES}\b"
        # one surface named for both: "Both ... are placed on the grey tabletop" (r131); "the
        # cat is also on the white surface" (the other said to be on it before)
        r"|\b(?:both|also)\b[^.;!?\n]{0,80}?\bon\s+(?:the|that|this)\s+"
        rf"(?:[\w-]+\s+){{0,2}}?{_SURFACES}\b",
        _FLAGS,
    ),
}


def _topic(question: str | None) -> Topic | None:
    """What a yes/no question asks about (None: not known, both kinds of evidence count)."""
    if question is None:
        return None
    if re.search(r"\bsurface\b", question, _FLAGS):
        return "surface"
    return "seeing" if asks_seeing(question) else None


# First person: "I see the dog", "I do see it" (the minifigure speaking).
_FIRST_PERSON_SEES = re.compile(r"\bi\s+(?:do\s+|clearly\s+|also\s+)?see\b", _FLAGS)


def _evidence(text: str, first_person: bool = False, topic: Topic | None = None) -> set[str]:
    """What the answer says by its evidence alone, on the question's `topic`: "no" for a
    negative statement about seeing or surfaces ("cannot see", "different surfaces"; not
    when itself negated: "not on different surfaces"), "yes" for a positive one found
    outside them."""
    topics: tuple[Topic, ...] = (topic,) if topic else ("seeing", "surface")
    text = blank(text, (m.span() for m in OWN_PART_VISIBLE.finditer(text)))  # "its face is visible"
    negatives = [
        m
        for t in topics
        for m in _NEGATIVE_EVIDENCE[t].finditer(text)
        if not (
            m.group()[:1].isalpha()
            and _NEGATES_EVIDENCE.search(text[max(0, m.start() - 60) : m.start()])
        )
    ]
    found = {"no"} if negatives else set()
    rest = blank(text, (m.span() for m in negatives))
    if any(_POSITIVE_EVIDENCE[t].search(rest) for t in topics) or (
        first_person and topic != "surface" and _FIRST_PERSON_SEES.search(rest)
    ):
        found.add("yes")
    return found


def _one_class(found: set[str]) -> str | None:
    return next(iter(found)) if len(found) == 1 else None


def _last_sentence_says(text: str, topic: Topic | None = None) -> str | None:
    """ "yes" / "no": what the last sentence says by its evidence alone ("So they are not on
    the same surface."), when the text has more than one sentence."""
    sentences = _SENTENCE_STOP.split(text.strip().rstrip(".!? "))
    return _one_class(_evidence(sentences[-1], topic=topic)) if len(sentences) > 1 else None


def _extract_yesno(text: str, first_person: bool = False, topic: Topic | None = None) -> set[str]:
    """yes/no, from the answer words first and from paraphrases second.

    1. The Yes/No words that stand as answers (`reading.stands_as_answer`: "No, the dog is
       behind it", "..., so no."; not the determiner of "no indication") and hold no
       condition ("Yes, if it turned its head") say what the answer is. An answer opening
       with one is contradicted by a last sentence saying the opposite by its evidence;
       elsewhere, by any evidence of the opposite ("... on the same surface, no.").
    2. Otherwise paraphrases: "cannot see", "can't see", "does not see", "is
       not visible", "out of its field of view", "facing away", "different
       surfaces" -> no; "can see", "sees", "is visible", "in its line of
       sight", "same surface" -> yes.  Negative phrases are matched first and
       blanked, so "cannot see" never also reads as "can ... see".  In the
       first person "I see the dog" is a yes too ("I don't see it" is a no).
    """
    prepared = prepare(text)
    low = prepared.low
    if side_by_side(low):
        return {"yes", "no"}  # "Yes and no: ...", "Yes or no?", "Yes no": both settle nothing
    said = [
        m
        for m in ANSWER_WORD.finditer(low)
        if stands_as_answer(prepared, m.start(), m.end())
        and not _LEAD_CONDITION.match(low, m.end())
    ]
    found = {"yes" if m.group(0) in YES_WORDS else "no" for m in said}
    if len(found) == 1:
        answer = next(iter(found))
        opposite = "no" if answer == "yes" else "yes"
        if not _WORD.search(low, 0, said[0].start()):  # it opens the answer
            rest = low[said[0].end() :]  # "Yes, they are not on the same surface."
            contrary = _one_class(_evidence(rest, first_person, topic)) or _last_sentence_says(
                rest, topic
            )
        else:
            evidence = _evidence(low, first_person, topic)
            # "So they are not on the same surface, but both are on the same baseplate, so
            # yes." (r215): evidence of the opposite beside its own still says the opposite
            contrary = opposite if opposite in evidence else _last_sentence_says(low, topic)
        if contrary == opposite:
            found.add(opposite)
    if found:
        return found
    return _evidence(text, first_person, topic)


_NUMBER = (
    r"(?:(?<![\w.])\d+(?!\w|\.\d)|\b(?:" + "|".join(NUMBER_WORDS) + r")\b"
    r"|\ba\s+(?:single|lone|sole)\b|\bonly\s+an?\b)"
)
_CONDITIONAL_COUNT = r"(?:" + _NUMBER + r")\s+(?:[\w-]+\s+)?(?:if|when|counting|including|should)\b"
_NUMBER_RE = re.compile(_NUMBER, _FLAGS)
_OBJECT_NOUNS = r"(?:objects?|items?|things?|entit(?:y|ies)|elements?)"
_FIGURE_NOUNS = r"(?:mini-?figures?|mini-?figs?|figures?|figurines?|characters?|people|persons?|humanoids?|men|man)"
_FILLER = r"(?:\s+(?!(?:and|or|but|with|plus|of)\b)(?!" + _NUMBER + r")[a-z'-]+){0,3}?"
_TOTAL_ANCHOR = re.compile(
    # "count" and "number" as nouns ("Count: 2", "the number of objects is 2"), not the verb
    # ("I count those as zero")
    r"(?:\b(?:total|sum|tally)\b|\b(?:the|a|total|final|object|item)\s+(?:count|number)\b"
    r"|\b(?:count|number)\s*[:=])[^.\n\d]{0,50}?(" + _NUMBER + r")",
    _FLAGS,
)
_ZERO = re.compile(
    r"\bnone\b|\bno\s+(?:other\s+|additional\s+|further\s+|separate\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:" + _OBJECT_NOUNS + "|" + _FIGURE_NOUNS + r")\b"
    r"|(?:\bnot|n't)\s+(?:see\s+|find\s+|contain\s+|have\s+|make\s+out\s+|spot\s+|detect\s+"
    r"|identify\s+|notice\s+)?any\s+(?:other\s+)?(?:[\w-]+\s+){0,2}?(?:"
    + _OBJECT_NOUNS
    + "|"
    + _FIGURE_NOUNS
    + r")\b",
    _FLAGS,
)
_PART_COUNT = re.compile(
    r"(?:"
    + _NUMBER
    + r")\s+(?:[\w-]+\s+)?(?:arms?|legs?|hands?|feet|foot|eyes?|ears?|studs?|wheels?|doors?"
    r"|drawers?|shelves|shelf|corners?|sides?|wings?|pieces?|bricks?|rows?|columns?|steps?|pixels?|degrees?)\b",
    _FLAGS,
)
"""A number that counts parts ("two arms and two legs", "4 studs"): not a count of the scene's
objects or figures."""
_PRONOUN_ONE = re.compile(
    r"\b(?:the|this|that|each|every|no|any|which)\s+one\b|(?<!only\s)\bone\s+(?:of|another|side|hand)\b"
    r"|\bone's\b",
    _FLAGS,
)
# First person, Q2 ("counting yourself"): "just me", "I am the only one" count one minifigure.
_ONLY_ME = re.compile(r"\b(?:just|only)\s+(?:me|myself)\b|\b(?:i\s+am|i'm)\s+the\s+only\b", _FLAGS)
_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*+]|\d+[.)])(?=[ \t]+\S)", re.MULTILINE)


def _number_value(token: str) -> str:
    token = " ".join(token.lower().split())
    if token.isdigit():
        return str(int(token))
    if token.startswith(("a ", "only")):
        return "1"
    return str(number_word_value(token))


def _count_nouns(question: str | None) -> str:
    """Which nouns a count must qualify: objects for Q1, figures for Q2."""
    if question and re.search(r"how\s+many\b[^?]*\bminifig", question, _FLAGS):
        return _FIGURE_NOUNS
    if question and re.search(r"\bobjects\b", question, _FLAGS):
        return _OBJECT_NOUNS
    return rf"(?:{_OBJECT_NOUNS}|{_FIGURE_NOUNS})"


_OPENS_ZERO = re.compile(r"\W*zero\b", _FLAGS)
_ONLY_A = re.compile(r"\bonly\s+an?\b", _FLAGS)
_OTHER_ONES = re.compile(r"\b(?:other|additional|further|besides|apart|except|more)\b", _FLAGS)


def _extract_count(text: str, question: str | None, first_person: bool = False) -> set[str]:
    """Counts as digit strings, preferring numbers that count the right thing.

    1. *Anchored* numbers: a number directly qualifying the counted noun
       ("1 object: a dog", "one humanoid minifigure", "a single LEGO
       minifigure", "two distinct objects") or following a total ("Total: 2",
       "a total of two").  With the question given, Q1 anchors on
       objects/items and Q2 on minifigures/figures, so "one minifigure and two
       objects" answers Q1 with {2}.
    2. Otherwise every number in the answer, minus list markers and the
       pronoun "one" ("the one on the left", "one of them").
    3. Otherwise "no objects", "none", "not any other items" -> "0" (checked
       after 2 so that "one dog and no other objects" stays {1}).
    4. Otherwise, for an itemised list (two items or more) without any
       number, the number of list items, unless the list is cut off.

    An anchored count beside a statement that there are none at all ("There is
    no humanoid minifigure ... one figure, a robot") gives both, which settles
    nothing.

    In the first person, counting minifigures, "just me" / "I am the only one"
    is an anchored 1.
    """
    items = len(_LIST_ITEM.findall(text))
    if items > 1:  # a list; a lone "0. The image only has ..." opens with its number
        text = _blank_matches(text, _LIST_ITEM)
    nouns = _count_nouns(question)
    if (
        nouns == _FIGURE_NOUNS
        and _OTHER_ONES.search(text) is None
        and (_OPENS_ZERO.match(text) or any(_says_zero(text, m) for m in _ZERO.finditer(text)))
    ):
        # "There are no humanoid minifigures in the picture, only a cat figure." (r177, r197):
        # "only a" names what is there instead of a minifigure, no second count
        text = _blank_matches(text, _ONLY_A)
    # "one figure next to the car and one figure inside the car" (r309): the count in parts,
    # no count of the whole
    text = _blank_matches(
        text,
        re.compile(rf"\b{_NUMBER}\s+({nouns})\b[^.;:\n]{{0,60}}?\band\s+{_NUMBER}\s+\1\b", _FLAGS),
    )
    anchored = re.compile(rf"({_NUMBER}){_FILLER}\s+{nouns}\b(?!-)", _FLAGS)
    found = {_number_value(m.group(1)) for m in anchored.finditer(text)}
    # "2 figures ..., but only 1 of them is humanoid" (r41): the part of them that is the kind
    kind = rf"(?:{nouns}|humanoids?)" if nouns == _FIGURE_NOUNS else nouns
    of_them = rf"({_NUMBER})\s+of\s+them\s+(?:is|are)\s+(?:an?\s+)?(?:[\w-]+\s+)?{kind}\b"
    found |= {_number_value(m.group(1)) for m in re.finditer(of_them, text, _FLAGS)}
    if re.search(rf"\b(?:is|was)\s+the\s+only\s+(?:[\w-]+\s+){{0,2}}?{nouns}\b", text, _FLAGS):
        found.add("1")  # "the dog is the only object that is not a minifigure"
    found |= {_number_value(m.group(1)) for m in _TOTAL_ANCHOR.finditer(text)}
    if first_person and nouns == _FIGURE_NOUNS and _ONLY_ME.search(text):
        found.add("1")
    if first_person and nouns == _FIGURE_NOUNS:  # "... so there are two of us" (r51)
        found |= {
            _number_value(m.group(1))
            for m in re.finditer(rf"({_NUMBER})\s+of\s+us\b", text, _FLAGS)
        }
    if found:
        if any(_says_zero(text, m) for m in _ZERO.finditer(text)):
            found.add("0")  # "There is no humanoid minifigure ... one figure ...": two counts
        return found
    if any(_says_zero(text, m) for m in _ZERO.finditer(text)):
        return {"0"}  # "no humanoid minifigures, only a LEGO dog": "only a" counts the dog
    loose = _blank_matches(_blank_matches(text, _PRONOUN_ONE), _PART_COUNT)
    found = {_number_value(m.group()) for m in _NUMBER_RE.finditer(loose)}
    if found:
        return found
    if _says_none(text, nouns):
        return {"0"}
    if items > 1 and not _cut_off(text):  # a list cut off may go on
        return {str(items)}
    return set()


_DANGLING = frozenset(
    """a an the of in on at to from with and or but its his her their my your our is are was
    were be that which who than as by for into onto toward towards so because while if then
    next""".split()
)


def _cut_off(text: str) -> bool:
    """Whether the text stops where no sentence ends: on an article, a preposition, a
    conjunction or a possessive ("The plant sits in a", "on the image's"), or on a comma,
    colon or dash (the token limit cut it)."""
    stripped = text.rstrip()
    if stripped[-1:] in ",:;-(":
        return True
    if not stripped[-1:].isalnum():
        return False  # "... where the cat is.": it ended
    last = _WORD.findall(stripped[-40:].lower())
    return bool(last) and (last[-1] in _DANGLING or last[-1].endswith("'s"))


_EXCEPTION = re.compile(
    r"(?:\s+[\w-]+){0,2}?\s+(?:other\s+than|besides|except|apart\s+from|aside\s+from|but)\b", _FLAGS
)
_BESIDES = re.compile(
    r"\b(?:other|additional|further|separate|more|else|second|third|extra)\b", _FLAGS
)


def _zero_stands(text: str, match: re.Match[str]) -> bool:
    """Whether "none" / "no other X" says zero: it does unless its exception is of the kind
    it denies ("no other minifigures besides the one by the chair" counts one); "no objects
    other than the minifigure" excepts a thing of the other kind, and is zero."""
    exception = _EXCEPTION.match(text, match.end())
    if exception is None:
        return True
    named = text[exception.end() : exception.end() + 40]
    counts_objects = re.search(rf"\b{_OBJECT_NOUNS}\b", match.group(), _FLAGS) is not None
    other_kind = _FIGURE_NOUNS if counts_objects else _OBJECT_NOUNS
    return re.search(rf"\b{other_kind}\b", named, _FLAGS) is not None


_LIST_JOIN = r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)"
"""What joins two listed things: a comma, "and" or both."""
_THING = r"(?:(?:a|an|the|one)\s+)?[a-z-]+(?:\s+[a-z-]+){0,2}"
_BARE_LIST = re.compile(rf"\W*(?P<list>{_THING}(?:{_LIST_JOIN}{_THING})*)\W*", _FLAGS)
_ARTICLES = frozenset({"a", "an", "the"})
_NOT_A_THING = re.compile(
    r"\b(?:is|are|was|were|be|see|sees|can|cannot|can't|there|it|i|no|not|none|nothing|only|"
    r"minifigures?|figures?|objects?|things?|items?|image|picture|sorry|unable|unsure|unknown|"
    r"unclear|uncertain|yes|maybe|answer|question|error|hmm+|ok|okay|n)\b",
    _FLAGS,
)


def _bare_list(text: str) -> int:
    """Q1 answered by naming the things alone ("lamp", "a dog", "A chair, a table"; the fix-from
    rounds r211-r233 label 6 of their 7 such answers with the number of things named): how
    many; 0 when the answer is anything more than such a list. A new deciding path."""
    found = _BARE_LIST.fullmatch(text.strip())
    if found is None or _NOT_A_THING.search(text):
        return 0
    named = [w for w in re.findall(r"[a-z-]+", text.lower()) if w not in _ARTICLES]
    if len(named) != len(set(named)):
        return 0  # "parrot parrot parrot" (r239): a repetition, no list
    return len(re.split(_LIST_JOIN, found.group("list").strip(), flags=_FLAGS))


def _says_none(text: str, nouns: str) -> bool:
    """Whether a "none" / "no other X" of the answer says zero (`_zero_stands`); counting
    figures, "I see no other minifigures" leaves out one, perhaps the speaker (r65): no count."""
    relative = nouns == _FIGURE_NOUNS
    return any(
        _zero_stands(text, m) and not (relative and _BESIDES.search(m.group()))
        for m in _ZERO.finditer(text)
    )


def _says_zero(text: str, match: re.Match[str]) -> bool:
    """Whether a "no objects" match says there are none at all, not none besides those
    counted ("no other objects", "no objects other than the dog")."""
    return not _BESIDES.search(match.group()) and not _EXCEPTION.match(text, match.end())


# --------------------------------------------------------------------------
# public API


class ComponentReading(NamedTuple):
    """What the rules made of one answer: its components and whether they are settled."""

    components: frozenset[str]
    """The components read (the best reading when not `decided`)."""
    decided: bool
    """False when a careful annotator would not settle the components from the rules' reading."""
    why: str
    """`answer`, `corrected` (the part after a self-correction), `turned` (Q4's relation said the
    other way round), `disclaimer`, or why undecided:
    `too_long`, `unfinished_reasoning`, `script`, `correction_unread`, `no_reading`; or
    `other_language` (read by `scorers.other_languages`)."""


def read_components(
    answer: str, kind: QuestionKind, *, question: str | None = None, first_person: bool = False
) -> ComponentReading:
    """The components an answer finally commits to, and whether the rules can settle them.

    The visible answer (reasoning blocks removed) is read; after a retraction or
    self-correction ("wait", "looking again", "on second thought") only the corrected
    part counts. The rules leave an answer undecided -- for the grader, or counted --
    when it cannot be read with certainty: too long, cut off inside its reasoning,
    mostly in a script the rules do not cover, a correction that names no component,
    or no component and no disclaimer at all.

    An answer in which the English rules read no component may be written in another
    language: it is read by `scorers.other_languages` in its narrowest shapes (why `other_language`).

    Args: as :func:`extract_components`.
    """
    if kind not in VOCABULARY:
        raise ValueError(f"unknown question kind {kind!r}; expected one of {sorted(VOCABULARY)}")
    prepared = prepare(answer)
    reading = _read_english(prepared, kind, question, first_person)
    if reading.components or reading.why not in ("script", "language", "no_reading"):
        return _unless_reasoning_disagrees(reading, answer, kind, question, first_person)
    other = other_language_components(prepared.text, kind, first_person=first_person)
    if other is None or any(pair <= other for pair in EXCLUSIVE.get(kind, ())):
        return reading
    return ComponentReading(other, True, "other_language")


def _unless_reasoning_disagrees(
    reading: ComponentReading,
    answer: str,
    kind: QuestionKind,
    question: str | None,
    first_person: bool,
) -> ComponentReading:
    """The reading, undecided when the last sentence of the answer's reasoning block reads as
    none of its components ("<think>... so it is west.</think> East"): as every reader leaves
    it (`reasoning_disagrees`). Fewer or more of them is the reasoning's way to its answer
    ("so slightly in front." before "to my front-right", r259)."""
    hidden = prepare(reasoning_of(answer) if reading.decided and reading.components else "")
    if not hidden.sentences:
        return reading
    concluded = read_components(
        hidden.sentence_text(-1), kind, question=question, first_person=first_person
    )
    if concluded.decided and concluded.components and not concluded.components & reading.components:
        return ComponentReading(reading.components, False, "reasoning_disagrees")
    return reading


def _read_english(
    prepared: Prepared, kind: QuestionKind, question: str | None, first_person: bool
) -> ComponentReading:
    if prepared.problem is not None:
        decided = prepared.problem == "empty"
        return ComponentReading(frozenset(), decided, "disclaimer" if decided else prepared.problem)
    if kind == "cardinal" and _asks_facing(question):
        translated = _faced_sides_as_cardinals(prepared.text)
        if translated != prepared.text:
            prepared = prepare(translated)
    text = prepared.text
    # "If I were the minifigure, the dog would be on my left": the answer speaks as the figure
    first_person = first_person or bool(role_premises(text))
    signs = [sign for sign in doubts(prepared) if sign != "retraction"]  # read past below
    absent = absence_spans(prepared) if kind != "count" else []
    if absent and not signs and not _extract(blank(text, absent), kind, question, first_person):
        # "I do not see a wardrobe in this image", "There is no dog visible; the black piece
        # appears to be a weapon" (001, line 213), and nothing else answered: the paper's
        # Table 4 *Disc.*, "the model failed to provide a relevant answer (e.g., claiming no
        # object is present when one is)" (001, line 203)
        return ComponentReading(frozenset(), True, "disclaimer")
    if absent and kind == "yesno":
        signs.append("absence")
    taken = premise_taken(prepared) if _topic(question) == "seeing" else None
    if taken is not None:  # "... cannot actually see. However, if it could, ... so yes"
        return read_components(text[taken:], kind, question=question, first_person=first_person)
    whole = _extract(text, kind, question, first_person)
    if not signs and whole <= {"no"} and refuses_by_premise(prepared):
        # "A LEGO minifigure is a plastic toy and cannot actually see anything": the paper's
        # failed answer (001, lines 114 and 213), its "cannot see" no No
        if _topic(question) == "seeing" or not whole:
            return ComponentReading(frozenset(), True, "disclaimer")
    if whole and _topic(question) == "seeing" and rejects_premise(prepared):
        # "As an inanimate LEGO toy, it does not possess actual vision, so it cannot see the
        # cat": not a No (with nothing read, it is the paper's disclaimer, below)
        signs.insert(0, "rejects_premise")
    if signs:
        return ComponentReading(whole, False, signs[0])
    correction = retraction(prepared)
    if correction is not None:
        corrected = _extract(text[correction.start() :], kind, question, first_person)
        if corrected:
            tail = prepare(text[correction.start() :])
            return _settled(
                corrected,
                "corrected",
                text,
                kind,
                prepared,
                question,
                read=tail,
                first_person=first_person,
            )
        return ComponentReading(whole, False, "correction_unread")
    if not whole and kind == "count":
        # "I can't make out any humanoid figures": a zero, though it reads like a disclaimer
        if _says_none(text, _count_nouns(question)):
            whole = frozenset({"0"})
        elif _count_nouns(question) == _OBJECT_NOUNS and (listed := _bare_list(text)):
            whole = frozenset({str(listed)})  # "a dog", "A chair, a table": Q1 lists them
    if whole:
        return _settled(whole, "answer", text, kind, prepared, question, first_person=first_person)
    if _offers_alternatives(text, kind, question, first_person):  # "Left or right - hard to tell"
        return ComponentReading(whole, False, "alternatives")
    disclaimer = None
    for disclaimer in _refusal(first_person).finditer(  # noqa: B007
        text
    ):
        pass  # the last one: "I'm sorry, but I can't determine ..." refuses
    if disclaimer is None and HESITATION.search(text):
        # "It is difficult to tell whether it faces north or south" declines nothing: it hesitates
        return ComponentReading(whole, False, "hesitates")
    if disclaimer and _FACING_ASSUMED.search(text):
        # "I can't reliably tell which way I'm facing ... If I'm facing the camera, the chest
        # would be to my right; if I'm facing away, it would be to my left." (r341): answers
        # under a facing it assumes, no refusal
        return ComponentReading(whole, False, "facing_assumed")
    if disclaimer and not _turns_after(text, disclaimer.end()):
        rest = _mask_disclaimers(text, first_person)
        if tentative_answer(prepared) or HEDGE_WORDS & set(words(rest)):
            # "It appears so, though ... Hard to tell."; "It is difficult to tell whether they
            # are on the same surface; the banana might be on a raised piece": it leans
            return ComponentReading(whole, False, "tentative_answer")
        return ComponentReading(whole, True, "disclaimer")
    if unfinished_fragment(prepared):  # "The rocket is located": cut off before any answer
        return ComponentReading(whole, True, "unfinished")
    if _asks_facing(question) and _faces_a_thing_only(prepared):
        # "The minifigure is facing the dog." to Q5: no direction, the paper's failed answer
        # (Table 4 *Disc.*, "failed to provide a relevant answer", 001, line 203)
        return ComponentReading(whole, True, "disclaimer")
    return ComponentReading(whole, False, "no_reading")


_FACES_A_THING = re.compile(
    r"^\W*(?:the\s+(?:humanoid\s+)?(?:lego\s+)?(?:mini)?figure|it|i)\s+(?:is|am|'m)?\s*"
    r"(?:fac(?:ing|es)|looking\s+at)\s+(?:to(?:wards?)?\s+)?the\s+(?P<thing>[a-z][a-z ]{0,30})[.!]?\s*$",
    _FLAGS,
)
_NO_THING = re.compile(
    r"\b(?:camera|viewer|observer|photographer|us|forward|front|back|side|left|right|top|bottom"
    r"|up|down|corner|edge|away|direction|north|south|east|west|it|him|her|me)\b",
    _FLAGS,
)


def _faces_a_thing_only(prepared: Prepared) -> bool:
    """Whether the whole answer is one sentence saying what the figure faces, a thing of the
    scene and no side or direction ("The minifigure is facing the dog.", "I am facing towards
    the cat."; every held-out label of the fix-from rounds but one reads it so). "Facing the
    camera" stays undecided: the labels split between no answer and ambiguous."""
    text = prepared.text.strip()
    match = _FACES_A_THING.match(text)
    return match is not None and not _NO_THING.search(match.group("thing"))


_TURN = re.compile(r"\b(?:but|however|though|although|yet|still)\b", _FLAGS)


def _turns_after(text: str, at: int) -> bool:
    """Whether the sentence goes on to an answer after a disclaimer ("It is not clear at first
    glance, but both appear to sit on the same surface"): then it is no refusal."""
    end = _SENTENCE_STOP.search(text, at)
    return _TURN.search(text, at, end.start() if end else len(text)) is not None


_SENTENCE_STOP = re.compile(r"[.!?\n]")


@dataclass(frozen=True)
class _Read:
    """What the objections of `_settled` look at: the components read and where from."""

    components: frozenset[str]
    text: str
    """The visible answer (normalised)."""
    kind: QuestionKind
    prepared: Prepared
    question: str | None
    read: Prepared
    """The part the components come from: after a self-correction, else the whole answer."""
    first_person: bool = False
    """The answer speaks as the figure ("my left" is its left)."""

    @functools.cached_property
    def of_the_asked(self) -> Prepared:
        """`read` with what it says of another thing seen set aside
        (`_mask_other_things_seen`): what the seeing objections read, prepared once."""
        return prepare(_mask_other_things_seen(self.read.text, self.question))


def _contradicts(a: _Read) -> bool:
    """Components one gold set never holds together: "north ... south", two counts (also side
    by side: "There are 1 2 objects", r247)."""
    pairs = EXCLUSIVE.get(a.kind, ())
    return any(pair <= a.components for pair in pairs) or (
        a.kind == "count" and (len(a.components) > 1 or _TWO_COUNTS.search(a.read.text) is not None)
    )


_TWO_COUNTS = re.compile(
    rf"\b(?:{_NUMBER})\s+(?:{_NUMBER})\s+(?:{_OBJECT_NOUNS}|{_FIGURE_NOUNS})\b", _FLAGS
)


def _cut_before_answer(a: _Read) -> bool:
    """ "... the desk is therefore located to the": cut off before its answer. Not a sentence
    said again and cut ("The chair is located at the back of the minifigure. The chair is
    located at the", r315): a repetition the token limit ended, nothing new."""
    *before, last = _SENTENCE_STOP.split(a.text.rstrip())
    said = " ".join(last.lower().split())
    if said and any(" ".join(s.lower().split()).startswith(said) for s in before):
        return False
    return _cut_off(a.text) and not _extract(last, a.kind, a.question, False)


def _concluded_otherwise(a: _Read) -> bool:
    """ "... So the horse is in the west. Answer: east" (r261): the sentence just before the
    declared answer names other components of the asked kind than the answer's. Not counts:
    there the sentence before is the listing ("a chef and his dog. Answer: 1")."""
    markers = list(_FOCUS_MARKER.finditer(a.read.text))
    if a.kind == "count" or not markers:
        return False
    before = [s for s in _SENTENCE_STOP.split(a.read.text[: markers[-1].start()]) if s.strip()]
    if not before:
        return False
    concluded = _extract(before[-1], a.kind, a.question, a.first_person)
    return bool(concluded) and not (concluded <= a.components or a.components <= concluded)


_BEHIND_THE_FIGURE = (
    r"(?:directly\s+|right\s+|just\s+)?behind\s+(?:it|him|her|me|the\s+(?:mini)?figure)\b"
)


def _seen_thing_behind(a: _Read) -> bool:
    """Q6: "... so the horse is behind it. Therefore, yes, it can see the horse." (r319): a Yes
    whose own reasoning puts the asked thing behind the figure, unnegated."""
    head = _asked_head(a.question)
    if a.components != {"yes"} or head is None or _topic(a.question) != "seeing":
        return False
    low = a.read.low
    for m in re.finditer(
        rf"\b{re.escape(head)}\s+(?:is|sits|stands|lies)\s+{_BEHIND_THE_FIGURE}", low
    ):
        clause = a.read.clause_at(m.start())
        if clause is not None and not a.read.is_hypothetical(clause):
            return True
    return False


def _yes_under_condition(a: _Read) -> bool:
    """ "Yes, if it turned its head; as it stands, ...": the yes holds only under a condition.
    The question's own premise restated is none (001 Table 1's "Yes, assuming the humanoid
    minifigure can see and its eyes are open, it appears to be facing the dog")."""
    premised = _blank_matches(a.text, _SEE_PREMISE)
    return any(_LEAD_CONDITION.match(premised, m.end()) for m in ANSWER_WORD.finditer(premised))


_FORCED_CHOICE = re.compile(
    r"\bif\s+(?:i|you|we)\s+(?:had|have|were\s+forced|must)\s+to\s+(?:choose|pick|select|name|give"
    r"|go\s+with|commit)\b[^.!?\n,:]*[,:]?"
    r"|\bif\s+forced(?:\s+to\s+(?:choose|pick))?\b[^.!?\n,:]*[,:]?",
    _FLAGS,
)
"""A choice forced on the answer ("If I had to choose a single direction,", "If forced to pick
one:"), up to what it chooses."""


def _forced_choice_differs(a: _Read) -> bool:
    """ "... the figure is facing roughly south-east. If I had to choose a single direction, I'd
    say south." (r373): a choice forced on the answer that names other components than the
    answer it gave: two answers (annotators label such a pair by either, r235, r281)."""
    for m in _FORCED_CHOICE.finditer(a.read.text):
        stop = _SENTENCE_STOP.search(a.read.text, m.end())
        chosen = _extract(
            a.read.text[m.end() : stop.start() if stop else None],
            a.kind,
            a.question,
            a.first_person,
        )
        if chosen and chosen != a.components:
            return True
    return False


def _facing_disagrees(a: _Read) -> bool:
    """Q5: "facing south ... the dog on the west side" names other directions than those it
    says the figure faces."""
    if not _asks_facing(a.question):
        return False
    stated = _extract_facing(a.read.text)
    return bool(stated) and stated != a.components


def _facings_disagree(a: _Read) -> bool:
    """Q5: "The body is facing north, but its head is turned to the east" (r159): statements
    of the facing that name different directions, with no correction between them, are two
    answers, not one compound direction; a statement of a slight turn ("facing north, turned
    slightly to the west") goes on the same facing: north-west."""
    if not _asks_facing(a.question):
        return False
    text = a.read.text
    said = set()
    for m in _FACING_STATEMENT.finditer(text):
        first = re.search(_DIRECTION, m.group(), _FLAGS)
        if _is_negated(text, m.start(), "cardinal") or (
            first and _SLIGHT.search(m.group(), 0, first.start())
        ):
            continue
        said.add(frozenset(_extract_cardinal(m.group())))
    return len(said) > 1


_SLIGHT = re.compile(rf"\b(?:{_SLIGHT_WORDS})\b", _FLAGS)


def _statement_disagrees(a: _Read) -> bool:
    """Q3/Q6: "Yes, it can see it. However, ... it cannot see it": the last statement about
    seeing says the opposite. What is said of another thing seen ("Yes, it can see the bicycle,
    but it cannot see the tree behind it.", r361) is no statement about the asked one
    (`_mask_other_things_seen`)."""
    if _topic(a.question) != "seeing":
        return False
    said = seeing_statement(a.of_the_asked)
    return said is not None and a.components != {said}


_NAMED_SURFACE = re.compile(
    r"\bon\s+(?:top\s+of\s+)?(?:the|a|an|my|its|his|her|their)\s+(?:(?!same\b)[\w-]+\s+){0,2}?"
    r"(?P<noun>table(?:top)?|desk|floor|ground|shelf|ledge|step|stairs?|box|crate|pedestal|bench"
    r"|chair|rock|roof|block|platform|base(?:plate)?|bed|sofa|couch)\b",
    _FLAGS,
)
"""A surface a thing is said to be on, by its name ("on the floor", "on top of the grey
table"; not "on the same surface")."""
_SAME_NOUN = {"tabletop": "table", "baseplate": "base", "ground": "floor"}


def _surfaces_named_differ(a: _Read) -> bool:
    """Q3: "Yes, I am standing on the floor and the cat is on the table, so we are on the same
    surface." (r279): a Yes beside a sentence that names two different surfaces the things
    are on. Which of the two the answer believes, nobody can tell. A surface denied ("not on
    a desk") is none, and a sentence that puts both on one surface says where they are."""
    if _topic(a.question) != "surface" or a.components != {"yes"}:
        return False
    low = a.read.low
    for start, end in a.read.sentences:
        if "both" in words(low[start:end]):
            continue  # "Both ... sit on the white tabletop, though the goblet ... on a stud"
        named = {
            _SAME_NOUN.get(n, n)
            for m in _NAMED_SURFACE.finditer(low, start, end)
            if not negation_cues(low[max(start, m.start() - 20) : m.start()])  # "not on a desk"
            and (n := m.group("noun"))
        }
        if len(named) > 1:
            return True
    return False


_COUNTED_LIST = re.compile(
    r"\b(?P<count>\d+|one|two|three|four|five|six)\s+(?:(?!and\b|or\b|\d)[a-z-]+\s+){0,3}?"
    r"(?:objects?|items?|things?)\b[^:.\n]{0,60}:[ \t]*(?P<list>[^.\n:;()]+)",
    _FLAGS,
)
_LISTED = re.compile(
    r"\b(?:objects?|items?|things?)\b[^:.\n\d]{0,60}:[ \t]*(?P<list>(?!"
    + _NUMBER
    + r")[a-z][^.\n:;()]*)",
    _FLAGS,
)
"""A list of the things after their noun and a colon ("The objects are: a car, a tree"); not a
count ("objects: three (a banana, ...)"), a numbered list or a JSON array."""
_LIST_SEPARATOR = re.compile(
    rf"{_LIST_JOIN}(?=(?:a|an|the|another|one|some|its|his|her|their|my|what)\b)", _FLAGS
)
"""Between two listed things ("a bicycle, a cone and a ball"), not inside one ("a desk with 4
legs and 2 drawers")."""
_ASIDE = re.compile(r"\([^()]*\)")


def _count_disagrees_with_list(a: _Read) -> bool:
    """Q1: a count and a list of the things naming another number of them: the list after its
    count ("There are two objects in the image that are not humanoid minifigures: a bicycle.",
    r229) or before the count read ("The non-minifigure objects are: a blue car, a tree, and a
    traffic light. Total count: two.", r243): which is the answer, nobody can tell."""
    text = _ASIDE.sub(" ", a.read.text)
    counted = [
        (m.group("list"), _number_value(m.group("count"))) for m in _COUNTED_LIST.finditer(text)
    ]
    listed = [(m.group("list"), value) for m in _LISTED.finditer(text) for value in a.components]
    for things, count in counted:
        items = [i for i in _LIST_SEPARATOR.split(things.strip()) if i.strip()]
        if items and str(len(items)) != count:
            return True
    for things, count in listed:  # "Objects: ball, baseplate, wall. Total = 3": either split
        split = (_LIST_SEPARATOR.split(things.strip()), re.split(_LIST_JOIN, things.strip()))
        if count not in {str(len([i for i in items if i.strip()])) for items in split}:
            return True
    return False


def _declines_after(a: _Read) -> bool:
    """An answer that goes on to decline ("... I don't really see anything. I'm afraid I can't
    answer this one.", r245): a refusal with no turn to an answer in its sentence and no
    component after it; as the options' `refusal_mixed`."""
    text = a.read.text
    refusals = _refusal(a.first_person).finditer(text)
    return any(
        not _turns_after(text, m.end())
        and not _extract(text[m.start() :], a.kind, a.question, a.first_person)
        for m in refusals
        if m.start() > 0
    )


_FACING_ASSUMED = re.compile(
    r"\b(?:if|assuming(?:\s+that)?|provided(?:\s+that)?|supposing)\s+(?:it|he|she|i|the\s+"
    r"(?:humanoid\s+)?(?:mini)?figure)\s*(?:(?:is|am|'m)\s+(?:facing|looking|oriented|turned)"
    r"|faces|face|looks)\b",
    _FLAGS,
)
"""A facing the answer only assumes ("if it is facing us", "if I'm facing the camera"). Q7: a
side of the figure given under it depends on what the answer does not say (r337; the held-out
labels of the shape are ambiguous: brick5-070, brick55-069, brick155-068); after a disclaimer,
answers under it are no refusal (r341)."""


def _frames_disagree(a: _Read) -> bool:
    """Q7: "From the minifigure's perspective, the cup is to its left. So the answer is right."
    (r217): a statement made from the figure's own viewpoint, the asked one, names other sides
    than the answer read; two answers (`reading.figure_frame_statements`, as the options)."""
    text = a.read.text
    for start, end in figure_frame_statements(a.read, first_person=a.first_person):
        said = _extract(text[start:end], a.kind, a.question, a.first_person)
        if said and said != a.components:
            return True
    return False


def _statements_disagree(a: _Read) -> bool:
    """Q6: "The minifigure cannot see the desk. Yes, it can see the desk ...": statements
    about seeing that say both, with no correction between them; not those of another thing
    seen (`_mask_other_things_seen`)."""
    return _topic(a.question) == "seeing" and len(set(seeing_statements(a.of_the_asked))) > 1


def _excludes_speaker(a: _Read) -> bool:
    """Q2 in the first person: "apart from me, one" leaves the speaker out of the count, unless
    the sentence says there are no others ("Besides me, there are no other minifigures, so
    there is only one: me"; r37, r45, r47, r51): then the count is all of them."""
    for m in _EXCLUDES_SPEAKER.finditer(a.text):
        clause = a.prepared.clause_at(m.start())
        sentence = a.prepared.sentence_text(clause.sentence) if clause else a.text
        if not any(re.search(_FIGURE_NOUNS, z.group(), _FLAGS) for z in _ZERO.finditer(sentence)):
            return True
    return False


_THE_FIGURE = r"(?:it|him|her|the\s+(?:humanoid\s+)?(?:mini)?figure)"
_IMAGE_SIDE = re.compile(
    r"\b(?:to|on)\s+(?:the\s+)?(?:(?:its|his|her|the\s+(?:humanoid\s+)?(?:mini)?figure's)\s+"
    rf"(left|right)\b|(left|right)\s+of\s+{_THE_FIGURE}\b)|\b(above|below)\s+{_THE_FIGURE}\b",
    _FLAGS,
)
_IMAGE_WORDS = re.compile(rf"\b{_PICTURE}\b", _FLAGS)
_OWN_FRAME = re.compile(
    r"\b(?:own|perspective|point\s+of\s+view|viewpoint|eyes|faces|facing|our|we)\b", _FLAGS
)


def _image_side_disagrees(a: _Read) -> bool:
    """Q4 (the top of the image is north): a sentence about the image that puts the asked
    object on a side of the figure naming another direction ("east. The minifigure is on the
    right side of the image, with the desk to its left", r91): the answer says two places.
    A side in the figure's own frame ("from its point of view, on its left") is another frame,
    not read here."""
    name = _asked_head(a.question)
    if name is None or not _asks_location(a.question):
        return False
    for start, end in a.read.sentences:
        sentence = a.read.low[start:end]
        if name not in words(sentence) or not _IMAGE_WORDS.search(sentence):
            continue
        if _OWN_FRAME.search(sentence):
            continue
        for m in _IMAGE_SIDE.finditer(sentence):
            if _IMAGE_SIDE_CARDINAL[next(g for g in m.groups() if g).lower()] not in a.components:
                return True
    return False


def _counts_figures(a: _Read) -> bool:
    """Whether a count question counts the minifigures (Q2), not the other objects (Q1)."""
    return _count_nouns(a.question) != _OBJECT_NOUNS


def _body_and_head_differ(a: _Read) -> bool:
    """ "Its body is facing towards the camera, which is south. However, its head is turned to
    its left, which would be east." (Q5, r351): the body's facing and the head's each give an
    answer, and they differ (`reading.body_and_head`)."""
    parts = body_and_head(a.prepared)
    if parts is None:
        return False
    text = a.prepared.text
    body, head = (_extract(text[i:j], a.kind, a.question, a.first_person) for i, j in parts)
    return bool(body) and bool(head) and body != head


def _only(*kinds: QuestionKind, applies: Callable[[_Read], bool]) -> Callable[[_Read], bool]:
    return lambda a: a.kind in kinds and applies(a)


_DIRECTIONS: tuple[QuestionKind, ...] = ("cardinal", "egocentric")
OBJECTIONS: tuple[Objection[_Read], ...] = (
    Objection("contradiction", _contradicts),
    Objection(
        "alternatives",
        lambda a: _offers_alternatives(a.text, a.kind, a.question, a.first_person),
    ),
    Objection("conditional", lambda a: _conditional_branches(a.text, a.kind, a.question)),
    # "possibly another one"
    Objection("alternatives", _only("count", applies=lambda a: bool(_HEDGED_MORE.search(a.text)))),
    # "1 humanoid minifigure (2 if the cat figure is also counted)"
    Objection(
        "conditional",
        _only("count", applies=lambda a: bool(re.search(_CONDITIONAL_COUNT, a.text, _FLAGS))),
    ),
    # "apart from me, one": counting minifigures (Q2), the speaker is one of them; counting
    # the objects that are no minifigure (Q1, "Besides me, there's 1 object"), it never is
    Objection(
        "excludes_speaker",
        _only(
            "count",
            applies=lambda a: _counts_figures(a) and _excludes_speaker(a),
        ),
    ),
    # "The minifigure on the left is on the same surface, but the one on the right ..."
    Objection(
        "two_figures",
        lambda a: (
            a.kind != "count" and bool(_LEFT_FIGURE.search(a.text) and _RIGHT_FIGURE.search(a.text))
        ),
    ),
    # "Only partially: ...", "..., so maybe only partly"
    Objection(
        "partial",
        _only(
            "yesno",
            applies=lambda a: bool(
                _PARTIAL.search(a.text)
                or (a.components == {"yes"} and _QUALIFIED_NO.search(a.text))
            ),
        ),
    ),
    # {"sees_object": false}: what true means depends on the field
    Objection("json_boolean", _only("yesno", applies=lambda a: bool(_JSON_BOOLEAN.search(a.text)))),
    Objection("cut_off", _cut_before_answer),
    # "I can see the" (r341): a statement cut off before it names what is seen, no Yes
    Objection(
        "cut_off",
        _only(
            "yesno",
            applies=lambda a: (
                unfinished_fragment(a.prepared) and ANSWER_WORD.search(a.prepared.low) is None
            ),
        ),
    ),
    Objection("reasoning_disagrees", _concluded_otherwise),
    Objection("reasoning_disagrees", _only("yesno", applies=_seen_thing_behind)),
    Objection("conditional", _only("yesno", applies=_yes_under_condition)),
    # "... south, but slightly"
    Objection("cut_off", _only(*_DIRECTIONS, applies=lambda a: _ends_on_qualifier(a.text))),
    # "The minifigure is west of the computer monitor": the relation the other way round
    Objection("reversed", _only(*_DIRECTIONS, applies=lambda a: bool(_REVERSED.search(a.text)))),
    Objection("forced_choice", _only(*_DIRECTIONS, applies=_forced_choice_differs)),
    Objection("facing_disagrees", _only("cardinal", applies=_facing_disagrees)),
    Objection("facings_disagree", _only("cardinal", applies=_facings_disagree)),
    Objection("body_and_head", _only(*_DIRECTIONS, applies=_body_and_head_differ)),
    Objection("image_side_disagrees", _only("cardinal", applies=_image_side_disagrees)),
    Objection("statement_disagrees", _only("yesno", applies=_statement_disagrees)),
    Objection("statements_disagree", _only("yesno", applies=_statements_disagree)),
    Objection("statement_disagrees", _only("yesno", applies=_surfaces_named_differ)),
    Objection("frames_disagree", _only("egocentric", applies=_frames_disagree)),
    # "... on its left from the minifigure's own perspective if it is facing us" (r337)
    Objection(
        "facing_assumed",
        _only("egocentric", applies=lambda a: bool(_FACING_ASSUMED.search(a.text))),
    ),
    Objection("count_disagrees_with_list", _only("count", applies=_count_disagrees_with_list)),
    Objection("refusal_mixed", _declines_after),
    # "it might partially see it": seeing only as a possibility
    Objection(
        "possibility",
        lambda a: _topic(a.question) == "seeing" and bool(_MAYBE_SEES.search(a.read.text)),
    ),
    # "hard to say", "it depends on ..." with no turn to an answer
    Objection("hesitates", lambda a: hesitates(a.prepared)),
)
"""Why components read from an answer are not settled, in the order they are asked."""
_AFTER_REVERSAL = tuple(o for o in OBJECTIONS if o.reason != "reversed")
_OPPOSITE_CARDINAL = {c: next(iter(pair - {c})) for pair in EXCLUSIVE["cardinal"] for c in pair}


def _reversed_of_the_asked(text: str, question: str | None) -> bool:
    """Whether every relation the other way round is to the asked object ("... east of the
    goblet" to "where is the goblet located?"), not to another thing."""
    name = _asked_head(question)
    if name is None:
        return False
    return all(
        re.match(rf"(?:[a-z-]+\s+){{0,2}}?{re.escape(name)}\b", text[m.end() :], _FLAGS)
        for m in _REVERSED.finditer(text)
    )


def _settled(
    components: frozenset[str],
    why: str,
    text: str,
    kind: QuestionKind,
    prepared: Prepared,
    question: str | None,
    *,
    read: Prepared | None = None,
    first_person: bool = False,
) -> ComponentReading:
    """The reading, unless an objection of `OBJECTIONS` applies: then the components are
    kept, undecided, with the objection's reason. `read` is the part the components come
    from (after a self-correction), when not the whole answer."""
    answer = _Read(components, text, kind, prepared, question, read or prepared, first_person)
    objection = first_objection(OBJECTIONS, answer)
    if objection == "reversed" and kind == "cardinal" and _asks_location(question):
        # "The minifigure is to the east of the goblet" to "where is the goblet?": the goblet is
        # to the west, when nothing else is said (a new deciding path, measured from r67 on)
        if _reversed_of_the_asked(text, question) and not _extract_cardinal(
            _blank_matches(text, _REVERSED)
        ):
            turned = replace(
                answer, components=frozenset(_OPPOSITE_CARDINAL[c] for c in components)
            )
            objection = first_objection(_AFTER_REVERSAL, turned)
            return ComponentReading(turned.components, objection is None, objection or "turned")
    return ComponentReading(components, objection is None, objection or why)


_OR = re.compile(r"\bor\b", _FLAGS)
_OR_WINDOW = 40
"""Characters read on each side of an "or" for the components it joins."""
_WINDOW_END = re.compile(r"[.;:!?\n]|\s-\s")
_NOT_ALTERNATIVES = re.compile(r"\b(?:neither|nor|not|whether|n't)\b|n't\b", _FLAGS)


def _offers_alternatives(
    text: str, kind: QuestionKind, question: str | None, first_person: bool = False
) -> bool:
    """Whether the answer offers two readings joined by "or" ("north or east", "1 or 2",
    "left of or behind it") -- not "neither ... nor", "not north or east" or "whether ...",
    and not the question's own list ("front, left, right, or back") echoed back.

    Each "or" is read in a bounded window on each side, so this is linear in the answer.
    """
    text = _strip_option_lists(_strip_question_echo(text, question), kind)
    for m in _OR.finditer(text):
        # "one object, the dog - or two, if ...": a dash right before the "or" joins, not ends
        left = _WINDOW_END.split(text[max(0, m.start() - _OR_WINDOW) : m.start()].rstrip(" -"))[-1]
        right = _WINDOW_END.split(text[m.end() : m.end() + _OR_WINDOW])[0]
        if _NOT_ALTERNATIVES.search(left):
            continue
        before = _extract(left, kind, question, first_person)
        if kind == "egocentric" and not before:  # "left in the picture, or right from its own
            before = _extract_egocentric(left)  # view": a reading in another frame is offered
        after = _extract(right, kind, question, first_person)
        if before and after and before != after:
            return True
    return False


_CONDITION = re.compile(r"\b(?:if|unless|otherwise|depending|depends)\b", _FLAGS)
_BRANCH_END = re.compile(r"[.;!?\n]")


def _conditional_branches(text: str, kind: QuestionKind, question: str | None) -> bool:
    """Whether the answer reads differently under a condition: a part (sentence or clause)
    with a condition names other components than another part ("east, unless the image is
    mirrored: then west"), or two conditions lead to different things ("if it faces the
    chair, yes; if it faces away, it cannot").

    The question's own premises ("assuming the top of the image is north", "if it can
    see") are masked first, so restating them is no condition. Each part is read once,
    so this is linear in the answer.
    """
    text = _strip_option_lists(_strip_question_echo(text, question), kind)
    if kind == "cardinal":
        text = _blank_matches(text, _NORTH_PREMISE)
        text = _mask_image_regions(text, question)
        text = _mask_other_things_directions(text, question)
    elif kind == "yesno":
        text = _mask_yesno_context(text, question)
    text = _mask_counterfactuals(text)  # with the whole answer: which reckoning it took (r211)
    parts = [part for part in _BRANCH_END.split(text) if part.strip()]
    if not any(_CONDITION.search(part) for part in parts):
        return False
    readings = [
        (_extract(part, kind, question, False), bool(_CONDITION.search(part))) for part in parts
    ]
    named = {reading for reading, _ in readings if reading}
    if any(conditional and reading and named - {reading} for reading, conditional in readings):
        return True
    branches = {reading for reading, conditional in readings if conditional}
    return len(branches) > 1 and any(branches)


def extract_components(
    answer: str, kind: QuestionKind, *, question: str | None = None, first_person: bool = False
) -> frozenset[str]:
    """Extract the set of basic answer components from a free-text answer.

    Args:
        answer: the model's response.
        kind: ``"count"`` (Q1, Q2), ``"yesno"`` (Q3, Q6), ``"cardinal"``
            (Q4, Q5) or ``"egocentric"`` (Q7); see :data:`QUESTION_KINDS`.
        question: the question as asked (object name filled in).  When given,
            an echo of it in the answer is ignored, and it tells Q1 from Q2
            and Q4 from Q5.
        first_person: the question addressed the model as the minifigure
            (`-T solver=first_person`): the answer's "I", "me", "my" and
            "your" are the minifigure's frame, not the viewer's.

    Returns:
        Lower-case components from the gold vocabulary (counts as digit
        strings), as :func:`read_components` reads them (settled or not).  An
        empty set means a disclaimer / no usable answer.
    """
    return read_components(answer, kind, question=question, first_person=first_person).components


def _extract(
    answer: str, kind: QuestionKind, question: str | None, first_person: bool
) -> frozenset[str]:
    """The rules of this module on a visible answer."""
    if not answer.strip():
        return frozenset()
    text = answer
    if kind == "cardinal":  # the premise in other words ("taking the top of the image as north")
        text = _blank_matches(text, _NORTH_PREMISE)  # before an echo takes half of it
    text = _strip_question_echo(text, question)
    text = _strip_option_lists(text, kind)
    text = _mask_disclaimers(text, first_person)
    text = _mask_context(text, kind, question, first_person)
    for segment in _answer_segments(text):
        if kind == "count":
            found = _extract_count(segment, question, first_person)
        elif kind == "yesno":
            found = _extract_yesno(segment, first_person, _topic(question))
        elif kind == "cardinal":
            found = _extract_cardinal(segment)
        else:
            found = _extract_egocentric(segment)
        if found:
            return frozenset(found)
    return frozenset()

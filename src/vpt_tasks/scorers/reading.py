"""Reading a model's free-text answer as a careful annotator would: the shared first step.

What: every scorer that turns free text into what is scored -- option mapping
(two options whose values matter), merge match (k lettered options) and the
Isle-Brick-V2 answer components -- starts here. :func:`prepare` gives the
*visible* answer (reasoning blocks removed, quotes, dashes, spaces and markdown
normalised) cut into sentences and clauses; :func:`doubts` names the signs that
would make a careful annotator hesitate; the clause helpers say whether a
mention is negated or hypothetical.

Why: a rule that maps an answer confidently and wrongly moves a paper-table
number without anyone seeing it. The readers built on this module decide only
when they can show there is one reading; everything else is *undecided* and
goes to the grader model (or is counted). A doubt costs a grader call; a wrong
guess costs the number.

Linear by construction: whitespace runs are collapsed first, sentences and
clauses are cut by a single left-to-right pass, and no pattern here nests an
unbounded repetition, so reading costs time proportional to the answer. An
answer longer than :data:`MAX_CHARS` (after its reasoning blocks) is not read
at all (undecided, ``too_long``): no rule can be sure of what a very long text
commits to. ``benchmarks/adversarial_answers.py`` measures it up to 1 MB.

Pure: standard library only, no Inspect, no benchmark.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = [
    "ANSWER_JOINS",
    "ANSWER_SUBJECTS",
    "ANSWER_WORD",
    "CLAUSE_WORDS",
    "HEDGE_WORDS",
    "HESITATION",
    "MAX_CHARS",
    "NO_WORDS",
    "PARTLY",
    "YES_WORDS",
    "absence_spans",
    "addresses_grader",
    "answers_yes_no",
    "blank",
    "Clause",
    "Prepared",
    "doubts",
    "foreign_language",
    "hesitates",
    "hesitation_phrase",
    "is_hedged_refusal",
    "leans_beside",
    "negated_after",
    "negated_before",
    "negated_question",
    "negation_cues",
    "offers_alternative",
    "premise_taken",
    "rejects_premise_at",
    "in_brackets",
    "prepare",
    "reasoning_of",
    "refusal_phrase",
    "refuses_by_premise",
    "REFUSAL",
    "REFUSAL_FIRST_PERSON",
    "rejects_premise",
    "role_premises",
    "asks_itself",
    "asks_as_the_figure",
    "asks_seeing",
    "bare_answer",
    "FIELD_OF_VIEW",
    "OWNERS",
    "SEE_VERBS",
    "seeing_clauses",
    "seeing_statement",
    "seeing_statements",
    "side_by_side",
    "stands_as_answer",
    "tentative_answer",
    "unfinished_walkthrough",
    "viewpoint_mentions",
    "figure_frame_statements",
    "viewpoints",
    "words",
]

MAX_CHARS = 20_000
"""Longest visible answer the rules read (characters). Longer answers are undecided
(``too_long``). Chain-of-thought answers at the tasks' token limits stay well below it."""

REASONING_TAGS = ("think", "thinking", "reasoning")
"""Tags of reasoning blocks a model shows before its answer; their text is not the answer."""
_TRIANGLE_TAG = re.compile(r"\u25c1(/?(?:" + "|".join(REASONING_TAGS) + r"))\u25b7", re.IGNORECASE)
"""The same tags between triangles, as Kimi-VL's thinking models write them ("◁think▷ ...
◁/think▷", r169)."""


def _angle_tags(answer: str) -> str:
    """`answer` with triangle-bracketed reasoning tags written with angle brackets (one
    character for one: offsets stay)."""
    return _TRIANGLE_TAG.sub(r"<\1>", answer)


# --------------------------------------------------------------------------
# normalisation

_CHARACTER_MAP = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u02bc": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u00ab": '"',  # guillemets and CJK corner brackets quote: «C», 「A」
        "\u00bb": '"',
        "\u2039": "'",
        "\u203a": "'",
        "\u300c": '"',
        "\u300d": '"',
        "\u300e": '"',
        "\u300f": '"',
        "\u3010": "[",  # lenticular and angle brackets bracket: 【D】, 〈B〉
        "\u3011": "]",
        "\u3008": "(",
        "\u3009": ")",
        "\u300a": "(",
        "\u300b": ")",
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": " - ",
        "\u2013": " - ",
        "\u2014": " - ",
        "\u2015": " - ",
        "\u2212": "-",
        "\u00a0": " ",
        "\u202f": " ",
        "\u2009": " ",
        "\u3000": " ",
        "\t": " ",
        "\r": "\n",
        "\u2022": "-",
        "*": " ",
        "`": " ",
        "_": " ",
        "#": " ",
        "\u3002": ". ",
        "\uff0c": ", ",
        "\uff1a": ": ",
    }
)
_LATEX = re.compile(r"\\(?:boxed|text|textbf|mathrm|mathbf)\{([^{}\n]{0,80})\}")
_MATH = re.compile(r"\$\$?([^$\n]{1,80}?)\$\$?|\\\((.{1,80}?)\\\)|\\\[(.{1,80}?)\\\]")
"""Inline math around an answer: "The final answer is: $\\boxed{A}$", "\\(\\boxed{C}\\)"."""
_SPACES = re.compile(r" {2,}")


def _lower(text: str) -> str:
    """Lower case that keeps every offset (characters whose lower form is longer stay)."""
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def _visible(answer: str) -> tuple[str, str | None]:
    """The answer without its reasoning blocks, and why nothing is left (if so).

    Text up to the last closing tag is reasoning (this also covers a chat template
    that opened the block in the prompt); a block opened and never closed means the
    answer was cut off inside its reasoning: what precedes it is all there is.
    """
    answer = _angle_tags(answer)
    low = answer.lower()
    closing = max((low.rfind(f"</{tag}>"), tag) for tag in REASONING_TAGS)
    if closing[0] >= 0:
        answer = answer[closing[0] + len(closing[1]) + 3 :]
        low = low[closing[0] + len(closing[1]) + 3 :]
    opened = [i for i in (low.find(f"<{tag}>") for tag in REASONING_TAGS) if i >= 0]
    if opened:
        answer = answer[: min(opened)]
        if not answer.strip():
            return "", "unfinished_reasoning"
    return answer, None


def reasoning_of(answer: str | None) -> str:
    """The text of the answer's reasoning blocks (up to the last closing tag), tags removed.

    Empty when the answer shows no closed reasoning block. Readers compare what the
    reasoning concludes with what the visible answer says (`reasoning_disagrees`).
    """
    text = _angle_tags(str(answer or ""))
    low = text.lower()
    closing = max((low.rfind(f"</{tag}>"), tag) for tag in REASONING_TAGS)
    if closing[0] < 0:
        return ""
    hidden = text[: closing[0]]
    for tag in REASONING_TAGS:
        hidden = re.sub(rf"</?{tag}>", " ", hidden, flags=re.IGNORECASE)
    return hidden.strip()


_BULLET = re.compile(r"^([ \t]*)[*+\u2022](?=[ \t])", re.MULTILINE)


_MARKUP = re.compile(
    r"<\|[^<>|\n]{1,40}\|>|</?[A-Za-z][A-Za-z0-9_:-]{0,30}(?:\s[^<>\n]{0,200})?/?>"
)
"""Markup and special tokens: `</s>`, `<|im_end|>`, `<point x="4" alt="cup">cup</point>`."""


def _without_other_numbers(text: str) -> str:
    """`text` without the characters that are no decimal digit but that NFKC makes digits."""
    if text.isascii():
        return text
    return "".join(c for c in text if not _other_number(c))


@functools.cache
def _other_number(character: str) -> bool:
    return unicodedata.category(character) == "No" and any(
        c.isdecimal() for c in unicodedata.normalize("NFKC", character)
    )


def _normalise(text: str) -> str:
    """NFKC, one spelling of quotes/dashes/spaces, no markdown, collapsed whitespace.

    List bullets ("* ", "+ ", "• ") become "- " so that list items stay visible. Markup
    tags and special tokens are removed (their text stays): they are not the answer.
    Numbers that are no decimal digits (superscripts, subscripts, circled numbers,
    fractions: "²", "①", "½") are dropped before NFKC, which would make them digits:
    "²" is no count of two. Decimal digits of any script ("٣", "３") stay.
    """
    text = _MARKUP.sub(" ", unicodedata.normalize("NFKC", _without_other_numbers(text)))
    text = _BULLET.sub(r"\1-", text)
    text = text.translate(_CHARACTER_MAP)
    text = _MATH.sub(
        lambda m: f" {m.group(1) or m.group(2) or m.group(3)} ", _LATEX.sub(r" \1 ", text)
    )
    lines = (_SPACES.sub(" ", line).strip(" >") for line in text.split("\n"))
    text = "\n".join(line.strip() for line in lines if line.strip())
    return _ANSWER_HEADING.sub(r"\1: ", text)


_ANSWER_HEADING = re.compile(r"^((?:final |my )?answer)\s*:?\n(?=\S)", re.IGNORECASE | re.MULTILINE)
"""A line holding only an answer heading ("### Answer", "**Final Answer**"), its answer on the
next line: the answer statement "Answer: ..." it is (r279: "### Answer\n**The girl sees 0 dots
(A)**")."""


# --------------------------------------------------------------------------
# sentences and clauses

_SENTENCE_END = frozenset(".!?\n")
_CLAUSE_MARKS = frozenset(",;:{}")
CLAUSE_WORDS = frozenset(
    """but however although though because since so while whereas yet therefore thus hence
    which meaning then""".split()
)
_CONDITIONAL_WORDS = frozenset(
    "if unless whether otherwise suppose supposing assuming hypothetically".split()
)
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_ROLE_PREMISE = re.compile(
    r"\b(?:if|suppose|supposing|imagining)\s+(?:that\s+)?i\s+(?:were|was|am)\s+"
    r"(?:(?:the|that|this)\s+(?:[\w'-]+\s+){0,3}?(?:minifigure|figure|figurine|person|man|"
    r"woman|boy|girl|child|kid|toddler|lady|guy)|him|her|it|them|in\s+(?:its|his|her|their)\s+"
    r"(?:place|position|shoes))\b(?P<rest>[^,.;:!?\n]{0,40}),",
    re.IGNORECASE,
)
"""The question's role taken as a premise, up to its comma ("If I were the minifigure,", "If
I were the woman holding the violin,"): the frame the question asks for, not a condition."""
_NOT_A_ROLE = frozenset("and or but turned turn moved rotated looked had did could were".split())


_RECKONING = re.compile(
    r"\bif\s+(?:you|we|one)\s+(?:also\s+|instead\s+|strictly\s+|do\s+not\s+|don't\s+)?"
    r"(?:count|consider|include|take|measure|interpret|read|judge|define|go\s+by|allow\s+for"
    r"|account\s+for|factor\s+in)\b"
    # the same in the passive: "if the robot is counted as humanoid" (r307)
    r"|\bif\s+(?:[\w'-]+\s+){1,4}?(?:is|are|was|were)\s+(?:also\s+|instead\s+|strictly\s+)?"
    r"(?:counted|considered|included|treated|regarded|classed|classified)\b",
    re.IGNORECASE,
)
"""A condition on how the answer is reckoned ("if you count the slight turn of my head, ..."),
not on how the scene is."""
_POSSIBLE = re.compile(r"\b(?:could|might|may)\b", re.IGNORECASE)
_WOULD = re.compile(r"\bwould\b|\b\w+'d\b", re.IGNORECASE)
_OWN_RECKONING = re.compile(
    r"(?:\bnot|n't|\bnever)\s+(?:been\s+|be\s+)?(?:count|includ|consider|treat)(?:e|ed|ing)?\b"
    r"|\bexcluding\b",
    re.IGNORECASE,
)
"""The answer saying which reckoning it took: "so I haven't counted it", "I'm not counting the
baseplate"."""


def reckoned_possibility(sentence: str, answer: str | None = None) -> bool:
    """ "Though if you count the slight turn of my head, it could be south-east" (r279): what
    another reckoning could make the answer is an alternative to it, not a counterfactual of
    the scene. Given the whole `answer`, what it *would* be under another reckoning is one too
    ("There is 1 humanoid minifigure ... If the robot is counted as humanoid, there would be
    2.", r307) unless the answer says elsewhere which reckoning it took: "If you consider the
    snowman humanoid, the answer would be two", after "so I haven't counted it", is what the
    answer is not (r211)."""
    if not _RECKONING.search(sentence):
        return False
    if _POSSIBLE.search(sentence):
        return True
    return (
        answer is not None
        and _WOULD.search(sentence) is not None
        and _OWN_RECKONING.search(answer.replace(sentence, " ")) is None
    )


def role_premises(text: str) -> list[tuple[int, int]]:
    """Where `text` takes the question's role as a premise (`_ROLE_PREMISE`), unless the clause
    adds a condition of its own ("If I were the minifigure and turned around, ...")."""
    return [
        m.span()
        for m in _ROLE_PREMISE.finditer(text)
        if not _NOT_A_ROLE & set(words(m.group("rest")))
    ]


_OWN_FRAME_LEAD = re.compile(
    r"^\W*(?:from\s+(?:where\s+i(?:'m|\s+am)\s+(?:standing|sitting|positioned|placed|located)"
    r"|my\s+(?:own\s+)?(?:position|viewpoint|perspective|point\s+of\s+view|vantage\s+point))"
    r"|as\s+the\s+(?:[\w'-]+\s+){0,4}?(?:minifigure|figure|person|man|woman)"
    r"(?:\s+(?:in|on)\s+the\s+(?:image|picture|photo|photograph|scene))?)\s*,",
    re.IGNORECASE,
)


def own_frame_lead(text: str) -> list[tuple[int, int]]:
    """Where `text` opens with the speaker's own frame, up to its comma ("From where I'm
    standing,", "From my point of view,", "As the man,", "As the person in the image," (r195)):
    an answer in the question's role restating its frame, no clause of its own (r163: "From
    where I'm standing, I can see three blue dots on the wall in front of me.")."""
    found = _OWN_FRAME_LEAD.match(text)
    return [found.span()] if found else []


@dataclass(frozen=True)
class Clause:
    """A stretch of a sentence between clause marks (",;:()" and connectives like "but")."""

    start: int
    end: int
    sentence: int
    """Index of the clause's sentence in `Prepared.sentences`."""


@dataclass(frozen=True)
class Prepared:
    """An answer made ready for the readers."""

    text: str
    """The visible answer, normalised (empty when there is nothing to read)."""
    low: str
    """`text` in lower case, offset for offset."""
    clauses: tuple[Clause, ...]
    sentences: tuple[tuple[int, int], ...]
    problem: str | None = None
    """Why the answer cannot be read at all: `empty`, `unfinished_reasoning`, `too_long`."""
    _hypothetical: dict[int, bool] = field(default_factory=dict, compare=False, repr=False)
    """Per sentence, whether it is hypothetical: computed once, whatever the mentions in it."""

    def clause_at(self, position: int) -> Clause | None:
        """The clause containing `position` (binary search)."""
        lo, hi = 0, len(self.clauses) - 1
        while lo <= hi:
            mid = (lo + hi) // 2
            clause = self.clauses[mid]
            if position < clause.start:
                hi = mid - 1
            elif position >= clause.end:
                lo = mid + 1
            else:
                return clause
        return None

    def clause_text(self, clause: Clause) -> str:
        return self.low[clause.start : clause.end]

    def sentence_text(self, index: int) -> str:
        start, end = self.sentences[index]
        return self.low[start:end]

    def is_hypothetical(self, clause: Clause) -> bool:
        """Whether the clause's sentence is conditional ("if ...", "whether ...") or a question."""
        known = self._hypothetical.get(clause.sentence)
        if known is None:
            start, end = self.sentences[clause.sentence]
            sentence = self.low[start:end]
            sentence = blank(sentence, role_premises(sentence))  # "If I were her, ..." is the role
            known = sentence.rstrip().endswith("?") or (
                any(word in _CONDITIONAL_WORDS for word in words(sentence))
                and not reckoned_possibility(sentence)
            )
            self._hypothetical[clause.sentence] = known
        return known


def blank(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """`text` with each ``(start, end)`` span replaced by spaces (line breaks kept), so that
    offsets into it stay those of `text`."""
    chars = list(text)
    for start, end in spans:
        for i in range(max(start, 0), min(end, len(chars))):
            if chars[i] != "\n":
                chars[i] = " "
    return "".join(chars)


def words(text: str) -> list[str]:
    """The lower-case words of `text` (letters, digits, an apostrophe suffix)."""
    return _WORD.findall(text.lower())


def _cut(low: str) -> tuple[tuple[tuple[int, int], ...], tuple[Clause, ...]]:
    """Sentences and clauses of a normalised, lower-case text in one left-to-right pass."""
    sentences: list[tuple[int, int]] = []
    clauses: list[Clause] = []
    n = len(low)
    sentence_start = clause_start = 0

    def close_clause(end: int) -> None:
        nonlocal clause_start
        if low[clause_start:end].strip():
            clauses.append(Clause(clause_start, end, len(sentences)))
        clause_start = end

    def close_sentence(end: int) -> None:
        nonlocal sentence_start
        close_clause(end)
        if low[sentence_start:end].strip():
            sentences.append((sentence_start, end))
        sentence_start = end

    i = 0
    while i < n:
        c = low[i]
        if c in _SENTENCE_END:
            # a full stop inside a number ("3.5") or before a lower-case word is not a sentence end
            after = low[i + 1] if i + 1 < n else " "
            if c == "\n" or c in "!?" or after in " \n":
                close_sentence(i + 1)
        elif c in _CLAUSE_MARKS:
            close_clause(i + 1)
        elif c == "-" and i > 0 and low[i - 1] == " " and i + 1 < n and low[i + 1] == " ":
            close_clause(i)
        elif c.isalpha() and (i == 0 or not low[i - 1].isalnum()):
            j = i
            while j < n and low[j].isalpha():
                j += 1
            if low[i:j] in CLAUSE_WORDS:
                close_clause(i)
            i = j
            continue
        i += 1
    close_sentence(n)
    # clauses closed before their sentence was appended carry the index of the next sentence
    return tuple(sentences), tuple(clauses)


def prepare(answer: str | None) -> Prepared:
    """The visible answer, normalised and cut into sentences and clauses."""
    visible, problem = _visible(str(answer or ""))
    if problem is None and len(visible) > MAX_CHARS:
        return Prepared("", "", (), (), "too_long")
    text = _normalise(visible)
    if problem is None and not text:
        problem = "empty"
    low = _lower(text)
    sentences, clauses = _cut(low)
    return Prepared(text, low, clauses, sentences, problem)


# --------------------------------------------------------------------------
# negation

_NEGATION_CUE = re.compile(
    r"\bnot\b(?!\s+(?:only|just|merely)\b)|n't\b"
    r"|\b(?:never|neither|nor|without|except|excluding|exclude[sd]?|eliminat(?:e[sd]?|ing)|unlike"
    r"|cannot|cant|dont|doesnt|isnt|arent|wont|wouldnt|incorrect|wrong)\b"
    r"|\b(?:no\s+longer|rather\s+than|instead\s+of|other\s+than|more\s+than|less\s+than"
    r"|fewer\s+than|apart\s+from|as\s+opposed\s+to|rul(?:e[sd]?|ing)\s+out)\b",
    re.IGNORECASE,
)
"""Every word or phrase that rules out what follows it ("not A", "rather than B", "B is
incorrect, A": the one list of negators that every reader uses; "not only" is no negation)."""


def negation_cues(text: str) -> list[re.Match[str]]:
    """The negators in `text`, in order (the option, yes/no and component readers each bound
    how far one reaches: a clause and `NEGATION_REACH` characters, or a scope of words)."""
    return list(_NEGATION_CUE.finditer(text))


_NEGATED_AFTER = frozenset(
    """not wrong incorrect unlikely impossible false ruled eliminated excluded invalid fails
    cannot isn't doesn't don't can't won't wouldn't""".split()
)


NEGATION_REACH = 80
"""Characters before (and after) a mention in its clause where a negator can rule it out: a
bound that keeps each mention's check constant-time, however long a clause."""


def negated_before(prepared: Prepared, clause: Clause, start: int) -> bool:
    """Whether a negator precedes the mention at `start` inside its clause ("not A", "rather than
    B"), within `NEGATION_REACH` characters."""
    before = prepared.low[max(clause.start, start - NEGATION_REACH) : start]
    return _NEGATION_CUE.search(before) is not None


def negated_after(prepared: Prepared, clause: Clause, end: int, *, window: int = 5) -> bool:
    """Whether the mention ending at `end` is ruled out by what follows it ("A is wrong")."""
    after = words(prepared.low[end : min(clause.end, end + NEGATION_REACH)])[:window]
    return any(word in _NEGATED_AFTER or word.endswith("n't") for word in after)


# --------------------------------------------------------------------------
# refusals and doubts

_REFUSAL_TEMPLATE = r"""
    \b(?:i\s+am|i'm)\s+(?:sorry|afraid|(?:unable|not\s+able)SEEING)\b
    | \b(?:i|we)\s+(?:cannot|can't|can\s+not|could\s+not|couldn't|am\s+unable\s+to
          |are\s+unable\s+to|am\s+not\s+able\s+to|do\s+not|don't)\s+(?:[\w']+\s+){0,2}?
          (?:determine|tell|say|know|identify|provide|answer|assist|help|infer|judge
            |ascertain|make\s+out|be\s+(?:certain|sure)
            |make\s+(?:any\s+)?(?:assumptions?|claims?|judge?ments?)\s+about
            |see\s+(?:the\s+)?(?:image|picture|photo|it\s+clearly|clearly|well|enough
              |(?:its|the\s+\w+'s|the|his|her)\s+(?:face|eyes|head|orientation|details?)))\b
    | \b(?:impossible|not\s+possible|no\s+way)\s+to\s+(?:[\w']+\s+)?
          (?:tell|determine|say|know|judge|ascertain|infer|identify|be\s+(?:certain|sure))\b
    | \b(?:cannot|can't|can\s+not|could\s+not)\s+be\s+(?:determined|told|inferred|ascertained
          |sure)\b
    | \b(?:cannot|can't|unable\s+to|not\s+able\s+to)\s+(?:determine|tell|say|identify|ascertain
          |answer|provide\s+an\s+answer|view|see\s+the\s+image)\b
    | \b(?:i|we)\s+(?:do\s+not|don't|am\s+not|'m\s+not)\s+(?:feel\s+)?comfortable\b
    | \bquestion\s+(?:of\s+[^.?!\n]{1,60}?\s+)?(?:does\s+not|doesn't)\s+(?:really\s+)?apply\b
    | \bno\s+image\s+was\s+provided\b | \bwithout\s+the\s+image\b
    | \bnone\s+of\s+(?:these|the\s+(?:\w+\s+)?(?:options|choices|answers|above))\b
    | (?:\bnot\s+(?:have\s+)?enough|n't\s+have\s+enough|\binsufficient|\black\s+(?:enough|sufficient))
        \s+(?:visual\s+)?(?:information|detail|details|context)\b
    """
REFUSAL = re.compile(_REFUSAL_TEMPLATE.replace("SEEING", ""), re.IGNORECASE | re.VERBOSE)
"""A phrase declining to answer ("I can't determine ...", "impossible to tell", "none of the
options", "I'm sorry"): one list for every reader (Isle-Brick-V2's disclaimer, the paper's
Table 4: "the model failed to provide a relevant answer")."""
REFUSAL_FIRST_PERSON = re.compile(
    _REFUSAL_TEMPLATE.replace(
        "SEEING",
        r"(?!\s+to\s+(?:clearly\s+)?see\s+(?:it|them|him|her|the\s+(?!image|picture|photo)\w+)\b)",
    ),
    re.IGNORECASE | re.VERBOSE,
)
"""`REFUSAL` for an answer that may speak as the figure (the first person, and every option
answer): "I am unable to see the dog" is the figure's answer (no), not a refusal; "I am unable
to see the image" still is one."""
HESITATION = re.compile(
    r"""
    \b(?:hard|difficult|tricky|challenging)\s+to\s+(?:[\w']+\s+)?
        (?:say|tell|judge|determine|know|ascertain|infer|identify|be\s+(?:certain|sure))\b
    | \b(?:unclear|not\s+clear|ambiguous|uncertain|borderline)\b
    | \b(?:can't|cannot|can\s+not)\s+(?:\w+ly\s+)?(?:decide|choose)\b  # "can't confidently decide"
    | \bi\s+(?:can't|cannot)\s+(?:\w+ly\s+)?pick\b
    | \b(?:i'm|i\s+am)\s+(?:not\s+(?:sure|certain)|unsure)\b
    | \bnot\s+(?:entirely|completely|totally)\s+(?:sure|certain)\b
    | \bit\s+depends\b | \bdepend(?:s|ing)?\s+on\b  # "it would depend on its field of view" (r12)
    | \btoo\s+close\s+to\s+call\b | \ba\s+toss-up\b | \bcould\s+go\s+either\s+way\b
    # "it depends" in the languages COMFORT asks in: "Dipende dal punto di vista: ..." (r67)
    | \b(?:dipende|depende|(?:cela|ça)\s+dépend|kommt\s+(?:darauf|drauf)\s+an|hängt\s+davon\s+ab
        |hangt\s+(?:ervan|er\s+van)\s+af|beror\s+på|зависит|tergantung)\b
    | 取决于 | 要看 | によります | 따라\s*다릅니다
    """,
    re.IGNORECASE | re.VERBOSE,
)
"""A phrase saying the answer cannot settle ("hard to say", "unclear", "it depends on", "I'm
not sure", "genuinely borderline" (r14)): one list for every reader (Isle-Brick-V2 masks the
clause as a disclaimer that declines nothing)."""
_HEDGE_TURNS = (" but ", " however", " though", " still,", " yet ")


def refusal_phrase(prepared: Prepared) -> str | None:
    """The first refusal phrase in the answer ("impossible to tell", "none of the options")."""
    found = REFUSAL_FIRST_PERSON.search(prepared.low)  # an option answer may speak as the figure
    return found.group() if found else None


def hesitation_phrase(prepared: Prepared) -> str | None:
    """The first phrase saying the answer cannot settle ("hard to say", "it depends on",
    "I'm not sure"); unlike a refusal it does not say that no option fits, so an answer
    with one and no turn to an answer ("..., but B") is left to the grader."""
    found = HESITATION.search(prepared.low)
    return found.group() if found else None


def hesitates(prepared: Prepared) -> bool:
    """Whether the answer hesitates ("hard to say", "it depends on ...") with no turn to an
    answer after it: a careful annotator would not settle it (every reader asks this). A
    dependence on the facing that the answer then settles is none: "This depends on which way
    the horse is facing. In the image the horse appears to be facing right, ..." (r347, r351)."""
    phrase = hesitation_phrase(prepared)
    return (
        phrase is not None
        and not is_hedged_refusal(prepared, phrase)
        and not _facing_settled(prepared, phrase)
    )


_ON_FACING = re.compile(
    r"\bdepends?\s+on\s+(?:which\s+way|the\s+direction|where|how)\b[^.;:!?\n]{0,40}?\b"
    r"(?:fac(?:es|ing)|pointing|points|oriented|turned)\b[^.;:!?\n]{0,20}[.;:]"
)
_FACING_STATED = re.compile(
    r"\b(?:is|are|appears?\s+to\s+be|seems?\s+to\s+be)\s+(?:\w+\s+)?(?:facing|turned|pointing|"
    r"oriented)\b|\b(?:faces|points?\s+towards?)\b"
)
_SUPPOSED = re.compile(r"\b(?:if|whether|unless|assum\w*|suppos\w*|otherwise)\b")


def _facing_settled(prepared: Prepared, phrase: str) -> bool:
    """Whether the hesitation is a dependence on the facing ("This depends on which way the car
    is facing.") that a later sentence settles, as a fact: it states the facing, and nothing
    from there on supposes ("if", "assuming", "otherwise")."""
    low = prepared.low
    at = low.find(phrase)
    said = _ON_FACING.search(low, at, at + 80)  # "it depends on ...", "depends on ..."
    if said is None or said.start() > at + len(phrase):
        return False
    rest = low[said.end() :]
    return _FACING_STATED.search(rest) is not None and _SUPPOSED.search(rest) is None


def is_hedged_refusal(prepared: Prepared, phrase: str) -> bool:
    """Whether a refusal phrase is followed, in its sentence, by a turn to an answer.

    "Hard to be sure, but probably B" commits to B; "I can't tell." does not.
    """
    low = prepared.low
    at = low.find(phrase)
    for start, end in prepared.sentences:
        if start <= at < end:
            rest = low[at + len(phrase) : end]
            return any(turn in f" {rest}" for turn in _HEDGE_TURNS)
    return False


_RETRACTION = re.compile(
    # "actually" after a negation qualifies it ("it does not actually have ..."): no correction
    r"\b(?:wait|(?<!not )(?<!n't )actually|on second thought|on (?:further )?reflection"
    r"|upon reflection"
    r"|look(?:ing)? (?:again|more (?:closely|carefully)|closer)|on closer (?:look|inspection|examination)"
    r"|re-?examin\w*|re-?consider\w*|re-?evaluat\w*|re-?assess\w*|correction|let me correct"
    r"|i was wrong|i made a mistake|my mistake|my apologies|scratch that|i mean|oops|hmm+"
    r"|change my answer|revis\w+ my|no,? no|on (?:a )?second look|at (?:a )?second glance"
    r"|which i (?:missed|overlooked)|i (?:missed|overlooked)|i forgot)\b"
    r"|(?:\.\.\.|…)\s*no\s*[,-]"  # "it is on his left... no - on his right" (r25, r37)
    # "wait" / "correction" in the languages COMFORT asks in: "Ja... nee, wacht, ..." (r14)
    r"|\b(?:warte|attends|attendez|espera|aspetta|wacht|espere|vänta|подожди|поправка)\b"
    r"|\bmoment(?:\s+mal\b|\s*[-—–])"  # "Nein. Moment — ... Ja." (r285)
    r"|等等|等一下|更正|待って|訂正|잠깐"
)


def retraction(prepared: Prepared) -> re.Match[str] | None:
    """The last sign of a retraction or self-correction ("wait", "looking again", ...); not
    "actually" inside a condition ("If she's actually turned toward the camera, ...", r283),
    which supposes, and corrects nothing."""
    last = None
    for found in _RETRACTION.finditer(prepared.low):
        if found.group() == "actually" and _IN_A_CONDITION.search(
            prepared.low, max(0, found.start() - 60), found.start()
        ):
            continue
        last = found
    return last


_IN_A_CONDITION = re.compile(r"\b(?:if|whether|unless)\b[^,.;:!?\n]*$")


_ADDRESSES_GRADER = re.compile(
    r"\bignore (?:all |any |the )?(?:previous|above|prior|earlier)\b"
    r"|\b(?:grader|evaluator|scorer|annotator|rater|assessor)s?\b"
    r"|\b(?:note|message|instruction)s? (?:to|for) (?:the )?judge\b|\bjudges?:|\bdear judge\b"
    r"|\bwhoever (?:scores|grades|marks|evaluates|reads|checks)\b"
    r"|\b(?:score|grade|mark|record|count) (?:this|it|my answer|the answer) as\b"
    r"|\byour output:|\bsystem prompt\b|\bas the judge\b"
)


_ABSENCE = re.compile(
    r"\bno (?:[a-z-]+ ){1,3}(?:is |are |seems |appears )?(?:to be )?"
    r"(?:visible|in (?:sight|view)|present|seen|shown|to be seen)\b"
    # the speaker looking at the picture: "I don't see a monitor in this image" (r37)
    r"|\bi (?:do not|don't|cannot|can't|can not) see (?:a|an|any) (?:[a-z-]+ ){1,3}?"
    r"(?:anywhere )?in (?:this|the) (?:image|picture|photo|scene)\b"
)


def absence_spans(prepared: Prepared) -> list[tuple[int, int]]:
    """Where the answer says a thing is absent from the picture ("There is no dog visible",
    "No dog is present", "I don't see a monitor in this image"): a statement about what the
    image holds -- often a misidentified object, as in the Isle-Brick-V2 paper's own example
    (001, line 213) -- not about what the figure sees, so it settles no seeing question. Alone,
    it is the paper's disclaimer (Table 4: "claiming no object is present when one is")."""
    return [m.span() for m in _ABSENCE.finditer(prepared.low)]


_REAL = r"(?:actual|real|true|functional|functioning|working|genuine)"
_PREMISE_REJECTED = re.compile(
    r"\b(?:does|do|did)\s*(?:not|n't)\s+(?:actually\s+|really\s+)?(?:possess|have)\s+"
    rf"(?:any\s+|the\s+)?(?:{_REAL}\s+(?:vision|sight|eyes|eyesight)\b"
    r"|(?:ability|capacity)\s+to\s+(?:see|perceive))"
    rf"|\b(?:has|have)\s+no\s+{_REAL}\s+(?:vision|sight|eyes|eyesight)\b"
    r"|\binanimate\b|\b(?:just|only|merely)\s+an?\s+(?:\w+\s+)?toy\b"
    # said of oneself in the role, or "strictly speaking" (r167): "I'm a toy, so strictly
    # speaking I can't see" (printed eyes are no rejection: they also say where it looks)
    r"|\bi(?:'m|\s+am)\s+an?\s+(?:\w+\s+)?toy\b"
    r"|\bstrictly\s+speaking,?\s+(?:[\w']+\s+){0,3}?(?:cannot|can't|can\s+not|do\s+not|don't"
    r"|does\s+not|doesn't)\s+(?:see|perceive)\b"
    # "Lego minifigures are plastic toys and cannot see" (r57)
    r"|\b(?:toys?|objects?)\s+(?:and|that|which)\s+(?:cannot|can't|can\s+not|do\s+not|don't)\s+"
    r"(?:actually\s+|really\s+)?(?:see|perceive)\b"
    # the role refused: "I'm an AI and can't really imagine seeing as the minifigure"
    r"|\b(?:i'm|i\s+am|as)\s+an?\s+(?:ai|language\s+model|artificial\s+intelligence)\b"
    # the kind, not this figure: "Minifigures can't actually see"
    r"|\b(?:toys|figurines|minifigures|lego\s+figures|plastic\s+figures)\s+(?:cannot|can't|"
    r"can\s+not|do\s+not|don't)\s+(?:actually\s+|literally\s+|really\s+|truly\s+)?(?:see|perceive)\b"
    # no object: "it cannot actually see, so ..."
    r"|\b(?:cannot|can't|can\s+not|is\s+not\s+able\s+to|isn't\s+able\s+to)\s+"
    r"(?:actually|literally|truly)\s+(?:see|perceive)\b(?!\s+(?:the|a|an|it|him|her|them|its|his)\b)"
    # "I can't really see, being a toy" (r277)
    r"|\bbeing\s+(?:just\s+|only\s+|merely\s+)?an?\s+(?:\w+\s+)?toy\b"
)


def rejects_premise(prepared: Prepared) -> bool:
    """Whether the answer rejects the question's premise that the figure can see ("As an
    inanimate LEGO toy, it does not possess actual vision", "Minifigures can't actually see,
    so ..."). The Isle-Brick-V2 paper counts these as failed answers, not as a No (001, line
    114: Claude 3 Sonnet "often failed Q6 by rejecting the question's premise -- insisting a
    humanoid minifigure *cannot really see*"; line 213); what a seeing statement after one
    means is left to the grader."""
    return _PREMISE_REJECTED.search(prepared.low) is not None


_SUBJECT = r"(?:it|he|she|they|i|this\s+one|the\s+(?:mini)?figure)"
_PREMISE_TAKEN = re.compile(
    rf"\bif\s+(?:we|i|you)\s+(?:assume|imagine|pretend|suppose)\s+(?:that\s+)?{_SUBJECT}\s+"
    r"(?:could|can|were|was|had|did)\b[^,.:;\n]*"
    rf"|\b(?:assuming|supposing|if|pretending|imagining)\s+(?:that\s+)?{_SUBJECT}\s+"
    r"(?:could|can|were\s+able|was\s+able|had)\b[^,.:;\n]*"
    r"|\btaking\s+the\s+(?:question's\s+)?(?:premise|assumption)\b[^,.:;\n]*"
    r"|\bgoing\s+along\s+with\s+the\s+(?:question's\s+)?(?:premise|assumption)\b[^,.:;\n]*"
    r"|\bplaying\s+along\b[^,.:;\n]*"
    r"|\bimagining\s+(?:i'm|i\s+am|myself|its\s+viewpoint|being)\b[^,.:;\n]*"
)
_SET_ASIDE = re.compile(r"\b(?:however|but)\b[\s,]*")
"""The rejection set aside without a word on the premise: "... cannot actually see. However,
judging from its position, ..." (r6, r37, r55, r74; every such held-out answer is labelled with
the answer after the turn)."""


def premise_taken(prepared: Prepared) -> int | None:
    """Where an answer that rejects the question's premise (`rejects_premise`) goes on to take
    it and answers under it: "LEGO minifigures cannot actually see. However, if we imagine that
    it could, it is facing the goblet, so yes" (r69, r75, r89, r101, r105: every such answer
    of the held-out rounds is labelled with the answer given under the premise). The offset
    that answer starts at; None when there is no such turn, or when the part before it already
    answers Yes or No ("No. ... even if ..."): then the rejection stands, undecided."""
    rejected = _PREMISE_REJECTED.search(prepared.low)
    if rejected is None:
        return None
    taken = _PREMISE_TAKEN.search(prepared.low, rejected.end()) or _SET_ASIDE.search(
        prepared.low, rejected.end()
    )
    if taken is None or answers_yes_no(prepared, taken.start()):
        return None
    return taken.end()


def rejects_premise_at(prepared: Prepared) -> int:
    """Where the answer's rejection of the question's premise starts (0 when none): what it
    answered before it ("A\n\n(Minifigures can't actually see, of course, but assuming they
    could, ...)", r307) is still its answer."""
    rejected = _PREMISE_REJECTED.search(prepared.low)
    return 0 if rejected is None else rejected.start()


def refuses_by_premise(prepared: Prepared) -> bool:
    """Whether the answer's only answer is its rejection of the premise: it rejects it
    (`rejects_premise`), does not take it after all (`premise_taken`), and no Yes/No stands
    as an answer anywhere ("A LEGO minifigure is a plastic toy and cannot actually see
    anything"). The Isle-Brick-V2 paper counts these as failed answers (001, line 114: Claude 3
    Sonnet "often failed Q6 by rejecting the question's premise -- insisting a humanoid
    minifigure *cannot really see*"; Appendix A.4, line 213: its 45 Q6 errors "primarily
    involved rejecting the premise"): its disclaimer, no option. A "No, it is a toy and cannot
    see the goblet" answers No: the caller leaves it undecided."""
    return (
        rejects_premise(prepared)
        and premise_taken(prepared) is None
        and not answers_yes_no(prepared)
        and not tentative_answer(prepared)
    )


_ALTERNATIVE_OFFERED = re.compile(
    r"\b(?:could|might|may)\s+(?:also|equally|just\s+as\s+(?:well|easily))\s+be\b"
    r"|\balternatively\b"
    r"|\b(?:is|are|seems?)\s+(?:also|equally)\s+(?:possible|plausible|likely)\b"
    # "one, possibly two objects": a second count offered as a possibility
    r"|\b(?:\d+|one|two|three|four|five|six)\s*[,(]?\s*(?:possibly|maybe|perhaps|or\s+(?:even|"
    r"possibly|maybe|perhaps))\s+(?:\d+|one|two|three|four|five|six|seven)\b"
    # "A. Yes, or possibly B if the minifigure is actually facing the other way." (r359): a
    # second letter offered as a possibility
    r"|\bor\s+(?:even\s+|else\s+)?(?:possibly|maybe|perhaps)\s+(?:option\s+)?\(?[a-e]\)?"
    r"(?=\s*(?:[.,;:!?)]|$)|\s+(?:if|instead|too)\b)"
    # "However, it's possible they are on the same surface": the answer as a possibility
    r"|\bit(?:'s|\s+is)\s+(?:also\s+|quite\s+|entirely\s+)?possible\b"
    # "it might just barely see it, or it might not": a statement and its negation
    r"|\bor\s+(?:(?:it|he|she|they|that)\s+)?(?:maybe|perhaps|possibly|might|may|could|can|"
    r"does|do|is|would)\s*(?:not|n't)\b"
    # "Answer: A. However, if the dot on the right wall counts, the answer would be B" (r35)
    r"|\b(?:however|but)\b,?\s+if\b[^.?!\n]{0,120}?\b(?:the\s+answer|it|that|this)\s+would\s+"
    r"(?:instead\s+)?(?:be|change|become)\b"
    # "on the same floor as me, although it could be on a raised plate" (r63): a possibility
    # offered after a concession
    r"|\b(?:although|though|but)\s+(?:it|that|this|they|he|she)\s+(?:could|might|may)\s+"
    r"(?:also\s+|well\s+)?be\b"
    # "so south -- although its torso is angled slightly, so it could be read as south-east"
    # (r319): the answer another reading could give
    r"|\b(?:could|might|may)\s+(?:also\s+|equally\s+)?be\s+(?:read|seen|interpreted|taken|described"
    r"|considered|called|counted)\s+as\b"
    # "Therefore, the answer is A. However, ... which would make it 2." (r57): another count
    r"|\bwould\s+make\s+(?:it|that|this|the\s+(?:answer|count|total))\s+(?:\d+|one|two|three"
    r"|four|five|six|seven|eight|nine|ten)\b"
    # "..., which would make 3 (B)." (r163): another count as the answer's last words (one
    # weighed before a declared answer is reasoning)
    r"|\bwould\s+make\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b[^.?!\n]*[.?!]*\s*$"
    # "my intention is either to perform the test or to read the instructions": two offered as
    # the answer's last sentence (one weighed before a declared answer is reasoning)
    r"|\beither\b[^.?!\n]{1,120}?\bor\b[^.?!\n]*[.?!]*\s*$"
    # "so I see 1... or 3 if you count the hidden ones" (r135): a second answer trailed after
    # ("... or rather, to my northeast" corrects: no alternative)
    r"|(?:\.\.\.|…)\s*or\b(?!,?\s+(?:rather|actually|more\s+precisely|better))"
    # "Answer: B ... Actually, ... so **A** might be more accurate." (r257): a second answer
    # offered as possibly better, not chosen
    r"|\b(?:might|may|could)\s+(?:actually\s+)?be\s+(?:more\s+(?:accurate|correct|precise|"
    r"appropriate|likely|fitting)|(?:a\s+|the\s+)?better(?:\s+(?:answer|choice|fit))?)\b"
    # "So the answer could be yes or no": both offered as possible
    r"|\b(?:could|might|may)\s+be\s+(?:either\s+)?(?:yes\s+or\s+no|no\s+or\s+yes)\b"
    # "..., but looking straight ahead I can't. So yes and no." (r51): both answers given
    r"|(?<!between\s)\b(?:yes|yeah)\s+and\s+no\b|(?<!between\s)\bno\s+and\s+yes\b"
)


def offers_alternative(prepared: Prepared) -> bool:
    """Whether the answer offers a second answer as a possibility beside the one it gives
    ("facing south, although it could also be facing west", "B, though it might also be C",
    "alternatively, ...", "A is also possible"), or beside its own negation ("it might just
    barely see it, or it might not"): a hedge between alternatives."""
    return _ALTERNATIVE_OFFERED.search(prepared.low) is not None


_CONTRAST = r"(?:but|however|whereas|while|though|although|yet)"
_BODY = frozenset({"body", "torso"})
_BODY_OR_HEAD = re.compile(
    rf"\b(?P<first>body|torso|head|gaze)\b[^\n]{{0,160}}?\b{_CONTRAST}\b"
    r"(?P<second>[^\n]{0,160}?\b(?P<other>body|torso|head|gaze)\b[^.\n]*)"
)


def body_and_head(prepared: Prepared) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """What the answer says of the body and of the head, set against each other ("The
    minifigure's body is facing towards the camera, which is south. However, its head is
    turned to its left, which would be east.", r351; "going by my body, the car is in front of
    me (A), but going by where my head is turned, it is to my left (B)"): the spans of the two
    parts, split at the contrast, or None. Where each part gives its own answer, nothing says
    which the question means (the readers' `body_and_head` objection); a part that gives none
    ("her head is turned slightly, but based on her body orientation ...") is a caveat."""
    for found in _BODY_OR_HEAD.finditer(prepared.low):
        if (found["first"] in _BODY) != (found["other"] in _BODY):
            return (found.start(), found.start("second")), found.span("second")
    return None


_TENTATIVE = re.compile(
    r"\b(?:appears?|seems?|looks?|think|believe|guess|suppose|expect|hope|afraid|(?:would|'d)"
    r"\s+say|presumably|probably|likely|perhaps|maybe|possibly|apparently)\s+(?:so|not)\b"
)


_CONCEDING = frozenset("but though although yet".split())


def leans_beside(prepared: Prepared, refusal: str) -> bool:
    """Whether an answer that declines (`refusal`, its phrase) leans all the same: a tentative
    pro-form ("I think so, but I can't be sure") or a possibility conceded to the refusal ("I
    might catch it ..., but I can't be certain", r155), or possibilities offered outside the
    refusal's clause ("I might just catch it ..., or it might be just out of view. I can't say
    for sure either way", r42; or before it in its sentence, r107): it hesitates between
    answers, it does not decline."""
    at = prepared.low.find(refusal)
    for start, end in prepared.sentences:
        # in the refusal's own sentence, only what comes before it: "I might catch it ..., or
        # it might be outside my view -- I can't say for sure" (r107) leans; "I can't say
        # whether it might be A or B" declines
        before = words(prepared.low[start : at if start <= at < end else end])
        said = set(before)
        if "or" in said and HEDGE_WORDS & said:
            return True
        if start <= at < end and before and before[-1] in _CONCEDING and HEDGE_WORDS & said:
            return True  # "I might catch it out of the corner of my eye, but I can't be certain
    return tentative_answer(prepared)


def tentative_answer(prepared: Prepared) -> bool:
    """Whether the answer gives a tentative Yes or No by a pro-form ("It appears so", "I think
    not", "probably not"): an answer, even beside "hard to tell", so never a refusal."""
    return _TENTATIVE.search(prepared.low) is not None


def addresses_grader(prepared: Prepared) -> bool:
    """Whether the answer speaks to whoever scores it ("ignore the above", "Your output: A",
    "note to the grader", "GRADER NOTE", "to whoever scores this", "record it as south"):
    an answer that mentions its own scoring at all is not read by the rules."""
    return _ADDRESSES_GRADER.search(prepared.low) is not None


_DOUBLE_NEGATION = re.compile(
    r"\b(?:not|isn't|is not|wasn't|it's not)\s+(?:true|the case|correct to say)\s+that\b"
    r"|\b(?:not|never|cannot|can't|isn't|aren't|wasn't|doesn't|don't|won't|wouldn't|couldn't"
    r"|there's no|there is no)\s+(?:no|not|none|nothing|never|unable)\b"
)


def double_negation(prepared: Prepared) -> bool:
    """Whether the answer negates a negation ("it's not true that it can't", "there isn't no
    ball", "cannot not see"): a reading a rule would flip by miscounting, left to the grader."""
    return _DOUBLE_NEGATION.search(prepared.low) is not None


# Frequent words of other languages written in Latin letters that are not English words.
_OTHER_LANGUAGE_WORDS = frozenset(
    """la le el los las es respuesta está puede ver del una izquierda derecha detrás delante
    réponse est les une dans peut voir gauche droite derrière devant oui
    die der das ist und antwort nicht kann sehen auf nein figur links rechts hinter vor
    resposta não uma pode sim esquerda direita atrás frente
    risposta può sinistra destra dietro davanti
    het een antwoord niet kan zien""".split()
)


def foreign_language(text: str, *, share: float = 0.25, least: int = 3) -> bool:
    """Whether the answer is written in another language in Latin letters ("La respuesta es
    A o D"): at least `least` frequent words of other languages making up `share` of its words.

    The readers know English words; "o" (Spanish "or") is not a connective to them.
    """
    found = words(text)
    hits = sum(1 for word in found if word in _OTHER_LANGUAGE_WORDS)
    return hits >= least and hits >= share * len(found)


def foreign_script(text: str, *, share: float = 0.2) -> bool:
    """Whether more than `share` of the letters are outside the Latin script.

    The readers know English words and Latin letters only; an answer written mostly in
    another script is left to the grader instead of being read from its stray Latin letters.
    """
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return False
    other = sum(1 for c in letters if ord(c) > 0x24F)
    return other > share * len(letters)


ANSWER_SUBJECTS = frozenset(
    """it i he she they we you there the this that its his her their a an one my
    he's she's it's they're there's i'm i'd""".split()
)
"""Words that may follow an answer "yes"/"no" with no punctuation ("No it cannot", "Yes the
cup is there"); any other word makes it a determiner ("no doubt", "no dots")."""

ANSWER_JOINS = frozenset({"or", "nor", "and"})
"""Words after which an opening "yes"/"no" is one of a list ("Yes or no", "Yes and no")."""

YES_WORDS = frozenset({"yes", "yeah", "yep"})
NO_WORDS = frozenset({"no", "nope"})
"""The English answer words; COMFORT's languages bring their own (`task_configs/comfort.yaml`)."""
_ANSWER_WORDS = "|".join(sorted(YES_WORDS | NO_WORDS))
ANSWER_WORD = re.compile(rf"\b(?:{_ANSWER_WORDS})\b", re.IGNORECASE)
"""An English answer word ("yes", "nope", ...), wherever it stands (`stands_as_answer` says
whether it is the answer)."""

_JOIN_WORDS = frozenset("and or nor et ou und oder y o e и или och eller en of dan atau".split())
"""Words that join two answer words ("Oui et non", "Ja oder nein") in the languages asked."""
_ANY_WORD = re.compile(r"\w+")


def side_by_side(
    low: str, yes_words: frozenset[str] = YES_WORDS, no_words: frozenset[str] = NO_WORDS
) -> bool:
    """Whether a Yes and a No word stand side by side, nothing or a join between them ("Yes
    no" (r213), "Yes/No", "Oui et non", "Ja, nein"): both given, which settles nothing, for
    every reader. Words are runs of Unicode word characters, in the vocabularies' case."""
    found = [
        (match, word in yes_words)
        for match in _ANY_WORD.finditer(low)
        if (word := match.group(0).casefold()) in yes_words | no_words
    ]
    return any(
        a_yes != b_yes and set(_ANY_WORD.findall(low[a.end() : b.start()])) <= _JOIN_WORDS
        for (a, a_yes), (b, b_yes) in zip(found, found[1:], strict=False)
    )


_OFFERED_WITH = re.compile(
    rf"(?:\b(?:{_ANSWER_WORDS})\s*(?:\band\b|\bnor\b|/)|\b(?:or|o|ou|oder|of|eller|или|atau))\s*$"
)
"""What makes an answer word one of two offered: another answer word and a join right before it
("yes or no", "yes and no"), or an "or" in the languages asked ("... sia davanti o no")."""
_EDGE = 40
"""Characters read on each side of an answer word (constant time per word)."""


def answers_yes_no(prepared: Prepared, end: int | None = None) -> bool:
    """Whether a Yes/No word stands as an answer (`stands_as_answer`) before `end`."""
    found = ANSWER_WORD.finditer(prepared.low, 0, len(prepared.low) if end is None else end)
    return any(stands_as_answer(prepared, m.start(), m.end()) for m in found)


def stands_as_answer(prepared: Prepared, start: int, end: int) -> bool:
    """Whether the Yes/No word at `start:end` stands as an answer, not inside a phrase.

    It does as the last word of its clause ("..., so no.") or as the first, followed by
    punctuation, a bracket, the end or a subject ("No, it ...", "Yes (B)", "No it can't",
    "Nein (No)"); not as a determiner or inside a clause ("no doubt", "there is no obstacle").
    Negation and hypothetical sentences are the caller's to read. This is the one reading of
    "a Yes/No that stands as the answer" of every reader (options, COMFORT's text)."""
    clause = prepared.clause_at(start)
    if clause is None:
        return False
    low = prepared.low
    if (
        low[start - 1 : start] == low[end : end + 1] == '"'
        and not low[start - 2 : start - 1].isascii()
    ):
        return True  # quoted in a script written without spaces: "答えは「いいえ」です。" (r307)
    if not _ANY_WORD.search(low, end, min(clause.end, end + _EDGE)):
        # the clause's last word, unless offered as one of two: "the answer could be yes or no"
        return _OFFERED_WITH.search(low, max(clause.start, start - _EDGE), start) is None
    if _ANY_WORD.search(low, max(clause.start, start - _EDGE), start):
        return False  # neither first nor last
    following = _ANY_WORD.search(low, end, end + _EDGE)
    between = low[end : following.start() if following else end + _EDGE]
    return (
        bool(between.strip())
        or following is None
        or following.group(0) in ANSWER_SUBJECTS | ANSWER_JOINS
    )


SEE_VERBS = r"(?:see|view|notice|spot|perceive)"
"""The verbs of seeing, for every reader that reads a seeing statement."""
FIELD_OF_VIEW = (
    r"(?:field\s+of\s+(?:view|vision)|line\s+of\s+sight|visual\s+field|view|sight|vision)"
)
"""What a figure sees with: "in its line of sight", "out of its field of view"."""
OWNERS = r"(?:its|his|her|their|my|your|the\s+minifigure's|the\s+figure's)"

_AND_ALSO = r"\s+(?:(?!not\b)[\w'-]+\s+){1,6}?and\s+"
_SEEING = re.compile(
    r"\b(?P<no>(?:cannot|can't|can not|could not|couldn't|unable to|not able to|not be able to"
    rf"|never)\s+(?:\w+\s+)?{SEE_VERBS}\b"
    rf"|(?:is|are)\s+not\s+(?:visible|(?:in|within) {OWNERS} {FIELD_OF_VIEW})\b"
    r"|(?:is|are)\s+(?:blocked|obstructed|hidden)\b"
    r"|(?:is|are)\s+(?:facing|turned)\s+away\s+from\b|has\s+(?:its|his|her)\s+back\s+to\b"
    rf"|(?:would|will)\s*(?:not|n't)\s+{SEE_VERBS}\b|won't\s+{SEE_VERBS}\b"
    rf"|(?:is|are){_AND_ALSO}(?:not\s+visible|hidden|blocked|obstructed)\b)"
    rf"|\b(?P<yes>(?:can|could|is able to|are able to)\s*{SEE_VERBS}\b"
    rf"|(?:would|will)\s+(?:be\s+able\s+to\s+)?{SEE_VERBS}\b"
    rf"|(?:is|are)\s+(?:visible|(?:in|within) {OWNERS} {FIELD_OF_VIEW})\b"
    r"|(?:is|are|it's)\s+not\s+(?:blocked|obstructed|hidden)\b"
    r"|(?:has|have)\s+an?\s+(?:clear|direct|unobstructed|unblocked)\s+(?:view|line of sight)\b"
    r"|nothing\s+(?:blocks|obstructs|hides)\b"
    rf"|(?:is|are){_AND_ALSO}(?:(?:clearly|fully)\s+)?visible\b)"
)
"""Statements about seeing; `_AND_ALSO`: the copula shared by a second predicate ("so the car
is in front of it and visible", r383)."""


_SPEAKER_SEES = re.compile(r"\b(?:i|we)\s+$")
OWN_PART_VISIBLE = re.compile(
    r"\b(?:its|his|her|their|the(?:\s+(?:mini)?figure'?s)?)\s+(?:face|eyes|head|back|torso"
    r"|front|printing|expression|features)(?:\s+printing)?\s+(?:is|are)\s+(?:not\s+)?"
    r"(?:(?:clearly|partly|partially|fully)\s+)?visible\b",
    re.IGNORECASE,
)
"""A part of the figure said to be visible ("its face is visible", "his back is not visible"):
the camera's view of the figure, no statement about what the figure sees (r329)."""


def seeing_clauses(prepared: Prepared, *, speaker: bool = True) -> list[tuple[str, Clause]]:
    """Each statement about seeing the answer makes, in order: "yes" / "no" and its clause
    (hypothetical sentences and absence statements left out; see `seeing_statement`).
    `speaker=False`: not the speaker's own ("I can see its face printing": the model looking
    at the picture, when the question does not ask it as the figure, r293)."""
    said = []
    for m in _SEEING.finditer(prepared.low):
        clause = prepared.clause_at(m.start())
        if clause is None or prepared.is_hypothetical(clause):
            continue
        if not speaker and _SPEAKER_SEES.search(prepared.low, max(0, m.start() - 4), m.start()):
            continue
        if any(
            part.start() <= m.start() < part.end()
            for part in OWN_PART_VISIBLE.finditer(prepared.low, clause.start, clause.end)
        ):
            continue  # "its face is visible" (r329)
        if _ABSENCE.search(prepared.low, clause.start, clause.end):
            continue
        said.append(("no" if m.group("no") else "yes", clause))
    return said


def seeing_statements(prepared: Prepared) -> list[str]:
    """ "yes" / "no" for each statement about seeing the answer makes, in order (see
    `seeing_statement`, the last of them)."""
    return [said for said, _ in seeing_clauses(prepared)]


def seeing_statement(prepared: Prepared, *, speaker: bool = True) -> str | None:
    """ "yes" or "no": what the answer's last statement about seeing says ("The minifigure
    cannot see the bicycle", "its view is not blocked", "has a clear view of the cup"), or
    None without one. Hypothetical sentences do not count.

    A Yes/No answer that its last seeing statement contradicts ("Yes, it can see it.
    However, ... so it cannot see it"; "No, it's not blocked: it has a clear view") is one
    a careful annotator would not settle. A clause saying a thing is absent from the picture
    ("No dog is visible", `absence_spans`) is no statement about seeing."""
    said = seeing_clauses(prepared, speaker=speaker)
    return said[-1][0] if said else None


PARTLY = (
    r"(?:\b(?:partly|partially|in\s+part|teilweise|parcialmente|en\s+parte|em\s+parte"
    r"|partiellement|en\s+partie|parzialmente|in\s+parte|gedeeltelijk|deels|delvis"
    r"|частично|отчасти|sebagian)\b|部分|부분적)"
)
""""Partly" in English and the languages COMFORT asks in: an answer that holds in part."""

HEDGE_WORDS = frozenset(
    """possible possibly could might may perhaps maybe likely probably unclear unsure partially
    partly""".split()
)
"""Words that make a statement a possibility or a part ("It is possible that the ball is in front
of the car", "partially in front of the bicycle", r57): a reader that decides from a statement alone, with no Yes/No or letter to rely
on, does not decide from one in a sentence with them."""

_VIEWPOINT = re.compile(
    r"\bfrom\s+(?:(?:the|an?)\s+(?:[a-z]+\s+)?)?(?P<owner>my|our|your|his|her|its|their|[a-z]+'s)\s+(?:own\s+)?"
    r"(?:perspective|viewpoint|point\s+of\s+view|view|vantage\s+point|angle|frame\s+of\s+reference"
    r"|orientation|standpoint)\b"
    # an intrinsic frame: "relative to the bicycle's own front (where the handlebars point)"
    # or a frame taken: "if we consider the car's orientation, it might be to its right" (r33)
    r"|\b(?:relative\s+to|according\s+to|in\s+terms\s+of|by|consider(?:ing|s)?|tak(?:e|ing)"
    r"|us(?:e|ing))\s+(?:the\s+)?(?P<front_owner>[a-z]+'s)\s+(?:own\s+)?(?:front|facing"
    r"|orientation|perspective|viewpoint|point\s+of\s+view)\b"
    # the relatum itself, or its orientation, taken as the frame: "relative to the car itself",
    # "относительно самой машины", "rispetto all'orientamento dell'auto" (r57)
    r"|\b(?:relative\s+to|with\s+respect\s+to)\s+the\s+(?P<itself>\w+)\s+itself\b"
    r"|относительно\s+(?:сам\w+|ориентации)\s+(?P<ru2>\w+)"
    r"|\brispetto\s+all'orientamento\s+(?:del(?:la|lo|l')?)\s*(?P<it2>\w+)"
    r"|\b(?:con\s+)?respecto\s+a\s+la\s+orientación\s+del?\s+(?P<es2>\w+)"
    r"|\bpar\s+rapport\s+à\s+l'orientation\s+(?:de\s+la|de\s+l'|du|des)\s*(?P<fr3>\w+)"
    r"|\bem\s+relação\s+à\s+orientação\s+(?:do|da)\s+(?P<pt3>\w+)"
    r"|\b(?:relativ\s+zur|bezogen\s+auf\s+die)\s+ausrichtung\s+(?:des|der)\s+(?P<de3>\w+)"
    # the same in the languages COMFORT asks in (whose frame: the word after, or before, it)
    r"|\b(?:du|d'un|selon\s+le)\s+point\s+de\s+vue\s+(?:de\s+la|de\s+l'|du|des|de)\s*(?P<fr>\w+)"
    r"|\bde\s+la\s+perspective\s+(?:de\s+la|de\s+l'|du|des|de)\s*(?P<fr2>\w+)"
    r"|\bdesde\s+(?:el\s+punto\s+de\s+vista|la\s+perspectiva)\s+(?:del|de\s+la|de)\s+(?P<es>\w+)"
    r"|\bdal(?:la)?\s+(?:punto\s+di\s+vista|prospettiva)\s+(?:del(?:la|lo|l')?|di)\s*(?P<it>\w+)"
    r"|\b(?:do|a\s+partir\s+do)\s+ponto\s+de\s+vista\s+(?:do|da|de)\s+(?P<pt>\w+)"
    r"|\bda\s+perspectiva\s+(?:do|da|de)\s+(?P<pt2>\w+)"
    r"|\baus\s+(?:der\s+)?(?:sicht|perspektive)\s+(?:der|des|von|vom)\s+(?P<de>\w+)"
    r"|\bvanuit\s+(?:het\s+)?(?:perspectief|oogpunt|standpunt|gezichtspunt)\s+van\s+(?:de|het)\s+(?P<nl>\w+)"
    # "seen from the horse": "vanuit het paard gezien" (r39), "vom Pferd aus gesehen"
    r"|\bseen\s+from\s+(?:the\s+)?(?P<seen>\w+)"
    r"|\bvanuit\s+(?:de|het)\s+(?P<nl2>\w+)\s+(?:gezien|bekeken)"
    r"|\bvo[nm]\s+(?:der\s+|dem\s+)?(?P<de2>\w+)\s+aus\s+(?:gesehen|betrachtet)"
    r"|\b(?:från|ur)\s+(?P<sv>\w+?):?s\s+(?:perspektiv|synvinkel)"
    r"|с\s+точки\s+зрения\s+(?P<ru>\w+)"
    r"|\bdari\s+(?:sudut\s+pandang|perspektif)\s+(?P<id>\w+)"
    # "从汽车自身的朝向来看" (r197): the relatum's own orientation
    r"|从(?P<zh>\w{1,6}?)(?:自身|本身|自己)?的?(?:角度|视角|视点|方向|朝向)"
    r"|(?P<ja>\w{1,6}?)の(?:視点|観点|立場)から|(?P<ja2>\w{1,6}?)から見(?:ると|て|た|れば)"
    r"|(?P<ko>[^\s,.]{1,8}?)의?\s*(?:시점|관점|입장)에서"
)
_SAME_OWNER = {"our": "my"}
_PRONOUN_OWNERS = {
    "her": frozenset("woman's girl's lady's person's".split()),
    "his": frozenset("man's boy's person's".split()),
}
"""The person a gendered pronoun can name ("from the woman's viewpoint ... From her viewpoint")."""


def viewpoint_mentions(prepared: Prepared) -> list[tuple[int, str]]:
    """Where the answer names a viewpoint, and whose ("from the camera's view", "from her
    perspective", "du point de vue du chien", "자동차의 시점에서"). "her" or "his" is the one
    person the answer names a viewpoint of, when it names one ("the woman's viewpoint ...
    her viewpoint" is one viewpoint, r93; "the camera's view ... her view" are two)."""
    found = []
    for m in _VIEWPOINT.finditer(prepared.low):
        owner = next(group for group in m.groups() if group)
        found.append((m.start(), _SAME_OWNER.get(owner, owner)))
    for pronoun, people in _PRONOUN_OWNERS.items():
        named = {owner for _, owner in found} & people
        if len(named) == 1:
            found = [(at, next(iter(named)) if o == pronoun else o) for at, o in found]
    return found


IMAGE_SIDE = (
    r"\b(?:left|right|top|bottom|upper|lower)\s+(?:(?:hand\s+)?(?:side|half|part|edge|corner)\s+)?"
    r"of\s+the\s+(?:image|picture|photo|photograph|frame|scene)\b"
    r"|\b(?:viewer|camera|observer|image|picture|photo)'s\s+(?:left|right)\b"
    r"|\b(?:image|picture|photo|screen)[\s-](?:left|right)\b"
)
"""A side of the image, no one's ("the left side of the image", "the viewer's right", "image
left"): every
reader's direction of a person or figure is never read from it (pattern text, lower case)."""

IMAGE_FRAME_OWNERS = frozenset(
    "camera's viewer's image's picture's photo's photograph's observer's photographer's "
    "scene's our your".split()
)
"""Viewpoints that are the image's frame, not a figure's ("from the camera's view")."""
_FIGURE_PRONOUNS = frozenset("my his her its their".split())


def figure_frame_statements(
    prepared: Prepared, *, first_person: bool = False
) -> list[tuple[int, int]]:
    """The statements an answer makes from a figure's own viewpoint, each from the viewpoint
    named to the end of its sentence ("From her point of view it would be on her right
    side", "From the minifigure's perspective, the cup is to its left"). Such a statement
    answers a question asked from that figure's perspective: when the declared answer names
    another option or side, the answer gives two (r213, r215, r217). The image's frame (the
    camera's, the viewer's) is none; "my" is the figure's only in the first person."""
    found = []
    for at, owner in viewpoint_mentions(prepared):
        if owner in IMAGE_FRAME_OWNERS or (owner == "my" and not first_person):
            continue
        if not owner.endswith("'s") and owner not in _FIGURE_PRONOUNS:
            continue  # "seen from behind", "seen from the side": no one's viewpoint
        clause = prepared.clause_at(at)
        if clause is not None:
            found.append((at, prepared.sentences[clause.sentence][1]))
    return found


def viewpoints(prepared: Prepared) -> set[str]:
    """Whose viewpoints the answer speaks from: an answer giving verdicts from two (COMFORT's
    "from the camera's view yes, but from the dog's ...") answers per frame of reference,
    and a careful annotator would not pick one for it."""
    return {owner for _, owner in viewpoint_mentions(prepared)}


BARE_WORDS = 6
"""Most words of a bare answer ("B", "(B) behind him", "North-east.", "No, it cannot.")."""
_DECLARED = re.compile(r"\W*(?:(?:my|the)\s+)?(?:final\s+)?answer\s*(?::|-|is\b)\s*")


def bare_answer(prepared: Prepared) -> bool:
    """Whether the answer is one of the narrow forms the rules may decide alone when a grader
    reads the rest (`-T grader=narrow`): the whole visible answer is a bare answer (at most
    `BARE_WORDS` words: "B", "(B) behind him", "North-east.", "No, it cannot."), or it ends
    with one declared answer line ("Answer: B", "Final answer: north") holding one, the only
    line that declares an answer."""
    if not prepared.low or prepared.problem is not None:
        return False
    if len(words(prepared.low)) <= BARE_WORDS:
        return True
    lines = prepared.low.split("\n")
    declared = _DECLARED.match(lines[-1])
    return (
        declared is not None
        and 0 < len(words(lines[-1][declared.end() :])) <= BARE_WORDS
        and sum(_DECLARED.match(line) is not None for line in lines) == 1
        and not any("answer" in line for line in lines[:-1])
    )


_ASKS_SEEING = re.compile(r"\b(?:see|sees|seeing)\b")
_ASKS_SURFACE = re.compile(r"\bsurface\b")


def asks_seeing(question: str | None) -> bool:
    """Whether a question asks what someone sees ("does it see the dog?", "how many red dots
    does the man see?"), not whether two things share a surface."""
    if question is None:
        return False
    low = question.lower()
    return _ASKS_SEEING.search(low) is not None and _ASKS_SURFACE.search(low) is None


_ADDRESSED = re.compile(r"\b(?:you|your|yourself)\b")


def asks_as_the_figure(question: str | None) -> bool:
    """Whether the question addresses the model as the figure ("Imagine you are the person in
    the image. In which direction is the window relative to you?"): "my" in its answer is then
    the figure's own viewpoint."""
    return question is not None and _ADDRESSED.search(question.lower()) is not None


def negated_question(question: str) -> bool:
    """Whether a question asks for what is not the case ("Which object can he NOT see?",
    "Which is not visible to her?", "all except ...")."""
    return any(
        word in ("not", "cannot", "never", "except") or word.endswith("n't")
        for word in words(question)
    )


def asks_itself(prepared: Prepared) -> bool:
    """Whether the answer asks a question of its own ("In front? No. Behind.", "Is the ball
    not in front of the car? No, it is in front."): a yes or no after it may answer that
    question rather than the one asked."""
    return any(prepared.low[start:end].rstrip().endswith("?") for start, end in prepared.sentences)


_WALKTHROUGH_OPENING = re.compile(
    r"\W*(?:to\s+(?:answer|determine|count|find|figure\s+out|identify|establish|solve|work\s+out"
    r"|decide|tell|see\s+(?:if|whether))\b|let(?:'s|\s+me|\s+us)\b|first(?:ly)?\b|step\s*1\b"
    r"|i\s+(?:will|'ll|need\s+to|must|should|have\s+to|am\s+going\s+to)\b)"
)
_CONCLUSION_CUE = re.compile(
    r"\b(?:so(?!\s+(?:i|we)\s+(?:need|must|have|will|should|'ll|can)\b|\s+let)|therefore|thus|hence|answer|conclusion|conclude|final|finally|overall|summary"
    r"|total|result)\b"
)
_FINISHED_ENDS = frozenset(".!?)]}\"'*`>。！？")
_DANGLING_END = re.compile(
    r"\b(?:the|an|is|are|was|were|be|of|to|on|in|at|from|and|or|its|his|her|their|my|than"
    r"|located|positioned|facing|with|by)\s*$"
)
"""A last word no sentence ends on: the token limit came mid-sentence. Narrower than
Isle-Brick-V2's `extraction._cut_off`, which only objects: this one decides (`unfinished`), so
it leaves out "a" (the letter A) and the words an ended answer may close on ("so", "then")."""
_DANGLING_ITEM = re.compile(r"(?:^|\n)\s*\d+[.)]$")
"""A list cut off at its next item's number ("1. The silver kettle\n2.")."""
_LONE_LAST_LINE = re.compile(r"(?:\n|[.!?。！？]\s)[ \t]*[^\w\n]*[a-z0-9][^\w\n]*$")
"""A last line or sentence holding one letter or digit ("...behind me.\n\nA", r267; "I am going
to open the window. C", r295): an answer given, not a sentence the token limit cut."""


_FRAGMENT_WORDS = 15


def unfinished_fragment(prepared: Prepared) -> bool:
    """Whether the whole answer is one short sentence cut off before it said anything: no
    sentence mark or line break, at most `_FRAGMENT_WORDS` words, ending on a word no sentence
    ends on ("The rocket is located", "The minifigure is facing the", "The man is looking at
    the"). Every such answer of the held-out rounds r12-r262 the readers read nothing in (88)
    is labelled as answering nothing: the paper's failed answer."""
    low = prepared.low.strip()
    return (
        bool(low)
        and not re.search(r"[.!?;:\n]", low)
        and len(words(low)) <= _FRAGMENT_WORDS
        and _DANGLING_END.search(low) is not None
    )


def unfinished_walkthrough(prepared: Prepared) -> bool:
    """Whether the answer is a walk-through cut off before it concluded.

    It opens by announcing how it will work ("To count the minifigures, I first
    look ...", "Let's go through the image", "Step 1"), stops mid-sentence (the
    token limit), and never reaches a conclusion ("so", "therefore", "the
    answer"), or is cut inside its concluding sentence ("So ..., the basketball is"):
    whatever it names so far is observation, not an answer.
    """
    low = prepared.low.rstrip()
    if not low or not prepared.sentences:
        return False
    finished = low[-1] in _FINISHED_ENDS or _LONE_LAST_LINE.search(low) is not None
    if finished and not _DANGLING_ITEM.search(low):
        return False
    start, end = prepared.sentences[0]
    opening = _WALKTHROUGH_OPENING.match(low, start, end)
    if opening is None:
        return False
    last = prepared.sentences[-1][0]
    if _DANGLING_END.search(low, last) and _CONCLUSION_CUE.search(low, last):
        return True  # "So from the dog's viewpoint, the basketball is" (r259): cut mid-conclusion
    return not any(  # a cue with the token limit right after it ("..., so") concluded nothing
        len(words(low[cue.end() : cue.end() + 40])) >= 1
        for cue in _CONCLUSION_CUE.finditer(low, opening.end())
    )


def in_brackets(low: str, at: int) -> bool:
    """Whether `at` is inside a bracket opened before it and closed after it."""
    opened = low.rfind("(", 0, at)
    return opened > low.rfind(")", 0, at) and low.find(")", at) > 0


_MAYBE = re.compile(r"\b(?:maybe|perhaps|possibly)\b")
_ANSWER_BEFORE = re.compile(rf"\b(?:{_ANSWER_WORDS})\W{{0,3}}$")


def hedged_answer(prepared: Prepared) -> bool:
    """Whether "maybe", "perhaps" or "possibly" stands as the answer or beside its answer word:
    the last word of its clause ("It partially sees it: ..., so maybe.", r227), next to a Yes
    or No ("Yes, maybe.", "Maybe not."): a hedge between Yes and No, no answer."""
    low = prepared.low
    for m in _MAYBE.finditer(low):
        clause = prepared.clause_at(m.start())
        if clause is None:
            continue
        following = _ANY_WORD.findall(low, m.end(), clause.end)
        if not following or (
            following[0] in YES_WORDS | NO_WORDS | {"not"} and len(following) == 1
        ):
            return True
        if _ANSWER_BEFORE.search(low, max(0, m.start() - 8), m.start()):
            return True
    return False


def doubts(prepared: Prepared) -> list[str]:
    """The signs of doubt in an answer that a careful annotator would not decide past.

    `unfinished_reasoning` (a walk-through cut off before its conclusion);
    `instructions` (the answer addresses its grader: "ignore the above", "Your output:");
    `retraction` (a self-correction: "wait", "looking again", "on second thought");
    `correction_in_aside` (the last self-correction inside brackets: "... to its left. (From the
    camera's view ... actually ... behind it.)", r211): whether it corrects the aside or the
    answer, nobody can tell;
    `double_negation` ("it's not true that it can't see it");
    `alternatives` (a second answer offered as a possibility: "B, though it might also be C");
    `hedged_answer` ("so maybe.", "Yes, maybe", "Maybe not": a hedge between Yes and No);
    `script` (mostly a script the readers do not cover);
    `language` (another language in Latin letters: "La respuesta es A o D").
    """
    found = []
    if unfinished_walkthrough(prepared):
        found.append("unfinished_reasoning")
    if addresses_grader(prepared):
        found.append("instructions")
    marker = retraction(prepared)
    if marker is not None:
        found.append("retraction")
        if in_brackets(prepared.low, marker.start()):
            found.append("correction_in_aside")
    if double_negation(prepared):
        found.append("double_negation")
    if offers_alternative(prepared):
        found.append("alternatives")
    if hedged_answer(prepared):
        found.append("hedged_answer")
    if foreign_script(prepared.text):
        found.append("script")
    elif foreign_language(prepared.text):
        found.append("language")
    return found

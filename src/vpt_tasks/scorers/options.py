"""Deterministic mapping of free-text model answers to multiple-choice options.

Two scorer kinds turn a model's free-text answer into one of the options it
was offered before asking a grader model:

* merge match (k options A, B, C, ...; e.g. Omni-Perspective,
  :mod:`vpt_tasks.scorers.merge_match`): :func:`extract_option` follows the
  reference extraction order of VLMEvalKit's ``can_infer`` ("merge match"):
  refusal strings -> ``"Z"``; exactly one option letter standing alone near
  the end of the answer; an explicit answer statement ("answer is C",
  "Answer: C", "Option C", "(C)"); a unique option text inside a short
  answer; otherwise undecided, so the caller falls back to the LLM judge.
* answer mapping (two options whose *values* matter, e.g. "Yes"/"No" or two
  counts; e.g. Isle-Bricks v1 / Isle-Dots, :mod:`vpt_tasks.scorers.answer_mapping`):
  :func:`map_two_option_answer` is the deterministic first pass before the
  grader model; it also reads the option value itself ("No", "3", "three")
  and refuses to decide when the answer asserts both options.

Both share the patterns an annotator reads (issue 12): options echoed back
before the answer are set aside; a leading answer ("D) behind -- neither A
nor B ...") wins over options named in its explanation; contrast and
elimination ("It's B, not C.", "A is wrong, C is wrong. B.") choose the one
option left standing; an option named only in a negated clause ("not A",
"the door is behind her, so she cannot see it") is never chosen; a letter
whose attached text names another option ("C. to the left") is undecided;
a hedged but committed answer ("hard to say, but B seems most likely") is
that option; plain refusals and "impossible to tell" are refusals.

Both return an :class:`OptionMatch` that names the rule which decided, so a
scorer can record which path produced the mapping. Nothing here calls a model
and nothing is random: an undecided answer is ``OptionMatch(None, None)``,
never a guess.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from vpt_tasks.core.text import NUMBER_WORDS

__all__ = [
    "OptionMatch",
    "UNDECIDED",
    "NO_OPTION_LETTER",
    "UNKNOWN_VALUE",
    "RULE_REFUSAL",
    "RULE_LONE_LETTER",
    "RULE_LEADING_LETTER",
    "RULE_ANSWER_IS",
    "RULE_FINAL_CHOICE",
    "RULE_OPTION_TEXT",
    "RULE_CONTRAST",
    "RULES",
    "extract_option",
    "map_two_option_answer",
    "is_refusal",
    "number_synonyms",
]

#: Letter meaning "none of the options / refused" (VLMEvalKit convention).
NO_OPTION_LETTER = "Z"
#: Value the two-option mapping reports for a refusal (Isle v1 convention).
UNKNOWN_VALUE = "Unknown"

RULE_REFUSAL = "refusal"
RULE_LONE_LETTER = "lone_letter"
RULE_LEADING_LETTER = "leading_letter"
RULE_ANSWER_IS = "answer_is"
RULE_FINAL_CHOICE = "final_choice"
RULE_OPTION_TEXT = "option_text"
RULE_CONTRAST = "contrast"
#: Every rule name an :class:`OptionMatch` can carry, in the order tried.
RULES = (
    RULE_REFUSAL,
    RULE_LONE_LETTER,
    RULE_LEADING_LETTER,
    RULE_ANSWER_IS,
    RULE_FINAL_CHOICE,
    RULE_CONTRAST,
    RULE_OPTION_TEXT,
)


@dataclass(frozen=True)
class OptionMatch:
    """Outcome of mapping one answer to an option.

    Attributes:
        letter: the chosen option letter, ``"Z"`` for a refusal / "none of
            the options", or ``None`` when undecided (call the grader).
        rule: the rule that decided (one of :data:`RULES`), ``None`` when
            undecided.
        value: the chosen option's text/value; ``"Unknown"`` for a refusal
            in the two-option variant, ``None`` otherwise.
    """

    letter: str | None
    rule: str | None
    value: str | None = None

    @property
    def decided(self) -> bool:
        """True when a deterministic rule produced a letter (incl. ``"Z"``)."""
        return self.letter is not None


UNDECIDED = OptionMatch(None, None)

# --------------------------------------------------------------------------
# Text clean-up and tokenisation
# --------------------------------------------------------------------------

_compile = functools.lru_cache(maxsize=4096)(re.compile)
"""`re.compile` for patterns built from option texts: `re`'s own cache holds only 512, and
a circular run asks the same options k times (compiling them is most of the extraction time)."""

_THINK_BLOCK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
_BOXED = re.compile(r"\\boxed\{\s*([^{}]*?)\s*\}")
_LATEX_TEXT = re.compile(r"\\text(?:bf)?\{([^{}]*)\}")
_MARKDOWN = re.compile(r"\*\*|__|`+|#+")
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})

# Characters that separate tokens, as VLMEvalKit's ``.()[],:;!*#{}`` plus a
# few more that models emit around letters (quotes, ?, <>, |).
_TOKEN = re.compile(r"[^\s.()\[\],:;!?*#{}<>\"`|]+")
_EDGE_QUOTES = "'\""

# Words that may follow a capital letter used as an option label ("A is
# correct", "B because ..."). Any other lower-case word after a capital "A"
# means "A" is the article ("A dog is ..."), after "I" the pronoun.
_LABEL_FOLLOWERS = frozenset(
    """is was would will should could can might may must seems seem appears
    matches match fits fit best better correctly describes corresponds
    represents shows indicates because since as and or but nor are were has
    had also only then though rather instead vs versus to in on with for if
    from of here there now still again too alone so thus therefore hence
    makes remains looks sounds says states suggests claims mentions implies
    shows""".split()
)
_PRONOUN_I_FOLLOWERS = frozenset({"is", "was", "and", "or", "seems", "matches", "fits"})
_NEGATIONS = frozenset({"not", "isn't", "never", "except", "exclude", "excluding"})

# A label opening the answer (or a line): "B.", "B)", "(B)", "[B]", "B:", or
# the letter alone on the first line.
_LEADING_MARK = re.compile(
    r"^\s*[\(\[]?[ \t]*([A-Za-z])[ \t]*(?:[\)\]]|[.:](?![A-Za-z0-9])|(?=\n))"
)
_LIST_MARKER = re.compile(r"^\s*(?:\d+[.)]|[-\u2022])\s+")

# Refusal phrases (case-folded substrings). The first four are VLMEvalKit's.
_REFUSALS = (
    "sorry, i can't help with images of people yet",
    "i can't process this file",
    "i'm sorry, but without the image provided",
    "cannot determine the answer",
    "can't determine the answer",
    "i'm sorry, but i can't assist",
    "i'm sorry, but i cannot assist",
    "i can't assist with",
    "i cannot assist with",
    "i'm unable to help",
    "i am unable to help",
    "i'm not able to help",
    "i cannot help with",
    "i can't help with",
    "i'm unable to determine",
    "i am unable to determine",
    "i'm not able to determine",
    "i cannot determine",
    "i can't determine",
    "unable to determine the answer",
    "impossible to determine",
    "not possible to determine",
    "i cannot answer",
    "i can't answer",
    "i'm unable to answer",
    "i am unable to answer",
    "i cannot provide an answer",
    "i can't provide an answer",
    "i can't see the image",
    "i cannot see the image",
    "i'm unable to see the image",
    "i am unable to see the image",
    "i'm unable to view",
    "i am unable to view",
    "no image was provided",
    "none of the options",
    "none of the above",
    # "impossible to tell" and its kin: no option is chosen
    "impossible to tell",
    "impossible to say",
    "impossible to know",
    "not possible to tell",
    "not possible to say",
    "cannot be determined",
    "can't be determined",
    "no way to tell",
    "no way to know",
    "i can't tell",
    "i cannot tell",
    "i am unable to tell",
    "i'm unable to tell",
    "not able to tell",
    "not enough information",
    "insufficient information",
    "i don't know",
    "i do not know",
)


def _clean(text: str) -> str:
    """Normalise quotes, drop reasoning blocks and markdown, unwrap \\boxed{}."""
    text = str(text).translate(_QUOTES)
    text = _THINK_BLOCK.sub(" ", text)
    text = _LATEX_TEXT.sub(r"\1", text)
    text = _BOXED.sub(r" answer is \1 ", text)
    text = _MARKDOWN.sub(" ", text)
    return text.strip()


@dataclass(frozen=True)
class _Tok:
    text: str
    start: int
    end: int


def _tokens(text: str) -> list[_Tok]:
    """Punctuation-separated tokens with their spans (quotes stripped)."""
    out: list[_Tok] = []
    for m in _TOKEN.finditer(text):
        raw = m.group(0)
        word = raw.strip(_EDGE_QUOTES)
        if not word:
            continue
        lead = len(raw) - len(raw.lstrip(_EDGE_QUOTES))
        out.append(_Tok(word, m.start() + lead, m.start() + lead + len(word)))
    return out


def _is_prose(text: str, tok: _Tok) -> bool:
    """True when a capital A/I token is the article/pronoun, not a label."""
    if tok.text not in ("A", "I"):
        return False
    m = re.match(r"[ \t]+([a-z][a-z'\-]*)", text[tok.end :])
    if not m:
        return False
    follower = m.group(1)
    if tok.text == "A":
        return follower not in _LABEL_FOLLOWERS
    return follower not in _PRONOUN_I_FOLLOWERS


def _is_negated(toks: Sequence[_Tok], i: int) -> bool:
    """True when the letter token ``i`` directly follows a negation ("not A")."""
    if i == 0:
        return False
    prev = toks[i - 1].text.lower()
    return prev in _NEGATIONS or prev.endswith("n't")


def _letter_tokens(text: str, toks: Sequence[_Tok], letters: Sequence[str]) -> list[int]:
    """Indices of tokens that are an upper-case option letter used as a label."""
    return [i for i, t in enumerate(toks) if t.text in letters and not _is_prose(text, t)]


def is_refusal(answer: str) -> bool:
    """True when the answer contains a known refusal phrase."""
    low = _clean(answer).casefold()
    return any(phrase in low for phrase in _REFUSALS)


# --------------------------------------------------------------------------
# Letter rules
# --------------------------------------------------------------------------

# Sentinel for "this rule saw several different letters".
_AMBIGUOUS = "?"

_CUE_VERB = (
    r"(?:\s+(?:is|would\s+be|should\s+be|will\s+be|must\s+be|seems\s+to\s+be|"
    r"appears\s+to\s+be|is\s+(?:most\s+)?likely|is\s+probably|is\s+therefore|=))?"
)
# A letter followed by "or B" / "and C" / ", D" is a hedge, not an answer.
_NOT_HEDGED = r"(?!\s*(?:,|or|and|/)\s*(?:option\s+)?[\(\[]?(?-i:[A-Z])[\)\]]?(?![\w']))"
# "answer is X", "Answer: X", "final answer - (X)", "correct option is X".
_ANSWER_STATEMENT = re.compile(
    r"\b(?:final\s+|correct\s+|best\s+|right\s+|most\s+likely\s+)?answer\b"
    + _CUE_VERB
    + r"\s*(?:[:=\-]\s*)?(?:(?:option|choice|letter)\s+)?[\(\[]?\s*([A-Za-z])\s*[\)\]]?(?![\w'])"
    + _NOT_HEDGED,
    re.IGNORECASE,
)
_CORRECT_OPTION = re.compile(
    r"\b(?:correct|best|right|most\s+likely|most\s+appropriate|most\s+accurate|"
    r"most\s+suitable|closest|final)\s+(?:option|choice)\b"
    + _CUE_VERB
    + r"\s*(?:[:=\-]\s*)?[\(\[]?\s*([A-Za-z])\s*[\)\]]?(?![\w'])"
    + _NOT_HEDGED,
    re.IGNORECASE,
)
# "C is correct", "(B) is the right answer", "A is the most accurate".
_LETTER_IS_CORRECT = re.compile(
    r"(?<![\w'])[\(\[]?([A-Z])[\)\]]?\s+(?:is\s+(?:the\s+)?(?:correct|right|best|"
    r"most\s+likely|more\s+likely|likelier|most\s+plausible|more\s+plausible|"
    r"most\s+appropriate|most\s+accurate|most\s+suitable|closest)|"
    r"(?:fits|matches)\s+(?:best|better|most\s+closely))\b"
)
# Hedged but committed: "probably A", "I'd lean towards C", "B seems most likely".
_HEDGED_CHOICE = re.compile(
    r"\b(?:probably|most\s+likely|likely|presumably|lean(?:ing|s)?\s+(?:towards?|to)|"
    r"(?:my\s+)?best\s+guess(?:\s+(?:is|would\s+be))?|i\s+guess)\s*[:\-]?\s*"
    r"(?:(?:option|choice)\s+)?[\(\[]?\s*([A-Za-z])\s*[\)\]]?(?![\w'])" + _NOT_HEDGED,
    re.IGNORECASE,
)
_LETTER_SEEMS = re.compile(
    r"(?<![\w'])[\(\[]?([A-Z])[\)\]]?\s+(?:seems|appears|looks)\s+(?:to\s+be\s+)?(?:the\s+)?"
    r"(?:most\s+|more\s+)?(?:likely|likelier|plausible|correct|right|best)\b"
)
_CHOOSE = re.compile(
    r"\b(?:choose|chose|select|selected|pick|picked|go\s+with|going\s+with|opt\s+for)\s+"
    r"(?:(?:option|choice)\s+)?[\(\[]?([A-Z])[\)\]]?(?![\w'])",
    re.IGNORECASE,
)
# Mentions: "Option C", "choice B", "(B)", "[B]".
_OPTION_MENTION = re.compile(
    r"\b(?:option|choice)[ \t]*[:\-]?[ \t]*[\(\[]?([A-Z])[\)\]]?(?![\w'])", re.IGNORECASE
)
_BRACKETED = re.compile(r"[\(\[]\s*([A-Z])\s*[\)\]]")
_NEGATED_AFTER = re.compile(
    r"^\s*[\)\]]?\s*(?:is\s+not|isn't|is\s+incorrect|is\s+wrong|is\s+unlikely|"
    r"does\s+not|doesn't|can\s+be\s+ruled\s+out|can\s+be\s+eliminated|is\s+ruled\s+out)\b",
    re.IGNORECASE,
)
_NEGATED_BEFORE = re.compile(r"(?:\bnot|n't|\bexcept|\brule\s+out)\s*$", re.IGNORECASE)
_AFTER_OPTION_WORD = re.compile(r"\b(?:option|choice|letter)\s*[:\-]?\s*[\(\[]?\s*$", re.IGNORECASE)


def _accept_letter(m: re.Match[str], text: str, letters: Sequence[str]) -> str | None:
    """Upper-case the captured letter if it is valid in this position.

    A lower-case letter only counts when nothing word-like follows it, so that
    "the answer is a dog" is not read as option A.
    """
    raw = m.group(1)
    letter = raw.upper()
    if letter not in letters:
        return None
    if raw.islower() and re.match(r"\s*[A-Za-z0-9]", text[m.end() :]):
        return None
    labelled = _AFTER_OPTION_WORD.search(text[: m.start(1)])
    if not labelled and _is_prose(text, _Tok(raw, m.start(1), m.end(1))):
        return None  # "the answer is A dog": the article, not option A
    return letter


def _collect(
    pattern: re.Pattern[str], text: str, letters: Sequence[str], *, skip_negated: bool
) -> list[str]:
    found: list[str] = []
    for m in pattern.finditer(text):
        letter = _accept_letter(m, text, letters)
        if letter is None:
            continue
        if skip_negated and (
            _NEGATED_AFTER.match(text[m.end() :]) or _NEGATED_BEFORE.search(text[: m.start()])
        ):
            continue
        found.append(letter)
    return found


def _unique(found: Sequence[str]) -> str | None:
    distinct = set(found)
    if not distinct:
        return None
    if len(distinct) == 1:
        return found[0]
    return _AMBIGUOUS


def _answer_is(text: str, letters: Sequence[str], *, mentions: bool = True) -> str | None:
    """Explicit answer statements, strongest first; each tier must agree.

    Tiers: "the answer is C" / "C is correct"; "I choose C" and hedged but
    committed choices ("probably C", "C seems most likely"); then (with
    `mentions`) plain mentions "Option C" / "(C)".
    """
    tiers = [
        (
            _collect(_ANSWER_STATEMENT, text, letters, skip_negated=False)
            + _collect(_CORRECT_OPTION, text, letters, skip_negated=False)
            + _collect(_LETTER_IS_CORRECT, text, letters, skip_negated=False)
        ),
        (
            _collect(_CHOOSE, text, letters, skip_negated=True)
            + _collect(_HEDGED_CHOICE, text, letters, skip_negated=True)
            + _collect(_LETTER_SEEMS, text, letters, skip_negated=True)
        ),
    ]
    if mentions:
        tiers.append(
            _collect(_OPTION_MENTION, text, letters, skip_negated=True)
            + _collect(_BRACKETED, text, letters, skip_negated=True)
        )
    for found in tiers:
        result = _unique(found)
        if result is not None:
            return result
    return None


def _lone_letter(
    text: str, toks: Sequence[_Tok], letters: Sequence[str], extra: Sequence[str] = ()
) -> tuple[str, str] | None:
    """VLMEvalKit's ``can_infer_option`` core, plus a leading "B." form.

    Exactly one distinct option letter occurs as a standalone token; take it if
    its first occurrence is among the last four tokens (``lone_letter``) or if
    the answer opens with it as a label, e.g. "B. ..." or "(B) ..."
    (``leading_letter``). A whole answer of one lower-case letter ("b") also
    counts. ``extra`` letters (``Z`` when it is not an option) are accepted
    only when no option letter occurs at all, as in VLMEvalKit.
    """
    if not toks:
        return None
    idx = _letter_tokens(text, toks, letters)
    distinct = {toks[i].text for i in idx}
    if len(distinct) == 1:
        first = idx[0]
        letter = toks[first].text
        if _is_negated(toks, first):
            return None
        if first > len(toks) - 5:
            return letter, RULE_LONE_LETTER
        lead = _LEADING_MARK.match(text)
        if (
            first == 0
            and lead
            and lead.group(1) == letter
            and not _SELF_CORRECTION.search(text[lead.end() :])
        ):
            return letter, RULE_LEADING_LETTER
        return None
    if distinct:
        return None
    if len(toks) == 1 and toks[0].text.upper() in letters and len(toks[0].text) == 1:
        return toks[0].text.upper(), RULE_LONE_LETTER
    lead = _LEADING_MARK.match(text)
    if lead and lead.group(1).islower() and lead.group(1).upper() in letters:
        # "b) the red cup", "c. left" -- a lower-case label at the very start.
        return lead.group(1).upper(), RULE_LEADING_LETTER
    for z in extra:
        if any(t.text == z for t in toks):
            return z, RULE_LONE_LETTER
    return None


def _final_choice(text: str, toks: Sequence[_Tok], letters: Sequence[str]) -> str | None:
    """Chain-of-thought that ends with a choice: "... Therefore, B." / last line "C. cup"."""
    if not toks:
        return None
    tail_start = max(0, len(toks) - 4)
    clauses = _clauses(text)
    idx = [
        i
        for i in _letter_tokens(text, toks, letters)
        if i >= tail_start
        and not _is_negated(toks, i)
        and not _letter_negated(text, toks[i], clauses)
    ]
    distinct = {toks[i].text for i in idx}
    last = len(toks) - 1
    if len(distinct) == 1 and idx[-1] == last:
        return toks[last].text
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) > 1:
        lead = _LEADING_MARK.match(lines[-1])
        if lead and lead.group(1) in letters:
            # Not when earlier lines enumerate other options ("A. ...\nB. ...").
            others = {m.group(1) for ln in lines[:-1] if (m := _LEADING_MARK.match(ln))} & set(
                letters
            )
            if others <= {lead.group(1)}:
                return lead.group(1)
    return None


def _letter_rules(
    text: str, letters: Sequence[str], extra: Sequence[str] = ()
) -> tuple[str | None, str | None]:
    """Run lone letter, leading answer, answer statements, final choice and contrast in order.

    Returns ``(letter, rule)``; ``letter`` is :data:`_AMBIGUOUS` when answer
    statements name several different letters and nothing later decides.
    """
    toks = _tokens(text)
    lone = _lone_letter(text, toks, letters, extra)
    if lone is not None:
        return lone
    lead = _leading_answer(text, letters)
    if lead is not None:
        strong = _answer_is(text, list(letters) + list(extra), mentions=False)
        if strong is None or strong == lead:
            return lead, RULE_LEADING_LETTER
        return _AMBIGUOUS, None  # opens with one letter, states another
    stated = _answer_is(text, list(letters) + list(extra))
    if stated is not None and stated != _AMBIGUOUS:
        return stated, RULE_ANSWER_IS
    final = _final_choice(text, toks, letters)
    if final is not None:
        return final, RULE_FINAL_CHOICE
    contrast = _contrast(text, toks, letters)
    if contrast is not None:
        return contrast, RULE_CONTRAST
    if stated == _AMBIGUOUS:
        return _AMBIGUOUS, None
    return None, None


# --------------------------------------------------------------------------
# Clauses, negation and echoes (issue 12: what an annotator reads)
# --------------------------------------------------------------------------

# Where a clause ends: sentence ends, semicolons, colons, commas, dashes,
# newlines, and before the conjunctions that open a new clause.
_CLAUSE_BREAK = re.compile(
    r"[.!?;]+(?=\s|$)|\n+|\s*[\u2014\u2013]\s*|\s-{1,2}\s|,|:(?=\s)"
    r"|\s(?=(?:but|however|whereas|while|although|though|yet|so|therefore|thus|hence|"
    r"because|since|which\s+means|meaning)\b)",
    re.IGNORECASE,
)
# Negation whose scope runs forward to the end of its clause: "isn't A or B".
_NEGATION_CUE = re.compile(
    r"\b(?:not|never|neither|nor|cannot|rather\s+than|instead\s+of|other\s+than|except|"
    r"excluding|exclude|unlike|rule\s+out|no\s+longer)\b|n't\b",
    re.IGNORECASE,
)
# After a mention: "A is wrong", "B (No) does not apply", "A would only apply if ...".
_NEGATED_MENTION_AFTER = re.compile(
    r"^\s*[\)\]]?\s*(?:[\(\[][^)\]\n]{0,40}[\)\]]\s*)?(?:is|are|was|would\s+be|seems|looks)?\s*"
    r"(?:also\s+)?(?:not\b|n't\b|wrong|incorrect|unlikely|out\b|ruled\s+out|eliminated|excluded)"
    r"|^\s*[\)\]]?\s*(?:[\(\[][^)\]\n]{0,40}[\)\]]\s*)?(?:does\s+not|doesn't|do\s+not|don't|"
    r"can\s+be\s+(?:ruled\s+out|eliminated|excluded)|cannot\s+be|can't\s+be|"
    r"would\s+(?:only\s+)?(?:apply|fit|hold|be\s+(?:correct|right|true))(?:\s+only)?\s+if)\b",
    re.IGNORECASE,
)
# A clause that states a consequence: "..., so she cannot see it".
_CONSEQUENCE = re.compile(r"^\s*(?:so|therefore|thus|hence|which\s+means|meaning)\b", re.I)
# A clause that contrasts with what came before: "..., but the door is behind her".
_CONTRASTIVE = re.compile(
    r"^\s*(?:but|however|whereas|while|although|though|yet|except)\b", re.IGNORECASE
)
# ... unless it commits to an answer: "but the door seems most likely".
_COMMITMENT = re.compile(
    r"\b(?:answer|likely|likelier|probably|seems?|appears?|guess|lean|choose|pick|go\s+with|"
    r"best|correct|right\s+one|really|actually|in\s+fact|must)\b",
    re.IGNORECASE,
)
# Numbers right after these words are not the stated count ("more than 2", "not 3").
_VALUE_NEGATED_BEFORE = re.compile(
    r"(?:\b(?:not|never|nor|neither|cannot|except)|n't|\b(?:rather|more|less|fewer|other)\s+than"
    r"|\binstead\s+of|\bat\s+(?:least|most))(?:\s+[^\s,.;:!?\n]+)?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class _Clause:
    start: int
    end: int
    text: str

    @property
    def negated(self) -> bool:
        return _NEGATION_CUE.search(self.text) is not None


def _clauses(text: str) -> list[_Clause]:
    """The clauses of `text` with their spans (see `_CLAUSE_BREAK`)."""
    out: list[_Clause] = []
    start = 0
    for m in _CLAUSE_BREAK.finditer(text):
        if m.start() > start:
            out.append(_Clause(start, m.start(), text[start : m.start()]))
        start = max(start, m.end())
    if start < len(text):
        out.append(_Clause(start, len(text), text[start:]))
    return [c for c in out if c.text.strip()]


def _clause_at(clauses: Sequence[_Clause], position: int) -> int | None:
    for index, clause in enumerate(clauses):
        if clause.start <= position < clause.end:
            return index
    return None


def _mention_negated(
    text: str, start: int, end: int, clauses: Sequence[_Clause], *, contrastive: bool = False
) -> bool:
    """Whether the mention `text[start:end]` (a letter or an option text) is negated.

    It is when a negation precedes it in its clause ("isn't A or B", "not the
    door"), when its clause is followed by a negated consequence ("the door is
    behind her, so she cannot see it"), or when a negation follows it ("A is
    wrong", "B (No) does not apply", "A would only apply if ..."). With
    `contrastive`, a mention in a clause opened by "but"/"while"/... that does
    not commit to an answer counts as negated too ("..., but the door is behind her").
    """
    if _NEGATED_MENTION_AFTER.match(text[end:]):
        return True
    index = _clause_at(clauses, start)
    if index is None:
        return False
    clause = clauses[index]
    if _NEGATION_CUE.search(text[clause.start : start]):
        return True
    following = clauses[index + 1] if index + 1 < len(clauses) else None
    if following is not None and _CONSEQUENCE.match(following.text) and following.negated:
        return True
    if contrastive and _CONTRASTIVE.match(clause.text):
        words = re.findall(r"[\w']+", clause.text)
        if len(words) > 4 and not _COMMITMENT.search(clause.text):
            return True
    return False


def _value_negated(text: str, start: int, end: int, clauses: Sequence[_Clause]) -> bool:
    """Whether an option value ("3", "no") at `start:end` is not what the answer states.

    Only close negations count ("not 3", "cannot see 4", "more than 2", "3 is
    wrong") and a negated consequence ("3 dots behind him, so he cannot see
    them"): a value later in a clause that negates something else is kept.
    """
    if _VALUE_NEGATED_BEFORE.search(text[max(0, start - 40) : start]):
        return True
    if _NEGATED_MENTION_AFTER.match(text[end:]):
        return True
    index = _clause_at(clauses, start)
    if index is None or index + 1 >= len(clauses):
        return False
    following = clauses[index + 1]
    return bool(_CONSEQUENCE.match(following.text) and following.negated)


def _letter_negated(text: str, tok: _Tok, clauses: Sequence[_Clause]) -> bool:
    return _mention_negated(text, tok.start, tok.end, clauses)


def _contrast(text: str, toks: Sequence[_Tok], letters: Sequence[str]) -> str | None:
    """Contrast and elimination: "It's B, not C.", "A is wrong, C is wrong, D is wrong. B."

    Decides when every option letter but one is named only in negated or
    eliminated form and that one is named affirmatively. "The answer is not A."
    names no letter affirmatively: undecided, never A.
    """
    idx = _letter_tokens(text, toks, letters)
    if not idx or len(toks) > 60:
        return None
    clauses = _clauses(text)
    affirmed: set[str] = set()
    negated: set[str] = set()
    for i in idx:
        (negated if _letter_negated(text, toks[i], clauses) else affirmed).add(toks[i].text)
    if len(affirmed) == 1 and negated and not affirmed & negated:
        return affirmed.pop()
    return None


# A letter opening the answer as its label: "B.", "B)", "(B)", "B:", "B -", or alone on line 1.
_LEADING_ANSWER = re.compile(
    r"^\s*[\(\[]?[ \t]*([A-Z])[ \t]*(?:[\)\]]|[.:](?![A-Za-z0-9])|(?=\n)|(?=[ \t]*$)"
    r"|(?=[ \t]+[\u2014\u2013]|[ \t]+-{1,2}[ \t]))"
)
_LABEL_AT_LINE = re.compile(
    r"^[ \t]*[\(\[]?([A-Z])(?:[\)\]]|[.:](?![A-Za-z0-9])|[ \t]*$)", re.MULTILINE
)
# The model changes its mind after its first word: the opening letter is not its answer.
_SELF_CORRECTION = re.compile(
    r"\b(?:wait|actually|on\s+(?:second\s+thought|reflection)|correction|i\s+mean|"
    r"scratch\s+that|let\s+me\s+reconsider)\b",
    re.IGNORECASE,
)
_LABEL_AFTER_SENTENCE = re.compile(r"(?<=[.!?])\s+[\(\[]?([A-Z])(?:[\)\]]|:)")


def _leading_answer(text: str, letters: Sequence[str]) -> str | None:
    """The letter an answer opens with as its label, when the rest explains rather than lists.

    "D) behind -- it is neither to the left (A) nor to the right (B)." -> D;
    "B\\n\\nExplanation: ... (A) and (C) ..." -> B. Not when other lines or
    sentences open with option labels too ("A: ... B: ..."): that enumerates
    the options, and the other rules read it.
    """
    m = _LEADING_ANSWER.match(text)
    if not m or m.group(1) not in letters or _SELF_CORRECTION.search(text):
        return None
    letter = m.group(1)
    labels = {x.group(1) for x in _LABEL_AT_LINE.finditer(text)}
    labels |= {x.group(1) for x in _LABEL_AFTER_SENTENCE.finditer(text)}
    if (labels & set(letters)) - {letter}:
        return None
    return letter


def _strip_echo(text: str, options: Mapping[str, str]) -> str:
    """Set aside the options echoed back before the answer ("Options: A. Yes B. No ... Answer: B").

    A run of at least two consecutive entries "X. <that option's text>" (in
    any label style, separated only by spaces, commas or line breaks) is
    removed, with an "Options:" heading before it. Nothing else is; an answer
    that is only the echo is left as it is (and stays undecided).
    """
    entries: list[tuple[int, int, str]] = []
    for letter, value in options.items():
        body = r"\s+".join(re.escape(word) for word in str(value).split())
        if not body:
            continue
        pattern = _compile(
            r"[\(\[]?" + re.escape(letter) + r"[\)\].:][ \t]*(?i:" + body + r")(?![\w])"
        )
        entries += [(m.start(), m.end(), letter) for m in pattern.finditer(text)]
    entries.sort()
    runs: list[list[tuple[int, int, str]]] = []
    for entry in entries:
        if runs and re.fullmatch(r"[\s,;]*", text[runs[-1][-1][1] : entry[0]]):
            runs[-1].append(entry)
        else:
            runs.append([entry])
    stripped = text
    for run in reversed(runs):
        if len({letter for _, _, letter in run}) < 2:
            continue
        start = run[0][0]
        heading = re.search(r"(?i)\boptions?\s*:?\s*$", stripped[:start])
        if heading:
            start = heading.start()
        stripped = stripped[:start] + " " + stripped[run[-1][1] :]
    return stripped.strip() if stripped.strip() else text


def _matching_options(phrase: str, options: Mapping[str, str], *, suffix: bool) -> set[str]:
    """Letters whose option text opens (or, with `suffix`, ends) `phrase`; longer texts win."""
    phrase = _norm_phrase(phrase)
    found: dict[str, str] = {}
    for letter, value in options.items():
        for form in number_synonyms(value):
            if not form:
                continue
            hit = (
                re.search(r"(?<![\w])" + re.escape(form) + r"$", phrase)
                if suffix
                else re.match(re.escape(form) + r"(?![\w])", phrase)
            )
            if hit and len(form) > len(found.get(letter, "")):
                found[letter] = form
    return {
        k
        for k, form in found.items()
        if not any(o != k and form != f and form in f for o, f in found.items())
    }


def _contradicts(text: str, letter: str, options: Mapping[str, str]) -> bool:
    """Whether the text attached to `letter` names another option: "C. to the left" (C = front).

    Attached text: what follows the letter as a label (at a line start, after
    "Answer:" or "option") up to the end of its clause, and what directly
    precedes the letter in brackets ("the red box (A)", "Yes (A)").
    """
    own = {letter}
    after = _compile(
        r"(?:^|\n|\banswer\b\s*(?:is\s*)?[:\-]?\s*|\b(?:option|choice)\s+)"
        r"[ \t]*[\(\[]?"
        + re.escape(letter)
        + r"(?:[\)\]]|[.:](?![A-Za-z0-9])|[ \t]+[\u2014\u2013]|[ \t]+-{1,2}(?=[ \t]))[ \t]*"
        r"([^\n.;,(\u2014\u2013]*(?:\.\d[^\n.;,(\u2014\u2013]*)?)",
        re.IGNORECASE,
    )
    for m in after.finditer(text):
        phrase = re.split(r"\s-{1,2}\s", m.group(1))[0]
        named = _matching_options(phrase, options, suffix=False)
        if named and not named & own:
            return True
    before = _compile(r"([^\n(\[.;:,!?]*?)\s*[\(\[]" + re.escape(letter) + r"[\)\]]")
    for m in before.finditer(text):
        named = _matching_options(m.group(1), options, suffix=True)
        if named and not named & own:
            return True
    return False


def _mentions_an_option(text: str, options: Mapping[str, str]) -> bool:
    """Whether a refusal also names an option: a letter label, an option text or value.

    "I cannot determine it for sure, but probably 4" names one and is read
    by the other rules; "I cannot determine how many dots he sees" does not.
    """
    letters = list(options)
    toks = _tokens(text)
    clauses = _clauses(text)
    for i in _letter_tokens(text, toks, letters):
        if not _letter_negated(text, toks[i], clauses):
            return True
    patterns = {k: _value_pattern(number_synonyms(v)) for k, v in options.items()}
    if _values_in(text, patterns) is not None:
        return True
    low = _norm_phrase(text)
    return any(_contains_phrase(low, _norm_phrase(v)) for v in options.values() if len(v) > 3)


# --------------------------------------------------------------------------
# Option text
# --------------------------------------------------------------------------


def _norm_phrase(s: str) -> str:
    s = _clean(s).casefold()
    s = re.sub(r"\s+", " ", s)
    return s.strip(" .,;:!?'\"")


def _contains_phrase(haystack: str, phrase: str) -> bool:
    return re.search(r"(?<![\w])" + re.escape(phrase) + r"(?![\w])", haystack) is not None


def _option_text(answer: str, options: Mapping[str, str]) -> str | None:
    """VLMEvalKit's ``can_infer_text``: a unique option text inside a short answer.

    The answer must be at most twice as long as all option texts together
    (longer answers discuss several options and go to the judge). Matching is
    case-insensitive on word boundaries; when one matched option text is
    contained in another matched one ("left" vs "top left") the longer wins.
    An option named only in a negated or contrastive clause ("not the door",
    "..., but the door is behind her") does not count. A short answer that
    is part of exactly one option text ("right" for "to the right", "blue"
    for "the blue box") is that option.
    """
    texts = {k: _norm_phrase(v) for k, v in options.items() if _norm_phrase(str(v))}
    if not texts:
        return None
    hay = re.sub(r"\s+", " ", _clean(answer).casefold())
    if len(hay) > 2 * sum(len(str(v)) for v in options.values()):
        return None
    clauses = _clauses(hay)

    def affirmed(phrase: str) -> bool:
        pattern = r"(?<![\w])" + re.escape(phrase) + r"(?![\w])"
        return any(
            not _mention_negated(hay, m.start(), m.end(), clauses, contrastive=True)
            for m in re.finditer(pattern, hay)
        )

    named = [k for k, v in texts.items() if _contains_phrase(hay, v)]
    named = [
        k
        for k in named
        if not any(o != k and texts[k] != texts[o] and texts[k] in texts[o] for o in named)
    ]
    cands = [k for k in named if affirmed(texts[k])]
    if len(cands) == 1:
        return cands[0]
    if named:
        return None
    return _option_words(hay, texts)


_FILLER_WORDS = frozenset("the a an of them him her their his its it one".split())


def _option_words(hay: str, texts: Mapping[str, str]) -> str | None:
    """A short answer whose words are all in exactly one option text ("right" -> "to the right")."""
    words = re.findall(r"[\w']+", hay)
    content = {w for w in words if w not in _FILLER_WORDS}
    if not content or len(words) > 4 or _NEGATION_CUE.search(hay):
        return None
    cands = [k for k, v in texts.items() if content <= set(re.findall(r"[\w']+", v))]
    return cands[0] if len(cands) == 1 else None


# --------------------------------------------------------------------------
# k-option extraction (Omni-Perspective)
# --------------------------------------------------------------------------


def _option_letters(options: Mapping[str, str]) -> list[str]:
    letters = [str(k).strip().upper() for k in options]
    bad = [k for k in letters if len(k) != 1 or not k.isalpha()]
    if bad:
        raise ValueError(f"option keys must be single letters, got {bad!r}")
    return letters


def extract_option(answer: str, options: Mapping[str, str]) -> OptionMatch:
    """Map a free-text answer to one of k lettered options, deterministically.

    Order (VLMEvalKit's ``can_infer`` with documented additions):

    0. options echoed back before the answer ("Options: A. left B. right ...
       Answer: B") are set aside.
    1. ``refusal`` -- a refusal phrase ("I cannot determine", "impossible to
       tell") gives ``"Z"``, unless the answer also states an answer ("... but
       the answer is B", "... but probably B") or names an option, in which
       case the rules below read it.
    2. ``lone_letter`` -- after splitting on punctuation exactly one option
       letter occurs as a standalone token (a capital "A" used as an article,
       a negated letter "not A" excluded) and it is among the last four
       tokens; a one-token lower-case answer ("b") counts too. A ``Z`` token
       with no option letter gives ``"Z"`` (VLMEvalKit). ``leading_letter``
       is the same single letter opening the answer as a label ("B. ..."),
       and also a letter opening the answer as its label when the explanation
       after it names other options ("D) behind -- neither left (A) nor right
       (B)"), unless an explicit statement names another letter.
    3. ``answer_is`` -- explicit statements: "the answer is C", "Answer: C",
       "\\boxed{C}", "C is correct", then "I choose C" and hedged but
       committed choices ("probably C", "C seems most likely"), then mentions
       "Option C" / "(C)" / "[C]" (negated mentions skipped). Each tier must
       name one letter; conflicting explicit statements never guess.
    4. ``final_choice`` -- the answer ends with a letter ("... Therefore, B.")
       that is the only letter in its last four tokens, or its last line
       starts with a label ("C. the cup").
    5. ``contrast`` -- every letter but one is named only negated or
       eliminated ("It's B, not C.", "A is wrong, C is wrong, D is wrong. B.").
    6. ``option_text`` -- a unique option text inside a short answer, not
       counting options named only in a negated or contrastive clause; a
       short answer that is part of exactly one option text ("right").

    A letter whose attached text names another option ("C. to the left"
    with C = "in front", "the red box (A)") is undecided.

    Otherwise undecided: the caller asks the judge (see
    :mod:`vpt_tasks.scorers.judge`) and never picks at random.
    """
    letters = _option_letters(options)
    opts = {str(k).strip().upper(): str(v) for k, v in options.items()}
    extra = [] if NO_OPTION_LETTER in letters else [NO_OPTION_LETTER]
    text = _clean(answer or "")
    if not text:
        return UNDECIDED
    text = _strip_echo(text, opts)

    if is_refusal(text):
        stated = _answer_is(text, letters)
        if stated is not None and stated != _AMBIGUOUS:
            return OptionMatch(stated, RULE_ANSWER_IS, opts[stated])
        if not _mentions_an_option(text, opts):
            return OptionMatch(NO_OPTION_LETTER, RULE_REFUSAL)
        # "I can't tell for sure, but ... C": read it as any other answer

    letter, rule = _letter_rules(text, letters, extra)
    if letter is not None and letter != _AMBIGUOUS:
        if letter in opts and _contradicts(text, letter, opts):
            return UNDECIDED
        return OptionMatch(letter, rule, opts.get(letter))

    by_text = _option_text(text, opts)
    if by_text is not None:
        return OptionMatch(by_text, RULE_OPTION_TEXT, opts[by_text])
    return UNDECIDED


# --------------------------------------------------------------------------
# Two-option mapping (Isle-Bricks v1 / Isle-Dots)
# --------------------------------------------------------------------------

_SHORT_ANSWER_TOKENS = 12
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+|\n+")


def number_synonyms(value: str) -> set[str]:
    """Case-folded spellings of an option value: "3" <-> "three" (0-20)."""
    v = _norm_phrase(str(value))
    forms = {v}
    if v.isdigit() and int(v) < len(NUMBER_WORDS):
        forms.add(NUMBER_WORDS[int(v)])
    elif v in NUMBER_WORDS:
        forms.add(str(NUMBER_WORDS.index(v)))
    return forms


def _is_numeric(forms: set[str]) -> bool:
    return all(f.isdigit() or f in NUMBER_WORDS for f in forms)


# Before a non-numeric value ("yes"/"no"): start, punctuation or a
# concluding word. After it: end, punctuation or a pronoun/article
# ("No it cannot", "Yes the figure can"), so that the determiner in
# "there is no obstruction" is not read as the answer "No".
_STANDALONE_BEFORE = (
    r"(?:^|(?<=[,.;:!?\n(\-\"'])|(?<=[,.;:!?\n(\-\"']\s)|"
    r"\b(?:so|therefore|thus|hence|then|simply|is|say|says|answer|probably|likely|"
    r"definitely|clearly|certainly|maybe|perhaps|think|guess|but)\s+)"
)
_STANDALONE_AFTER = (
    r"(?=[\"']?\s*(?:$|[,.;:!?\n()\-\u2014\u2013])|\s+(?:it|he|she|they|the|this|that|i|we)\b)"
)


def _value_pattern(forms: set[str]) -> re.Pattern[str]:
    """Pattern of one option value; numbers anywhere, words only standalone."""
    alts = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    if _is_numeric(forms):
        return _compile(r"(?<![\w'.])(?:" + alts + r")(?![\w']|\.\d)", re.IGNORECASE)
    return _compile(
        _STANDALONE_BEFORE + r"[\"']?(?:" + alts + r")" + _STANDALONE_AFTER,
        re.IGNORECASE | re.MULTILINE,
    )


def _values_in(text: str, patterns: Mapping[str, re.Pattern[str]]) -> str | None:
    """Letter whose value ``text`` states; _AMBIGUOUS if several; else None.

    A value named only in negated form ("not 3", "more than 2", "3 dots behind
    him, so he cannot see them") is not stated.
    """
    clauses = _clauses(text)
    hits = [
        k
        for k, p in patterns.items()
        if any(not _value_negated(text, m.start(), m.end(), clauses) for m in p.finditer(text))
    ]
    return _unique(hits)


def _value_statements(text: str, options: Mapping[str, str]) -> list[str]:
    """Letters whose value follows an answer cue: "answer is no", "Answer: B. 3"."""
    forms = {k: number_synonyms(v) for k, v in options.items()}
    alts = "|".join(re.escape(f) for k in options for f in sorted(forms[k], key=len, reverse=True))
    statement = _compile(
        r"\banswer\b" + _CUE_VERB + r"\s*(?:[:=\-]\s*)?"
        r"(?:(?:option\s+)?[\(\[]?[A-Za-z][\)\]]?[.:)]?\s+|[\(\[]?[A-Za-z][\)\]]?[.:)]\s*)?"
        r"[\"']?(" + alts + r")(?![\w'])",
        re.IGNORECASE,
    )
    return [
        k for m in statement.finditer(text) for k in options if m.group(1).casefold() in forms[k]
    ]


def _value_rules(
    text: str, options: Mapping[str, str], *, statements_only: bool = False
) -> str | None:
    """Read the option *value* from the answer (letter, _AMBIGUOUS or None).

    In order: an answer statement naming a value ("the answer is no",
    "Answer: B. 3"); the answer opening with a value followed by punctuation
    or the end ("No, it cannot.", "3."); the last sentence naming exactly one
    value ("... so the man sees three dots.", "..., so no."); a short answer
    (<= 12 tokens) naming exactly one value. The first of these that finds
    anything decides; naming both values there is ambiguous. Yes/No-like
    values only count when they stand alone (see ``_STANDALONE_*``).
    """
    stated = _value_statements(text, options)
    if stated or statements_only:
        return _unique(stated)

    patterns = {k: _value_pattern(number_synonyms(v)) for k, v in options.items()}
    body = _LEADING_MARK.sub("", text, count=1).lstrip()
    body = re.sub(r"^answer\s*[:\-]\s*", "", body, flags=re.IGNORECASE)
    first = re.match(r"[\"']?([A-Za-z0-9]+)[\"']?\s*(?:$|[,.;:!\n])", body)
    if first:
        lead = _values_in(first.group(1), patterns)
        if lead is not None and lead != _AMBIGUOUS:
            return lead

    sentences = [_LIST_MARKER.sub("", s).strip() for s in _SENTENCE_SPLIT.split(text) if s.strip()]
    sentences = [s for s in sentences if s]
    if sentences:
        last = _values_in(sentences[-1], patterns)
        if last is not None:
            return last

    if len(_tokens(text)) <= _SHORT_ANSWER_TOKENS:
        short = "\n".join(_LIST_MARKER.sub("", ln) for ln in text.splitlines())
        return _values_in(short, patterns)
    return None


def map_two_option_answer(answer: str, options: Mapping[str, str]) -> OptionMatch:
    """Deterministic first pass of the Isle v1 / Isle-Dots answer mapping.

    ``options`` is the pair shown to the model in this order, e.g.
    ``{"A": "No", "B": "Yes"}`` or ``{"A": "4", "B": "3"}``. The answer is read
    twice -- for an option letter (lone letter, "B. ...", "Answer: B", "(B)",
    a final "... so B") and for an option value ("No", "3", "three", "the
    answer is yes") -- and decided when:

    * it is a refusal ("I cannot determine ...", "impossible to tell") that
      states and names no option -> ``letter="Z"``, ``value="Unknown"``, rule
      ``refusal``;
    * letter and value agree, or only one of them is present -> that option
      (rule of the letter path, or ``option_text`` for the value path).

    The letter path reads the patterns of :func:`extract_option` (echoed
    options set aside, a leading answer, contrast, hedged choices); the value
    path ignores values named only in negated form ("not 3", "more than 2").
    Undecided (``OptionMatch(None, None)``, call the grader) when both letters
    or both values are asserted, when the letter and the value contradict
    each other ("A. Yes" or "Yes (A)" with A = No), or when nothing matches.
    """
    letters = _option_letters(options)
    if len(letters) != 2:
        raise ValueError(f"expected exactly two options, got {list(options)!r}")
    opts = {str(k).strip().upper(): str(v) for k, v in options.items()}
    text = _clean(answer or "")
    if not text:
        return UNDECIDED
    text = _strip_echo(text, opts)

    if is_refusal(text):
        stated = _answer_is(text, letters)
        if stated is not None and stated != _AMBIGUOUS:
            return OptionMatch(stated, RULE_ANSWER_IS, opts[stated])
        by_statement = _value_rules(text, opts, statements_only=True)
        if by_statement is not None and by_statement != _AMBIGUOUS:
            return OptionMatch(by_statement, RULE_OPTION_TEXT, opts[by_statement])
        if not _mentions_an_option(text, opts):
            return OptionMatch(NO_OPTION_LETTER, RULE_REFUSAL, UNKNOWN_VALUE)
        # "Impossible to tell exactly, but probably 4.": read it as any other answer

    letter, rule = _letter_rules(text, letters)
    by_value = _value_rules(text, opts)

    if letter == _AMBIGUOUS or by_value == _AMBIGUOUS:
        return UNDECIDED
    if letter is not None and by_value is not None and letter != by_value:
        return UNDECIDED
    if letter is not None:
        if _contradicts(text, letter, opts):
            return UNDECIDED
        return OptionMatch(letter, rule, opts[letter])
    if by_value is not None:
        return OptionMatch(by_value, RULE_OPTION_TEXT, opts[by_value])
    return UNDECIDED

"""A generated Yes/No answer read as text: 1.0 / 0.0 when it says Yes / No for certain.

What: `text_yes_probability` is the reading COMFORT's P(Yes) falls back to when a
provider returns no log-probabilities (the scorer's `method: text`). It uses the shared
perception of `vpt_tasks.scorers.reading` (the normaliser, `stands_as_answer`, negation,
doubts, viewpoints) and adds only what is particular to a Yes/No reply about a spatial
relation: both answer words side by side, a Yes whose sentence denies something, a stated
confidence below one half, and the asked relation stated without a Yes/No.

Why here: the log-probability scorer (`yes_probability.py`) reads numbers; this module
reads words. A newcomer looking for how COMFORT's text is read finds it whole here.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Sequence

from vpt_tasks.scorers.other_languages import alternation, stated_sides, words_of
from vpt_tasks.scorers.reading import (
    ANSWER_JOINS,
    ANSWER_SUBJECTS,
    HEDGE_WORDS,
    NO_WORDS,
    PARTLY,
    YES_WORDS,
    Clause,
    Prepared,
    asks_itself,
    blank,
    doubts,
    hesitates,
    negated_after,
    negated_before,
    prepare,
    reasoning_of,
    retraction,
    side_by_side,
    stands_as_answer,
    viewpoint_mentions,
    viewpoints,
    words,
)

__all__ = ["DEFAULT_NO_WORDS", "DEFAULT_YES_WORDS", "text_yes_probability"]

DEFAULT_YES_WORDS: tuple[str, ...] = ("yes",)
DEFAULT_NO_WORDS: tuple[str, ...] = ("no",)

_WORD_RE = re.compile(r"\w+", re.UNICODE)


def _vocabulary(words: Iterable[str]) -> frozenset[str]:
    return frozenset(w.strip().casefold() for w in words)


def text_yes_probability(
    text: str,
    yes_words: Sequence[str] = DEFAULT_YES_WORDS,
    no_words: Sequence[str] = DEFAULT_NO_WORDS,
    *,
    question: str | None = None,
    relations: Sequence[str] = (),
) -> float | None:
    """1.0 / 0.0 when a generated answer says Yes / No for certain, else None.

    The visible answer is read (reasoning blocks removed) with the shared reading of
    `vpt_tasks.scorers.reading`. A word of a vocabulary counts as the answer only
    where it stands as one: opening a clause and followed by punctuation, the end or a
    subject ("No, the ball is behind", "Yes it is", "Nein (No)"), or closing a clause
    ("..., so no."); not "no doubt" or "no image" (a determiner), not negated ("the
    answer is not yes") and not in a question or an "if" sentence. The answer is
    undecided (None, unscored and counted) when both words stand as answers ("Yes/No",
    "from my viewpoint yes, from hers no"), when neither does, or when it shows a sign
    of doubt a careful annotator would not decide past. After a self-correction ("Yes.
    Wait, actually ... No.") the part after the last one is read on its own, as every
    reader reads it; other signs of doubt leave it undecided: a double
    negation, a walk-through cut off before its conclusion, words to the grader, a
    negated question it asks itself ("Is it not in front? No, ..."), or a hesitation
    with no turn to an answer. With the `question` (English), a reply whose statement of
    the asked relation says the opposite of its Yes/No ("No. The basketball is in front
    of the car." to "Is the basketball in front of the car?") is undecided too. With the
    language's `relations` (its relation phrases before the relatum, "links van", "à gauche":
    `Language.relation_words`), a Yes/No followed by another relation of the question's
    relatum and never the asked one, unnegated, is read in any language: a No is decided
    ("Nee, de rode bal ligt links van de blauwe bal." to "... rechts van de blauwe bal?").

    Words are runs of Unicode word characters compared case-insensitively.
    (Scripts written without spaces need a vocabulary matching the whole run.)

    A reply whose reasoning block concludes the other answer ("<think>... Answer No.</think>
    Yes", r267) is undecided, as every reader leaves it (`reasoning_disagrees`).
    """
    read = functools.partial(_read, yes_words=yes_words, no_words=no_words, relations=relations)
    p = read(text, question=question)
    hidden = prepare(reasoning_of(text) if p is not None else "")
    last = hidden.sentence_text(-1) if hidden.sentences else ""
    if last and read(last, question=question) not in (None, p):
        return None  # its last sentence, read alone: the steps before it are its work
    if last and question and _stated_relation(prepare(last), question) not in (None, p == 1.0):
        return None  # "<think>... So the ball is to her right of the laptop.</think> Yes" (r373)
    return p


def _read(
    text: str,
    *,
    yes_words: Sequence[str],
    no_words: Sequence[str],
    question: str | None,
    relations: Sequence[str],
) -> float | None:
    """`text_yes_probability` but for the reasoning block."""
    prepared = prepare(text)
    if prepared.problem is not None:
        return None
    # a part of the reply read on its own, as the whole is
    again = functools.partial(
        _read, yes_words=yes_words, no_words=no_words, question=question, relations=relations
    )
    granted = _front_granted(prepared)
    if granted is not None:
        return again(granted)
    label = _INSTRUCTION_LABEL.match(prepared.low)
    if question and label and "yes or no" in question.lower():
        # "Yes or No: No." (r269): the question's own instruction, echoed as a label
        prepared = prepare(prepared.text[label.end() :])
        if prepared.problem is not None:
            return None
    if asks_itself(prepared) and not _restates_the_question(prepared, question):
        return None
    signs = set(doubts(prepared)) - _LANGUAGE_DOUBTS  # the languages asked are the vocabulary's
    if signs == {"retraction"}:
        # "Yes, ... Wait, actually it is behind the red ball. No.": as every reader, the part
        # after the last self-correction is the answer, read on its own
        marker = retraction(prepared)
        assert marker is not None
        return again(prepared.text[marker.end() :])
    if signs:
        return None
    if hesitates(prepared):
        return None
    if _turns_to_another_frame(prepared, question) or (
        len(viewpoints(prepared)) > 1 and not _FRAMES_AGREE.search(prepared.low)
    ):
        # "From the camera's view, yes. From the dog's own view it is on the right.": read
        # only where the question asks one viewpoint and the others' parts stand apart
        asked_only = _without_other_frames(prepared, question)
        return None if asked_only is None else again(asked_only)
    if _LOW_CONFIDENCE.search(prepared.low) or (
        _OPENS_WITH_DETERMINER_NO.match(prepared.low) and _TURN.search(prepared.low)
    ):
        return None  # "Yes (confidence: 30%)"; "No dog, but yes, there is a horse"
    yes_vocab, no_vocab = _vocabulary(yes_words), _vocabulary(no_words)
    found = [
        (match, word in yes_vocab)
        for match in _WORD_RE.finditer(prepared.low)
        if (word := match.group(0).casefold()) in yes_vocab | no_vocab
    ]
    if side_by_side(prepared.low, yes_vocab, no_vocab):  # "Oui et non", "Yes/No", "Ja, nein"
        return None
    said = {yes for match, yes in found if _stands_as_answer(prepared, match.start(), match.end())}
    if said and "yes" not in yes_vocab and _english_says_otherwise(prepared, said, no_vocab):
        return None  # "Нет. Yes." (r213): two answers, in two languages
    if said == {True} and any(
        _negates_its_yes(prepared, match) for match, yes in found if yes
    ):  # "Yes, the basketball is not to the right of the horse"
        return None
    if not said and question:
        # no Yes/No, but the asked relation stated of the asked things, from no other
        # viewpoint: "The basketball is not behind the dog." to "Is the basketball behind
        # the dog?"
        stated = _relation_statement(prepared, question)
        return None if stated is None else float(stated)
    if len(said) != 1:
        return None
    if any(_partial(prepared, match) for match, _ in found):
        return None  # "Partly yes, but the ball is rather beside the horse": a part, no Yes
    answer = said.pop()
    if question and _states_both(prepared, question):
        # "Yes, it is in front of the chair. From the chair's own view it is behind it."
        return None
    stated = _stated_relation(prepared, question) if question else None
    if stated is not None:
        return None if stated != answer else float(answer)
    if question and _bare_side_disagrees(prepared, question, answer):
        return None  # "No, it is on the left." to "... is the basketball to the left of ...?"
    if question and answer and _states_a_crossing_relation(prepared, question, found):
        return None  # "Yes, ... the basketball is on his left." to "... in front of the man?"
    answered = [m for m, _ in found if _stands_as_answer(prepared, m.start(), m.end())]
    if (
        question
        and "yes" not in yes_vocab
        and _states_another_side(prepared, question, answer, answered)
    ):
        # "是的，篮球在我的左边。" to "篮球在你的右边吗？" (r267): a Yes beside the opposite side,
        # or a No beside the asked one, said by the language's side words
        return None
    if (
        question
        and answer
        and "yes" not in yes_vocab
        and _states_another(prepared, question, relations, answered, loose=True)
    ):
        # "Sì. La palla è davanti al cavallo." to "... è dietro il cavallo?" (r255): a Yes
        # beside another relation of the relatum, in the language asked (English replies:
        # `_stated_relation`)
        return None
    if question and not answer and _states_another(prepared, question, relations, answered):
        # "Nee, de rode bal ligt links van de blauwe bal." to "Is de rode bal rechts van de
        # blauwe bal?": the No says which relation holds instead of the asked one
        return 0.0
    if question and not answer and _states_the_asked(prepared, question, relations, answered):
        # "Paso 3: ..., el balón está a la derecha del sofá.\n\nRespuesta: No" (r257): the
        # reply states what its No denies
        return None
    if question and not answer and _echoes(_stated_only(prepared), question):
        # "No, il pallone da basket è dietro il divano.": a No followed by the question's own
        # statement, in a language whose relations are not read here (not the question asked
        # again: "To determine whether the ball is to the left of the sofa ...", r283)
        return None
    return float(answer)


_NO_FRONT = re.compile(
    r"\b(?:does\s*n[o']t|do\s*n[o']t|cannot|can't)\s+(?:really\s+|actually\s+)?have\b[^.;:]*?"
    r"\b(?:viewpoint|perspective|point\s+of\s+view|front)\b"
)
_CONVENTION = re.compile(
    r"\bif\s+(?:we|you|one)\s+(?:take|treat|consider|regard|define)\b[^,;.]*?\b(?:as|to\s+be)\b"
    r"[^,;.]*,"
)
_ANOTHER_CONVENTION = re.compile(r"\b(?:if|instead|otherwise|alternatively|either)\b")


def _front_granted(prepared: Prepared) -> str | None:
    """The reply with its one convention for the relatum's front blanked, where it first denies
    the relatum a viewpoint ("Benches don't have a viewpoint, but if we consider the front of
    the bench to be the side you sit facing, then yes.", r283, r285; every such fix-from
    label with one convention reads the answer under it): the convention is the reply's
    premise, not a condition left open. None where there is no such denial before it, or a
    second condition or convention ("If instead the keyboard side is the front, ...")."""
    low = prepared.low
    convention = _CONVENTION.search(low)
    if convention is None or not _NO_FRONT.search(low, 0, convention.start()):
        return None
    if _ANOTHER_CONVENTION.search(blank(low, [convention.span()])):
        return None
    return blank(prepared.text, [convention.span()])


_INSTRUCTION_LABEL = re.compile(r"(?:answer\s+)?yes\s+or\s+no\s*:\s*(?=\S)")


@functools.lru_cache(maxsize=64)
def _asked_viewpoints(question: str) -> frozenset[str]:
    """The viewpoints a question names ("From the dog's viewpoint, is ...?"), read once per
    question, not once per reply."""
    return frozenset(viewpoints(prepare(question)))


_FRAMES_AGREE = re.compile(
    r"\b(?:under|in|from|for)\s+both\s+(?:interpretations|readings|frames|perspectives|viewpoints"
    r"|views|cases)\b|\bboth\s+from\s+the\b|\beither\s+way\b"
)
"""The reply says its frames agree ("So under both interpretations, the answer is the same.",
r267; "in front of the sofa both from the camera's viewpoint and from the sofa's orientation",
r259): two viewpoints named, one answer."""


_TURN_WORDS = "but|however|though|although|yet"
_TURN = re.compile(rf"\b(?:{_TURN_WORDS})\b")
_TURN_ANY_LANGUAGE = re.compile(
    rf"\b(?:{_TURN_WORDS}|mais|aber|pero|però|ma|mas|maar|men|но|однако|tapi|namun)\b"
    r"|但|不过|しかし|でも|けど|하지만|그러나"
)
"""`_TURN` and the same words in the languages COMFORT asks in."""


_FRAME_CONDITION = re.compile(
    r"\b(?:if|when)\s+(?:you|we|one)\s+(?:mean|consider|take|use|go\s+by|look|think|adopt)\b"
)
"""A frame put as a condition ("if you mean from the chair's own orientation")."""


def _turns_to_another_frame(prepared: Prepared, question: str | None) -> bool:
    """Whether, after a turn or a frame put as a condition, the reply speaks from a frame the
    question does not ask ("Yes, it is. But if you consider the bench's orientation, it might be
    to its right", r33; "Yes ... (If you mean from the chair's own orientation, it would be on
    its left.)", r165): it answers per frame of reference."""
    found = (_TURN_ANY_LANGUAGE.search(prepared.low), _FRAME_CONDITION.search(prepared.low))
    turn = min((m for m in found if m), key=lambda m: m.start(), default=None)
    if turn is None:
        return False
    asked = _asked_viewpoints(question) if question else frozenset()
    return any(
        at > turn.start() and owner not in asked for at, owner in viewpoint_mentions(prepared)
    )


_POSSESSIVES = frozenset("my our your his her its their".split())


def _without_other_frames(prepared: Prepared, question: str | None) -> str | None:
    """The reply without its parts said from a viewpoint the question does not ask, when the
    question asks one: it asks for that frame, and a careful annotator reads the others as
    asides ("Sim, mas do ponto de vista do cavalo ela estaria à esquerda." to "Do ponto de
    vista da câmera, ...?", r283; "From the camera's point of view, the basketball is on the
    left of the horse. But from the horse's point of view, ... on its right. So the answer is
    yes." to "From the horse's viewpoint, ...?", r295). A part stands apart as a sentence that
    opens with the other viewpoint, or as the rest of a sentence from a turn ("but", "mas") to
    the next viewpoint named. None (undecided) when the question asks no viewpoint or two, when
    a part does not stand apart ("Yes, from the dog's view it is on the left"), or a viewpoint
    is a pronoun's ("from her view": whose, the rules do not tell)."""
    asked = _asked_viewpoints(question) if question else frozenset()
    mentions = viewpoint_mentions(prepared)
    if len(asked) != 1 or any(owner in _POSSESSIVES for _, owner in mentions):
        return None
    spans = []
    for i, (at, owner) in enumerate(mentions):
        if owner in asked:
            continue
        clause = prepared.clause_at(at)
        if clause is None:
            return None
        start, end = prepared.sentences[clause.sentence]
        turns = list(_TURN_ANY_LANGUAGE.finditer(prepared.low, start, at))
        if turns:
            begin = turns[-1].start()
        elif not prepared.low[start : clause.start].strip(" \t\n*#-"):
            begin = start
        else:
            return None
        spans.append((begin, next((a for a, _ in mentions[i + 1 :] if a < end), end)))
    return blank(prepared.text, spans) if spans else None


_BETWEEN = r"[\s,.;:!-]{0,3}"
"""What may stand between an answer word and its qualifier: a little punctuation or space."""
_PARTIAL_BEFORE = re.compile(rf"{PARTLY}{_BETWEEN}$")
_PARTIAL_AFTER = re.compile(rf"{_BETWEEN}{PARTLY}")


def _partial(prepared: Prepared, match: re.Match[str]) -> bool:
    """Whether the answer word `match` is itself qualified as partial, next to it ("Partly
    yes", "Yes, partly.", "Частично да", r125: the relation holds in part, which no Yes/No
    settles); not a partial word elsewhere in its sentence ("Yes, it is behind the car,
    partially hidden by it")."""
    low = prepared.low
    return bool(
        _PARTIAL_BEFORE.search(low, max(0, match.start() - 30), match.start())
        or _PARTIAL_AFTER.match(low, match.end())
    )


_LANGUAGE_DOUBTS = frozenset({"script", "language"})
_ECHO_RUN = 4


_NOT_A_QUESTION_WORD = frozenset("is are does do".split())


def _restates_the_question(prepared: Prepared, question: str | None) -> bool:
    """Whether every question the reply asks itself is the asked one restated, with no word
    of its own ("The red ball is behind the blue ball? Yes." to "Is the red ball behind the
    blue ball?", r199): the Yes/No after it answers the question asked."""
    if not question:
        return False
    asked = set(_WORD_RE.findall(question.lower()))
    for start, end in prepared.sentences:
        sentence = prepared.low[start:end].rstrip()
        if sentence.endswith("?") and not (
            set(_WORD_RE.findall(sentence)) - _NOT_A_QUESTION_WORD <= asked
        ):
            return False
    return True


def _stated_only(prepared: Prepared) -> str:
    """The reply's text with its hypothetical sentences and questions blanked."""
    hypothetical = {c.sentence for c in prepared.clauses if prepared.is_hypothetical(c)}
    return blank(prepared.low, (prepared.sentences[i] for i in sorted(hypothetical)))


def _echoes(low: str, question: str) -> bool:
    """Whether the reply repeats a run of `_ECHO_RUN` words of the end of the question (the
    relation and its relatum: "... è dietro il divano"), not its viewpoint ("from the
    woman's viewpoint", which a reply may restate before a No)."""
    asked = _WORD_RE.findall(question.lower())[-(_ECHO_RUN + 1) :]
    relatum = (_WORD_RE.findall(re.split(r"[?？]", question.lower())[0]) or [None])[-1]
    # a run with the relatum ("the left of the image" echoes nothing of "to the left of the
    # sofa?", r337)
    runs = {
        run
        for i in range(len(asked) - _ECHO_RUN + 1)
        if relatum in (run := tuple(asked[i : i + _ECHO_RUN]))
    }
    said = _WORD_RE.findall(low)
    return any(tuple(said[i : i + _ECHO_RUN]) in runs for i in range(len(said) - _ECHO_RUN + 1))


_NEGATION_ANY_LANGUAGE = re.compile(
    r"\b(?:not|no|niet|geen|nicht|kein\w*|non|ne|n|pas|não|nao|inte|ej|не|нет|tidak|bukan)\b"
    r"|不|没|沒|ない|않|아니"
)
"""Negation in the languages COMFORT asks in (besides the answer word itself)."""


def _phrase(text: str) -> str:
    """`text` as a pattern of whole words, any run of spaces between them."""
    return r"(?<!\w)" + r"\s+".join(map(re.escape, text.lower().split())) + r"(?!\w)"


@functools.cache
def _of_the_image() -> re.Pattern[str]:
    """A word of the image's frame, in English or in a language of
    `task_configs/other_languages.yaml` (`other_frames`, read on first use)."""
    spaced = alternation(words_of("other_frames", cjk=False))
    return re.compile(
        rf"\b(?:image|picture|photo)\b|(?<!\w)(?:{spaced})(?!\w)"
        rf"|{alternation(words_of('other_frames', cjk=True))}"
    )


_OPPOSITE_SIDE = {"front": "back", "back": "front", "left": "right", "right": "left"}


def _states_another_side(
    prepared: Prepared, question: str, answer: bool, answered: Iterable[re.Match[str]]
) -> bool:
    """Whether a reply in another language states, outside its sentences about the image and
    unnegated but by its answer words, sides (`other_languages.stated_sides`) that disagree
    with its Yes/No: a Yes with the opposite side alone, a No with the asked side alone.
    (Another side may be where something faces, or a side of another thing: no disagreement.)
    The question's side is read whatever frame it names ("从相机的视角来看，球在长椅的右边吗？",
    r319); in a language whose relation phrases are in its table too, for sides said in other
    words ("di sisi kanan kuda" to "di sebelah kiri kuda?", r335). An abstention only."""
    asked = stated_sides(question, asked=True)
    said = stated_sides(blank(prepared.low, ((m.start(), m.end()) for m in answered)))
    if len(asked) != 1 or not said:
        return False
    return said == {_OPPOSITE_SIDE[next(iter(asked))]} if answer else said == asked


def _asked_and_relatum(question: str, relations: Sequence[str]) -> tuple[str, str] | None:
    """The one relation phrase of the language the question asks ("a la derecha") and its
    relatum, what follows it to the question mark ("del sofá"); None when not exactly one."""
    low_question = question.lower()
    asked = [(r, m) for r in relations if (m := re.search(_phrase(r), low_question))]
    if len(asked) != 1:
        return None
    phrase, match = asked[0]
    relatum = re.split(r"[?？]", low_question[match.end() :])[0].strip(" \t\n.,;:!")
    return (phrase, relatum) if relatum else None


def _unnegated(prepared: Prepared, answered: Iterable[re.Match[str]]) -> bool:
    """Whether the reply has no negation in any language but its answer words."""
    rest = blank(prepared.low, ((m.start(), m.end()) for m in answered))
    return _NEGATION_ANY_LANGUAGE.search(rest) is None


def _in_another_frame(prepared: Prepared, clause: Clause, question: str) -> bool:
    """Whether the clause's sentence has a word of the image's or the camera's frame that the
    question does not use ("Desde la cámara, ..." to "Desde el punto de vista del hombre, ...?";
    to "Desde el punto de vista de la cámara, ...?" the camera's is the asked frame, r257;
    a question's "the woman in the image" makes no frame of the image: see the caller)."""
    asked = question.casefold()
    return any(
        m.group(0) not in asked
        for m in _of_the_image().finditer(prepared.low, *prepared.sentences[clause.sentence])
    )


def _states_the_asked(
    prepared: Prepared, question: str, relations: Sequence[str], answered: Iterable[re.Match[str]]
) -> bool:
    """Whether the reply states the asked relation of the question's relatum in so many words,
    with no negation but its answer word ("... el balón está a la derecha del sofá.
    Respuesta: No" to "¿está el balón a la derecha del sofá?", r257)."""
    asked = _asked_and_relatum(question, relations)
    if asked is None:
        return False
    if not any(  # said, not asked again ("To determine whether ...", "Is the ball ...? No."),
        # and not of the image ("Мяч лежит слева от скамейки на изображении", r215), nor in a
        # sentence of a frame the question does not ask ("Desde la cámara, ...", r267)
        (clause := prepared.clause_at(m.start())) is not None
        and not prepared.is_hypothetical(clause)
        and not _of_the_image().search(prepared.low, m.end(), clause.end)
        and not _in_another_frame(prepared, clause, question)
        for m in re.finditer(_phrase(" ".join(asked)), prepared.low)
    ):
        return False
    return _unnegated(prepared, answered)


def _states_another(
    prepared: Prepared,
    question: str,
    relations: Sequence[str],
    answered: Iterable[re.Match[str]],
    *,
    loose: bool = False,
) -> bool:
    """Whether the reply states, of the question's relatum, one of the language's other
    `relations` and never the asked one, with no negation but its answer word ("links van de
    blauwe bal" to "Is de rode bal rechts van de blauwe bal?"); `loose`: the relatum's last
    word up to two words after the relation ("davanti al cavallo"), for an objection only,
    and only where the asked relation is said nowhere in the reply. The relatum is what follows the
    asked relation phrase in the question, so that a phrase of another case than the asked
    one's ("links von der blauen Kugel" to "vor der blauen Kugel?") is not found: undecided."""
    asked = _asked_and_relatum(question, relations)
    if asked is None:
        return False
    asked_phrase, relatum = asked
    if loose and re.search(_phrase(asked_phrase), prepared.low):
        return False  # "rechts vom Hund im Bild, ... also hinter ihm": the asked one said too
    if loose:  # the relatum's last word a few words on: "davanti al cavallo" of "il cavallo"
        said = [
            rf"{_phrase(r)}(?:\s+\w+){{0,2}}?\s+{_phrase(relatum.split()[-1])}" for r in relations
        ]
    else:
        said = [_phrase(f"{r} {relatum}") for r in relations]
    stated = {r.lower() for r, p in zip(relations, said, strict=True) if re.search(p, prepared.low)}
    if not stated or asked_phrase.lower() in stated:
        return False
    return _unnegated(prepared, answered)


_NOT_THE_IMAGE = r"(?!\s+(?:the\s+)?(?:image|picture|photo|frame|scene)\b)"
"""A side of the image is no relation of the relatum ("The basketball is on the right side of
the image", r217): where the question's frame puts it is the reply's reasoning to make."""
_FRAME_WORDS = r"image|picture|photo|camera|viewer|observer"
"""The words of the image's or the camera's frame, in English (one list for the patterns below)."""
_THINGS_OWN = rf"the (?!(?:{_FRAME_WORDS}|frame|scene)'s)[a-z]+'s"
"""A thing's own side ("on the bench's right"), not the image's or the camera's."""
_RELATIONS = {
    "front": re.compile(r"\bin front of\b"),
    "behind": re.compile(r"\bbehind\b"),
    "left": re.compile(
        rf"\b(?:to the |on the )?left (?:of|side of)\b{_NOT_THE_IMAGE}|\b(?:to|on) (?:its|his|her|their|my|your"
        rf"|{_THINGS_OWN}) left\b"
    ),
    "right": re.compile(
        rf"\b(?:to the |on the )?right (?:of|side of)\b{_NOT_THE_IMAGE}|\b(?:to|on) (?:its|his|her|their|my|your"
        rf"|{_THINGS_OWN}) right\b"
    ),
}
_OPPOSITE = {"front": "behind", "behind": "front", "left": "right", "right": "left"}


def _asked_relation(question: str) -> str | None:
    """The spatial relation a question asks about ("front", "behind", "left", "right")."""
    low = question.lower()
    return next((name for name, pattern in _RELATIONS.items() if pattern.search(low)), None)


def _relation_mentions(
    prepared: Prepared, asked: str
) -> Iterator[tuple[re.Match[str], Clause, bool, bool]]:
    """Each mention of the asked relation (True) or its opposite (False) in a clause that is
    not hypothetical: (match, clause, which, denied: "not in front of")."""
    for name, value in ((asked, True), (_OPPOSITE[asked], False)):
        for m in _RELATIONS[name].finditer(prepared.low):
            clause = prepared.clause_at(m.start())
            if clause is None or prepared.is_hypothetical(clause):
                continue
            yield m, clause, value, negated_before(prepared, clause, m.start())


def _relation_values(prepared: Prepared, question: str) -> list[tuple[bool, bool]]:
    """(which: the asked relation or its opposite, denied) for each mention of either, but
    those of a person ("The car is in front of her", r179; "The man is standing behind the
    car", r307: where the viewpoint's owner is, not the asked thing's place)."""
    asked = _asked_relation(question)
    if asked is None:
        return []
    return [
        (value, denied)
        for m, clause, value, denied in _relation_mentions(prepared, asked)
        if _places_the_asked_thing(prepared.low, m, clause, question)
    ]


def _places_the_asked_thing(low: str, m: re.Match[str], clause: Clause, question: str) -> bool:
    """Whether the relation `m` (in `clause`) may place the asked thing: not a side of a person
    ("in front of her"), nor a person's own place ("The man is standing behind the car"), nor
    a side of a frame the question does not ask, nor a relation of a thing it does not name."""
    return (
        not _OF_A_PERSON.match(low, m.end())
        and not _a_persons_place(low[clause.start : m.start()], question)
        and not _another_frames_side(low, m.start(), question)
        and not (m.group().endswith(("of", "behind")) and _of_another_thing(low, m.end(), question))
    )


_RELATUM_WORDS = re.compile(r"\s*(?:the\s+)?([a-z]+)")


def _of_another_thing(low: str, end: int, question: str) -> bool:
    """Whether the relation ending at `end` is of a thing the question does not name ("The
    camera is in front of the scene." to "... is the basketball behind the horse?", r279):
    where other things are is the reasoning's, not the answer. A pronoun ("behind it") or a
    part of the relatum ("in front of the horse's legs") is the relatum's."""
    named_in_question = _named_things(question)
    named = _RELATUM_WORDS.match(low, end)
    if named_in_question is None or named is None or low[end : end + 1] not in (" ", ""):
        return False
    word = named.group(1)
    return word not in _PRONOUNS and word not in named_in_question


@functools.lru_cache(maxsize=64)
def _named_things(question: str) -> frozenset[str] | None:
    """The words of a question that asks a relation of two things ("is the X behind the Y?"),
    read once per question; None for another question."""
    low = question.lower()
    return frozenset(words(low)) if _ASKED.search(low) else None


_PRONOUNS = frozenset("it its him her them me you us this that which".split())


_OF_A_PERSON = re.compile(r"\s*(?:her|him|me|them|us|you)\b")
_PERSON_SUBJECT = re.compile(
    r"\b(?P<who>man|woman|person|boy|girl|child|lady|guy|he|she)\s+(?:is|was|'s|stands|sits)"
    r"(?:\s+(?:standing|sitting|positioned|located|placed))?\s*$"
)


def _a_persons_place(before: str, question: str) -> bool:
    """Whether the relation that follows `before` (its clause up to it) places a person the
    question does not ask about ("The man is standing behind the car" to "... is the
    basketball in front of the car?", r307)."""
    m = _PERSON_SUBJECT.search(before)
    if m is None:
        return False
    asked = _ASKED.search(question.lower())  # the asked relation's subject, else any word asked
    return m.group("who") not in words(asked.group("subject") if asked else question.lower())


_FRAMES_SIDE = re.compile(rf"\b({_FRAME_WORDS})(?:'s\s+|-)(?:left|right)?\s*$")
"""The image's side, or the image-left (r135)."""


def _another_frames_side(low: str, at: int, question: str) -> bool:
    """Whether the relation at `at` is said as a side of the image's or the camera's frame
    that the question does not ask ("on the image's right of the sofa" to "From the sofa's
    viewpoint, ...?", r269; "on the left side of the sofa in the image" to "From the man's
    viewpoint, ...?", r261): the reasoning's step from one frame to the other."""
    said = _FRAMES_SIDE.search(low, max(0, at - 20), at)
    if said is not None:
        return said.group(1) not in question.lower()
    # "in the image" is another frame only when the question names a viewpoint, and not the
    # camera's ("Is the basketball to the left of the rubber duck?" asks none: r237)
    return (
        _IN_THE_IMAGE.match(low, at) is not None
        and bool(_asked_viewpoints(question))
        and not _CAMERA_FRAME.search(question.lower())
    )


_IN_THE_IMAGE = re.compile(
    r"[^.;,\n]{0,40}?\b(?:in|of)\s+the\s+(image|picture|photo)\b(?!\s*(?:'s|,\s*(?:from|which)))"
)
_CAMERA_FRAME = re.compile(rf"\b(?:{_FRAME_WORDS})\b")


_BARE_SIDE = re.compile(
    r"\b(?:on|to)\s+the\s+(?P<side>left|right)\b(?!\s+(?:hand\s+)?(?:side\s+)?of\b)"
    r"|\bin\s+(?P<front>front)\b(?!\s+of\b)"
)
"""A side said with no relatum ("it is on the left", "it is in front")."""
_SIDE_WORD = re.compile(r"\b(?:left|right|front|behind|back)\b")


def _bare_side_disagrees(prepared: Prepared, question: str, answer: bool) -> bool:
    """Whether the reply states, with no relatum and in no sentence of another frame, only
    the asked side beside its No, or only the opposite side beside its Yes ("No, it is on
    the left." to "... is the basketball to the left of the horse?", r283): which one it
    means, nobody can tell. An abstention only: a side with no relatum never decides."""
    asked = _asked_relation(question)
    if asked is None:
        return False
    said = set()
    for m in _BARE_SIDE.finditer(prepared.low):
        clause = prepared.clause_at(m.start())
        if clause is None or prepared.is_hypothetical(clause):
            continue
        start, end = prepared.sentences[clause.sentence]
        if (
            _CAMERA_FRAME.search(prepared.low, start, end)
            or negated_before(prepared, clause, m.start())
            or len(_SIDE_WORD.findall(prepared.low, start, end)) > 1
        ):
            continue  # "the red ball is on the left side of the frame and the blue ball is on
            # the right" (r137) places two things in the image
        said.add(m.group("side") or m.group("front"))
    return said == ({_OPPOSITE[asked]} if answer else {asked})


def _states_a_crossing_relation(
    prepared: Prepared, question: str, found: list[tuple[re.Match[str], bool]]
) -> bool:
    """Whether the sentence of the reply's Yes places the asked thing, with no negation, only
    at a side across the asked relation ("Yes, from the man's viewpoint, the basketball is on
    his left." to "... is the basketball in front of the man?", r317): which one the Yes
    means, nobody can tell. (Beside a No it says what holds instead; in a sentence of its own
    it is the reasoning's: "... slightly to the right of and behind the blue ball. Yes.")"""
    asked = _asked_relation(question)
    if asked is None or _relation_values(prepared, question):
        return False
    low = prepared.low
    side = re.compile(r"\b(?:behind|back)\b" if asked == "behind" else rf"\b{asked}\b")
    sentences = {
        clause.sentence
        for match, yes in found
        if yes
        and (clause := prepared.clause_at(match.start())) is not None
        and not side.search(prepared.sentence_text(clause.sentence))
    }  # "Yes, slightly to the right and behind.": the asked side said too
    for name in _RELATIONS.keys() - {asked, _OPPOSITE[asked]}:
        for m in _RELATIONS[name].finditer(low):
            clause = prepared.clause_at(m.start())
            if (
                clause is not None
                and clause.sentence in sentences
                and not prepared.is_hypothetical(clause)
                and not negated_before(prepared, clause, m.start())
                and _places_the_asked_thing(low, m, clause, question)
            ):
                return True
    return False


def _stated_relation(prepared: Prepared, question: str) -> bool | None:
    """True / False when the reply states the question's spatial relation ("in front of")
    or its opposite ("behind"), or denies it ("not in front of"); None when it states
    neither or both."""
    says = {value != denied for value, denied in _relation_values(prepared, question)}
    return says.pop() if len(says) == 1 else None


def _states_both(prepared: Prepared, question: str) -> bool:
    """Whether the reply's statements of the asked relation disagree: the relation and its
    opposite ("in front of the chair ... it would be behind it"), or the relation and its
    denial ("behind the dog. From the woman's viewpoint, though, ... rather than behind it",
    r161): it answers per frame of reference, or two ways."""
    return {value != denied for value, denied in _relation_values(prepared, question)} == {
        True,
        False,
    }


_ASKED = re.compile(
    r"\bis\s+the\s+(?P<subject>(?:[a-z]+\s+)?[a-z]+)\s+(?:"
    + "|".join(p.pattern for p in _RELATIONS.values())
    + r")\s*(?:the\s+)?(?P<relatum>(?:[a-z]+\s+)?[a-z]+)\s*\?"
)
"""The asked relation's subject and relatum, with an adjective where there is one ("is the
red ball behind the blue ball?": "red ball", "blue ball")."""
_RELATUM_REACH = 30


def _relation_statement(prepared: Prepared, question: str) -> bool | None:
    """True / False when the reply, without a Yes/No, states the question's relation or its
    opposite (or denies it) of the question's own subject and relatum ("The basketball is
    in front of the laptop." to "Is the basketball in front of the laptop?") from no
    viewpoint but the question's; None otherwise (English questions only)."""
    low = question.lower()
    asked = _ASKED.search(low)
    if asked is None or not viewpoints(prepared) <= _asked_viewpoints(question):
        return None
    subject, relatum = asked.group("subject"), asked.group("relatum")
    # "From the car's viewpoint, the ball is on its left": the relatum's own side, asked
    own_side = _asked_viewpoints(question) == {f"{relatum.split()[-1]}'s"}
    says = set()
    for m, clause, value, denied in _relation_mentions(prepared, _asked_relation(low) or ""):
        start, end = prepared.sentences[clause.sentence]
        after = " ".join(words(prepared.low[m.end() : m.end() + _RELATUM_REACH]))
        before = " ".join(words(prepared.low[start : m.start()]))
        of_relatum = (
            re.match(rf"(?:the )?{re.escape(relatum)}\b", after)
            # "behind it" of the relatum the sentence named before ("From the sofa's
            # viewpoint, the basketball is behind it", r77)
            or (re.match(r"it\b", after) and re.search(rf"\b{re.escape(relatum)}\b", before))
            or (own_side and " its " in f" {m.group()} ")
        )
        if not of_relatum or not re.search(rf"\b{re.escape(subject)}\b", before):
            return None  # the relation of other things: not the answer
        if _COMPARED.search(prepared.low, max(0, m.start() - 6), m.start()):
            return None  # "more to the side of the laptop than in front of it" (r35): compared
        if HEDGE_WORDS & set(words(prepared.low[start:end])):
            return None  # "It is possible that the basketball is in front of the car"
        if denied and not value:
            continue  # "not to the right of it" leaves "behind it" open: no answer
        says.add(value != denied)
    return says.pop() if len(says) == 1 else None


_COMPARED = re.compile(r"\b(?:than|as)\s+$")
_LOW_CONFIDENCE = re.compile(
    r"\b(?:confidence|confident|probability|likelihood|certainty|sure)\b\W{0,3}(?:of\s+|about\s+|:\s*)?"
    r"(?:[0-4]?\d(?:\.\d+)?\s*%|0?\.[0-4]\d*)"
)
_OPENS_WITH_DETERMINER_NO = re.compile(
    r"\W*no\s+(?!(?:" + "|".join(sorted(ANSWER_SUBJECTS | ANSWER_JOINS)) + r")\b)[a-z]"
)


def _negates_its_yes(prepared: Prepared, match: re.Match[str]) -> bool:
    """Whether the sentence of a "yes" goes on to deny something ("Yes, the ball is not to
    the right of the horse"): the yes and the statement may answer different things."""
    clause = prepared.clause_at(match.start())
    if clause is None:
        return False
    end = prepared.sentences[clause.sentence][1]
    return any(
        word in ("not", "never") or word.endswith("n't")
        for word in _WORD_RE.findall(prepared.low[match.end() : end])
    )


def _english_says_otherwise(prepared: Prepared, said: set[bool], no_vocab: frozenset[str]) -> bool:
    """Whether, in a reply to a question asked in another language, an English answer word
    stands as an answer and says the opposite of the language's own ("Нет. Yes.", "Ja. No.",
    r213): two answers. (A Spanish "no" is the language's own.) An English reply alone is not
    read here: it is counted apart (`answered_in: english`)."""
    for match in _WORD_RE.finditer(prepared.low):
        word = match.group(0)
        if word in YES_WORDS | NO_WORDS and word not in no_vocab:
            if (word in YES_WORDS) not in said and _stands_as_answer(
                prepared, match.start(), match.end()
            ):
                return True
    return False


def _stands_as_answer(prepared: Prepared, start: int, end: int) -> bool:
    """Whether the answer word at `start:end` is an answer (`stands_as_answer`), neither
    negated ("the answer is not yes") nor in a hypothetical sentence."""
    clause = prepared.clause_at(start)
    if clause is None or prepared.is_hypothetical(clause):
        return False
    if negated_before(prepared, clause, start) or negated_after(prepared, clause, end):
        return False  # "the answer is not yes"; '"Yes" is the wrong answer here'
    return stands_as_answer(prepared, start, end)

"""Answers in another language: read in their narrow shapes, else undecided.

The decided rows are answers of the fix-from held-out rounds the English rules left
undecided (the id says which); the Isle-Brick-V2 ones failed before
`scorers/other_languages.py`, the option ones before its option letters (2026-11-28). The
undecided rows are the shapes the readers must not decide past.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from tests.conftest import inspect_cli
from vpt_tasks.comfort.language import load_language
from vpt_tasks.core.config import ConfigError
from vpt_tasks.isle_brick.extraction import QuestionKind, read_components
from vpt_tasks.scorers import other_languages
from vpt_tasks.scorers.options import read_option
from vpt_tasks.scorers.yes_no_text import text_yes_probability

DECIDED: list[tuple[str, str, QuestionKind, set[str]]] = [
    ("brick211-029", "Sí, ambos están sobre la misma superficie.", "yesno", {"yes"}),
    (
        "brick211-059, first person",
        "Non, je ne vois pas l'épée : elle est derrière moi.",
        "yesno",
        {"no"},
    ),
    ("brick211-070, first person", "猫头鹰在我的左边。", "egocentric", {"left"}),
    ("brick213-015", "图片中有一个人形小人仔。", "count", {"1"}),
    ("brick213-049, first person", "我面朝东方。", "cardinal", {"east"}),
    (
        "brick213-060, first person",
        "Nein, ich sehe den Hund nicht, er ist hinter mir.",
        "yesno",
        {"no"},
    ),
    (
        "brick215-060",
        "Ja, die Minifigur sieht das Schwert, da es direkt vor ihr liegt.",
        "yesno",
        {"yes"},
    ),
    ("brick227-020", "Auf dem Bild ist eine humanoide Minifigur zu sehen.", "count", {"1"}),
    ("brick227-070, first person", "우산은 제 앞쪽에 있습니다.", "egocentric", {"front"}),
    ("brick229-026", "是的，它们在同一个表面上。", "yesno", {"yes"}),
    ("brick229-049, first person", "Je regarde vers l'ouest.", "cardinal", {"west"}),
    (
        "brick229-068, first person",
        "Il forziere è dietro di me, a sinistra.",
        "egocentric",
        {"back", "left"},
    ),
    ("pt, 'o' is an article", "O boneco está olhando para o leste.", "cardinal", {"east"}),
    ("ru, compound", "Собака находится к северо-западу от фигурки.", "cardinal", {"north", "west"}),
    (
        "zh, first person, 'finally' (最后) holds no back",
        "最后，猫在我的左边。",
        "egocentric",
        {"left"},
    ),
    ("ko, an ending", "네, 저는 그 개를 볼 수 있습니다.", "yesno", {"yes"}),
    (
        "brick257-040, a hyphenated compound is one word (Italian 'nord' not read in it)",
        "La chaise se trouve au nord-ouest de la minifigurine.",
        "cardinal",
        {"north", "west"},
    ),
    (
        "brick307-009, a declared total ends an answer of several sentences",
        "除了人仔之外，图中有一个物体：一辆红色的汽车。共计：1个。",
        "count",
        {"1"},
    ),
    ("brick295-010, likewise", "图中除了人仔以外有一个物体：一只狗。共计：1个。", "count", {"1"}),
    (
        "a declared answer, first person",
        "Le chien est devant. Réponse : à gauche.",
        "egocentric",
        {"left"},
    ),
]

UNDECIDED: list[tuple[str, str, QuestionKind]] = [
    ("a Yes and a negation", "Sí, pero no completamente.", "yesno"),
    ("a Yes, then a negation", "Ja, er ist aber nicht ganz sichtbar.", "yesno"),
    ("an answer word not opening it", "Ich denke ja.", "yesno"),
    ("two numbers (articles count)", "Es gibt einen Hund und einen Ball.", "count"),
    ("a number and a negation", "Es gibt keine weitere Minifigur außer einer.", "count"),
    ("an alternative", "Está al norte o al este.", "cardinal"),
    ("a hedge", "Peut-être à gauche.", "egocentric"),
    ("two exclusive sides", "狗在我的左右两边。", "egocentric"),
    ("compass words in two clauses", "我面朝东方，狗在我的北边。", "cardinal"),
    ("two sentences", "Le chien est devant. Non, derrière moi.", "egocentric"),
    ("a question", "À gauche ?", "egocentric"),
    ("an English word", "The dog is à gauche.", "egocentric"),
    ("a negated side", "Il cane non è a sinistra.", "egocentric"),
    ("'thing' holds east and west", "这个东西在小人仔的北边。", "cardinal"),
    ("a language not in the table", "Kutya balra van.", "egocentric"),
    ("the image's side", "物体在图片的右边。", "egocentric"),
    ("the viewer's side", "Aus Sicht des Betrachters ist der Hund links.", "egocentric"),
    ("a declared total after a hedge", "图中有两个物体，可能是狗。共计：2个。", "count"),
    ("a total declared for a side", "Der Ball ist vorne. Insgesamt: links.", "egocentric"),
    ("a total not ending the answer", "共计：2个。其中一只狗。", "count"),
    ("a declared side after the image's frame", "狗在图片的右边。答案：左。", "egocentric"),
    ("two declared numbers", "Es gibt zwei. Antwort: 1 oder 2.", "count"),
]


@pytest.mark.parametrize(("where", "answer", "kind", "expected"), DECIDED)
def test_a_narrow_answer_in_another_language_is_read(
    where: str, answer: str, kind: QuestionKind, expected: set[str]
) -> None:
    reading = read_components(answer, kind, first_person="first person" in where)
    assert (reading.decided, set(reading.components), reading.why) == (
        True,
        expected,
        "other_language",
    ), where


@pytest.mark.parametrize(("why", "answer", "kind"), UNDECIDED)
def test_other_shapes_stay_undecided(why: str, answer: str, kind: QuestionKind) -> None:
    reading = read_components(answer, kind)
    assert not reading.decided, (why, reading)


def test_a_first_person_side_is_the_figures_only_when_the_figure_was_asked() -> None:
    answer = "Le chien est à ma gauche."
    assert not read_components(answer, "egocentric").decided  # the viewer's left?
    reading = read_components(answer, "egocentric", first_person=True)
    assert (reading.decided, set(reading.components)) == (True, {"left"})


def test_english_answers_are_never_read_as_another_language() -> None:
    """'No' is Spanish and Italian too; an English answer the English rules left undecided
    stays undecided ('west' is a German word, 'links' a Dutch one)."""
    for answer, kind in [
        ("It is hard to say; links are missing.", "egocentric"),
        ("The dog is somewhere west-ish, I am not sure", "cardinal"),
    ]:
        assert read_components(answer, kind).why != "other_language", answer


def test_a_word_meaning_two_things_in_two_languages_is_refused_at_load() -> None:
    table = other_languages._Table.model_validate(
        {
            "languages": {
                code: {
                    "other_frames": [],
                    "first_person": [],
                    "answer_words": [],
                    "joins": [],
                    "yes_words": [],
                    "no_words": [],
                    "negation": [],
                    "doubt": [],
                    "numbers": {},
                    "cardinals": {"este": [meaning]},
                    "directions": {},
                }
                for code, meaning in (("es", "east"), ("xx", "west"))
            }
        }
    )
    with pytest.raises(ConfigError, match="'este' means"):
        other_languages._check_meanings(table)


def test_an_answer_in_another_language_is_scored_in_a_shell_run(tmp_path: Path) -> None:
    """The user's path: `inspect eval vpt_tasks/isle_brick` in a fresh process, every answer
    "Je regarde vers l'ouest." to Q5; the rules decide west (the installed YAML is read)."""
    logs = tmp_path / "logs"
    result = inspect_cli(
        "eval", "vpt_tasks/isle_brick", "-T", "source=demo", "-T", "questions=Q5",
        "-T", "grader=rules", "--model", "vpt_tasks/constant",
        "-M", "answer=Je regarde vers l'ouest.", "--log-dir", str(logs), cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    [info] = list_eval_logs(str(logs))
    log = read_eval_log(info.name)
    assert log.samples
    for sample in log.samples:
        meta = sample.scores["prediction_correctness"].metadata
        assert (meta["decided_by"], meta["components"], meta["why"]) == (
            "rules",
            ["west"],
            "other_language",
        )


FOUR = {"A": "left", "B": "front", "C": "right", "D": "behind"}
COUNTS = {"A": "1", "B": "3", "C": "2", "D": "0"}
YES_NO = {"A": "Yes", "B": "No"}
NO_YES = {"A": "No", "B": "Yes"}
OPTION_ANSWERS_DECIDED = [
    ("four243-052", "钢琴在我的前面。C", FOUR, "C"),
    ("four245-055", "Der Spiegel ist direkt vor mir. Antwort: B", FOUR, "B"),
    ("four247-031", "从我的视角看，桌子在我的右边。答案：A", FOUR, "A"),
    ("four249-018", "答案是B。", FOUR, "B"),
    ("four249-038", "El sofá está a mi izquierda. Respuesta: C", FOUR, "C"),
    ("four245-035", "首先，咖啡杯在图片的右侧，也就是她的左边。\nAnswer: D", FOUR, "D"),
    ("two229-050", "它看不到猫头鹰。答案：B", YES_NO, "B"),
    ("two247-055", "Sí, puede ver el perro. A", YES_NO, "A"),
    (
        "two249-058",
        "Die Minifigur schaut nach links, der Baum steht rechts hinter ihr. Antwort: B",
        YES_NO,
        "B",
    ),  # fmt: skip
    ("two249-053", "Non, je ne peux pas voir la voiture car elle est derrière moi.", YES_NO, "B"),
    ("a copula after the answer word", "Die Antwort ist B.", FOUR, "B"),
    # r309 (four309-055): a count option said as the count, with no letter
    ("four309-055", "我能看到两只鸟。", COUNTS, "C"),
    ("a count in German", "Ich sehe drei rote Punkte.", COUNTS, "B"),
    # r309 (two309-028): a bare letter, then its option's Yes/No in another language
    ("two309-028", "A. 是的", YES_NO, "A"),
    ("the same in Japanese", "B. いいえ", YES_NO, "B"),
]


@pytest.mark.parametrize(("case", "answer", "options", "letter"), OPTION_ANSWERS_DECIDED)
def test_an_option_declared_in_another_language_is_read(
    case: str, answer: str, options: dict[str, str], letter: str
) -> None:
    reading = read_option(answer, options)
    assert (reading.letter, reading.readers.get("other_language")) == (letter, letter), case


OPTION_ANSWERS_UNDECIDED = [
    ("two letters", "答案：A或B", FOUR),
    ("a letter with words after it", "答案：B，因为它在前面", FOUR),
    ("a letter not declared", "Der Spiegel ist vor mir B", FOUR),
    ("another letter in the reasoning", "不是A。答案：B", FOUR),
    ("a Spanish 'A' is a preposition: two letters", "A la izquierda. Respuesta: C", FOUR),
    ("a turn of the language", "Der Spiegel ist vor mir, aber links. Antwort: B", FOUR),
    ("a question", "¿Respuesta: C?", FOUR),
    ("an opening Yes against the letter", "Sí, puede ver el perro. B", YES_NO),
    ("an opening Yes against the letter, other order", "Sí, puede ver el perro. A", NO_YES),
    ("a Yes with a negation after it", "Sí, pero no la ve.", YES_NO),
    ("not one sentence, no letter", "Non. Je ne la vois pas.", YES_NO),
    ("Yes/No words and four options", "Non, je ne vois pas la chaise.", FOUR),
    ("two counts", "Ich sehe zwei Punkte, aber es gibt drei.", COUNTS),
    ("a count no option has", "Ich sehe fünf Punkte.", COUNTS),
    ("a letter, then the other option's word", "A. 不是", YES_NO),
    ("words before the letter, then a Yes", "它在前面 A. 是的", YES_NO),
]


@pytest.mark.parametrize(("case", "answer", "options"), OPTION_ANSWERS_UNDECIDED)
def test_other_option_shapes_stay_undecided(
    case: str, answer: str, options: dict[str, str]
) -> None:
    reading = read_option(answer, options)
    assert reading.letter is None, (case, reading)


@pytest.mark.parametrize(
    ("answer", "options", "why"),
    [
        ("Antwort: B oder C", FOUR, "several_options"),  # was C (English "short")
        ("Réponse : B ou C", FOUR, "several_options"),  # was C
        ("Antwort: B und C", FOUR, "several_options"),  # was C
        ("Nein. A", YES_NO, "statement_disagrees"),  # was A: "Nein" is No
    ],
)
def test_another_languages_joins_and_opening_no_object_to_an_english_reading(
    answer: str, options: dict[str, str], why: str
) -> None:
    """Before 2026-11-28 the English readers decided these (none labelled in a held-out set):
    "oder" is an "or", "Nein" a No that the letter contradicts."""
    reading = read_option(answer, options)
    assert (reading.letter, reading.reason) == (None, why)


def test_an_option_in_another_language_is_scored_in_a_shell_run(tmp_path: Path) -> None:
    """The user's path: `inspect eval vpt_tasks/omni_perspective` in a fresh process, every
    answer "答案：C"; the rules decide C (why names the other-language reader)."""
    logs = tmp_path / "logs"
    result = inspect_cli(
        "eval", "vpt_tasks/omni_perspective", "-T", "source=demo", "-T", "grader=rules",
        "--model", "vpt_tasks/constant", "-M", "answer=答案：C", "--log-dir", str(logs),
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    [info] = list_eval_logs(str(logs))
    log = read_eval_log(info.name)
    assert log.samples
    for sample in log.samples:
        meta = sample.scores["merge_match"].metadata
        assert (meta["reading"], meta["decided_by"]) == ("C", "rules"), meta
        assert "other_language" in meta["why"], meta


@pytest.mark.parametrize(
    ("language", "question", "answer", "expected"),
    [
        # r267 (comf267-059, comf267-051): a Yes beside the opposite side
        (
            "zh",
            "想象你是图片中的女人。篮球在你的右边吗？请回答是或否。",
            "是的，篮球在我的左边。",
            None,
        ),
        (
            "ja",
            "犬の視点から見て、ボールは犬の左にありますか？",
            "犬はカメラの方を向いています。ボールは画像の左側にあります。犬から見ると、ボールは右側です。\n答え：はい",
            None,
        ),
        # a No beside the asked side alone
        ("zh", "篮球在你的右边吗？", "不，篮球在我的右边。", None),
        # agreeing sides, a side of the image, a negated side: read
        ("zh", "篮球在你的右边吗？", "是的，篮球在我的右边。", 1.0),
        ("ja", "ボールは犬の左にありますか？", "はい。ボールは画像の右側にあります。", 1.0),
        ("zh", "篮球在你的右边吗？", "不，篮球在我的左边。", 0.0),
    ],
)
def test_a_comfort_reply_stating_a_side_against_its_yes_no_is_undecided(
    language: str, question: str, answer: str, expected: float | None
) -> None:
    """In a language whose relation phrases are not in its COMFORT table (ja, ko, zh), the
    sides of `task_configs/other_languages.yaml` are read instead."""
    words = load_language(language)
    assert not words.relation_words
    got = text_yes_probability(
        answer, words.yes_words, words.no_words, question=question, relations=()
    )
    assert got == expected


def test_a_word_the_language_ignores_names_no_side() -> None:
    """r319: "然后" (then) holds "后" (back); the asked side of "..., 然后回答是或否。" is none."""
    assert other_languages.stated_sides("请一步一步思考，然后回答是或否。") == frozenset()
    assert other_languages.stated_sides("篮球在我的后面。") == {"back"}


@pytest.mark.parametrize(
    ("language", "question", "answer", "expected"),
    [
        # r335 (comf335-052): a language whose relation phrases are in its table, the side said
        # in other words ("sisi kanan", not "sebelah kanan"), to a question naming the camera
        (
            "id",
            "Dari sudut pandang kamera, apakah bola berada di sebelah kiri kuda? Pikirkan "
            "langkah demi langkah lalu jawab Ya atau Tidak.",
            "Langkah 1: Kuda berada di tengah gambar.\nLangkah 2: Bola berada di sisi kanan "
            "kuda.\nJadi jawabannya Ya.",
            None,
        ),
        (
            "id",
            "Dari sudut pandang kamera, apakah bola berada di sebelah kiri kuda?",
            "Langkah 1: Kuda berada di tengah gambar.\nLangkah 2: Bola berada di sisi kiri "
            "kuda.\nJadi jawabannya Ya.",
            1.0,
        ),
        # r319 (comf319-054): the asked side beside a No, to a question naming the camera
        ("zh", "从相机的视角来看，球在长椅的右边吗？", "所以球在长椅的右边。答案：否", None),
        ("zh", "从相机的视角来看，球在长椅的右边吗？", "所以球在长椅的左边。答案：否", 0.0),
    ],
)
def test_a_side_against_the_yes_no_in_any_language_and_any_asked_frame(
    language: str, question: str, answer: str, expected: float | None
) -> None:
    words = load_language(language)
    got = text_yes_probability(
        answer, words.yes_words, words.no_words, question=question, relations=words.relation_words
    )
    assert got == expected

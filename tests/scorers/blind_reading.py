"""How the rule readers fare on a labelled blind set: one measurement for the tests and the
`benchmarks/blind_sets.py` report.

A file's rows are read by the reader of their kind (two- and four-option answers by
`read_option`, Isle-Brick-V2 answers by `read_components`, COMFORT replies by the text reading
of `yes_probability.read_output`); `measure(name)` says which were decided against their label
(*confident-wrong*: another option, a reading of an ambiguous answer, an option for one that
commits to none) and how many clear answers the rules decided right (the rest go to the grader).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

BLIND = Path(__file__).parent / "blind"


@dataclass
class Measured:
    """One file's reading: confident-wrong rows (id, label, reading), clear answers, right."""

    wrong: list[tuple[str, object, object]] = field(default_factory=list)
    clear: int = 0
    right: int = 0
    rows: int = 0
    clear_in_english: int = 0
    """COMFORT: clear replies in English to a question asked in another language, which the
    scorer counts apart (`answered_in: english`) and never reads as the asked language's."""


def rows(name: str) -> list[dict]:
    return [json.loads(line) for line in (BLIND / name).read_text("utf-8").splitlines() if line]


def measure(name: str, *, narrow: bool = False) -> Measured:
    """The reading of blind file `name` by the rules of its kind; with `narrow`, as under
    `-T grader=narrow`: the rules decide only bare answers (`reading.bare_answer`), the
    rest goes to the grader (COMFORT replies have no grader: not measured)."""
    result = Measured()
    if name.startswith("comfort") and narrow:
        return result
    for row, got in readings(name, narrow=narrow):
        result.rows += 1
        label = label_of(row)
        if label not in ("ambiguous", "unknown"):
            result.clear += 1
            result.right += got == label
            if name.startswith("comfort") and row["language"] != "en":
                result.clear_in_english += _in_english(row)
        if got is not None and got != label and not (label == "unknown" and got == NO_ANSWER):
            result.wrong.append((row["id"], label, got))
    return result


NO_ANSWER = "no option"
"""An option reader's reading that the answer commits to no option (`options.NO_OPTION`)."""


def readings(name: str, *, narrow: bool = False) -> list[tuple[dict, object]]:
    """Each row of blind file `name` with its reading: an option letter or `NO_ANSWER`
    (option files), the sorted answer components (Isle-Brick-V2), "yes" or "no" (COMFORT,
    rows in a language with a table only); None where the rules leave the answer undecided."""
    if "options" in name:
        return _options(name, narrow)
    if name.startswith("isle_brick"):
        return _components(name, narrow)
    if name.startswith("comfort"):
        return _comfort(name)
    raise ValueError(f"no reader for {name}")


def label_of(row: dict) -> object:
    """A row's label as its reading is compared: an option letter, "yes"/"no", the sorted
    components, "ambiguous" or "unknown"."""
    label = row["label"]
    if label == ["ambiguous"]:  # set 9 wrote it as a one-item list
        return "ambiguous"
    return sorted(set(label)) if isinstance(label, list) else label


def _bare(answer: str) -> bool:
    from vpt_tasks.scorers.reading import bare_answer, prepare

    return bare_answer(prepare(answer))


def _options(name: str, narrow: bool = False) -> list[tuple[dict, object]]:
    from vpt_tasks.scorers.options import NO_OPTION, read_option

    result = []
    for row in rows(name):
        got = read_option(row["answer"], row["options"], question=row["question"]).letter
        if narrow and not _bare(row["answer"]):
            got = None  # the grader's
        result.append((row, NO_ANSWER if got == NO_OPTION else got))
    return result


def _components(name: str, narrow: bool = False) -> list[tuple[dict, object]]:
    from vpt_tasks.core.config import load_config
    from vpt_tasks.isle_brick.extraction import QUESTION_KINDS, read_components

    questions = {qid: spec["text"] for qid, spec in load_config("isle_brick")["questions"].items()}
    result = []
    for row in rows(name):
        qid = row["question_id"]
        question = questions[qid].replace("the object", f"the {row['object']}")
        note = row.get("note", "").lower()
        first_person = "first person" in note or "first-person" in note
        got = read_components(
            row["answer"], QUESTION_KINDS[qid], question=question, first_person=first_person
        )
        decided = got.decided and not (narrow and not _bare(row["answer"]))  # else the grader's
        result.append((row, sorted(set(got.components)) if decided else None))
    return result


def _comfort(name: str) -> list[tuple[dict, object]]:
    """COMFORT without log-probabilities: p in {0, 1} only where the reply's Yes/No is certain,
    in the language asked (languages without a table need a translator: not read here)."""
    from vpt_tasks.comfort.language import available_languages

    tabled = set(available_languages())
    result = []
    for row in rows(name):
        if row["language"] in tabled:
            p = _reply_reading(row, row["language"]).p
            result.append((row, None if p is None else ("yes" if p >= 0.5 else "no")))
    return result


def _reply_reading(row: dict, language_code: str):
    """The text reading of a COMFORT row's reply in one language's vocabulary (and, for the
    language asked, its relation phrases)."""
    from inspect_ai.model import ModelOutput

    from vpt_tasks.comfort.language import load_language
    from vpt_tasks.scorers.yes_probability import read_output

    language = load_language(language_code)
    return read_output(
        ModelOutput.from_content(model="m", content=row["answer"]),
        language.yes_words,
        language.no_words,
        question=row["question"],
        relations=language.relation_words if language_code == row["language"] else (),
    )


def _in_english(row: dict) -> bool:
    """A clear reply in English to a question asked in another language, which the task's
    scorer counts apart (`answered_in: english`)."""
    from vpt_tasks.scorers.yes_probability import answered_in

    return answered_in(_reply_reading(row, row["language"]), _reply_reading(row, "en")) == "english"

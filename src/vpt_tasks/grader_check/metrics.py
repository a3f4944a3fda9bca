"""The grader check's numbers: agreement, confident-wrong rate and abstention, per kind and
language.

Every answer the grader was asked about ends in one of three outcomes (score metadata
`outcome`):

- `right`: the reading is the label's -- the labelled option; `Z` ("picks none") for an
  answer labelled `unknown` (it commits to no option); the labelled set of components;
- `wrong` (confident-wrong): a reading against the label, or any reading of an answer
  labelled `ambiguous` (a careful annotator could not settle it, so no reading is right);
  the same definition as the blind-corpus test of the rules
  (`tests/scorers/test_blind_corpus.py`);
- `undecided`: the reply named nothing the grader was offered (the scorer leaves the
  answer undecided); right for an ambiguous answer, an abstention for a clear one.

An empty or cut-off reply is no outcome: the sample errors (Inspect counts it; `inspect
eval-retry` asks again).

Numbers, for every answer (`<name>`), per kind (`<name>_<kind>`) and per language
(`<name>_lang_<code>`, `unmarked` where the row names none):

| name | meaning |
|---|---|
| `agreement` | right readings of the clear answers / clear answers asked |
| `confident_wrong` | wrong readings / readings (the grader decided): the share of its decisions that are wrong; `_low`, `_high`: exact (Clopper-Pearson) interval |
| `abstention` | clear answers left undecided / clear answers asked (`agreement` + `abstention` + the clear answers read wrongly = 1) |
| `answers`, `clear`, `decided`, `right`, `wrong`, `undecided` | counts |
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from inspect_ai.scorer import Metric, SampleScore, metric

from vpt_tasks.core.stats import PairedUnit
from vpt_tasks.grader_check.spec import KINDS, load_spec

__all__ = [
    "HEADLINE",
    "NO_OPTION",
    "OUTCOMES",
    "details",
    "grader_check_headline",
    "outcome",
    "paired_units",
    "rates",
    "proportion_interval",
]

HEADLINE = "agreement"
OUTCOMES = ("right", "wrong", "undecided")
NO_OPTION = "Z"
UNMARKED = "unmarked"
"""The language of a row whose annotator named none (written in English, as far as the
row says)."""


def outcome(reading: Any, label: Any) -> str:
    """`right`, `wrong` or `undecided` (see the module docstring)."""
    if reading is None:
        return "undecided"
    if label == "ambiguous":
        return "wrong"
    if label == "unknown":
        return "right" if reading == NO_OPTION else "wrong"
    if isinstance(label, list):
        return "right" if isinstance(reading, list) and sorted(set(reading)) == label else "wrong"
    return "right" if reading == label else "wrong"


def proportion_interval(hits: int, total: int, confidence: float) -> tuple[float, float]:
    """The exact (Clopper-Pearson) interval of a proportion; NaN when `total` is 0."""
    if total == 0:
        return float("nan"), float("nan")
    from scipy.stats import binomtest

    interval = binomtest(hits, total).proportion_ci(confidence_level=confidence, method="exact")
    return float(interval.low), float(interval.high)


def rates(outcomes: Iterable[tuple[str, str]], confidence: float) -> dict[str, float]:
    """The numbers of a group of (label class, outcome) pairs (unsuffixed names)."""
    pairs = list(outcomes)
    clear = [o for c, o in pairs if c == "clear"]
    counts = {name: sum(o == name for _, o in pairs) for name in OUTCOMES}
    decided = counts["right"] + counts["wrong"]
    nan = float("nan")
    low, high = proportion_interval(counts["wrong"], decided, confidence)
    return {
        "agreement": clear.count("right") / len(clear) if clear else nan,
        "confident_wrong": counts["wrong"] / decided if decided else nan,
        "confident_wrong_low": low,
        "confident_wrong_high": high,
        "abstention": clear.count("undecided") / len(clear) if clear else nan,
        "answers": float(len(pairs)),
        "clear": float(len(clear)),
        "decided": float(decided),
        **{name: float(count) for name, count in counts.items()},
    }


def _meta(score: SampleScore) -> Mapping[str, Any]:
    return score.score.metadata or {}


def _pair(score: SampleScore) -> tuple[str, str]:
    meta = _meta(score)
    return str(meta.get("label_class")), str(meta.get("outcome"))


def _suffixed(values: Mapping[str, float], scope: str) -> dict[str, float]:
    """`confident_wrong_low` of scope `two_options` -> `confident_wrong_two_options_low`."""
    result = {}
    for name, value in values.items():
        stem, bound = (name[:-4], "_low") if name.endswith("_low") else (name, "")
        if name.endswith("_high"):
            stem, bound = name[:-5], "_high"
        result[f"{stem}_{scope}{bound}"] = value
    return result


def details(scores: list[SampleScore]) -> dict[str, float]:
    """Every number of a run (see the module docstring)."""
    confidence = load_spec().confidence
    result = rates((_pair(s) for s in scores), confidence)
    for kind in KINDS:
        mine = [s for s in scores if _meta(s).get("answer_kind") == kind]
        if mine:
            result.update(_suffixed(rates((_pair(s) for s in mine), confidence), kind))
    languages = sorted({str(_meta(s).get("language") or UNMARKED) for s in scores})
    for language in languages:
        mine = [s for s in scores if str(_meta(s).get("language") or UNMARKED) == language]
        result.update(_suffixed(rates((_pair(s) for s in mine), confidence), f"lang_{language}"))
    return result


def paired_units(scores: list[SampleScore]) -> list[PairedUnit]:
    """None: a grader check has no solver to compare (the prompt is the scorer's)."""
    return []


PRINTED = (
    "agreement",
    "confident_wrong",
    "confident_wrong_low",
    "confident_wrong_high",
    "abstention",
    "answers",
    "decided",
    "wrong",
)


@metric
def grader_check_headline() -> Metric:
    """The printed numbers, agreement on the clear answers first (the rest: `details`)."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        values = rates((_pair(s) for s in scores), load_spec().confidence)
        return {name: values[name] for name in PRINTED}

    return compute

"""What a decision may be for a row, and the score it gives.

A decision is an option letter (`Z`: the answer picks no option) for the scorers that
map answers to options (`answer_mapping`, `merge_match`), or answer components
separated by commas (`-`: no usable answer) for set precision (Isle-Brick-V2).
"""

from __future__ import annotations

from typing import Any

from vpt_tasks.scorers import answer_mapping, merge_match, set_precision
from vpt_tasks.scorers.options import NO_OPTION

KINDS = (answer_mapping.KIND, merge_match.KIND, set_precision.KIND)
"""The scorer kinds that read free text, and so leave answers for a human."""
NO_COMPONENTS = "-"
HumanReading = str | list[str]


def sample_options(sample: Any) -> dict[str, str]:
    """The option letters of a sample and their texts."""
    options = (sample.metadata or {}).get("options")
    if isinstance(options, dict) and options:
        return {str(k): str(v) for k, v in options.items()}
    return {chr(ord("A") + i): str(text) for i, text in enumerate(sample.choices or [])}


def choices(metadata: dict[str, Any], sample: Any) -> list[tuple[str, str]]:
    """The allowed decisions of a row as (value, label), in the order the page shows them."""
    if metadata.get("kind") == set_precision.KIND:
        vocabulary = metadata.get("vocabulary") or {}
        words = [(str(w), str(w)) for w in vocabulary.get("options") or []]
        return [*words, (NO_COMPONENTS, "no usable answer")]
    options = [(k, f"{k}. {v}") for k, v in sample_options(sample).items()]
    return [*options, (NO_OPTION, "no option")]


def allows_counts(metadata: dict[str, Any]) -> bool:
    """Whether any count in digits is a component (Isle-Brick-V2's counting questions)."""
    return bool((metadata.get("vocabulary") or {}).get("any_digits"))


def describe(metadata: dict[str, Any], sample: Any) -> str:
    """The allowed decisions in words, for the sheet's `options` column."""
    if metadata.get("kind") == set_precision.KIND:
        words = [value for value, _ in choices(metadata, sample)[:-1]]
        if allows_counts(metadata):
            words.append("any count in digits")
        return "components, comma-separated: " + ", ".join(words) + f"; {NO_COMPONENTS} for none"
    return " | ".join(label for _, label in choices(metadata, sample))


def parse(text: str, metadata: dict[str, Any], sample: Any) -> HumanReading:
    """The reading a decision stands for; `ValueError` naming the allowed values if none."""
    kind = metadata.get("kind")
    if kind not in KINDS:
        raise ValueError(
            f"its score is not one a human adjudicates (scorer kind {kind!r}, not one of "
            f"{', '.join(KINDS)})"
        )
    if kind == set_precision.KIND:
        if text.strip() == NO_COMPONENTS:
            return []
        components = sorted({part.strip().lower() for part in text.split(",") if part.strip()})
        allowed = {value for value, _ in choices(metadata, sample)[:-1]}
        counts = allows_counts(metadata)
        for component in components:
            if component not in allowed and not (counts and component.isdigit()):
                raise ValueError(
                    f"{component!r} is not one of {', '.join(sorted(allowed))}"
                    + (", a count in digits" if counts else "")
                    + f" or {NO_COMPONENTS}"
                )
        if not components:
            raise ValueError(f"{text!r} names no component (write {NO_COMPONENTS} for none)")
        return components
    letter = text.strip().upper()
    options = sample_options(sample)
    if letter != NO_OPTION and letter not in options:
        raise ValueError(f"{text!r} is not an option letter ({', '.join(options)}) or {NO_OPTION}")
    return letter


def canonical(reading: HumanReading) -> str:
    """One text per reading, to compare decisions: `A`, `Z`, `east, north`, `-`."""
    if isinstance(reading, list):
        return ", ".join(reading) or NO_COMPONENTS
    return reading


def rescored(reading: HumanReading, metadata: dict[str, Any], sample: Any) -> Any:
    """The scorer kind's own score of `reading` (a `ScoredReading`)."""
    kind = metadata["kind"]
    if kind == answer_mapping.KIND:
        return answer_mapping.scored_letter(str(reading), sample.metadata or {})
    if kind == merge_match.KIND:
        return merge_match.scored_letter(str(reading), str(sample.target))
    gold = sample.target if isinstance(sample.target, list) else [sample.target]
    answer = set_precision.final_answer(sample.output.completion if sample.output else "")
    return set_precision.scored_components(list(reading), gold, answer)

"""Text as a report shows it: Markdown table cells and the plain labels of figures."""

from __future__ import annotations

import html


def markdown(text: object) -> str:
    """Text that shows as itself in a Markdown table cell: `|`, `<`, `>`, `&` and line breaks
    of a model name or argument would otherwise shift columns or become HTML."""
    escaped = html.escape(" ".join(str(text).split()), quote=False)
    return escaped.replace("|", "&#124;")


def plain(label: str) -> str:
    """A table label (`markdown`) back as plain text, for a figure."""
    return html.unescape(label)


def fmt(number: float | None) -> str:
    """A fraction as a percentage with one decimal; "–" for a missing or undefined value."""
    return "–" if number is None or number != number else f"{100 * number:.1f}"


def estimate(value: float | None, low: float | None, high: float | None) -> str:
    """`value [low, high]` as percentages; an undefined value is "–" alone, never beside an
    interval (an interval of a value the data does not define would be of something else)."""
    if value is None or value != value:
        return "–"
    if low is None or high is None or low != low or high != high:
        return fmt(value)
    return f"{fmt(value)} [{fmt(low)}, {fmt(high)}]"


COUNT_NAMES = frozenset(
    {
        "decided_by_rules",
        "decided_by_grader",
        "decided_by_human",
        "undecided",
        "disclaimers",
        "rules_compared",
        "incomplete_items",
        "pov_pairs",
        "from_text",
        "no_direction",
    }
)
"""Numbers of the benchmarks that are counts (answers, items, curves), not rates; with every
`n_*`, `types_*`, `cooc_*` and `skipped/*` key."""


def is_count(key: str) -> bool:
    """Whether a metric key names a count (shown as an integer, never as a percentage)."""
    leaf = key.rsplit("/", 1)[-1]
    return (
        leaf in COUNT_NAMES
        or leaf.startswith("n_")
        or key.startswith(("types_", "cooc_", "skipped/"))
    )


def as_number(key: str, value: float | None) -> int | float | None:
    """A metric for report.json: None when undefined, an int for a count, else the float."""
    if value is None or isinstance(value, bool) or value != value or abs(value) == float("inf"):
        return None
    if is_count(key) and float(value).is_integer():
        return int(value)
    return value

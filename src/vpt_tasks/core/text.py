"""Small text helpers that several benchmarks and scorers need, kept in one copy.

Pure functions, standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

NUMBER_WORDS: tuple[str, ...] = tuple(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split()
)
"""English number words 0-20; `NUMBER_WORDS[n]` is the word of n."""
ORDINAL_WORDS: tuple[str, ...] = tuple(
    "zeroth first second third fourth fifth sixth seventh eighth ninth tenth".split()
)
"""English ordinals 0-10; `ORDINAL_WORDS[n]` is the ordinal of n."""


def number_word_value(word: str) -> int | None:
    """0-20 for an English number word ("Three" -> 3), else None."""
    try:
        return NUMBER_WORDS.index(word.strip().lower())
    except ValueError:
        return None


def lower_columns(columns: Iterable[str]) -> dict[str, str]:
    """Lower-cased column name -> the column's own spelling."""
    return {str(name).lower(): str(name) for name in columns}


def first_column(lower: Mapping[str, str], names: Iterable[str]) -> str | None:
    """The first of `names` present in `lower` (see `lower_columns`), in its own spelling."""
    return next((lower[name] for name in names if name in lower), None)


def numeric_sort_key(value: str) -> tuple[int, float, str]:
    """Sort numbers by value, before any non-numeric text ("2" < "10" < "easy")."""
    try:
        return (0, float(value), value)
    except ValueError:
        return (1, 0.0, value)

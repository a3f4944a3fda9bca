"""A superscript, subscript, circled number or fraction is no count (issue "Hardening II" §9).

The shared normaliser (`reading._normalise`, used by every reader) applies NFKC, which turns
"²" into "2"; such characters are dropped first. Decimal digits of other scripts stay digits.
"""

from __future__ import annotations

import pytest

from vpt_tasks.isle_brick.extraction import read_components
from vpt_tasks.scorers.options import read_option

QUESTION = "How many minifigures are in the image?"


@pytest.mark.parametrize("number", ["²", "₂", "②", "½", "⑵"])
def test_other_numbers_are_no_count(number: str) -> None:
    reading = read_components(f"There are {number} minifigures.", "count", question=QUESTION)
    assert reading.components == frozenset()
    assert read_option(f"{number}", {"A": "1", "B": "2"}).letter is None


@pytest.mark.parametrize(("digit", "value"), [("2", "2"), ("٣", "3"), ("３", "3"), ("७", "7")])
def test_decimal_digits_of_any_script_are_counts(digit: str, value: str) -> None:
    reading = read_components(f"There are {digit} minifigures.", "count", question=QUESTION)
    assert reading.components == {value}

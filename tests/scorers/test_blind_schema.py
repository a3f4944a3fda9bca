"""Every held-out file has the schema its measurement reads (`blind_reading.py`): a new set
written by a helper who has not read the code is checked here before it is ever run."""

from __future__ import annotations

import pytest

from tests.scorers.blind_reading import BLIND, rows

FILES = sorted(p.name for p in BLIND.glob("*.jsonl"))
VOCABULARY = {
    "count": None,  # digit strings
    "yesno": {"yes", "no"},
    "cardinal": {"north", "east", "south", "west"},
    "egocentric": {"front", "back", "left", "right"},
}
KIND = {"Q1": "count", "Q2": "count", "Q3": "yesno", "Q4": "cardinal", "Q5": "cardinal"}
KIND |= {"Q6": "yesno", "Q7": "egocentric"}


def test_there_are_sets() -> None:
    assert len(FILES) >= 50


@pytest.mark.parametrize("name", FILES)
def test_a_held_out_file_has_the_schema_it_is_measured_with(name: str) -> None:
    found = rows(name)
    assert found, name
    ids = [row["id"] for row in found]
    assert len(ids) == len(set(ids)), f"{name}: duplicate ids"
    for row in found:
        assert isinstance(row.get("answer"), str), row["id"]
        label = row["label"]
        if "options" in name:
            assert isinstance(row["options"], dict) and len(row["options"]) in (2, 4), row["id"]
            assert isinstance(row["question"], str)
            assert label in (*row["options"], "ambiguous", "unknown"), row["id"]
        elif name.startswith("isle_brick"):
            kind = KIND[row["question_id"]]
            assert isinstance(row["object"], str), row["id"]
            if label in ("ambiguous", ["ambiguous"]):
                continue
            assert isinstance(label, list), row["id"]
            allowed = VOCABULARY[kind]
            assert all(c.isdigit() if allowed is None else c in allowed for c in label), row["id"]
        else:
            assert name.startswith("comfort"), name
            assert isinstance(row["language"], str) and isinstance(row["question"], str)
            assert label in ("yes", "no", "ambiguous", "unknown"), row["id"]

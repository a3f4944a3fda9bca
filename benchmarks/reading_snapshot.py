"""Every held-out reading, saved and compared: what a reader change does to all labelled answers.

    python benchmarks/reading_snapshot.py save before.json     # the rules' reading of every row
    python benchmarks/reading_snapshot.py compare before.json after.json
    python benchmarks/reading_snapshot.py misses r347           # a fix-from round's misses

A reader change is measured on every held-out answer at once (`CONTRIBUTING.md`, "A reading
rule"): `compare` counts how the readings moved (undecided to the label, right or wrong to
undecided, a decided reading to another) and lists the rows by id, except in measure-only sets
(`MEASURE_ONLY` in `tests/scorers/test_blind_corpus.py`), which are counted but never shown, so
they are never read to fix a reader. `misses` prints the answers of a fix-from round that the
rules read wrong or leave undecided though they are clear; it refuses a measure-only round.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.scorers.blind_reading import BLIND, NO_ANSWER, label_of, readings  # noqa: E402
from tests.scorers.test_blind_corpus import MEASURE_ONLY  # noqa: E402

UNDECIDED = None


def snapshot() -> dict[str, dict[str, object]]:
    """file name → row id → [label, reading]; COMFORT rows in languages without a table are
    not read by the rules and are left out."""
    return {
        path.name: {row["id"]: [row["label"], got] for row, got in readings(path.name)}
        for path in sorted(BLIND.glob("*.jsonl"))
    }


def _kind(label: object, got: object) -> str:
    if got is UNDECIDED:
        return "undecided"
    label = label_of({"label": label})
    return "right" if got == label or (label, got) == ("unknown", NO_ANSWER) else "wrong"


def compare(old: dict, new: dict) -> Counter:
    """Counts of (measure-only?, kind before, kind after) over rows whose reading changed;
    prints the fix-from ones."""
    moved: Counter = Counter()
    for name in sorted(set(old) | set(new)):
        before, after = old.get(name, {}), new.get(name, {})
        for row_id in sorted(set(before) & set(after)):
            (label, was), (_, now) = before[row_id], after[row_id]
            if was == now:
                continue
            hidden = name in MEASURE_ONLY
            moved[(hidden, _kind(label, was), _kind(label, now))] += 1
            if not hidden:
                print(f"  {row_id}: label {label!r}: {was!r} -> {now!r}")
    return moved


def misses(round_name: str) -> int:
    names = [p.name for p in sorted(BLIND.glob(f"*_{round_name}.jsonl"))]
    if not names:
        print(f"no held-out files of round {round_name!r} in {BLIND}")
        return 2
    if any(name in MEASURE_ONLY for name in names):
        print(f"round {round_name} is measure-only: its answers are never read to fix a reader")
        return 2
    for name in names:
        for row, got in readings(name):
            kind = _kind(row["label"], got)
            if kind == "right" or (kind == "undecided" and label_of(row) in _UNCLEAR):
                continue
            print(f"--- {row['id']} [{kind}] label {row['label']!r}, read {got!r}")
            print(f"Q: {row.get('question', row.get('question_id'))}")
            print(f"A: {row['answer']}")
    return 0


_UNCLEAR = ("ambiguous", "unknown")


def main(argv: list[str]) -> int:
    if argv[:1] == ["save"] and len(argv) == 2:
        Path(argv[1]).write_text(json.dumps(snapshot(), ensure_ascii=False), "utf-8")
        return 0
    if argv[:1] == ["compare"] and len(argv) == 3:
        old, new = (json.loads(Path(p).read_text("utf-8")) for p in argv[1:])
        moved = compare(old, new)
        for (hidden, was, now), n in sorted(moved.items()):
            print(f"{'measure-only' if hidden else 'fix-from':<13}{was:>10} -> {now:<10}{n:>6}")
        print(f"{sum(len(rows) for rows in new.values())} readings; {sum(moved.values())} changed")
        return 0
    if argv[:1] == ["misses"] and len(argv) == 2:
        return misses(argv[1])
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""How the rule readers read every blind set: confident-wrong and clear answers read right.

    python benchmarks/blind_sets.py            # every file of tests/scorers/blind/
    python benchmarks/blind_sets.py r13        # files whose name contains "r13"
    python benchmarks/blind_sets.py --narrow r15   # the rules of -T grader=narrow only

A set's *first* run against the code of its day is its out-of-sample measurement
(`docs/reading-answers.md` keeps those); once a reader was fixed against a set, its later
runs are in-sample. The measure-only sets (`MEASURE_ONLY` in
`tests/scorers/test_blind_corpus.py`) are never fixed against. One implementation of the
measurement is shared with the tests: `tests/scorers/blind_reading.py`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.scorers.blind_reading import BLIND, measure  # noqa: E402


def main(argv: list[str]) -> int:
    narrow = "--narrow" in argv
    argv = [a for a in argv if a != "--narrow"]
    wanted = argv[0] if argv else ""
    total = [0, 0, 0, 0]
    print(f"{'file':<28}{'answers':>8}{'confident-wrong':>17}{'clear read right':>22}")
    for path in sorted(BLIND.glob("*.jsonl")):
        if wanted not in path.name:
            continue
        m = measure(path.name, narrow=narrow)
        if not m.rows:
            continue
        share = f"{m.right}/{m.clear} ({m.right / m.clear:.0%})" if m.clear else "-"
        asked = m.clear - m.clear_in_english
        aside = (  # COMFORT: English replies to another language are counted apart by the scorer
            f"   in the language asked: {m.right}/{asked} ({m.right / asked:.0%})"
            if m.clear_in_english and asked
            else ""
        )
        print(f"{path.name:<28}{m.rows:>8}{len(m.wrong):>17}{share:>22}{aside}")
        for row in m.wrong:
            print(f"    {row}")
        for i, n in enumerate((m.rows, len(m.wrong), m.right, m.clear)):
            total[i] += n
    print(f"{'total':<28}{total[0]:>8}{total[1]:>17}{f'{total[2]}/{total[3]}':>22}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

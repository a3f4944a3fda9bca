"""`benchmarks/reading_snapshot.py`, run as a researcher runs it (a fresh process): a reader
change is measured on every held-out reading, and measure-only rows are counted, never shown."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.scorers.test_blind_corpus import MEASURE_ONLY

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "reading_snapshot.py"


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, cwd=ROOT, timeout=600
    )


def test_compare_lists_fix_from_rows_and_only_counts_measure_only_ones(tmp_path):
    hidden = sorted(n for n in MEASURE_ONLY if n.startswith("two_options"))[0]
    blind = ROOT / "tests/scorers/blind"
    shown = sorted(p.name for p in blind.glob("two_options_r*") if p.name not in MEASURE_ONLY)[0]
    hidden_id = json.loads((blind / hidden).read_text().splitlines()[0])["id"]
    shown_id = json.loads((blind / shown).read_text().splitlines()[0])["id"]
    old = {hidden: {hidden_id: ["A", "A"]}, shown: {shown_id: ["A", "A"]}}
    new = {hidden: {hidden_id: ["A", None]}, shown: {shown_id: ["A", None]}}
    (tmp_path / "old.json").write_text(json.dumps(old))
    (tmp_path / "new.json").write_text(json.dumps(new))
    done = _run("compare", str(tmp_path / "old.json"), str(tmp_path / "new.json"))
    assert done.returncode == 0, done.stderr
    assert shown_id in done.stdout
    assert hidden_id not in done.stdout
    assert "measure-only      right -> undecided      1" in done.stdout
    assert "fix-from          right -> undecided      1" in done.stdout


def test_misses_refuses_a_measure_only_round():
    hidden = sorted(n for n in MEASURE_ONLY if n.startswith("comfort_r"))[0]
    round_name = hidden.removeprefix("comfort_").removesuffix(".jsonl")
    done = _run("misses", round_name)
    assert done.returncode == 2
    assert "measure-only" in done.stdout
    assert "A: " not in done.stdout

"""`vpt-tasks tasks` as typed in a shell: every task once, defaults as they are."""

from __future__ import annotations

import subprocess
import sys

from vpt_tasks.comfort.spec import load_spec


def _tasks(*names: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "vpt_tasks.cli", "tasks", *names],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def _flat(text: str) -> str:
    """The listing with its line wrapping undone."""
    return " ".join(text.split())


def test_the_language_list_is_printed_once_and_defaults_are_named() -> None:
    listing = _tasks()
    # COMFORT-BALL and -CAR share the paper's 109 languages: listed under the first only
    assert listing.count("languages (-T language=<code>") == 2
    assert _flat(listing).count("yi, zu: translated by the translator model role") == 1
    assert "as for vpt_tasks/comfort_ball above." in listing
    assert "=(default)" not in listing  # every default is named, not "(default)"
    spec = load_spec()
    ball, car = (
        listing.split(f"vpt_tasks/{name} — ")[1] for name in ("comfort_ball", "comfort_car")
    )
    assert spec.tasks["comfort_ball"].default_perspectives == ("cam",)
    assert "    perspective=cam " in ball
    assert set(spec.tasks["comfort_car"].default_perspectives) == {"nop", "cam", "add", "rel"}
    assert "    perspective=all " in car.split("vpt_tasks/")[0]
    assert "    questions=(all seven) " in listing


def test_one_task_lists_its_own_notes() -> None:
    assert _flat(_tasks("comfort_car")).count("yi, zu: translated by the translator model") == 1

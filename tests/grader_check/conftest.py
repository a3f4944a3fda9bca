"""The grader-check samples, built once (the bundled answers, every kind)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(scope="session")
def samples() -> list[Any]:
    from vpt_tasks.grader_check.task import grader_check

    return list(grader_check().dataset)


def component_pool(metadata: Mapping[str, Any]) -> Sequence[str]:
    """The answers an Isle-Brick-V2 question allows (for a wrong reading of it)."""
    from vpt_tasks.isle_brick.spec import load_spec

    question = metadata.get("question_id")
    return load_spec().questions[question].pool if question else ()


def report(logs: Path, out: Path) -> str:
    """`vpt-tasks report LOGS --out OUT` in a fresh process, as a user types it: report.md."""
    result = subprocess.run(
        [sys.executable, "-m", "vpt_tasks.cli", "report", str(logs), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return (out / "report.md").read_text(encoding="utf-8")

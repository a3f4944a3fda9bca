"""Every `vpt-tasks` command speaks plainly in a fresh process (issue "Hardening II" §7).

`vpt_tasks.cli.main` escapes what the terminal cannot encode, prints a `VPTError` or OS error
as one line, and an unexpected error as one line naming it a bug (traceback behind
`VPT_TASKS_TRACEBACK=1`); `--renderer` is checked before any frame is drawn.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def _vpt(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vpt_tasks.cli", *args],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=300,
    )


def test_tasks_prints_on_an_ascii_only_terminal() -> None:
    done = _vpt("tasks", PYTHONIOENCODING="ascii", LANG="C", LC_ALL="C")
    assert done.returncode == 0, done.stderr
    assert "UnicodeEncodeError" not in done.stderr
    assert "vpt_tasks/comfort_ball" in done.stdout


@pytest.mark.parametrize(
    ("module", "said"),
    [
        ("os", "the module has no render_frame, render_mask, blender_version"),
        ("no.such.module", "the module cannot be imported (ModuleNotFoundError"),
    ],
)
def test_a_renderer_that_cannot_draw_is_one_line(tmp_path: Path, module: str, said: str) -> None:
    done = _vpt(
        *("render", "comfort-ball", "--frames", "0", "--renderer", module),
        *("--out", str(tmp_path / "out"), "--quiet"),
    )
    assert done.returncode == 2
    assert said in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_an_unexpected_error_is_one_line_and_its_traceback_on_request(tmp_path: Path) -> None:
    """A renderer that raises while drawing (a bug, not bad input) is one line; with
    VPT_TASKS_TRACEBACK=1 the traceback is shown."""
    module = tmp_path / "broken_renderer.py"
    module.write_text(
        "def render_frame(*a, **k):\n    raise RuntimeError('boom')\n"
        "def render_mask(*a, **k):\n    raise RuntimeError('boom')\n"
        "def blender_version():\n    return 'none'\n"
    )
    command = (
        *("render", "comfort-ball", "--frames", "0", "--relations", "infrontof"),
        *("--variations", "default", "--renderer", "broken_renderer", "--quiet"),
        *("--out", str(tmp_path / "out")),
    )
    done = _vpt(*command, PYTHONPATH=str(tmp_path))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "unexpected RuntimeError: boom" in done.stderr and "VPT_TASKS_TRACEBACK=1" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    shown = _vpt(*command, PYTHONPATH=str(tmp_path), VPT_TASKS_TRACEBACK="1")
    assert "Traceback" in shown.stderr

"""The `vpt-tasks` console script."""

from __future__ import annotations

import subprocess
import sys

from vpt_tasks import __version__
from vpt_tasks.cli import main


def test_version_and_usage(capsys) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "vpt_tasks.cli", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and result.stdout.strip() == f"vpt-tasks {__version__}"
    assert main([]) == 2
    assert "COMMAND" in capsys.readouterr().out

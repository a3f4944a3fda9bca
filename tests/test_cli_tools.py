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


def test_tasks_lists_every_task_with_arguments_data_and_size(capsys) -> None:
    from vpt_tasks.benchmarks import task_entries

    assert main(["tasks"]) == 0
    listing = capsys.readouterr().out
    for _, entry in task_entries():
        block = listing.split(f"vpt_tasks/{entry.name} — ")[1].split("\n\nvpt_tasks/")[0]
        assert entry.full_run in block and "data:" in block
        # grader_check asks its model with the scorers' own prompts: it has no solver to choose
        for shared in ("source=", *(("solver=zero_shot",) if entry.name != "grader_check" else ())):
            assert shared in block, f"{entry.name} lacks {shared}"
    assert "grader=auto" in listing and "perspective=" in listing
    assert main(["tasks", "isle_brick"]) == 0 and "vpt_tasks/comfort" not in capsys.readouterr().out
    assert main(["tasks", "nope"]) == 2 and "isle_brick" in capsys.readouterr().err

"""Issue 19 §6: messages are plain text, whatever a path or value contains.

Inspect prints a prerequisite error's message with rich; a folder named like markup must
be shown as it is, in one short message, not parsed (or crash into a double traceback).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai import eval

from tests.conftest import inspect_cli
from tests.helpers import printed_by_inspect
from vpt_tasks.core.inspect_internals import PrerequisiteError

MARKUP_NAMES = ["[bold red]x", "[red]y[red]", "z[b]c"]


def test_a_source_named_like_markup_is_shown_as_it_is_in_the_shell(tmp_path: Path) -> None:
    """One name through the real command (the others in-process, below)."""
    name = MARKUP_NAMES[1]
    folder = tmp_path / name
    folder.mkdir()
    result = inspect_cli(
        "eval", "vpt_tasks/isle_brick", "-T", f"source={folder}", "--model", "vpt_tasks/random",
        "--log-dir", str(tmp_path / "logs"), cwd=tmp_path,
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert name in output.replace("\n", "")  # the name as it is, not read as markup
    assert "Traceback" not in output and len(output.strip().splitlines()) <= 15


@pytest.mark.parametrize("name", MARKUP_NAMES)
def test_a_source_named_like_markup_is_shown_as_it_is(tmp_path: Path, name: str) -> None:
    """The same, in-process: the error that ends `inspect eval` and what the command prints."""
    folder = tmp_path / name
    folder.mkdir()
    with pytest.raises(PrerequisiteError) as raised:
        eval(
            "vpt_tasks/isle_brick",
            task_args={"source": str(folder)},
            model="vpt_tasks/random",
            log_dir=str(tmp_path / "logs"),
            display="none",
        )
    output = printed_by_inspect(raised.value)
    assert name in output.replace("\n", "")  # the name as it is, not read as markup
    assert "Traceback" not in output and len(output.strip().splitlines()) <= 15


def test_the_projects_own_brackets_survive() -> None:
    from vpt_tasks.core.errors import SourceError

    error = SourceError("figure_box must be [left, top, right, bottom]")
    assert str(error) == "figure_box must be [left, top, right, bottom]"
    from rich.console import Console

    console = Console(width=200, record=True)
    console.print(error.message)  # as Inspect prints it
    assert console.export_text().strip() == str(error)

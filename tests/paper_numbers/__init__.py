"""The papers' published numbers, transcribed from `../shared/papers/` by a helper who had not
read the project's code (see README.md here), and read by the paper-number tests."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
PAPER_DIRS = (ROOT.parent / "shared" / "papers", ROOT.parents[1] / "shared" / "papers")
"""Where `../shared/papers/` may stand: beside this checkout, or beside its parent."""


def paper_text(name: str) -> str:
    """The plain text of a paper file of `../shared/papers/`; skips the test where absent."""
    import pytest

    found = next((d / name for d in PAPER_DIRS if (d / name).is_file()), None)
    if found is None:
        pytest.skip("the papers' plain text (../shared/papers/) is not on this machine")
    return found.read_text("utf-8")


@functools.cache
def _entries(paper: str) -> dict[str, dict[str, Any]]:
    data = yaml.safe_load((HERE / f"{paper}.yaml").read_text("utf-8"))
    return {entry["id"]: entry for entry in data["entries"]}


def entry(paper: str, entry_id: str) -> dict[str, Any]:
    """One transcribed entry (`paper`: the YAML file's stem)."""
    return _entries(paper)[entry_id]


def value(paper: str, entry_id: str) -> Any:
    """The entry's `value`, else its `values`."""
    found = entry(paper, entry_id)
    return found["value"] if "value" in found else found["values"]


def cite(paper: str, entry_id: str) -> str:
    """Where the number stands: `file, lines a-b: "quote"` (for assertion messages)."""
    found = entry(paper, entry_id)
    first, last = found["lines"]
    return f'{found["file"]}, lines {first}-{last}: "{found["quote"][:120]}"'

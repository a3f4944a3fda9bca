"""Matplotlib set-up shared by the report sections (headless, deterministic files)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def pyplot() -> Any:
    """`matplotlib.pyplot` on the non-interactive Agg backend."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # labels are model names and arguments, never formulas: "$" shows as itself
    plt.rcParams["text.parse_math"] = False
    return plt


def save(figure: Any, path: Path) -> str:
    """Save a figure as PNG (no timestamp metadata) and close it; return the file name."""
    figure.savefig(path, dpi=120, bbox_inches="tight", metadata={"Software": None})
    pyplot().close(figure)
    return path.name

"""Matplotlib set-up shared by the report sections (headless, deterministic files), and the
layout helpers that keep a figure readable from one run to a dozen.

A figure's texts stay inside it and apart: titles and legend entries are wrapped to the
figure's width (`fitted_title`, `legend_below`), a legend sits below the panels in as many
columns as fit, and tick labels of grouped bars are wrapped to their group's width
(`wrapped`). `tests/report/test_figures.py` draws every figure with 1, 6 and 12 runs and
checks the text boxes.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

CHAR_WIDTH = 0.6
"""Width of an average character of the default font, in ems (DejaVu Sans: about 0.55-0.6)."""
POINTS = 72.0


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


def _points(size: Any) -> float:
    from matplotlib.font_manager import FontProperties

    return float(FontProperties(size=size).get_size_in_points())


def chars_in(width_inches: float, fontsize: Any = "medium") -> int:
    """How many characters of `fontsize` fit in `width_inches` (at least 8)."""
    return max(8, int(width_inches * POINTS / (CHAR_WIDTH * _points(fontsize))))


def wrapped(text: str, width_inches: float, fontsize: Any = "medium") -> str:
    """`text` broken into lines that fit `width_inches` (long words are broken too)."""
    return textwrap.fill(str(text), chars_in(width_inches, fontsize), break_on_hyphens=True)


def fitted_title(figure: Any, text: str, *, fontsize: Any = 9) -> None:
    """A figure title wrapped to the figure's width: a long model label never runs off it."""
    figure.suptitle(wrapped(text, 0.95 * figure.get_figwidth(), fontsize), fontsize=fontsize)


def legend_below(
    figure: Any, handles: Sequence[Any], labels: Sequence[str], *, fontsize: Any = "small"
) -> Any:
    """One legend for the figure, below its panels (never over a bar or curve), its entries
    wrapped to the figure's width and set in as many columns as fit."""
    width = 0.95 * figure.get_figwidth()
    handle = 3.5 * _points(fontsize) / POINTS  # the handle and the gaps around it, in inches
    longest = chars_in(max(0.5, width - handle), fontsize)
    texts = [textwrap.fill(str(label), longest, break_on_hyphens=True) for label in labels]
    widest = max((max(len(line) for line in t.splitlines() or [""]) for t in texts), default=1)
    entry = handle + widest * CHAR_WIDTH * _points(fontsize) / POINTS
    ncols = max(1, min(len(texts), int(width // entry)))
    return figure.legend(handles, texts, loc="outside lower center", ncols=ncols, fontsize=fontsize)


def run_color(index: int, runs: int) -> Any:
    """The colour of the `index`-th of `runs` runs: distinct for up to 20 runs (tab10, then
    tab20), where the default cycle repeats after ten."""
    plt = pyplot()
    if runs <= 10:
        return plt.get_cmap("tab10")(index % 10)
    return plt.get_cmap("tab20")(index % 20)

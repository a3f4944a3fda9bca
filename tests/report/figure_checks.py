"""Layout checks of a drawn matplotlib figure: what a reader would see as broken.

`layout_problems(figure)` draws the figure and returns one line per problem: a text (title,
tick label, axis label, legend entry, annotation) that runs off the figure (clipped), two
texts that overlap, a legend outside the figure or over a panel. Text boxes come from the
renderer (`get_window_extent`), as drawn; rotated texts other than 0 or 90 degrees are
checked for the first but not for overlaps (their boxes are not their shapes).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

TOLERANCE = 1.0
"""Pixels a box may pass an edge or overlap another by (antialiasing, rounding)."""


def _texts(figure: Any) -> list[Any]:
    found = list(figure.texts)
    for legend in _legends(figure):
        found += list(legend.get_texts())
        if legend.get_title().get_text():
            found.append(legend.get_title())
    for ax in figure.axes:
        found += [ax.title, ax._left_title, ax._right_title, ax.xaxis.label, ax.yaxis.label]
        found += _tick_labels(ax.xaxis) + _tick_labels(ax.yaxis) + list(ax.texts)
    return [t for t in found if t.get_visible() and t.get_text().strip()]


def _tick_labels(axis: Any) -> list[Any]:
    """The tick labels matplotlib draws: those of ticks inside the axis' view."""
    low, high = sorted(axis.get_view_interval())
    span = high - low
    return [
        tick.label1
        for tick in axis.get_major_ticks()
        if low - 1e-9 * span <= tick.get_loc() <= high + 1e-9 * span
    ]


def _legends(figure: Any) -> list[Any]:
    return [*figure.legends, *(ax.get_legend() for ax in figure.axes if ax.get_legend())]


def _overlap(a: Any, b: Any) -> float:
    width = min(a.x1, b.x1) - max(a.x0, b.x0)
    height = min(a.y1, b.y1) - max(a.y0, b.y0)
    return width * height if width > TOLERANCE and height > TOLERANCE else 0.0


def _inside(box: Any, frame: Any) -> bool:
    return (
        box.x0 >= frame.x0 - TOLERANCE
        and box.y0 >= frame.y0 - TOLERANCE
        and box.x1 <= frame.x1 + TOLERANCE
        and box.y1 <= frame.y1 + TOLERANCE
    )


def layout_problems(figure: Any) -> list[str]:
    """Every text inside the figure and apart from the others; legends inside, off the panels."""
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    frame = figure.bbox
    problems = []
    texts = [(t, t.get_window_extent(renderer)) for t in _texts(figure)]
    for text, box in texts:
        if not _inside(box, frame):
            problems.append(f"text {text.get_text()!r} runs off the figure ({box} vs {frame})")
    straight = [(t, b) for t, b in texts if round(t.get_rotation()) % 90 == 0]
    for (a, box_a), (b, box_b) in combinations(straight, 2):
        if _overlap(box_a, box_b):
            problems.append(f"texts {a.get_text()!r} and {b.get_text()!r} overlap")
    panels = [ax.get_window_extent(renderer) for ax in figure.axes]
    for legend in _legends(figure):
        box = legend.get_window_extent(renderer)
        if not _inside(box, frame):
            problems.append(f"a legend runs off the figure ({box} vs {frame})")
        if any(_overlap(box, panel) for panel in panels):
            problems.append("a legend covers a panel")
    return problems

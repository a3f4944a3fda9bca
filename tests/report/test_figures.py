"""Every figure of the report stays readable from one run to a dozen.

Each figure is drawn with 1, 6 and 12 runs (realistic, long model labels, one partial run)
and checked as drawn (`figure_checks.layout_problems`: no text off the figure or over
another, legends inside the figure and off the panels), for its size, and for blanks where
a run has no value (never a bar or a cell at 0).
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from matplotlib.container import BarContainer

from tests.report.figure_checks import layout_problems
from vpt_tasks.isle_brick.spec import CATEGORY_LABELS, load_spec

RUNS = (1, 6, 12)
LABELS = [
    "openai/gpt-4o-2024-08-06",
    "anthropic/claude-sonnet-4-5",
    "vllm/Qwen/Qwen2.5-VL-72B-Instruct",
    "openai-api/internvl/OpenGVLab/InternVL3-8B",
    "google/gemini-2.5-pro (solver=first_person)",
    "vllm/llava-hf/llava-onevision-qwen2-7b-ov-hf (solver=first_person, 4 of 1008 samples)",
    "openai/gpt-4o-mini",
    "vpt_tasks/random (4 of 56 samples, 2026-11-27 08:50)",
    "mistral/pixtral-large-latest",
    "vllm/meta-llama/Llama-4-Maverick-17B-128E-Instruct",
    "openai/o3 (grader model=openai/gpt-4o)",
    "openai/o3 (grader model=anthropic/claude-haiku-4-5)",
]
MAX_INCHES = 30.0
"""No figure grows beyond this in either direction, whatever the number of runs."""


def _checked(figure: Any) -> None:
    problems = layout_problems(figure)
    assert not problems, "\n".join(problems)
    width, height = figure.get_size_inches()
    assert 3.0 <= width <= MAX_INCHES and 2.0 <= height <= MAX_INCHES, (width, height)


def _captured(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[Any]:
    """The figures a section function saves (its `save` replaced): drawn, not written."""
    figures: list[Any] = []
    monkeypatch.setattr(module, "save", lambda figure, path: figures.append(figure) or path.name)
    return figures


@pytest.mark.parametrize("runs", RUNS)
def test_the_category_figure(runs: int) -> None:
    from vpt_tasks.isle_brick.report import category_figure

    metrics = []
    for i in range(runs):
        r = random.Random(i)
        m: dict[str, float] = {}
        for c in CATEGORY_LABELS:
            v = r.random()
            m |= {c: v, f"{c}_ci_low": max(0, v - 0.1), f"{c}_ci_high": min(1, v + 0.1)}
            m[f"chance_{c}"] = 0.3
        metrics.append(m)
    missing = "visual_perspective_taking"
    del metrics[-1][missing]  # the last run has no value there (a partial run)
    figure = category_figure(LABELS[:runs], metrics)
    _checked(figure)
    [axes] = figure.axes
    renderer = figure.canvas.get_renderer()
    bars = [p for p in axes.patches if math.isfinite(p.get_height())]
    # every bar stays wide enough to see, its error bar on it
    assert all(p.get_window_extent(renderer).width >= 4 for p in bars)
    containers = [c for c in axes.containers if isinstance(c, BarContainer)]
    assert len(containers) == runs
    if runs == 1:  # no run has the category: it is not drawn at all
        assert len(axes.get_xticks()) == len(CATEGORY_LABELS) - 1
    else:  # the run without a value has no bar there: a blank, not a bar at 0
        heights = [p.get_height() for p in containers[-1].patches]
        assert math.isnan(heights[list(CATEGORY_LABELS).index(missing)])
        assert len(bars) == runs * len(CATEGORY_LABELS) - 1
    # runs keep distinct colours
    assert len({tuple(c.patches[0].get_facecolor()) for c in containers}) == runs


@pytest.mark.parametrize("runs", RUNS)
def test_the_slice_figure(runs: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from vpt_tasks.report import sliced

    figures = _captured(monkeypatch, sliced)
    section = sliced.SlicedSection(
        "Isle-Bricks v1",
        (("accuracy", "Accuracy averaged over both option orders"), ("consistency", "Consistency")),
        ("accuracy", "consistency"),
        "isle_brick_v1_slices",
    )
    keys = ("task=perspective-taking", "task=object-detection", "vpt_partition=1P2O1S")
    metrics = []
    for i in range(runs):
        r = random.Random(i)
        m = {"accuracy": r.random(), "consistency": r.random()}
        for key in keys:
            m |= {f"{key}/accuracy": r.random(), f"{key}/consistency": r.random()}
        metrics.append(m)
    del metrics[-1]["vpt_partition=1P2O1S/accuracy"]
    sliced._pair_figure(section, LABELS[:runs], metrics, tmp_path / "slices.png")
    [figure] = figures
    _checked(figure)
    first = figure.axes[0]
    [image] = first.images
    cells = image.get_array()
    if runs == 1:  # no run has the slice: no column for it
        assert cells.shape == (1, len(keys))
        return
    assert cells.shape == (runs, 1 + len(keys))
    assert np.ma.is_masked(cells[-1, -1])  # blank: no colour ...
    shown = {(round(t.get_position()[0]), round(t.get_position()[1])) for t in first.texts}
    assert (len(keys), runs - 1) not in shown and (0, runs - 1) in shown  # ... and no number


@pytest.mark.parametrize("runs", RUNS)
def test_the_bias_figures(runs: int) -> None:
    """The probe's figures have a bar (distribution) or a panel (orders) per intervention run."""
    from vpt_tasks.isle_brick.bias_report import distribution_figure, order_figure

    directions = ("north", "east", "south", "west")
    orders = ["NESW", "NEWS", "NSEW", "NWES", "ENSW", "SWNE"]
    numbers: dict[str, dict[str, float]] = {}
    for i in range(runs):
        name = "none" if i == 0 else f"zoom={10 * i}"
        shares = np.random.default_rng(i).dirichlet(np.ones(4))
        m = {f"share_{d}": float(s) for d, s in zip(directions, shares, strict=True)}
        m |= {f"gold_{d}": 0.25 for d in directions}
        for order in orders[: 2 if i == runs - 1 else len(orders)]:  # the last run is partial
            m |= {f"order_{order}_n": 8.0, **{f"order_{order}_{d}": 0.25 for d in directions}}
        numbers[name] = m
    label = LABELS[5]
    _checked(distribution_figure(label, numbers))
    figure = order_figure(label, numbers)
    _checked(figure)
    # an order the partial run did not ask (that another run asked) is a blank, not a bar at 0
    last = figure.axes[len(numbers) - 1]
    blanks = [p for p in last.patches if math.isnan(p.get_height())]
    assert len(blanks) == (0 if runs == 1 else 4 * (len(orders) - 2))


@pytest.mark.parametrize("questions", [1, 3])
def test_the_cooccurrence_figure(
    questions: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One figure per run: its title (the run's label) is wrapped, a gold label no item has
    is a blank row."""
    from vpt_tasks.isle_brick import report

    figures = _captured(monkeypatch, report)
    spec = load_spec()
    m: dict[str, float] = {}
    for qid in ("Q4", "Q5", "Q7")[:questions]:
        pool = spec.questions[qid].pool
        for g in pool:
            m[f"cooc_{qid}_{g}_total"] = 0.0 if g == pool[0] else 5.0
            for p in pool:
                m[f"cooc_{qid}_{g}_{p}"] = 0.0 if g == pool[0] else 2.0
    for label in (LABELS[0], LABELS[5]):
        report._cooccurrence_figure(label, m, tmp_path / "cooc.png")
    for figure in figures:
        _checked(figure)
        first = figure.axes[0]
        assert not [t for t in first.texts if round(t.get_position()[1]) == 0]  # blank row


@pytest.mark.parametrize("label", [LABELS[0], LABELS[5]])
def test_the_curve_figure(label: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One figure per run, a panel per relation and prompt: a long label is wrapped."""
    from vpt_tasks.comfort import report

    figures = _captured(monkeypatch, report)
    raw = np.linspace(0.1, 0.9, 36)
    curves = {
        (prompt, "camera_reflected", relation): (raw, raw)
        for prompt in ("nop", "cam")
        for relation in ("infrontof", "behind", "totheleft", "totheright")
    }
    one = {("cam", "camera_reflected", "behind"): (raw, raw)}
    for shown in (curves, one):
        digest = report.CurveDigest(148, frozenset({"cam"}), shown)
        name, why = report._draw_curves("comfort_ball", label, digest, tmp_path / "c.png")
        assert name and not why
    for figure in figures:
        _checked(figure)

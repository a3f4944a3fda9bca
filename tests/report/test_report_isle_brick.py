"""`vpt-tasks report` on Isle-Brick-V2 logs made in the test by baseline providers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.log import list_eval_logs, read_eval_log
from inspect_ai.model import get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver
from PIL import Image

from vpt_tasks.cli import main
from vpt_tasks.isle_brick.report import RUN_CHANCE_HEADER, SHARED_CHANCE_HEADER, category_figure
from vpt_tasks.isle_brick.task import isle_brick
from vpt_tasks.report.logs import log_details

pytestmark = pytest.mark.xdist_group("report_isle_brick")
"""Module-scoped fixtures run whole evals: keep the module in one worker so they run once."""


@pytest.fixture(scope="module")
def log_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("logs")
    eval(
        isle_brick(source="demo", grader="rules"),
        model="vpt_tasks/random",
        log_dir=str(directory),
        display="none",
    )
    eval(
        isle_brick(source="demo", grader="rules"),
        model=get_model("vpt_tasks/constant", answer="north-east", memoize=False),
        log_dir=str(directory),
        display="none",
    )
    return directory


@pytest.fixture(scope="module")
def mixed_log_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A full run and a `questions=Q4,Q7` run of one model: different gold sets, different chance."""
    directory = tmp_path_factory.mktemp("mixed")
    for questions in (None, "Q4,Q7"):
        eval(
            isle_brick(source="demo", grader="rules", questions=questions),
            model="vpt_tasks/random",
            log_dir=str(directory),
            display="none",
        )
    return directory


def _table_cells(markdown: str, header: str) -> dict[str, list[str]]:
    section = markdown.split(header, 1)[1].split("\n\n", 2)[1]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("|")]
    return {cells[0].strip(): [c.strip() for c in cells[1:]] for cells in rows[2:]} | {
        "": [c.strip() for c in rows[0][1:]]
    }


def _pct(value: float) -> str:
    return f"{100 * value:.1f}"


def test_report_numbers_equal_log_metrics(log_dir: Path, tmp_path: Path) -> None:
    assert main(["report", str(log_dir), "--out", str(tmp_path)]) == 0
    markdown = (tmp_path / "report.md").read_text()
    table = _table_cells(markdown, "paper Table 2")
    columns = table[""]
    assert columns[-1] == SHARED_CHANCE_HEADER  # same gold sets in both runs: one column
    assert "identical for every run here" in markdown
    logs = [read_eval_log(info.name) for info in list_eval_logs(str(log_dir))]
    for log in logs:
        metrics = log_details(log)  # printed metrics and details from the samples
        column = columns.index(log.eval.model)
        for row in ("Q1", "Q4", "Q7", "overall"):
            expected = (
                f"{_pct(metrics[row])} [{_pct(metrics[row + '_ci_low'])}, "
                f"{_pct(metrics[row + '_ci_high'])}]"
            )
            assert table[row][column] == expected
        assert table["spatial reasoning"][-1] == _pct(metrics["chance_spatial_reasoning"])
        assert table["overall"][-1] == _pct(metrics["chance_overall"])
    types = re.findall(r"\| vpt_tasks/constant \| Q4 \| (\d+) \| (\d+) \| (\d+) \|", markdown)
    assert types == [("8", "0", "0")]  # "north-east" is compound for every Q4 item


def test_figures_are_valid_images(log_dir: Path, tmp_path: Path) -> None:
    main(["report", str(log_dir), "--out", str(tmp_path)])
    markdown = (tmp_path / "report.md").read_text()
    figures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", markdown)
    assert len(figures) == 3  # categories + one co-occurrence figure per model
    for name in figures:
        with Image.open(tmp_path / name) as picture:
            picture.verify()
        with Image.open(tmp_path / name) as picture:
            assert picture.format == "PNG"
            assert 300 <= picture.width <= 3000 and 200 <= picture.height <= 2000


def test_unsupported_and_failed_logs_get_a_message(tmp_path: Path, capsys) -> None:
    other = Task(dataset=[Sample(input="hi", target="x")], name="not_ours")
    eval(
        other,
        model=get_model("vpt_tasks/constant", answer="x", memoize=False),
        log_dir=str(tmp_path / "l"),
        display="none",
    )
    eval(
        isle_brick(source="demo", questions="Q5", grader="rules"),
        solver=_failing(),
        model="vpt_tasks/random",
        log_dir=str(tmp_path / "l"),
        display="none",
    )  # fails: every sample errors
    (tmp_path / "l" / "junk.eval").write_bytes(b"not a zip")
    assert main(["report", str(tmp_path / "l"), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "task 'not_ours' is not a vpt_tasks task" in err
    assert "the eval ended in an error; `inspect eval-retry` finishes it" in err
    assert "junk.eval: not a readable Inspect eval log" in err
    assert "Traceback" not in err


@solver
def _failing() -> Solver:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        raise RuntimeError("provider down")

    return solve


def test_mixed_question_runs_keep_their_own_chance(mixed_log_dir: Path, tmp_path: Path) -> None:
    assert main(["report", str(mixed_log_dir), "--out", str(tmp_path)]) == 0
    markdown = (tmp_path / "report.md").read_text()
    table = _table_cells(markdown, "paper Table 2")
    header = table[""]
    logs = [read_eval_log(info.name) for info in list_eval_logs(str(mixed_log_dir))]
    assert len(logs) == 2
    chances = set()
    for log in logs:
        metrics = {k: v.value for k, v in log.results.scores[0].metrics.items()}  # the log's own
        everything = log_details(log)
        questions = log.eval.task_args.get("questions")
        [column] = [i for i, name in enumerate(header) if name.endswith(f"(questions={questions})")]
        assert header[column + 1] == RUN_CHANCE_HEADER  # its chance, right next to it
        chance = table["overall"][column + 1]
        assert chance == _pct(metrics["chance_overall"])
        chances.add(chance)
        for row, key in (
            ("spatial reasoning", "chance_spatial_reasoning"),
            ("visual perspective taking", "chance_visual_perspective_taking"),
            ("Q4", "chance_Q4"),
            ("Q7", "chance_Q7"),
        ):
            assert table[row][column + 1] == _pct(everything[key]), (questions, row)
        if questions == "Q4,Q7":
            assert table["scene understanding"][column + 1] == "–"
            assert table["Q1"][column] == "–" and table["Q1"][column + 1] == "–"
    assert len(chances) == 2  # the two runs' overall chance differ, and each shows its own
    assert SHARED_CHANCE_HEADER not in header
    assert "belongs to the model column on its left" in markdown


def test_the_category_legend_never_covers_a_bar() -> None:
    labels = ["vpt_tasks/random (questions=None)", "vpt_tasks/random (questions=Q4,Q7)", "m/c"]
    metrics = [
        {"scene_understanding": 0.95, "spatial_reasoning": 0.99, "visual_perspective_taking": 0.97},
        {"spatial_reasoning": 0.98, "visual_perspective_taking": 0.96},
        {"scene_understanding": 0.9, "spatial_reasoning": 0.9, "visual_perspective_taking": 0.99},
    ]
    for m in metrics:
        for category in list(m):
            m[f"chance_{category}"] = 0.3
    figure = category_figure(labels, metrics)
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    [axes] = figure.axes
    legends = figure.legends + ([axes.get_legend()] if axes.get_legend() else [])
    assert legends
    bars = [patch.get_window_extent(renderer) for patch in axes.patches]
    assert bars
    for legend in legends:
        box = legend.get_window_extent(renderer)
        assert not box.overlaps(axes.get_window_extent(renderer))
        assert not any(box.overlaps(bar) for bar in bars)


def test_labels_of_one_model_name_the_differing_arguments() -> None:
    from types import SimpleNamespace

    from vpt_tasks.report.logs import model_labels

    def fake(model: str, created: str = "2026-01-02T03:04:05", **task_args):
        return SimpleNamespace(
            eval=SimpleNamespace(
                model=model,
                task_args=task_args,
                eval_id="abcdefghij",
                created=created,
                metadata={"source": {"kind": "demo"}},
            )
        )

    logs = [
        fake("m/a", source="demo", solver="zero_shot"),
        fake("m/a", source="demo", solver="cot"),
        fake("m/b", source="demo", solver="cot"),
        fake("m/c", source="demo", questions="Q4,Q7"),
        fake("m/c", source="demo"),
    ]
    labels = model_labels(logs)
    assert labels[:3] == ["m/a (solver=zero_shot)", "m/a (solver=cot)", "m/b"]
    assert labels[3] == "m/c (questions=Q4,Q7)" and labels[4] == "m/c (questions=None)"


# --- the direction-bias probe (vpt_tasks/isle_brick_bias): paper Appendix B (Figures 4, 10) ---

BIAS_INTERVENTIONS = (
    "none",
    "no_objects",
    "human_figure",
    "zoom=10",
    "zoom=30",
    "zoom=50",
    "cardinal_markers",
)
BIAS_SCENES = 2
"""Scenes of the probe's report fixture (each asked in the paper's 24 orders)."""


@pytest.fixture(scope="module")
def bias_log_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An east-biased model under every intervention, and the random baseline with and without a zoom.

    Two scenes (one without a figure box), each asked in the paper's 24 orders: 48 answers
    per run, enough for the verdicts and tables the tests read."""
    from tests.isle_brick.test_interventions import write_scenes
    from vpt_tasks.isle_brick.task import isle_brick_bias

    scenes = write_scenes(tmp_path_factory.mktemp("bias_scenes"), count=BIAS_SCENES)
    directory = tmp_path_factory.mktemp("bias_logs")
    for intervention in BIAS_INTERVENTIONS:
        eval(
            isle_brick_bias(source=str(scenes), intervention=intervention, grader="rules"),
            model=get_model("vpt_tasks/biased", direction="east", memoize=False),
            log_dir=str(directory),
            display="none",
        )
    for intervention in ("none", "zoom=30"):
        eval(
            isle_brick_bias(source=str(scenes), intervention=intervention, grader="rules"),
            model="vpt_tasks/random",
            log_dir=str(directory),
            display="none",
        )
    return directory


@pytest.fixture(scope="module")
def bias_report(bias_log_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`vpt-tasks report` over the probe's logs, run once for the tests that read it."""
    out = tmp_path_factory.mktemp("bias_report")
    assert main(["report", str(bias_log_dir), "--out", str(out)]) == 0
    return out


def _section(markdown: str, heading: str) -> str:
    return markdown.split(heading, 1)[1].split("\n### ", 1)[0]


def test_bias_report_an_east_bias_that_no_intervention_changes(
    bias_log_dir: Path, bias_report: Path
) -> None:
    tmp_path = bias_report
    markdown = (tmp_path / "report.md").read_text()
    assert (
        "## Isle-Brick-V2 direction-bias probe (Appendix B)\n\nPaper Appendix B (its Figure 4: "
        "the interventions; Figure 10: the answers per prompt order)." in markdown
    )
    biased = _section(markdown, "### vpt_tasks/biased")
    [verdict] = [line for line in biased.splitlines() if line.startswith("**Verdict")]
    assert "no intervention changed the answer distribution significantly" in verdict
    for intervention in BIAS_INTERVENTIONS[1:]:
        assert f"{intervention} p = 1" in verdict
    assert "not uniform, most often east (100.0%)" in verdict
    rows = {
        cells[0]: cells[1:]
        for cells in (
            [c.strip() for c in line.strip("|").split("|")]
            for line in biased.split("| intervention |", 1)[1].split("\n\n", 1)[0].splitlines()[2:]
        )
    }
    assert list(rows) == ["gold", *BIAS_INTERVENTIONS]
    for intervention in BIAS_INTERVENTIONS:
        n, north, east, south, west, top = rows[intervention][:6]
        assert (n, north, east, south, west, top) == (
            str(24 * BIAS_SCENES),
            "0.0",
            "100.0",
            "0.0",
            "0.0",
            "100.0",
        )
    # every prompt order, every intervention: all east
    order_rows = [
        line
        for line in biased.split("| order |", 1)[1].split("\n\n", 1)[0].splitlines()[2:]
        if line.startswith("|")
    ]
    assert len(order_rows) == 24
    for line in order_rows:
        cells = [c.strip() for c in line.strip("|").split("|")]
        assert cells[1 : 1 + len(BIAS_INTERVENTIONS)] == ["0/100/0/0"] * len(BIAS_INTERVENTIONS)
    assert "| NWES (paper) |" in biased


def test_bias_report_random_is_uniform_and_says_so(bias_log_dir: Path, bias_report: Path) -> None:
    tmp_path = bias_report
    markdown = (tmp_path / "report.md").read_text()
    section = _section(markdown, "### vpt_tasks/random")
    [verdict] = [line for line in section.splitlines() if line.startswith("**Verdict")]
    logs = [read_eval_log(info.name) for info in list_eval_logs(str(bias_log_dir))]
    [plain] = [
        log
        for log in logs
        if log.eval.model == "vpt_tasks/random" and log.eval.metadata["intervention"] == "none"
    ]
    uniform_p = plain.results.scores[0].metrics["uniform_p"].value
    assert uniform_p > 0.05
    assert (
        f"within sampling error of uniform (chi-square goodness of fit p = {uniform_p:.3g}"
        in verdict
    )
    # the report's numbers are the log's
    numbers = log_details(plain)
    row = section.split("\n| none |", 1)[1].split("\n", 1)[0]
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[1:5] == [_pct(numbers[f"share_{d}"]) for d in ("north", "east", "south", "west")]
    assert cells[6] == (
        f"{_pct(numbers['correctness'])} [{_pct(numbers['correctness_ci_low'])}, "
        f"{_pct(numbers['correctness_ci_high'])}]"
    )
    figures = re.findall(r"!\[[^\]]*\]\((isle_brick_bias_[^)]+)\)", markdown)
    assert len(figures) == 4  # distribution and orders, per model
    for name in figures:
        with Image.open(tmp_path / name) as picture:
            picture.verify()


def test_bias_report_names_the_intervention_that_changed_the_answers(tmp_path: Path) -> None:
    from tests.isle_brick.test_interventions import write_scenes
    from vpt_tasks.isle_brick.task import isle_brick_bias

    scenes = write_scenes(tmp_path / "scenes")
    logs = tmp_path / "logs"
    for intervention, direction in (("none", "east"), ("zoom=30", "east"), ("no_objects", "west")):
        eval(
            isle_brick_bias(source=str(scenes), intervention=intervention, orders="NESW,WSEN"),
            model=get_model("vpt_tasks/biased", direction=direction, memoize=False),
            log_dir=str(logs),
            display="none",
        )
    assert main(["report", str(logs), "--out", str(tmp_path / "out")]) == 0
    markdown = (tmp_path / "out" / "report.md").read_text()
    [verdict] = [line for line in markdown.splitlines() if line.startswith("**Verdict")]
    assert "no_objects changed the answer distribution significantly" in verdict
    assert "zoom=30 p = 1" in verdict
    # 8 pairs (4 scenes x 2 orders), all east against all west: only the identity and the
    # full swap are as extreme, p = 2/2^8 (up to Monte Carlo error), Holm x 2 interventions
    p = float(re.search(r"no_objects p = ([0-9.]+)", verdict).group(1))
    assert 0.01 < p < 0.025


def test_bias_report_without_an_intervention_free_run_says_what_to_run(tmp_path: Path) -> None:
    from vpt_tasks.isle_brick.bias_report import render

    log = eval(
        isle_brick_bias_demo(intervention="cardinal_markers"),
        model=get_model("vpt_tasks/biased", direction="north", memoize=False),
        log_dir=str(tmp_path / "logs"),
        display="none",
    )[0]
    lines = render([read_eval_log(log.location, header_only=True)], tmp_path)
    [verdict] = [line for line in lines if line.startswith("**Verdict")]
    assert "no run without intervention" in verdict and "-T intervention=none" in verdict


def isle_brick_bias_demo(**kwargs):
    from vpt_tasks.isle_brick.task import isle_brick_bias

    return isle_brick_bias(source="demo", orders="paper", grader="rules", **kwargs)

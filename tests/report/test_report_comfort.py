"""`vpt-tasks report` on COMFORT-BALL and COMFORT-CAR logs made in the test by baseline providers."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from inspect_ai import eval
from inspect_ai.log import list_eval_logs, read_eval_log
from inspect_ai.model import get_model
from PIL import Image

from vpt_tasks.cli import main
from vpt_tasks.comfort.task import comfort_ball, comfort_car
from vpt_tasks.report.logs import log_details

TABLE5 = ["acc", "eps_cos", "eps_hemi", "c_sym", "c_opp", "eta", "sigma"]
pytestmark = pytest.mark.xdist_group("report_comfort")
"""Module-scoped fixtures run whole evals: keep the module in one worker so they run once."""

GT = ["acc", "eps_cos", "eps_hemi"]
CAR_THETAS = [-180, -90, 0, 90]  # few frames for speed; eta is then undefined ("–")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    logs = tmp_path_factory.mktemp("logs")
    out = tmp_path_factory.mktemp("out")
    for model in ("vpt_tasks/always_yes", "vpt_tasks/random"):
        eval(comfort_ball(source="demo"), model=model, log_dir=str(logs), display="none")
    eval(
        comfort_car(source="demo", thetas=CAR_THETAS, probes=True),
        model="vpt_tasks/random",
        log_dir=str(logs),
        display="none",
    )
    eval(
        comfort_car(source="demo", thetas=CAR_THETAS, perspective="rel"),
        model="vpt_tasks/always_yes",
        log_dir=str(logs),
        display="none",
    )  # one prompt: its metrics have no `rel/` prefix
    assert main(["report", str(logs), "--out", str(out)]) == 0
    return logs, out


def _pct(metrics: dict[str, float], key: str) -> str:
    return f"{100 * metrics[key]:.1f}" if key in metrics else "–"


def _label(cell: str) -> str:
    """A table's model cell without its unscored-answers flag."""
    return cell.split(" ⚠", 1)[0]


def _tables(markdown: str, title: str) -> dict[str, dict[str, list[str]]]:
    """`### heading` -> {model: other cells} of the section `## title` (header row under "model")."""
    section = markdown.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
    tables: dict[str, dict[str, list[str]]] = {}
    for block in re.split(r"\n### ", section)[1:]:
        heading, *rows = block.splitlines()
        cells = [
            [c.strip() for c in row.strip().strip("|").split("|")]
            for row in rows
            if row.startswith("|")
        ]
        tables[heading] = {_label(row[0]): row[1:] for row in cells if not row[0].startswith("---")}
    return tables


def _expected(task: str, log, headers: list[str], prompts: list[str]) -> dict[str, list[str]]:
    """The cells each table must show for one log, by table heading prefix (keys from the COMFORT README)."""
    printed = {k: v.value for k, v in log.results.scores[0].metrics.items()}
    metrics = log_details(log)  # the detailed numbers from the samples, the printed ones on top
    f1 = [_pct(printed, "object_f1")] if "object F1" in headers else []
    # the main row is the headline prompt's: exactly the printed metrics
    table5 = [log.eval.metadata["headline_prompt"], *(_pct(printed, k) for k in TABLE5)]
    if task == "comfort_ball":
        candidates, prefix = ["translated", "rotated", "reflected"], "transformation"
        expected = {"Metrics (×100) — paper Table 5": table5 + f1}
        preference_heading = "Preferred coordinate transformation"
    else:
        candidates, prefix = ["camera", "intrinsic", "addressee"], "preferred_for"
        preference_heading = "Preferred frame of reference"
        expected = {
            "Metrics (×100) — paper Table 5": table5 + f1,
            "By facing direction": [
                _pct(metrics, f"facing_{s}/{k}") for s in ("left", "right") for k in TABLE5
            ],
            "Perspective taking": [
                _pct(metrics, f"perspective/{p}/{k}")
                for p in ("cam", "rel", "add", "mean")
                for k in GT
            ],
        }
        for prompt in ("nop", "cam", "add", "rel"):
            if prompts == [prompt]:  # a single-prompt run has its metrics under the bare names
                expected[f"Prompt `{prompt}`"] = [_pct(metrics, k) for k in TABLE5]
            else:
                expected[f"Prompt `{prompt}`"] = [_pct(metrics, f"{prompt}/{k}") for k in TABLE5]
    preferred = [c for c in candidates if metrics.get(f"{prefix}/preferred/{c}") == 1.0]
    assert len(preferred) == (1 if f"{prefix}/{candidates[0]}/acc" in metrics else 0)
    expected[preference_heading] = [
        _pct(metrics, f"{prefix}/{c}/{k}") for c in candidates for k in GT
    ] + (preferred or ["–"])
    return expected


def test_tables_equal_the_log_metrics(report: tuple[Path, Path]) -> None:
    logs, out = report
    markdown = (out / "report.md").read_text()
    checked = dashes = 0
    for info in list_eval_logs(str(logs)):
        log = read_eval_log(info.name, header_only=True)
        task = log.eval.task.split("/")[-1]
        tables = _tables(
            markdown, {"comfort_ball": "COMFORT-BALL", "comfort_car": "COMFORT-CAR"}[task]
        )
        answers = tables["Answers"][log.eval.model]
        assert answers[:3] == ["zero_shot", "paper", log.eval.metadata["headline_prompt"]]
        assert answers[3] == str(int(log_details(log)["n_samples"]))
        headers = next(t for h, t in tables.items() if h.startswith("Metrics"))["model"]
        perspective = log.eval.task_args.get("perspective")
        expected = _expected(
            task, log, headers, [perspective] if perspective else ["nop", "cam", "add", "rel"]
        )
        for start, cells in expected.items():
            (table,) = [t for heading, t in tables.items() if heading.startswith(start)]
            assert table[log.eval.model] == cells, start
            checked += len(cells)
            dashes += cells.count("–")
    assert checked == 36 + 146  # BALL 2 x (8 + 10), CAR 2 x (9 + 14 + 12 + 4 x 7 + 10)
    # sigma (one variation per path in the demo data), eta (4 frames), always-yes CAR: the
    # 3 other prompts, no nop curves
    assert dashes >= 2 + 6 + 7 * 3 + 10


def test_car_main_row_is_the_camera_prompt_not_a_mix(report: tuple[Path, Path]) -> None:
    """COMFORT-CAR's main row is the paper's: the `cam` prompt, equal to the `cam` table."""
    tables = _tables((report[1] / "report.md").read_text(), "COMFORT-CAR")
    main = next(t for h, t in tables.items() if h.startswith("Metrics"))["vpt_tasks/random"]
    assert main[0] == "cam" and main[1:8] == tables["Prompt `cam` (×100)"]["vpt_tasks/random"]
    assert main[1:8] != tables["Prompt `nop` (×100)"]["vpt_tasks/random"]


def test_always_yes_row_is_the_papers(report: tuple[Path, Path]) -> None:
    tables = _tables((report[1] / "report.md").read_text(), "COMFORT-BALL")
    table = next(
        t for heading, t in tables.items() if heading.startswith("Metrics (×100) — paper Table 5")
    )
    row = dict(zip(table["model"], table["vpt_tasks/always_yes"], strict=True))
    assert row == {
        "prompt": "cam",
        "Acc": "47.2",
        "ε_cos": "61.2",
        "ε_hemi": "68.7",
        "c_sym": "0.0",
        "c_opp": "100.0",
        "η": "0.0",
        "σ": "–",  # the demo has one variation per relation: no spread to measure
    }
    car = _tables((report[1] / "report.md").read_text(), "COMFORT-CAR")
    assert "object F1" in next(t for h, t in car.items() if h.startswith("Metrics"))["model"]


def test_curve_figures_are_valid_images(report: tuple[Path, Path]) -> None:
    out = report[1]
    markdown = (out / "report.md").read_text()
    figures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", markdown)
    assert sorted(figures) == [
        f"comfort_{t}_curves_{i}.png" for t in ("ball", "car") for i in (0, 1)
    ]
    sizes = {}
    for name in figures:
        with Image.open(out / name) as picture:
            picture.verify()
        with Image.open(out / name) as picture:
            assert picture.format == "PNG"
            assert 800 <= picture.width <= 3000 and 300 <= picture.height <= 2500
            sizes[name] = picture.size
    car = markdown.split("## COMFORT-CAR", 1)[1]
    (all_prompts,) = re.findall(r"!\[P\(Yes\) curves, vpt_tasks/random\]\(([^)]+)\)", car)
    (rel_only,) = re.findall(r"!\[P\(Yes\) curves, vpt_tasks/always_yes\]\(([^)]+)\)", car)
    # rows: nop, cam, add and rel per facing direction (5) against rel per facing direction (2)
    assert sizes[all_prompts][1] > 2 * sizes[rel_only][1]


def test_curves_are_the_samples_p(report: tuple[Path, Path]) -> None:
    """The plotted means: read from the samples' p, grouped by each prompt's reference frame."""
    from vpt_tasks.comfort.curves import comfort_summary
    from vpt_tasks.comfort.report import _frame_predictions, mean_curves

    logs = {
        (log.eval.task.split("/")[-1], log.eval.model): log
        for log in (read_eval_log(info.name) for info in list_eval_logs(str(report[0])))
    }
    for log in logs.values():  # the samples' p as the report reads them reproduce the log's metrics
        headline = log.eval.metadata["headline_prompt"]
        frames = _frame_predictions(log.samples)
        summary = comfort_summary([p for p in frames if p.prompt == headline])
        metrics = {k: v.value for k, v in log.results.scores[0].metrics.items()}
        for key in ("acc", "eps_cos", "c_opp"):
            assert summary[key] == pytest.approx(metrics[key])
        assert comfort_summary(frames)["n_frames"] == log_details(log)["n_frames"]
    ball = mean_curves(logs[("comfort_ball", "vpt_tasks/always_yes")].samples)
    assert set(ball) == {
        ("cam", "camera_reflected", r) for r in ("infrontof", "behind", "totheleft", "totheright")
    }
    for raw, normalised in ball.values():
        assert (
            raw.tolist() == [1.0] * 36 and normalised.tolist() == [0.0] * 36
        )  # a constant curve's p̂ is 0
    car_log = logs[("comfort_car", "vpt_tasks/random")]
    car = mean_curves(car_log.samples)
    frames = {(p, f) for p, f, _ in car}
    assert frames == {
        ("nop", "camera_reflected"),
        ("cam", "camera_reflected"),
        ("add", "addressee_reflected"),
        ("rel", "intrinsic_facing_left"),
        ("rel", "intrinsic_facing_right"),
    }
    p_of: dict[tuple[str, str, str, int], list[float]] = {}
    for sample in car_log.samples:
        meta = sample.metadata
        if meta["kind"] == "frame":
            side = "right" if meta["dataset"].endswith("right") else "left"
            frame = {
                "nop": "camera_reflected",
                "cam": "camera_reflected",
                "add": "addressee_reflected",
                "rel": f"intrinsic_facing_{side}",
            }[meta["prompt"]]
            p = sample.scores["yes_probability"].metadata["p"]
            p_of.setdefault((meta["prompt"], frame, meta["relation"], meta["theta"]), []).append(p)
    for (prompt, frame, relation), (raw, normalised) in car.items():
        for index, theta in enumerate(range(-180, 180, 10)):
            values = p_of.get((prompt, frame, relation, theta))
            if values is None:
                assert math.isnan(raw[index]) and math.isnan(normalised[index])
            else:  # one variation (the car) per facing direction in the demo data
                assert raw[index] == pytest.approx(sum(values) / len(values))
                assert len(values) == (1 if prompt == "rel" else 2)
                assert 0.0 <= normalised[index] <= 1.0


def test_logs_without_p_get_a_note(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    logs = tmp_path / "logs"
    eval(
        comfort_ball(source="demo", probability="logprobs"),
        model=get_model("vpt_tasks/constant", answer="maybe", memoize=False),
        log_dir=str(logs),
        display="none",
    )  # no Yes/No: every sample unscored, p null (read as text: the label says so)
    eval(
        comfort_ball(source="demo"),
        model="vpt_tasks/random",
        log_dir=str(logs),
        display="none",
        log_samples=False,
    )  # metrics but no samples
    assert main(["report", str(logs), "--out", str(tmp_path / "out")]) == 0
    assert "Traceback" not in capsys.readouterr().err
    markdown = (tmp_path / "out" / "report.md").read_text()
    assert (
        "- vpt_tasks/constant ⚠ 100.0% no Yes/No [text (0/1)]: none of the log's 148 samples "
        "has a P(Yes)" in markdown
    )
    assert "- vpt_tasks/random: the log holds no samples" in markdown
    assert not list((tmp_path / "out").glob("*.png"))
    table = next(t for h, t in _tables(markdown, "COMFORT-BALL").items() if h.startswith("Metrics"))
    assert table["vpt_tasks/constant"] == ["cam", *["–"] * 7]
    # the run with no Yes/No answer is flagged next to its numbers in every table
    rows = [line for line in markdown.splitlines() if line.startswith("| vpt_tasks/constant")]
    assert len(rows) >= 3 and all("⚠ 100.0% no Yes/No" in line for line in rows)
    assert not any("⚠" in line for line in markdown.splitlines() if "vpt_tasks/random" in line)
    (random_log,) = [
        read_eval_log(i.name, header_only=True)
        for i in list_eval_logs(str(logs))
        if "random" in read_eval_log(i.name, header_only=True).eval.model
    ]
    metrics = {k: v.value for k, v in random_log.results.scores[0].metrics.items()}
    assert table["vpt_tasks/random"] == ["cam", *(_pct(metrics, k) for k in TABLE5)]
    assert _tables(markdown, "COMFORT-BALL")["Answers"]["vpt_tasks/constant"][4] == "100.0"


def test_curve_axes_span_the_circle_and_the_legend_covers_nothing(
    report: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """x-axes run from -180 to 180 (the curve closes at 180) and the legend sits outside the panels."""
    import vpt_tasks.comfort.report as section

    figures = []

    def keep(figure, path):
        figures.append(figure)
        return path.name

    monkeypatch.setattr(section, "save", keep)
    for info in list_eval_logs(str(report[0])):
        log = read_eval_log(info.name)
        task = log.eval.task.split("/")[-1]
        assert section._curve_figure(task, "m", log.samples, tmp_path / "x.png")[0] == "x.png"
    assert len(figures) == 4
    for figure in figures:
        figure.canvas.draw()
        renderer = figure.canvas.get_renderer()
        (legend,) = figure.legends
        box = legend.get_window_extent(renderer)
        for ax in figure.axes:
            assert ax.get_xlim() == (-180.0, 180.0)
            assert [t for t in ax.get_xticks()] == [-180, -90, 0, 90, 180]
            assert max(max(line.get_xdata()) for line in ax.get_lines()) == 180
            assert not box.overlaps(ax.get_window_extent(renderer)), "the legend covers a panel"

"""COMFORT paper Table 4 (perspective prompts relative to `nop`) and the "Random (30 trials)"
row, checked against numbers computed by hand here (numpy and scipy only, no project code)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from inspect_ai import eval
from scipy.signal import butter, filtfilt

from vpt_tasks.cli import main
from vpt_tasks.comfort.curves import FramePrediction, ProbePrediction
from vpt_tasks.comfort.paper_tables import (
    RANDOM_SEED,
    RANDOM_TRIALS,
    random_baseline,
    shared_random_baseline,
    table4,
)
from vpt_tasks.comfort.task import comfort_car
from vpt_tasks.report.logs import log_details

THETAS = np.arange(-180, 180, 10)
LEFT = "comfort_car_ref_facing_left"


def _curve(prompt: str, relation: str, p: np.ndarray, dataset: str = LEFT) -> list:
    return [
        FramePrediction(dataset, relation, "car", prompt, int(t), float(v))
        for t, v in zip(THETAS, p, strict=True)
    ]


def _rmse(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.sqrt(np.mean((a - b) ** 2)))


def test_table4_cell_is_the_prompt_minus_nop_against_the_prompts_frame() -> None:
    """`behind` on the facing-left data, addressee frame: phi = theta, phi* = 90 (spec table).

    `add` answers exactly the addressee's hemisphere h, `nop` says yes everywhere.
    """
    cos = np.cos(np.radians(THETAS - 90.0))
    cos[np.abs(cos) < 1e-10] = 0.0
    h = (cos > 0).astype(float)  # yes for theta = 10 ... 170: 17 of 36 frames
    g = (cos + 1) / 2
    frames = _curve("add", "behind", h) + _curve("nop", "behind", np.ones(36))
    # a nop curve on a path `add` was not asked on does not enter the comparison
    frames += _curve("nop", "totheleft", np.zeros(36) + 0.3)
    (row,) = table4(frames).values()
    assert row.prompt == "add"
    b, a = butter(5, 0.2)
    by_hand = {  # prompt value, nop value (p-hat of the constant nop curve is all 0)
        "acc": (1.0, 17 / 36),
        "eps_cos": (_rmse(h, g), _rmse(np.zeros(36), g)),
        "eps_hemi": (0.0, _rmse(np.zeros(36), h)),
        "c_sym": (1.0, 0.0),  # h(theta) != h(-theta) for every pair theta = -170 ... -10
        "eta": (_rmse(h, filtfilt(b, a, h)), 0.0),
    }
    for metric, (value, nop) in by_hand.items():
        assert row.values[metric] == pytest.approx(value), metric
        assert row.nop[metric] == pytest.approx(nop), metric
        assert row.change(metric) == pytest.approx(value - nop), metric
    assert row.change("acc") == pytest.approx(19 / 36)
    # no opposite relation asked (c_opp) and one variation (sigma): undefined, no change
    for metric in ("c_opp", "sigma"):
        assert row.values[metric] is None and row.change(metric) is None


def test_table4_rows_need_nop_and_score_each_prompt_against_its_own_frame() -> None:
    """`rel` on the facing-left data is scored against the relatum's intrinsic frame
    (phi* = 90 for behind, like the addressee's), `cam` against the camera (phi* = 180)."""
    rng = np.random.default_rng(3)
    p_nop, p_rel, p_cam = rng.random(36), rng.random(36), rng.random(36)
    frames = (
        _curve("nop", "behind", p_nop)
        + _curve("rel", "behind", p_rel)
        + _curve("cam", "behind", p_cam)
    )
    rows = table4(frames)
    assert list(rows) == ["cam", "rel"]  # Table 4's order; `add` was not asked
    for prompt, p, star in (("rel", p_rel, 90.0), ("cam", p_cam, 180.0)):
        cos = np.cos(np.radians(THETAS - star))
        h = (cos > 1e-10).astype(float)
        acc = np.mean((p > 0.5) == (h > 0.5))
        acc_nop = np.mean((p_nop > 0.5) == (h > 0.5))
        assert rows[prompt].change("acc") == pytest.approx(acc - acc_nop)
    assert table4(_curve("cam", "behind", p_cam)) == {}  # no nop: no row


def test_random_row_is_the_mean_of_seeded_trials_computed_by_hand() -> None:
    """Two trials over one `cam` curve (`behind`, camera frame: yes for |theta| > 90, 17 of 36
    frames) and three probes: the draws are numpy's default_rng(seed), frames in sorted order,
    then the probes with the absent ones first."""
    frames = _curve("cam", "behind", np.full(36, 0.123))  # the run's own p is never used
    probes = [ProbePrediction(True, None), ProbePrediction(False, 0.9), ProbePrediction(True, 0.2)]
    row = random_baseline(frames, probes, headline="cam", trials=2, seed=7)
    h = (np.abs(THETAS) > 90).astype(float)
    order = np.argsort(THETAS)  # the sorted frame keys: theta ascending
    rng = np.random.default_rng(7)
    accs, f1s = [], []
    for _ in range(2):
        p = np.empty(36)
        p[order] = rng.random(36)
        accs.append(np.mean((p > 0.5) == (h > 0.5)))
        absent, present_1, present_2 = rng.random(3) >= 0.5  # yes when p >= 0.5
        tp = int(present_1) + int(present_2)
        fn, fp = 2 - tp, int(absent)
        f1s.append(0.0 if tp == 0 else 2 * tp / (2 * tp + fp + fn))
    assert row.table5["acc"] == pytest.approx(np.mean(accs))
    assert row.table5["object_f1"] == pytest.approx(np.mean(f1s))
    assert (row.trials, row.seed, row.n_frames, row.headline) == (2, 7, 36, "cam")
    assert row.table5["sigma"] is None  # one variation in every trial
    assert row.table4 == {}  # no nop frames


def test_random_row_is_seeded_and_lands_on_chance() -> None:
    rng = np.random.default_rng(0)
    frames = [
        p
        for prompt in ("nop", "cam")
        for relation in ("infrontof", "behind", "totheleft", "totheright")
        for p in _curve(prompt, relation, rng.random(36))
    ]
    first = random_baseline(frames, headline="cam")
    assert (first.trials, first.seed) == (RANDOM_TRIALS, RANDOM_SEED) == (30, 0)
    assert random_baseline(frames, headline="cam") == first
    other = random_baseline(frames, headline="cam", seed=1)
    assert other.table5["acc"] != first.table5["acc"]
    # 30 trials x 144 frames: Acc within 4 standard errors of 1/2
    assert abs(first.table5["acc"] - 0.5) < 4 * math.sqrt(0.25 / (30 * 144))
    assert abs(first.table4["cam"].change("acc")) < 4 * math.sqrt(0.5 / (30 * 144))
    # runs on the same frames share one row, whatever their P(Yes)
    again = [
        FramePrediction(*(f.dataset, f.relation, f.variation, f.prompt, f.theta), 0.5)
        for f in frames
    ]
    assert shared_random_baseline(frames, [], headline="cam") is shared_random_baseline(
        again, [], headline="cam"
    )
    with pytest.raises(ValueError, match="trials must be at least 1"):
        random_baseline(frames, headline="cam", trials=0)


def _table(markdown: str, heading: str) -> list[list[str]]:
    block = markdown.split("## COMFORT-CAR", 1)[1].split(f"### {heading}", 1)[1]
    rows = [line for line in block.split("\n### ", 1)[0].splitlines() if line.startswith("| ")]
    return [[c.strip() for c in row.strip("|").split("|")] for row in rows[1:]]


def test_report_shows_table4_and_the_random_row_from_one_run(tmp_path: Path) -> None:
    """One COMFORT-CAR run asking all four prompts: Table 4's cells are the run's per-prompt
    numbers minus `nop`'s against the same frame (the preferred-FoR analysis scores `nop`
    against each frame), and Table 5 gets the random row."""
    logs = tmp_path / "logs"
    eval(
        comfort_car(source="demo", thetas=[-180, -90, 0, 90]),
        model="vpt_tasks/random",
        log_dir=str(logs),
        display="none",
    )
    assert main(["report", str(logs), "--out", str(tmp_path / "out")]) == 0
    markdown = (tmp_path / "out" / "report.md").read_text()
    from inspect_ai.log import list_eval_logs, read_eval_log

    (info,) = list_eval_logs(str(logs))
    numbers = log_details(read_eval_log(info.name, header_only=True))
    rows = _table(markdown, "Perspective prompts relative to `nop` (×100) — paper Table 4")
    frame_of = {"cam": "camera", "add": "addressee", "rel": "intrinsic"}
    metrics = ["acc", "eps_cos", "eps_hemi", "c_sym", "c_opp", "eta", "sigma"]
    seen = 0

    def value_and_nop(name: str, metric: str) -> tuple[float | None, float | None]:
        if name == "aggregated":  # the paper's Aggregated columns: the mean of the three
            pairs = [value_and_nop(p, metric) for p in frame_of]
            if any(v is None or n is None for v, n in pairs):
                return None, None
            return sum(v for v, _ in pairs) / 3, sum(n for _, n in pairs) / 3  # type: ignore[misc]
        value = numbers.get(f"{name}/{metric}")
        if metric in ("acc", "eps_cos", "eps_hemi"):
            return value, numbers.get(f"preferred_for/{frame_of[name]}/{metric}")
        return value, numbers.get(f"nop/{metric}")

    for model, prompt, *cells in rows:
        if model != "vpt_tasks/random":
            continue
        name = prompt.split()[0]
        for metric, cell in zip(metrics, cells, strict=True):
            value, nop = value_and_nop(name, metric)
            if value is None:
                assert cell == "–"
                continue
            change = round(100 * (value - nop), 1) or 0.0 if nop is not None else None
            expected = f"{100 * value:.1f} " + ("(–)" if change is None else f"({change:+.1f})")
            assert cell == expected, (name, metric)
            seen += 1
    assert seen == 4 * 5  # three prompts and aggregated; eta (4 frames) and sigma undefined
    table5 = _table(markdown, "Metrics (×100) — paper Table 5")
    (random_row,) = [row for row in table5 if row[0].startswith("Random")]
    assert random_row[:2] == [f"Random ({RANDOM_TRIALS} trials, seed {RANDOM_SEED})", "cam"]
    assert 30.0 < float(random_row[2]) < 70.0  # Acc of a random run
    assert "seed 0 (`numpy.random.default_rng`)" in markdown
    random_rows = [row for row in rows if row[0].startswith("Random")]
    assert [row[1] for row in random_rows] == [
        "cam (camera)",
        "add (addressee)",
        "rel (relatum)",
        "aggregated (mean of cam, rel, add)",
    ]

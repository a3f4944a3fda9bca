"""`vpt-tasks report` at scale (issue 24 §4): each log read once, lightly, one log's samples in
memory at a time; COMFORT's smoothness filter designed once."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from inspect_ai import eval
from inspect_ai.log import read_eval_log, write_eval_log
from scipy.signal import butter, filtfilt

import vpt_tasks.report.logs as logs_module
from vpt_tasks.cli import main
from vpt_tasks.comfort import curves
from vpt_tasks.comfort.task import comfort_ball, comfort_car

THETAS = [-180, -90, 0, 90]


@pytest.fixture(scope="module")
def log_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Five small COMFORT runs: BALL zero-shot and first-person (a paired comparison), two
    copies of the zero-shot one under other models, and a CAR run asking all four prompts."""
    folder = tmp_path_factory.mktemp("logs")
    runs = [
        comfort_ball(source="demo", thetas=THETAS),
        comfort_ball(source="demo", thetas=THETAS, solver="first_person"),
        comfort_car(source="demo", thetas=THETAS),
    ]
    made = [
        eval(task, model="vpt_tasks/random", log_dir=str(folder), display="none")[0]
        for task in runs
    ]
    full = read_eval_log(made[0].location)
    for i in range(2):  # the same run under other models, as a multi-model report has
        full.eval.model = f"vpt_tasks/random-{i}"
        full.eval.eval_id = f"{made[0].eval.eval_id}-{i}"
        full.eval.task_id = f"{made[0].eval.task_id}-{i}"
        write_eval_log(full, str(folder / f"copy-{i}.eval"))
    return folder


def _report(log_dir: Path, out: Path, monkeypatch: pytest.MonkeyPatch, keep: int) -> dict:
    """Run the report with at most `keep` sample scores kept; count reads and what was held."""
    logs_module.clear_caches()
    monkeypatch.setattr(logs_module, "_KEEP_SAMPLES", keep)
    reads: dict[str, int] = {}
    held: list[int] = []
    read = logs_module._read_sample_scores

    def counted(location: str, *args):
        reads[location] = reads.get(location, 0) + 1
        held.append(sum(len(kept) for kept in logs_module._kept.values()))
        return read(location, *args)

    def header_only(location, header_only: bool = False, **kwargs):
        assert header_only, "a log was read whole (with its messages, events and images)"
        return read_eval_log(location, header_only=True, **kwargs)

    monkeypatch.setattr(logs_module, "_read_sample_scores", counted)
    monkeypatch.setattr(logs_module, "read_eval_log", header_only)
    assert main(["report", str(log_dir), "--out", str(out)]) == 0
    return {"reads": reads, "held": held, "markdown": (out / "report.md").read_text()}


def test_each_log_is_read_once_and_lightly_with_one_log_in_memory(
    log_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # keep no more than one sample: every log's scores are dropped as soon as the next is read
    found = _report(log_dir, tmp_path / "small", monkeypatch, keep=1)
    assert len(found["reads"]) == 5
    assert set(found["reads"].values()) == {1}, found["reads"]
    largest = 4 * 4 * 2 * 4  # the CAR run: 4 prompts x 4 relations x 2 facings x 4 angles
    assert max(found["held"]) <= largest  # never two logs' scores at once
    markdown = found["markdown"]
    assert "## Paired comparison: first person vs zero shot" in markdown  # paired units kept
    assert "paper Table 4" in markdown and "Random (30 trials, seed 0)" in markdown
    assert markdown.count("![P(Yes) curves") == 5
    # the same report when everything fits in memory: nothing depends on what was kept
    again = _report(log_dir, tmp_path / "large", monkeypatch, keep=10**6)
    assert set(again["reads"].values()) == {1}
    assert again["markdown"] == markdown
    logs_module.clear_caches()


def test_a_changed_log_is_read_again(
    log_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What is kept per log is keyed by the file as it is: a rewritten log is not served stale."""
    copy = tmp_path / "logs" / "one.eval"
    copy.parent.mkdir()
    copy.write_bytes((log_dir / "copy-0.eval").read_bytes())
    log = read_eval_log(str(copy), header_only=True)
    logs_module.clear_caches()
    before = logs_module.log_details(log)
    assert logs_module.log_details(log) == before
    full = read_eval_log(str(copy))
    for sample in full.samples or []:
        for score in (sample.scores or {}).values():
            score.value = 1.0  # every frame now says yes
    write_eval_log(full, str(copy))
    after = logs_module.log_details(read_eval_log(str(copy), header_only=True))
    assert after["c_opp"] == before["c_opp"]  # the printed metrics are the log's header
    # the details are the new samples': always yes, c_opp 100 (acceptance.md)
    assert before["c_opp/infrontof"] < 0.99 and after["c_opp/infrontof"] == 1.0
    logs_module.clear_caches()


def test_the_smoothness_filter_is_designed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import scipy.signal

    designed = []

    def counting_butter(*args, **kwargs):
        designed.append(args)
        return butter(*args, **kwargs)

    curves._butterworth.cache_clear()
    monkeypatch.setattr(scipy.signal, "butter", counting_butter)
    rng = np.random.default_rng(0)
    values = [curves.smoothness(p) for p in rng.random((20, 36))]
    assert designed == [(5, 0.2)]
    b, a = butter(5, 0.2)  # the same value as a filter designed for each curve
    expected = [
        float(np.sqrt(np.mean((p - filtfilt(b, a, p)) ** 2)))
        for p in np.random.default_rng(0).random((20, 36))
    ]
    assert values == pytest.approx(expected, abs=1e-15)
    coefficients = curves._butterworth()
    with pytest.raises(ValueError, match="read-only"):
        coefficients[0][0] = 1.0
    curves._butterworth.cache_clear()

"""`vpt-tasks report` on a sampled COMFORT run beside a log-probability run: each run's method,
the sampled run's intervals, and the warning that the two are not the same estimator."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from inspect_ai import eval as inspect_eval

from tests.fakes.openai_server import OpenAIServer, sampled_yes_no
from vpt_tasks.comfort.report import sampling_lines, with_method
from vpt_tasks.report.logs import fmt, log_details

pytestmark = pytest.mark.xdist_group("comfort_sampling_report")


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("logs")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LOCAL_API_KEY", "x")
        for logprobs, probability in (("send", "logprobs"), ("ignore", "auto")):
            with OpenAIServer(sampled_yes_no(0.7, unread=0.2), logprobs=logprobs) as server:
                [log] = inspect_eval(
                    "vpt_tasks/comfort_ball",
                    task_args={"source": "demo", "probability": probability, "samples_per_frame": 8}
                    if probability == "auto"
                    else {"source": "demo", "probability": probability},
                    model="openai-api/local/test-model",
                    model_base_url=server.base_url,
                    log_dir=str(folder),
                    display="none",
                )
                assert log.status == "success", log.error
    return folder


def test_the_report_marks_each_runs_method_and_shows_the_intervals(
    logs: Path, tmp_path: Path
) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "vpt_tasks.cli", "report", str(logs), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
        env={"HF_HUB_OFFLINE": "1", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    report = (tmp_path / "report.md").read_text()
    section = report.split("### How P(Yes) was obtained", 1)[1].split("\n### ", 1)[0]
    methods = section.split("\n\n", 2)[1]  # the first table: one row per run
    rows = [line for line in methods.splitlines() if line.startswith("| openai-api")]
    assert len(rows) == 2
    sampled = next(r for r in rows if "[sampled (K = 8)]" in r)
    cells = [c.strip() for c in sampled.strip("|").split("|")]
    assert cells[1:4] == ["sampled (K = 8)", "8", "100.0"]
    assert float(cells[4]) > 0  # replies without a Yes or No, counted
    assert int(cells[5]) >= 1  # P(Yes) 0.7 everywhere: flat curves, within their noise
    assert any("| log-probabilities | – |" in r for r in rows)
    assert "not the same estimator" in section
    # every table labels the sampled run with its method
    assert report.count("[sampled (K = 8)]") >= 3
    # the sampled run's Table 5 metrics: value (corrected) [low, high]
    interval_rows = [
        r for r in section.splitlines() if r.startswith("| ") and "[" in r and "(" in r
    ]
    cell = re.compile(r"\d+\.\d \(\d+\.\d\) \[\d+\.\d, \d+\.\d\]")
    assert interval_rows and len(cell.findall(interval_rows[-1])) >= 6


def test_log_probability_runs_get_no_block_and_keep_their_labels(logs: Path) -> None:
    from inspect_ai.log import list_eval_logs, read_eval_log

    runs = [read_eval_log(info.name, header_only=True) for info in list_eval_logs(str(logs))]
    logprob = next(r for r in runs if r.eval.metadata["probability_method"] == "logprobs")
    details = log_details(logprob)
    assert sampling_lines(["m"], [logprob], [details]) == []
    assert with_method("m", details, logprob) == "m"
    sampled = next(r for r in runs if r.eval.metadata["probability_method"] == "auto")
    values = log_details(sampled)
    lines = sampling_lines(["s"], [sampled], [values])
    assert "| s | sampled (K = 8) | 8 | 100.0 |" in "\n".join(lines)
    assert f"{fmt(values['acc'])} (" in lines[-1]

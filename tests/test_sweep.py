"""An evaluation sweep: every task × three served models through `examples/sweep.py`, then a report.

Three local OpenAI-compatible servers stand in for three models served by
vLLM on three nodes (`openai-api/local/<name>=<base url>`). Each answers
with first-token log-probabilities when asked for them (COMFORT) and with a
short answer otherwise. The sweep runs `inspect_ai.eval_set` over the demo
data of every task (8 samples each), is run a second time to check that
it resumes instead of redoing, and `vpt-tasks report` must then report every
task for every model.
"""

from __future__ import annotations

import importlib.util
import re
from contextlib import ExitStack
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from tests.fakes.openai_server import OpenAIServer, Reply
from vpt_tasks.benchmarks import task_entries
from vpt_tasks.cli import main

ROOT = Path(__file__).resolve().parents[1]
MODELS = ("alpha", "beta", "gamma")


def load_sweep() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sweep_example", ROOT / "examples" / "sweep.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def answer(p_yes: float):
    """A model that says Yes with probability `p_yes` (with logprobs) or picks option A."""

    def respond(request: dict[str, Any]) -> Reply:
        import math

        if request.get("logprobs"):
            return Reply(
                "Yes" if p_yes >= 0.5 else "No",
                top_logprobs=[("Yes", math.log(p_yes)), ("No", math.log(1 - p_yes))],
            )
        return Reply("A. North")

    return respond


def test_every_task_times_three_models_sweep_and_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    sweep = load_sweep()
    tasks = [entry.name for _, entry in task_entries()]
    assert len(tasks) == 8 and sweep.all_tasks() == tasks
    log_dir = tmp_path / "logs"
    with ExitStack() as stack:
        servers = [
            stack.enter_context(OpenAIServer(answer(p), models=[name]))
            for name, p in zip(MODELS, (0.8, 0.5, 0.2), strict=True)
        ]
        argv = ["--log-dir", str(log_dir), "--source", "demo", "--limit", "8"]
        for name, server in zip(MODELS, servers, strict=True):
            argv += ["--model", f"openai-api/local/{name}={server.base_url}"]
        argv += ["--max-connections", "8", "--display", "none"]
        assert sweep.main(argv) == 0
        requests = [len(server.requests) for server in servers]
        assert all(count > 0 for count in requests)

        # the same command again: every task × model is finished, nothing is asked again
        assert sweep.main(argv) == 0
        assert [len(server.requests) for server in servers] == requests

    logs = [read_eval_log(info.name, header_only=True) for info in list_eval_logs(str(log_dir))]
    grid = {(log.eval.task.split("/")[-1], log.eval.model) for log in logs}
    expected = {(task, f"openai-api/local/{name}") for task in tasks for name in MODELS}
    assert grid == expected and len(logs) == len(tasks) * len(MODELS)
    assert all(log.status == "success" for log in logs)

    out = tmp_path / "report"
    capsys.readouterr()
    assert main(["report", str(log_dir), "--out", str(out)]) == 0
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "Skipped logs" not in report
    sections = _sections(report)
    for _, entry in task_entries():
        (section,) = [text for title, text in sections.items() if _names(title, entry.title)]
        for name in MODELS:
            assert f"openai-api/local/{name}" in section, (entry.name, name)
        # provenance in every section: data source, package and task version, date per column
        runs = section.split("Runs (where each column comes from):", 1)
        assert len(runs) == 2, f"{entry.title}: no Runs table"
        rows = [line for line in runs[1].strip().splitlines()[2:] if line.startswith("|")]
        assert len(rows) >= len(MODELS) and all("demo" in row for row in rows[: len(MODELS)])


def _names(heading: str, title: str) -> bool:
    """Whether a report heading is the section of the task titled `title`."""
    return heading == title or heading.startswith(f"{title} (")


def _sections(report: str) -> dict[str, str]:
    """`## ` headings of the report and the text under each."""
    parts = re.split(r"^## (.+)$", report, flags=re.MULTILINE)
    return {parts[i].strip(): parts[i + 1] for i in range(1, len(parts) - 1, 2)}

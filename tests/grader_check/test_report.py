"""`vpt-tasks report` with a grader_check log: per run that used the checked grader, the expected
reading errors in its headline; per run, the samples a grader reply left in error.

The grader is the local OpenAI server under one model name in every log: a grader_check
run where it reads four two-option answers wrongly, and an Isle-Bricks v1 run where it
maps every answer and gives one empty reply (that sample errors, the run finishes).
The report runs in a fresh process, as a user types it.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.model import GenerateConfig, get_model

from tests.fakes.grader_replies import WRONG, adversarial_reply, faithful
from tests.fakes.openai_server import OpenAIServer, Reply, last_user_text
from tests.grader_check.conftest import component_pool
from tests.grader_check.conftest import report as run_report
from vpt_tasks.grader_check.metrics import details
from vpt_tasks.report.logs import sample_scores

GRADER = "openai-api/local/grader"
WRONGLY_READ = 4
"""Two-option answers the checked grader reads wrongly."""


def _grader(server: OpenAIServer):
    return get_model(
        GRADER,
        base_url=server.base_url,
        api_key="x",
        config=GenerateConfig(max_retries=0),
        memoize=False,
    )


class OneEmptyReply:
    """Maps every Isle v1 answer to "No", except one empty reply (its sample errors)."""

    def __init__(self) -> None:
        self.lock, self.given = threading.Lock(), False

    def __call__(self, request: dict[str, Any]) -> Reply | str:
        json.loads(last_user_text(request))  # the Isle v1 grader document
        with self.lock:
            if not self.given:
                self.given = True
                return Reply("")
        return "No"


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory, samples: list[Any]) -> Path:
    folder = tmp_path_factory.mktemp("grader_logs")
    recording = faithful(samples)
    two = [s for s in samples if s.metadata["answer_kind"] == "two_options"]
    clear = [s for s in two if s.metadata["label_class"] == "clear"][:WRONGLY_READ]
    for sample in clear:
        recording.replies[str(sample.id)] = adversarial_reply(
            sample.metadata, WRONG, component_pool(sample.metadata)
        )
    with OpenAIServer(recording) as server:
        eval("vpt_tasks/grader_check", model=_grader(server), log_dir=str(folder), display="none")
    with OpenAIServer(OneEmptyReply()) as server:
        (run,) = eval(
            "vpt_tasks/isle_brick_v1",
            task_args={"source": "demo", "grader": "llm"},
            model=get_model("vpt_tasks/constant", answer="B", memoize=False),
            model_roles={"grader": _grader(server)},
            log_dir=str(folder),
            display="none",
        )
    assert run.status == "success" and sum(s.error is not None for s in run.samples) == 1
    return folder


def _section(report: str) -> str:
    return report.split("## Reading errors expected from the grader", 1)[1].split("\n## ", 1)[0]


def test_the_report_gives_expected_reading_errors_and_errored_samples(
    logs: Path, tmp_path: Path
) -> None:
    from inspect_ai.log import list_eval_logs, read_eval_log

    check = next(
        log
        for info in list_eval_logs(str(logs))
        if (log := read_eval_log(info.name, header_only=True)).eval.task.endswith("grader_check")
    )
    values = details(sample_scores(check))
    assert values["wrong_two_options"] == WRONGLY_READ
    rate = values["confident_wrong_two_options"]
    low, high = (
        values["confident_wrong_two_options_low"],
        values["confident_wrong_two_options_high"],
    )
    report = run_report(logs, tmp_path / "report")
    section = _section(report)
    [row] = [line for line in section.splitlines() if line.startswith("| isle_brick_v1 |")]
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    # task, model, grader, errored samples, expected reading errors
    assert cells[:4] == ["isle_brick_v1", "vpt_tasks/constant", GRADER, "1"]
    decided = 31  # 32 samples, one errored: the grader read every other answer
    assert cells[4] == (
        f"two options: {decided}: {decided * rate:.1f} ({decided * low:.1f}–{decided * high:.1f}; "
        f"rate {100 * rate:.1f}% of {int(values['decided_two_options'])} checked)"
    )
    # the grader check's own section
    assert "## Grader check" in report and "| openai-api/local/grader (two options) |" in report


def test_a_grader_without_a_check_is_named_with_the_command(logs: Path, tmp_path: Path) -> None:
    only_the_run = tmp_path / "logs"
    only_the_run.mkdir()
    for log in logs.iterdir():
        if "grader-check" not in log.name:
            (only_the_run / log.name).write_bytes(log.read_bytes())
    section = _section(run_report(only_the_run, tmp_path / "report"))
    assert "two options: 31 (grader not checked)" in section
    assert "No grader_check log of openai-api/local/grader" in section
    assert "inspect eval vpt_tasks/grader_check --model <grader>" in section


def test_the_report_says_which_grader_mode_reads_more_precisely(logs: Path, tmp_path: Path) -> None:
    """Issue 31 §1: the rules decide alone only bare answers (`-T grader=narrow`) where the
    check shows the grader more precise than the rules; here the checked grader read four
    two-option answers wrongly, far above the rules' 91 in 22,440: keep `auto`."""
    section = _section(run_report(logs, tmp_path / "report"))
    assert "### Which `-T grader=` for these graders" in section
    [row] = [
        line for line in section.splitlines() if line.startswith(f"| {GRADER} | two options |")
    ]
    assert "0.4% (91 of 22440)" in row and "`-T grader=auto`" in row


@pytest.mark.parametrize(
    ("rate", "rules", "mode"),
    [
        ((0.0, 0.0, 0.01, 300), 0.046, "narrow"),  # surely more precise than the rules
        ((0.1, 0.06, 0.15, 150), 0.046, "auto"),  # surely less
        ((0.0, 0.0, 0.088, 40), 0.004, "undetermined"),  # 0 of 40 cannot tell 0.4% apart
    ],
)
def test_advice(rate: tuple[float, float, float, int], rules: float, mode: str) -> None:
    from vpt_tasks.grader_check.calibration import advice

    assert advice(rate, rules) == mode

"""`vpt-tasks report` gives, per run whose answers the rules read, the reading errors expected
from the rules: answers of the kind x the rules' out-of-sample rate per answer
(`rules_first_runs` of task_configs/grader_check.yaml), with its exact interval. The model
under test is the local OpenAI server answering in free text; the report runs in a fresh
process, as a user types it."""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai import eval
from inspect_ai.model import GenerateConfig, get_model

from tests.fakes.openai_server import OpenAIServer
from tests.grader_check.conftest import report
from vpt_tasks.grader_check.metrics import proportion_interval
from vpt_tasks.grader_check.spec import load_spec

MODEL = "openai-api/local/free-text"


def _row(report: str, task: str) -> list[str]:
    section = report.split("## Reading errors expected from the rules", 1)[1].split("\n## ")[0]
    [row] = [line for line in section.splitlines() if line.startswith(f"| {task} |")]
    return [cell.strip() for cell in row.strip("|").split("|")]


@pytest.mark.parametrize("mode", ["auto", "rules"])
def test_the_report_gives_the_rules_expected_reading_errors(tmp_path: Path, mode: str) -> None:
    with OpenAIServer(lambda request: "Looking at the picture, the answer is B.") as server:
        model = get_model(
            MODEL, base_url=server.base_url, api_key="x", config=GenerateConfig(max_retries=0)
        )
        (run,) = eval(
            "vpt_tasks/isle_brick_v1",
            task_args={"source": "demo", "grader": mode},
            model=model,
            log_dir=str(tmp_path / "logs"),
            display="none",
        )
    assert run.status == "success"
    answers = len(run.samples or [])
    cells = _row(report(tmp_path / "logs", tmp_path / "report"), "isle_brick_v1")
    assert cells[:4] == ["isle_brick_v1", MODEL, "two options", f"{answers} of {answers}"]
    first = load_spec().rules_first_runs.two_options
    low, high = proportion_interval(first.wrong, first.answers, load_spec().confidence)
    assert cells[4] == (
        f"{answers * first.rate:.1f} ({answers * low:.1f}–{answers * high:.1f}; "
        f"{first.wrong} in {first.answers:,} held-out answers)"
    )


def test_a_run_whose_grader_read_every_answer_expects_none_from_the_rules(tmp_path: Path) -> None:
    with (
        OpenAIServer(lambda request: "The answer is B.") as answers,
        OpenAIServer(lambda request: "No") as grader,
    ):
        eval(
            "vpt_tasks/isle_brick_v1",
            task_args={"source": "demo", "grader": "llm"},
            model=get_model(MODEL, base_url=answers.base_url, api_key="x"),
            model_roles={
                "grader": get_model(
                    "openai-api/local/grader", base_url=grader.base_url, api_key="x"
                )
            },
            log_dir=str(tmp_path / "logs"),
            display="none",
        )
    cells = _row(report(tmp_path / "logs", tmp_path / "report"), "isle_brick_v1")
    assert cells[3].startswith("0 of ") and cells[4] == "none: the rules decided no answer"

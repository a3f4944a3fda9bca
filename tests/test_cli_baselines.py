"""The baseline models as typed in a shell: `--model vpt_tasks/constant -M answer="..."`."""

from __future__ import annotations

from pathlib import Path

from inspect_ai.log import list_eval_logs, read_eval_log

from tests.conftest import inspect_cli

ANSWER = "From my perspective, the object is to my left."


def test_a_constant_answer_with_commas_is_answered_as_typed(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    result = inspect_cli(
        "eval", "vpt_tasks/isle_brick_v1", "-T", "source=demo", "-T", "grader=rules",
        "--model", "vpt_tasks/constant", "-M", f"answer={ANSWER}", "--limit", "2",
        "--log-dir", str(logs), cwd=tmp_path,
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-3000:]
    # said before the run, calmly (no warning box): what it will answer
    assert f"vpt_tasks/constant answers every question with: {ANSWER!r}" in output
    assert "WARNING" not in output
    [info] = list_eval_logs(str(logs))
    log = read_eval_log(info.name)
    assert [sample.output.completion for sample in log.samples] == [ANSWER, ANSWER]

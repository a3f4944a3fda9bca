"""`-T grader=narrow` from a fresh shell: the rules decide alone only bare answers, the grader
reads the rest (issue 31 §1's "two modes"), against local OpenAI-compatible servers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from tests.fakes.openai_server import OpenAIServer, last_user_text
from vpt_tasks.scorers.reading import bare_answer, prepare

LONG = (
    "Looking at the picture, the figure is turned toward it and nothing stands in the way, "
    "so yes, it can see it."
)


def _evaluated(request: dict) -> str:
    """A bare letter for the questions about some objects, a reasoned answer for the rest."""
    return "A" if len(last_user_text(request)) % 2 else LONG


def _run(mode: str, tmp_path: Path) -> dict[str, tuple[str, dict]]:
    logs = tmp_path / mode
    with (
        OpenAIServer(_evaluated, models=("vlm",)) as vlm,
        OpenAIServer(lambda request: "Unknown", models=("grader",)) as grader,
    ):
        env = {
            **os.environ,
            "VLM_BASE_URL": vlm.base_url,
            "VLM_API_KEY": "x",
            "GRADE_BASE_URL": grader.base_url,
            "GRADE_API_KEY": "x",
            "INSPECT_DISPLAY": "plain",
            "NO_COLOR": "1",
        }
        done = subprocess.run(
            [sys.executable, "-m", "inspect_ai", "eval", "vpt_tasks/isle_brick_v1"]
            + ["-T", "source=demo", "-T", f"grader={mode}", "--model", "openai-api/vlm/vlm"]
            + ["--model-role", "grader=openai-api/grade/grader", "--log-dir", str(logs)]
            + ["--max-retries", "0"],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
    assert done.returncode == 0, done.stdout + done.stderr
    log = read_eval_log(list_eval_logs(str(logs))[0])
    return {
        str(s.id): (s.output.completion, s.scores["option_mapping"].metadata)
        for s in log.samples or []
    }


def test_narrow_sends_every_answer_but_a_bare_one_to_the_grader(tmp_path: Path) -> None:
    assert bare_answer(prepare("A")) and not bare_answer(prepare(LONG))
    narrow, auto = _run("narrow", tmp_path), _run("auto", tmp_path)
    bare = {i for i, (answer, _) in auto.items() if answer == "A"}
    reasoned = {i for i, (answer, _) in auto.items() if answer == LONG}
    assert bare and reasoned and bare | reasoned == set(auto) == set(narrow)
    # auto: the rules read the reasoned answers too; narrow: the grader reads them
    assert {auto[i][1]["decided_by"] for i in reasoned} == {"rules"}
    assert {narrow[i][1]["decided_by"] for i in reasoned} == {"grader"}
    assert {narrow[i][1]["reading"] for i in reasoned} == {"Z"}  # the grader's "Unknown"
    assert [narrow[i][1]["rules_reading"] for i in sorted(reasoned)] == [
        auto[i][1]["reading"] for i in sorted(reasoned)
    ]
    assert {narrow[i][1]["decided_by"] for i in bare} == {"rules"}


def test_narrow_needs_a_grader(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "inspect_ai", "eval", "vpt_tasks/isle_brick_v1"]
        + ["-T", "source=demo", "-T", "grader=narrow", "--model", "vpt_tasks/random"]
        + ["--log-dir", str(tmp_path)],
        env={**os.environ, "INSPECT_DISPLAY": "plain", "NO_COLOR": "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    printed = done.stdout + done.stderr
    assert done.returncode != 0 and "Traceback" not in printed, printed
    assert "-T grader=narrow needs a grader model" in printed


@pytest.mark.parametrize(
    ("answer", "bare"),
    [
        ("B", True),
        ("(B) behind him", True),
        ("No, it cannot.", True),
        ("North-east.", True),
        ("The figure faces the wall, so the cup is behind it.\nAnswer: B", True),
        ("The answer is B because the figure faces the wall and the cup is behind it.", False),
        ("Answer: A\nOn reflection the figure faces away.\nFinal answer: B", False),
        ("I think the answer might be B, but the picture is not clear enough to say.", False),
        ("", False),
    ],
)
def test_bare_answer(answer: str, bare: bool) -> None:
    assert bare_answer(prepare(answer)) is bare

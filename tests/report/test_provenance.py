"""Where each column comes from: the Runs table and report.json name the model, its roles
(the grader), the data, the arguments as given (ignored ones apart), the samples and the
date; labels are unique and tell runs apart by what differs."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from inspect_ai import eval
from inspect_ai.model import get_model

from vpt_tasks.cli import main
from vpt_tasks.report.provenance import Coverage, model_labels

pytestmark = pytest.mark.xdist_group("report_provenance")


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Isle-Bricks v1 demo runs of one model: two that differ only in their grader model, and
    one with a misspelt argument (warned about and ignored)."""
    folder = tmp_path_factory.mktemp("provenance")
    for grader in ("vpt_tasks/always_yes", get_model("vpt_tasks/constant", answer="A")):
        eval(
            "vpt_tasks/isle_brick_v1",
            task_args={"source": "demo"},
            model="vpt_tasks/random",
            model_roles={"grader": grader},
            log_dir=str(folder),
            display="none",
        )
    eval(
        "vpt_tasks/isle_dots",
        task_args={"source": "demo", "sovler": "cot"},
        model="vpt_tasks/random",
        log_dir=str(folder),
        display="none",
    )
    return folder


def _runs_table(markdown: str, section: str) -> list[dict[str, str]]:
    text = markdown.split(f"## {section}\n", 1)[1].split("Runs (where each column comes from):")[1]
    rows = [line for line in text.strip().split("\n\n")[0].splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in rows[0].strip("|").split("|")]
    return [
        dict(zip(header, (cell.strip() for cell in row.strip("|").split("|")), strict=True))
        for row in rows[2:]
    ]


def test_runs_differing_only_in_their_grader_get_different_labels(
    logs: Path, tmp_path: Path
) -> None:
    assert main(["report", str(logs), "--out", str(tmp_path)]) == 0
    markdown = (tmp_path / "report.md").read_text()
    runs = _runs_table(markdown, "Isle-Bricks v1")
    assert [run["grader model"] for run in runs] == [
        "vpt_tasks/always_yes",
        "vpt_tasks/constant -M answer=A",
    ]
    labels = [run["label"] for run in runs]
    assert labels == [
        "vpt_tasks/random (grader model=vpt_tasks/always_yes)",
        "vpt_tasks/random (grader model=vpt_tasks/constant -M answer=A)",
    ]
    assert all(run["samples scored"] == "32" and run["data source"] == "demo" for run in runs)
    assert all(run["task arguments (as given)"] == "defaults" for run in runs)
    numbers = json.loads((tmp_path / "report.json").read_text())
    v1 = [r for r in numbers if r["task"] == "isle_brick_v1"]
    assert [r["grader_model"] for r in v1] == [
        "vpt_tasks/always_yes",
        "vpt_tasks/constant -M answer=A",
    ]
    assert [r["label"] for r in v1] == labels
    assert all(
        r["samples"] == {"scored": 32, "total": 32, "partial": False, "selection": None} for r in v1
    )
    # counts are integers, rates are not
    assert all(isinstance(r["metrics"]["decided_by_rules"], int) for r in v1)
    assert all(isinstance(r["metrics"]["accuracy"], float) for r in v1)


def test_an_ignored_argument_is_shown_apart_and_not_in_the_label(
    logs: Path, tmp_path: Path
) -> None:
    assert main(["report", str(logs), "--out", str(tmp_path)]) == 0
    markdown = (tmp_path / "report.md").read_text()
    [run] = _runs_table(markdown, "Isle-Dots")
    assert run["label"] == "vpt_tasks/random" and run["grader model"] == "–"
    assert run["ignored (not arguments of the task)"] == "sovler=cot"
    assert run["task arguments (as given)"] == "defaults"
    [record] = [
        r for r in json.loads((tmp_path / "report.json").read_text()) if r["task"] == "isle_dots"
    ]
    assert record["ignored_args"] == {"sovler": "cot"} and record["grader_model"] is None


def _fake(model: str, created: str = "2026-01-02T03:04:05", completed: int = 10, **task_args):
    return SimpleNamespace(
        eval=SimpleNamespace(
            model=model,
            task_args=task_args,
            created=created,
            metadata={"source": {"kind": "demo"}},
            dataset=SimpleNamespace(samples=10),
            config=SimpleNamespace(epochs=1, limit=None if completed == 10 else completed),
        ),
        results=SimpleNamespace(completed_samples=completed),
    )


def test_labels_are_unique_and_mark_partial_runs() -> None:
    logs = [
        _fake("m/a"),
        _fake("m/a", completed=4),
        _fake("m/a", created="2026-01-02T05:00:00"),
        _fake("m/a", created="2026-01-02T05:00:00"),
    ]
    labels = model_labels(logs)
    assert len(set(labels)) == len(labels)
    assert labels[1] == "m/a (4 of 10 samples)"
    assert labels[0] == "m/a (2026-01-02 03:04)"
    assert labels[2:] == ["m/a (2026-01-02 05:00, #1)", "m/a (2026-01-02 05:00, #2)"]


def test_coverage_says_how_a_run_chose_fewer_samples() -> None:
    assert Coverage(4, 56, "--limit 4").describe() == "4 of 56 (--limit 4)"
    assert Coverage(56, 56).describe() == "56" and not Coverage(56, 56).partial
    assert Coverage(50, 56).describe() == "50 of 56"  # errored samples, no selection


def test_an_ignored_argument_never_tells_runs_apart() -> None:
    """`-T sovler=cot` (warned about, ignored) is in the log's task arguments, not in labels."""
    typo, plain = _fake("m/a", solver="zero_shot", sovler="cot"), _fake("m/a", solver="cot")
    typo.eval.metadata["ignored_args"] = ["sovler"]
    assert model_labels([typo, plain]) == ["m/a (solver=zero_shot)", "m/a (solver=cot)"]

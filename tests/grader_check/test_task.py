"""`vpt_tasks/grader_check` against recorded replies of a fake grader (the local OpenAI server).

A faithful recording agrees with every label; an adversarial one -- a wrong option, a
reply outside the vocabulary, the label negated ("not left"), an empty reply -- is reported
as confident-wrong, undecided and errored, each exactly where it was given.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import list_eval_logs, read_eval_log
from inspect_ai.model import get_model

from tests.conftest import inspect_cli
from tests.fakes.grader_replies import adversarial, expected_outcomes, faithful
from tests.fakes.openai_server import OpenAIServer
from tests.grader_check.conftest import component_pool
from tests.helpers import metrics
from vpt_tasks.grader_check.metrics import details
from vpt_tasks.report.logs import sample_scores


def _grader(server: OpenAIServer):
    return get_model(
        "openai-api/local/grader", base_url=server.base_url, api_key="x", memoize=False
    )


def _run(tmp_path: Path, responder: Any, **task_args: Any):
    with OpenAIServer(responder) as server:
        (log,) = eval(
            "vpt_tasks/grader_check",
            task_args=task_args,
            model=_grader(server),
            log_dir=str(tmp_path),
            display="none",
        )
    return log


def test_the_bundled_answers_cover_every_kind(samples: list[Any]) -> None:
    kinds = Counter(s.metadata["answer_kind"] for s in samples)
    assert kinds == {"two_options": 40, "four_options": 40, "components": 40}
    labels = Counter((s.metadata["answer_kind"], s.metadata["label_class"]) for s in samples)
    assert all(labels[(kind, "ambiguous")] >= 8 for kind in kinds)
    assert {s.metadata["language"] for s in samples} > {"", "zh", "de"}


def test_a_faithful_grader_agrees_with_every_label(tmp_path: Path, samples: list[Any]) -> None:
    recording = faithful(samples)
    log = _run(tmp_path, recording)
    assert log.status == "success" and all(s.error is None for s in log.samples)
    values = metrics(log)
    assert values["agreement"] == 1.0
    assert values["wrong"] == 0 and values["confident_wrong"] == 0.0
    assert values["confident_wrong_low"] == 0.0 and 0.0 < values["confident_wrong_high"] < 0.05
    assert values["abstention"] == 0.0  # the ambiguous answers left undecided are right
    everything = details(sample_scores(log))
    for kind in ("two_options", "four_options", "components"):
        assert everything[f"agreement_{kind}"] == 1.0
        assert everything[f"wrong_{kind}"] == 0
    assert everything["agreement_lang_zh"] == 1.0 and everything["answers_lang_unmarked"] > 80
    # one call per answer; the judge asked again (3 tries in all) only where it named nothing
    for sample in samples:
        tries = (
            3
            if sample.metadata["answer_kind"] == "four_options"
            and (sample.metadata["label_class"] == "ambiguous")
            else 1
        )
        assert recording.asked[str(sample.id)] == tries, sample.id


def test_an_adversarial_grader_is_reported_as_wrong_undecided_and_errored(
    tmp_path: Path, samples: list[Any]
) -> None:
    log = _run(tmp_path, adversarial(samples, component_pool))
    expected = expected_outcomes(samples)
    got = {}
    for sample in log.samples:
        if sample.error is not None:
            assert "is empty" in sample.error.message and "eval-retry" in sample.error.message
            got[str(sample.id)] = "error"
        else:
            got[str(sample.id)] = sample.scores["grader_agreement"].metadata["outcome"]
    assert got == expected
    counts = Counter(expected.values())
    # a quarter of the answers errored: the run went on to the end and is marked error
    # (at least 10% of its samples), so that `vpt-tasks report` asks for `eval-retry`
    assert log.status == "error" and log.results is not None
    assert log.results.completed_samples == len(samples) - counts["error"]
    values = metrics(log)
    assert values["agreement"] == 0.0
    assert values["wrong"] == counts["wrong"] and values["confident_wrong"] == 1.0
    clear = [s for s in log.samples if s.error is None and s.metadata["label_class"] == "clear"]
    undecided = sum(expected[str(s.id)] == "undecided" for s in clear)
    assert values["abstention"] == pytest.approx(undecided / len(clear))
    # what each reply was: the negated label is no reading, never the label
    negated = [
        s
        for s in log.samples
        if s.error is None
        and "not " in s.scores["grader_agreement"].metadata["grader_reply"].lower()
    ]
    assert negated and all(
        s.scores["grader_agreement"].metadata["why"].startswith("grader_unreadable (")
        for s in negated
    )


def test_kinds_can_be_chosen(tmp_path: Path, samples: list[Any]) -> None:
    log = _run(tmp_path, faithful(samples), kinds="four_options")
    assert len(log.samples) == 40
    assert {s.metadata["answer_kind"] for s in log.samples} == {"four_options"}
    assert log.eval.metadata["kinds"] == ["four_options"]


def test_inspect_eval_from_a_shell_against_the_fake_grader(
    tmp_path: Path, samples: list[Any]
) -> None:
    with OpenAIServer(faithful(samples)) as server:
        result = inspect_cli(
            "eval",
            "vpt_tasks/grader_check",
            "--model",
            "openai-api/local/grader",
            "--model-base-url",
            server.base_url,
            "--log-dir",
            str(tmp_path / "logs"),
            "-M",
            "api_key=x",
            cwd=tmp_path,
        )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-3000:]
    assert "Traceback" not in output and "agreement" in output
    [info] = list_eval_logs(str(tmp_path / "logs"))
    log = read_eval_log(info.name, header_only=True)
    assert log.status == "success" and log.eval.model == "openai-api/local/grader"
    values = {name: m.value for s in log.results.scores for name, m in s.metrics.items()}
    assert values["agreement"] == 1.0 and values["wrong"] == 0
    assert next(iter(values)) == "agreement"  # the headline first


def test_a_bad_kind_is_refused_before_any_model_call(tmp_path: Path) -> None:
    result = inspect_cli(
        "eval",
        "vpt_tasks/grader_check",
        "-T",
        "kinds=comfort",
        "--model",
        "vpt_tasks/random",
        "--log-dir",
        str(tmp_path / "logs"),
        cwd=tmp_path,
    )
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "two_options, four_options, components" in output and "Traceback" not in output
    assert not (tmp_path / "logs").exists() or not list((tmp_path / "logs").iterdir())

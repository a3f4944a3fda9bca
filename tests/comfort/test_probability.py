"""`-T probability`: P(Yes) from log-probabilities, or from K sampled answers where there are none.

Against the local OpenAI-compatible server through Inspect's real `openai-api` provider: a
provider that returns log-probabilities (unchanged numbers), one that returns none (Anthropic's
case), one that rejects the request for them (OpenAI's reasoning models), one without
`num_choices`; and a model that both returns log-probabilities and samples from them, for the
convergence of the sampled metrics to the log-probability metrics.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import math
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from inspect_ai.log import EvalLog, read_eval_log

from tests.comfort.logprob_runs import SNAPSHOT, p_yes, run_all
from tests.conftest import inspect_cli
from tests.fakes.openai_server import OpenAIServer, sampled_yes_no, yes_no
from tests.helpers import metrics, run
from vpt_tasks.comfort import sampling
from vpt_tasks.comfort.geometry import soft_ground_truth
from vpt_tasks.comfort.metrics import (
    PRINTED_CURVE_METRICS,
    _detail_draws,
    complete_predictions,
    details,
)
from vpt_tasks.comfort.task import comfort_ball
from vpt_tasks.core.errors import TaskArgumentError
from vpt_tasks.report.logs import sample_scores
from vpt_tasks.scorers.sampled_yes_probability import DEFAULT_SAMPLES

MODEL = "openai-api/local/test-model"


@pytest.fixture(autouse=True)
def _key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOCAL_API_KEY", "x")


def _run(task: Any, server: OpenAIServer, tmp_path: Path) -> EvalLog:
    return run(task, MODEL, tmp_path, model_base_url=server.base_url)


def _scores(log: EvalLog) -> list[dict[str, Any]]:
    return [s.scores["yes_probability"].metadata for s in log.samples]  # type: ignore[union-attr]


# --------------------------------------------------------------------------
# a run with log-probabilities is unchanged


def test_log_probability_runs_give_the_numbers_they_gave_before() -> None:
    """The demo runs of tests/comfort/logprob_runs.py, every printed and detailed number
    identical to the code before `-T probability` (its default is now auto), and with
    `-T probability=logprobs`."""
    before = json.loads(SNAPSHOT.read_text())
    _same_numbers(run_all(), before)
    _same_numbers(
        run_all({"probability": "logprobs"}, names=["ball_code", "ball_cot"]),
        {name: before[name] for name in ("ball_code", "ball_cot")},
    )


def _same_numbers(now: dict, before: dict) -> None:
    """The same runs and metrics, every number equal to the last bits that numpy and scipy
    releases may round differently (1e-16 apart on a fresh install of 2026-11-29)."""
    assert now.keys() == before.keys()
    for name in before:
        assert now[name].keys() == before[name].keys(), name
        for key, value in before[name].items():
            if isinstance(value, float):
                assert now[name][key] == pytest.approx(value, rel=1e-12, abs=1e-15), (name, key)
            else:
                assert now[name][key] == value, (name, key)


def test_auto_sends_the_papers_request_and_records_the_method(tmp_path: Path) -> None:
    with OpenAIServer(yes_no(p_yes)) as server:
        log = _run(comfort_ball(source="demo", thetas=[-90, 0]), server, tmp_path)
        requests = server.requests
    assert len(requests) == len(log.samples) == 8
    for request in requests:
        assert (request["logprobs"], request["top_logprobs"], request["temperature"]) == (
            True,
            20,
            0.0,
        )
        assert "n" not in request
    assert {m["method"] for m in _scores(log)} == {"logprobs"}
    meta = log.eval.metadata or {}
    assert (meta["probability_method"], meta["samples_per_frame"]) == ("auto", DEFAULT_SAMPLES)
    values = metrics(log)
    assert "sampled_rate" not in values and not any("sampling" in k for k in values)


# --------------------------------------------------------------------------
# a provider without log-probabilities


def test_auto_samples_where_no_logprobs_come_back_and_says_so_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with (
        caplog.at_level(logging.WARNING),
        OpenAIServer(sampled_yes_no(0.7, unread=0.1), logprobs="ignore") as server,
    ):
        log = _run(comfort_ball(source="demo", samples_per_frame=6), server, tmp_path)
        requests = server.requests
    probes = [r for r in requests if r.get("logprobs")]
    sampled = [r for r in requests if not r.get("logprobs")]
    assert len(sampled) == len(log.samples) == 148  # one request of 6 choices each
    assert all((r["n"], r["temperature"]) == (6, 1.0) for r in sampled)
    assert all("top_logprobs" not in r for r in sampled)
    assert 1 <= len(probes) < len(log.samples)  # later questions skip the request for them
    scores = _scores(log)
    assert {m["method"] for m in scores} == {"sampled"}
    assert {m["sampled_because"] for m in scores} <= {"no logprobs", "no logprobs in this run"}
    assert all(m["n_yes"] + m["n_no"] + m["n_unread"] == 6 for m in scores)
    announced = [r for r in caplog.records if "returned no log-probabilities" in r.getMessage()]
    assert len(announced) == 1 and "6 answers at temperature 1" in announced[0].getMessage()
    assert "888 replies" in announced[0].getMessage()  # 148 questions x 6
    values = metrics(log)
    assert values["sampled_rate"] == 1.0 and values["samples_per_frame"] == 6
    for name in PRINTED_CURVE_METRICS:
        if name in values:
            low, high = values[f"{name}_sampling_ci_low"], values[f"{name}_sampling_ci_high"]
            assert 0.0 <= low <= high <= 1.0, name
            assert f"{name}_sampling_corrected" in values


def test_a_rejection_of_logprobs_turns_to_sampling(tmp_path: Path) -> None:
    with OpenAIServer(sampled_yes_no(0.3), logprobs="reject") as server:
        log = _run(comfort_ball(source="demo", thetas=[0], samples_per_frame=4), server, tmp_path)
        stats = server.stats
    assert log.status == "success" and stats.rejected_logprobs >= 1
    scores = _scores(log)
    assert {m["method"] for m in scores} == {"sampled"}
    assert "logprobs rejected" in {m["sampled_because"] for m in scores}
    assert all(m["n_yes"] + m["n_no"] == 4 for m in scores)


def test_a_provider_without_num_choices_is_asked_k_times_with_distinct_seeds(
    tmp_path: Path,
) -> None:
    with OpenAIServer(sampled_yes_no(0.5), logprobs="ignore", num_choices=False) as server:
        log = _run(
            comfort_ball(source="demo", thetas=[0], probability="sampled", samples_per_frame=5),
            server,
            tmp_path,
        )
        requests = server.requests
    assert len(requests) == 5 * len(log.samples) == 20
    assert {m["requests"] for m in _scores(log)} == {5}
    assert all(m["n_yes"] + m["n_no"] == 5 and m["n_missing"] == 0 for m in _scores(log))
    by_question: dict[str, list[int | None]] = {}
    for request in requests:
        key = json.dumps(request["messages"], sort_keys=True)
        by_question.setdefault(key, []).append(request.get("seed"))
    for seeds in by_question.values():
        assert seeds[0] is None and len(set(seeds)) == 5  # the first asks n; the rest differ


def test_sampled_never_asks_for_logprobs(tmp_path: Path) -> None:
    with OpenAIServer(sampled_yes_no(0.9)) as server:
        log = _run(
            comfort_ball(source="demo", thetas=[0, 90], probability="sampled", samples_per_frame=3),
            server,
            tmp_path,
        )
        requests = server.requests
    assert len(requests) == 8 and not any(r.get("logprobs") for r in requests)
    assert {m["sampled_because"] for m in _scores(log)} == {"asked"}
    assert log.eval.metadata["sampling_error"]["resamples"] == 200


def test_chain_of_thought_samples_the_final_turn(tmp_path: Path) -> None:
    with OpenAIServer(sampled_yes_no(0.6), logprobs="ignore") as server:
        log = _run(
            comfort_ball(source="demo", solver="cot", thetas=[0], samples_per_frame=4),
            server,
            tmp_path,
        )
    for sample in log.samples:
        calls = [e for e in sample.events if e.event == "model"]
        # the reasoning turn, then the final turn: (a request for log-probabilities), sampled
        assert calls[0].config.logprobs is None and calls[-1].config.num_choices == 4
        assert len(calls[-1].input) == len(calls[0].input) + 2  # + reasoning, + final question
        assert sample.scores["yes_probability"].metadata["method"] == "sampled"


def test_bad_probability_arguments_fail_before_any_model_call() -> None:
    with pytest.raises(TaskArgumentError, match="auto, logprobs, sampled"):
        comfort_ball(source="demo", probability="sometimes")
    with pytest.raises(TaskArgumentError, match="must be at least 2"):
        comfort_ball(source="demo", samples_per_frame=1)
    with pytest.raises(TaskArgumentError, match="has no effect with -T probability=logprobs"):
        comfort_ball(source="demo", probability="logprobs", samples_per_frame=10)


def test_the_task_states_its_requests_before_it_runs(
    caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    with caplog.at_level(logging.INFO):
        comfort_ball(source="demo", probability="sampled", samples_per_frame=10)
        comfort_ball(source="demo")
        comfort_ball(source="demo", probability="logprobs", solver="cot")
    sampled, auto, logprobs = (r for r in caplog.records if "COMFORT-BALL:" in r.getMessage())
    assert sampled.getMessage() == (
        "COMFORT-BALL: 10 sampled answers per question: 1,480 replies in 148 requests "
        "(num_choices) or 1,480."
    )
    assert auto.getMessage() == (
        "COMFORT-BALL: 148 requests (log-probabilities); without them, 20 sampled answers per "
        "question: 2,960 replies in 148 requests (num_choices) or 2,960."
    )
    # said calmly on stderr (core.notes), not as a WARNING box: how the run behaves
    assert (sampled.levelno, auto.levelno) == (logging.INFO, logging.INFO)
    assert auto.getMessage() in capsys.readouterr().err
    assert logprobs.getMessage() == (
        "COMFORT-BALL: 148 requests + 148 reasoning turns (P(Yes) from log-probabilities)."
    )
    assert logprobs.levelno == logging.INFO


# --------------------------------------------------------------------------
# the sampled metrics converge to the log-probability metrics


def _image_digest(request: dict[str, Any]) -> str:
    for message in request["messages"]:
        if message["role"] == "user" and isinstance(message["content"], list):
            for part in message["content"]:
                if part["type"] == "image_url":
                    data = base64.b64decode(part["image_url"]["url"].split(",", 1)[1])
                    return hashlib.sha256(data).hexdigest()
    raise AssertionError("no image in the request")


def _realistic_model() -> tuple[Any, Any]:
    """P(Yes) and the unread share of a realistic model: a logistic of the soft ground truth
    with a bias and the model's own frame-to-frame jaggedness; replies that state neither
    Yes nor No are more frequent near P(Yes) = 0.5 (so counting them as No bends the curve)."""
    from vpt_tasks.comfort.spec import load_spec

    phrases = load_spec().relations
    task = comfort_ball(source="demo")
    rng = np.random.default_rng(5)
    table: dict[tuple[str, str], float] = {}
    for sample in task.dataset:
        meta = sample.metadata or {}
        digest = hashlib.sha256(Path(sample.input[-1].content[0].image).read_bytes()).hexdigest()
        g = float(soft_ground_truth(meta["relation"], "camera_reflected", [meta["theta"]])[0])
        z = float(rng.normal())
        table[(meta["relation"], digest)] = 1 / (1 + math.exp(-(5.0 * (2 * g - 1) + 0.6 + z)))

    def p(request: dict[str, Any]) -> float:
        text = str(request["messages"][-1]["content"])
        relation = next(r for r, phrase in phrases.items() if f" {phrase} the " in text)
        return table[(relation, _image_digest(request))]

    def unread(request: dict[str, Any]) -> float:
        value = p(request)
        return 0.05 + 0.4 * 4 * value * (1 - value)

    return p, unread


def _errors(values: dict[str, float], target: dict[str, float]) -> dict[str, float]:
    return {k: abs(values[k] - target[k]) for k in PRINTED_CURVE_METRICS if k in target}


def convergence_failures(
    sampled: EvalLog, truth: dict[str, float], target: dict[str, float], *, biased: bool = False
) -> list[str]:
    """What contradicts "p-hat is unbiased and the metrics' intervals cover the log-probability
    metrics" in a sampled run; `biased=True` first re-reads it counting unread replies as No.

    The intervals are taken at the 99% level (`sampling.interval_metrics` on the run's draws):
    a check of 7 metrics at 95% each would fail about one seed in three by chance alone."""
    scores = sample_scores(sampled)
    if biased:
        scores = [_unread_as_no(s) for s in scores]
    failures = []
    # each frame's p-hat against its P(Yes): standardised residuals of mean 0
    z = []
    for score in scores:
        meta = score.score.metadata or {}
        reads = meta["n_yes"] + meta["n_no"]
        p = truth[str(score.sample_id)]
        if reads and 0 < p < 1:
            z.append((meta["n_yes"] / reads - p) / math.sqrt(p * (1 - p) / reads))
    if abs(float(np.mean(z))) > 3 / math.sqrt(len(z)):
        failures.append(f"p-hat biased: mean standardised residual {np.mean(z):+.2f}")
    values = details(scores)
    preds = complete_predictions(scores)[0]
    wide = sampling.interval_metrics(values, _detail_draws(preds, "paper"), level=0.99)
    for name in PRINTED_CURVE_METRICS:
        if name not in target:
            continue
        assert values[f"{name}_sampling_ci_low"] >= wide[f"{name}_sampling_ci_low"]
        low, high = wide[f"{name}_sampling_ci_low"], wide[f"{name}_sampling_ci_high"]
        if not low <= target[name] <= high:
            failures.append(f"{name}: {target[name]:.4f} outside [{low:.4f}, {high:.4f}]")
    return failures


def _unread_as_no(score: Any) -> Any:
    meta = dict(score.score.metadata)
    meta["n_no"] += meta["n_unread"]
    meta["n_unread"] = 0
    reads = meta["n_yes"] + meta["n_no"]
    new = score.score.model_copy(update={"value": meta["n_yes"] / reads, "metadata": meta})
    return score.model_copy(update={"score": new})


def test_sampled_metrics_converge_to_the_log_probability_metrics(tmp_path: Path) -> None:
    """The same model read from its log-probabilities and sampled K = 10 and K = 200 times:
    the error shrinks with K, and at K = 200 every frame's p-hat is unbiased and every
    printed metric's sampling interval (99%) covers the log-probability value. Counting the
    unread replies as No instead fails the first check (and, here, the second)."""
    p, unread = _realistic_model()
    logs = {}
    with OpenAIServer(sampled_yes_no(p, unread=unread, seed=3)) as server:
        logs["logprobs"] = _run(
            comfort_ball(source="demo", probability="logprobs"), server, tmp_path
        )
        for k in (10, 200):
            task = comfort_ball(source="demo", probability="sampled", samples_per_frame=k)
            logs[k] = _run(task, server, tmp_path)
    target = details(sample_scores(logs["logprobs"]))
    truth = {str(s.id): s.scores["yes_probability"].value for s in logs["logprobs"].samples}
    assert {m["method"] for m in _scores(logs["logprobs"])} == {"logprobs"}
    errors = {k: _errors(details(sample_scores(logs[k])), target) for k in (10, 200)}
    assert set(errors[10]) == set(errors[200]) and len(errors[200]) >= 6
    assert sum(errors[200].values()) < 0.5 * sum(errors[10].values())
    assert convergence_failures(logs[200], truth, target) == []
    biased = convergence_failures(logs[200], truth, target, biased=True)
    assert any(f.startswith("p-hat biased") for f in biased), biased
    assert len(biased) >= 2, biased


# --------------------------------------------------------------------------
# as a user runs it


def test_inspect_eval_without_logprobs_from_the_shell(tmp_path: Path) -> None:
    """The issue's acceptance command, against a provider that returns no log-probabilities:
    every printed metric with its sampling interval; the method in the log."""
    with OpenAIServer(sampled_yes_no(0.8, unread=0.1), logprobs="ignore") as server:
        result = inspect_cli(
            "eval",
            "vpt_tasks/comfort_ball",
            "-T",
            "source=demo",
            "-T",
            "samples_per_frame=8",
            "--model",
            MODEL,
            "--model-base-url",
            server.base_url,
            "--log-dir",
            str(tmp_path / "logs"),
            cwd=tmp_path,
            realtime=False,
        )
    assert result.returncode == 0, result.stderr[-3000:]
    # the console wraps the log lines and adds where each came from: read them as one text
    printed = " ".join(re.sub(r"\S+\.py:\d+", " ", result.stdout + result.stderr).split())
    assert "8 sampled answers per question: 1,184 replies in 148 requests" in printed
    assert printed.count("returned no log-probabilities") == 1
    # the plan is a calm note on stderr at task build (before any sample: in-process test
    # above); the switch to sampling is Inspect's logged warning, on the console
    assert "1,184 replies" in " ".join(result.stderr.split())
    [path] = list((tmp_path / "logs").glob("*.eval"))
    log = read_eval_log(str(path))
    values = metrics(log)
    curve = [n for n in (*PRINTED_CURVE_METRICS, "transformation/reflected/eps_cos") if n in values]
    assert len(curve) >= 7
    for name in curve:
        assert f"{name}_sampling_ci_low" in values and f"{name}_sampling_ci_high" in values
    assert (log.eval.metadata["probability_method"], log.eval.metadata["samples_per_frame"]) == (
        "auto",
        8,
    )
    assert values["sampled_rate"] == 1.0
    sample = read_eval_log(str(path), header_only=False).samples[0]
    meta = sample.scores["yes_probability"].metadata
    assert meta["method"] == "sampled" and len(meta["p_interval"]) == 2

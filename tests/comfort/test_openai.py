"""COMFORT through the real `openai` client path, against a local OpenAI-compatible server.

The server answers every question with first-token log-probabilities for
"Yes" and "No" whose P(Yes) is the soft ground truth of the frame it was
shown (found from the image bytes and the relation phrase of the question), so
the run must reproduce the ideal-curve row of acceptance.md, and every p in the
log must be the one the server sent.
"""

from __future__ import annotations

import base64
import hashlib
import math
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.fakes.openai_server import OpenAIServer, last_user_text, yes_no
from tests.helpers import metrics, run
from vpt_tasks.comfort.geometry import soft_ground_truth
from vpt_tasks.comfort.spec import load_spec
from vpt_tasks.comfort.task import comfort_ball


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _image_bytes(request: dict[str, Any]) -> bytes:
    for message in request["messages"]:
        if message["role"] == "user" and isinstance(message["content"], list):
            for part in message["content"]:
                if part["type"] == "image_url":
                    return base64.b64decode(part["image_url"]["url"].split(",", 1)[1])
    raise AssertionError("no image in the request")


def test_ideal_model_over_http(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOCAL_API_KEY", "x")
    task = comfort_ball(source="demo")
    phrases = load_spec().relations
    truth: dict[tuple[str, str], float] = {}
    images: dict[str, str] = {}  # sample id -> digest of the stored image it references
    for sample in task.dataset:
        meta = sample.metadata
        images[str(sample.id)] = _digest(Path(sample.input[-1].content[0].image).read_bytes())
        g = float(soft_ground_truth(meta["relation"], "camera_reflected", [meta["theta"]])[0])
        truth[(meta["relation"], images[str(sample.id)])] = g

    sent: dict[str, float] = {}
    lock = threading.Lock()

    def p_yes(request: dict[str, Any]) -> float:
        text = last_user_text(request)
        relation = next(r for r, phrase in phrases.items() if f" {phrase} the " in text)
        g = truth[(relation, _digest(_image_bytes(request)))]
        with lock:
            sent[f"{text}|{_digest(_image_bytes(request))}"] = g
        return g

    with OpenAIServer(yes_no(p_yes)) as server:
        log = run(task, "openai-api/local/test-model", tmp_path, model_base_url=server.base_url)
        requests = server.requests

    assert len(requests) == len(log.samples) == 4 * 37
    for request in requests:
        assert (request["logprobs"], request["top_logprobs"], request["temperature"]) == (
            True,
            20,
            0.0,
        )
        assert request["messages"][0]["role"] == "system"
        assert [p["type"] for p in request["messages"][1]["content"]] == ["image_url", "text"]

    for sample in log.samples:
        score = sample.scores["yes_probability"]
        g = sent[f"{sample.metadata['question']}|{images[str(sample.id)]}"]
        yes, no = (math.log(g) if g > 0 else -9999.0), (math.log(1 - g) if g < 1 else -9999.0)
        assert score.metadata["candidates"] == sorted(
            [["Yes", yes], ["No", no]], key=lambda c: -c[1]
        )
        expected = math.exp(yes) / (math.exp(yes) + math.exp(no))
        assert (
            score.value == pytest.approx(expected, abs=1e-12)
            and score.metadata["method"] == "logprobs"
        )

    values = metrics(log)
    assert [round(values[k] * 100, 1) for k in ("acc", "eps_cos", "c_sym", "c_opp", "eps_hemi")] == [
        100.0, 0.0, 0.0, 0.0, 24.0
    ]  # fmt: skip
    from vpt_tasks.comfort.metrics import details
    from vpt_tasks.report.logs import sample_scores

    assert details(sample_scores(log))["transformation/preferred/reflected"] == 1.0
    assert values["no_yes_no_rate"] == 0.0 and values["p_from_text_rate"] == 0.0

"""Issue 19 §1: a run always ends. A tool-call reply ends its sample after one request.

No task offers tools, yet a provider may answer with a tool call (a vLLM server with
automatic tool parsing does). Inspect's plain `generate()` then asks again and again;
every task asks once and fails that sample with an error naming the cause, and every
task carries a message limit. Checked for every task of every benchmark through
`inspect_ai.eval` against the local OpenAI-compatible server speaking the real protocol.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai import eval
from inspect_ai.model import get_model

from tests.fakes.openai_server import OpenAIServer, Reply
from vpt_tasks.benchmarks import BENCHMARKS
from vpt_tasks.core.solvers import MESSAGE_LIMIT

TASKS = sorted(task.name for benchmark in BENCHMARKS for task in benchmark.tasks)
LIMIT = {"isle_brick": 2, "isle_brick_bias": 2, "comfort_ball": 2, "comfort_car": 2}
"""Samples per task (`--limit`): enough to see the bound, little time."""


@pytest.mark.parametrize("task", TASKS)
def test_a_tool_call_reply_ends_the_sample_after_one_request(tmp_path: Path, task: str) -> None:
    reply = Reply("", tool_calls=(("get_weather", '{"city": "Paris"}'),))
    with OpenAIServer(lambda request: reply) as server:
        model = get_model(
            "openai-api/local/tools", base_url=server.base_url, api_key="x", memoize=False
        )
        [log] = eval(
            f"vpt_tasks/{task}",
            task_args={"source": "demo", "grader": "rules"}
            if task not in ("comfort_ball", "comfort_car")
            else {"source": "demo"},
            model=model,
            limit=LIMIT.get(task, 2),
            log_dir=str(tmp_path),
            display="none",
            fail_on_error=False,
        )
        requests = len(server.requests)
    assert log.eval.config.message_limit == MESSAGE_LIMIT
    assert log.samples and requests == len(log.samples)  # one request per sample, no loop
    for sample in log.samples:
        assert sample.error is not None and not sample.scores
        assert "tool call (get_weather)" in sample.error.message
        assert "eval-retry" in sample.error.message

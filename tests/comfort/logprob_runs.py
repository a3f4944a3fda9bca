"""COMFORT runs on the demo data with a provider that returns log-probabilities, and their
numbers as the code gave them before `-T probability` (tests/comfort/data/logprob_runs_before.json).

The provider is the local OpenAI-compatible server answering every question with first-token
log-probabilities of a P(Yes) derived from the question and the image (a hash: arbitrary,
deterministic curves with values strictly between 0 and 1). The snapshot was written by the
code at commit 7fe9042 (before the sampled estimate), from a checkout of that commit:

    git archive 7fe9042 src task_configs | tar -x -C /tmp/before
    PYTHONPATH=/tmp/before/src:. python -m tests.comfort.logprob_runs --write

`test_probability.py` runs the same tasks with the current code and requires every number
to be identical.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

SNAPSHOT = Path(__file__).parent / "data" / "logprob_runs_before.json"

RUNS: dict[str, tuple[str, dict[str, Any]]] = {
    "ball_probes": ("comfort_ball", {"probes": True}),
    "ball_code": ("comfort_ball", {"convention": "code", "perspective": "all"}),
    "car_nop_cam": ("comfort_car", {"perspective": "nop,cam"}),
    "ball_cot": ("comfort_ball", {"solver": "cot", "thetas": [-90, 0, 90]}),
}
"""name -> (task, task arguments): the runs whose numbers must not change."""


def p_yes(request: dict[str, Any]) -> float:
    """P(Yes) of a request: from the hash of its last user message (question and image)."""
    last = next(m for m in reversed(request["messages"]) if m["role"] == "user")
    digest = hashlib.sha256(json.dumps(last, sort_keys=True).encode()).digest()
    return 0.02 + 0.96 * int.from_bytes(digest[:4], "big") / 2**32


def run_all(
    extra_args: dict[str, Any] | None = None, names: list[str] | None = None
) -> dict[str, dict[str, float]]:
    """Every run's numbers (or the `names` runs'): its printed metrics and `metrics.details`
    of its samples."""
    from inspect_ai import eval as inspect_eval

    from tests.fakes.openai_server import OpenAIServer, yes_no
    from vpt_tasks.comfort.metrics import details
    from vpt_tasks.report.logs import sample_scores

    os.environ.setdefault("LOCAL_API_KEY", "x")
    out: dict[str, dict[str, float]] = {}
    with OpenAIServer(yes_no(p_yes)) as server, tempfile.TemporaryDirectory() as logs:
        for name, (task, task_args) in RUNS.items():
            if names is not None and name not in names:
                continue
            log = inspect_eval(
                f"vpt_tasks/{task}",
                task_args={"source": "demo", **task_args, **(extra_args or {})},
                model="openai-api/local/test-model",
                model_base_url=server.base_url,
                log_dir=logs,
                display="none",
            )[0]
            assert log.status == "success", log.error
            assert log.results is not None
            printed = {
                f"printed:{k}": m.value
                for score in log.results.scores
                for k, m in score.metrics.items()
            }
            out[name] = {**printed, **details(sample_scores(log))}
    return out


def main() -> int:
    if "--write" not in sys.argv[1:]:
        print(__doc__)
        return 2
    SNAPSHOT.write_text(json.dumps(run_all(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {SNAPSHOT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Shared pieces of the benchmark scripts: data, the local server, timing.

Benchmarks are scripts, not tests: they print a one-line summary each and are
run by hand (`python benchmarks/<name>.py`); their latest results are kept in
`benchmarks/README.md`. Everything runs on this machine: the "model" is the
local OpenAI-compatible server of `tests.fakes.openai_server`, reached
through Inspect's real `openai-api` provider.
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# the fake servers live with the tests (tests/fakes), out of the wheel: import them from the checkout
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("LOCAL_API_KEY", "benchmark")
MODEL = "openai-api/local/bench-model"


def isle_brick_source(directory: Path) -> Path:
    """The 144 paper-style scenes (1,008 samples) in the canonical layout."""
    from hf_datasets.builders.synthetic.isle_brick import paper_style_scenes
    from vpt_tasks.core.canonical import write_dataset
    from vpt_tasks.isle_brick.spec import CANONICAL_SCHEMA as ISLE_BRICK_FEATURES

    return write_dataset(
        directory, paper_style_scenes(size=64, seed=1), ISLE_BRICK_FEATURES, pretty_name="bench"
    )


class FirstRequestClock:
    """Wraps a responder and records when the first request arrived."""

    def __init__(self, responder: Callable[[dict[str, Any]], Any]) -> None:
        self.responder = responder
        self.first: float | None = None
        self._lock = threading.Lock()

    def __call__(self, request: dict[str, Any]) -> Any:
        with self._lock:
            if self.first is None:
                self.first = time.perf_counter()
        return self.responder(request)


def workdir() -> Path:
    """A fresh temporary directory for logs and caches of one benchmark run."""
    path = Path(tempfile.mkdtemp(prefix="vpt_bench_"))
    os.environ.setdefault("VPT_TASKS_CACHE", str(path / "cache"))
    return path

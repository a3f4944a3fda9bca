"""Faults: a full run against a server that fails 10% of requests loses nothing.

    python benchmarks/faults.py [--failure-rate 0.1] [--connections 16]

The server injects HTTP 500, HTTP 429 with retry-after, dropped connections
and malformed JSON. Inspect retries what its provider retries; a sample that
still errors is re-run with `eval_retry` (what `inspect eval-retry` does), up
to three rounds. The summary counts samples that end without a score (lost),
which must be 0.
"""

from __future__ import annotations

import argparse
import time

from _common import MODEL, isle_brick_source, workdir
from inspect_ai import eval, eval_retry

from tests.fakes.openai_server import OpenAIServer, canned


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--failure-rate", type=float, default=0.1)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3, help="eval-retry rounds at most")
    parser.add_argument(
        "--retry-on-error",
        type=int,
        default=0,
        help="Inspect's in-run sample retries (0: leave recovery to eval-retry)",
    )
    args = parser.parse_args()

    from vpt_tasks.isle_brick.task import isle_brick

    root = workdir()
    source = isle_brick_source(root / "isle")
    responder = canned("It is facing north.")
    with OpenAIServer(
        responder, models=["bench-model"], failure_rate=args.failure_rate, retry_after=0.2, seed=7
    ) as server:
        start = time.perf_counter()
        common = dict(max_connections=args.connections, log_dir=str(root / "logs"), display="none")
        (log,) = eval(
            isle_brick(source=str(source)),
            model=MODEL,
            model_base_url=server.base_url,
            retry_on_error=args.retry_on_error,
            fail_on_error=False,
            **common,
        )
        rounds = 0
        while rounds < args.rounds and _unscored(log) > 0:
            rounds += 1
            (log,) = eval_retry(log, **common)
        wall = time.perf_counter() - start
        stats = server.stats
    expected = 1008
    scored = sum(1 for sample in log.samples or [] if sample.scores and not sample.error)
    lost = expected - scored
    failures = ", ".join(f"{kind} {count}" for kind, count in sorted(stats.failures.items()))
    print(
        f"faults isle_brick: {stats.requests} requests, injected {sum(stats.failures.values())} "
        f"({failures}); eval-retry rounds {rounds}; scored {scored}/{expected}; lost samples {lost}; "
        f"status {log.status}; wall {wall:.1f}s"
    )
    raise SystemExit(1 if lost else 0)


def _unscored(log) -> int:
    return sum(1 for sample in log.samples or [] if sample.error or not sample.scores) + (
        1008 - len(log.samples or [])
    )


if __name__ == "__main__":
    main()

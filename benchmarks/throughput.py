"""Throughput: a full run against a server of fixed latency, versus the ideal.

    python benchmarks/throughput.py [--latency 0.5] [--connections 32] [--task isle_brick|comfort_ball|all]

With C connections and a server latency L, N requests cannot finish faster
than ceil(N / C) × L after the first request leaves. The script reports the
measured wall time against that ideal plus the measured start-up (task
loading, up to the first request), as a ratio (1.00 = no overhead at all).
`bare_inspect`, a text-only Inspect task with as many samples and no
vpt_tasks code, is run beside them as the harness's own floor.
"""

from __future__ import annotations

import argparse
import math
import time

from _common import MODEL, FirstRequestClock, isle_brick_source, workdir
from inspect_ai import eval

from tests.fakes.openai_server import OpenAIServer, canned, yes_no


def _isle_brick(root):
    from vpt_tasks.isle_brick.task import isle_brick

    source = isle_brick_source(root / "isle")
    return isle_brick(source=str(source)), canned("The dog is to the north-east of the minifigure.")


def _comfort_ball(root):
    from vpt_tasks.comfort.synthetic import write_upstream_layout
    from vpt_tasks.comfort.task import comfort_ball

    source = write_upstream_layout(root / "comfort", ("comfort_ball",), size=128, as_zip=True)
    return comfort_ball(source=str(source)), yes_no(lambda request: 0.7)


def _bare(root):
    """A plain Inspect task of 1,008 text-only samples: the harness's own floor, for comparison."""
    from inspect_ai import Task
    from inspect_ai.dataset import Sample
    from inspect_ai.scorer import includes

    samples = [Sample(input=f"Question {i}: which way?", target="north") for i in range(1008)]
    return Task(dataset=samples, scorer=includes()), canned("north")


TASKS = {"isle_brick": _isle_brick, "comfort_ball": _comfort_ball, "bare_inspect": _bare}


def run(task_name: str, latency: float, connections: int) -> dict[str, float]:
    """One full run of `task_name` against a server answering after `latency` seconds."""
    root = workdir()
    task, responder = TASKS[task_name](root)
    clock = FirstRequestClock(responder)
    with OpenAIServer(clock, models=["bench-model"], latency=latency) as server:
        start = time.perf_counter()
        (log,) = eval(
            task,
            model=MODEL,
            model_base_url=server.base_url,
            max_connections=connections,
            log_dir=str(root / "logs"),
            display="none",
        )
        wall = time.perf_counter() - start
        requests = server.stats.requests
    assert log.status == "success", log.error
    assert clock.first is not None
    startup = clock.first - start
    ideal = math.ceil(requests / connections) * latency
    return {
        "requests": requests,
        "wall": wall,
        "startup": startup,
        "ideal": ideal,
        "ratio": wall / (ideal + startup),
        "samples": len(log.samples or []),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--latency", type=float, default=0.5)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--task", choices=[*TASKS, "all"], default="all")
    args = parser.parse_args()
    for name in TASKS if args.task == "all" else [args.task]:
        result = run(name, args.latency, args.connections)
        print(
            f"throughput {name}: {result['requests']} requests, C={args.connections}, L={args.latency}s: "
            f"wall {result['wall']:.1f}s vs ideal {result['ideal']:.1f}s + startup {result['startup']:.1f}s "
            f"-> ratio {result['ratio']:.2f}"
        )


if __name__ == "__main__":
    main()

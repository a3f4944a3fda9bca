"""Throughput: the plugin's overhead over a bare Inspect task sending the same requests.

    python benchmarks/throughput.py [--latency 0.5] [--connections 32] [--task isle_brick|comfort_ball|omni_perspective|all] [--rounds 2]

For each task the script builds, side by side in one process:

- the plugin task as a user runs it (`vpt_tasks/<task>` with `-T source=DIR`:
  the data is read, images validated and stored, samples built, answers
  scored, the run's metrics computed — all of it timed);
- its *bare twin*: a plain Inspect task whose samples are the same messages
  (the same stored image files) with Inspect's `includes()` scorer, built
  beforehand (untimed). It sends exactly the same requests, so the difference
  is the plugin's own cost.

Both run against a local server answering after `--latency` seconds with
`--connections` connections, alternating, `--rounds` times each; the best
wall time of each counts (machines are noisy). Reported: the plugin/bare
ratio (the overhead target is <= 1.10), the start-up of each (from the call
until the first request reaches the server; the image cache is warm after
the first round), and each run against the ideal `ceil(N / C) x L`.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from _common import MODEL, FirstRequestClock, isle_brick_source, workdir
from inspect_ai import Task, eval

from tests.fakes.openai_server import OpenAIServer, canned, yes_no


def _isle_brick(root) -> tuple[str, dict[str, Any], Any]:
    source = isle_brick_source(root / "isle")
    answer = canned("The dog is to the north-east of the minifigure.")
    return "vpt_tasks/isle_brick", {"source": str(source)}, answer


def _comfort_ball(root) -> tuple[str, dict[str, Any], Any]:
    from hf_datasets.builders.synthetic.comfort import write_upstream_layout

    source = write_upstream_layout(root / "comfort", ("comfort_ball",), size=128, as_zip=True)
    return "vpt_tasks/comfort_ball", {"source": str(source)}, yes_no(lambda request: 0.7)


def _omni_perspective(root) -> tuple[str, dict[str, Any], Any]:
    from hf_datasets.builders.synthetic.omni_perspective import synthetic_items
    from vpt_tasks.core.canonical import write_dataset
    from vpt_tasks.omni_perspective.spec import CANONICAL_SCHEMA

    rows = synthetic_items(250, size=64, seed=1)  # x 4 rotations: 1,000 samples
    source = write_dataset(root / "omni", rows, CANONICAL_SCHEMA, split="val", pretty_name="bench")
    return "vpt_tasks/omni_perspective", {"source": str(source), "grader": "rules"}, canned("B")


TASKS = {
    "isle_brick": _isle_brick,
    "comfort_ball": _comfort_ball,
    "omni_perspective": _omni_perspective,
}


def bare_twin(task: Task) -> Task:
    """A plain Inspect task with the plugin task's messages, its generate config and no vpt_tasks code."""
    from inspect_ai.dataset import Sample
    from inspect_ai.scorer import includes

    samples = [
        Sample(id=sample.id, input=sample.input, target=str(sample.target))
        for sample in task.dataset
    ]
    return Task(dataset=samples, scorer=includes(), config=task.config, name="bare_twin")


def timed(
    task: Any, task_args: dict[str, Any], responder: Any, args: Any, root
) -> dict[str, float]:
    """One full run against a server answering after `args.latency` seconds."""
    clock = FirstRequestClock(responder)
    with OpenAIServer(clock, models=["bench-model"], latency=args.latency) as server:
        start = time.perf_counter()
        (log,) = eval(
            task,
            task_args=task_args,
            model=MODEL,
            model_base_url=server.base_url,
            max_connections=args.connections,
            log_dir=str(root / "logs"),
            display="none",
            log_images=False,
        )
        wall = time.perf_counter() - start
        requests = server.stats.requests
    assert log.status == "success", log.error
    assert clock.first is not None
    ideal = math.ceil(requests / args.connections) * args.latency
    return {"requests": requests, "wall": wall, "startup": clock.first - start, "ideal": ideal}


def compare(name: str, args: argparse.Namespace) -> None:
    from vpt_tasks.benchmarks import find_task, load

    root = workdir()
    spec, task_args, responder = TASKS[name](root)
    benchmark, entry = find_task(spec)
    factory = load(f"{benchmark.task_module}:{entry.name}")
    twin = bare_twin(factory(**task_args))  # also warms the image cache
    plugin_runs, bare_runs = [], []
    for _ in range(args.rounds):
        plugin_runs.append(timed(spec, task_args, responder, args, root))
        bare_runs.append(timed(twin, {}, responder, args, root))
    plugin = min(plugin_runs, key=lambda r: r["wall"])
    bare = min(bare_runs, key=lambda r: r["wall"])
    print(
        f"throughput {name}: {plugin['requests']} requests, C={args.connections}, L={args.latency}s, "
        f"best of {args.rounds}: plugin {plugin['wall']:.1f}s (start-up {plugin['startup']:.2f}s) vs "
        f"bare Inspect twin {bare['wall']:.1f}s (start-up {bare['startup']:.2f}s) "
        f"-> overhead ratio {plugin['wall'] / bare['wall']:.3f}, start-up +{plugin['startup'] - bare['startup']:.2f}s; "
        f"vs ideal {plugin['ideal']:.1f}s: plugin {plugin['wall'] / plugin['ideal']:.2f}, "
        f"bare {bare['wall'] / bare['ideal']:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--latency", type=float, default=0.5)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--task", choices=[*TASKS, "all"], default="all")
    args = parser.parse_args()
    for name in TASKS if args.task == "all" else [args.task]:
        compare(name, args)


if __name__ == "__main__":
    main()

"""Evaluate many models on all vpt_tasks benchmarks with one resumable `inspect_ai.eval_set`.

    python examples/sweep.py --log-dir logs/sweep \\
        --model vllm/Qwen/Qwen2.5-VL-7B-Instruct \\
        --model openai-api/internvl/OpenGVLab/InternVL3-8B=http://node2:8000/v1 \\
        --model openai/gpt-4o \\
        [--task isle_brick --task comfort_ball ...] [--source demo] [--limit 8] \\
        [--grader openai/gpt-4o-mini] [--max-connections 32]
    vpt-tasks report logs/sweep --out report/

Each `--model` is an Inspect model name, optionally followed by `=BASE_URL`
for a model served by an OpenAI-compatible server (e.g. `vllm serve` on
another node; its API key is read from `<SERVICE>_API_KEY` for
`openai-api/<service>/...`, else `EMPTY`). Tasks default to every task of
`vpt_tasks.benchmarks.BENCHMARKS`. Run it again with the same arguments to
resume: `eval_set` keeps one log per task × model in `--log-dir`, skips the
finished ones and retries the rest. See docs/sweeps.md.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from inspect_ai import Task, eval_set
from inspect_ai.model import Model, get_model

from vpt_tasks.benchmarks import load, task_entries


def all_tasks() -> list[str]:
    """Names of every registered vpt_tasks task, in the order of `BENCHMARKS`."""
    return [entry.name for _, entry in task_entries()]


def build_tasks(names: list[str], source: str | None) -> list[Task]:
    """The tasks to run, with `source` when given and every other argument at its default.

    Left at their default, the tasks let rules map free answers and send what
    the rules leave to the `grader` model role when one is bound (`--grader`).
    """
    modules = {entry.name: benchmark.task_module for benchmark, entry in task_entries()}
    unknown = sorted(set(names) - set(modules))
    if unknown:
        raise SystemExit(f"unknown task(s) {unknown}; known: {', '.join(modules)}")
    arguments: dict[str, Any] = {} if source is None else {"source": source}
    return [load(f"{modules[name]}:{name}")(**arguments) for name in names]


def build_model(spec: str) -> str | Model:
    """`NAME` as it is, or `NAME=BASE_URL` as a model on that OpenAI-compatible server."""
    name, _, base_url = spec.partition("=")
    if not base_url:
        return name
    parts = name.split("/")
    key_var = f"{parts[1].upper().replace('-', '_')}_API_KEY" if len(parts) > 2 else ""
    return get_model(name, base_url=base_url, api_key=os.environ.get(key_var, "EMPTY"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log-dir", required=True, help="one log per task × model; resumable")
    parser.add_argument(
        "--model", action="append", required=True, help="NAME or NAME=BASE_URL (repeat)"
    )
    parser.add_argument("--task", action="append", help="task name (repeat; default: all)")
    parser.add_argument("--source", default=None, help="-T source=... for every task")
    parser.add_argument("--limit", type=int, default=None, help="samples per task (a quick look)")
    parser.add_argument(
        "--grader", default=None, help="grader model for answers the rules cannot map"
    )
    parser.add_argument(
        "--max-connections", type=int, default=None, help="concurrent requests per model"
    )
    parser.add_argument("--max-tasks", type=int, default=None, help="task × model runs at once")
    parser.add_argument("--retry-attempts", type=int, default=None)
    parser.add_argument("--display", default=None, help="Inspect display (full, plain, none)")
    args = parser.parse_args(argv)

    success, logs = eval_set(
        tasks=build_tasks(args.task or all_tasks(), args.source),
        model=[build_model(spec) for spec in args.model],
        model_roles={"grader": args.grader} if args.grader else None,
        log_dir=args.log_dir,
        limit=args.limit,
        max_connections=args.max_connections,
        max_tasks=args.max_tasks,
        retry_attempts=args.retry_attempts,
        display=args.display,
    )
    for log in logs:
        print(f"{log.status:>9}  {log.eval.task}  {log.eval.model}")
    print(
        f"{'all' if success else 'not all'} {len(logs)} task × model runs finished; "
        f"report: vpt-tasks report {args.log_dir} --out REPORT_DIR"
    )
    return 0 if success else 1


if __name__ == "__main__":
    sys.exit(main())

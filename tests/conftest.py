"""Shared test setup: offline, isolated caches, and dataset builders.

Tests never reach the network: the Hub is switched off (HF_HUB_OFFLINE=1, as
the platform notes require for fast failures), images go to a per-session cache
and eval logs to temporary directories.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ.setdefault("INSPECT_DISPLAY", "none")


def _default_to(function: Callable[..., Any], name: str, value: Any) -> None:
    """Change the default of one of `function`'s arguments (for every caller, however imported)."""
    code = function.__code__
    names = code.co_varnames[: code.co_argcount]
    defaults = list(function.__defaults__ or ())
    index = names.index(name) - (len(names) - len(defaults))
    if index < 0:
        raise RuntimeError(f"{function.__qualname__}({name}) has no default to change")
    defaults[index] = value
    function.__defaults__ = tuple(defaults)


def _no_realtime_buffer_in_process() -> None:
    """In-process evals of the tests run without Inspect's realtime sample buffer.

    The buffer (a SQLite database of every sample's events, for watching a run live in
    `inspect view`) is half the time of an eval of a few hundred samples and no test reads
    it. Only the defaults change: a test may still pass `log_realtime=True`, and the
    `inspect eval` subprocesses (tests/test_cli.py, `inspect_cli`) run with the buffer on,
    as users do, so the realtime path stays covered by every task's CLI smoke run.
    """
    import inspect_ai

    for function in (inspect_ai.eval, inspect_ai.eval_async, inspect_ai.eval_set):
        _default_to(function, "log_realtime", False)


_no_realtime_buffer_in_process()

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture(autouse=True, scope="session")
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    os.environ["VPT_TASKS_CACHE"] = str(tmp_path_factory.mktemp("vpt_cache"))
    os.environ["HF_DATASETS_CACHE"] = str(tmp_path_factory.mktemp("hf_datasets_cache"))


@pytest.fixture(scope="session")
def isle_brick_dir(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """Write a canonical Isle-Brick-V2 directory; `rows` default to the 144 paper-style scenes."""
    from hf_datasets.builders.synthetic.isle_brick import paper_style_scenes
    from vpt_tasks.core.canonical import write_dataset
    from vpt_tasks.isle_brick.spec import CANONICAL_SCHEMA as ISLE_BRICK_FEATURES

    def build(rows: list[dict[str, Any]] | None = None, name: str = "isle") -> Path:
        directory = tmp_path_factory.mktemp(name)
        write_dataset(
            directory,
            rows if rows is not None else paper_style_scenes(size=16, seed=1),
            ISLE_BRICK_FEATURES,
            pretty_name="test scenes",
        )
        return directory

    return build


def shared_path(*parts: str) -> Path:
    """A path inside ../shared/, skipping the test where the folder is absent (users' clones)."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is not available (the shared/ reference pack is not in this clone)")
    return path


NO_REALTIME = "INSPECT_EVAL_NO_LOG_REALTIME"
"""`inspect eval --no-log-realtime` as an environment variable (Inspect's `INSPECT_EVAL_` prefix)."""


def inspect_cli(*args: str, cwd: Path, realtime: bool = True) -> subprocess.CompletedProcess[str]:
    """`inspect <args>` in a subprocess, as typed in a shell (plain display, offline).

    `realtime=False` is `--no-log-realtime` (set through Inspect's environment variable, so
    the command line stays the user's): for the demo runs of a few hundred samples or more,
    where the realtime sample buffer costs seconds and the smaller demos already cover it.
    """
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("INSPECT_DISPLAY", NO_REALTIME)},
        "HF_HUB_OFFLINE": "1",
        "NO_COLOR": "1",
        "COLUMNS": "100",
        "INSPECT_DISPLAY": "plain",
        **({} if realtime else {NO_REALTIME: "1"}),
    }
    return subprocess.run(
        [sys.executable, "-m", "inspect_ai", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


BIG_DEMOS = frozenset({"comfort_car", "comfort_ball", "isle_brick_bias"})
"""The demos of more than 100 samples: their CLI smoke runs without the realtime buffer."""


@pytest.fixture(scope="session")
def demo_cli_run(
    tmp_path_factory: pytest.TempPathFactory,
) -> Callable[[str], tuple[subprocess.CompletedProcess[str], Path]]:
    """`inspect eval vpt_tasks/<task> -T source=demo --model vpt_tasks/random`, once per task.

    The README's pattern, run in a shell. Returns the finished process and its
    log directory; tests that check the same run (the CLI smoke test and a
    benchmark's own checks of the demo log) share it instead of running it
    again. They carry the mark `xdist_group("demo_cli_<task>")` so that they
    run in one worker.
    """
    runs: dict[str, tuple[subprocess.CompletedProcess[str], Path]] = {}

    def run(task: str) -> tuple[subprocess.CompletedProcess[str], Path]:
        if task not in runs:
            folder = tmp_path_factory.mktemp(f"demo_cli_{task}")
            logs = folder / "logs"
            result = inspect_cli(
                "eval",
                f"vpt_tasks/{task}",
                "-T",
                "source=demo",
                "--model",
                "vpt_tasks/random",
                "--log-dir",
                str(logs),
                cwd=folder,
                realtime=task not in BIG_DEMOS,
            )
            runs[task] = (result, logs)
        return runs[task]

    return run


# --- xdist groups must not split -------------------------------------------------------
# Tests marked `xdist_group(name)` share an expensive module or session fixture (a demo run,
# a report's logs) on the assumption that they run in one worker. If a pytest or
# pytest-xdist release stops keeping groups together, the suite would silently run those
# fixtures once per worker; this check makes that a failure of the run instead.

_GROUP_WORKERS: dict[str, set[str]] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    node = getattr(report, "node", None)  # set on the xdist controller only
    if node is None or report.when != "call" or "@" not in report.nodeid:
        return
    group = report.nodeid.rsplit("@", 1)[1]
    _GROUP_WORKERS.setdefault(group, set()).add(str(node.gateway.id))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    split = {
        group: sorted(workers) for group, workers in _GROUP_WORKERS.items() if len(workers) > 1
    }
    if split:
        session.config.get_terminal_writer().line(
            f"xdist groups ran in several workers (their shared fixtures ran more than once): {split}",
            red=True,
        )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED

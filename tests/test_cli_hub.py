"""A Hub source as typed in a shell, against the local Hub (`tests/fakes/hub_server.py`):
a revision that does not exist says so and names the fix; it is not "Hub not reachable"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hf_datasets.publishing.export import export_dataset
from tests.fakes.hub_server import HubServer

ROOT = Path(__file__).resolve().parents[1]
REPO = "vpt-org/isle-brick-demo"


def _env(hub: HubServer, tmp_path: Path) -> dict[str, str]:
    skip = ("HF_HUB_OFFLINE", "INSPECT_DISPLAY")
    env = {key: value for key, value in os.environ.items() if key not in skip}
    env.update(
        HF_ENDPOINT=hub.url,
        HF_HUB_DISABLE_XET="1",
        HF_TOKEN="dummy",
        HF_HOME=str(tmp_path / "hf_home"),
        HF_DATASETS_CACHE=str(tmp_path / "hf_datasets_cache"),
        VPT_TASKS_CACHE=str(tmp_path / "vpt_cache"),
        INSPECT_DISPLAY="plain",
        NO_COLOR="1",
        COLUMNS="200",
    )
    return env


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False
    )


def test_a_revision_that_does_not_exist_says_so_and_names_the_fix(tmp_path: Path) -> None:
    out = tmp_path / "export"
    export_dataset("isle_brick", "demo", out, command="test export")
    with HubServer(lifetime=280) as hub:
        env = _env(hub, tmp_path)
        published = _run(
            [sys.executable, "hf_datasets/publish.py", "publish", str(out), "--repo-id", REPO],
            env,
        )
        assert published.returncode == 0, published.stderr[-2000:]
        logs = tmp_path / "logs"
        result = _run(
            [
                sys.executable, "-m", "inspect_ai", "eval", "vpt_tasks/isle_brick",
                "-T", f"source={REPO}@no-such-tag", "-T", "grader=rules",
                "--model", "vpt_tasks/random", "--log-dir", str(logs),
            ],
            env,
        )  # fmt: skip
    said = " ".join((result.stdout + result.stderr).split())
    assert result.returncode != 0 and "Traceback" not in said
    assert "That revision does not exist in the repository" in said
    assert "check the part after '@'" in said
    assert "not reachable" not in said
    assert ".." not in said.replace("...", "")  # one sentence end, not the library's and ours
    assert not logs.exists() or not list(logs.iterdir())  # refused before any model call

"""Fixtures for the publishing tests: a local Hub and clients pointed at it.

The suite runs with HF_HUB_OFFLINE=1 and `huggingface_hub` has read its
endpoint at import, so in-process clients get both patched here; the end-to-end
tests run the real commands in subprocesses with `hub_env`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fakes.hub_server import HubServer


@pytest.fixture
def hub() -> Iterator[HubServer]:
    with HubServer(lifetime=120) as server:
        yield server


@pytest.fixture
def online_hub(hub: HubServer, monkeypatch: pytest.MonkeyPatch) -> HubServer:
    """The local Hub, with in-process `huggingface_hub` clients online and pointed at it."""
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    monkeypatch.setattr(constants, "HF_HUB_DISABLE_XET", True)
    monkeypatch.setattr(constants, "ENDPOINT", hub.url)
    monkeypatch.setattr(
        constants,
        "HUGGINGFACE_CO_URL_TEMPLATE",
        hub.url + "/{repo_id}/resolve/{revision}/{filename}",
    )
    return hub


@pytest.fixture
def hub_env(hub: HubServer, tmp_path: Path) -> dict[str, str]:
    """Environment for a subprocess that talks to the local Hub with fresh caches."""
    env = {key: value for key, value in os.environ.items() if key != "HF_HUB_OFFLINE"}
    env.update(
        HF_ENDPOINT=hub.url,
        HF_HUB_DISABLE_XET="1",
        HF_TOKEN="dummy",
        HF_HOME=str(tmp_path / "hf_home"),
        HF_DATASETS_CACHE=str(tmp_path / "hf_datasets_cache"),
        VPT_TASKS_CACHE=str(tmp_path / "vpt_cache"),
        INSPECT_DISPLAY="none",
    )
    return env

"""Loading of the per-benchmark YAML files in `task_configs/`.

The YAML files hold a benchmark's *data* — prompts verbatim, answer
vocabularies, dataset ids and pinned revisions — while behaviour stays in
Python. They ship inside the wheel as `vpt_tasks/task_configs/`; in an editable
install they are read from the repository's top-level `task_configs/`.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path
from typing import Any

from vpt_tasks.core.errors import ConfigError


def config_dir() -> Path:
    """The directory holding the task configuration YAML files."""
    packaged = Path(str(resources.files("vpt_tasks"))) / "task_configs"
    if packaged.is_dir():
        return packaged
    # editable install: src/vpt_tasks/core/config.py -> <repo>/task_configs
    repository = Path(__file__).resolve().parents[3] / "task_configs"
    if repository.is_dir():
        return repository
    raise ConfigError(
        f"vpt_tasks cannot find its task_configs directory (looked in {packaged} and "
        f"{repository}); reinstall the package with `pip install vpt-tasks`."
    )


@functools.cache
def load_config(name: str) -> dict[str, Any]:
    """Parse `task_configs/<name>.yaml` (cached; treat the result as read-only)."""
    import yaml

    path = config_dir() / f"{name}.yaml"
    if not path.is_file():
        raise ConfigError(f"No task configuration {path}; reinstall vpt-tasks.")
    with path.open(encoding="utf-8") as handle:
        data = yaml.safe_load(handle)
    if not isinstance(data, dict):
        raise ConfigError(f"{path} must hold a YAML mapping at its top level.")
    return data

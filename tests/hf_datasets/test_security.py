"""A dataset cannot make an eval read a file outside itself: not from a local folder, not from the Hub.

An image cell given as `{"bytes": null, "path": "/some/file.png"}` would make a
naive loader read that file, embed it in the log and send it to the model
provider. These tests write such datasets (the secret file is a real PNG with a
marker in its metadata), run the task the way a user does, and check that the
run is refused before any model call and that the bytes appear nowhere.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from inspect_ai import eval
from PIL import Image, PngImagePlugin

from hf_datasets.builders.synthetic.isle_brick import paper_style_scenes
from tests.fakes.hub_server import HubServer
from vpt_tasks.core.canonical import write_dataset
from vpt_tasks.core.errors import SourceError
from vpt_tasks.isle_brick.spec import CANONICAL_SCHEMA

ROOT = Path(__file__).resolve().parents[2]
MARKER = b"vpt-secret-marker-4711"


def _secret(tmp_path: Path) -> Path:
    info = PngImagePlugin.PngInfo()
    info.add_text("note", MARKER.decode())
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), "black").save(buffer, format="PNG", pnginfo=info)
    path = tmp_path / "private" / "secret.png"
    path.parent.mkdir()
    path.write_bytes(buffer.getvalue())
    assert MARKER in path.read_bytes()
    return path


def _pointing_dataset(folder: Path, target: str) -> Path:
    rows = paper_style_scenes(size=16, seed=2)[:3]
    rows[1]["image"] = {"bytes": None, "path": target}
    return write_dataset(folder, rows, CANONICAL_SCHEMA, pretty_name="pointing", license="mit")


def _nowhere(folder: Path) -> None:
    for file in folder.rglob("*"):
        if file.is_file():
            assert MARKER not in file.read_bytes(), f"the secret reached {file}"


@pytest.mark.parametrize("how", ["absolute", "relative"])
def test_a_local_dataset_pointing_outside_itself_is_refused(tmp_path: Path, how: str) -> None:
    secret = _secret(tmp_path)
    source = tmp_path / "data_dir"
    target = str(secret) if how == "absolute" else "../private/secret.png"
    _pointing_dataset(source, target)
    logs = tmp_path / "logs"
    with pytest.raises(SourceError, match=r"row 1 .*(outside the source directory)"):
        eval(
            "vpt_tasks/isle_brick",
            task_args={"source": str(source)},
            model="vpt_tasks/random",
            log_dir=str(logs),
            display="none",
        )
    assert not logs.exists() or not list(logs.iterdir())  # refused while building: no log
    _nowhere(tmp_path / "logs")
    _nowhere(Path(os.environ["VPT_TASKS_CACHE"]))


def test_a_hub_dataset_pointing_at_a_local_file_is_refused(
    online_hub: HubServer, hub_env: dict[str, str], tmp_path: Path
) -> None:
    secret = _secret(tmp_path)
    folder = _pointing_dataset(tmp_path / "upload", str(secret))
    repo = "vpt-org/pointing"
    from huggingface_hub import HfApi

    # uploaded with the plain Hub client, as anyone could (publish.py would validate it first)
    api = HfApi(token="dummy")
    api.create_repo(repo, repo_type="dataset", exist_ok=True)
    api.upload_folder(repo_id=repo, repo_type="dataset", folder_path=str(folder))
    logs = tmp_path / "logs"
    result = subprocess.run(
        [sys.executable, "-m", "inspect_ai", "eval", "vpt_tasks/isle_brick"]
        + ["-T", f"source={repo}", "--model", "vpt_tasks/random", "--log-dir", str(logs)],
        check=False,
        cwd=ROOT,
        env={**hub_env, "INSPECT_DISPLAY": "plain"},  # `none` also silences prerequisite errors
        capture_output=True,
        text=True,
        timeout=240,
    )
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "instead of embedded bytes" in output and "Traceback" not in output, output[-2000:]
    assert not logs.exists() or not list(logs.rglob("*.eval"))
    for folder in (hub_env["VPT_TASKS_CACHE"], hub_env["HF_DATASETS_CACHE"], logs):
        _nowhere(Path(folder))


@pytest.mark.parametrize("how", ["absolute", "relative"])
def test_the_authors_csv_naming_a_file_outside_its_folder_is_refused(
    tmp_path: Path, how: str
) -> None:
    """Isle-Dots from the authors' CSV (`-T source=DIR`): `id_image` may name only files next to it."""
    secret = _secret(tmp_path)
    folder = tmp_path / "authors"
    folder.mkdir()
    target = str(secret) if how == "absolute" else "../private/secret.png"
    (folder / "data.csv").write_text(
        "id_image,question,gold_answer,partition,type_of_dataset,task\n"
        f"{target},How many dots can the figure see?,2,1,isle-dots,perspective-taking\n",
        encoding="utf-8",
    )
    logs = tmp_path / "logs"
    with pytest.raises(SourceError, match="points outside the source directory"):
        eval(
            "vpt_tasks/isle_dots",
            task_args={"source": str(folder)},
            model="vpt_tasks/random",
            log_dir=str(logs),
            display="none",
        )
    if logs.exists():
        _nowhere(logs)

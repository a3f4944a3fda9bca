"""`publish` uploads through the real `huggingface_hub` client, and the tasks load the result.

The acceptance test runs the two user commands in subprocesses pointed at the
local Hub (`HF_ENDPOINT`, `HF_HUB_DISABLE_XET=1`, online, fresh caches):
`python hf_datasets/publish.py publish ...` and
`python -m inspect_ai eval vpt_tasks/isle_brick -T source=ORG/NAME ...`.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hf_datasets.builders.synthetic.isle_brick import paper_style_scenes
from hf_datasets.publishing import ExportError
from hf_datasets.publishing.export import export_dataset, parse_size
from hf_datasets.publishing.hub import publish_folder
from tests.fakes.hub_server import HubServer
from vpt_tasks.core.canonical import write_dataset
from vpt_tasks.isle_brick.spec import CANONICAL_SCHEMA as ISLE_BRICK_FEATURES

ROOT = Path(__file__).resolve().parents[2]
REPO = "vpt-org/isle-brick-demo"


def _exported(tmp_path: Path, name: str = "out", source: str = "demo", **kwargs) -> Path:
    out = tmp_path / name
    export_dataset("isle_brick", source, out, command="test export", **kwargs)
    return out


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, check=False, cwd=ROOT, env=env, capture_output=True, text=True, timeout=240
    )


def test_publish_then_run_the_task_from_the_hub(
    hub: HubServer, hub_env: dict[str, str], tmp_path: Path
) -> None:
    out = _exported(tmp_path)
    published = _run(
        [
            sys.executable,
            "hf_datasets/publish.py",
            "publish",
            str(out),
            "--repo-id",
            REPO,
            "--revision-message",
            "first",
        ],
        hub_env,
    )
    assert published.returncode == 0, published.stderr
    sha = published.stdout.strip()
    assert re.fullmatch(r"[0-9a-f]{40}", sha), published.stdout
    assert f"-T source={REPO}@{sha}" in published.stderr
    assert "grader" not in published.stderr  # the task is built to validate, not to run
    # the Hub holds exactly the exported folder, the parquet file stored through LFS
    files = hub.files(REPO)
    local = {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert {k: v for k, v in files.items() if k != ".gitattributes"} == local
    assert hub.lfs_paths(REPO) == ["data/test-00000-of-00001.parquet"]
    assert hub.history(REPO)[0].oid == sha and hub.history(REPO)[0].title == "first"

    logs = tmp_path / "logs"
    evaluated = _run(
        [
            sys.executable,
            "-m",
            "inspect_ai",
            "eval",
            "vpt_tasks/isle_brick",
            "-T",
            f"source={REPO}",
            "--model",
            "vpt_tasks/random",
            "--log-dir",
            str(logs),
            "--display",
            "none",
        ],
        hub_env,
    )
    assert evaluated.returncode == 0, evaluated.stderr[-3000:]
    from inspect_ai.log import read_eval_log

    [log_file] = list(logs.glob("*.eval"))
    log = read_eval_log(str(log_file), header_only=True)
    assert log.status == "success"
    # pin_revision asked the Hub for the current commit and the run read exactly that commit
    assert log.eval.metadata["source"] == {
        "kind": "hub",
        "location": REPO,
        "revision": sha,
        "config_name": None,
        "split": "test",
    }
    assert log.results.total_samples == log.results.completed_samples == 56
    assert hub.requests["no_route"] == 0, [e for e in hub.log if e[2] == 404]
    assert not [entry for entry in hub.log if entry[2] >= 500 or entry[2] in (400, 401)]


def test_republishing_makes_a_new_revision_and_old_pins_still_load(
    online_hub: HubServer, hub_env: dict[str, str], tmp_path: Path
) -> None:
    first = publish_folder(_exported(tmp_path, "v1"), REPO, message="v1")
    assert first.changed and first.validation.rows == 8
    rows = paper_style_scenes(size=16, seed=5)[:12]
    source = write_dataset(
        tmp_path / "generated", rows, ISLE_BRICK_FEATURES, pretty_name="generated"
    )
    second = publish_folder(
        _exported(tmp_path, "v2", str(source), max_shard_size=parse_size("1KB")), REPO
    )
    assert second.changed and second.commit != first.commit
    # old shards that the new snapshot does not have are deleted in the same commit
    new_files = sorted(p for p in online_hub.files(REPO) if p.startswith("data/"))
    assert (
        new_files
        and all(p.endswith(f"-of-{len(new_files):05d}.parquet") for p in new_files)
        and len(new_files) > 1
    )
    assert "data/test-00000-of-00001.parquet" in online_hub.files(REPO, revision=first.commit)
    again = publish_folder(tmp_path / "v2", REPO)
    assert not again.changed and again.commit == second.commit
    assert [c.title for c in online_hub.history(REPO)][-1] == "initial commit" and len(
        online_hub.history(REPO)
    ) == 3

    copy = tmp_path / "copy"
    script = textwrap.dedent(
        f"""
        import sys
        from vpt_tasks.core.sources import Upstream, load_table, pin_revision, resolve_source
        for value in ("{REPO}@{first.commit}", "{REPO}@{second.commit}", "{REPO}"):
            source = pin_revision(resolve_source(value, benchmark="isle_brick", upstream=Upstream("-"), split="test"))
            print(source.revision, len(load_table(source)))
        sys.path.insert(0, "hf_datasets")
        from publishing.export import export_dataset
        print(export_dataset("isle_brick", "{REPO}@{first.commit}", r"{copy}", command="copy").rows)
        """
    )
    loaded = _run([sys.executable, "-c", script], hub_env)
    assert loaded.returncode == 0, loaded.stderr[-3000:]
    assert loaded.stdout.split() == [
        first.commit,
        "8",
        second.commit,
        "12",
        second.commit,
        "12",
        "8",
    ]
    # an export of a Hub dataset records the commit it read and keeps the card of that snapshot
    from huggingface_hub import DatasetCard

    card = DatasetCard.load(copy / "README.md").data
    assert card["vpt_tasks"]["source"] == {
        "value": f"{REPO}@{first.commit}",
        "kind": "hub",
        "revision": first.commit,
        "split": "test",
    }
    assert (
        card["license"] == "cc-by-4.0"
        and card["vpt_tasks"]["derived_from"]["source"]["value"] == "demo"
    )


def test_publish_checks_the_folder_before_any_request(
    online_hub: HubServer, tmp_path: Path
) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(ExportError, match="has no README.md"):
        publish_folder(tmp_path / "empty", REPO)
    with pytest.raises(ExportError, match="not a directory"):
        publish_folder(tmp_path / "missing", REPO)
    with pytest.raises(ExportError, match="ORG/NAME"):
        publish_folder(tmp_path / "empty", "just-a-name")
    assert online_hub.log == []


def test_rejected_token_names_the_fix(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from huggingface_hub import constants

    out = _exported(tmp_path)
    with HubServer(token="secret", lifetime=60) as hub:
        monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
        monkeypatch.setattr(constants, "HF_HUB_DISABLE_XET", True)
        monkeypatch.setattr(constants, "ENDPOINT", hub.url)
        with pytest.raises(
            ExportError,
            match=rf"Publishing to {hub.url}/datasets/{REPO} failed.*HF_TOKEN.*write access",
        ):
            publish_folder(out, REPO, token="wrong")
        assert hub.requests["create_repo"] == 0 and ("POST", "/api/repos/create", 401) in hub.log
        assert publish_folder(out, REPO, token="secret").changed


def test_offline_publishing_says_so(tmp_path: Path) -> None:
    out = _exported(tmp_path)  # the suite runs with HF_HUB_OFFLINE=1
    with pytest.raises(ExportError, match="HF_HUB_OFFLINE is set: unset it to publish"):
        publish_folder(out, REPO)

"""Bad COMFORT inputs through the user's path (the task on data the test writes): oversized
archive members, non-finite angles, incomplete paths, corrupt log-probabilities."""

from __future__ import annotations

import json
import math
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hf_datasets.builders.synthetic.comfort import canonical_rows
from tests.fakes.openai_server import OpenAIServer, Reply, last_user_text
from tests.helpers import in_own_process, metrics, run
from vpt_tasks.comfort.spec import CANONICAL_SCHEMA
from vpt_tasks.comfort.task import comfort_ball
from vpt_tasks.comfort.upstream import MAX_IMAGE_BYTES
from vpt_tasks.core.canonical import write_dataset
from vpt_tasks.core.errors import SourceError
from vpt_tasks.report.logs import sample_scores
from vpt_tasks.scorers.yes_probability import score_p

PATH = "comfort_ball/behind/default"


def _unpacked(upstream_dir: Callable[..., Path]) -> Path:
    return upstream_dir(["comfort_ball"], relations=["behind"], variations=["default"])


def test_an_oversized_archive_member_is_refused_before_it_is_read(
    upstream_dir: Callable[..., Path], tmp_path: Path
) -> None:
    """A zip of a few hundred KB whose frame unpacks to 80 MiB: refused, never read whole."""
    tree = _unpacked(upstream_dir)
    source = tmp_path / "source"
    source.mkdir()
    big = 80 * 2**20
    assert big > MAX_IMAGE_BYTES
    with zipfile.ZipFile(source / "comfort_ball.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(p for p in tree.rglob("*") if p.is_file()):
            name = path.relative_to(tree).as_posix()
            if name == f"{PATH}/0.png":
                with archive.open(name, "w") as member:  # streamed: the test holds 1 MiB
                    for _ in range(big // 2**20):
                        member.write(bytes(2**20))
            else:
                archive.write(path, name)
    assert (source / "comfort_ball.zip").stat().st_size < 2**20
    message = rf"{PATH}/0\.png is 83,886,080 bytes.*not read"
    with pytest.raises(SourceError, match=message):
        comfort_ball(source=str(source))
    refused, peak = in_own_process(_PEAK_PROBE, str(source)).split()
    assert refused == "refused"
    assert int(peak) < big / 20, (
        f"peak {int(peak) / 2**20:.1f} MiB for an {big / 2**20:.0f} MiB member"
    )


_PEAK_PROBE = """  # run by in_own_process: tracemalloc counts every thread of a process
import sys, tracemalloc
from vpt_tasks.comfort.task import comfort_ball
from vpt_tasks.core.errors import SourceError
for measured in (False, True):  # the first call loads the conversion's imports
    if measured:
        tracemalloc.start()
    try:
        comfort_ball(source=sys.argv[1])
    except SourceError as error:
        assert "not read" in str(error), error
    else:
        raise SystemExit("the oversized member was not refused")
print("refused", tracemalloc.get_traced_memory()[1])
"""


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_a_non_finite_angle_in_config_json_names_the_file_and_key(
    upstream_dir: Callable[..., Path], value: float
) -> None:
    root = _unpacked(upstream_dir)
    config_file = root / PATH / "config.json"
    config = json.loads(config_file.read_text())
    config["mapping"]["3.png"] = value
    config_file.write_text(json.dumps(config))  # writes NaN / Infinity, as Python's json does
    assert ("NaN" if math.isnan(value) else "Infinity") in config_file.read_text()
    with pytest.raises(
        SourceError, match=rf"{PATH}/config\.json mapping\['3\.png'\] = .* not a finite angle"
    ):
        comfort_ball(source=str(root))


def _drop_frames(root: Path, frames: list[int]) -> None:
    config_file = root / PATH / "config.json"
    config = json.loads(config_file.read_text())
    for frame in frames:
        (root / PATH / f"{frame}.png").unlink()
        del config["mapping"][f"{frame}.png"]
    config_file.write_text(json.dumps(config))


@pytest.mark.parametrize(
    ("dropped", "named"),
    [([36], "36"), ([5], "5"), (list(range(3, 37)), "3-36"), ([4, 5, 6, 20], "4-6, 20")],
    ids=["frames 0..35 only", "a gap", "3 frames", "two gaps"],
)
def test_an_incomplete_path_is_refused(
    upstream_dir: Callable[..., Path], dropped: list[int], named: str
) -> None:
    root = _unpacked(upstream_dir)
    _drop_frames(root, dropped)
    with pytest.raises(SourceError, match=rf"path {PATH} lacks frame\(s\) {named} of the 37"):
        comfort_ball(source=str(root))


def test_an_incomplete_path_in_the_canonical_layout_is_refused(tmp_path: Path) -> None:
    rows = canonical_rows("comfort_ball", relations=["behind"], variations=["default"], size=8)
    write_dataset(tmp_path / "canon", rows[:36], CANONICAL_SCHEMA, pretty_name="t")
    with pytest.raises(SourceError, match=r"lacks frame\(s\) 36 .*use -T thetas"):
        comfort_ball(source=str(tmp_path / "canon"))


def test_corrupt_log_probabilities_leave_the_sample_unscored_and_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """1e308 (math.exp overflows) and NaN (was read as probability 0): unscored, counted."""
    monkeypatch.setenv("LOCAL_API_KEY", "x")
    replies = {
        "in front of": Reply("Yes", [("Yes", 1e308), ("No", -1.0)]),
        "behind": Reply("No", [("No", math.nan), ("Yes", -0.5)]),
        "to the left of": Reply("Yes", [("Yes", 1e-9), ("No", -30.0)]),  # round-off: p ~ 1
        "to the right of": Reply("No", [("No", -0.1), ("Yes", -2.3)]),
    }

    def respond(request: dict[str, Any]) -> Reply:
        text = last_user_text(request)
        return next(reply for phrase, reply in replies.items() if f" {phrase} the " in text)

    with OpenAIServer(respond) as server:
        log = run(
            comfort_ball(source="demo", thetas=[-90, 0]),
            "openai-api/local/test-model",
            tmp_path,
            model_base_url=server.base_url,
        )
    by_relation: dict[str, list] = {}
    for sample in log.samples:
        by_relation.setdefault(sample.metadata["relation"], []).append(
            sample.scores["yes_probability"]
        )
    for relation in ("infrontof", "behind"):
        for score in by_relation[relation]:
            assert score.metadata["method"] == "invalid" and score.metadata["p"] is None
            assert score.metadata["invalid_logprobs"] is True
            assert "not a log-probability" in score.explanation
    assert [s.value for s in by_relation["totheleft"]] == pytest.approx([1.0, 1.0])
    assert {s.metadata["method"] for s in by_relation["totheright"]} == {"logprobs"}
    values = metrics(log)
    assert values["no_yes_no_rate"] == 0.5 and all(math.isfinite(v) for v in values.values())
    scores = sample_scores(log)
    assert sum(score_p(s) is None for s in scores) == 4

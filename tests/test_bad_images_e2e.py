"""Bad images and baseline arguments through the user's path (`inspect_ai.eval`).

The image store's unit tests (`tests/core/test_images.py`) check each case in
isolation; these run a task on a dataset holding the bad image, as a user
would, and check the outcome: formats providers refuse are sent as PNG, and
images that cannot be sent are refused before any model call with the row named.
"""

from __future__ import annotations

import base64
import io
from pathlib import Path

import pytest
from inspect_ai import eval
from inspect_ai.log import resolve_sample_attachments
from inspect_ai.model import ContentImage
from PIL import Image

from hf_datasets.builders.synthetic.isle_brick import paper_style_scenes
from vpt_tasks.core.canonical import write_dataset
from vpt_tasks.core.errors import SourceError
from vpt_tasks.isle_brick.spec import CANONICAL_SCHEMA


def _dataset(folder: Path, image: bytes) -> Path:
    rows = paper_style_scenes(size=16, seed=3)[:2]
    rows[1]["image"] = {"bytes": image, "path": None}
    return write_dataset(folder, rows, CANONICAL_SCHEMA, pretty_name="bad images", license="mit")


def _encoded(fmt: str, frames: int = 1, side: int = 16) -> bytes:
    pictures = [Image.new("RGB", (side, side), colour) for colour in ("red", "blue")[:frames]]
    buffer = io.BytesIO()
    pictures[0].save(buffer, format=fmt, save_all=frames > 1, append_images=pictures[1:])
    return buffer.getvalue()


def _run(source: Path, log_dir: Path) -> list:
    return eval(
        "vpt_tasks/isle_brick",
        task_args={"source": str(source), "questions": "Q1"},
        model="vpt_tasks/random",
        log_dir=str(log_dir),
        display="none",
    )


@pytest.mark.parametrize("fmt", ["TIFF", "BMP"])
def test_a_format_providers_refuse_reaches_the_model_as_png(tmp_path: Path, fmt: str) -> None:
    (log,) = _run(_dataset(tmp_path / "data", _encoded(fmt)), tmp_path / "logs")
    assert log.status == "success" and log.samples and len(log.samples) == 2
    for sample in map(resolve_sample_attachments, log.samples):
        images = [
            part
            for message in sample.messages
            if isinstance(message.content, list)
            for part in message.content
            if isinstance(part, ContentImage)
        ]
        assert images, "every sample sends its image"
        for image in images:
            assert image.image.startswith("data:image/png;base64,")
            decoded = Image.open(io.BytesIO(base64.b64decode(image.image.split(",", 1)[1])))
            assert decoded.format == "PNG"


@pytest.mark.parametrize(
    ("image", "message"),
    [
        (b"", r"row 1.*the image is empty \(0 bytes\)"),
        (_encoded("GIF", frames=2), r"row 1.*the image is animated"),
        (b"not an image", r"row 1.*the image does not decode"),
        ("bomb", r"row 1.*the image is too large"),
    ],
    ids=["zero-byte", "animated", "undecodable", "decompression-bomb"],
)
def test_an_image_that_cannot_be_sent_is_refused_before_any_model_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, image: bytes | str, message: str
) -> None:
    if image == "bomb":
        image = _encoded("PNG", side=64)
        source = _dataset(tmp_path / "data", image)
        # row 1's 4,096 px > 2 x 1,000: PIL refuses; row 0's 256 px pass, so the row named
        # does not depend on whether an earlier test of the session cached row 0's image
        monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 1000)
    else:
        assert isinstance(image, bytes)
        source = _dataset(tmp_path / "data", image)
    with pytest.raises(SourceError, match=message):
        _run(source, tmp_path / "logs")
    assert not list((tmp_path / "logs").glob("*.eval")), "no log: refused before the run"


def test_constant_answer_yes_scores_every_comfort_sample(tmp_path: Path) -> None:
    """`-M answer=yes` (a YAML boolean on the command line) answers "Yes", so nothing goes unscored."""
    (log,) = eval(
        "vpt_tasks/comfort_ball",
        task_args={"source": "demo"},
        model="vpt_tasks/constant",
        model_args={"answer": True},
        log_dir=str(tmp_path / "logs"),
        display="none",
        limit=12,
    )
    assert log.status == "success" and log.results is not None
    details = {name: m.value for s in log.results.scores for name, m in s.metrics.items()}
    assert log.samples and all(s.output.completion == "Yes" for s in log.samples)
    assert details.get("no_yes_no_rate", 0.0) == 0.0

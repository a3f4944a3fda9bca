"""The image store: images come from the dataset's own bytes or files inside the source, validated once."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from vpt_tasks.core import images
from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.images import ImageStore, image_bytes


def _picture(fmt: str = "PNG", size: tuple[int, int] = (8, 8), **save: object) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(buffer, format=fmt, **save)
    return buffer.getvalue()


def test_embedded_bytes_are_stored_once_under_their_hash(tmp_path: Path) -> None:
    store = ImageStore(tmp_path)
    first = store.put(_picture(), where="row 0")
    again = store.put({"bytes": _picture(), "path": "ignored.png"}, where="row 1")
    assert (
        first == again and Path(first).suffix == ".png" and Path(first).read_bytes() == _picture()
    )


def test_a_path_outside_the_source_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "elsewhere" / "secret.png"
    secret.parent.mkdir()
    secret.write_bytes(_picture())
    source = tmp_path / "source"
    (source / "images").mkdir(parents=True)
    store = ImageStore(tmp_path / "cache")
    for value, base in (
        ({"bytes": None, "path": str(secret)}, None),  # no source directory: only bytes
        ({"bytes": None, "path": str(secret)}, source),  # absolute path outside
        ({"bytes": None, "path": "../elsewhere/secret.png"}, source),  # relative escape
    ):
        with pytest.raises(SourceError, match="row 3"):
            store.put(value, where="row 3", base=base)
    link = source / "images" / "link.png"
    link.symlink_to(secret)
    with pytest.raises(SourceError, match="outside the source directory"):
        store.put({"bytes": None, "path": "images/link.png"}, where="row 4", base=source)
    assert not list((tmp_path / "cache").rglob("*.png"))


def test_a_path_inside_the_source_is_read(tmp_path: Path) -> None:
    (tmp_path / "images").mkdir()
    (tmp_path / "images" / "a.png").write_bytes(_picture())
    store = ImageStore(tmp_path / "cache")
    stored = store.put({"bytes": None, "path": "images/a.png"}, where="row 0", base=tmp_path)
    assert Path(stored).read_bytes() == _picture()
    absolute = str(tmp_path / "images" / "a.png")
    assert image_bytes({"bytes": None, "path": absolute}, where="r", base=tmp_path) == _picture()


@pytest.mark.parametrize("value", [b"", {"bytes": b"", "path": None}])
def test_an_empty_image_says_so(value: object, tmp_path: Path) -> None:
    with pytest.raises(SourceError, match=r"row 9: the image is empty \(0 bytes\)"):
        ImageStore(tmp_path).put(value, where="row 9")


@pytest.mark.parametrize("fmt", ["TIFF", "BMP", "ICO"])
def test_formats_providers_refuse_are_stored_as_png(fmt: str, tmp_path: Path) -> None:
    stored = Path(ImageStore(tmp_path).put(_picture(fmt, (16, 16)), where="row 0"))
    assert stored.suffix == ".png"
    with Image.open(stored) as picture:
        assert picture.format == "PNG" and picture.size == (16, 16)


def test_an_animated_image_is_refused(tmp_path: Path) -> None:
    frames = [Image.new("RGB", (8, 8), colour) for colour in ("red", "blue")]
    buffer = io.BytesIO()
    frames[0].save(buffer, format="GIF", save_all=True, append_images=frames[1:])
    with pytest.raises(SourceError, match="row 2: the image is animated"):
        ImageStore(tmp_path).put(buffer.getvalue(), where="row 2")


def test_a_decompression_bomb_is_a_source_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 10)  # 64 px > 2 x 10: PIL refuses to decode
    with pytest.raises(SourceError, match="row 1: the image is too large"):
        ImageStore(tmp_path).put(_picture(size=(8, 8)), where="row 1")


def test_an_undecodable_image_names_the_row(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="row 5: the image does not decode"):
        ImageStore(tmp_path).put(b"not an image", where="row 5")


def test_a_stored_image_is_not_decoded_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = ImageStore(tmp_path)
    first = store.put(_picture(), where="row 0")

    def fail(*args: object, **kwargs: object) -> object:
        raise AssertionError("decoded again")

    monkeypatch.setattr(images, "_validated", fail)
    assert store.put(_picture(), where="row 1") == first


@pytest.mark.parametrize(
    ("data", "what"),
    [
        (b"<!DOCTYPE html><html><body>hi</body></html>", "an HTML page"),
        (b'<svg xmlns="http://www.w3.org/2000/svg"></svg>', "an SVG drawing"),
        (b"%PDF-1.4\n%\xe2\xe3", "a PDF document"),
    ],
)
def test_a_cell_that_is_not_a_picture_says_what_it_is(
    tmp_path: Path, data: bytes, what: str
) -> None:
    with pytest.raises(SourceError, match=f"row 3: the image cell holds {what}") as caught:
        ImageStore(tmp_path).put(data, where="row 3")
    assert "object at 0x" not in str(caught.value)


def test_an_image_larger_than_providers_take_is_refused_before_the_run(
    tmp_path: Path, recwarn: pytest.WarningsRecorder
) -> None:
    with pytest.raises(SourceError, match=r"12000×9000 pixels; model providers refuse or shrink"):
        ImageStore(tmp_path).put(_picture(size=(12000, 9000)), where="row 1")
    assert not [w for w in recwarn if "DecompressionBomb" in str(w.category)]

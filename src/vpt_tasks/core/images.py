"""A content-addressed store that turns dataset image bytes into files.

Inspect's `ContentImage` takes a path, a data URI or a URL and base64-encodes
the file when a sample starts. Writing each distinct image once, named by the
SHA-256 of its bytes, lets many samples (seven questions of a scene, four
prompts of a frame, k rotations of an item) reference one file instead of
holding a copy of the bytes each, and makes repeated runs skip the work.

Every image is fully decoded once before it is stored, so a corrupt image
fails the run before any model call, naming the row it came from. It is stored
upright: an EXIF orientation tag is applied once, here (`ImageOps.exif_transpose`),
so every condition of a task (with or without an image intervention) shows the
model the same picture.

What the store hands back is what was stored: a file's name carries the SHA-256
of its bytes (`<source hash>.<ext>`, or `<source hash>-<stored hash>.<ext>` when
the stored bytes differ from the source's: converted to PNG, turned upright), and
the first use of an entry in a process checks the file against it. A truncated or
swapped entry is treated as missing and written again.
"""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
import warnings
from pathlib import Path
from typing import Any

from vpt_tasks.core.cache import CACHE_ENV, default_cache_dir, writing
from vpt_tasks.core.contained import inside
from vpt_tasks.core.errors import SourceError

__all__ = ["CACHE_ENV", "PROVIDER_FORMATS", "ImageStore", "default_cache_dir", "image_bytes"]

PROVIDER_FORMATS: dict[str, str] = {
    "png": "png",
    "jpeg": "jpg",
    "mpo": "jpg",
    "gif": "gif",
    "webp": "webp",
}
"""Formats every model provider accepts (PIL format -> file extension); others are stored as PNG."""

_VERIFIED: set[str] = set()
"""Cache files checked against their name in this process."""


class ImageStore:
    """Write validated image bytes once, under a name derived from their hash."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = (root or default_cache_dir()) / "images"

    def put(self, image: Any, *, where: str, base: Path | None = None) -> str:
        """Store `image` and return the path of its file.

        An image already in the store (same SHA-256 of its source bytes) is not
        decoded again: its file is checked against its name once per process, and
        written again if it is not what was stored. A new image is fully decoded;
        an EXIF orientation is applied; a still image in a format some providers
        refuse (TIFF, BMP, ICO, ...) is stored as PNG, and an animated one is refused.

        Args:
            image: raw bytes, or a `datasets` Image value (`{"bytes", "path"}`).
            where: which source row this is, for the error message.
            base: the source's own directory, when it is one: a path-only image
                value may name a file inside it (and nothing outside it).
        """
        data = image_bytes(image, where=where, base=base)
        digest = hashlib.sha256(data).hexdigest()
        folder = self.root / digest[:2]
        for existing in sorted(folder.glob(f"{digest}*")) if folder.is_dir() else []:
            if _intact(existing, digest):
                return str(existing)
        extension, stored = _validated(data, where=where)
        stored_digest = hashlib.sha256(stored).hexdigest()
        name = digest if stored_digest == digest else f"{digest}-{stored_digest[:16]}"
        target = folder / f"{name}.{extension}"
        with writing(target, "an image"):
            folder.mkdir(parents=True, exist_ok=True)
            # write atomically: concurrent runs may store the same image
            handle = tempfile.NamedTemporaryFile(dir=folder, delete=False)
            try:
                with handle:
                    handle.write(stored)
                os.replace(handle.name, target)
            except BaseException:
                Path(handle.name).unlink(missing_ok=True)
                raise
        _VERIFIED.add(str(target))
        return str(target)


def _intact(path: Path, digest: str) -> bool:
    """Whether a cache file holds the bytes its name says (checked once per process)."""
    if str(path) in _VERIFIED:
        return True
    stem = path.name.split(".", 1)[0]
    source, _, stored = stem.partition("-")
    if source != digest:
        return False
    try:
        actual = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return False
    if not actual.startswith(stored or digest):
        return False
    _VERIFIED.add(str(path))
    return True


def image_bytes(image: Any, *, where: str, base: Path | None = None) -> bytes:
    """Bytes of an image given as bytes or as a `datasets` `{"bytes", "path"}` dict.

    A value with a path and no bytes is read only from a file inside `base` (the
    source's own directory, symlinks resolved): a dataset cannot make an eval
    read, log and send to a provider a file from elsewhere on the disk.
    """
    if isinstance(image, (bytes, bytearray)):
        return _non_empty(bytes(image), where)
    if isinstance(image, dict):
        if image.get("bytes") is not None:
            return _non_empty(bytes(image["bytes"]), where)
        path = image.get("path")
        if not path:
            raise SourceError(
                f"{where}: the image has neither bytes nor a path. Fix or drop that row."
            )
        return _read_inside(str(path), base, where)
    if image is None:
        raise SourceError(f"{where}: the image is missing (null). Fix or drop that row.")
    raise SourceError(f"{where}: unexpected image value of type {type(image).__name__}.")


def _non_empty(data: bytes, where: str) -> bytes:
    if not data:
        raise SourceError(
            f"{where}: the image is empty (0 bytes). Replace the image or drop the row."
        )
    return data


def _read_inside(path: str, base: Path | None, where: str) -> bytes:
    if base is None:
        raise SourceError(
            f"{where}: the image is given as a file path ({path!r}) instead of embedded bytes; "
            "vpt_tasks reads only images embedded in the dataset or files inside a local source's "
            "own directory. Re-export the dataset with the images embedded "
            "(python hf_datasets/publish.py export)."
        )
    root = Path(base).resolve()
    resolved = inside(base, path, where=f"{where}: the image path")
    if not resolved.is_file():
        raise SourceError(f"{where}: the image file {path!r} does not exist in {root}.")
    return _non_empty(resolved.read_bytes(), where)


def _validated(data: bytes, *, where: str) -> tuple[str, bytes]:
    """(file extension, bytes to store) of a fully decoded image, or a SourceError naming the row."""
    from PIL import Image, UnidentifiedImageError

    what = _not_an_image(data)
    if what is not None:
        raise SourceError(
            f"{where}: the image cell holds {what}, not a picture. Replace it with the image "
            "(PNG, JPEG, WebP, GIF; TIFF or BMP are converted) or drop the row."
        )
    try:
        with warnings.catch_warnings():
            # Pillow's own warning for very large images: decided here, with a plain message
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            picture = Image.open(io.BytesIO(data))
        with picture:
            width, height = picture.size
            if max(width, height) > MAX_SIDE:
                raise SourceError(
                    f"{where}: the image is {width}×{height} pixels; model providers refuse or "
                    f"shrink images larger than {MAX_SIDE} pixels on a side (Anthropic refuses "
                    "them), so the model would not see this picture as stored. Downscale it or "
                    "drop the row."
                )
            picture.load()
            image_format = (picture.format or "").lower()
            if getattr(picture, "n_frames", 1) > 1 and image_format not in ("mpo",):
                raise SourceError(
                    f"{where}: the image is animated ({picture.n_frames} frames, "
                    f"{image_format.upper()}); the tasks ask about one still image. Replace it "
                    "with a still frame or drop the row."
                )
            upright = _upright(picture)
            if upright is not None:  # an EXIF orientation: stored turned, losslessly, as PNG
                turned = io.BytesIO()
                upright.save(turned, format="PNG")
                return "png", turned.getvalue()
            if image_format in PROVIDER_FORMATS:
                return PROVIDER_FORMATS[image_format], data
            converted = io.BytesIO()
            still = (
                picture if picture.mode in ("RGB", "RGBA", "L", "LA") else picture.convert("RGBA")
            )
            still.save(converted, format="PNG")
            return "png", converted.getvalue()
    except SourceError:
        raise
    except Image.DecompressionBombError as error:
        raise SourceError(
            f"{where}: the image is too large to decode safely ({error}). Downscale it or drop the row."
        ) from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as error:
        raise SourceError(
            f"{where}: the image does not decode ({_reason(error)}). Replace the image or drop "
            "the row."
        ) from None


MAX_SIDE = 8000
"""Largest width or height stored (pixels): what every provider accepts as sent."""

_SIGNATURES = (
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a zip archive"),
    (b"<svg", "an SVG drawing (a vector image; providers take raster pictures)"),
    (b"<?xml", "an XML document (an SVG drawing?)"),
    (b"<!doctype html", "an HTML page"),
    (b"<html", "an HTML page"),
    (b"{", "JSON text"),
)


def _reason(error: BaseException) -> str:
    """Pillow's reason without the in-memory file's address ("<_io.BytesIO object at 0x...>")."""
    text = str(error)
    return "not a picture format Pillow knows" if "cannot identify image file" in text else text


def _not_an_image(data: bytes) -> str | None:
    """What the bytes are, when they are plainly not a raster picture (by their first bytes)."""
    head = data[:64].lstrip().lower()
    for signature, what in _SIGNATURES:
        if head.startswith(signature.lower()):
            return what
    return None


def _upright(picture: Any) -> Any:
    """The picture turned by its EXIF orientation tag, or None when it has none to apply."""
    from PIL import ImageOps

    orientation = picture.getexif().get(0x0112, 1)
    if orientation in (None, 1):
        return None
    turned = ImageOps.exif_transpose(picture)
    return turned if turned.mode in ("RGB", "L", "RGBA", "LA") else turned.convert("RGB")

"""A content-addressed store that turns dataset image bytes into files.

Inspect's `ContentImage` takes a path, a data URI or a URL and base64-encodes
the file when a sample starts. Writing each distinct image once, named by the
SHA-256 of its bytes, lets many samples (seven questions of a scene, four
prompts of a frame, k rotations of an item) reference one file instead of
holding a copy of the bytes each, and makes repeated runs skip the work.

Every image is fully decoded once before it is stored, so a corrupt image
fails the run before any model call, naming the row it came from.
"""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
from pathlib import Path
from typing import Any

from vpt_tasks.core.errors import SourceError

CACHE_ENV = "VPT_TASKS_CACHE"


def default_cache_dir() -> Path:
    """`$VPT_TASKS_CACHE` if set, else the user cache directory of vpt_tasks."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured).expanduser()
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("vpt_tasks"))


class ImageStore:
    """Write validated image bytes once, under a name derived from their hash."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = (root or default_cache_dir()) / "images"

    def put(self, image: Any, *, where: str) -> str:
        """Store `image` and return the path of its file.

        Args:
            image: raw bytes, or a `datasets` Image value (`{"bytes", "path"}`).
            where: which source row this is, for the error message.
        """
        data = image_bytes(image, where=where)
        digest = hashlib.sha256(data).hexdigest()
        existing = sorted(self.root.glob(f"{digest[:2]}/{digest}.*"))
        if existing:
            return str(existing[0])
        extension = _validated_extension(data, where=where)
        target = self.root / digest[:2] / f"{digest}.{extension}"
        target.parent.mkdir(parents=True, exist_ok=True)
        # write atomically: concurrent runs may store the same image
        with tempfile.NamedTemporaryFile(dir=target.parent, delete=False) as handle:
            handle.write(data)
        os.replace(handle.name, target)
        return str(target)


def image_bytes(image: Any, *, where: str) -> bytes:
    """Bytes of an image given as bytes or as a `datasets` `{"bytes", "path"}` dict."""
    if isinstance(image, (bytes, bytearray)):
        return bytes(image)
    if isinstance(image, dict):
        if image.get("bytes"):
            return bytes(image["bytes"])
        if image.get("path") and Path(image["path"]).is_file():
            return Path(image["path"]).read_bytes()
        raise SourceError(
            f"{where}: the image has no bytes and its path {image.get('path')!r} is not a file. "
            "Re-export the dataset with the image bytes embedded (see hf_datasets/)."
        )
    if image is None:
        raise SourceError(f"{where}: the image is missing (null). Fix or drop that row.")
    raise SourceError(f"{where}: unexpected image value of type {type(image).__name__}.")


def _validated_extension(data: bytes, *, where: str) -> str:
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as picture:
            picture.load()
            image_format = (picture.format or "png").lower()
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as error:
        raise SourceError(
            f"{where}: the image does not decode ({error}). Replace the image or drop the row."
        ) from None
    return {"jpeg": "jpg"}.get(image_format, image_format)

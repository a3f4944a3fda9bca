"""Thumbnails from a log's own embedded image data, never from a path.

A log is untrusted input: an image part may name any file (`/home/me/.ssh/...`,
`../../secret.png`). Reading it would copy a local file into `images/`, which goes to
the annotators. Only a `data:` URI, inline or as one of the sample's attachments, is
read; anything else gives no thumbnail (the page says so).
"""

from __future__ import annotations

import base64
import binascii
import io
from pathlib import Path
from typing import Any

THUMBNAIL = 320
"""Longest side of a thumbnail, in pixels."""
ATTACHMENT = "attachment://"


def embedded_image(sample: Any) -> bytes | None:
    """The bytes of the first image of the sample's input, if the log embeds them."""
    for message in sample.input if isinstance(sample.input, list) else []:
        content = message.content
        for part in content if not isinstance(content, str) else []:
            if getattr(part, "type", "") != "image":
                continue
            image = str(part.image)
            if image.startswith(ATTACHMENT):
                image = str((sample.attachments or {}).get(image.removeprefix(ATTACHMENT), ""))
            if image.startswith("data:") and ";base64," in image.split(",", 1)[0] + ",":
                try:
                    return base64.b64decode(image.split(",", 1)[1], validate=False)
                except (binascii.Error, ValueError):
                    return None
            return None  # a path or URL: never read
    return None


def write_thumbnail(data: bytes, target: Path) -> bool:
    """A PNG thumbnail of `data` at `target`; False when the bytes are not a picture."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as picture:
            picture.thumbnail((THUMBNAIL, THUMBNAIL))
            picture.convert("RGB").save(target, format="PNG")
        return True
    except Exception:  # noqa: BLE001 - undecodable, truncated or a decompression bomb
        return False

"""Where the images of a multi-image question go: the order of its placeholders.

Omni-Perspective questions mark their images with `<image>` placeholders
("Image 1: <image> Image 2: <image> Which view ...?"). The model must see the
text and the images in that order. `interleave_plan` turns a question into
that order once, as text segments and image indices: the dataset rejects a
question whose placeholders do not fit its images before any model call, and
lays out each sample's user message from the same plan.
"""

from __future__ import annotations

import re

Part = str | int
"""A text segment, or the 0-based index of an image in the item's `images`."""


class PlaceholderError(ValueError):
    """A question's image placeholders do not match its images."""


def interleave_plan(question: str, n_images: int, placeholder: re.Pattern[str]) -> list[Part]:
    """Split `question` at its image placeholders into text segments and image indices.

    An unnumbered placeholder takes the next image in order; a numbered one
    (`<image 2>`) takes that image (1-based). Segments are stripped and empty
    ones dropped. A question without placeholders gets all its images first,
    then its text (the usual single-image layout). Every image must be placed
    at least once and every placeholder must name an existing image.

    >>> import re
    >>> interleave_plan("A: <image> B: <image> Same?", 2, re.compile(r"<image(?:[ _]?(\\d+))?>"))
    ['A:', 0, 'B:', 1, 'Same?']
    """
    parts: list[Part] = []
    position = 0
    next_image = 0
    used: set[int] = set()
    found = False
    for match in placeholder.finditer(question):
        found = True
        _add_text(parts, question[position : match.start()])
        number = match.group(1) if match.groups() else None
        if number is None:
            index = next_image
            next_image += 1
        else:
            index = int(number) - 1
        if not 0 <= index < n_images:
            raise PlaceholderError(
                f"placeholder {match.group(0)!r} (image {index + 1}) but the item has "
                f"{n_images} image(s)"
            )
        parts.append(index)
        used.add(index)
        position = match.end()
    if not found:
        return [*range(n_images), *([question.strip()] if question.strip() else [])]
    _add_text(parts, question[position:])
    unused = [i + 1 for i in range(n_images) if i not in used]
    if unused:
        raise PlaceholderError(
            f"{len(used)} image placeholder(s) for {n_images} image(s); image(s) "
            f"{', '.join(map(str, unused))} are never placed"
        )
    return parts


def _add_text(parts: list[Part], text: str) -> None:
    if text.strip():
        parts.append(text.strip())

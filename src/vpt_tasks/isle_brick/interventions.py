"""Image interventions of the paper's Appendix B (`-T intervention=`).

The paper asks whether its models' directional bias in Q5 goes away when the
image changes; each intervention here makes one such change to every scene's
image before any model call:

| value | the image sent |
|---|---|
| `none` | the scene as it is |
| `no_objects` | the object-free twin of the scene (column `image_no_objects`: same camera and minifigure, the object and any other entities removed) |
| `human_figure` | the scene with a human figure in place of the minifigure (column `image_human_figure`); the question is unchanged, where the paper photographed a real person and asked about "the person" |
| `zoom=N` | a crop around the minifigure, (100 − N)% of the image's width and height, scaled back to the image's size (the paper's levels: N = 10, 30, 50; it does not say how it zoomed) |
| `cardinal_markers` | N / E / S / W labels drawn at the top / right / bottom / left edge centres |

Several combine, as the paper's "zoom on the object-free tasks" does:
`-T intervention=no_objects,zoom=30` (a YAML list, or `no_objects+zoom=30`).
They are applied in a fixed order -- the twin image first, then the zoom, then
the markers -- and named by their canonical label (`no_objects+zoom=30`).

**Zoom.** The crop window is centred on the middle of the minifigure's box
(column `figure_box`, which the renderer writes: the projected box of the
minifigure in the image), grown to hold the whole box if it would cut the
figure, and shifted to stay inside the image. A source without boxes (the
upstream photographs, a dataset without the column, or a null box) gets a
crop centred on the image instead. Each sample's metadata says which
(`zoom_centre`: `figure_box` or `image_centre`, and `crop` = [left, top, right,
bottom] in fractions of the image); the task metadata counts them and a
warning names the scenes without a box.

**Cardinal markers.** A white square, its side 10% of the image's shorter side
(at least 12 px), with a black outline (1/24 of the side), flush with the
middle of each edge: N at the top, E at the right, S at the bottom, W at the
left -- the compass of the question ("assuming the top of the image is
north"). The letter is drawn in black strokes (12% of the side) on a grid of
lines rather than with a font, so the markers are the same on every machine
and Pillow version.

Every intervened image is made once per image and stored in the
content-addressed `ImageStore` (a JPEG source gives a JPEG, quality 95;
anything else a PNG), so the samples of a scene share one file and a re-run
makes the same bytes.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from vpt_tasks.core.errors import TaskArgumentError
from vpt_tasks.core.images import ImageStore
from vpt_tasks.isle_brick.dataset import Scene

logger = logging.getLogger(__name__)

KINDS = ("none", "no_objects", "human_figure", "zoom", "cardinal_markers")
"""The interventions, in the order they are applied (and listed in a combined label)."""
PAPER_ZOOMS = (10, 30, 50)
CHOICES = (
    "none",
    "no_objects",
    "human_figure",
    "zoom=10",
    "zoom=30",
    "zoom=50",
    "cardinal_markers",
)
"""The values of the paper's Appendix B (`zoom=N` takes any N from 1 to 90)."""
TWIN_COLUMNS = {"no_objects": "image_no_objects", "human_figure": "image_human_figure"}
"""The column holding the image of a twin intervention."""
KEEPS_EVERY_QUESTION = frozenset({"none", "cardinal_markers"})
"""Interventions after which every question keeps its gold answer; the others change what the
image shows around the minifigure (objects gone or cropped away, another figure), so only Q5 --
the figure's facing -- keeps its gold answer."""

MARKER_SIDE = 0.10
"""Marker side as a fraction of the image's shorter side."""
MARKER_MIN_PX = 12
MARKER_OUTLINE = 1 / 24
MARKER_STROKE = 0.12
MARKER_INSET = 0.22
"""The letter's margin inside the marker, as a fraction of the side."""
GLYPHS: dict[str, list[list[tuple[float, float]]]] = {
    "N": [[(0, 1), (0, 0), (1, 1), (1, 0)]],
    "E": [[(1, 0), (0, 0), (0, 1), (1, 1)], [(0, 0.5), (0.75, 0.5)]],
    "S": [[(1, 0), (0, 0), (0, 0.5), (1, 0.5), (1, 1), (0, 1)]],
    "W": [[(0, 0), (0.25, 1), (0.5, 0.4), (0.75, 1), (1, 0)]],
}
"""Each letter as strokes (polylines) on a unit square, x to the right and y down."""


@dataclass(frozen=True)
class Intervention:
    """One intervention, or several combined (applied in the order of `KINDS`)."""

    twin: str | None = None
    """`no_objects` or `human_figure`: the image comes from that twin column."""
    zoom: int | None = None
    """Percent cropped away from the width and the height."""
    markers: bool = False

    @property
    def label(self) -> str:
        """The canonical name (`none`, `zoom=30`, `no_objects+zoom=30`, ...)."""
        parts = [self.twin] if self.twin else []
        parts += [f"zoom={self.zoom}"] if self.zoom is not None else []
        parts += ["cardinal_markers"] if self.markers else []
        return "+".join(parts) or "none"

    @property
    def is_none(self) -> bool:
        return self.label == "none"

    @property
    def twin_column(self) -> str | None:
        return TWIN_COLUMNS[self.twin] if self.twin else None

    @property
    def keeps_every_question(self) -> bool:
        return self.twin is None and self.zoom is None


NONE = Intervention()


def parse_intervention(value: Any) -> Intervention:
    """`-T intervention=`: one value, or several as a list or joined with `+` (TaskArgumentError)."""
    if value is None or value == "" or value == []:
        return NONE
    items = value if isinstance(value, list | tuple) else str(value).replace("+", ",").split(",")
    names = [str(item).strip().lower() for item in items if str(item).strip()]
    twin: str | None = None
    zoom: int | None = None
    markers = False
    for name in names:
        if name in TWIN_COLUMNS:
            if twin is not None and twin != name:
                raise TaskArgumentError(
                    f"-T intervention={value!r}: {twin} and {name} are two different images of "
                    "the scene; choose one of them."
                )
            twin = name
        elif name == "cardinal_markers":
            markers = True
        elif name.startswith("zoom"):
            percent = _zoom_percent(name, value)
            if zoom is not None and zoom != percent:
                raise TaskArgumentError(
                    f"-T intervention={value!r}: zoom={zoom} and zoom={percent} are two crops of "
                    "the same image and one run applies one; run each zoom separately."
                )
            zoom = percent
        elif name != "none":
            raise TaskArgumentError(
                f"-T intervention={value!r}: unknown intervention {name!r}; use one of "
                f"{', '.join(CHOICES)} (zoom=N takes N from 1 to 90), or several joined with "
                "',' or '+' (e.g. no_objects,zoom=30)."
            )
    chosen = Intervention(twin=twin, zoom=zoom, markers=markers)
    if "none" in names and not chosen.is_none:
        raise TaskArgumentError(
            f"-T intervention={value!r}: 'none' cannot be combined with another intervention."
        )
    return chosen


def _zoom_percent(name: str, value: Any) -> int:
    text = name.removeprefix("zoom").lstrip("=_:").removesuffix("%")
    if not text.isdigit() or not 1 <= int(text) <= 90:
        raise TaskArgumentError(
            f"-T intervention={value!r}: a zoom is zoom=N, N the percent cropped from the image's "
            f"width and height, from 1 to 90 (the paper: {', '.join(map(str, PAPER_ZOOMS))})."
        )
    return int(text)


# --------------------------------------------------------------------------
# image operations (pure: PIL images in, PIL images out)


def zoom_window(
    width: int,
    height: int,
    percent: int,
    box: tuple[float, float, float, float] | None,
) -> tuple[int, int, int, int]:
    """The crop (left, top, right, bottom) in pixels: (100 − percent)% of each side.

    Centred on the middle of `box` (fractions of the image), grown to hold the
    whole box, and shifted to stay inside the image; centred on the image
    without a box.
    """
    keep = 1.0 - percent / 100.0
    w, h = width * keep, height * keep
    if box is None:
        cx, cy = width / 2, height / 2
    else:
        left, top, right, bottom = (
            box[0] * width,
            box[1] * height,
            box[2] * width,
            box[3] * height,
        )
        cx, cy = (left + right) / 2, (top + bottom) / 2
        grow = max((right - left) / w, (bottom - top) / h, 1.0)
        w, h = min(width, w * grow), min(height, h * grow)
    x0 = min(max(cx - w / 2, 0.0), width - w)
    y0 = min(max(cy - h / 2, 0.0), height - h)
    return round(x0), round(y0), min(width, round(x0 + w)), min(height, round(y0 + h))


def zoomed(picture: Any, window: tuple[int, int, int, int]) -> Any:
    """`picture` cropped to `window` and scaled back to its own size (Lanczos)."""
    from PIL import Image

    return picture.crop(window).resize(picture.size, Image.Resampling.LANCZOS)


def with_cardinal_markers(picture: Any) -> Any:
    """A copy of `picture` with N / E / S / W markers at the edge centres (see the module docstring)."""
    from PIL import ImageDraw

    marked = picture.convert("RGB")
    width, height = marked.size
    side = max(MARKER_MIN_PX, round(MARKER_SIDE * min(width, height)))
    outline = max(1, round(side * MARKER_OUTLINE))
    stroke = max(2, round(side * MARKER_STROKE))
    pen = ImageDraw.Draw(marked)
    corners = {
        "N": ((width - side) // 2, 0),
        "E": (width - side, (height - side) // 2),
        "S": ((width - side) // 2, height - side),
        "W": (0, (height - side) // 2),
    }
    inset = round(side * MARKER_INSET)
    glyph_h = side - 2 * inset
    glyph_w = glyph_h * 0.75
    for letter, (x, y) in corners.items():
        pen.rectangle(
            (x, y, x + side - 1, y + side - 1),
            fill=(255, 255, 255),
            outline=(0, 0, 0),
            width=outline,
        )
        gx, gy = x + (side - glyph_w) / 2, y + inset
        for line in GLYPHS[letter]:
            points = [(gx + u * glyph_w, gy + v * glyph_h) for u, v in line]
            pen.line(points, fill=(0, 0, 0), width=stroke, joint="curve")
    return marked


def _encode(picture: Any, like: str) -> bytes:
    buffer = io.BytesIO()
    if Path(like).suffix.lower() in (".jpg", ".jpeg"):
        picture.convert("RGB").save(buffer, format="JPEG", quality=95)
    else:
        picture.save(buffer, format="PNG")
    return buffer.getvalue()


# --------------------------------------------------------------------------
# applied to the scenes of a task


def intervene(
    scenes: Sequence[Scene], intervention: Intervention, store: ImageStore
) -> tuple[list[Scene], dict[str, Any]]:
    """The scenes with their intervened images, and a summary for the task metadata.

    Each scene's `intervention` holds what was done (sample metadata):
    `intervention` (the label) and, for a zoom, `zoom_centre` and `crop`. The
    twin columns must have been read (`load_scenes(..., twins=...)`).
    """
    from PIL import Image

    if intervention.is_none:
        return [replace(s, intervention={"intervention": "none"}) for s in scenes], {
            "intervention": "none"
        }
    made: dict[str, tuple[str, dict[str, Any]]] = {}
    result = []
    centred: list[str] = []
    for scene in scenes:
        path = (
            scene.twins[intervention.twin_column] if intervention.twin_column else scene.image_path
        )
        key = f"{path}|{scene.figure_box}"
        if key not in made:
            notes: dict[str, Any] = {"intervention": intervention.label}
            if intervention.zoom is None and not intervention.markers:
                made[key] = (path, notes)
            else:
                with Image.open(path) as opened:
                    picture = opened.convert("RGB")
                if intervention.zoom is not None:
                    width, height = picture.size
                    window = zoom_window(width, height, intervention.zoom, scene.figure_box)
                    notes["zoom_centre"] = "figure_box" if scene.figure_box else "image_centre"
                    notes["crop"] = [
                        round(window[0] / width, 4),
                        round(window[1] / height, 4),
                        round(window[2] / width, 4),
                        round(window[3] / height, 4),
                    ]
                    picture = zoomed(picture, window)
                if intervention.markers:
                    picture = with_cardinal_markers(picture)
                stored = store.put(
                    _encode(picture, path), where=f"scene {scene.scene_id} ({intervention.label})"
                )
                made[key] = (stored, notes)
        stored, notes = made[key]
        if notes.get("zoom_centre") == "image_centre":
            centred.append(scene.scene_id)
        result.append(replace(scene, image_path=stored, intervention=dict(notes)))
    summary: dict[str, Any] = {"intervention": intervention.label}
    if intervention.zoom is not None:
        summary["zoom_centre"] = {
            "figure_box": len(scenes) - len(centred),
            "image_centre": len(centred),
        }
        if centred:
            shown = ", ".join(centred[:5]) + (", ..." if len(centred) > 5 else "")
            logger.warning(
                "-T intervention=%s: %d of %d scenes have no figure_box (%s); their crops are "
                "centred on the image instead of on the minifigure (sample metadata zoom_centre).",
                intervention.label,
                len(centred),
                len(scenes),
                shown,
            )
    return result, summary

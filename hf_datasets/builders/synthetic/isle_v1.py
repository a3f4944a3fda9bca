"""Schematic Isle v1 scenes with gold answers computed from what is drawn.

Used for the bundled demo data and for tests. The drawings are not the
paper's photographs: they only make the task runnable offline, with gold
answers that are right for the picture.

- Bricks: a minifigure (head, body, a nose showing which way it faces), an
  object to its left or right, optionally a wardrobe between them or a
  second object. It sees the object when it faces it with no wardrobe in
  between. Each scene gives a perspective-taking row and a control row
  ("Is the <object> present in the image?", Yes, or No for an object not drawn).
- Dots: a man in a purple hoodie between two walls with coloured dots, facing
  one wall. He sees the dots on the wall he faces; the control asks for all of them.
"""

from __future__ import annotations

import io
import random
from typing import Any

from vpt_tasks.isle_v1.spec import load_spec

BRICK_OBJECTS = {"flower": (220, 40, 60), "cup": (40, 90, 220), "ball": (240, 160, 20)}
FIGURE_ATTRIBUTES = ("yellow helmet", "red cap", "green backpack")
DOT_COLOURS = {"red": (220, 30, 30), "blue": (30, 60, 220)}


def _png(picture: Any) -> bytes:
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def brick_scene(
    *,
    facing: str,
    object_side: str,
    obstacle: bool,
    second_object: bool,
    colour: tuple[int, int, int],
    size: int = 128,
) -> bytes:
    """One minifigure scene as PNG bytes (width `size`, height 3/4 of it)."""
    from PIL import Image, ImageDraw

    w, h = size, max(8, size * 3 // 4)
    picture = Image.new("RGB", (w, h), (235, 235, 225))
    draw = ImageDraw.Draw(picture)
    floor = int(h * 0.8)
    draw.rectangle([0, floor, w, h], fill=(150, 120, 90))
    cx, unit = w // 2, max(1, w // 16)
    # figure: body, head, nose toward `facing`
    draw.rectangle([cx - unit, floor - 4 * unit, cx + unit, floor], fill=(250, 210, 40))
    draw.ellipse([cx - unit, floor - 6 * unit, cx + unit, floor - 4 * unit], fill=(250, 220, 60))
    nose = cx + unit if facing == "right" else cx - 2 * unit
    draw.rectangle(
        [nose, floor - 5 * unit, nose + unit, floor - 5 * unit + max(1, unit // 2)], fill=(0, 0, 0)
    )
    ox = int(w * 0.85) if object_side == "right" else int(w * 0.15)
    draw.ellipse([ox - unit, floor - 2 * unit, ox + unit, floor], fill=colour)
    if second_object:
        sx = int(w * 0.15) if object_side == "right" else int(w * 0.85)
        draw.rectangle([sx - unit, floor - 2 * unit, sx + unit, floor], fill=(120, 120, 120))
    if obstacle:
        bx = (cx + ox) // 2
        draw.rectangle([bx - unit, floor - 7 * unit, bx + unit, floor], fill=(110, 70, 30))
    return _png(picture)


def brick_rows(scenes: int = 8, *, size: int = 128, seed: int = 0) -> list[dict[str, Any]]:
    """Canonical Isle-Bricks rows: a perspective-taking and a control question per scene."""
    templates = load_spec().question_templates["isle-brick"]
    rng = random.Random(seed)
    rows: list[dict[str, Any]] = []
    objects = list(BRICK_OBJECTS)
    for index in range(scenes):
        facing = ("left", "right")[index % 2]
        object_side = ("left", "right")[(index // 2) % 2]
        obstacle = index % 4 == 3
        second = index % 5 == 4 and not obstacle
        name = objects[index % len(objects)]
        attribute = FIGURE_ATTRIBUTES[rng.randrange(len(FIGURE_ATTRIBUTES))]
        partition = f"1P{2 if second else 1}O{1 if obstacle else 0}S"
        picture = brick_scene(
            facing=facing,
            object_side=object_side,
            obstacle=obstacle,
            second_object=second,
            colour=BRICK_OBJECTS[name],
            size=size,
        )
        sees = facing == object_side and not obstacle
        absent = index % 3 == 2
        asked = objects[(index + 1) % len(objects)] if absent else name
        scene_id = f"brick{index:03d}"
        for task, question, gold in (
            (
                "perspective-taking",
                templates["perspective-taking"].format(attribute=attribute, object=name),
                "Yes" if sees else "No",
            ),
            (
                "object-detection",
                templates["object-detection"].format(object=asked),
                "No" if absent else "Yes",
            ),
        ):
            rows.append(
                {
                    "image": picture,
                    "item_id": f"{scene_id}-{'vpt' if task == 'perspective-taking' else 'control'}",
                    "question": question,
                    "gold_answer": gold,
                    "distractor": "No" if gold == "Yes" else "Yes",
                    "partition": partition,
                    "dataset": "isle-brick",
                    "task": task,
                }
            )
    return rows


def dots_scene(
    *, facing: str, left: int, right: int, colour: tuple[int, int, int], size: int = 128
) -> bytes:
    """A man between two walls with `left` and `right` dots, as PNG bytes."""
    from PIL import Image, ImageDraw

    w, h = size, max(8, size * 3 // 4)
    picture = Image.new("RGB", (w, h), (245, 245, 245))
    draw = ImageDraw.Draw(picture)
    wall = max(2, w // 8)
    draw.rectangle([0, 0, wall, h], fill=(200, 200, 190))
    draw.rectangle([w - wall, 0, w, h], fill=(200, 200, 190))
    step = max(2, h // 8)
    dot = max(1, wall // 4)
    for count, x in ((left, wall // 2), (right, w - wall // 2)):
        for k in range(count):
            y = step * (k + 1)
            draw.ellipse([x - dot, y - dot, x + dot, y + dot], fill=colour)
    cx, cy, unit = w // 2, h // 2, max(1, w // 16)
    draw.ellipse([cx - 2 * unit, cy - 2 * unit, cx + 2 * unit, cy + 2 * unit], fill=(130, 50, 160))
    nose = cx + 2 * unit if facing == "right" else cx - 3 * unit
    draw.rectangle([nose, cy - unit // 2, nose + unit, cy + unit // 2], fill=(240, 200, 170))
    return _png(picture)


def dots_rows(scenes: int = 8, *, size: int = 128, seed: int = 0) -> list[dict[str, Any]]:
    """Canonical Isle-Dots rows: a perspective-taking and a control count per scene."""
    templates = load_spec().question_templates["isle-dots"]
    rng = random.Random(seed)
    rows: list[dict[str, Any]] = []
    colours = list(DOT_COLOURS)
    for index in range(scenes):
        facing = ("left", "right")[index % 2]
        left, right = rng.randrange(0, 4), rng.randrange(0, 4)
        name = colours[index % len(colours)]
        picture = dots_scene(
            facing=facing, left=left, right=right, colour=DOT_COLOURS[name], size=size
        )
        seen = left if facing == "left" else right
        partition = "facing-left" if facing == "left" else "facing-right"
        scene_id = f"dots{index:03d}"
        for task, gold in (("perspective-taking", seen), ("object-detection", left + right)):
            rows.append(
                {
                    "image": picture,
                    "item_id": f"{scene_id}-{'vpt' if task == 'perspective-taking' else 'control'}",
                    "question": templates[task].format(colour=name, object="dots"),
                    "gold_answer": str(gold),
                    "distractor": str(gold + 1),
                    "partition": partition,
                    "dataset": "isle-dots",
                    "task": task,
                }
            )
    return rows

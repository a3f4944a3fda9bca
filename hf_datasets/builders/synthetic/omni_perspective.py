"""Schematic Omni-Perspective items drawn from geometry, in the canonical schema.

The real images are photographs of people; these are top-down drawings of a
person (a disc with a nose showing where they face) among coloured boxes, so
that every gold answer follows from the drawing. They feed the bundled demo
data and the test fixtures; they do not measure a model.

Question types follow the paper's: 1 ego-exo matching (two images: the scene
and a first-person view), 2 intention similarity (two scenes), 3 perspective
inference (direction), 3.5 leftmost / rightmost, 4 intention inference. Each
question exists in first- and third-person phrasing. The difficulty follows
the person's facing: `easy` facing up (as the viewer of the drawing),
`medium` facing sideways, `hard` facing down (mirrored).
"""

from __future__ import annotations

import io
import random
from typing import Any

COLOURS = {
    "red": (220, 40, 40),
    "green": (40, 170, 60),
    "blue": (40, 80, 220),
    "yellow": (230, 200, 30),
}
#: Image directions as angles (counter-clockwise, 0 = right, 90 = up).
ANGLES = {"right": 0, "up": 90, "left": 180, "down": 270}
OFFSETS = {"right": (1, 0), "up": (0, -1), "left": (-1, 0), "down": (0, 1)}
#: Direction of an object relative to a person, from (object angle - facing angle).
EGOCENTRIC = {0: "in front", 90: "to the left", 180: "behind", 270: "to the right"}
TURNS = {0: "keep facing forward", 90: "turn left", 180: "turn around", 270: "turn right"}
DIFFICULTY = {"up": "easy", "left": "medium", "right": "medium", "down": "hard"}
QTYPES = ("Qtype 1", "Qtype 2", "Qtype 3", "Qtype 3.5", "Qtype 4")


def relative(facing: str, direction: str) -> int:
    """Angle of `direction` seen by a person facing `facing` (0 front, 90 left, ...)."""
    return (ANGLES[direction] - ANGLES[facing]) % 360


def draw(size: int, facing: str, boxes: dict[str, str], *, row: list[str] | None = None) -> bytes:
    """A top-down PNG: the person at the centre facing `facing`; `boxes` maps direction -> colour.

    With `row`, the colours are drawn as a horizontal row of boxes in front of
    (above or below) the person instead.
    """
    from PIL import Image, ImageDraw

    picture = Image.new("RGB", (size, size), (235, 235, 235))
    pen = ImageDraw.Draw(picture)
    centre = size / 2
    radius = max(size / 8, 1.5)
    pen.ellipse(
        [centre - radius, centre - radius, centre + radius, centre + radius], fill=(60, 60, 60)
    )
    dx, dy = OFFSETS[facing]
    nose = (centre + dx * radius * 1.6, centre + dy * radius * 1.6)
    nose_r = max(radius / 2.5, 0.8)
    pen.ellipse(
        [nose[0] - nose_r, nose[1] - nose_r, nose[0] + nose_r, nose[1] + nose_r],
        fill=(240, 150, 120),
    )
    half = max(size / 12, 1.0)
    if row is not None:
        y = centre + dy * size / 3
        for i, colour in enumerate(row):
            x = size * (i + 1) / (len(row) + 1)
            pen.rectangle([x - half, y - half, x + half, y + half], fill=COLOURS[colour])
    else:
        for direction, colour in boxes.items():
            ox, oy = OFFSETS[direction]
            x, y = centre + ox * size / 3, centre + oy * size / 3
            pen.rectangle([x - half, y - half, x + half, y + half], fill=COLOURS[colour])
    return _png(picture)


def first_person_view(size: int, colour: str) -> bytes:
    """What the person sees: a wall of `colour` filling most of the view."""
    from PIL import Image, ImageDraw

    picture = Image.new("RGB", (size, size), (200, 200, 200))
    margin = size / 6
    ImageDraw.Draw(picture).rectangle(
        [margin, margin, size - margin, size - margin], fill=COLOURS[colour]
    )
    return _png(picture)


def synthetic_items(count: int, *, size: int = 64, seed: int = 0) -> list[dict[str, Any]]:
    """`count` canonical rows cycling through the question types and both points of view."""
    rng = random.Random(seed)
    rows = []
    for n in range(count):
        qtype = QTYPES[n % len(QTYPES)]
        pov = "first" if (n // len(QTYPES)) % 2 == 0 else "third"
        facing = rng.choice(list(ANGLES))
        if qtype == "Qtype 3.5":  # a row of boxes in front: facing up or down only
            facing = "up" if facing in ("up", "left") else "down"
        question, options, correct, images, topic = _BUILDERS[qtype](rng, size, facing, pov)
        texts = list(options)
        rng.shuffle(texts)
        letters = [chr(ord("A") + i) for i in range(len(texts))]
        choices = dict(zip(letters, texts, strict=True))
        rows.append(
            {
                "id": f"synthetic-{seed}-{n:04d}",
                "image_id": f"scene-{seed}-{n:04d}",
                "question": question,
                "prompt": (question[:60] + "...") if len(question) > 60 else question,
                "choices": str(choices),  # a stringified dict, as upstream
                "label": letters[texts.index(correct)],
                "images": images,
                "topic": topic,
                "qtype": qtype,
                "difficulty_level": DIFFICULTY[facing],
                "prompt_pov": pov,
            }
        )
    return rows


def _you(pov: str, first: str, third: str) -> str:
    return first if pov == "first" else third


def _scene(rng: random.Random) -> dict[str, str]:
    colours = list(COLOURS)
    rng.shuffle(colours)
    return dict(zip(ANGLES, colours, strict=True))


def _ego_exo(rng: random.Random, size: int, facing: str, pov: str) -> tuple:
    boxes = _scene(rng)
    seen = rng.choice(list(ANGLES))
    question = (
        "Image 1: <image> shows a room from above. Image 2: <image> shows a view inside it. "
        + _you(
            pov,
            "If you were the person in image 1, what would you have to do to see the view of "
            "image 2?",
            "What would the person in image 1 have to do to see the view of image 2?",
        )
    )
    images = [draw(size, facing, boxes), first_person_view(size, boxes[seen])]
    return question, list(TURNS.values()), TURNS[relative(facing, seen)], images, "perspective"


def _intention_similarity(rng: random.Random, size: int, facing: str, pov: str) -> tuple:
    first, second = _scene(rng), _scene(rng)
    other = rng.choice(list(ANGLES))
    same = first[facing] == second[other]
    question = (
        "Image 1: <image> Image 2: <image> Each person walks to the box they are facing. "
        + _you(
            pov,
            "If you were the person in image 1, how would your goal compare with the goal of "
            "the person in image 2?",
            "How does the goal of the person in image 1 compare with the goal of the person in "
            "image 2?",
        )
    )
    options = [
        "We want a box of the same colour."
        if pov == "first"
        else "They want a box of the same colour.",
        "We want boxes of different colours."
        if pov == "first"
        else "They want boxes of different colours.",
        "Neither wants a box.",
        "Only the second person wants a box.",
    ]
    images = [draw(size, facing, first), draw(size, other, second)]
    return question, options, options[0 if same else 1], images, "intention"


def _direction(rng: random.Random, size: int, facing: str, pov: str) -> tuple:
    boxes = _scene(rng)
    target = rng.choice(list(ANGLES))
    colour = boxes[target]
    question = "<image> " + _you(
        pov,
        f"If you were the person in the image, where would the {colour} box be?",
        f"From the perspective of the person in the image, where is the {colour} box?",
    )
    return (
        question,
        list(EGOCENTRIC.values()),
        EGOCENTRIC[relative(facing, target)],
        [draw(size, facing, boxes)],
        "perspective",
    )


def _leftmost(rng: random.Random, size: int, facing: str, pov: str) -> tuple:
    row = list(COLOURS)
    rng.shuffle(row)
    which = rng.choice(["leftmost", "rightmost"])
    # facing up, the person's left is the image's left; facing down it is mirrored
    ordered = row if facing == "up" else row[::-1]
    answer = ordered[0] if which == "leftmost" else ordered[-1]
    question = "<image> " + _you(
        pov,
        f"If you were the person in the image, which box would be the {which} one?",
        f"From the perspective of the person in the image, which box is the {which} one?",
    )
    options = [f"the {colour} box" for colour in COLOURS]
    return question, options, f"the {answer} box", [draw(size, facing, {}, row=row)], "perspective"


def _intention(rng: random.Random, size: int, facing: str, pov: str) -> tuple:
    boxes = _scene(rng)
    question = "<image> " + _you(
        pov,
        "If you were the person in the image, walking straight ahead, what would you most "
        "likely intend to do?",
        "The person in the image walks straight ahead. What do they most likely intend to do?",
    )
    options = [f"pick up the {colour} box" for colour in COLOURS]
    return (
        question,
        options,
        f"pick up the {boxes[facing]} box",
        [draw(size, facing, boxes)],
        "intention",
    )


_BUILDERS = {
    "Qtype 1": _ego_exo,
    "Qtype 2": _intention_similarity,
    "Qtype 3": _direction,
    "Qtype 3.5": _leftmost,
    "Qtype 4": _intention,
}


def _png(picture: Any) -> bytes:
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG")
    return buffer.getvalue()

"""The factor design of Isle-Brick-V2: what varies from scene to scene.

The paper photographs 9 object/figure pairs × 4 object positions × 2 figure
orientations × 2 viewpoints = 144 scenes. These vocabularies are the design
itself, shared by the demo drawings (`synthetic.py`) and the Blender scene
planner (`vpt_tasks.render.isle_plan`); the canonical columns `object`,
`figure`, `object_position`, `figure_orientation` and `viewpoint` take their
values from here.
"""

from __future__ import annotations

OBJECTS: tuple[str, ...] = (
    "plant",
    "wardrobe",
    "cat",
    "dog",
    "goblet",
    "chair",
    "desk",
    "bat",
    "computer monitor",
)
"""The objects, in pair order: `OBJECTS[i]` stands with `FIGURES[i]`."""

FIGURES: tuple[str, ...] = (
    "astronaut",
    "chef",
    "knight",
    "pirate",
    "wizard",
    "firefighter",
    "doctor",
    "farmer",
    "diver",
)
"""The humanoid minifigures, in pair order."""

POSITIONS: dict[str, float] = {"back": 0.0, "right": 90.0, "front": 180.0, "left": 270.0}
"""Object placement in the image (front = toward the camera = bottom) as a bearing."""

ORIENTATIONS: tuple[str, ...] = ("toward", "away")
"""Whether the figure faces toward the object or away from it."""

VIEWPOINTS: tuple[str, ...] = ("surface", "birds_eye")
"""Camera at table level or looking down from above."""

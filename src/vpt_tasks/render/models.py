"""Things built from primitives: the minifigure, Isle-Brick objects, COMFORT relata.

Every model stands on z = 0 in its own frame with its front toward +x (left
= +y), so a scene turns it to face a direction with one yaw. Fronts are made
unmistakable on purpose: the minifigure has eyes and a red nose on the front
of its head, hair at the back, feet and arms pointing forward; the car has a
grille, headlights and a windscreen at the front and red tail lights at the
back; the chair's, the sofa's and the bench's backrest is at the back (their
front is the side a sitter faces); the horse, the dog and the duck carry
their head in front and the tail behind; the laptop's screen faces front
with the keyboard before it; the bed's front is its foot end, the headboard
behind; the bicycle rides forward, front wheel, handlebars and headlight in
front (its chain on its right, −y); the woman has a face in front and long
hair at the back. Units: the minifigure is about 1 tall (Isle-Brick scenes);
COMFORT scenes use the spec's units (spheres of radius 0.6); the COMFORT-CAR
relata are roughly life size in metres, the laptop and the duck about three
times (the released configs scale those assets up too).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from vpt_tasks.render import transforms as tf
from vpt_tasks.render.scene import Box, Material, Model, Part
from vpt_tasks.render.transforms import Vec3

# --- building blocks -----------------------------------------------------------------


def color(
    code: str, roughness: float = 0.45, metallic: float = 0.0, emission: float = 0.0
) -> Material:
    """A material from an sRGB hex code."""
    return Material(tf.hex_to_rgb(code), roughness=roughness, metallic=metallic, emission=emission)


def cube(center: Vec3, size: Vec3, material: Material, rotation: Vec3 = (0.0, 0.0, 0.0)) -> Part:
    return Part("cube", center, size, material, rotation, smooth=False)


def ball(
    center: Vec3, size: Vec3 | float, material: Material, rotation: Vec3 = (0.0, 0.0, 0.0)
) -> Part:
    dims = (size, size, size) if isinstance(size, (int, float)) else size
    return Part("sphere", center, dims, material, rotation)


def cylinder(
    center: Vec3,
    diameter: float,
    height: float,
    material: Material,
    rotation: Vec3 = (0.0, 0.0, 0.0),
) -> Part:
    return Part("cylinder", center, (diameter, diameter, height), material, rotation)


def cone(
    center: Vec3,
    diameter: float,
    height: float,
    material: Material,
    rotation: Vec3 = (0.0, 0.0, 0.0),
) -> Part:
    """A cone whose tip points along +z before `rotation`."""
    return Part("cone", center, (diameter, diameter, height), material, rotation)


def ring(
    center: Vec3,
    diameter: float,
    material: Material,
    tube: float = 0.1,
    rotation: Vec3 = (0.0, 0.0, 0.0),
) -> Part:
    return Part("torus", center, (diameter, diameter, diameter), material, rotation, tube=tube)


def rod(start: Vec3, end: Vec3, diameter: float, material: Material) -> Part:
    """A cylinder from `start` to `end`."""
    v = tf.sub(end, start)
    length = tf.norm(v)
    pitch = math.degrees(math.acos(max(-1.0, min(1.0, v[2] / length))))
    yaw = math.degrees(math.atan2(v[1], v[0]))
    middle = tf.scale(tf.add(start, end), 0.5)
    return Part("cylinder", middle, (diameter, diameter, length), material, (0.0, pitch, yaw))


def model(name: str, parts: Iterable[Part]) -> Model:
    """A model with its bounding box computed from the parts (each part within its unit cube)."""
    parts = tuple(parts)
    corners = []
    for part in parts:
        matrix, reach = part.matrix(), 0.5 * (1 + part.tube) if part.shape == "torus" else 0.5
        corners.extend(
            tf.apply(matrix, (sx * reach, sy * reach, sz * 0.5))
            for sx in (-1, 1)
            for sy in (-1, 1)
            for sz in (-1, 1)
        )
    low = tuple(min(c[i] for c in corners) for i in range(3))
    high = tuple(max(c[i] for c in corners) for i in range(3))
    center = tuple((low[i] + high[i]) / 2 for i in range(3))
    half = tuple((high[i] - low[i]) / 2 for i in range(3))
    return Model(name, parts, Box(center, half))  # type: ignore[arg-type]


# --- the LEGO-style minifigure -----------------------------------------------------------

SKIN = color("#F2CD37")
NOSE = color("#C91A09", roughness=0.3)
EYE = color("#141414", roughness=0.2)


@dataclass(frozen=True)
class Outfit:
    """Colours (sRGB hex) and headwear of one named minifigure."""

    torso: str
    legs: str
    hair: str
    accent: str
    hat: str | None = None
    hat_color: str = "#F4F4F4"


OUTFITS: dict[str, Outfit] = {
    "astronaut": Outfit(torso="#F4F4F4", legs="#F4F4F4", hair="#3B2314", accent="#5A93DB"),
    "chef": Outfit(torso="#F4F4F4", legs="#212121", hair="#1B1B1B", accent="#212121", hat="chef"),
    "knight": Outfit(
        torso="#A0A5A9",
        legs="#6C6E68",
        hair="#6E3A17",
        accent="#0A3463",
        hat="helmet",
        hat_color="#8A8D8F",
    ),
    "pirate": Outfit(
        torso="#0A3463",
        legs="#583927",
        hair="#1B1B1B",
        accent="#F4F4F4",
        hat="bandana",
        hat_color="#4B0082",
    ),
    "wizard": Outfit(
        torso="#81007B",
        legs="#81007B",
        hair="#A0A5A9",
        accent="#F2CD37",
        hat="wizard",
        hat_color="#0A3463",
    ),
    "firefighter": Outfit(torso="#1B1B1B", legs="#1B1B1B", hair="#582A12", accent="#F2CD37"),
    "doctor": Outfit(torso="#F4F4F4", legs="#9FC3E9", hair="#1B1B1B", accent="#5A93DB"),
    "farmer": Outfit(torso="#237841", legs="#0055BF", hair="#582A12", accent="#F4F4F4"),
    "diver": Outfit(torso="#078BC9", legs="#1B1B1B", hair="#A95500", accent="#F2CD37"),
}
"""The nine minifigures of the Isle-Brick-V2 design (one per object pair)."""

EYE_HEIGHT = 0.86
"""Height of the minifigure's eyes; where its line of sight starts."""
EYE_FORWARD = 0.1


@functools.cache
def minifigure(outfit_name: str) -> Model:
    """A LEGO-style minifigure about 1 tall, facing +x."""
    outfit = OUTFITS[outfit_name]
    torso, legs, hair, accent = (
        color(c) for c in (outfit.torso, outfit.legs, outfit.hair, outfit.accent)
    )
    parts: list[Part] = []
    for side in (1, -1):
        y = 0.066 * side
        parts.append(cube((0.045, y, 0.03), (0.23, 0.115, 0.06), legs))  # foot, pointing forward
        parts.append(cube((0.0, y, 0.2), (0.14, 0.12, 0.28), legs))  # leg
        shoulder = (0.0, 0.175 * side, 0.66)
        elbow = (0.1, 0.2 * side, 0.56)
        parts.append(rod(shoulder, elbow, 0.085, torso))  # arm, reaching forward
        parts.append(ball(shoulder, 0.09, torso))
        parts.append(rod(elbow, (0.16, 0.2 * side, 0.53), 0.05, SKIN))  # wrist
        parts.append(ring((0.2, 0.2 * side, 0.52), 0.085, SKIN, tube=0.35))  # C-shaped hand
    parts.append(cube((0.0, 0.0, 0.37), (0.15, 0.28, 0.06), legs))  # hips
    parts.append(cube((0.0, 0.0, 0.55), (0.16, 0.3, 0.3), torso))  # torso
    parts.append(cube((0.081, 0.0, 0.56), (0.006, 0.13, 0.2), accent))  # torso print, front
    parts.append(cylinder((0.0, 0.0, 0.72), 0.08, 0.04, SKIN))  # neck
    parts.append(cylinder((0.0, 0.0, 0.83), 0.2, 0.18, SKIN))  # head
    for side in (1, -1):
        parts.append(ball((0.094, 0.042 * side, 0.865), 0.034, EYE))
    parts.append(
        cone((0.145, 0.0, 0.82), 0.08, 0.11, NOSE, rotation=(0.0, 90.0, 0.0))
    )  # nose, seen from above too
    parts.append(ball((0.1, 0.0, 0.82), 0.07, NOSE))
    parts.append(cube((0.098, 0.0, 0.78), (0.01, 0.07, 0.014), EYE))  # mouth
    parts.append(ball((-0.025, 0.0, 0.925), (0.226, 0.232, 0.15), hair))  # hair cap
    parts.append(cube((-0.065, 0.0, 0.845), (0.11, 0.226, 0.19), hair))  # hair at the back
    parts.extend(_hat(outfit))
    return model(f"minifigure:{outfit_name}", parts)


def _hat(outfit: Outfit) -> list[Part]:
    hat = color(outfit.hat_color)
    if outfit.hat == "chef":
        return [
            cylinder((-0.01, 0.0, 1.05), 0.2, 0.2, hat),
            ball((-0.01, 0.0, 1.15), (0.24, 0.24, 0.12), hat),
        ]
    if outfit.hat == "wizard":
        return [
            cylinder((-0.01, 0.0, 0.97), 0.3, 0.02, hat),
            cone((-0.02, 0.0, 1.13), 0.19, 0.3, hat),
        ]
    if outfit.hat == "helmet":
        return [
            ball(
                (-0.02, 0.0, 0.93),
                (0.25, 0.25, 0.17),
                color(outfit.hat_color, roughness=0.25, metallic=0.8),
            )
        ]
    if outfit.hat == "bandana":
        return [ball((-0.02, 0.0, 0.935), (0.236, 0.236, 0.15), hat)]
    return []


# --- Isle-Brick objects ----------------------------------------------------------------


@functools.cache
def plant() -> Model:
    pot, soil, leaf = color("#B7642D"), color("#3B2A1A", roughness=0.9), color("#3C9A3C")
    dark = color("#2C7A2C")
    parts = [
        cylinder((0.0, 0.0, 0.13), 0.3, 0.26, pot),
        cylinder((0.0, 0.0, 0.27), 0.34, 0.04, pot),
        cylinder((0.0, 0.0, 0.29), 0.28, 0.01, soil),
        rod((0.0, 0.0, 0.28), (0.0, 0.0, 0.55), 0.04, dark),
        ball((0.0, 0.0, 0.66), (0.3, 0.3, 0.34), leaf),
    ]
    for angle in (0, 72, 144, 216, 288):
        a = math.radians(angle)
        parts.append(
            ball(
                (0.14 * math.cos(a), 0.14 * math.sin(a), 0.48),
                (0.26, 0.12, 0.07),
                dark,
                (0.0, -25.0, angle),
            )
        )
    return model("plant", parts)


@functools.cache
def wardrobe() -> Model:
    """A wardrobe 1.2 tall (taller than a minifigure's eyes, so it can block its view)."""
    wood, door, metal = (
        color("#8B5A2B", roughness=0.6),
        color("#6E4420", roughness=0.6),
        color("#C0C0C0", 0.2, 0.9),
    )
    parts = [
        cube((0.0, 0.0, 0.6), (0.44, 0.9, 1.14), wood),
        cube((0.0, 0.0, 1.2), (0.5, 0.96, 0.06), wood),
        cube((0.0, 0.0, 0.03), (0.46, 0.92, 0.06), door),
    ]
    for side in (1, -1):
        parts.append(cube((0.225, 0.22 * side, 0.63), (0.02, 0.41, 0.98), door))
        parts.append(cylinder((0.245, 0.05 * side, 0.68), 0.03, 0.14, metal))
    return model("wardrobe", parts)


@functools.cache
def goblet() -> Model:
    gold = color("#D4AF37", roughness=0.25, metallic=0.9)
    return model(
        "goblet",
        [
            cylinder((0.0, 0.0, 0.015), 0.26, 0.03, gold),
            rod((0.0, 0.0, 0.03), (0.0, 0.0, 0.24), 0.05, gold),
            ball((0.0, 0.0, 0.12), 0.08, gold),
            cone((0.0, 0.0, 0.37), 0.32, 0.28, gold, rotation=(180.0, 0.0, 0.0)),
            ring((0.0, 0.0, 0.51), 0.32, gold, tube=0.08),
        ],
    )


@functools.cache
def chair(wood: str = "#A0522D", seat_color: str = "#B22222") -> Model:
    frame, seat = color(wood, roughness=0.6), color(seat_color, roughness=0.7)
    parts = [
        cube((0.0, 0.0, 0.45), (0.5, 0.5, 0.06), frame),
        cube((0.0, 0.0, 0.49), (0.44, 0.44, 0.04), seat),
    ]
    for sx in (1, -1):
        for sy in (1, -1):
            parts.append(cube((0.21 * sx, 0.21 * sy, 0.21), (0.05, 0.05, 0.42), frame))
    for sy in (1, -1):
        parts.append(cube((-0.22, 0.21 * sy, 0.72), (0.05, 0.05, 0.5), frame))
    parts.append(cube((-0.22, 0.0, 0.83), (0.05, 0.44, 0.24), seat))  # backrest panel, at the back
    return model("chair", parts)


@functools.cache
def desk() -> Model:
    wood, dark, metal = (
        color("#C8A165", roughness=0.6),
        color("#8B6B3D", roughness=0.6),
        color("#C0C0C0", 0.2, 0.9),
    )
    parts = [cube((0.0, 0.0, 0.63), (0.6, 1.1, 0.05), wood)]
    for sx in (1, -1):
        for sy in (1, -1):
            parts.append(cube((0.26 * sx, 0.5 * sy, 0.3), (0.05, 0.05, 0.6), dark))
    parts.append(cube((0.0, -0.3, 0.5), (0.52, 0.4, 0.2), wood))  # drawer
    parts.append(cylinder((0.27, -0.3, 0.5), 0.03, 0.1, metal, rotation=(90.0, 0.0, 0.0)))
    return model("desk", parts)


@functools.cache
def computer_monitor() -> Model:
    frame, screen = color("#2B2B2B", roughness=0.3), color("#3FA9F5", roughness=0.2, emission=0.6)
    return model(
        "computer monitor",
        [
            cube((0.0, 0.0, 0.015), (0.22, 0.3, 0.03), frame),
            rod((-0.02, 0.0, 0.03), (-0.02, 0.0, 0.26), 0.05, frame),
            cube((0.0, 0.0, 0.46), (0.06, 0.66, 0.44), frame),
            cube((0.032, 0.0, 0.46), (0.006, 0.6, 0.38), screen),
        ],
    )


@functools.cache
def bat() -> Model:
    black, wing, eye = (
        color("#1B1B1B", roughness=0.5),
        color("#2E2E2E", roughness=0.7),
        color("#E0C020", emission=0.5),
    )
    parts = [
        ball((0.0, 0.0, 0.2), (0.16, 0.16, 0.26), black),
        ball((0.02, 0.0, 0.38), 0.14, black),
        cone((0.02, 0.04, 0.47), 0.05, 0.08, black),
        cone((0.02, -0.04, 0.47), 0.05, 0.08, black),
        ball((0.085, 0.03, 0.39), 0.025, eye),
        ball((0.085, -0.03, 0.39), 0.025, eye),
        cube((0.0, 0.0, 0.03), (0.08, 0.12, 0.06), black),
    ]
    for side in (1, -1):
        parts.append(
            cube(
                (-0.01, 0.24 * side, 0.27),
                (0.03, 0.36, 0.2),
                wing,
                rotation=(-22.0 * side, 0.0, 0.0),
            )
        )
        parts.append(cone((-0.01, 0.4 * side, 0.2), 0.06, 0.16, wing, rotation=(180.0, 0.0, 0.0)))
    return model("bat", parts)


def quadruped(
    name: str,
    *,
    length: float,
    leg_height: float,
    body: float,
    coat: str,
    dark: str,
    neck: float,
    head: float,
    snout: float,
    ears: str = "pointed",
    mane: bool = False,
    tail_up: bool = False,
) -> Model:
    """A four-legged animal facing +x: legs, body, neck and head in front, tail behind."""
    fur, darker, eye = (
        color(coat, roughness=0.8),
        color(dark, roughness=0.8),
        color("#141414", roughness=0.2),
    )
    top = leg_height + body / 2
    parts = [ball((0.0, 0.0, top), (length, body, body), fur)]
    for sx in (1, -1):
        for sy in (1, -1):
            x, y = 0.32 * length * sx, 0.28 * body * sy
            parts.append(rod((x, y, 0.0), (x, y, top), body * 0.28, fur))
            parts.append(
                cylinder((x + 0.01 * length, y, body * 0.05), body * 0.3, body * 0.1, darker)
            )
    neck_base = (0.38 * length, 0.0, top + 0.1 * body)
    head_at = (neck_base[0] + 0.5 * neck, 0.0, neck_base[2] + 0.85 * neck)
    parts.append(rod(neck_base, head_at, body * 0.45, fur))
    parts.append(ball(head_at, (head * 1.2, head * 0.85, head * 0.9), fur))
    muzzle = (head_at[0] + 0.45 * head + 0.35 * snout, 0.0, head_at[2] - 0.12 * head)
    parts.append(ball(muzzle, (snout * 1.4, head * 0.6, head * 0.55), darker if mane else fur))
    parts.append(
        ball((muzzle[0] + 0.6 * snout, 0.0, muzzle[2] + 0.05 * head), head * 0.18, eye)
    )  # nose tip
    for side in (1, -1):
        parts.append(
            ball(
                (head_at[0] + 0.35 * head, 0.3 * head * side, head_at[2] + 0.15 * head),
                head * 0.16,
                eye,
            )
        )
        ear = (head_at[0] - 0.1 * head, 0.28 * head * side, head_at[2] + 0.45 * head)
        if ears == "floppy":
            parts.append(
                ball(
                    (ear[0], ear[1] * 1.5, ear[2] - 0.35 * head),
                    (head * 0.3, head * 0.15, head * 0.55),
                    darker,
                )
            )
        else:
            parts.append(cone(ear, head * 0.3, head * 0.45, darker if mane else fur))
    if mane:
        parts.append(
            rod(
                (neck_base[0] - 0.05 * neck, 0.0, neck_base[2] + 0.25 * body),
                (head_at[0] - 0.35 * head, 0.0, head_at[2] + 0.35 * head),
                body * 0.2,
                darker,
            )
        )
    tail_root = (-0.5 * length, 0.0, top + 0.15 * body)
    tail_end = (-0.5 * length - 0.25 * length, 0.0, top + (0.45 if tail_up else -0.55) * body * 1.5)
    parts.append(
        rod(tail_root, tail_end, body * (0.12 if tail_up else 0.22), darker if mane else fur)
    )
    return model(name, parts)


@functools.cache
def cat() -> Model:
    return quadruped(
        "cat",
        length=0.5,
        leg_height=0.12,
        body=0.2,
        coat="#E0883A",
        dark="#9C5A20",
        neck=0.12,
        head=0.17,
        snout=0.05,
        tail_up=True,
    )


@functools.cache
def dog() -> Model:
    return quadruped(
        "dog",
        length=0.7,
        leg_height=0.22,
        body=0.26,
        coat="#8D5524",
        dark="#4A2A10",
        neck=0.16,
        head=0.22,
        snout=0.1,
        ears="floppy",
        tail_up=True,
    )


def isle_objects() -> dict[str, Callable[[], Model]]:
    """The nine objects of the Isle-Brick-V2 design, by the name used in the questions."""
    return {
        "plant": plant,
        "wardrobe": wardrobe,
        "cat": cat,
        "dog": dog,
        "goblet": goblet,
        "chair": chair,
        "desk": desk,
        "bat": bat,
        "computer monitor": computer_monitor,
    }


# --- COMFORT ----------------------------------------------------------------------

COMFORT_COLORS = {
    "red": "#D62828",
    "blue": "#1F4FD6",
    "green": "#2E9E44",
    "yellow": "#F0C419",
}


@functools.cache
def sphere(radius: float, color_name: str) -> Model:
    """A COMFORT-BALL sphere of `radius` resting on the ground."""
    return model(
        f"{color_name} sphere",
        [ball((0.0, 0.0, radius), 2 * radius, color(COMFORT_COLORS[color_name], roughness=0.35))],
    )


@functools.cache
def basketball(radius: float = 0.3) -> Model:
    """An orange ball with black seams."""
    skin, seam = color("#E0661F", roughness=0.7), color("#141414", roughness=0.6)
    center = (0.0, 0.0, radius)
    d = 2 * radius * 1.01
    return model(
        "basketball",
        [
            ball(center, 2 * radius, skin),
            ring(center, d, seam, tube=0.035),
            ring(center, d, seam, tube=0.035, rotation=(90.0, 0.0, 0.0)),
            ring(center, d, seam, tube=0.035, rotation=(0.0, 90.0, 0.0)),
        ],
    )


@functools.cache
def car() -> Model:
    """A sedan facing +x: grille and headlights in front, red tail lights behind."""
    paint, glass = color("#2A6FDB", roughness=0.25, metallic=0.4), color("#1C2A38", roughness=0.05)
    tyre, rim, light = (
        color("#1A1A1A", roughness=0.8),
        color("#BBBBBB", 0.2, 0.9),
        color("#FFF2A8", emission=4.0),
    )
    tail, grille = color("#E01010", emission=2.0), color("#222222", roughness=0.4)
    parts = [
        cube((0.0, 0.0, 0.42), (2.2, 0.95, 0.4), paint),
        cube((-0.35, 0.0, 0.8), (1.0, 0.85, 0.36), paint),  # cabin, set back: long hood, short boot
        cube((0.27, 0.0, 0.8), (0.04, 0.8, 0.42), glass, rotation=(0.0, -40.0, 0.0)),  # windscreen
        cube((-0.9, 0.0, 0.8), (0.04, 0.8, 0.3), glass, rotation=(0.0, 30.0, 0.0)),  # rear window
        cube((-0.35, 0.0, 0.83), (0.9, 0.87, 0.22), glass),  # side windows
        cube((1.1, 0.0, 0.42), (0.04, 0.5, 0.16), grille),
    ]
    for side in (1, -1):
        parts.append(ball((1.08, 0.32 * side, 0.52), (0.14, 0.26, 0.16), light))
        parts.append(cube((-1.1, 0.32 * side, 0.54), (0.06, 0.26, 0.12), tail))
        for x in (0.7, -0.7):
            parts.append(
                cylinder((x, 0.46 * side, 0.22), 0.44, 0.16, tyre, rotation=(90.0, 0.0, 0.0))
            )
            parts.append(
                cylinder((x, 0.545 * side, 0.22), 0.24, 0.01, rim, rotation=(90.0, 0.0, 0.0))
            )
    return model("car", parts)


@functools.cache
def comfort_chair() -> Model:
    return chair(wood="#6B3E1E", seat_color="#C08A3E")


@functools.cache
def horse() -> Model:
    return quadruped(
        "horse",
        length=1.3,
        leg_height=0.75,
        body=0.5,
        coat="#8B4513",
        dark="#2B1A0E",
        neck=0.5,
        head=0.32,
        snout=0.16,
        mane=True,
    )


@functools.cache
def comfort_dog() -> Model:
    return quadruped(
        "dog",
        length=1.0,
        leg_height=0.35,
        body=0.38,
        coat="#D9B38C",
        dark="#6B4A2B",
        neck=0.24,
        head=0.32,
        snout=0.14,
        ears="floppy",
        tail_up=True,
    )


@functools.cache
def sofa() -> Model:
    """A sofa facing +x: seat cushions in front, the backrest behind."""
    cloth, dark, wood = (
        color("#5B7DB1", roughness=0.9),
        color("#3F5C8A", roughness=0.9),
        color("#4A2F1B"),
    )
    parts = [
        cube((0.0, 0.0, 0.25), (0.8, 1.8, 0.3), dark),
        cube((-0.3, 0.0, 0.68), (0.22, 1.8, 0.6), cloth),
    ]
    for y in (-0.45, 0.45):
        parts.append(cube((0.1, y, 0.46), (0.58, 0.86, 0.14), cloth))
    for side in (1, -1):
        parts.append(cube((0.0, 0.96 * side, 0.45), (0.8, 0.16, 0.5), cloth))
        for x in (0.33, -0.33):
            parts.append(cylinder((x, 0.85 * side, 0.05), 0.07, 0.1, wood))
    return model("sofa", parts)


@functools.cache
def bench() -> Model:
    """A park bench facing +x: wooden seat slats in front, the slanted backrest behind.

    Its front is the side a sitter faces, as for the chair and the sofa: the
    backrest and the rear legs that carry it stand behind the seat, and the
    armrests end in round knobs at the front.
    """
    wood, iron = color("#9C6B3C", roughness=0.7), color("#2F3B2F", roughness=0.5, metallic=0.6)
    parts = [
        cube((x, 0.0, 0.45), (0.12, 1.5, 0.04), wood) for x in (0.16, 0.02, -0.12)
    ]  # seat slats
    for x, z in ((-0.25, 0.64), (-0.29, 0.8)):
        parts.append(cube((x, 0.0, z), (0.03, 1.5, 0.11), wood, rotation=(0.0, -14.0, 0.0)))
    for side in (1, -1):
        y = 0.7 * side
        parts.append(cube((0.17, y, 0.22), (0.05, 0.05, 0.44), iron))  # front leg
        parts.append(rod((-0.17, y, 0.0), (-0.31, y, 0.9), 0.05, iron))  # rear leg, up the back
        parts.append(cube((0.0, y, 0.43), (0.42, 0.05, 0.04), iron))  # seat rail
        parts.append(cube((0.0, y, 0.66), (0.44, 0.05, 0.04), iron))  # armrest
        parts.append(rod((0.17, y, 0.45), (0.19, y, 0.66), 0.04, iron))
        parts.append(ball((0.23, y, 0.66), 0.07, iron))  # the armrest's knob, at the front
    return model("bench", parts)


LAPTOP_HINGE: Vec3 = (-0.4, 0.0, 0.06)
"""Where the laptop's lid meets its base, at the back of the base."""
LAPTOP_TILT = 15.0
"""Degrees the open lid leans back from upright."""


@functools.cache
def laptop() -> Model:
    """An open laptop facing +x: the screen faces +x, the keyboard lies in front of the hinge.

    Its front is the user's side: where the screen looks and the keyboard and
    touchpad are reached from. The lid's back (with a logo) faces −x. Drawn
    about three times life size (1.1 wide), as the released configs scale
    their laptop up, so that it reads at the distance of the CAR camera.
    """
    shell = color("#B8BCC2", roughness=0.3, metallic=0.6)
    keys, pad = color("#2A2A2A", roughness=0.6), color("#8E9298", roughness=0.35)
    screen, logo = color("#4FA3E0", roughness=0.2, emission=0.8), color("#EDEDED", roughness=0.3)
    tilt = math.radians(LAPTOP_TILT)
    up = (-math.sin(tilt), 0.0, math.cos(tilt))  # along the lid, from the hinge to its top
    normal = (math.cos(tilt), 0.0, math.sin(tilt))  # out of the screen
    lid = tf.add(LAPTOP_HINGE, tf.scale(up, 0.375))
    rotation = (0.0, -LAPTOP_TILT, 0.0)
    return model(
        "laptop",
        [
            cube((0.0, 0.0, 0.03), (0.8, 1.1, 0.06), shell),  # base
            cube((-0.1, 0.0, 0.0625), (0.36, 0.96, 0.006), keys),  # keyboard, near the hinge
            cube((0.23, 0.0, 0.0615), (0.2, 0.34, 0.004), pad),  # touchpad, in front of it
            cylinder(LAPTOP_HINGE, 0.06, 1.0, shell, rotation=(90.0, 0.0, 0.0)),  # hinge
            cube(lid, (0.04, 1.1, 0.75), shell, rotation=rotation),  # lid
            cube(tf.add(lid, tf.scale(normal, 0.022)), (0.006, 1.0, 0.64), screen, rotation),
            cube(tf.add(lid, tf.scale(normal, -0.022)), (0.006, 0.16, 0.16), logo, rotation),
        ],
    )


@functools.cache
def duck() -> Model:
    """A mallard drake facing +x: green head and yellow bill in front, the tail behind.

    Drawn about three times life size (0.85 tall), as the released configs
    scale their duck up.
    """
    body, breast, wing = (
        color("#A19E94", roughness=0.8),
        color("#6B3A22", roughness=0.8),
        color("#7A6A58", roughness=0.8),
    )
    head, collar, bill = (
        color("#1E5E3A", roughness=0.3),
        color("#F4F4F4", roughness=0.7),
        color("#E3C21B", roughness=0.4),
    )
    eye, tail, foot = (
        color("#141414", roughness=0.2),
        color("#1B1B1B", roughness=0.6),
        color("#F08A1D", roughness=0.6),
    )
    parts = [
        ball((0.0, 0.0, 0.36), (0.8, 0.46, 0.42), body),
        ball((0.22, 0.0, 0.38), (0.4, 0.4, 0.38), breast),
        rod((0.27, 0.0, 0.48), (0.34, 0.0, 0.68), 0.14, head),  # neck
        cylinder((0.3, 0.0, 0.55), 0.155, 0.03, collar),  # the white neck ring
        ball((0.36, 0.0, 0.73), (0.26, 0.2, 0.22), head),
        ball((0.52, 0.0, 0.7), (0.2, 0.1, 0.06), bill),
    ]
    for side in (1, -1):
        parts.append(ball((0.42, 0.085 * side, 0.76), 0.035, eye))
        parts.append(ball((-0.05, 0.17 * side, 0.39), (0.55, 0.14, 0.28), wing))
        parts.append(rod((0.03, 0.09 * side, 0.17), (0.05, 0.09 * side, 0.02), 0.04, foot))
        parts.append(ball((0.11, 0.09 * side, 0.012), (0.16, 0.1, 0.024), foot))  # webbed foot
    parts.append(cone((-0.42, 0.0, 0.45), 0.16, 0.22, tail, rotation=(0.0, -60.0, 0.0)))  # tail
    return model("duck", parts)


@functools.cache
def bed() -> Model:
    """A bed facing +x: the foot end (low footboard) in front, headboard and pillows behind.

    A bed's intrinsic front is taken to be its foot end: the way the sleeper's
    feet point and a person sitting up in it looks, the end one stands at
    "in front of the bed". The headboard, the tallest part, is at the back.
    """
    wood, mattress = color("#7A4B2A", roughness=0.6), color("#F2F0EA", roughness=0.9)
    blanket, fold, pillow = (
        color("#3F6E9E", roughness=0.9),
        color("#DCE6F0", roughness=0.9),
        color("#FFFFFF", roughness=0.9),
    )
    parts = [
        cube((0.0, 0.0, 0.2), (2.0, 1.4, 0.2), wood),  # frame
        cube((0.0, 0.0, 0.4), (1.96, 1.34, 0.2), mattress),
        cube((0.25, 0.0, 0.51), (1.46, 1.38, 0.04), blanket),  # over the lower three quarters
        cube((-0.47, 0.0, 0.535), (0.12, 1.38, 0.05), fold),  # its turned-down top edge
        cube((-1.02, 0.0, 0.6), (0.08, 1.46, 1.2), wood),  # headboard, behind
        cube((1.02, 0.0, 0.34), (0.06, 1.46, 0.48), wood),  # footboard, in front
    ]
    for side in (1, -1):
        parts.append(ball((-0.78, 0.33 * side, 0.56), (0.32, 0.56, 0.14), pillow))
        parts.append(cube((0.25, 0.69 * side, 0.38), (1.46, 0.02, 0.26), blanket))
        for x in (0.95, -0.95):
            parts.append(cube((x, 0.65 * side, 0.05), (0.08, 0.08, 0.1), wood))
    return model("bed", parts)


BICYCLE_WHEELS: tuple[float, float] = (0.52, -0.52)
"""x of the front and the rear hub."""


@functools.cache
def bicycle() -> Model:
    """A bicycle facing +x: the front wheel, fork, handlebars and headlight in front.

    Its front is the way it rides: the steered wheel under the handlebars,
    with a white headlight; a red reflector behind the saddle. The chain and
    chainring are on its right (−y), the drive side of real bicycles.
    """
    paint = color("#1F7A8C", roughness=0.35, metallic=0.3)
    tyre, metal = color("#1A1A1A", roughness=0.8), color("#BBBBBB", 0.2, 0.9)
    grip, light = color("#141414", roughness=0.7), color("#FFF2A8", emission=4.0)
    reflector = color("#E01010", emission=2.0)
    hub_z = 0.37  # the tyres' outer radius: they touch the ground
    rear, front = (BICYCLE_WHEELS[1], 0.0, hub_z), (BICYCLE_WHEELS[0], 0.0, hub_z)
    bracket, seat, head_top, head_low = (
        (-0.02, 0.0, 0.3),
        (-0.2, 0.0, 0.8),
        (0.36, 0.0, 0.78),
        (0.4, 0.0, 0.64),
    )
    parts: list[Part] = []
    for x in BICYCLE_WHEELS:
        hub = (x, 0.0, hub_z)
        parts.append(ring(hub, 0.68, tyre, tube=0.09, rotation=(90.0, 0.0, 0.0)))
        parts.append(ring(hub, 0.6, metal, tube=0.04, rotation=(90.0, 0.0, 0.0)))
        parts.append(cylinder(hub, 0.07, 0.1, metal, rotation=(90.0, 0.0, 0.0)))
        for angle in (0, 60, 120):  # spokes
            a = math.radians(angle)
            d = (0.29 * math.cos(a), 0.0, 0.29 * math.sin(a))
            parts.append(rod(tf.sub(hub, d), tf.add(hub, d), 0.01, metal))
    parts += [
        rod(bracket, seat, 0.045, paint),  # seat tube
        rod(seat, head_top, 0.04, paint),  # top tube
        rod(bracket, head_low, 0.05, paint),  # down tube
        rod(head_low, head_top, 0.055, paint),  # head tube
    ]
    for side in (1, -1):
        y = 0.05 * side
        parts.append(rod((rear[0], y, hub_z), (bracket[0], y, bracket[2]), 0.025, paint))
        parts.append(rod((rear[0], y, hub_z), (seat[0] + 0.01, y, seat[2] - 0.04), 0.025, paint))
        parts.append(rod((head_low[0], y, head_low[2]), (front[0], y, hub_z), 0.03, paint))  # fork
    stem = (0.33, 0.0, 0.9)
    parts += [
        rod(head_top, stem, 0.035, metal),
        rod((0.33, -0.3, 0.9), (0.33, 0.3, 0.9), 0.03, metal),  # handlebar, across
        cylinder((0.33, 0.27, 0.9), 0.04, 0.1, grip, rotation=(90.0, 0.0, 0.0)),
        cylinder((0.33, -0.27, 0.9), 0.04, 0.1, grip, rotation=(90.0, 0.0, 0.0)),
        ball((0.42, 0.0, 0.84), 0.08, light),  # headlight, in front of the stem
        rod(seat, (-0.22, 0.0, 0.86), 0.03, metal),  # seat post
        ball((-0.2, 0.0, 0.88), (0.28, 0.13, 0.06), grip),  # saddle
        ball((-0.08, 0.0, 0.88), (0.1, 0.06, 0.04), grip),  # its nose, pointing forward
        cube((-0.37, 0.0, 0.83), (0.02, 0.08, 0.05), reflector),  # behind the saddle
        ring((bracket[0], -0.07, bracket[2]), 0.22, metal, tube=0.12, rotation=(90.0, 0.0, 0.0)),
        rod((bracket[0], -0.07, bracket[2] + 0.1), (rear[0], -0.07, hub_z + 0.04), 0.012, metal),
        rod((bracket[0], -0.07, bracket[2] - 0.1), (rear[0], -0.07, hub_z - 0.04), 0.012, metal),
    ]
    for side, phase in ((1, 1), (-1, -1)):  # crank arms and pedals, opposite each other
        pedal = (bracket[0] + 0.1 * phase, 0.11 * side, bracket[2] - 0.12 * phase)
        parts.append(rod((bracket[0], 0.08 * side, bracket[2]), pedal, 0.025, metal))
        parts.append(cube(tf.add(pedal, (0.0, 0.04 * side, 0.0)), (0.1, 0.08, 0.02), grip))
    return model("bicycle", parts)


def comfort_relata() -> dict[str, Callable[[], Model]]:
    """The ten COMFORT-CAR relata, by the name used in prompts, in the released configs' order."""
    return {
        "horse": horse,
        "bench": bench,
        "laptop": laptop,
        "duck": duck,
        "chair": comfort_chair,
        "dog": comfort_dog,
        "sofa": sofa,
        "bed": bed,
        "bicycle": bicycle,
        "car": car,
    }


@functools.cache
def woman() -> Model:
    """The addressee of COMFORT-CAR, about 1.7 tall, facing +x: face in front, long hair behind."""
    skin, hair, top = (
        color("#E8B896", roughness=0.6),
        color("#3B2314", roughness=0.8),
        color("#2A9D8F", roughness=0.7),
    )
    skirt, shoe, eye, lips = (
        color("#264653", roughness=0.8),
        color("#141414"),
        color("#141414", 0.2),
        color("#B03A48"),
    )
    parts: list[Part] = []
    for side in (1, -1):
        y = 0.1 * side
        parts.append(rod((0.0, y, 0.05), (0.0, y, 0.8), 0.1, skin))
        parts.append(cube((0.06, y, 0.04), (0.24, 0.1, 0.08), shoe))  # shoes pointing forward
        parts.append(rod((0.0, 0.25 * side, 1.38), (0.04, 0.29 * side, 0.95), 0.08, top))  # arm
        parts.append(ball((0.05, 0.29 * side, 0.9), 0.09, skin))  # hand
    parts.append(cone((0.0, 0.0, 0.78), 0.55, 0.5, skirt))
    parts.append(rod((0.0, 0.0, 0.9), (0.0, 0.0, 1.42), 0.36, top))
    parts.append(ball((0.0, 0.0, 1.4), (0.24, 0.5, 0.14), top))
    parts.append(rod((0.0, 0.0, 1.4), (0.0, 0.0, 1.52), 0.09, skin))
    parts.append(ball((0.0, 0.0, 1.6), (0.22, 0.2, 0.26), skin))  # head
    for side in (1, -1):
        parts.append(ball((0.1, 0.045 * side, 1.63), 0.03, eye))
    parts.append(cone((0.12, 0.0, 1.59), 0.04, 0.05, skin, rotation=(0.0, 90.0, 0.0)))  # nose
    parts.append(cube((0.1, 0.0, 1.53), (0.02, 0.06, 0.015), lips))
    parts.append(ball((-0.02, 0.0, 1.66), (0.24, 0.23, 0.22), hair))  # hair on top
    parts.append(cube((-0.08, 0.0, 1.4), (0.09, 0.22, 0.42), hair))  # long hair at the back
    return model("woman", parts)

"""`vpt-tasks render`: render a scene family into a canonical dataset directory.

    vpt-tasks render isle-brick   --out DIR [--seed N] [--size 512] [--samples 16] [--limit N] ...
    vpt-tasks render comfort-ball --out DIR [--relations behind,totheleft] [--frames 0-36] ...
    vpt-tasks render comfort-car  --out DIR [--variations car,horse] [--datasets comfort_car_ref_facing_left] ...

Deterministic for a given seed; re-running the same command skips finished
frames; `--dry-run` plans without Blender and prints what would be rendered.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections import Counter
from typing import Any

from vpt_tasks.render import FAMILIES, RENDERER_VERSION

_HELP = {
    "isle-brick": "LEGO-style minifigure + object scenes after the Isle-Brick-V2 design (7 gold answers each)",
    "comfort-ball": "COMFORT-BALL: a sphere orbiting a sphere, 4 relations x 5 variations x 37 frames",
    "comfort-car": "COMFORT-CAR: a basketball orbiting a fronted relatum, with the woman, both facings",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """One sub-parser per scene family, sharing the render options."""
    families = parser.add_subparsers(dest="family", metavar="FAMILY", required=True)
    for family in FAMILIES:
        sub = families.add_parser(family, help=_HELP[family], description=_HELP[family])
        _common(sub)
        if family == "isle-brick":
            _isle_options(sub)
        else:
            _comfort_options(sub, family)


def _common(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("output and rendering")
    group.add_argument(
        "--out",
        required=True,
        metavar="DIR",
        help="dataset directory to write (created; re-running resumes)",
    )
    group.add_argument(
        "--seed", type=int, default=0, help="seed of layouts and of Cycles (default 0)"
    )
    group.add_argument(
        "--size", type=int, default=512, help="image width and height in pixels (default 512)"
    )
    group.add_argument(
        "--samples", type=int, default=16, help="Cycles samples per pixel (default 16)"
    )
    group.add_argument("--no-denoise", action="store_true", help="turn off OpenImageDenoise")
    group.add_argument(
        "--format", choices=("png", "jpeg"), default="png", help="image format (default png)"
    )
    group.add_argument("--jpeg-quality", type=int, default=90, help="JPEG quality (default 90)")
    group.add_argument(
        "--limit", type=int, default=None, metavar="N", help="only the first N frames of the plan"
    )
    group.add_argument(
        "--masks", action="store_true", help="also write label masks to DIR/.render/masks/"
    )
    group.add_argument(
        "--threads", type=int, default=0, help="render threads (default 0: all cores)"
    )
    group.add_argument(
        "--dry-run",
        action="store_true",
        help="plan and summarise without rendering (no Blender needed)",
    )
    group.add_argument("--quiet", action="store_true", help="no progress bar")


def _isle_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("Isle-Brick design")
    group.add_argument(
        "--objects", type=_names, default=None, help="comma-separated objects (default all nine)"
    )
    group.add_argument(
        "--positions", type=_names, default=None, help="left,right,front,back (default all)"
    )
    group.add_argument(
        "--orientations", type=_names, default=None, help="toward,away (default both)"
    )
    group.add_argument(
        "--viewpoints", type=_names, default=None, help="surface,birds_eye (default both)"
    )
    group.add_argument(
        "--repeats", type=int, default=1, help="the whole design N times with fresh draws"
    )
    group.add_argument(
        "--yaw-step",
        type=float,
        default=None,
        metavar="DEG",
        help="facings every DEG degrees instead of toward/away",
    )
    group.add_argument(
        "--distractors", type=int, default=0, help="other objects per scene (0-3; Q1 counts them)"
    )
    group.add_argument(
        "--second-figure", action="store_true", help="add a second minifigure (Q2 = 2)"
    )
    group.add_argument(
        "--occluder",
        action="store_true",
        help="add a wardrobe that blocks the figure's view in --occluder-share of scenes",
    )
    group.add_argument(
        "--occluder-share",
        type=float,
        default=0.5,
        help="share of scenes with a blocking wardrobe (default 0.5)",
    )
    group.add_argument(
        "--object-distance",
        type=float,
        default=None,
        help="figure-object distance, figure height = 1 (default 2.4; 3.2 with --occluder)",
    )
    group.add_argument(
        "--surface-elevation",
        type=float,
        default=20.0,
        help="lowest surface-level camera elevation, degrees (default 20)",
    )
    group.add_argument(
        "--birds-eye-elevation",
        type=float,
        default=60.0,
        help="bird's-eye camera elevation, degrees (default 60; 90 = top-down)",
    )
    group.add_argument(
        "--lens", type=float, default=70.0, help="focal length in mm on a 36 mm sensor (default 70)"
    )
    group.add_argument(
        "--boundary-margin",
        type=float,
        default=5.0,
        help="skip scenes with a direction this close to a sector boundary (default 5)",
    )
    group.add_argument(
        "--two-direction-shares",
        type=_floats,
        default=None,
        metavar="Q4,Q5,Q7",
        help="shares of two-direction gold answers (default 0.36,0.173,0.285 as in the paper)",
    )


def _comfort_options(parser: argparse.ArgumentParser, family: str) -> None:
    group = parser.add_argument_group("COMFORT paths")
    group.add_argument(
        "--relations",
        type=_names,
        default=None,
        help="infrontof,behind,totheleft,totheright (default all)",
    )
    what = (
        "variations (default,color,size,cam_position,distractor)"
        if family == "comfort-ball"
        else "relata (car,chair,horse,dog,sofa)"
    )
    group.add_argument(
        "--variations", type=_names, default=None, help=f"comma-separated {what}; default all"
    )
    group.add_argument(
        "--frames", type=_frames, default=None, help="frames, e.g. 0-36 (default) or 0,9,18,27"
    )
    if family == "comfort-car":
        group.add_argument(
            "--datasets",
            type=_names,
            default=None,
            help="comfort_car_ref_facing_left,comfort_car_ref_facing_right (default both)",
        )


def _names(text: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in text.split(",") if item.strip())


def _floats(text: str) -> tuple[float, ...]:
    try:
        return tuple(float(item) for item in _names(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected comma-separated numbers, got {text!r}"
        ) from None


def _frames(text: str) -> tuple[int, ...]:
    frames: list[int] = []
    try:
        for item in _names(text):
            low, _, high = item.partition("-")
            frames.extend(range(int(low), int(high) + 1) if high else [int(low)])
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected frames like 0-36 or 0,9,18, got {text!r}"
        ) from None
    return tuple(frames)


def run(args: argparse.Namespace) -> int:
    """Plan, render what is missing, write the dataset; 2 on bad options or without Blender."""
    from vpt_tasks.render.blender import BlenderUnavailable
    from vpt_tasks.render.scene import RenderSettings

    try:
        settings = RenderSettings(
            size=_positive("size", args.size),
            samples=_positive("samples", args.samples),
            denoise=not args.no_denoise,
            format=args.format,
            jpeg_quality=args.jpeg_quality,
            seed=args.seed,
        )
        plans, skipped = plan(args)
    except ValueError as error:
        print(f"vpt-tasks render {args.family}: error: {error}", file=sys.stderr)
        return 2
    if args.limit is not None:
        plans = plans[: max(0, args.limit)]
    unique = len({p.scene.digest() for p in plans})
    print(
        f"{args.family}: {len(plans)} frames ({unique} distinct scenes)"
        + (f", {len(skipped)} design cells skipped" if skipped else "")
    )
    for scene_id, reason in skipped[:5]:
        print(f"  skipped {scene_id}: {reason}")
    if args.dry_run:
        print(summary(args.family, plans))
        return 0
    if not plans:
        print(
            f"vpt-tasks render {args.family}: error: the options select no frame", file=sys.stderr
        )
        return 2
    from vpt_tasks.render.cards import TITLES, card_body
    from vpt_tasks.render.runner import render_dataset

    command = command_line(args)
    try:
        report = render_dataset(
            plans,
            args.out,
            settings,
            schema=schema(args.family),
            pretty_name=TITLES[args.family],
            card_body=lambda report: card_body(
                args.family, command, settings, report, RENDERER_VERSION
            ),
            masks=args.masks,
            threads=args.threads,
            progress=not args.quiet,
        )
    except BlenderUnavailable as error:
        print(f"vpt-tasks render: {error}", file=sys.stderr)
        return 2
    print(
        f"wrote {report.directory} ({report.frames} rows: {report.rendered} rendered, "
        f"{report.copied} copied from identical scenes, {report.resumed} already done); {report.timing()}"
    )
    return 0


def plan(args: argparse.Namespace) -> tuple[list[Any], list[tuple[str, str]]]:
    """The frame plans selected by the command-line options (ValueError on bad options)."""
    if args.family == "isle-brick":
        from vpt_tasks.render.isle_plan import IsleBrickOptions, plan_isle_brick

        defaults = IsleBrickOptions()
        options = IsleBrickOptions(
            objects=args.objects or defaults.objects,
            positions=args.positions or defaults.positions,
            orientations=args.orientations or defaults.orientations,
            viewpoints=args.viewpoints or defaults.viewpoints,
            repeats=args.repeats,
            seed=args.seed,
            two_direction_shares=_three(args.two_direction_shares) or defaults.two_direction_shares,
            yaw_step=args.yaw_step,
            distractors=args.distractors,
            second_figure=args.second_figure,
            occluder=args.occluder,
            occluder_share=args.occluder_share,
            object_distance=args.object_distance,
            surface_elevation=args.surface_elevation,
            birds_eye_elevation=args.birds_eye_elevation,
            lens_mm=args.lens,
            boundary_margin=args.boundary_margin,
        )
        result = plan_isle_brick(options)
        return result.frames, result.skipped
    from vpt_tasks.render.comfort_plan import (
        FRAMES,
        ComfortOptions,
        plan_comfort_ball,
        plan_comfort_car,
    )

    options = ComfortOptions(
        relations=args.relations or ComfortOptions().relations,
        variations=args.variations,
        datasets=getattr(args, "datasets", None),
        frames=args.frames or FRAMES,
        seed=args.seed,
    )
    if args.family == "comfort-ball":
        return plan_comfort_ball(options), []
    return plan_comfort_car(options), []


def schema(family: str) -> dict[str, str]:
    """The canonical schema of a family plus its geometry columns."""
    from vpt_tasks.comfort.spec import CANONICAL_SCHEMA as COMFORT_FEATURES
    from vpt_tasks.isle_brick.spec import CANONICAL_SCHEMA as ISLE_BRICK_FEATURES

    if family == "isle-brick":
        from vpt_tasks.render.isle_plan import GEOMETRY_COLUMNS

        return {**ISLE_BRICK_FEATURES, **GEOMETRY_COLUMNS}
    from vpt_tasks.render.comfort_plan import GEOMETRY_COLUMNS as COMFORT_GEOMETRY

    return {**COMFORT_FEATURES, **COMFORT_GEOMETRY}


def summary(family: str, plans: list[Any]) -> str:
    """Counts of the planned gold answers / paths, for --dry-run."""
    rows = [p.row for p in plans]
    if family == "isle-brick":
        lines = []
        for column in ("gold_q1", "gold_q2", "gold_q4", "gold_q5", "gold_q6", "gold_q7"):
            counts = Counter("+".join(r[column]) for r in rows)
            two = sum(len(r[column]) > 1 for r in rows)
            lines.append(
                f"  {column}: {dict(sorted(counts.items()))}"
                + (
                    f" (two directions: {two})"
                    if column in ("gold_q4", "gold_q5", "gold_q7")
                    else ""
                )
            )
        lines.append(f"  viewpoints: {dict(Counter(r['viewpoint'] for r in rows))}")
        return "\n".join(lines)
    paths = Counter((r["dataset"], r["relation"], r["variation"]) for r in rows)
    return f"  {len(paths)} paths, frames per path: {sorted(set(paths.values()))}"


def command_line(args: argparse.Namespace) -> str:
    """The full command that reproduces this run, every option spelled out."""
    parts = ["vpt-tasks", "render", args.family]
    skip = {"family", "dry_run", "quiet", "command"}
    for name, value in vars(args).items():
        if name in skip or value is None or value is False:
            continue
        flag = "--" + name.replace("_", "-")
        if value is True:
            parts.append(flag)
        elif isinstance(value, tuple):
            parts += [flag, ",".join(str(v) for v in value)]
        else:
            parts += [flag, str(value)]
    return shlex.join(parts)


def _three(values: tuple[float, ...] | None) -> tuple[float, float, float] | None:
    if values is None:
        return None
    if len(values) != 3:
        raise ValueError(
            f"--two-direction-shares takes three numbers (Q4,Q5,Q7), got {len(values)}"
        )
    return (values[0], values[1], values[2])


def _positive(name: str, value: int) -> int:
    if value < 1:
        raise ValueError(f"--{name} must be at least 1, got {value}")
    return value

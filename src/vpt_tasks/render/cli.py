"""`vpt-tasks render`: render a scene family into a canonical dataset directory.

    vpt-tasks render isle-brick   --out DIR [--seed N] [--size 512] [--samples 16] [--limit N] ...
    vpt-tasks render isle-brick   --dry-run [--seed N]        # the plan's gold sets vs Table 3
    vpt-tasks render isle-brick   --out DIR --variant no-objects,human-figure   # + twin images
    vpt-tasks render comfort-ball --out DIR [--relations behind,totheleft] [--frames 0-36] ...
    vpt-tasks render comfort-car  --out DIR [--variations car,horse] [--datasets comfort_car_ref_facing_left] ...
    vpt-tasks render FAMILY ... --workers N             # N Blender processes on this machine
    vpt-tasks render FAMILY ... --out SHARDS --shard I/N  # one slice, e.g. a Slurm array task
    vpt-tasks render merge OUT SHARDS/shard-*            # the shards' frames as one dataset
    vpt-tasks render FAMILY ... --engine ray             # shards as Ray tasks, merged into --out

Deterministic for a given seed, whatever the engine, workers or shards: the
same rows and the same frames (byte for byte with `--no-denoise`; denoised
frames drawn in different processes may differ by one level in a few pixels,
see the render README). Re-running the same command skips finished frames;
`--dry-run` plans without Blender and prints what would be rendered.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections import Counter
from typing import Any

from vpt_tasks.render import CAR_RELATA, FAMILIES, RENDERER_VERSION

_HELP = {
    "isle-brick": "LEGO-style minifigure + object scenes after the Isle-Brick-V2 design (7 gold answers each)",
    "comfort-ball": "COMFORT-BALL: a sphere orbiting a sphere, 4 relations x 5 variations x 37 frames",
    "comfort-car": "COMFORT-CAR: a basketball orbiting a fronted relatum, with the woman, both facings",
}


_MERGE_HELP = (
    "merge shard folders (--shard I/N runs) into one canonical dataset, after checking that "
    "they are all the shards of one plan"
)

EXECUTION_OPTIONS = frozenset(
    {"threads", "workers", "shard", "engine", "ray_address", "ray_shards", "retries"}
)
"""Options that change how frames are computed, never which bytes: left out of the recorded command."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """One sub-parser per scene family, sharing the render options, and `merge`."""
    families = parser.add_subparsers(dest="family", metavar="FAMILY|merge", required=True)
    for family in FAMILIES:
        sub = families.add_parser(family, help=_HELP[family], description=_HELP[family])
        _common(sub)
        _scale_options(sub)
        if family == "isle-brick":
            _isle_options(sub)
        else:
            _comfort_options(sub, family)
    merge = families.add_parser("merge", help=_MERGE_HELP, description=_MERGE_HELP)
    merge.add_argument("out", metavar="OUT", help="dataset directory to write")
    merge.add_argument(
        "shards",
        nargs="+",
        metavar="SHARD_DIR",
        help="shard folders (shard-I-of-N), or folders holding them",
    )
    merge.add_argument("--quiet", action="store_true", help="no progress bar")


def _common(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("output and rendering")
    group.add_argument(
        "--out",
        default=None,
        metavar="DIR",
        help="dataset directory to write (created; re-running resumes); not needed with --dry-run",
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
        "--threads",
        type=int,
        default=0,
        help="Cycles threads per render (default 0: all cores, or cores / --workers)",
    )
    group.add_argument(
        "--dry-run",
        action="store_true",
        help="plan and summarise without rendering (no Blender needed)",
    )
    group.add_argument("--quiet", action="store_true", help="no progress bar")


def _scale_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "scaling out (the frames and rows are the same whatever is chosen here)"
    )
    group.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="Blender processes rendering side by side (default: cores / --threads; "
        "1 with --threads 0); each gets cores / N threads unless --threads is given",
    )
    group.add_argument(
        "--shard",
        type=_shard,
        default=None,
        metavar="I/N",
        help="render only shard I of N (1-based) into DIR/shard-I-of-N/; "
        "join the shards with `vpt-tasks render merge`",
    )
    group.add_argument(
        "--engine",
        choices=("local", "ray"),
        default="local",
        help='local processes (default) or Ray tasks, one per shard (pip install "vpt-tasks[scale]")',
    )
    group.add_argument(
        "--ray-address",
        default=None,
        metavar="ADDR",
        help="Ray cluster to use (default: $RAY_ADDRESS, else a new local Ray instance)",
    )
    group.add_argument(
        "--ray-shards",
        type=int,
        default=None,
        metavar="N",
        help="with --engine ray: shards (tasks) to split the plan into (default: one per 8 "
        "distinct scenes); each task takes --threads CPUs (default 1)",
    )
    group.add_argument(
        "--retries",
        type=int,
        default=2,
        metavar="N",
        help="with --engine ray: times a failed shard is run again (default 2)",
    )
    group.add_argument(
        "--renderer",
        default=None,
        metavar="MODULE",
        help="module that draws the frames (default vpt_tasks.render.blender); any module "
        "with render_frame, render_mask and blender_version, e.g. a stand-in to try a "
        "cluster set-up without Blender",
    )


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
        help="shares of scenes with two-direction Q4, Q5, Q7 gold answers, dealt with the seed "
        "(default: the paper's Table 3, cell by cell, for every seed)",
    )
    group.add_argument(
        "--variant",
        type=_names,
        default=None,
        metavar="NAME[,NAME]",
        help="also render each scene's twin for the image interventions: no-objects (the "
        "minifigure alone), human-figure (a human figure in its place); same seed, camera "
        "and pose, gold unchanged, stored in the scene's row (image_no_objects, "
        "image_human_figure)",
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
        else "relata (" + ",".join(CAR_RELATA) + ")"
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


def _shard(text: str) -> Any:
    from vpt_tasks.render.shards import Shard

    try:
        return Shard.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


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
    """Plan, render what is missing, write the dataset; 2 on bad options or without Blender.

    With `--shard` only the shard's frames are rendered (no dataset); a
    failing shard exits with 1 and the command that re-runs it.
    """
    if args.family == "merge":
        return run_merge(args)
    from vpt_tasks.render.blender import BlenderUnavailable

    error_prefix = f"vpt-tasks render {args.family}: error:"
    if args.out is None and not args.dry_run:
        print(
            f"{error_prefix} --out DIR is required: the folder to write the dataset to "
            "(only --dry-run plans without one)",
            file=sys.stderr,
        )
        return 2
    try:
        settings = render_settings(args)
        plans, skipped = plan(args)
        if args.limit is not None:
            plans = plans[: max(0, args.limit)]
        plans = with_variants(args, plans)
        workers, threads = _execution(args)
    except ValueError as error:
        print(f"{error_prefix} {error}", file=sys.stderr)
        return 2
    unique = len({p.scene.digest() for p in plans})
    print(
        f"{args.family}: {len(plans)} frames ({unique} distinct scenes)"
        + (f", {len(skipped)} design cells skipped" if skipped else "")
    )
    for scene_id, reason in skipped[:5]:
        print(f"  skipped {scene_id}: {reason}")
    if args.shard is not None:
        selected = args.shard.select(plans, settings)
        print(f"shard {args.shard}: {len(selected)} of these frames")
    if args.dry_run:
        print(summary(args.family, selected if args.shard is not None else plans))
        return 0
    if not plans:
        print(f"{error_prefix} the options select no frame", file=sys.stderr)
        return 2
    from vpt_tasks.render.ray_engine import RayUnavailable, ShardsFailed
    from vpt_tasks.render.renderer import Renderer, RendererUnavailable

    renderer = Renderer(args.renderer) if args.renderer else None
    try:
        if renderer is not None:
            renderer.check()
        if args.shard is not None:
            return _render_shard(args, plans, settings, workers, threads, renderer)
        if args.engine == "ray":
            report = _render_on_ray(args, plans, settings, renderer)
        else:
            if workers > 1:
                print(f"rendering with {workers} worker processes, {threads} threads each")
            report = _finish(
                args, plans, settings, workers=workers, threads=threads, renderer=renderer
            )
    except (BlenderUnavailable, RendererUnavailable) as error:
        print(f"vpt-tasks render: {error}", file=sys.stderr)
        return 2
    except RayUnavailable as error:
        print(f"vpt-tasks render: {error}", file=sys.stderr)
        return 2
    except ShardsFailed as error:
        print(f"vpt-tasks render: {error}", file=sys.stderr)
        return 1
    print(
        f"wrote {report.directory} ({_rows(plans)} rows, {report.frames} frames: "
        f"{report.rendered} rendered, {report.copied} copied from identical scenes, "
        f"{report.resumed} already done); {report.timing()}"
    )
    return 0


def render_settings(args: argparse.Namespace) -> Any:
    """The `RenderSettings` of the command-line options (ValueError on bad values)."""
    from vpt_tasks.render.scene import RenderSettings

    return RenderSettings(
        size=_positive("size", args.size),
        samples=_positive("samples", args.samples),
        denoise=not args.no_denoise,
        format=args.format,
        jpeg_quality=args.jpeg_quality,
        seed=args.seed,
    )


def _execution(args: argparse.Namespace) -> tuple[int, int]:
    """(workers, threads per worker) of the local engine; ValueError on contradictory options."""
    from vpt_tasks.render.parallel import plan_workers

    if args.engine == "ray":
        if args.shard is not None:
            raise ValueError("--shard renders one shard here; --engine ray renders all of them")
        if args.workers is not None:
            raise ValueError(
                "--workers is for the local engine; with --engine ray, --ray-shards sets the "
                "tasks and --threads the CPUs of each"
            )
        if args.ray_shards is not None:
            _positive("ray-shards", args.ray_shards)
        if args.retries < 0:
            raise ValueError(f"--retries must be 0 or more, got {args.retries}")
        return 1, max(1, args.threads)
    return plan_workers(args.workers, args.threads)


def _finish(args: argparse.Namespace, plans: list[Any], settings: Any, **render: Any) -> Any:
    """Render what `args.out` lacks (nothing after a merge) and write its dataset and card."""
    from vpt_tasks.render.cards import TITLES, card_body
    from vpt_tasks.render.runner import render_dataset

    command = command_line(args)
    return render_dataset(
        plans,
        args.out,
        settings,
        schema=schema(args.family, getattr(args, "variant", None) or ()),
        pretty_name=TITLES[args.family],
        card_body=lambda report: card_body(
            args.family, command, settings, report, RENDERER_VERSION
        ),
        masks=args.masks,
        progress=not args.quiet,
        **render,
    )


def with_variants(args: argparse.Namespace, plans: list[Any]) -> list[Any]:
    """The plans and, with `--variant`, every scene's twins (ValueError on an unknown variant)."""
    variants = getattr(args, "variant", None)
    if not variants:
        return plans
    from vpt_tasks.render import isle_plan

    unknown = [v for v in variants if v not in isle_plan.VARIANTS]
    if unknown:
        raise ValueError(
            f"--variant: unknown variant(s) {', '.join(unknown)}; choose from "
            f"{', '.join(isle_plan.VARIANTS)}"
        )
    return isle_plan.with_variants(plans, list(dict.fromkeys(variants)))


def _rows(plans: list[Any]) -> int:
    """Rows of the dataset: the planned scenes, without their twins."""
    return sum("twin_of" not in plan.row for plan in plans)


def _render_shard(
    args: argparse.Namespace,
    plans: list[Any],
    settings: Any,
    workers: int,
    threads: int,
    renderer: Any,
) -> int:
    """Render `--shard I/N` into `--out`/shard-I-of-N; on failure say how to re-run it."""
    import traceback

    from vpt_tasks.render.blender import BlenderUnavailable
    from vpt_tasks.render.shards import ShardMismatch, render_shard

    shard = args.shard
    rerun = command_line(args) + f" --shard {shard}"
    try:
        folder, report = render_shard(
            plans,
            shard,
            args.out,
            settings,
            command=command_line(args),
            masks=args.masks,
            threads=threads,
            workers=workers,
            renderer=renderer,
            progress=not args.quiet,
        )
    except BlenderUnavailable:
        raise
    except ShardMismatch as error:
        print(f"vpt-tasks render {args.family}: error: {error}", file=sys.stderr)
        return 2
    except Exception as error:
        traceback.print_exc()
        print(
            f"vpt-tasks render: shard {shard} failed: {error}\n"
            f"re-run it with (its finished frames are kept):\n  {rerun}",
            file=sys.stderr,
        )
        return 1
    print(
        f"wrote shard {shard} to {folder} ({report.frames} frames: {report.rendered} "
        f"rendered, {report.copied} copied from identical scenes, {report.resumed} already "
        f"done); {report.timing()}\nwhen all {shard.count} shards are done, merge them with:\n"
        f"  vpt-tasks render merge DATASET_DIR {shlex.quote(str(args.out))}"
    )
    return 0


def _render_on_ray(args: argparse.Namespace, plans: list[Any], settings: Any, renderer: Any) -> Any:
    """`--engine ray`: render the shards on Ray, merge them into `--out`, write the dataset."""
    from vpt_tasks.render.ray_engine import render_on_ray, shards_folder

    shard_args = argparse.Namespace(**{**vars(args), "out": str(shards_folder(args.out))})
    report = render_on_ray(
        plans,
        args.out,
        settings,
        shards=args.ray_shards,
        masks=args.masks,
        threads=max(1, args.threads),
        retries=args.retries,
        renderer=renderer,
        address=args.ray_address,
        command=command_line(shard_args),
        progress=not args.quiet,
    )
    finished = _finish(args, plans, settings)  # all frames are there: writes the dataset
    report.blender_version = report.blender_version or finished.blender_version
    return report


def run_merge(args: argparse.Namespace) -> int:
    """`vpt-tasks render merge OUT SHARD_DIR...`: check the shards, copy them, write the dataset."""
    from vpt_tasks.render.merge import MergeError, find_shards, merge_shards

    try:
        found = find_shards(args.shards)
        commands = {_without_out(info.command) for _, info in found}
        if None in commands:
            raise MergeError(
                "a shard carries no command (rendered through the Python API); merge such "
                "shards with vpt_tasks.render.merge.merge_shards"
            )
        if len(commands) > 1:
            raise MergeError(
                "the shards were rendered by different commands (other options than --out):\n  "
                + "\n  ".join(sorted(str(c) for c in commands))
            )
        command = str(found[0][1].command)
        family_args = _parse(shlex.split(command)[2:])
        family_args.out = args.out
        family_args.quiet = args.quiet
        settings = render_settings(family_args)
        plans, _ = plan(family_args)
        if family_args.limit is not None:
            plans = plans[: max(0, family_args.limit)]
        plans = with_variants(family_args, plans)
        merged = merge_shards(args.out, plans, settings, args.shards, masks=family_args.masks)
    except ValueError as error:  # MergeError, or a command this version cannot plan
        print(f"vpt-tasks render merge: error: {error}", file=sys.stderr)
        return 2
    report = _finish(family_args, plans, settings)
    print(
        f"merged {merged.shards} shards into {report.directory} ({report.frames} rows: "
        f"{merged.imported} frames copied from the shards, {merged.present} already there)"
    )
    return 0


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="vpt-tasks render")
    add_arguments(parser)
    return parser.parse_args(argv)


def _without_out(command: str | None) -> str | None:
    """`command` without its `--out DIR` (shards of one plan may sit in different folders)."""
    if command is None:
        return None
    parts = shlex.split(command)
    kept = [
        part
        for index, part in enumerate(parts)
        if part != "--out" and (index == 0 or parts[index - 1] != "--out")
    ]
    return shlex.join(kept)


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
            two_direction_shares=_three(args.two_direction_shares),
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

    comfort = ComfortOptions(
        relations=args.relations or ComfortOptions().relations,
        variations=args.variations,
        datasets=getattr(args, "datasets", None),
        frames=args.frames or FRAMES,
        seed=args.seed,
    )
    if args.family == "comfort-ball":
        return plan_comfort_ball(comfort), []
    return plan_comfort_car(comfort), []


def schema(family: str, variants: Any = ()) -> dict[str, str]:
    """The canonical schema of a family plus its geometry columns (and its variants' images)."""
    from vpt_tasks.comfort.spec import CANONICAL_SCHEMA as COMFORT_FEATURES
    from vpt_tasks.isle_brick.spec import CANONICAL_SCHEMA as ISLE_BRICK_FEATURES

    if family == "isle-brick":
        from vpt_tasks.render.isle_plan import GEOMETRY_COLUMNS, VARIANTS

        twins = {VARIANTS[v]: "image" for v in VARIANTS if v in set(variants)}
        return {**ISLE_BRICK_FEATURES, **GEOMETRY_COLUMNS, **twins}
    from vpt_tasks.render.comfort_plan import GEOMETRY_COLUMNS as COMFORT_GEOMETRY

    return {**COMFORT_FEATURES, **COMFORT_GEOMETRY}


def summary(family: str, plans: list[Any]) -> str:
    """Counts of the planned gold answers / paths, for --dry-run."""
    rows = [p.row for p in plans if "twin_of" not in p.row]
    if family == "isle-brick":
        lines = []
        twins = Counter(p.row["variant"] for p in plans if "twin_of" in p.row)
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
        lines.append(f"  {_table_3_line(rows)}")
        if twins:
            lines.append(f"  twin frames: {dict(twins)}")
        return "\n".join(lines)
    paths = Counter((r["dataset"], r["relation"], r["variation"]) for r in rows)
    return f"  {len(paths)} paths, frames per path: {sorted(set(paths.values()))}"


def _table_3_line(rows: list[dict[str, Any]]) -> str:
    """Whether the planned Q4, Q5, Q7 gold sets are the paper's Table 3 (per 144 scenes)."""
    from vpt_tasks.isle_brick.design import TABLE_3

    if not rows or len(rows) % 144:
        return f"Table 3 of the paper: not comparable ({len(rows)} scenes, not 144 or a multiple)"
    times = len(rows) // 144
    differing = []
    for column, paper in TABLE_3.items():
        planned = Counter(tuple(r[column]) for r in rows)
        for gold in sorted(set(paper) | set(planned)):
            if planned[gold] != paper.get(gold, 0) * times:
                differing.append(
                    f"{column} {'+'.join(gold)} {planned[gold]} vs {paper.get(gold, 0) * times}"
                )
    if not differing:
        return "Table 3 of the paper: every cell as the paper's" + (
            f" (x{times})" if times > 1 else ""
        )
    return "Table 3 of the paper: differs in " + "; ".join(differing)


def command_line(args: argparse.Namespace) -> str:
    """The full command that reproduces this run's output, every option spelled out.

    Execution options (`EXECUTION_OPTIONS`: threads, workers, shard, engine
    and Ray settings) are left out: they do not change the frames or rows, so
    the dataset card and the shards' recorded command are the same however
    the frames were computed.
    """
    parts = ["vpt-tasks", "render", args.family]
    skip = {"family", "dry_run", "quiet", "command", *EXECUTION_OPTIONS}
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

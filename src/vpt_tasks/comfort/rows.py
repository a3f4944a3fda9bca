"""COMFORT's canonical row: the columns of one rendered frame, and the probe's absent object.

Every writer of COMFORT rows builds them here -- the upstream adapter
(`upstream.py`), the schematic frames (`hf_datasets/builders/synthetic/comfort.py`) and the renderer's plans
(`vpt_tasks.render.comfort_plan`) -- so the three agree on the names, on
theta = 10 * frame - 180 and on the absent object of the hallucination probe.
The columns are those of `spec.CANONICAL_SCHEMA`, image aside.

Names follow the released code (spatial_gen.py): BALL objects are
"<colour> <shape>" ("red sphere"), CAR objects the shape name ("basketball",
"horse"); the vocabularies are `upstream_names` in task_configs/comfort.yaml.
"""

from __future__ import annotations

from typing import Any

from vpt_tasks.comfort.spec import UpstreamNames
from vpt_tasks.core.errors import SourceError

__all__ = ["absent_object", "frame_row"]


def absent_object(referent: str, relatum: str, ball: bool, names: UpstreamNames) -> str:
    """The object of the negative hallucination probe, by the released code's rule.

    BALL: the last "<colour> <shape>" (colours x shapes in the config's order)
    whose colour and shape both differ from those of the referent, the
    relatum and the green distractor sphere. CAR: the first object of the
    list that is neither the referent nor the relatum.
    """
    if not ball:
        return next(o for o in names.car_objects if o not in (referent, relatum))
    present = [referent, relatum, names.ball_distractor]
    colors = {p.split()[0] for p in present}
    shapes = {p.split()[-1] for p in present}
    chosen = None
    for shape in names.ball_shapes:
        for color in names.ball_colors:
            if color not in colors and shape not in shapes:
                chosen = f"{color} {shape}"
    if chosen is None:
        raise SourceError(f"no absent object left for {referent!r} and {relatum!r}.")
    return chosen


def frame_row(
    dataset: str,
    relation: str,
    variation: str,
    frame: int,
    referent: str,
    relatum: str,
    *,
    ball: bool,
    names: UpstreamNames,
) -> dict[str, Any]:
    """The canonical columns of one frame, image aside (shared by every writer of COMFORT rows).

    `addressee` is None for BALL and "woman" for CAR (the scenes the paper
    rendered); a writer that reads it from its data overrides it.
    """
    return {
        "dataset": dataset,
        "relation": relation,
        "variation": variation,
        "frame": frame,
        "theta": 10 * frame - 180,
        "referent": referent,
        "relatum": relatum,
        "addressee": None if ball else "woman",
        "absent_object": absent_object(referent, relatum, ball, names),
    }

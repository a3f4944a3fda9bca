"""The direction-bias probe of the paper's Appendix B: Q5 with the directions in every order.

What: each scene's Q5 ("which cardinal direction ... is the humanoid
minifigure facing?") is asked once per order of the four directions listed in
its parenthesis -- "(i.e., north, west, east, or south)" is the paper's own
order, `NWES`; all 24 orders by default. The answer's distribution over north /
east / south / west is read from the first answer token's log-probabilities
(`vpt_tasks.scorers.choice_probability`), or from the answer text where the
provider sends none; `metrics.py`'s bias metrics compare it with the gold
distribution, with uniform, across orders and across list positions.

Why: in the paper's Appendix B, GPT-4-Turbo answered "east" for most scenes whatever
the scene showed; asking in every order separates a preference for a *direction* from a
preference for a *place in the list*.

An order is written as its four initials, e.g. `NESW` = north, east, south, west.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample

from vpt_tasks.core.errors import TaskArgumentError
from vpt_tasks.core.messages import image, user_message
from vpt_tasks.isle_brick.dataset import Scene
from vpt_tasks.isle_brick.spec import IsleBrickSpec

PROBE = "direction_bias"
"""Sample metadata `probe` of the probe's samples (how `metrics.details` tells them apart)."""
QUESTION_ID = "Q5"

Order = tuple[str, ...]


def order_code(order: Sequence[str]) -> str:
    """`NESW` for (north, east, south, west)."""
    return "".join(direction[0].upper() for direction in order)


def all_orders(directions: Sequence[str]) -> list[Order]:
    """Every order of the directions (24 for four), in lexicographic order of their positions."""
    return [tuple(order) for order in permutations(directions)]


def parse_orders(value: Any, spec: IsleBrickSpec) -> list[Order]:
    """`-T orders=`: `all` (default), `paper` (NWES), or order codes like `NESW,ENWS`."""
    directions = spec.bias_probe.directions
    everything = all_orders(directions)
    if value is None or value == "" or value == []:
        return everything
    items = value if isinstance(value, list | tuple) else str(value).split(",")
    by_code = {order_code(order): order for order in everything}
    chosen: list[Order] = []
    for item in items:
        code = str(item).strip().upper()
        if code == "ALL":
            return everything
        order = spec.bias_probe.paper_order if code == "PAPER" else by_code.get(code)
        if order is None:
            raise TaskArgumentError(
                f"-T orders={value!r}: {str(item).strip()!r} is not an order of the four "
                f"directions; write each order as their initials, a permutation of "
                f"{order_code(directions)} (e.g. NESW,WSEN), or use all or paper "
                f"({order_code(spec.bias_probe.paper_order)})."
            )
        if tuple(order) not in chosen:
            chosen.append(tuple(order))
    return chosen


def probe_question(spec: IsleBrickSpec, order: Order, prompt_style: str) -> str:
    """The question as asked, without a chain-of-thought instruction (sample metadata `question`)."""
    first_person = prompt_style == "first_person"
    text = spec.bias_probe.prompt(order, first_person=first_person)
    return f"{spec.first_person.framing} {text}" if first_person else text


def build_probe_samples(
    scenes: Sequence[Scene], spec: IsleBrickSpec, orders: Sequence[Order], prompt_style: str
) -> MemoryDataset:
    """One sample per (scene, order): the scene's image, then the probe question.

    Sample ids are `<scene>/Q5/<order>`, the same under every solver and
    intervention, so runs pair up by id. The answer pool handed to baseline
    models is Q5's pool (north, east, south, west), as in `isle_brick`: the
    order asked is in the prompt, not in the set of permissible answers.
    """
    question = spec.questions[QUESTION_ID]
    samples = []
    for scene in scenes:
        for order in orders:
            text = probe_question(spec, order, prompt_style)
            prompt = f"{text} {spec.cot_instruction}" if prompt_style == "cot" else text
            sample_id = f"{scene.scene_id}/{QUESTION_ID}/{order_code(order)}"
            samples.append(
                Sample(
                    id=sample_id,
                    input=[
                        user_message(
                            [image(scene.image_path), prompt],
                            answer_pool=list(question.pool),
                            sample_key=sample_id,
                        )
                    ],
                    target=list(scene.gold[QUESTION_ID]),
                    metadata={
                        "probe": PROBE,
                        "scene_id": scene.scene_id,
                        "question_id": QUESTION_ID,
                        "category": question.category,
                        "kind": question.kind,
                        "question": text,
                        "prompt_style": prompt_style,
                        "object": scene.object,
                        "gold": list(scene.gold[QUESTION_ID]),
                        "pool_size": len(question.pool),
                        "order": order_code(order),
                        "listed": list(order),
                        **{k: v for k, v in scene.factors.items() if v is not None},
                        **scene.intervention,
                    },
                )
            )
    return MemoryDataset(samples, name="isle_brick_bias")

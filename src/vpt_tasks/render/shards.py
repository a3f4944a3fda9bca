"""Shards: a deterministic slice of a plan, rendered into its own folder by any scheduler.

What: `Shard(index, count)` (1-based, written `I/N`) selects its frames from a
plan with `select`; `render_shard` renders them into `PARENT/shard-I-of-N/`
(the same `.render/` layout and manifest as a full run) and writes
`shard.json`: the plan fingerprint, the shard, its keys and the command that
renders it. `vpt_tasks.render.merge` joins the folders into one dataset.

How frames are dealt: the plan's distinct scenes (frames with the same
digest, in the order they first appear) are dealt round-robin — the j-th
distinct scene (0-based) goes to shard `j mod N + 1`, together with every
frame that repeats it. Identical scenes thus stay in one shard and are drawn
once, and neighbouring plan entries (which tend to cost alike) spread over
all shards. The slice is a function of the plan and N only.

Why: Slurm array jobs, Kubernetes indexed jobs or a shell loop over hosts
need nothing from us but `--shard $I/$N`; the fingerprint (a digest of every
planned key and frame digest, the render settings and the renderer version)
lets the merge refuse shards of another plan, seed or version.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from vpt_tasks.render import RENDERER_VERSION
from vpt_tasks.render.renderer import Renderer
from vpt_tasks.render.runner import RenderReport, render_frames
from vpt_tasks.render.scene import FramePlan, RenderSettings

SHARD_FILE = "shard.json"


class ShardMismatch(ValueError):
    """The shard folder already holds a shard of another plan."""


@dataclass(frozen=True, order=True)
class Shard:
    """Shard `index` of `count` (1-based: `1/3`, `2/3`, `3/3`)."""

    index: int
    count: int

    def __post_init__(self) -> None:
        if not 1 <= self.index <= self.count:
            raise ValueError(f"a shard is I/N with 1 <= I <= N, got {self.index}/{self.count}")

    @classmethod
    def parse(cls, text: str) -> Shard:
        """`"2/8"` -> `Shard(2, 8)` (ValueError otherwise)."""
        index, slash, count = text.partition("/")
        try:
            if not slash:
                raise ValueError
            return cls(int(index), int(count))
        except ValueError as error:
            detail = f" ({error})" if str(error) else ""
            raise ValueError(
                f"expected a shard like 2/8 (I of N, 1-based), got {text!r}{detail}"
            ) from None

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"

    @property
    def folder(self) -> str:
        """Its folder name, e.g. `shard-02-of-12` (zero-padded so that folders sort)."""
        width = len(str(self.count))
        return f"shard-{self.index:0{width}d}-of-{self.count}"

    def select(self, plans: Sequence[FramePlan], settings: RenderSettings) -> list[FramePlan]:
        """This shard's frames, in plan order."""
        numbers = assign(plans, settings, self.count)
        return [plan for plan, number in zip(plans, numbers, strict=True) if number == self.index]


def assign(plans: Sequence[FramePlan], settings: RenderSettings, count: int) -> list[int]:
    """The shard number (1-based) of every plan: distinct scenes dealt round-robin."""
    if count < 1:
        raise ValueError(f"the number of shards must be at least 1, got {count}")
    order: dict[str, int] = {}
    numbers = []
    for plan in plans:
        position = order.setdefault(plan.digest(settings), len(order))
        numbers.append(position % count + 1)
    return numbers


def split(
    plans: Sequence[FramePlan], settings: RenderSettings, count: int
) -> list[list[FramePlan]]:
    """The frames of shards 1..count (a shard may be empty when scenes are fewer than shards)."""
    parts: list[list[FramePlan]] = [[] for _ in range(count)]
    for plan, number in zip(plans, assign(plans, settings, count), strict=True):
        parts[number - 1].append(plan)
    return parts


def fingerprint(plans: Sequence[FramePlan], settings: RenderSettings) -> str:
    """Digest of the whole plan: keys, frame digests (scene + settings), settings, renderer version."""
    text = json.dumps(
        {
            "renderer_version": RENDERER_VERSION,
            "settings": asdict(settings),
            "frames": [[plan.key, plan.digest(settings)] for plan in plans],
        },
        sort_keys=True,
    )
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class ShardInfo:
    """The `shard.json` of a shard folder."""

    shard: str
    """`I/N`."""
    fingerprint: str
    """`fingerprint(plans, settings)` of the whole plan."""
    frames: int
    """Frames in the whole plan."""
    keys: list[str] = field(default_factory=list)
    """This shard's frame keys, in plan order."""
    command: str | None = None
    """The command that plans the run (without execution options); None through the Python API."""
    masks: bool = False
    renderer_version: str = RENDERER_VERSION

    @property
    def parsed(self) -> Shard:
        return Shard.parse(self.shard)

    def write(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        staged = folder / (SHARD_FILE + ".part")
        staged.write_text(json.dumps(asdict(self), indent=1) + "\n", encoding="utf-8")
        os.replace(staged, folder / SHARD_FILE)

    @classmethod
    def read(cls, folder: Path) -> ShardInfo:
        data = json.loads((Path(folder) / SHARD_FILE).read_text(encoding="utf-8"))
        return cls(**{name: data[name] for name in cls.__dataclass_fields__ if name in data})


def plan_shards(
    plans: Sequence[FramePlan],
    settings: RenderSettings,
    count: int,
    *,
    command: str | None = None,
    masks: bool = False,
) -> list[tuple[Shard, list[FramePlan], ShardInfo]]:
    """Every shard of `plans` split `count` ways: the shard, its frames and its `shard.json`."""
    whole = fingerprint(plans, settings)
    shards = []
    for index, part in enumerate(split(plans, settings, count), start=1):
        shard = Shard(index, count)
        keys = [plan.key for plan in part]
        info = ShardInfo(str(shard), whole, len(plans), keys, command=command, masks=masks)
        shards.append((shard, part, info))
    return shards


def render_shard(
    plans: Sequence[FramePlan],
    shard: Shard,
    parent: str | Path,
    settings: RenderSettings,
    *,
    command: str | None = None,
    masks: bool = False,
    threads: int = 0,
    workers: int = 1,
    renderer: Renderer | None = None,
    progress: bool = True,
) -> tuple[Path, RenderReport]:
    """Render `shard` of `plans` into `parent/<shard.folder>`, resumably; return the folder and report.

    Re-running resumes the folder like a normal run (see `render_part`).
    """
    _, selected, info = plan_shards(plans, settings, shard.count, command=command, masks=masks)[
        shard.index - 1
    ]
    folder = Path(parent) / shard.folder
    report = render_part(
        selected,
        info,
        folder,
        settings,
        threads=threads,
        workers=workers,
        renderer=renderer,
        progress=progress,
    )
    return folder, report


def render_part(
    selected: Sequence[FramePlan],
    info: ShardInfo,
    folder: Path,
    settings: RenderSettings,
    *,
    threads: int = 0,
    workers: int = 1,
    renderer: Renderer | None = None,
    progress: bool = True,
) -> RenderReport:
    """Write `info` to `folder` and render its frames `selected` there, resumably.

    The one way a shard is rendered: `render_shard` (`--shard I/N`) calls it
    on the shard's folder, the Ray engine on a temporary folder of its task.
    A folder holding a shard of another plan is refused rather than mixed.
    """
    if (folder / SHARD_FILE).is_file():
        previous = ShardInfo.read(folder)
        if (previous.fingerprint, previous.shard) != (info.fingerprint, info.shard):
            raise ShardMismatch(
                f"{folder} holds shard {previous.shard} of another plan (fingerprint "
                f"{previous.fingerprint[:12]}, this plan {info.fingerprint[:12]}); "
                "use another --out or remove the folder"
            )
    info.write(folder)
    if not selected:
        return RenderReport(directory=folder, frames=0)
    return render_frames(
        selected,
        folder,
        settings,
        masks=info.masks,
        threads=threads,
        workers=workers,
        renderer=renderer,
        progress=progress,
    )

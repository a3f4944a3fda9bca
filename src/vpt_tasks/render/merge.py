"""Merge shard folders into one render directory whose dataset is that of a single run.

What: `find_shards(paths)` reads the `shard.json` of shard folders (or of the
shard folders inside a given folder); `merge_shards(out, plans, settings,
folders)` checks that they are shards of exactly this plan — same
fingerprint, same N, none duplicated, each complete, none missing — and only
then copies their frames, masks and manifest entries into `out/.render/`.
`runner.write_rendered_dataset` then writes the canonical dataset from them.

Why: the merged directory must be indistinguishable from a single run: the
same frames (byte for byte: each is drawn from the same scene and settings),
the same rows in plan order, a manifest a later `vpt-tasks render` resumes
from. Checking everything before writing anything means a refused merge
leaves `out` as it was. Every refusal says which shard and, when the shards
carry their command, the exact command that renders it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from vpt_tasks.render.runner import Manifest, copy_file, frame_path, mask_path
from vpt_tasks.render.scene import FramePlan, RenderSettings
from vpt_tasks.render.shards import SHARD_FILE, Shard, ShardInfo, fingerprint, split


class MergeError(ValueError):
    """The shard folders do not make up the plan (message says which shard and what to run)."""


@dataclass(frozen=True)
class MergeReport:
    """What a merge did."""

    shards: int
    """Shard folders merged."""
    imported: int
    """Frames copied into the output."""
    present: int
    """Frames the output already held (same digest and bytes)."""


def find_shards(paths: Iterable[str | Path]) -> list[tuple[Path, ShardInfo]]:
    """Shard folders among `paths`: a folder with `shard.json`, or the shard folders inside one."""
    found: list[tuple[Path, ShardInfo]] = []
    for path in map(Path, paths):
        if (path / SHARD_FILE).is_file():
            folders = [path]
        elif path.is_dir():
            folders = sorted(p.parent for p in path.glob(f"*/{SHARD_FILE}"))
            if not folders:
                raise MergeError(
                    f"{path} is not a shard folder and holds none ({SHARD_FILE} missing)"
                )
        else:
            raise MergeError(f"{path} does not exist")
        for folder in folders:
            try:
                found.append((folder, ShardInfo.read(folder)))
            except (ValueError, TypeError, KeyError) as error:
                raise MergeError(
                    f"{folder / SHARD_FILE} is not a valid shard file: {error}"
                ) from None
    return found


def rerun_hint(info: ShardInfo, shard: Shard) -> str:
    """How to render `shard` again: the recorded command with `--shard I/N`."""
    if info.command:
        return f"render it with:\n  {info.command} --shard {shard}"
    return f"render it again with vpt_tasks.render.shards.render_shard(..., Shard({shard.index}, {shard.count}))"


def unfinished(
    folder: Path, plans: Sequence[FramePlan], settings: RenderSettings, *, masks: bool = False
) -> list[str]:
    """Keys of `plans` whose frame (or, with `masks`, mask) `folder` does not hold finished."""
    manifest = Manifest.of(folder)
    return [
        p.key
        for p in plans
        if not manifest.finished(p.key, p.digest(settings), frame_path(folder, p, settings))
        or (masks and not mask_path(folder, p).is_file())
    ]


def merge_shards(
    out: str | Path,
    plans: Sequence[FramePlan],
    settings: RenderSettings,
    folders: Iterable[str | Path],
    *,
    masks: bool = False,
) -> MergeReport:
    """Copy the frames of the shard `folders` of `plans` into `out/.render` after checking them all."""
    out = Path(out)
    shards = find_shards(folders)
    if not shards:
        raise MergeError("no shard folders given")
    expected = fingerprint(plans, settings)
    first_folder, first = shards[0]
    count = first.parsed.count
    by_index: dict[int, tuple[Path, ShardInfo]] = {}
    for folder, info in shards:
        if info.fingerprint != expected:
            raise MergeError(
                f"{folder} is a shard of another plan (fingerprint {info.fingerprint[:12]}, "
                f"expected {expected[:12]}): it was rendered with other options, seed, render "
                "settings or vpt_tasks version"
            )
        shard = info.parsed
        if shard.count != count:
            raise MergeError(
                f"{folder} is shard {shard} but {first_folder} is shard {first.shard}: "
                "shards of one merge must split the plan the same number of ways"
            )
        if shard.index in by_index:
            raise MergeError(
                f"shard {shard} is given twice: {by_index[shard.index][0]} and {folder}; "
                "pass each shard folder once"
            )
        by_index[shard.index] = (folder, info)

    parts = split(plans, settings, count)
    target = Manifest.of(out)
    for index, part in enumerate(parts, start=1):
        shard = Shard(index, count)
        if index not in by_index:
            if unfinished(out, part, settings, masks=masks):  # not merged into `out` before
                raise MergeError(f"shard {shard} is missing: {rerun_hint(first, shard)}")
            continue
        folder, info = by_index[index]
        if info.keys != [p.key for p in part]:
            raise MergeError(
                f"{folder} does not hold the frames of shard {shard} of this plan; "
                f"{rerun_hint(first, shard)}"
            )
        missing = unfinished(folder, part, settings, masks=masks)
        if missing:
            raise MergeError(
                f"shard {shard} in {folder} is incomplete ({len(part) - len(missing)} of "
                f"{len(part)} frames{' with masks' if masks else ''}; first missing: "
                f"{missing[0]}): {rerun_hint(info, shard)}"
            )

    imported = present = 0
    for index, (folder, _) in sorted(by_index.items()):
        source = Manifest.of(folder)
        for plan in parts[index - 1]:
            digest, entry = plan.digest(settings), source.entries[plan.key]
            there = frame_path(out, plan, settings)
            if (
                target.finished(plan.key, digest, there)
                and target.entries[plan.key]["sha256"] == entry["sha256"]
            ):
                present += 1
            else:
                copy_file(frame_path(folder, plan, settings), there)
                target.record({**entry, "merged_from": folder.name})
                imported += 1
            if masks:
                copy_file(mask_path(folder, plan), mask_path(out, plan))
    return MergeReport(shards=len(by_index), imported=imported, present=present)

"""The upstream COMFORT layout, converted once into canonical rows.

Upstream (`sled-umich/COMFORT` on the Hub) ships three zip archives, one per
dataset, each unpacking to `<dataset>/<relation>/<variation>/{0..36}.png`
with a `config.json` per path (the merged render configuration: shapes,
colours, `relation`, and `mapping: {"i.png": theta_i}`) and a
`composite_image.png` preview. This module reads that layout from the zips
(without unpacking them) or from an unpacked directory, turns every frame into
a canonical row (`rows.frame_row`, columns `spec.CANONICAL_SCHEMA`) and writes
the rows, streamed in batches by `vpt_tasks.core.canonical.write_dataset`, as a
canonical dataset directory in the cache (`$VPT_TASKS_CACHE/comfort/<key>/`).
The key is derived from the content (zip member CRCs, or file sizes and
times), so a source is converted once and a changed source is converted again.

Names follow the released code (spatial_gen.py): BALL objects are
"<colour> <shape>" ("red sphere"), CAR objects the shape name ("basketball",
"horse"); the absent object of the hallucination probe is chosen by the code's
rule (see `rows.absent_object`).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import re
import shutil
import zipfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Protocol

from vpt_tasks.comfort.geometry import DATASETS, RELATIONS
from vpt_tasks.comfort.rows import frame_row
from vpt_tasks.comfort.spec import CANONICAL_SCHEMA, ComfortSpec, UpstreamNames
from vpt_tasks.core.cache import staging_folder, writing
from vpt_tasks.core.canonical import write_dataset
from vpt_tasks.core.contained import files_under, inside
from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.sources import Source, hub_advice

logger = logging.getLogger(__name__)

CONVERTER_VERSION = 1
"""Part of the cache key: bump when the conversion changes its output."""

_FRAME_NAME = re.compile(r"^(\d+)\.png$")
_BATCH = 16
"""Rows per Parquet row group of a conversion: bounds the image bytes held in memory."""

MAX_IMAGE_BYTES = 64 * 2**20
"""Largest frame file read (an upstream frame is a 512 x 512 PNG of about 0.4 MB)."""
MAX_CONFIG_BYTES = 2**20
"""Largest config.json read (an upstream one is about 2 KB)."""
_CHUNK = 2**20


class Tree(Protocol):
    """Read-only files addressed by POSIX paths: a directory or a zip archive."""

    label: str

    def names(self) -> list[str]: ...

    def read(self, name: str, limit: int) -> bytes:
        """The file's bytes; a file larger than `limit` bytes is refused before it is read."""
        ...

    def fingerprint(self) -> str: ...


class DirectoryTree:
    """The files under a directory."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.label = f"directory {root}"
        # every file, links that stay inside followed, a link outside refused (not skipped)
        self._names = [p.relative_to(root).as_posix() for p in files_under(root, where=self.label)]

    def names(self) -> list[str]:
        return self._names

    def read(self, name: str, limit: int) -> bytes:
        path = inside(self.root, name, where=self.label)
        size = path.stat().st_size
        if size > limit:
            raise _too_large(self.label, name, size, limit)
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
        if len(data) > limit:  # grew while read
            raise _too_large(self.label, name, len(data), limit)
        return data

    def fingerprint(self) -> str:
        digest = hashlib.sha256()
        for name in self._names:
            stat = (self.root / name).stat()
            digest.update(f"{name}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
        return digest.hexdigest()


class ZipTree:
    """The members of a zip archive, read without unpacking it."""

    def __init__(self, path: Path, label: str | None = None) -> None:
        self.path = path
        self.label = label or f"archive {path}"
        try:
            self._zip = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, OSError) as error:
            raise SourceError(f"{self.label}: not a readable zip archive ({error}).") from None
        self._infos = {i.filename: i for i in self._zip.infolist() if not i.is_dir()}

    def names(self) -> list[str]:
        return sorted(self._infos)

    def read(self, name: str, limit: int) -> bytes:
        """The member's bytes, streamed: never more than `limit` bytes are decompressed.

        The declared size is checked first, and the stream is cut at `limit`
        whatever the header says (a forged size cannot make it read more).
        """
        info = self._infos[name]
        if info.file_size > limit:
            raise _too_large(self.label, name, info.file_size, limit)
        chunks: list[bytes] = []
        total = 0
        try:
            with self._zip.open(info) as member:
                while chunk := member.read(min(_CHUNK, limit + 1 - total)):
                    chunks.append(chunk)
                    total += len(chunk)
                    if total > limit:
                        raise _too_large(self.label, name, total, limit)
        except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError) as error:
            raise SourceError(
                f"{self.label}: member {name} does not read ({error}); the archive is damaged. "
                "Download it again."
            ) from None
        return b"".join(chunks)

    def fingerprint(self) -> str:
        digest = hashlib.sha256()
        for name in self.names():
            info = self._infos[name]
            digest.update(f"{name}\0{info.file_size}\0{info.CRC}\n".encode())
        return digest.hexdigest()


def _too_large(label: str, name: str, size: int, limit: int) -> SourceError:
    return SourceError(
        f"{label}: {name} is {size:,} bytes (or more), larger than the {limit:,} bytes a "
        "COMFORT file may have; it is not read. Replace the file or remove it from the source."
    )


# --------------------------------------------------------------------------
# finding upstream data


def is_upstream_layout(directory: Path) -> bool:
    """Whether `directory` holds COMFORT data in the upstream layout (unpacked or zipped)."""
    if any((directory / f"{name}.zip").is_file() for name in DATASETS):
        return True
    return any(_config_files(directory))


def _config_files(directory: Path) -> Iterator[Path]:
    """The `config.json` files of an unpacked tree (at most three folders deep); a link that
    leads outside the folder is refused, not skipped."""
    for path in files_under(directory, where=f"directory {directory}"):
        if path.name == "config.json" and len(path.relative_to(directory).parts) <= 4:
            yield path


def trees_for(
    source: Source, spec: ComfortSpec, datasets: Sequence[str]
) -> list[tuple[Tree, str | None]]:
    """The upstream trees of `source` for `datasets`, each with its dataset name if known.

    Hub: the datasets' archives are downloaded (at `source.revision`). Local
    directory: `<dataset>.zip` archives inside it, else the unpacked tree.
    """
    if source.kind in ("upstream", "hub"):
        return [(_download(source, spec.archives[name]), name) for name in datasets]
    directory = Path(source.location)
    zips = [(directory / f"{name}.zip", name) for name in datasets]
    present = [(path, name) for path, name in zips if path.is_file()]
    if present:
        return [(ZipTree(path), name) for path, name in present]
    others = sorted(f"{name}.zip" for name in DATASETS if (directory / f"{name}.zip").is_file())
    if others and not any(_config_files(directory)):
        raise SourceError(
            f"{source.describe()}: has {', '.join(others)} but not "
            f"{', '.join(f'{name}.zip' for name in datasets)}, which this task reads."
        )
    hint = directory.name if directory.name in DATASETS else None
    return [(DirectoryTree(directory), hint)]


def _download(source: Source, filename: str) -> ZipTree:
    from huggingface_hub import hf_hub_download

    try:
        path = hf_hub_download(
            source.location, filename, repo_type="dataset", revision=source.revision
        )
    except Exception as error:  # noqa: BLE001 - translated into an actionable message
        raise SourceError(
            f"{source.describe()}: cannot fetch {filename}: {error}. {hub_advice(error)}"
        ) from None
    return ZipTree(Path(path), label=f"{source.describe()} archive {filename}")


# --------------------------------------------------------------------------
# conversion


def convert(tree: Tree, dataset_hint: str | None, spec: ComfortSpec, cache: Path) -> Path:
    """The canonical dataset directory of `tree`, converting it on first use.

    The result is cached under `cache/comfort/<key>`; concurrent conversions of
    the same tree are harmless (the directory is moved into place atomically).
    """
    key = hashlib.sha256(
        f"v{CONVERTER_VERSION}\0{dataset_hint}\0{tree.fingerprint()}".encode()
    ).hexdigest()[:24]
    target = cache / "comfort" / key
    if (target / "data").is_dir():
        return target
    staging = staging_folder(target.parent, key)  # abandoned ones are removed first
    count = 0

    def counted(rows: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        nonlocal count
        for row in rows:
            count += 1
            yield row

    try:
        with writing(staging, "the converted COMFORT dataset"):
            write_dataset(
                staging,
                counted(iter_rows(tree, dataset_hint, spec.names)),  # streamed: one batch in memory
                CANONICAL_SCHEMA,
                split="test",
                pretty_name="COMFORT (converted from the upstream layout by vpt_tasks)",
                license="other",
                body=(
                    f"Converted from {tree.label} (converter v{CONVERTER_VERSION}). The images and "
                    "their license are those of the source (upstream: sled-umich/COMFORT).\n"
                ),
                batch_size=_BATCH,
            )
        (staging / ".owner").unlink(missing_ok=True)
        try:
            os.replace(staging, target)
        except OSError:  # another process finished first
            shutil.rmtree(staging, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    logger.info("COMFORT: converted %s (%d frames) into %s", tree.label, count, target)
    return target


@dataclass(frozen=True)
class _Path:
    """One upstream path: a relation x variation folder with its config."""

    folder: str
    dataset: str
    relation: str
    config: Mapping[str, Any]


def iter_rows(
    tree: Tree, dataset_hint: str | None, names: UpstreamNames
) -> Iterator[dict[str, Any]]:
    """Canonical rows (image as bytes) of every frame in `tree`, in path order."""
    files = set(tree.names())
    configs = sorted(
        n for n in files if PurePosixPath(n).name == "config.json" and "__MACOSX" not in n
    )
    if not configs:
        raise SourceError(
            f"{tree.label}: no <dataset>/<relation>/<variation>/config.json found; the "
            "upstream COMFORT layout has one config.json per path next to 0.png ... 36.png."
        )
    for config_name in configs:
        path = _read_path(tree, config_name, dataset_hint)
        yield from _frames(tree, path, files, names)


def _read_path(tree: Tree, config_name: str, dataset_hint: str | None) -> _Path:
    where = f"{tree.label}: {config_name}"
    folder = PurePosixPath(config_name).parent
    parts = folder.parts
    if len(parts) < 2:
        raise SourceError(
            f"{where}: expected <relation>/<variation>/config.json (optionally under "
            "<dataset>/); found it at the top level."
        )
    dataset = parts[-3] if len(parts) >= 3 and parts[-3] in DATASETS else dataset_hint
    if dataset is None:
        raise SourceError(
            f"{where}: cannot tell which dataset this path belongs to; put it under a folder "
            f"named {', '.join(DATASETS)} (as the upstream archives do)."
        )
    try:
        config = json.loads(tree.read(config_name, MAX_CONFIG_BYTES))
    except (ValueError, UnicodeDecodeError) as error:
        raise SourceError(f"{where}: not valid JSON ({error}).") from None
    if not isinstance(config, dict):
        raise SourceError(f"{where}: expected a JSON object.")
    relation = str(config.get("relation") or parts[-2])
    if relation not in RELATIONS or relation != parts[-2]:
        raise SourceError(
            f"{where}: relation {relation!r} (folder {parts[-2]!r}) is not one of "
            f"{', '.join(RELATIONS)}, or config and folder disagree."
        )
    return _Path(folder.as_posix(), dataset, relation, config)


def _frames(
    tree: Tree, path: _Path, files: set[str], names: UpstreamNames
) -> Iterator[dict[str, Any]]:
    where = f"{tree.label}: {path.folder}"
    config = path.config
    mapping = config.get("mapping")
    if not isinstance(mapping, dict) or not mapping:
        raise SourceError(f"{where}/config.json: no `mapping` of frame files to angles.")
    if config.get("path_type", "rotate") != "rotate":
        raise SourceError(f"{where}: path_type {config.get('path_type')!r} is not supported.")
    ball = path.dataset == "comfort_ball"
    referent = _object(config, "var", ball, names, where)
    relatum = _object(config, "ref", ball, names, where)
    addressee = None
    if not ball and config.get("addressee"):
        addressee = names.shape(config.get("addressee_shape")) or "woman"
    variation = str(config.get("variation") or PurePosixPath(path.folder).name) if ball else relatum
    for file_name, angle in sorted(mapping.items(), key=lambda kv: _frame_number(kv[0], where)):
        frame = _frame_number(file_name, where)
        theta = _theta(angle, f"{where}/config.json mapping[{file_name!r}]")
        if theta != 10 * frame - 180:
            raise SourceError(
                f"{where}/config.json: mapping[{file_name!r}] = {angle!r}, but frame {frame} of a "
                f"COMFORT path is at theta = {10 * frame - 180} (37 frames, 10 degrees apart "
                "from -180)."
            )
        image = f"{path.folder}/{file_name}"
        if image not in files:
            raise SourceError(f"{where}: {file_name} is listed in config.json but missing.")
        row = frame_row(
            path.dataset, path.relation, variation, frame, referent, relatum, ball=ball, names=names
        )
        yield {"image": tree.read(image, MAX_IMAGE_BYTES), **row, "addressee": addressee}


def _frame_number(file_name: str, where: str) -> int:
    match = _FRAME_NAME.match(str(file_name))
    if not match or not 0 <= int(match.group(1)) <= 36:
        raise SourceError(
            f"{where}/config.json: mapping key {file_name!r} is not 0.png ... 36.png."
        )
    return int(match.group(1))


def _theta(angle: Any, where: str) -> int:
    if isinstance(angle, bool) or not isinstance(angle, int | float):
        raise SourceError(f"{where} = {angle!r} is not an angle in degrees.")
    if not math.isfinite(angle):
        raise SourceError(
            f"{where} = {angle!r} is not a finite angle in degrees (JSON NaN / Infinity); "
            "fix the config.json."
        )
    return int(round(float(angle)))


def _object(
    config: Mapping[str, Any], prefix: str, ball: bool, names: UpstreamNames, where: str
) -> str:
    shape = names.shape(config.get(f"{prefix}_shape"))
    if shape is None:
        raise SourceError(
            f"{where}/config.json: unknown {prefix}_shape {config.get(f'{prefix}_shape')!r}; "
            "known shapes are listed under upstream_names.shapes in task_configs/comfort.yaml."
        )
    if not ball:
        return shape
    color = str(config.get(f"{prefix}_color") or "").strip().lower()
    if color not in names.ball_colors:
        raise SourceError(
            f"{where}/config.json: {prefix}_color {config.get(f'{prefix}_color')!r} is not one "
            f"of {', '.join(names.ball_colors)}."
        )
    return f"{color} {shape}"

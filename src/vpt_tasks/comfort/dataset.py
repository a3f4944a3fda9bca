"""COMFORT frames from any source, expanded into one sample per prompt.

Canonical schema (one row per rendered frame), `COMFORT_FEATURES`:
`image, dataset, relation, variation, frame, theta, referent, relatum,
addressee, absent_object`. Upstream data, a local copy of the upstream
archives or of their unpacked layout go through `vpt_tasks.comfort.upstream`
first (converted once, cached); canonical directories, Hub ids and the
bundled demo are read directly.

Each frame becomes one sample per spatial prompt (nop / cam / add / rel) and,
with probes, two object-hallucination samples (the relatum, an absent
object). Images are stored once in the content-addressed image store and
referenced by path from every sample of the frame.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessage, ChatMessageSystem

from vpt_tasks.comfort.geometry import (
    DATASETS,
    RELATIONS,
    frame_for_prompt,
    hemisphere_ground_truth,
)
from vpt_tasks.comfort.language import Language
from vpt_tasks.comfort.spec import CANONICAL_SCHEMA as COMFORT_FEATURES
from vpt_tasks.comfort.spec import ChainOfThought, ComfortSpec
from vpt_tasks.comfort.stream import iter_rows
from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.images import ImageStore, default_cache_dir
from vpt_tasks.core.messages import image, user_message
from vpt_tasks.core.records import RowContext, read_records
from vpt_tasks.core.sources import Source
from vpt_tasks.core.templates import fill

__all__ = [
    "COMFORT_FEATURES",
    "PATH_FRAMES",
    "Frame",
    "build_samples",
    "canonical_sources",
    "load_frames",
]

# COMFORT_FEATURES (`spec.CANONICAL_SCHEMA`): the canonical columns; `addressee`
# may be null (BALL has none).
REQUIRED_COLUMNS = [name for name in COMFORT_FEATURES if name != "addressee"]

PATH_FRAMES = 37
"""Frames of a complete COMFORT path: 0 ... 36 (theta -180 ... 180; frame 36 repeats frame 0)."""


@dataclass(frozen=True)
class Frame:
    """One canonical row, its image stored as a file."""

    dataset: str
    relation: str
    variation: str
    frame: int
    theta: int
    referent: str
    relatum: str
    addressee: str | None
    absent_object: str
    image_path: str

    @property
    def key(self) -> str:
        return f"{self.dataset}/{self.relation}/{self.variation}/{self.frame:02d}"


def load_frames(
    source: Source,
    spec: ComfortSpec,
    store: ImageStore,
    datasets: Sequence[str],
    *,
    cache: Path | None = None,
) -> list[Frame]:
    """Read and validate every frame of `datasets` in `source`, before any model call.

    Rows of the other COMFORT datasets are left out (a canonical directory may
    hold all three); a dataset name that is not COMFORT's fails, naming the row.
    """
    frames: list[Frame] = []
    found: set[str] = set()

    def to_record(row: Mapping[str, Any], ctx: RowContext) -> Frame | None:
        name = str(row.get("dataset"))
        if name not in DATASETS:
            raise ctx.error(f"dataset {name!r} is not one of {', '.join(DATASETS)}.")
        found.add(name)
        return _frame(row, ctx) if name in datasets else None

    for table_source in canonical_sources(source, spec, datasets, cache=cache):
        records = read_records(
            # streamed: one batch of rows (and of image bytes) at a time
            iter_rows(table_source, REQUIRED_COLUMNS, list(COMFORT_FEATURES)),
            to_record,
            source=table_source,
            id_field="frame key",
            record_id=lambda frame: frame.key,
            store=store,
            require_any=False,
        )
        frames.extend(records.items)
    if not frames:
        raise SourceError(
            f"{source.describe()}: no frames of {', '.join(datasets)} (the source has "
            f"{', '.join(sorted(found)) or 'no rows'})."
        )
    keys = Counter(frame.key for frame in frames)  # across the trees of an upstream source
    duplicate = next((key for key, count in keys.items() if count > 1), None)
    if duplicate is not None:
        raise SourceError(
            f"{source.describe()}: duplicate frame key {duplicate!r}; frame key values must be "
            "unique."
        )
    _require_complete_paths(source, frames)
    _release_arrow_memory()
    return sorted(frames, key=lambda f: (f.dataset, f.relation, f.variation, f.frame))


def _release_arrow_memory() -> None:
    """Hand back to the OS the memory Arrow's allocator kept from reading the source.

    Arrow's default pool (mimalloc) keeps freed pages for reuse; after streaming
    a COMFORT-CAR source it held about 68 MiB that nothing used for the rest of
    the run (benchmarks/README.md, "Full-run memory (issue 24 §1)").
    """
    pyarrow = sys.modules.get("pyarrow")
    if pyarrow is not None:
        pyarrow.default_memory_pool().release_unused()


def _require_complete_paths(source: Source, frames: Sequence[Frame]) -> None:
    """Refuse a path (dataset x relation x variation) that lacks any of the frames 0 ... 36.

    Every metric of a curve assumes the whole circle: a path with a gap or
    only a few frames would be scored as if the missing views did not exist.
    `-T thetas` is the way to ask fewer frames of complete paths.
    """
    paths: dict[str, set[int]] = {}
    for frame in frames:
        paths.setdefault(frame.key.rsplit("/", 1)[0], set()).add(frame.frame)
    incomplete = {
        path: sorted(set(range(PATH_FRAMES)) - present)
        for path, present in sorted(paths.items())
        if len(present) < PATH_FRAMES
    }
    if incomplete:
        path, missing = next(iter(incomplete.items()))
        more = f" ({len(incomplete) - 1} more path(s) incomplete)" if len(incomplete) > 1 else ""
        raise SourceError(
            f"{source.describe()}: the path {path} lacks frame(s) {_ranges(missing)} of the "
            f"{PATH_FRAMES} frames 0 ... 36 (theta -180 ... 180) a COMFORT path has{more}. "
            "Add the missing frames or drop the path's rows; to ask fewer frames of complete "
            "paths, use -T thetas."
        )


def _ranges(numbers: Sequence[int]) -> str:
    """[0, 1, 2, 5] -> "0-2, 5"."""
    parts: list[str] = []
    start = previous = numbers[0]
    for number in [*numbers[1:], None]:
        if number is not None and number == previous + 1:
            previous = number
            continue
        parts.append(str(start) if start == previous else f"{start}-{previous}")
        if number is not None:
            start = previous = number
    return ", ".join(parts)


def canonical_sources(
    source: Source, spec: ComfortSpec, datasets: Sequence[str], *, cache: Path | None = None
) -> list[Source]:
    """Canonical-layout sources holding the rows of `source`.

    Upstream-layout data (the Hub archives, a local copy of them, or their
    unpacked tree) is converted once into a cached canonical directory.
    """
    from vpt_tasks.comfort.upstream import convert, is_upstream_layout, trees_for

    upstream = source.kind == "upstream" or (
        source.kind == "hub" and source.location == spec.upstream.repo_id
    )
    directory = Path(source.location)
    local_upstream = source.kind == "local" and not any(
        (directory / "data").glob(f"{source.split}-*.parquet")
    )
    if local_upstream and not is_upstream_layout(directory):
        archives = sorted(p.name for p in directory.glob("*.zip"))
        raise SourceError(
            f"{source.describe()}: neither the canonical layout (README.md + "
            f"data/{source.split}-*.parquet) nor the upstream COMFORT layout (archives "
            f"{', '.join(f'{d}.zip' for d in datasets)}, or unpacked "
            "<dataset>/<relation>/<variation>/config.json + 0.png ... 36.png)"
            + (f"; found {', '.join(archives)}" if archives else "")
            + ". Point -T source at one of those."
        )
    if not (upstream or local_upstream):
        return [source]
    root = cache or default_cache_dir()
    return [
        Source("local", str(convert(tree, hint, spec, root)), split="test")
        for tree, hint in trees_for(source, spec, datasets)
    ]


def _frame(row: Mapping[str, Any], ctx: RowContext) -> Frame:
    """One canonical row as a `Frame`, its image stored; `ctx.error` names a bad row."""
    dataset = _text(row, "dataset", ctx)
    relation = _text(row, "relation", ctx)
    if relation not in RELATIONS:
        raise ctx.error(f"relation {relation!r} is not one of {', '.join(RELATIONS)}.")
    frame, theta = row.get("frame"), row.get("theta")
    if not isinstance(frame, int) or not 0 <= frame <= 36 or theta != 10 * frame - 180:
        raise ctx.error(
            f"frame={frame!r}, theta={theta!r}; frames are 0 ... 36 with theta = 10 * frame - 180."
        )
    addressee = row.get("addressee")
    return Frame(
        dataset=dataset,
        relation=relation,
        variation=_text(row, "variation", ctx),
        frame=frame,
        theta=int(theta),
        referent=_text(row, "referent", ctx),
        relatum=_text(row, "relatum", ctx),
        addressee=str(addressee).strip() or None if addressee is not None else None,
        absent_object=_text(row, "absent_object", ctx),
        image_path=ctx.store.put(
            row["image"], where=f"{ctx.where} ({dataset}/{relation}, frame {frame})"
        ),
    )


def _text(row: Mapping[str, Any], column: str, ctx: RowContext) -> str:
    value = str(row.get(column) or "").strip()
    if not value:
        raise ctx.error(f"{column} is empty.")
    return value


# --------------------------------------------------------------------------
# samples


def build_samples(
    frames: Iterable[Frame],
    language: Language,
    perspectives: Sequence[str],
    *,
    probes: bool,
    system_prompt: bool,
    thetas: Sequence[int] | None = None,
    name: str = "comfort",
    solver: str = "zero_shot",
    cot: ChainOfThought | None = None,
    convention: str = "paper",
) -> MemoryDataset:
    """One sample per (frame, prompt), plus two probe samples per frame with `probes`.

    Every question is rendered here, so a language that lacks a word fails
    before any model call. `solver` shapes the prompt: `zero_shot` the
    paper's question; `first_person` its first-person template; `cot` the
    question followed by `cot.reasoning` (the sample's first turn), with the
    final yes/no turn (`cot.answer`) in the sample's metadata (`answer_turn`),
    which the task's solver sends after the model has reasoned. Sample ids do
    not depend on the solver, so runs with different solvers pair up.
    """
    if solver == "cot" and cot is None:
        raise ValueError("build_samples: solver='cot' needs the cot protocol")
    yes, no = language.answer_pool
    first_person = solver == "first_person"
    chosen = None if thetas is None else set(thetas)
    curve_frames = _curve_frames(chosen)
    # one system message object for every sample: the dataset holds 17,760 samples for the
    # whole run, and Inspect deep-copies a sample before running it (tests/comfort/
    # test_sample_memory.py)
    system = _system(language, system_prompt)
    samples: list[Sample] = []
    for frame in frames:
        if chosen is not None and frame.theta not in chosen:
            continue
        common = {
            "dataset": frame.dataset,
            "relation": frame.relation,
            "variation": frame.variation,
            "frame": frame.frame,
            "theta": frame.theta,
            "referent": frame.referent,
            "relatum": frame.relatum,
            "language": language.code,
            "prompt_style": solver,
            "convention": convention,
        }
        asked: list[tuple[str, str, str, dict[str, Any]]] = []
        for perspective in perspectives:
            text = language.question(
                perspective,
                frame.referent,
                frame.relatum,
                frame.relation,
                first_person=first_person,
            )
            truth = hemisphere_ground_truth(
                frame.relation, frame_for_prompt(frame.dataset, perspective), [frame.theta]
            )[0]
            meta = {"kind": "frame", "curve_frames": curve_frames}
            asked.append((perspective, text, yes if truth > 0 else no, meta))
        if probes:
            for tag, obj, present in (
                ("probe_relatum", frame.relatum, True),
                ("probe_absent", frame.absent_object, False),
            ):
                meta = {"kind": "probe", "probe_object": obj, "present": present}
                text = language.probe(obj, first_person=first_person)
                asked.append((tag, text, yes if present else no, meta))
        for prompt, text, target, extra in asked:
            sample_id = f"{frame.key}/{prompt}"
            first_turn = text
            if cot is not None and solver == "cot":
                first_turn = f"{text} {cot.reasoning}"
                extra = {
                    **extra,
                    "answer_turn": fill(
                        cot.answer, {"question": text}, where="task_configs/comfort.yaml cot.answer"
                    ),
                }
            samples.append(
                Sample(
                    id=sample_id,
                    input=[
                        *system,
                        user_message(
                            [image(frame.image_path), first_turn],
                            answer_pool=[yes, no],
                            sample_key=sample_id,
                            yes_no=True,
                        ),
                    ],
                    target=target,
                    metadata={**common, "prompt": prompt, "question": text, **extra},
                )
            )
    if not samples:
        raise SourceError("no frame is left after the -T thetas selection.")
    return MemoryDataset(samples, name=name)


def _curve_frames(thetas: set[int] | None) -> int:
    """Frames a complete curve has in this run: the asked angles other than 180 (frame 36)."""
    if thetas is None:
        return PATH_FRAMES - 1
    return sum(1 for theta in thetas if theta != 180)


def _system(language: Language, enabled: bool) -> list[ChatMessage]:
    """The system message the samples share (none when `enabled` is False)."""
    return [ChatMessageSystem(content=language.system_prompt)] if enabled else []

"""`export`: write the folder a Hub dataset repo holds, and prove that it runs.

The folder is the canonical layout of `vpt_tasks` (`README.md` dataset card +
`data/<split>-NNNNN-of-NNNNN.parquet` with the image bytes embedded), written
by `vpt_tasks.core.canonical.write_dataset`. The card carries the YAML `configs` and
`dataset_info`, the license, the provenance (generator version, source, date,
the exact command) and the benchmark's card body with the paper's citation.

Before `export` returns, the folder is validated offline the way it will be
used: parsed back as a dataset card, loaded with `datasets.load_dataset(DIR)`,
checked against the benchmark's canonical columns and types, and built into
the benchmark's task with `source=DIR`, whose loader reads and decodes every
row. A dataset that would not run is removed again and never published.
"""

from __future__ import annotations

import errno
import inspect
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .benchmarks import Benchmark, get_benchmark
from .errors import ExportError, os_problem

DEFAULT_MAX_SHARD_SIZE = "500MB"
"""Parquet shards are cut at about this size, `push_to_hub`'s default (`datasets.config.MAX_SHARD_SIZE`),
read by `parse_size` as `push_to_hub` reads it: 500,000,000 bytes."""
_FOLDER_ENTRIES = {"README.md", "data", ".gitattributes"}
_ENVIRONMENT = {errno.ENOSPC, errno.EDQUOT, errno.EACCES, errno.EPERM, errno.EROFS}
"""OS errors that say where the data is read or written, not what it holds."""


@dataclass(frozen=True)
class Validation:
    """What validating a dataset folder found."""

    benchmark: str
    split: str
    rows: int
    samples: int
    """Samples the benchmark's task builds from the rows."""
    columns: tuple[str, ...]
    files: tuple[str, ...]
    """Data files, relative to the folder."""
    license: str | None


def export_dataset(
    benchmark: Benchmark | str,
    source: str,
    out: str | Path,
    *,
    command: str,
    pretty_name: str | None = None,
    license: str | None = None,
    description: str | None = None,
    max_shard_size: int | str = DEFAULT_MAX_SHARD_SIZE,
    overwrite: bool = False,
) -> Validation:
    """Export the canonical rows of `source` to `out` and validate the result.

    Args:
        benchmark: which benchmark (task name) the rows belong to.
        source: a `-T source=` value in the canonical layout: `demo`, a
            directory, or `ORG/NAME[@REVISION]`.
        out: the folder to write (absent or empty, unless `overwrite`).
        command: the command line that asked for this export (recorded in the card).
        pretty_name, license, description: card fields; `pretty_name` and
            `license` default to the source card's.
        max_shard_size: bytes per parquet shard, about (or a size like `500MB`, read as
            `push_to_hub` reads it).
        overwrite: replace an existing dataset folder at `out`.

    A linked `out` (a symlink to a folder) is written through: the folder it points to
    receives the export and the link stays. The exported folder gets the permissions of a
    new folder (the umask). Any OS error (a file in the way, a read-only folder, a full
    disk) is one `ExportError` naming the path, with `out` left as it was.
    """
    from vpt_tasks.core.canonical import features_from, write_dataset
    from vpt_tasks.core.sources import require_columns

    bench = get_benchmark(benchmark) if isinstance(benchmark, str) else benchmark
    out = Path(out).expanduser()
    if out.is_symlink():  # write through the link to its folder, never replace the link
        out = out.resolve()
    resolved, table = _read_source(bench, source)
    schema = bench.canonical_schema()
    require_columns(resolved, list(table.column_names), list(schema))
    if resolved.kind in ("demo", "local"):
        _refuse_overlap(out, Path(resolved.location))
    source_card = _source_card(resolved)
    license = license or source_card.get("license")
    if not license:
        raise ExportError(
            f"The source {source!r} does not state a license in its dataset card; pass --license "
            "(an SPDX-style id the Hub knows, e.g. cc-by-4.0, mit, other)."
        )
    features = _output_features(features_from(schema), table.features)
    rows = list(_canonical_rows(table, features, resolved.describe()))
    if not rows:
        raise ExportError(
            f"{resolved.describe()} has no rows in split {resolved.split}; nothing to export."
        )
    shard_bytes = parse_size(max_shard_size) if isinstance(max_shard_size, str) else max_shard_size
    num_shards = int(table.data.nbytes / shard_bytes) + 1  # push_to_hub's count
    pretty = (
        pretty_name
        or source_card.get("pretty_name")
        or f"{bench.title} (vpt_tasks canonical layout)"
    )
    provenance = _provenance(
        bench, source, resolved, command, len(rows), source_card.get("vpt_tasks")
    )
    text = _description(bench, source, resolved, description, source_card.pop("_body", ""))
    body = _card_body(bench, provenance, text, license)
    card_fields = {
        "language": ["en"],
        "task_categories": ["visual-question-answering"],
        "tags": ["visual-perspective-taking", "spatial-reasoning", "vpt_tasks", bench.name],
        "size_categories": [_size_category(len(rows))],
        "vpt_tasks": provenance,
    }
    _check_out(out, overwrite)
    # write and validate next to --out, then swap: a failed export leaves --out untouched
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.export-", dir=out.parent))
    except OSError as error:
        raise ExportError(f"cannot create --out {out}: {os_problem(error)}.") from None
    try:
        import datasets

        datasets.disable_progress_bars()
        write_dataset(
            staging,
            rows,
            features,
            split=resolved.split,
            pretty_name=pretty,
            license=license,
            body=body,
            card_fields=card_fields,
            num_shards=num_shards,
        )
        result = validate_folder(staging, bench)
        if result.rows != len(rows):
            raise ExportError(
                f"Wrote {len(rows)} rows but the export loads back with {result.rows}; "
                f"{out} is left as it was."
            )
        _normal_mode(staging)
        _swap_into_place(staging, out)
    except OSError as error:
        shutil.rmtree(staging, ignore_errors=True)
        raise ExportError(
            f"cannot write the export to {out}: {os_problem(error)}; {out} is left as it was."
        ) from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return result


def _normal_mode(folder: Path) -> None:
    """The exported folder with the permissions a new folder gets (umask), not the private
    0700 of the temporary folder it was written in."""
    mask = os.umask(0)
    os.umask(mask)
    folder.chmod(0o777 & ~mask)


def validate_folder(directory: str | Path, benchmark: Benchmark | str | None = None) -> Validation:
    """Check offline that `directory` is a canonical dataset the benchmark's task runs on.

    The benchmark defaults to the one the card's provenance names.
    """
    import datasets
    from huggingface_hub import DatasetCard

    from vpt_tasks.core.canonical import features_from

    directory = Path(directory).expanduser()
    readme = directory / "README.md"
    if not readme.is_file():
        raise ExportError(
            f"{directory} has no README.md; export the dataset first (python hf_datasets/publish.py export ...)."
        )
    try:
        card = DatasetCard.load(readme).data
    except OSError:
        raise  # an unreadable file is not a card that does not parse
    except Exception as error:  # noqa: BLE001 - the card parser raises several kinds
        raise ExportError(
            f"{readme}: the dataset card metadata does not parse ({error})."
        ) from None
    bench = _card_benchmark(card, benchmark, directory)
    split = bench.split()
    files = _data_files(card, split, directory)
    infos = datasets.info.DatasetInfosDict.from_dataset_card_data(card)
    if "default" not in infos or infos["default"].features is None:
        raise ExportError(
            f"{readme}: the card has no dataset_info features; re-export the dataset."
        )
    datasets.disable_progress_bars()
    with tempfile.TemporaryDirectory(prefix="vpt-export-check-") as cache:
        try:
            table = datasets.load_dataset(str(directory), split=split, cache_dir=cache)
        except Exception as error:  # noqa: BLE001 - reported with the folder named
            cause = error.__cause__ or error
            if isinstance(cause, OSError) and cause.errno in _ENVIRONMENT:
                raise cause from None  # the disk or the permissions, not the data: said as such
            raise ExportError(
                f"{directory} does not load with datasets.load_dataset: {type(cause).__name__}: {cause}"
            ) from None
        features, rows, columns = table.features, len(table), tuple(table.column_names)
        del table
        expected = features_from(bench.canonical_schema())
        wrong = [
            f"{name} (expected {expected[name]!r}, found {features.get(name)!r})"
            for name in expected
            if features.get(name) != expected[name]
        ]
        if wrong:
            raise ExportError(
                f"{directory}: canonical column(s) of {bench.name} missing or of the wrong type: {'; '.join(wrong)}."
            )
        if infos["default"].features != features:
            raise ExportError(
                f"{readme}: the card's dataset_info features differ from the parquet files; re-export."
            )
        samples = _task_samples(bench, directory, cache)
    return Validation(bench.name, split, rows, samples, columns, tuple(files), card.get("license"))


# --- reading the source -----------------------------------------------------------------


def _read_source(bench: Benchmark, value: str) -> tuple[Any, Any]:
    from vpt_tasks.core.sources import Upstream, load_table, pin_revision, resolve_source

    text = str(value).strip()
    if text in ("", "upstream", "default"):
        raise ExportError(
            "export reads data already in the canonical layout (demo, a directory, ORG/NAME[@REVISION]); "
            f"the upstream dataset of {bench.name} is published by its authors: run the task on it directly."
        )
    source = pin_revision(
        resolve_source(
            text, benchmark=bench.name, upstream=Upstream(repo_id="-"), split=bench.split()
        )
    )
    return source, load_table(source)


def _source_card(source: Any) -> dict[str, Any]:
    """The YAML metadata of the source's dataset card ({} when it has none).

    `_body` holds the card's text without its title, unless the source is itself
    an export (whose text this export rewrites anyway).
    """
    from huggingface_hub import DatasetCard

    if source.kind in ("demo", "local"):
        path = Path(source.location) / "README.md"
        if not path.is_file():
            return {}
    else:
        from huggingface_hub import hf_hub_download
        from huggingface_hub.errors import EntryNotFoundError

        try:
            path = Path(
                hf_hub_download(
                    source.location, "README.md", repo_type="dataset", revision=source.revision
                )
            )
        except EntryNotFoundError:
            return {}
    try:
        card = DatasetCard.load(path)
    except Exception:  # noqa: BLE001 - a source card that does not parse only loses its metadata
        return {}
    body = re.sub(r"^\s*# .*\n", "", card.text.lstrip(), count=1)
    provenance = card.data.get("vpt_tasks")
    exported = isinstance(provenance, dict) and "publish.py export" in str(
        provenance.get("generator", "")
    )
    return {**card.data.to_dict(), "_body": "" if exported else body}


def _output_features(canonical: Any, found: Any) -> Any:
    """The canonical features, in schema order, then the source's extra columns (images decoded)."""
    import datasets

    features = dict(canonical)
    for name, feature in found.items():
        if name in features:
            continue
        if isinstance(feature, datasets.Image):
            feature = datasets.Image()
        elif isinstance(getattr(feature, "feature", None), datasets.Image):
            feature = datasets.List(datasets.Image())
        features[name] = feature
    return datasets.Features(features)


def _canonical_rows(table: Any, features: Any, where: str) -> Iterator[dict[str, Any]]:
    """The source rows with every image as its bytes (embedded on writing)."""
    import datasets

    from vpt_tasks.core.images import image_bytes

    images = {name for name, f in features.items() if isinstance(f, datasets.Image)}
    image_lists = {
        name
        for name, f in features.items()
        if isinstance(getattr(f, "feature", None), datasets.Image)
    }
    for index, row in enumerate(table):
        at = f"{where}, row {index}"
        out = {}
        for name in features:
            value = row[name]
            if name in images:
                value = image_bytes(value, where=f"{at}, column {name}")
            elif name in image_lists and value is not None:
                value = [image_bytes(item, where=f"{at}, column {name}") for item in value]
            out[name] = value
        yield out


# --- the card ------------------------------------------------------------------------------


def _provenance(
    bench: Benchmark, value: str, source: Any, command: str, rows: int, upstream: Any
) -> dict[str, Any]:
    from vpt_tasks._version import __version__

    record: dict[str, Any] = {
        "benchmark": bench.name,
        "task": f"vpt_tasks/{bench.name}",
        "generator": f"vpt_tasks {__version__} (hf_datasets/publish.py export)",
        "created": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "source": {
            "value": value,
            "kind": source.kind,
            "revision": source.revision,
            "split": source.split,
        },
        "rows": rows,
        "command": command,
    }
    if isinstance(upstream, dict):
        record["derived_from"] = {
            key: val for key, val in upstream.items() if key != "derived_from"
        }
    return record


def _description(
    bench: Benchmark, value: str, source: Any, given: str | None, source_text: str
) -> str:
    """The user's description, else the source card's first paragraph; then where the rows came from."""
    from vpt_tasks.core.canonical import markdown_code

    exported = (
        f"{bench.title} data in the canonical layout of `vpt_tasks` (Inspect AI tasks), exported from "
        f"the {source.kind} source {markdown_code(value)}; each row runs through the "
        f"`vpt_tasks/{bench.name}` task."
    )
    # the source card's text is someone else's: shown as quoted plain text, it cannot add
    # headings, tables, links or HTML to the exported card
    first = given.strip() if given else _quoted(_first_paragraph(source_text))
    return f"{first}\n\n{exported}" if first else exported


def _quoted(text: str) -> str:
    """`text` as one Markdown blockquote of plain text (markup characters escaped)."""
    from vpt_tasks.core.canonical import markdown_text

    return f"> {markdown_text(text, code_spans=True)}" if text.strip() else ""


def _first_paragraph(markdown: str) -> str:
    """The first prose paragraph of a card body (not a heading, table, list or code block)."""
    for block in re.split(r"\n\s*\n", markdown.strip()):
        text = block.strip()
        if text and not text.startswith(("#", "|", "```", "-", "*", ">")):
            return text
    return ""


def _card_body(bench: Benchmark, provenance: dict[str, Any], description: str, license: str) -> str:
    """The card's text. Every value that may come from elsewhere (the source card's license and
    provenance, a path, the command) is shown as plain text or code, never as markup."""
    from vpt_tasks.core.canonical import markdown_block, markdown_code, markdown_text

    source = provenance["source"]
    lines = [
        description.strip(),
        "",
        "## Provenance",
        "",
        "| | |",
        "|---|---|",
        f"| benchmark | {bench.title} (`vpt_tasks/{bench.name}`) |",
        f"| produced by | {markdown_text(provenance['generator'])} |",
        f"| source | {markdown_code(source['value'], table=True)} "
        f"({markdown_text(source['kind'])}, split {markdown_text(source['split'])}) |",
        f"| source revision | {markdown_text(source['revision'] or 'n/a (local data)')} |",
        f"| created | {provenance['created']} |",
        f"| rows | {provenance['rows']} |",
        f"| license | {markdown_text(license)} |",
    ]
    derived = provenance.get("derived_from")
    if isinstance(derived, dict):
        made_by = derived.get("generator") or "unknown generator"
        lines.append(f"| source produced by | {markdown_text(made_by)} |")
        if derived.get("command"):
            lines.append(f"| source command | {markdown_code(derived['command'], table=True)} |")
    lines += [
        "",
        "This folder was written by:",
        "",
        markdown_block(str(provenance["command"]), "bash"),
        "",
        "## Use with vpt_tasks",
        "",
        "```bash",
        f"inspect eval vpt_tasks/{bench.name} -T source=ORG/NAME@COMMIT --model vpt_tasks/random",
        f"inspect eval vpt_tasks/{bench.name} -T source=./this-folder --model vpt_tasks/random",
        "```",
        "",
        "Pin the commit (`@COMMIT`) to evaluate exactly this snapshot; without it the",
        "task resolves the current commit and records it in the eval log.",
        "",
        f"## {bench.title}",
        "",
        bench.card_text(),
    ]
    return "\n".join(lines)


def _size_category(rows: int) -> str:
    for limit, label in (
        (1_000, "n<1K"),
        (10_000, "1K<n<10K"),
        (100_000, "10K<n<100K"),
        (1_000_000, "100K<n<1M"),
    ):
        if rows < limit:
            return label
    return "1M<n<10M"


# --- validation helpers --------------------------------------------------------------------------


def _card_benchmark(card: Any, benchmark: Benchmark | str | None, directory: Path) -> Benchmark:
    if isinstance(benchmark, Benchmark):
        return benchmark
    if benchmark:
        return get_benchmark(benchmark)
    provenance = card.get("vpt_tasks")
    name = provenance.get("benchmark") if isinstance(provenance, dict) else None
    if not name:
        raise ExportError(
            f"{directory}/README.md does not say which benchmark the data is for (no vpt_tasks.benchmark); "
            "pass --benchmark."
        )
    return get_benchmark(str(name))


def _data_files(card: Any, split: str, directory: Path) -> list[str]:
    """The files the card's `configs` list for `split`, which must exist."""
    configs = card.get("configs") or []
    default = next((c for c in configs if c.get("config_name") == "default"), None)
    entries = default.get("data_files") if default else None
    if isinstance(entries, list):
        patterns = [e["path"] for e in entries if isinstance(e, dict) and e.get("split") == split]
    else:
        patterns = []
    if not patterns:
        raise ExportError(
            f"{directory}/README.md: the card's configs list no data files for split {split!r}; re-export the dataset."
        )
    files = sorted(
        str(p.relative_to(directory))
        for pattern in patterns
        for p in directory.glob(pattern if isinstance(pattern, str) else pattern[0])
        if p.is_file()
    )
    if not files:
        raise ExportError(f"{directory}: no data file matches {', '.join(map(str, patterns))}.")
    return files


def _task_samples(bench: Benchmark, directory: Path, scratch: str) -> int:
    """Build the benchmark's task on the folder (every row read and decoded); its sample count."""
    from vpt_tasks.core.errors import VPTError

    factory = bench.task_factory()
    with _environment(VPT_TASKS_CACHE=str(Path(scratch) / "images")):
        try:
            # built to read the rows, not to run: no grader is needed (and none is warned about)
            needs_grader = "grader" in inspect.signature(factory).parameters
            task = factory(source=str(directory), **({"grader": "rules"} if needs_grader else {}))
        except VPTError as error:
            raise ExportError(
                f"vpt_tasks/{bench.name} does not run on {directory}: {error}"
            ) from None
    samples = len(task.dataset)
    if samples == 0:
        raise ExportError(f"vpt_tasks/{bench.name} builds no samples from {directory}.")
    return samples


@contextmanager
def _environment(**values: str) -> Iterator[None]:
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _refuse_overlap(out: Path, source: Path) -> None:
    """--out may be neither the source folder, nor inside it, nor hold it."""
    target, origin = out.resolve(), source.resolve()
    if target == origin or target.is_relative_to(origin) or origin.is_relative_to(target):
        raise ExportError(
            f"--out {out} overlaps the source folder {source} (it is the source, inside it, or "
            "holds it); export to a separate folder."
        )


def _check_out(out: Path, overwrite: bool) -> None:
    """Refuse an --out that the export would have to clear of files it did not write."""
    if out.exists() and not out.is_dir():
        raise ExportError(f"--out {out} is a file; give a directory.")
    if not out.is_dir() or not any(out.iterdir()):
        return
    if not overwrite:
        raise ExportError(f"--out {out} is not empty; choose a new directory or pass --overwrite.")
    foreign = sorted(p.name for p in out.iterdir() if p.name not in _FOLDER_ENTRIES)
    data = out / "data"
    if data.is_dir():
        foreign += sorted(
            f"data/{p.name}" for p in data.iterdir() if not (p.is_file() and p.suffix == ".parquet")
        )
    if foreign:
        raise ExportError(
            f"--out {out} holds files an export does not write ({', '.join(foreign)}); "
            "--overwrite only replaces an exported dataset. Choose another directory."
        )


def _swap_into_place(staging: Path, out: Path) -> None:
    """Put the validated folder at `out`; a previous export there is removed only afterwards."""
    if not out.exists():
        os.replace(staging, out)
        return
    previous = Path(tempfile.mkdtemp(prefix=f".{out.name}.previous-", dir=out.parent))
    previous.rmdir()
    os.replace(out, previous)
    try:
        os.replace(staging, out)
    except BaseException:
        os.replace(previous, out)
        raise
    shutil.rmtree(previous, ignore_errors=True)


def parse_size(text: str | int) -> int:
    """Bytes from `500MB` (10^6), `200KiB` (2^10) or a plain number, as `push_to_hub` reads them
    (`datasets`' own parser, `convert_file_size_to_int`: one meaning of "500MB" here and on the
    Hub; like it, a lower-case `mb` means megabits)."""
    from datasets.utils.py_utils import convert_file_size_to_int

    value = str(text).strip()
    try:
        size = int(value) if value.isdigit() else int(convert_file_size_to_int(value))
    except ValueError:
        raise ExportError(
            f"size {text!r} is not a size like 500MB, 1GB, 200KiB or a number of bytes."
        ) from None
    if size <= 0:
        raise ExportError(f"size {text!r} must be positive.")
    return size

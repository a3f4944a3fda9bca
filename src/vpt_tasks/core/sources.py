"""The `source` task parameter: where a benchmark's rows come from.

`-T source=...` accepts, for every task:

- nothing: the benchmark's upstream Hugging Face dataset (through an adapter),
- `demo`: the small sample bundled inside the package (offline),
- `ORG/NAME` or `ORG/NAME@REVISION` (or `hf://ORG/NAME[@REVISION]`, which is never
  read as a local path): a Hub dataset in the canonical layout,
- a local directory in the canonical layout (`README.md` + `data/<split>-*.parquet`).

A source that cannot be read raises `SourceError` naming the source, what was
wrong and what to do, before any model call. There is never a silent fallback
to another source.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from vpt_tasks.core.contained import inside
from vpt_tasks.core.errors import SourceError

if TYPE_CHECKING:
    from datasets import Dataset

SourceKind = Literal["upstream", "demo", "hub", "local"]

_HUB_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+(@[\w./-]+)?$")


@dataclass(frozen=True)
class Upstream:
    """A benchmark's original Hub dataset, as pinned in its task config."""

    repo_id: str
    config_name: str | None = None
    split: str = "test"
    revision: str | None = None

    @classmethod
    def from_config(cls, data: dict[str, Any]) -> Upstream:
        return cls(
            repo_id=str(data["repo_id"]),
            config_name=data.get("config_name"),
            split=str(data.get("split", "test")),
            revision=data.get("revision"),
        )


@dataclass(frozen=True)
class Source:
    """A resolved `source` parameter."""

    kind: SourceKind
    location: str
    """Hub repo id (upstream, hub) or directory path (demo, local)."""
    revision: str | None = None
    config_name: str | None = None
    split: str = "test"
    layout: str = "canonical"
    """How the rows are laid out: `canonical`, or a benchmark's own upstream layout
    (e.g. `upstream`, `authors_csv`) that its adapter reads."""

    def describe(self) -> str:
        """A one-line description for messages and logs."""
        if self.kind in ("upstream", "hub"):
            config = f" config {self.config_name}" if self.config_name else ""
            revision = f"@{self.revision}" if self.revision else ""
            return f"{self.kind} Hub dataset {self.location}{revision}{config} (split {self.split})"
        if self.layout not in ("canonical", "upstream"):
            return f"{self.kind} {self.layout} source {self.location}"
        return f"{self.kind} directory {self.location} (split {self.split})"

    @property
    def directory(self) -> Path | None:
        """The source's own folder on disk (demo and local sources), else None.

        The only place a path-only image value of the source may point into.
        """
        if self.kind not in ("demo", "local"):
            return None
        path = Path(self.location)
        return path if path.is_dir() else path.parent

    def as_metadata(self) -> dict[str, Any]:
        """What the eval log records about where the data came from."""
        return {
            "kind": self.kind,
            "location": self.location,
            "revision": self.revision,
            "config_name": self.config_name,
            "split": self.split,
            **({"layout": self.layout} if self.layout != "canonical" else {}),
        }


def demo_dir(benchmark: str) -> Path:
    """The bundled demo dataset of `benchmark` (canonical layout)."""
    return Path(str(resources.files("vpt_tasks"))) / "data" / "demo" / benchmark


def resolve_source(value: Any, *, benchmark: str, upstream: Upstream, split: str) -> Source:
    """Turn a `-T source=` value into a `Source`, without reading any data yet."""
    text = "" if value is None else str(value).strip()
    if text in ("", "upstream", "default"):
        return Source(
            "upstream", upstream.repo_id, upstream.revision, upstream.config_name, upstream.split
        )
    if text == "demo":
        directory = demo_dir(benchmark)
        if not directory.is_dir():
            raise SourceError(
                f"The bundled demo data of {benchmark} is missing from {directory}; "
                "reinstall vpt-tasks."
            )
        return Source("demo", str(directory), split=split)
    hub = _explicit_hub_id(text)
    if hub is not None:
        repo_id, _, revision = hub.partition("@")
        return Source("hub", repo_id, revision or None, split=split)
    path = Path(text).expanduser()
    if path.exists():
        if not path.is_dir():
            raise SourceError(
                f"source {text!r} is a file; pass the dataset directory that holds "
                "README.md and data/<split>-*.parquet."
            )
        return Source("local", str(path.resolve()), split=split)
    looks_like_path = text.startswith((".", "/", "~", "\\")) or "\\" in text
    if _HUB_ID.match(text) and not looks_like_path:
        parent = Path(text.partition("@")[0]).parent
        if parent.is_dir():
            raise SourceError(
                f"source {text!r}: no such directory (the folder {parent}/ exists here: check the "
                f"path). To read the Hub dataset {text} instead, pass -T source=hf://{text}."
            )
        repo_id, _, revision = text.partition("@")
        return Source("hub", repo_id, revision or None, split=split)
    if looks_like_path or text.count("/") > 1:
        raise SourceError(
            f"source {text!r}: no such directory (relative paths are read from {Path.cwd()}). "
            "Check the path."
        )
    raise SourceError(
        f"source {text!r} is neither 'demo', an existing local directory, nor a Hub id "
        "of the form ORG/NAME[@REVISION]. Check the path or the repository id."
    )


def _explicit_hub_id(text: str) -> str | None:
    """`ORG/NAME[@REVISION]` of an `hf://[datasets/]ORG/NAME[@REVISION]` value, else None."""
    if not text.startswith("hf://"):
        return None
    rest = text[len("hf://") :]
    rest = rest[len("datasets/") :] if rest.startswith("datasets/") else rest
    if not _HUB_ID.match(rest):
        raise SourceError(
            f"source {text!r} is not a Hub dataset id; write hf://ORG/NAME or hf://ORG/NAME@REVISION."
        )
    return rest


def load_table(source: Source) -> Dataset:
    """Load the rows of `source` as a `datasets.Dataset`, image columns undecoded.

    Images come back as `{"bytes", "path"}` dicts so that they are decoded once,
    by the image store, not on every access.
    """
    import datasets

    datasets.disable_progress_bars()
    if source.kind in ("demo", "local"):
        table = _load_directory(source)
    else:
        table = _load_hub(source)
    for name, feature in table.features.items():
        if isinstance(feature, datasets.Image):
            table = table.cast_column(name, datasets.Image(decode=False))
        elif isinstance(feature, datasets.Sequence | datasets.List) and isinstance(
            getattr(feature, "feature", None), datasets.Image
        ):
            table = table.cast_column(name, datasets.List(datasets.Image(decode=False)))
    return table


def parquet_files(source: Source) -> list[Path]:
    """The `data/<split>-*.parquet` files of a local canonical directory, in order.

    Fails naming what is there when the split has no file.
    """
    directory = Path(source.location)
    files = [
        inside(directory, path, where=source.describe())
        for path in sorted((directory / "data").glob(f"{source.split}-*.parquet"))
    ]
    if not files:
        found = sorted(p.name for p in (directory / "data").glob("*.parquet"))
        raise SourceError(
            f"{source.describe()}: no file data/{source.split}-*.parquet"
            + (f" (found: {', '.join(found)})" if found else " (no data/ parquet files)")
            + ". A canonical dataset directory holds README.md and "
            "data/<split>-NNNNN-of-NNNNN.parquet, as written by hf_datasets export."
        )
    return files


def _rows_in(files: list[Path]) -> int | None:
    """Rows in the parquet files, from their footers (None when a footer does not read)."""
    import pyarrow.parquet as pq

    try:
        return sum(pq.ParquetFile(f).metadata.num_rows for f in files)
    except Exception:  # noqa: BLE001 - the loader below names what is wrong with the file
        return None


def _load_directory(source: Source) -> Dataset:
    import datasets

    files = parquet_files(source)
    if not _rows_in(files):
        raise SourceError(
            f"{source.describe()}: the data files ({', '.join(f.name for f in files)}) hold no "
            "rows. Export the dataset again, or point -T source at one that has rows."
        )
    try:
        return datasets.load_dataset(
            "parquet", data_files={source.split: [str(f) for f in files]}, split=source.split
        )
    except Exception as error:  # noqa: BLE001 - re-raised with the source named
        raise SourceError(
            f"{source.describe()}: the parquet files do not load ({error})."
        ) from None


def _load_hub(source: Source) -> Dataset:
    import datasets

    try:
        return datasets.load_dataset(
            source.location, name=source.config_name, revision=source.revision, split=source.split
        )
    except Exception as error:  # noqa: BLE001 - translated into an actionable message
        raise SourceError(f"{source.describe()}: {_said(error)} {hub_advice(error)}") from None


def _said(error: Exception) -> str:
    """The library's message as one sentence (it may end with its own period)."""
    text = str(error).strip()
    return text if text.endswith((".", "!", "?")) else f"{text}."


def pin_revision(source: Source) -> Source:
    """`source` with its revision fixed to a commit, so that a run reads one snapshot.

    Local sources and Hub sources with a revision are returned unchanged. For a
    Hub source without one, the repository's current commit is looked up and
    recorded. Offline (`HF_HUB_OFFLINE=1`) it cannot be asked for: the cached
    copy is used and the revision stays unknown (None) in the log.
    """
    if source.kind in ("demo", "local") or source.revision or _offline():
        return source
    from dataclasses import replace

    from huggingface_hub import HfApi

    try:
        return replace(source, revision=HfApi().dataset_info(source.location).sha)
    except Exception as error:  # noqa: BLE001 - translated into an actionable message
        raise SourceError(f"{source.describe()}: {_said(error)} {hub_advice(error)}") from None


def _offline() -> bool:
    return os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in {"1", "true", "yes", "on"}


def hub_advice(error: Exception) -> str:
    """What to do about a Hub error, from huggingface_hub's typed errors (the cause chain is
    followed: `datasets` wraps them)."""
    from huggingface_hub import errors as hub

    chain: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and len(chain) < 10:
        chain.append(current)
        current = current.__cause__ or current.__context__

    def found(*kinds: type[BaseException]) -> bool:
        return any(isinstance(e, kinds) for e in chain)

    text = " ".join(f"{type(e).__name__} {e}" for e in chain).lower()
    # the Hub's answers first: a missing revision, repository or file is a 404 from a Hub
    # that was reached (its errors are OSErrors too, and their URLs say "resolve")
    if found(hub.RevisionNotFoundError):
        return (
            "That revision does not exist in the repository: check the part after '@' (a "
            "branch, tag or commit id of the dataset), or leave it out to read the latest "
            "commit (the run records which)."
        )
    if found(hub.GatedRepoError):
        return (
            "The dataset is gated: accept its terms on the Hub and set HF_TOKEN "
            "(or run `hf auth login`)."
        )
    if found(hub.RepositoryNotFoundError):
        return (
            "No such dataset repository (or it is private and HF_TOKEN does not grant access): "
            "check the repository id."
        )
    unreachable = (
        "The Hugging Face Hub is not reachable (or HF_HUB_OFFLINE is set) and no cached "
        "copy exists: run once with network access, or use -T source=demo or a local "
        "directory in the canonical layout."
    )
    if found(hub.OfflineModeIsEnabled, hub.LocalEntryNotFoundError):  # not asked: no Hub
        return unreachable
    if found(hub.EntryNotFoundError):
        return "The repository has no such file: check the config name and the revision."
    if found(ConnectionError, OSError) and (
        "offline" in text or "connect" in text or "resolve" in text or "name or service" in text
    ):
        return unreachable
    if _offline():
        return (
            "HF_HUB_OFFLINE is set and no cached copy exists: unset it to download, or use "
            "-T source=demo or a local directory in the canonical layout."
        )
    return "Check the repository id and your network, or use a local copy."


def load_canonical(source: Source, required: list[str]) -> Dataset:
    """The rows of a canonical-layout `source`, failing early on missing columns."""
    table = load_table(source)
    require_columns(source, list(table.column_names), required)
    return table


def require_columns(source: Source, columns: list[str], required: list[str]) -> None:
    """Fail naming the missing columns, the columns seen and the expected schema."""
    missing = [name for name in required if name not in columns]
    if missing:
        raise SourceError(
            f"{source.describe()}: missing column(s) {', '.join(missing)}; the source has "
            f"{', '.join(columns) or 'no columns'}. Expected the canonical schema "
            f"({', '.join(required)}); see the dataset schemas in the vpt_tasks README."
        )

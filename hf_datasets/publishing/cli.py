"""The command line of `hf_datasets/publish.py`: `export`, `validate`, `publish`.

    python hf_datasets/publish.py export --benchmark isle_brick --from demo --out OUT
    python hf_datasets/publish.py validate OUT
    python hf_datasets/publish.py publish OUT --repo-id ORG/NAME [--revision-message MSG] [--private]
        [--dry-run] [--replace-card] [--delete-unknown]

`publish` prints the new commit sha alone on stdout (the details go to
stderr), so scripts can capture it: `SHA=$(python hf_datasets/publish.py publish ...)`.
Every failure -- bad input, an OS error (a file in the way, a read-only folder, a full
disk), a Hub error -- is one plain line on stderr naming the path or repository and the
fix, with exit status 1.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path

from .benchmarks import BENCHMARKS
from .errors import ExportError, os_problem
from .export import DEFAULT_MAX_SHARD_SIZE


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python hf_datasets/publish.py",
        description="Export vpt_tasks datasets as Hub dataset folders and publish them.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    export = commands.add_parser("export", help="write and validate a Hub dataset folder")
    export.add_argument("--benchmark", required=True, help=f"one of {', '.join(BENCHMARKS)}")
    export.add_argument(
        "--from",
        dest="source",
        required=True,
        metavar="SOURCE",
        help="canonical data: demo, a directory (e.g. rendered scenes), or ORG/NAME[@REVISION]",
    )
    export.add_argument(
        "--out", required=True, type=Path, help="the folder to write (new or empty)"
    )
    export.add_argument("--pretty-name", help="card title (default: the source card's)")
    export.add_argument("--license", help="license id (default: the source card's)")
    export.add_argument("--description", help="first paragraph of the card")
    export.add_argument(
        "--max-shard-size",
        default=DEFAULT_MAX_SHARD_SIZE,
        help="parquet shard size, about, read as push_to_hub reads it: 500MB = 500,000,000 "
        f"bytes, 500MiB = 500 x 2^20 bytes (default {DEFAULT_MAX_SHARD_SIZE}, push_to_hub's)",
    )
    export.add_argument(
        "--overwrite", action="store_true", help="replace an existing exported folder at --out"
    )

    validate = commands.add_parser("validate", help="check a folder the way export does")
    validate.add_argument("folder", type=Path)
    validate.add_argument("--benchmark", help="default: the one the card names")

    publish = commands.add_parser(
        "publish", help="upload a folder to a Hub dataset repo as a new commit"
    )
    publish.add_argument("folder", type=Path, help="a folder written by export")
    publish.add_argument(
        "--repo-id", required=True, help="ORG/NAME of the dataset repo (created if missing)"
    )
    publish.add_argument("--revision-message", "-m", dest="message", help="commit message")
    publish.add_argument("--private", action="store_true", help="create the repo as private")
    publish.add_argument("--token", help="Hub token (default: HF_TOKEN or the saved login)")
    publish.add_argument(
        "--replace-card",
        action="store_true",
        help="replace the repository's README.md even if it is not vpt_tasks' card of this "
        "benchmark (without it, publish refuses)",
    )
    publish.add_argument(
        "--delete-unknown",
        action="store_true",
        help="also delete files the published split's data_files pattern (data/<split>-*) "
        "matches that are not shards export writes (without it, publish refuses)",
    )
    publish.add_argument("--dry-run", action="store_true", help="print what would change and stop")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command; errors print one actionable message and return 1."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    options = build_parser().parse_args(arguments)
    if options.command == "export" and _is_local(options.source):
        # everything happens on disk: make sure nothing reaches the network
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
    try:
        if options.command == "export":
            return _export(options, "python hf_datasets/publish.py " + shlex.join(arguments))
        if options.command == "validate":
            return _validate(options)
        return _publish(options)
    except (ExportError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except OSError as error:  # a path the command could not read or write, said plainly
        print(f"error: {os_problem(error)}.", file=sys.stderr)
        return 1


def _export(options: argparse.Namespace, command: str) -> int:
    from .export import export_dataset, parse_size

    result = export_dataset(
        options.benchmark,
        options.source,
        options.out,
        command=command,
        pretty_name=options.pretty_name,
        license=options.license,
        description=options.description,
        max_shard_size=parse_size(options.max_shard_size),
        overwrite=options.overwrite,
    )
    size = sum(p.stat().st_size for p in Path(options.out).rglob("*") if p.is_file())
    print(
        f"Exported {result.rows} rows of {result.benchmark} (split {result.split}, license {result.license}) "
        f"to {options.out}: README.md + {len(result.files)} parquet file(s), {size / 1024:.0f} KiB.\n"
        f"Validated offline: loads with datasets.load_dataset and builds {result.samples} samples "
        f"of vpt_tasks/{result.benchmark}.\n"
        f"Publish with: python hf_datasets/publish.py publish {shlex.quote(str(options.out))} --repo-id ORG/NAME"
    )
    return 0


def _validate(options: argparse.Namespace) -> int:
    from .export import validate_folder

    result = validate_folder(options.folder, options.benchmark)
    print(
        f"{options.folder}: {result.rows} rows of {result.benchmark} (split {result.split}) in "
        f"{', '.join(result.files)}; builds {result.samples} samples of vpt_tasks/{result.benchmark}."
    )
    return 0


def _publish(options: argparse.Namespace) -> int:
    from .hub import Plan, publish_folder

    result = publish_folder(
        options.folder,
        options.repo_id,
        message=options.message,
        private=options.private,
        token=options.token or None,
        replace_card=options.replace_card,
        delete_unknown=options.delete_unknown,
        dry_run=options.dry_run,
        report=lambda line: print(line, file=sys.stderr),
    )
    if isinstance(result, Plan):
        print("Dry run: nothing was published.", file=sys.stderr)
        return 0
    state = (
        "new commit" if result.changed else "unchanged: the repository already holds these files at"
    )
    print(
        f"Published {result.validation.rows} rows of {result.validation.benchmark} to {result.url} ({state} {result.commit}).\n"
        f"Run: inspect eval vpt_tasks/{result.validation.benchmark} -T source={result.repo_id}@{result.commit} --model ...",
        file=sys.stderr,
    )
    print(result.commit)
    return 0


def _is_local(source: str) -> bool:
    return source.strip() == "demo" or Path(source).expanduser().exists()

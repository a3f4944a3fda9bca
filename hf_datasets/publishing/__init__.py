"""Export canonical datasets as Hub dataset repositories, and publish them.

    python hf_datasets/publish.py export --benchmark isle_brick --from DIR_OR_SOURCE --out OUT
    python hf_datasets/publish.py publish OUT --repo-id ORG/NAME

`benchmarks` says which task reads which canonical schema; `export` writes and
validates the folder a Hub dataset repo holds (parquet shards with embedded
images + a dataset card); `hub` uploads that folder as a new commit; `cli` is
the command line. Not part of the installed package: run from the repository.
"""

from .errors import ExportError

__all__ = ["ExportError"]

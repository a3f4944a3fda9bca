"""Export a canonical dataset as a Hub dataset folder, and publish it.

    python hf_datasets/publish.py export --benchmark isle_brick --from DIR_OR_SOURCE --out OUT
    python hf_datasets/publish.py validate OUT
    python hf_datasets/publish.py publish OUT --repo-id ORG/NAME [--revision-message MSG] [--private]
        [--dry-run] [--replace-card] [--delete-unknown]

`export` writes `OUT/README.md` (dataset card: configs, dataset_info, license,
citation, provenance and this command) and `OUT/data/<split>-*.parquet` with
the images embedded, then proves offline that the folder loads with
`datasets.load_dataset(OUT)` and runs through the benchmark's task. `publish`
prints its plan, then commits the folder with `huggingface_hub` as one new commit and
prints its sha; it touches only the published split's files and refuses to replace or
delete anything else without a flag.
See hf_datasets/README.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from publishing.cli import main

if __name__ == "__main__":
    sys.exit(main())

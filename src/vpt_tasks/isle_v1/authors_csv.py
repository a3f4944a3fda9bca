"""The authors' own format of Isle v1: one CSV file and its folder of images.

The CSV has the columns `id_image, question, gold_answer, partition,
type_of_dataset, task`, one row per question; the images lie next to the
CSV or in `images/` (`id_image` may omit the file extension). `-T source=`
names the CSV file, or a directory holding exactly one CSV and no canonical
`data/*.parquet`. Each CSV row becomes a canonical row that names its own
line (`_where`) for error messages.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from pathlib import Path
from typing import Any

from vpt_tasks.core.contained import inside
from vpt_tasks.core.errors import SourceError
from vpt_tasks.core.records import WHERE_KEY

AUTHORS_CSV_COLUMNS = [
    "id_image",
    "question",
    "gold_answer",
    "partition",
    "type_of_dataset",
    "task",
]


def authors_csv_path(value: Any) -> Path | None:
    """The CSV file when `value` is one, or a directory holding exactly one (and no parquet)."""
    if value is None or str(value).strip() in ("", "demo", "upstream", "default"):
        return None  # the keywords win over a folder of that name
    path = Path(str(value).strip()).expanduser()
    if path.is_file() and path.suffix.lower() == ".csv":
        return path.resolve()
    if not path.is_dir() or any((path / "data").glob("*.parquet")):
        return None
    found = sorted(path.glob("*.csv"))
    if len(found) > 1:
        raise SourceError(
            f"source {str(value)!r} holds several CSV files ({', '.join(p.name for p in found)}); "
            "pass the one to evaluate: -T source=DIR/NAME.csv."
        )
    return found[0].resolve() if found else None


def read_authors_csv(path: Path) -> list[dict[str, Any]]:
    """Canonical rows from the authors' CSV; images next to the CSV or in `images/`.

    `item_id` is the image's file stem and the question's rank on that image
    (`1-q1`, `1-q2`, ...): an image carries a perspective-taking and a control
    question, and some carry one question per object. The images are referenced
    by path and read once, later, by the image store.
    """
    where_csv = f"authors' CSV {path}"
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:
            reader = csv.DictReader(handle)
            columns = [str(name).strip() for name in reader.fieldnames or []]
            raw_rows = list(reader)
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise SourceError(f"{where_csv}: the file does not read as CSV ({error}).") from None
    missing = [name for name in AUTHORS_CSV_COLUMNS if name not in columns]
    if missing:
        raise SourceError(
            f"{where_csv}: missing column(s) {', '.join(missing)}; the file has "
            f"{', '.join(columns) or 'no header'}. The authors' format has the columns "
            f"{', '.join(AUTHORS_CSV_COLUMNS)}."
        )
    per_image: Counter[str] = Counter()
    rows = []
    for index, raw in enumerate(raw_rows):
        check_row_length(raw, columns, f"{where_csv}, line {index + 2}")
        record = {str(k).strip(): (v.strip() if isinstance(v, str) else v) for k, v in raw.items()}
        name = record["id_image"] or ""
        where = f"{where_csv}, line {index + 2} (id_image {name!r})"  # +2: header, 1-based
        image_file = find_image(path.parent, name, where)
        per_image[image_file.stem] += 1
        rows.append(
            {
                "image": {"bytes": None, "path": str(image_file)},  # read once, by the image store
                "item_id": f"{image_file.stem}-q{per_image[image_file.stem]}",
                "question": record["question"],
                "gold_answer": record["gold_answer"],
                "distractor": None,
                "partition": record["partition"],
                "dataset": record["type_of_dataset"],
                "task": record["task"],
                WHERE_KEY: where,
            }
        )
    if not rows:
        raise SourceError(f"{where_csv}: the CSV has a header but no rows.")
    return rows


def check_row_length(raw: dict[Any, Any], columns: list[str], where: str) -> None:
    """A row with fewer or more fields than the header is refused as such, naming the columns.

    `csv.DictReader` fills the columns a short row lacks with None and puts the
    fields of a long row under the key None; without this check a short row
    would be blamed on whatever column happens to be read first.
    """
    header = [key for key in raw if key is not None]
    missing = [str(key).strip() for key in header if raw[key] is None]
    extra = raw.get(None)
    if missing:
        given = len(header) - len(missing)
        raise SourceError(
            f"{where}: the row is short: it has {given} field(s) but the header has "
            f"{len(columns)} ({', '.join(columns)}); missing: {', '.join(missing)}. Add the "
            "missing fields to that line (an empty field is written as two adjacent commas)."
        )
    if extra:
        raise SourceError(
            f"{where}: the row is long: it has {len(header) + len(extra)} field(s) but the "
            f"header has {len(columns)} ({', '.join(columns)}). Quote fields that contain a "
            'comma ("...") or remove the extra fields.'
        )


def find_image(directory: Path, name: str, where: str) -> Path:
    """The image file `name` of the authors' CSV: next to the CSV, or in `images/`."""
    if not name:
        raise SourceError(f"{where}: id_image is empty.")
    inside(directory, name, where=f"{where}: the image")  # no "../" or "/abs" out of the folder
    for folder in (directory, directory / "images"):
        candidate = folder / name
        if candidate.is_file():
            return inside(directory, candidate, where=f"{where}: the image")
        if not Path(name).suffix:  # "1" for "1.png"
            matches = sorted(folder.glob(f"{_glob_escape(name)}.*"))
            if len(matches) == 1:
                return inside(directory, matches[0], where=f"{where}: the image")
    raise SourceError(
        f"{where}: image {name!r} not found in {directory} or {directory / 'images'}. "
        "Put the image folder's files next to the CSV (or in images/)."
    )


def _glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)

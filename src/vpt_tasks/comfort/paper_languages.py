"""The COMFORT paper's multilingual study as data: its 109 languages and GPT-4o's Table 10.

What: `paper_languages()` maps each language code of the paper's Table 10 to its
name and GPT-4o's eps_cos (x100) against the seven frames of reference and
transformations; `dropped_languages()` the 23 languages the paper dropped;
`MULTILINGUAL_THETAS` the four canonical directions the study asked.

Why: the codes are what `-T language` accepts, the names are what the
translator is told, and the numbers are the reference of the report's
multilingual section. They ship with the package
(`task_configs/comfort_languages.yaml`), so nothing is read from elsewhere at run
time.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from vpt_tasks.core.config import load_config
from vpt_tasks.core.errors import ConfigError

__all__ = [
    "COLUMNS",
    "COLUMN_FRAMES",
    "COLUMN_TITLES",
    "MULTILINGUAL_THETAS",
    "PaperLanguage",
    "dropped_languages",
    "paper_languages",
    "preferred_columns",
]

_FILE = "task_configs/comfort_languages.yaml"

COLUMNS: tuple[str, ...] = (
    "intrinsic",
    "ego_reflected",
    "ego_rotated",
    "ego_translated",
    "addressee_reflected",
    "addressee_rotated",
    "addressee_translated",
)
"""Table 10's columns: the frame of reference and transformation a `nop` curve is scored against."""

COLUMN_TITLES: Mapping[str, str] = MappingProxyType(
    {
        "intrinsic": "intrinsic",
        "ego_reflected": "ego. reflected",
        "ego_rotated": "ego. rotated",
        "ego_translated": "ego. translated",
        "addressee_reflected": "addr. reflected",
        "addressee_rotated": "addr. rotated",
        "addressee_translated": "addr. translated",
    }
)

COLUMN_FRAMES: Mapping[str, str] = MappingProxyType(
    {
        "intrinsic": "intrinsic",
        "ego_reflected": "egocentric",
        "ego_rotated": "egocentric",
        "ego_translated": "egocentric",
        "addressee_reflected": "addressee",
        "addressee_rotated": "addressee",
        "addressee_translated": "addressee",
    }
)
"""The frame of reference of each column (egocentric = the camera's)."""

MULTILINGUAL_THETAS: tuple[int, ...] = (-180, -90, 0, 90)
"""The four canonical directions of the paper's multilingual study."""


@dataclass(frozen=True)
class PaperLanguage:
    """One language of the paper's Table 10."""

    code: str
    name: str
    gpt4o: Mapping[str, float]
    """GPT-4o's eps_cos (x100) per column of `COLUMNS`."""

    @property
    def preferred(self) -> tuple[str, ...]:
        """The column(s) with GPT-4o's lowest eps_cos."""
        return preferred_columns(self.gpt4o)


def preferred_columns(values: Mapping[str, float | None]) -> tuple[str, ...]:
    """The columns with the lowest defined value (several on a tie; () when none is defined)."""
    defined = {c: float(v) for c, v in values.items() if v is not None and v == v}
    if not defined:
        return ()
    best = min(defined.values())
    return tuple(c for c in COLUMNS if c in defined and defined[c] == best)


@functools.cache
def paper_languages() -> Mapping[str, PaperLanguage]:
    """Code (lower case) -> the paper's language, in the table's order."""
    data = load_config("comfort_languages")
    columns = tuple(data.get("columns") or ())
    if columns != COLUMNS:
        raise ConfigError(f"{_FILE}: columns must be {', '.join(COLUMNS)}.")
    found: dict[str, PaperLanguage] = {}
    for code, entry in (data.get("languages") or {}).items():
        values = entry.get("gpt4o") if isinstance(entry, dict) else None
        if not isinstance(values, list) or len(values) != len(COLUMNS):
            raise ConfigError(f"{_FILE} language {code!r}: gpt4o needs {len(COLUMNS)} numbers.")
        key = str(code).lower()
        found[key] = PaperLanguage(
            key,
            str(entry["name"]),
            MappingProxyType(dict(zip(COLUMNS, map(float, values), strict=True))),
        )
    return MappingProxyType(found)


@functools.cache
def dropped_languages() -> Mapping[str, str]:
    """Code -> name of the 23 languages the paper dropped."""
    data = load_config("comfort_languages")
    return MappingProxyType(
        {str(k).lower(): str(v) for k, v in (data.get("dropped") or {}).items()}
    )

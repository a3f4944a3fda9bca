"""Loading and validating the per-benchmark YAML files in `task_configs/`.

The YAML files hold a benchmark's *data* — prompts exactly as sent (each file says
which are the paper's verbatim; `docs/paper-claims.md`), answer vocabularies, dataset ids and pinned revisions — while behaviour stays in
Python. They ship inside the wheel as `vpt_tasks/task_configs/`; in an editable
install they are read from the repository's top-level `task_configs/`.

A benchmark's `spec.py` declares its file as `ConfigModel`s and reads it with
`load_model`, so that a bad file fails when the task is built with one line
naming the file, the key, the value and what was expected, rather than with a
bare `ValueError` or `KeyError` somewhere later.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterable
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import AliasPath, BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError, PydanticUndefined

from vpt_tasks.core.errors import ConfigError

Model = TypeVar("Model", bound=BaseModel)


def config_dir() -> Path:
    """The directory holding the task configuration YAML files."""
    packaged = Path(str(resources.files("vpt_tasks"))) / "task_configs"
    if packaged.is_dir():
        return packaged
    # editable install: src/vpt_tasks/core/config.py -> <repo>/task_configs
    repository = Path(__file__).resolve().parents[3] / "task_configs"
    if repository.is_dir():
        return repository
    raise ConfigError(
        f"vpt_tasks cannot find its task_configs directory (looked in {packaged} and "
        f"{repository}); reinstall the package with `pip install vpt-tasks`."
    )


@functools.cache
def load_config(name: str) -> dict[str, Any]:
    """Parse `task_configs/<name>.yaml` (cached; treat the result as read-only)."""
    path = config_dir() / f"{name}.yaml"
    if not path.is_file():
        raise ConfigError(f"No task configuration {path}; reinstall vpt-tasks.")
    return _read(path)


def load_model(model: type[Model], name: str, path: Path | None = None) -> Model:
    """`task_configs/<name>.yaml`, or the YAML file at `path`, validated as `model`.

    A value of the wrong type, a missing key or an unknown key raises `ConfigError`
    with one line naming the file, the key, the value and what was expected.
    """
    data = _read(path) if path is not None else load_config(name)
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise ConfigError(_one_line(path or config_dir() / f"{name}.yaml", error)) from None


class ConfigModel(BaseModel):
    """A section of a task config: typed, read-only and strict. An undeclared key is an error
    (a misspelt `revison:` must not leave the default in place), and so is a number where text
    is expected (YAML reads an unquoted `0123e45` as a float: quote it)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    @model_validator(mode="before")
    @classmethod
    def _no_unknown_nested_keys(cls, data: Any) -> Any:
        """A section read only through `at(...)` fields (`generation`) may hold no other key."""
        if not isinstance(data, dict):
            return data
        read: dict[str, set[str]] = {}
        for field in cls.model_fields.values():
            if isinstance(field.validation_alias, AliasPath):
                section, key = field.validation_alias.path
                read.setdefault(str(section), set()).add(str(key))
        unknown = [
            InitErrorDetails(type="extra_forbidden", loc=(section, str(key)), input=value)
            for section, keys in read.items()
            if isinstance(data.get(section), dict)
            for key, value in data[section].items()
            if key not in keys
        ]
        if unknown:
            raise ValidationError.from_exception_data(cls.__name__, unknown)
        return data


class TaskConfig(ConfigModel):
    """The top level of a `task_configs/<benchmark>.yaml` file: the keys every one has."""

    benchmark: str
    paper: str


def at(section: str, key: str, default: Any = PydanticUndefined, **constraints: Any) -> Any:
    """A field read from `section.key`: `temperature: float = at("generation", "temperature")`."""
    return Field(default, validation_alias=AliasPath(section, key), **constraints)


def invalid(key: str | tuple[str | int, ...], value: Any, expected: str) -> ValidationError:
    """The error a validator raises for `key` (relative to its model) holding `value`."""
    detail = PydanticCustomError("config", "{expected}", {"expected": expected})
    loc = (key,) if isinstance(key, str) else key
    return ValidationError.from_exception_data(
        "config", [InitErrorDetails(type=detail, loc=loc, input=value)]
    )


def within(
    key: str | tuple[str, ...],
    items: Collection[object],
    allowed: Collection[object],
    what: str = "",
) -> None:
    """Raise `invalid` unless each of `items`, the value of `key`, is one of `allowed` (`what`)."""
    outside = ", ".join(str(item) for item in items if item not in allowed)
    if outside:
        what = what or f"values among {', '.join(map(str, allowed))}"
        raise invalid(key, list(items), f"{what} (not {outside})")


def covering(
    key: str | tuple[str, ...], mapping: Collection[object], needed: Iterable[object], why: str = ""
) -> None:
    """Raise `invalid` unless `mapping`, the value of `key`, has an entry for each of `needed`."""
    missing = ", ".join(str(name) for name in needed if name not in mapping)
    if missing:
        raise invalid(key, list(mapping), f"an entry for {missing} too{why}")


def _read(path: Path) -> dict[str, Any]:
    """The YAML mapping in `path`; a file that is not one raises a one-line `ConfigError`."""
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(error, "problem", None) or type(error).__name__
        raise ConfigError(f"{path}: not valid YAML{where}: {problem}.") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path} must hold a YAML mapping at its top level.")
    return data


def _one_line(path: Path, error: ValidationError) -> str:
    """The first problem of `error` as `file: key = value: expected ...` (and how many more)."""
    first, *rest = error.errors(include_url=False)
    parts = [f"[{part}]" if isinstance(part, int) else str(part) for part in first["loc"]]
    key = ".".join(parts).replace(".[key]", " (the key)").replace(".[", "[")
    more = f" (and {len(rest)} more problem{'s' if len(rest) > 1 else ''})" if rest else ""
    if first["type"] in ("missing", "missing_argument"):
        return f"{path}: {key} is missing; add it.{more}"
    if first["type"] in ("extra_forbidden", "unexpected_keyword_argument"):
        hint = "misspelt?"
        if key.endswith(("True", "False")):
            hint = "quote it: YAML reads an unquoted yes or no as true or false"
        return f"{path}: {key} is not a key this file can have ({hint}).{more}"
    message = f"expected {first['msg']}" if first["type"] == "config" else first["msg"]
    message = re.sub(r",? or (?:an )?instance of \w+", "", message).removeprefix("Value error, ")
    message = re.sub(r"^(?:Input|\w+) should (?:be|have) ", "expected ", message)
    message = message.replace(" after validation", "")
    value = repr(first["input"])
    value = value if len(value) <= 60 else value[:57] + "..."
    return f"{path}: {key} = {value}: {message}{more}"

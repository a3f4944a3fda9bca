"""Exceptions that carry a message written for the researcher running an eval.

Every error raised for bad input names what was wrong and what to do about it,
so that a failed run can be fixed without reading the source. They derive from
Inspect's `PrerequisiteError`, which the `inspect` command prints as the bare
message: a bad `-T` value or an unreadable source ends the command with a few
lines, not a traceback. Raised while a task is built (before any model call),
they leave no eval log behind.
"""

from vpt_tasks.core.inspect_internals import PrerequisiteError


class VPTError(PrerequisiteError):
    """Base class of the errors vpt_tasks raises on purpose.

    The message is plain text: Inspect prints a prerequisite error's `message` with rich,
    which would read "[/x]" in a path, "[bold red]" in a folder name or the project's own
    "[left, top, right, bottom]" as markup (and fail on some). So `message` -- what Inspect
    prints -- has its markup escaped and shows exactly as written; `str(error)` is the
    plain string.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.text: str = str(message)
        self.message = _verbatim(self.text)  # type: ignore[assignment]
        self.args = (self.text,)

    def __str__(self) -> str:
        return self.text


class TaskArgumentError(VPTError, ValueError):
    """A `-T name=value` task argument is not one the task accepts."""


class SourceError(VPTError, ValueError):
    """A dataset `source` cannot be read, or its rows do not fit the schema."""


class ConfigError(VPTError, RuntimeError):
    """A task configuration YAML under `task_configs/` is missing or malformed."""


def _verbatim(text: str) -> str:
    """`text` with rich markup escaped: printed by rich, it shows exactly as written."""
    try:
        from rich.markup import escape
    except ImportError:  # pragma: no cover - rich comes with Inspect
        return text
    return escape(text)

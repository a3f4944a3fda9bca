"""Exceptions that carry a message written for the researcher running an eval.

Every error raised for bad input names what was wrong and what to do about it,
so that a failed run can be fixed without reading the source.
"""


class VPTError(Exception):
    """Base class of the errors vpt_tasks raises on purpose."""


class TaskArgumentError(VPTError, ValueError):
    """A `-T name=value` task argument is not one the task accepts."""


class SourceError(VPTError, ValueError):
    """A dataset `source` cannot be read, or its rows do not fit the schema."""


class ConfigError(VPTError, RuntimeError):
    """A task configuration YAML under `task_configs/` is missing or malformed."""

"""The installed version of vpt_tasks (recorded in every eval log)."""

__version__ = "0.1.0"

"""vpt_tasks: visual perspective taking benchmarks for Inspect AI.

Tasks are registered with Inspect through the ``vpt_tasks._registry`` entry
point; run them as ``inspect eval vpt_tasks/<task>``.
"""

from vpt_tasks._version import __version__

__all__ = ["__version__"]

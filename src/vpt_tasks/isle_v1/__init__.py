"""Isle-Bricks v1 and Isle-Dots: two-option perspective questions in both option orders.

See README.md in this folder for the protocol, the options and the metrics.
"""

from vpt_tasks.isle_v1.task import isle_brick_v1, isle_dots

__all__ = ["isle_brick_v1", "isle_dots"]

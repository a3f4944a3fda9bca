"""Isle-Brick-V2: seven diagnostic questions about 144 LEGO scenes.

See README.md in this folder for the protocol, the options and the metrics.
"""

from vpt_tasks.isle_brick.task import isle_brick

__all__ = ["isle_brick"]

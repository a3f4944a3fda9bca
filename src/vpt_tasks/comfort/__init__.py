"""COMFORT: frames of reference probed with P(Yes) curves (COMFORT-BALL, COMFORT-CAR).

See README.md in this folder for the protocol, the options and the metrics.
The pure geometry, probability and metric code (`geometry.py`,
`probability.py`, `metrics.py`) has no Inspect dependency beyond types.
"""

from vpt_tasks.comfort.task import comfort_ball, comfort_car

__all__ = ["comfort_ball", "comfort_car"]

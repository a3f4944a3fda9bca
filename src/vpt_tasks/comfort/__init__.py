"""COMFORT: frames of reference probed with P(Yes) curves (COMFORT-BALL, COMFORT-CAR).

See README.md in this folder for the protocol, the options and the metrics.
The pure geometry and curve-metric code (`geometry.py`, `curves.py`) has no
Inspect dependency; P(Yes) itself is read by the generic scorer
`vpt_tasks.scorers.yes_probability`, which `scorer.py` configures.
"""

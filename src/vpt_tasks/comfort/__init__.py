"""COMFORT: frames of reference probed with P(Yes) curves (COMFORT-BALL, COMFORT-CAR).

See README.md in this folder for the protocol, the options and the metrics.
The pure geometry, probability and metric code (`geometry.py`,
`probability.py`, `metrics.py`) has no Inspect dependency beyond types.
"""

"""Omni-Perspective: multi-image multiple choice with merge match and circular evaluation.

See README.md in this folder for the protocol, the options and the metrics.
"""

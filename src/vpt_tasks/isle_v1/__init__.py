"""Isle-Bricks v1 and Isle-Dots: two-option perspective questions in both option orders.

See README.md in this folder for the protocol, the options and the metrics.
"""

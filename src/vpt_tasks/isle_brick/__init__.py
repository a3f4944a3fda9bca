"""Isle-Brick-V2: seven diagnostic questions about 144 LEGO scenes.

See README.md in this folder for the protocol, the options and the metrics.
"""

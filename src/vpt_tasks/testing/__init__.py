"""Test utilities shipped with the package.

Kept importable from the installed package (not only from ``tests/``) so that
benchmark scripts and downstream users can run evaluations against local,
protocol-faithful fake model servers without network access.
"""

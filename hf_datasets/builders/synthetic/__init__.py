"""Synthetic stand-ins for each benchmark's data: the demo builders' drawings, also used by the
tests and benchmarks. Not part of the installed package (nothing at run time imports them)."""

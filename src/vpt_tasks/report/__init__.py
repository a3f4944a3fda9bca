"""Paper-style tables and figures regenerated from Inspect eval logs.

`vpt-tasks report LOG_OR_DIR... --out DIR` writes `report.md` and PNG figures;
one section per benchmark found in the logs, rendered by that benchmark's `report.py` (named in `vpt_tasks.benchmarks`).
"""

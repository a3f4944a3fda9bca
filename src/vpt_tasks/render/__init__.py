"""Blender scene renderer: COMFORT-BALL, COMFORT-CAR and Isle-Brick scenes with exact geometric gold.

    vpt-tasks render isle-brick --out DIR            # needs the `render` extra (bpy)
    vpt-tasks render isle-brick --out DIR --workers 4                  # 4 Blender processes
    vpt-tasks render isle-brick --out SHARDS --shard 2/8; vpt-tasks render merge DIR SHARDS
    vpt-tasks render isle-brick --out DIR --engine ray                 # the `scale` extra (ray)

Only `vpt_tasks.render.blender` imports `bpy`, inside its functions; the
planning code (scenes, cameras, models, gold answers) is pure Python, so
`import vpt_tasks.render` and everything but the final drawing work without
Blender. How frames are computed — one process, local workers
(`parallel.py`), shards and their merge (`shards.py`, `merge.py`) or Ray
tasks (`ray_engine.py`, which alone imports `ray`) — never changes the rows
or the frames; every path draws through `renderer.py` and records through
`runner.py`.
"""

RENDERER_VERSION = "1.1.0"
"""Recorded in every rendered row; bump when the same options would draw different images."""

FAMILIES = ("comfort-ball", "comfort-car", "isle-brick")

CAR_RELATA = ("horse", "bench", "laptop", "duck", "chair", "dog", "sofa", "bed", "bicycle", "car")
"""The ten COMFORT-CAR relata, in the order of the authors' released configs."""

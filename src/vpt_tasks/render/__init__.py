"""Blender scene renderer: COMFORT-BALL, COMFORT-CAR and Isle-Brick scenes with exact geometric gold.

    vpt-tasks render isle-brick --out DIR            # needs the `render` extra (bpy)

Only `vpt_tasks.render.blender` imports `bpy`, inside its functions; the
planning code (scenes, cameras, models, gold answers) is pure Python, so
`import vpt_tasks.render` and everything but the final drawing work without
Blender.
"""

RENDERER_VERSION = "1.0.0"
"""Recorded in every rendered row; bump when the same options would draw different images."""

FAMILIES = ("comfort-ball", "comfort-car", "isle-brick")

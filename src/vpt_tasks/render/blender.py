"""Draw a planned `Scene` with Blender (`bpy`, Cycles on the CPU): the only module that imports bpy.

What: `render_frame(scene, path, settings)` builds the scene from scratch
(factory settings, one object per part, shared unit meshes), renders it with
Cycles and writes an RGB PNG or JPEG without metadata; `render_mask` renders
the same scene with flat label colours (`MASK_COLORS`), one sample and no
filtering, so tests and users can tell which pixels belong to which entity.

Why: Cycles renders headless on the CPU (EEVEE needs OpenGL). Blender stamps
render times into the PNGs it writes, so frames are re-encoded with Pillow
from the rendered pixels: the output bytes then depend only on the scene,
the settings and the Blender version. `bpy` is imported inside the functions
so that `import vpt_tasks.render` works without the `render` extra.
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from vpt_tasks.render import transforms as tf
from vpt_tasks.render.scene import Material, Part, RenderSettings, Scene

MIN_VERSION = (4, 2, 0)

MASK_COLORS: dict[str, tuple[int, int, int]] = {
    "background": (0, 0, 0),
    "figure": (255, 0, 0),
    "object": (0, 255, 0),
    "relatum": (0, 0, 255),
    "distractor": (255, 255, 0),
    "occluder": (0, 255, 255),
    "figure2": (255, 0, 255),
    "addressee": (255, 255, 255),
    "referent": (255, 128, 0),
}
"""Segmentation colour of each entity label in mask images (sRGB)."""


class BlenderUnavailable(RuntimeError):
    """`bpy` is missing or too old."""


def import_bpy() -> Any:
    """`bpy`, or a `BlenderUnavailable` error saying how to install it."""
    try:
        import bpy
    except ImportError as error:
        raise BlenderUnavailable(
            "Rendering needs Blender's Python module `bpy` (the optional `render` extra): "
            "pip install 'vpt-tasks[render]'. bpy pins numpy<2 and supports Python 3.11 only, "
            "so install it in its own virtual environment, e.g. python3.11 -m venv ~/.venvs/render "
            f"&& ~/.venvs/render/bin/pip install 'vpt-tasks[render]' ({error})."
        ) from None
    if tuple(bpy.app.version) < MIN_VERSION:
        raise BlenderUnavailable(
            f"bpy {bpy.app.version_string} is too old; the renderer needs bpy >= 4.2 "
            "(pip install 'bpy>=4.2,<5.1')."
        )
    return bpy


def blender_version() -> str:
    """The version string of the installed bpy (e.g. `5.0.1`)."""
    return str(import_bpy().app.version_string)


def render_frame(scene: Scene, path: Path, settings: RenderSettings, *, threads: int = 0) -> None:
    """Render `scene` and write it to `path` (PNG or JPEG per `settings`), atomically."""
    bpy = import_bpy()
    _build(bpy, scene, settings, mask=False)
    _configure(bpy, settings, threads=threads, mask=False)
    _write(bpy, path, settings)


def render_mask(scene: Scene, path: Path, settings: RenderSettings, *, threads: int = 0) -> None:
    """Render the label mask of `scene` (flat `MASK_COLORS`, background black) as a PNG."""
    bpy = import_bpy()
    _build(bpy, scene, settings, mask=True)
    _configure(bpy, settings, threads=threads, mask=True)
    _write(bpy, path, RenderSettings(size=settings.size, format="png"))


# --- scene construction -------------------------------------------------------------------


def _build(bpy: Any, scene: Scene, settings: RenderSettings, *, mask: bool) -> None:
    import mathutils

    bpy.ops.wm.read_factory_settings(use_empty=True)
    blender_scene = bpy.context.scene
    meshes: dict[tuple[str, float], Any] = {}
    materials: dict[Any, Any] = {}

    def material_for(material: Material, label: str) -> Any:
        key = ("mask", label) if mask else material
        if key not in materials:
            materials[key] = _mask_material(bpy, label) if mask else _material(bpy, material)
        return materials[key]

    def add_part(name: str, part: Part, matrix: tf.Matrix, label: str) -> None:
        key = (part.shape, part.tube if part.shape == "torus" else 0.0)
        if key not in meshes:
            meshes[key] = _unit_mesh(bpy, part.shape, part.tube)
        obj = bpy.data.objects.new(name, meshes[key])
        blender_scene.collection.objects.link(obj)
        obj.matrix_world = mathutils.Matrix(matrix)
        obj.material_slots[0].link = "OBJECT"
        obj.material_slots[0].material = material_for(part.material, label)

    ground = Part("cube", (0.0, 0.0, -0.01), (400.0, 400.0, 0.02), scene.ground, smooth=False)
    add_part("ground", ground, ground.matrix(), "background")
    for index, entity in enumerate(scene.entities):
        placed = entity.matrix()
        for number, part in enumerate(entity.model.parts):
            add_part(
                f"{entity.label}{index}.{number}",
                part,
                tf.matmul(placed, part.matrix()),
                entity.label,
            )

    camera_data = bpy.data.cameras.new("camera")
    camera_data.lens = scene.camera.lens_mm
    camera_data.sensor_width = 36.0
    camera_data.sensor_fit = "HORIZONTAL"
    camera_data.clip_start = 0.05
    camera_data.clip_end = 1000.0
    camera = bpy.data.objects.new("camera", camera_data)
    blender_scene.collection.objects.link(camera)
    camera.matrix_world = mathutils.Matrix(scene.camera.matrix_world())
    blender_scene.camera = camera

    world = bpy.data.worlds.new("world")
    blender_scene.world = world
    _enable_nodes(world)
    background = world.node_tree.nodes["Background"]
    if mask:
        background.inputs["Color"].default_value = (0.0, 0.0, 0.0, 1.0)
        background.inputs["Strength"].default_value = 0.0
        return
    linear = tuple(tf.srgb_to_linear(c) for c in scene.world_color)
    background.inputs["Color"].default_value = (*linear, 1.0)
    background.inputs["Strength"].default_value = scene.world_strength
    sun_data = bpy.data.lights.new("sun", "SUN")
    sun_data.energy = scene.sun.strength
    sun_data.angle = math.radians(scene.sun.angle)
    sun = bpy.data.objects.new("sun", sun_data)
    blender_scene.collection.objects.link(sun)
    toward_sun = mathutils.Vector(
        (
            math.cos(math.radians(scene.sun.elevation)) * math.cos(math.radians(scene.sun.azimuth)),
            math.cos(math.radians(scene.sun.elevation)) * math.sin(math.radians(scene.sun.azimuth)),
            math.sin(math.radians(scene.sun.elevation)),
        )
    )
    sun.rotation_euler = toward_sun.to_track_quat("Z", "Y").to_euler()


def _enable_nodes(datablock: Any) -> None:
    """Node trees are always on from Blender 5; 4.x needs `use_nodes`."""
    if getattr(datablock, "node_tree", None) is None or not getattr(datablock, "use_nodes", True):
        datablock.use_nodes = True


def _material(bpy: Any, material: Material) -> Any:
    result = bpy.data.materials.new("material")
    _enable_nodes(result)
    shader = result.node_tree.nodes["Principled BSDF"]
    linear = tuple(tf.srgb_to_linear(c) for c in material.color)
    shader.inputs["Base Color"].default_value = (*linear, 1.0)
    shader.inputs["Roughness"].default_value = material.roughness
    shader.inputs["Metallic"].default_value = material.metallic
    if material.emission > 0:
        shader.inputs["Emission Color"].default_value = (*linear, 1.0)
        shader.inputs["Emission Strength"].default_value = material.emission
    return result


def _mask_material(bpy: Any, label: str) -> Any:
    result = bpy.data.materials.new(f"mask-{label}")
    _enable_nodes(result)
    nodes = result.node_tree.nodes
    for node in list(nodes):
        if node.type != "OUTPUT_MATERIAL":
            nodes.remove(node)
    emission = nodes.new("ShaderNodeEmission")
    rgb = MASK_COLORS[label]
    emission.inputs["Color"].default_value = (*(tf.srgb_to_linear(c / 255.0) for c in rgb), 1.0)
    emission.inputs["Strength"].default_value = 1.0
    output = next(node for node in nodes if node.type == "OUTPUT_MATERIAL")
    result.node_tree.links.new(emission.outputs["Emission"], output.inputs["Surface"])
    return result


def _unit_mesh(bpy: Any, shape: str, tube: float) -> Any:
    """The unit primitive of `vpt_tasks.render.scene.SHAPES` as a mesh with one material slot."""
    import bmesh

    mesh = bpy.data.meshes.new(shape)
    if shape == "torus":
        _torus(mesh, tube)
    else:
        bm = bmesh.new()
        if shape == "cube":
            bmesh.ops.create_cube(bm, size=1.0)
        elif shape == "sphere":
            bmesh.ops.create_uvsphere(bm, u_segments=48, v_segments=24, radius=0.5)
        elif shape == "cylinder":
            bmesh.ops.create_cone(
                bm, cap_ends=True, segments=48, radius1=0.5, radius2=0.5, depth=1.0
            )
        elif shape == "cone":
            bmesh.ops.create_cone(
                bm, cap_ends=True, segments=48, radius1=0.5, radius2=0.0, depth=1.0
            )
        else:
            raise ValueError(f"unknown primitive {shape!r}")
        bm.normal_update()
        for face in bm.faces:
            face.smooth = shape == "sphere" or (shape != "cube" and abs(face.normal.z) < 0.99)
        bm.to_mesh(mesh)
        bm.free()
    mesh.materials.append(None)
    return mesh


def _torus(mesh: Any, tube: float, major_segments: int = 48, minor_segments: int = 12) -> None:
    """A torus of major radius 0.5 and minor radius 0.5·tube in the xy plane."""
    vertices, faces = [], []
    minor = 0.5 * tube
    for i in range(major_segments):
        u = 2 * math.pi * i / major_segments
        for j in range(minor_segments):
            v = 2 * math.pi * j / minor_segments
            r = 0.5 + minor * math.cos(v)
            vertices.append((r * math.cos(u), r * math.sin(u), minor * math.sin(v)))
    for i in range(major_segments):
        for j in range(minor_segments):
            a = i * minor_segments + j
            b = ((i + 1) % major_segments) * minor_segments + j
            c = ((i + 1) % major_segments) * minor_segments + (j + 1) % minor_segments
            d = i * minor_segments + (j + 1) % minor_segments
            faces.append((a, b, c, d))
    mesh.from_pydata(vertices, [], faces)
    for polygon in mesh.polygons:
        polygon.use_smooth = True


# --- rendering ----------------------------------------------------------------------------


def _configure(bpy: Any, settings: RenderSettings, *, threads: int, mask: bool) -> None:
    scene = bpy.context.scene
    render = scene.render
    render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.cycles.seed = settings.seed % (2**31)
    scene.cycles.use_animated_seed = False
    render.resolution_x = render.resolution_y = settings.size
    render.resolution_percentage = 100
    render.film_transparent = False
    render.use_stamp = False
    render.dither_intensity = 0.0 if mask else 1.0
    render.threads_mode = "FIXED" if threads > 0 else "AUTO"
    if threads > 0:
        render.threads = threads
    scene.view_settings.view_transform = "Standard"
    scene.view_settings.look = "None"
    scene.view_settings.exposure = 0.0
    scene.view_settings.gamma = 1.0
    image = render.image_settings
    image.file_format = "PNG"
    image.color_mode = "RGB"
    image.color_depth = "8"
    image.compression = 0
    if mask:
        scene.cycles.samples = 1
        scene.cycles.use_denoising = False
        scene.cycles.pixel_filter_type = "BOX"
        scene.cycles.filter_width = 0.01
        scene.cycles.max_bounces = 0
        scene.cycles.use_adaptive_sampling = False
    else:
        scene.cycles.samples = settings.samples
        scene.cycles.use_adaptive_sampling = False
        scene.cycles.use_denoising = settings.denoise
        if settings.denoise:
            scene.cycles.denoiser = "OPENIMAGEDENOISE"
        scene.cycles.max_bounces = 6


def _write(bpy: Any, path: Path, settings: RenderSettings) -> None:
    from PIL import Image

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent) as work:
        raw = Path(work) / "raw.png"
        bpy.context.scene.render.filepath = str(raw)
        with _quiet_stdout():
            bpy.ops.render.render(write_still=True)
        if not raw.is_file():
            raise RuntimeError(f"Blender did not write {raw}; see its messages above.")
        with Image.open(raw) as picture:
            rgb = picture.convert("RGB")
        staged = Path(work) / f"frame.{settings.extension}"
        if settings.format == "jpeg":
            rgb.save(staged, format="JPEG", quality=settings.jpeg_quality, optimize=True)
        else:
            rgb.save(staged, format="PNG", compress_level=9)
        os.replace(staged, path)


@contextlib.contextmanager
def _quiet_stdout() -> Iterator[None]:
    """Silence Blender's per-tile progress lines (written by C code to fd 1) during a render."""
    sys.stdout.flush()
    try:
        saved = os.dup(1)
    except OSError:  # no real stdout (e.g. some notebook kernels)
        yield
        return
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 1)
            yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)

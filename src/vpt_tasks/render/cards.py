"""Dataset cards of rendered datasets: what was drawn, how, by which command, under which license.

The card is the README.md of the canonical directory (and of the Hub repo it
is published to); `data-schemas.md` asks generated data to state provenance,
license, the generator version and the exact command that made it.
"""

from __future__ import annotations

from vpt_tasks.render.runner import RenderReport
from vpt_tasks.render.scene import RenderSettings

ISLE_CITATION = """@article{goral2025beyond,
  title   = {Beyond Recognition: Evaluating Visual Perspective Taking in Vision Language Models},
  author  = {G{\\'o}ral, Gracjan and Ziarko, Alicja and Mi{\\l}o{\\'s}, Piotr and Nauman, Micha{\\l} and Wo{\\l}czyk, Maciej and Kosi{\\'n}ski, Micha{\\l}},
  journal = {arXiv preprint arXiv:2505.03821},
  year    = {2025}
}"""

COMFORT_CITATION = """@inproceedings{zhang2025comfort,
  title     = {Do Vision-Language Models Represent Space and How? Evaluating Spatial Frame of Reference Under Ambiguities},
  author    = {Zhang, Zheyuan and Hu, Fengyuan and Lee, Jayjun and Shi, Freda and Kordjamshidi, Parisa and Chai, Joyce and Ma, Ziqiao},
  booktitle = {International Conference on Learning Representations (ICLR)},
  year      = {2025}
}"""

TITLES = {
    "isle-brick": "Isle-Brick-V2-style scenes rendered by vpt_tasks",
    "comfort-ball": "COMFORT-BALL scenes rendered by vpt_tasks",
    "comfort-car": "COMFORT-CAR scenes rendered by vpt_tasks",
}

_ABOUT = {
    "isle-brick": (
        "LEGO-style minifigures and objects built from primitives, laid out after the "
        "Isle-Brick-V2 factor design (object left / right / front / back of the figure, "
        "figure facing toward / away, surface-level and bird's-eye cameras). The gold "
        'answers of all seven questions are computed from the scene geometry; "north" is '
        "the camera's viewing direction projected on the ground (the top of the image). "
        "Run it with `inspect eval vpt_tasks/isle_brick -T source=DIR`."
    ),
    "comfort-ball": (
        "The COMFORT-BALL configuration: a sphere orbiting another at radius 2.9 in 37 "
        "frames per relation path (frame 36 repeats frame 0), five variations. θ and the "
        "referent's azimuth φ are exact. Run it with `inspect eval vpt_tasks/comfort_ball "
        "-T source=DIR`."
    ),
    "comfort-car": (
        "The COMFORT-CAR configuration: a basketball orbiting a fronted relatum built from "
        "primitives, a woman (the addressee) at (0, −5) facing +y, camera at (10, 0, 9), "
        "with the relatum facing −y (`comfort_car_ref_facing_left`) and +y "
        "(`comfort_car_ref_facing_right`). Run it with `inspect eval vpt_tasks/comfort_car "
        "-T source=DIR`."
    ),
}


def card_body(
    family: str, command: str, settings: RenderSettings, report: RenderReport, renderer_version: str
) -> str:
    """The markdown body of a rendered dataset's card."""
    isle = family == "isle-brick"
    citation = ISLE_CITATION if isle else COMFORT_CITATION
    paper = (
        'Góral et al., "Beyond Recognition: Evaluating Visual Perspective Taking in Vision '
        'Language Models", 2025'
        if isle
        else 'Zhang et al., "Do Vision-Language Models Represent Space and How? Evaluating '
        'Spatial Frame of Reference Under Ambiguities", ICLR 2025'
    )
    return f"""{_ABOUT[family]}

These are synthetic renders made by `vpt_tasks` (renderer {renderer_version}, Blender
{report.blender_version or "unknown"}, Cycles on the CPU, {settings.size}×{settings.size}, {settings.samples}
samples{", denoised" if settings.denoise else ""}, {settings.format.upper()}); they reproduce the design of the
benchmark, not its original images. Every row keeps the canonical columns of the
benchmark and adds its geometry (see `src/vpt_tasks/render/README.md` in vpt_tasks).

## Provenance

Made with:

    {command}

The same command with the same vpt_tasks and Blender versions draws the same
images (seeded layouts, fixed Cycles seed, no metadata in the image files).

## License

The renders and the annotations are released under CC BY 4.0. The scene design
follows the paper below; please cite it when you use this data.

Benchmark: {paper}.

```bibtex
{citation}
```
"""

"""The render loop without Blender: resuming, copying identical scenes, the dataset it writes.

Blender's drawing is replaced by a stand-in that paints the projected entity
centres, so these tests run everywhere; `test_bpy_smoke.py` renders for real.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import run
from vpt_tasks.render import blender
from vpt_tasks.render.cli import schema
from vpt_tasks.render.comfort_plan import ComfortOptions, plan_comfort_ball, plan_comfort_car
from vpt_tasks.render.isle_plan import IsleBrickOptions, plan_isle_brick
from vpt_tasks.render.runner import MANIFEST, WORK_DIR, Manifest, frame_path, render_dataset
from vpt_tasks.render.scene import RenderSettings

SETTINGS = RenderSettings(size=16, samples=1)


class FakeBlender:
    """Paints each entity's projected centre; counts calls; can fail on the n-th frame."""

    def __init__(self) -> None:
        self.calls: list[Path] = []
        self.fail_at: int | None = None

    def render_frame(self, scene, path, settings, *, threads=0) -> None:
        from PIL import Image, ImageDraw

        if self.fail_at is not None and len(self.calls) == self.fail_at:
            raise KeyboardInterrupt("interrupted")
        self.calls.append(Path(path))
        picture = Image.new("RGB", (settings.size, settings.size), (200, 200, 200))
        pen = ImageDraw.Draw(picture)
        for index, entity in enumerate(scene.entities):
            column, row, _ = scene.camera.project(entity.center(), settings.size)
            pen.point((column, row), fill=(40 * index % 256, 0, 255))
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        picture.save(path, format="PNG")


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeBlender:
    stand_in = FakeBlender()
    monkeypatch.setattr(blender, "render_frame", stand_in.render_frame)
    monkeypatch.setattr(blender, "blender_version", lambda: "fake-1")
    return stand_in


def render(plans, out: Path, family: str, settings: RenderSettings = SETTINGS):
    return render_dataset(
        plans,
        out,
        settings,
        schema=schema(family),
        pretty_name="test",
        card_body=lambda report: "body",
        progress=False,
    )


def test_resumes_where_it_stopped(fake: FakeBlender, tmp_path: Path) -> None:
    plans = plan_isle_brick(IsleBrickOptions(objects=("dog",), positions=("left", "back"))).frames
    assert len(plans) == 8
    fake.fail_at = 3
    with pytest.raises(KeyboardInterrupt):
        render(plans, tmp_path, "isle-brick")
    assert len(Manifest(tmp_path / WORK_DIR / MANIFEST).entries) == 3
    fake.fail_at = None
    report = render(plans, tmp_path, "isle-brick")
    assert (report.rendered, report.resumed, len(fake.calls)) == (5, 3, 8)
    # a third run renders nothing
    report = render(plans, tmp_path, "isle-brick")
    assert (report.rendered, report.resumed, len(fake.calls)) == (0, 8, 8)
    assert report.timing() == "no frame rendered in this run"
    # a damaged frame file is rendered again; so is every frame when the settings change
    frame_path(tmp_path, plans[5], SETTINGS).write_bytes(b"broken")
    report = render(plans, tmp_path, "isle-brick")
    assert (report.rendered, fake.calls[-1]) == (1, frame_path(tmp_path, plans[5], SETTINGS))
    report = render(plans, tmp_path, "isle-brick", RenderSettings(size=16, samples=2))
    assert report.rendered == 8


def test_identical_scenes_are_copied_not_rendered(fake: FakeBlender, tmp_path: Path) -> None:
    plans = plan_comfort_ball(
        ComfortOptions(
            relations=("infrontof", "behind"), variations=("default",), frames=(0, 18, 36)
        )
    )
    report = render(plans, tmp_path, "comfort-ball")
    # infrontof 0 = infrontof 36 = behind 18 (phi 0); behind 0 = behind 36 = infrontof 18 (phi 180)
    assert (report.rendered, report.copied) == (2, 4)
    images = {p.key: frame_path(tmp_path, p, SETTINGS).read_bytes() for p in plans}
    assert images["comfort_ball/infrontof/default/00"] == images["comfort_ball/behind/default/18"]
    assert images["comfort_ball/infrontof/default/00"] != images["comfort_ball/behind/default/00"]


def test_the_dataset_holds_the_plan_rows(fake: FakeBlender, tmp_path: Path) -> None:
    import datasets

    plans = plan_isle_brick(
        IsleBrickOptions(objects=("cat",), viewpoints=("birds_eye",), distractors=1)
    ).frames
    render(plans, tmp_path, "isle-brick")
    table = datasets.load_dataset(str(tmp_path), split="test")
    assert len(table) == len(plans)
    for plan, row in zip(plans, table, strict=True):
        for column, value in plan.row.items():
            if isinstance(value, float):
                assert row[column] == pytest.approx(value)
            else:
                assert row[column] == value, column
        assert row["blender_version"] == "fake-1" and row["image"].size == (16, 16)
    assert "body" in (tmp_path / "README.md").read_text()
    assert not list((tmp_path / "data").glob("*.png"))  # frames stay in the work folder


def test_rendered_isle_brick_runs_through_the_task(fake: FakeBlender, tmp_path: Path) -> None:
    from vpt_tasks.isle_brick.task import isle_brick

    options = IsleBrickOptions(
        objects=("goblet",), positions=("left", "back"), occluder=True, second_figure=True
    )
    plans = plan_isle_brick(options).frames
    render(plans, tmp_path / "data", "isle-brick")
    log = run(isle_brick(source=str(tmp_path / "data")), "vpt_tasks/random", tmp_path / "logs")
    assert log.eval.dataset.samples == 7 * len(plans)
    from vpt_tasks.isle_brick.metrics import details
    from vpt_tasks.report.logs import sample_scores

    values = details(sample_scores(log))  # every metric, recomputed from the logged samples
    assert 0.0 <= values["overall"] <= 1.0
    assert values["chance_Q2"] == pytest.approx(1 / 3)  # every gold set has one answer out of three
    assert values["chance_Q7"] == pytest.approx(
        sum(len(p.row["gold_q7"]) for p in plans) / len(plans) / 4
    )


@pytest.mark.parametrize("family", ["comfort-ball", "comfort-car"])
def test_rendered_comfort_runs_through_the_task(
    fake: FakeBlender, tmp_path: Path, family: str
) -> None:
    from vpt_tasks.comfort.task import comfort_ball, comfort_car

    options = ComfortOptions(relations=("behind",), frames=tuple(range(37)))  # complete paths
    if family == "comfort-ball":
        plans, task = (
            plan_comfort_ball(
                ComfortOptions(
                    relations=("behind",), variations=("default",), frames=options.frames
                )
            ),
            comfort_ball,
        )
    else:
        plans, task = (
            plan_comfort_car(
                ComfortOptions(relations=("behind",), variations=("car",), frames=options.frames)
            ),
            comfort_car,
        )
    render(plans, tmp_path / "data", family)
    log = run(task(source=str(tmp_path / "data")), "vpt_tasks/always_yes", tmp_path / "logs")
    assert log.eval.dataset.samples >= len(plans)
    assert log.results is not None and log.results.scores


@pytest.mark.parametrize(
    ("builder", "rows"),
    [("isle_brick", 8), ("comfort_ball", 148), ("comfort_car", 296)],
)
def test_rendered_demo_builders(
    fake: FakeBlender, tmp_path: Path, builder: str, rows: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    import datasets

    hf_datasets = Path(__file__).resolve().parents[2] / "hf_datasets"
    monkeypatch.syspath_prepend(str(hf_datasets))  # as build_demo.py runs the builders
    module = importlib.import_module(f"builders.{builder}")
    module.build(tmp_path / "demo", size=8, samples=1)
    table = datasets.load_dataset(str(tmp_path / "demo"), split="test")
    assert len(table) == rows
    assert not (tmp_path / "demo" / ".render").exists()  # bundled demo data holds no work files
    assert module.COMMAND in (tmp_path / "demo" / "README.md").read_text()

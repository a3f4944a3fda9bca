"""The `isle_brick` task end to end, through `inspect_ai.eval` as a user runs it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from inspect_ai import eval
from inspect_ai.model import get_model

from tests.helpers import metrics, run
from vpt_tasks.benchmarks import task_version
from vpt_tasks.core.errors import SourceError, TaskArgumentError
from vpt_tasks.isle_brick.synthetic import paper_style_scenes
from vpt_tasks.isle_brick.task import isle_brick


def test_demo_run_has_every_metric(tmp_path: Path) -> None:
    log = run(isle_brick(source="demo"), "vpt_tasks/random", tmp_path)
    values = metrics(log)
    for qid in ("Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7"):
        assert f"{qid}_ci_low" in values and f"chance_{qid}" in values
        assert sum(values[f"types_{qid}_{t}"] for t in ("compound", "single", "disclaimer")) == 8
    for category in ("scene_understanding", "spatial_reasoning", "visual_perspective_taking"):
        assert values[f"{category}_ci_low"] <= values[category] <= values[f"{category}_ci_high"]
    assert any(name.startswith("cooc_Q7_") for name in values)
    assert log.eval.metadata["source"]["kind"] == "demo"
    assert log.eval.task_version == task_version("isle_brick")
    assert "vpt_tasks_version" not in log.eval.metadata
    assert log.plan.config.temperature == 0.0 and log.plan.config.max_tokens == 128
    assert len(log.samples) == 56
    sample = log.samples[0]
    content = sample.input[0].content
    assert [part.type for part in content] == ["image", "text"]


def test_paper_style_144_scenes_random_lands_on_analytic_chance(
    tmp_path: Path, isle_brick_dir
) -> None:
    source = isle_brick_dir()
    log = run(isle_brick(source=str(source)), "vpt_tasks/random", tmp_path, max_connections=64)
    values = metrics(log)
    assert len(log.samples) == 1008
    overall_chance = sum(values[f"chance_Q{i}"] for i in range(1, 8)) / 7
    assert values["overall_ci_low"] <= overall_chance <= values["overall_ci_high"]
    for i in range(1, 8):
        # each question: within 4 standard errors of its chance (144 scenes)
        chance = values[f"chance_Q{i}"]
        assert abs(values[f"Q{i}"] - chance) < 4 * (chance * (1 - chance) / 144) ** 0.5
    # the fixture has two-direction gold answers, as the paper's data does
    assert 0.30 < values["chance_Q4"] < 0.40 and values["chance_Q7"] > 0.28


def test_question_selection_hint_and_cot(tmp_path: Path) -> None:
    log = run(
        isle_brick(source="demo", questions="Q6,Q5", orientation_hint=True, solver="cot"),
        "vpt_tasks/random",
        tmp_path,
    )
    assert {s.metadata["question_id"] for s in log.samples} == {"Q5", "Q6"}
    assert log.plan.config.max_tokens == 1024
    q6 = next(s for s in log.samples if s.metadata["question_id"] == "Q6")
    facing = "-".join(next(s for s in log.samples if s.id == q6.id.replace("Q6", "Q5")).target)
    prompt = q6.messages[0].text
    assert f"the humanoid minifigure is facing {facing}." in prompt
    assert prompt.rstrip().endswith('starting with "Answer:".')
    assert "Q1" not in metrics(log) and "visual_perspective_taking" in metrics(log)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"questions": "Q4,Q9"}, "Q1, Q2, Q3, Q4, Q5, Q6, Q7"),
        ({"solver": "tree_of_thought"}, "zero_shot, cot"),
        ({"extractor": "magic"}, "rules, llm, both"),
        ({"orientation_hint": "maybe"}, "true or false"),
    ],
)
def test_bad_arguments_fail_at_once(kwargs: dict, message: str) -> None:
    with pytest.raises(TaskArgumentError, match=message):
        isle_brick(source="demo", **kwargs)


def _rows_with(**changes):
    rows = paper_style_scenes(size=8, limit=3)
    for key, value in changes.items():
        rows[1][key] = value
    return rows


def test_unreadable_sources_fail_before_any_model_call(isle_brick_dir) -> None:
    with pytest.raises(SourceError, match="Gracjan/Isle.*HF_HUB_OFFLINE"):
        isle_brick()  # upstream default, offline
    bad_image = isle_brick_dir(_rows_with(image=b"not an image"), name="bad_image")
    with pytest.raises(SourceError, match=r"row 1 .*does not decode"):
        isle_brick(source=str(bad_image))
    bad_gold = isle_brick_dir(_rows_with(gold_q4=["up"]), name="bad_gold")
    with pytest.raises(SourceError, match="gold_q4"):
        isle_brick(source=str(bad_gold))
    no_object = isle_brick_dir(_rows_with(object="  "), name="no_object")
    with pytest.raises(SourceError, match=r"row 1 .*the object name is empty"):
        isle_brick(source=str(no_object))


def test_duplicate_scene_ids_are_refused_naming_the_row(isle_brick_dir) -> None:
    duplicate = isle_brick_dir(_rows_with(scene_id="scene-000"), name="duplicate")
    with pytest.raises(SourceError, match=r"row 1 \(scene_id 'scene-000'\).*duplicate scene_id"):
        isle_brick(source=str(duplicate))


def test_missing_columns_are_named(tmp_path: Path) -> None:
    from vpt_tasks.core.canonical import write_dataset

    rows = [{"image": _png(), "scene_id": "a"}]
    write_dataset(tmp_path, rows, {"image": "image", "scene_id": "string"}, pretty_name="x")
    with pytest.raises(SourceError) as error:
        isle_brick(source=str(tmp_path))
    assert "missing column(s) object, gold_q1" in str(error.value)
    assert "the source has image, scene_id" in str(error.value)


def test_empty_and_refused_answers_are_counted_not_lost(tmp_path: Path) -> None:
    for answer in ("", "I'm sorry, I can't help with identifying that."):
        log = run(
            isle_brick(source="demo", questions="Q4"),
            get_model("vpt_tasks/constant", answer=answer, memoize=False),
            tmp_path,
        )
        values = metrics(log)
        assert len(log.samples) == 8 and all(s.scores for s in log.samples)
        assert values["Q4"] == 0.0 and values["types_Q4_disclaimer"] == 8


def test_llm_extraction_with_grader_role(tmp_path: Path) -> None:
    grader = get_model("vpt_tasks/constant", answer='["north", "east"]', memoize=False)
    log = run(
        isle_brick(source="demo", questions="Q5", extractor="both"),
        get_model("vpt_tasks/constant", answer="It faces north.", memoize=False),
        tmp_path,
        model_roles={"grader": grader},
    )
    values = metrics(log)
    assert values["agreement"] == 0.0 and values["llm_failures"] == 0
    score = log.samples[0].scores["prediction_correctness"]
    assert score.metadata["rule_components"] == ["north"]
    assert score.metadata["llm_components"] == ["east", "north"]
    assert score.metadata["extractor"] == "llm"
    assert values["types_Q5_compound"] == 8


def test_llm_extraction_without_grader_fails_before_generation(tmp_path: Path) -> None:
    logs = eval(
        isle_brick(source="demo", questions="Q5", extractor="llm"),
        model="vpt_tasks/random",
        log_dir=str(tmp_path),
        display="none",
    )
    assert logs[0].status == "error"
    assert "--model-role grader=" in logs[0].error.message
    assert all(not s.output.completion for s in logs[0].samples or [])


def _png() -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (4, 4)).save(buffer, format="PNG")
    return buffer.getvalue()

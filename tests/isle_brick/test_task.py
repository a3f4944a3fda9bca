"""The `isle_brick` task end to end, through `inspect_ai.eval` as a user runs it."""

from __future__ import annotations

import io
import json
import logging
import statistics
from collections import Counter
from pathlib import Path

import pytest
from inspect_ai.model import get_model

from hf_datasets.builders.synthetic.isle_brick import paper_style_scenes
from tests.helpers import READING_COUNTS, metrics, run, without_counts
from vpt_tasks.benchmarks import task_version
from vpt_tasks.core.errors import SourceError, TaskArgumentError
from vpt_tasks.isle_brick.metrics import details, paired_units
from vpt_tasks.isle_brick.task import isle_brick
from vpt_tasks.report.logs import log_details, sample_scores

QUESTIONS = ("Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7")
CATEGORIES = ("scene_understanding", "spatial_reasoning", "visual_perspective_taking")
PRINTED = (
    "overall",
    "overall_ci_low",
    "overall_ci_high",
    *CATEGORIES,
    *QUESTIONS,
    "chance_overall",
    # the counts, in their own group (isle_brick_counts)
    "disclaimers",
    "undecided",
    "decided_by_rules",
    "decided_by_grader",
    "decided_by_human",
)
BEFORE = json.loads((Path(__file__).parent / "details_before.json").read_text())
"""The metrics the scorer printed before the headline-first change, for the demo data."""


def test_demo_run_prints_the_headline_first_and_details_hold_the_rest(tmp_path: Path) -> None:
    log = run(isle_brick(source="demo", grader="rules"), "vpt_tasks/random", tmp_path)
    values = metrics(log)
    assert tuple(values) == PRINTED  # overall first, nothing else printed
    assert log.results.headline and log.results.headline.metric == "overall"
    assert values["overall_ci_low"] <= values["overall"] <= values["overall_ci_high"]
    assert values["disclaimers"] == 0 and values["undecided"] == 0
    everything = details(sample_scores(log))
    for qid in QUESTIONS:
        assert f"{qid}_ci_low" in everything and f"chance_{qid}" in everything
        assert (
            sum(everything[f"types_{qid}_{t}"] for t in ("compound", "single", "disclaimer")) == 8
        )
    for category in CATEGORIES:
        assert (
            everything[f"{category}_ci_low"]
            <= values[category]
            <= everything[f"{category}_ci_high"]
        )
    assert any(name.startswith("cooc_Q7_") for name in everything)
    # the printed numbers are the detailed ones; chance_overall is the questions' mean
    for name in ("overall", "overall_ci_low", "overall_ci_high", *CATEGORIES, *QUESTIONS):
        assert values[name] == everything[name]
    chance = [everything[f"chance_{qid}"] for qid in QUESTIONS]
    assert values["chance_overall"] == pytest.approx(sum(chance) / 7)
    assert log_details(log) == {**everything, **values}
    assert log.eval.metadata["source"]["kind"] == "demo"
    assert log.eval.task_version == task_version("isle_brick")
    assert "vpt_tasks_version" not in log.eval.metadata
    assert log.plan.config.temperature == 0.0 and log.plan.config.max_tokens == 128
    assert len(log.samples) == 56
    sample = log.samples[0]
    content = sample.input[0].content
    assert [part.type for part in content] == ["image", "text"]


@pytest.mark.parametrize(
    ("key", "model"),
    [
        ("isle_brick|vpt_tasks/random", "vpt_tasks/random"),
        ("isle_brick|vpt_tasks/always_yes", "vpt_tasks/always_yes"),
        ("isle_brick_cot|vpt_tasks/random", "vpt_tasks/random"),
    ],
)
def test_details_are_exactly_the_metrics_printed_before(
    key: str, model: str, tmp_path: Path
) -> None:
    solver = "cot" if key.startswith("isle_brick_cot") else "zero_shot"
    log = run(isle_brick(source="demo", solver=solver, grader="rules"), model, tmp_path)
    # the measurements are the same; who read the answers is counted in one vocabulary now
    scores = sample_scores(log)
    everything = details(scores)
    before = without_counts(BEFORE[key])
    # an answer nobody read was counted as a disclaimer then; it is `undecided` now, its own
    # answer type (no reading is no "answer with no usable component")
    unread = Counter(
        s.sample_metadata["question_id"]
        for s in scores
        if s.score.metadata["decided_by"] == "undecided"
    )
    assert all(
        s.score.metadata["answer_type"] == "undecided"
        for s in scores
        if s.score.metadata["decided_by"] == "undecided"
    )
    for qid, count in unread.items():
        before[f"types_{qid}_disclaimer"] -= count
    assert {k: everything[k] for k in before} == before
    # added since: the paper's item-level intervals (issue 20 §3)
    assert all("_item_ci_" in k for k in set(without_counts(everything)) - set(before))
    assert sum(everything[k] for k in READING_COUNTS) == len(log.samples)


def test_paired_units_are_one_per_sample_with_its_precision(tmp_path: Path) -> None:
    logs = {
        solver: run(
            isle_brick(source="demo", questions="Q4,Q7", solver=solver, grader="rules"),
            "vpt_tasks/random",
            tmp_path,
        )
        for solver in ("zero_shot", "first_person")
    }
    units = {solver: paired_units(sample_scores(log)) for solver, log in logs.items()}
    for solver, log in logs.items():
        by_id = {unit.id: unit for unit in units[solver]}
        assert len(by_id) == len(log.samples) == 16
        for sample in log.samples:
            unit = by_id[str(sample.id)]
            assert unit.value == sample.scores["prediction_correctness"].value
            assert not unit.binary
            assert unit.slices == {
                "question": sample.metadata["question_id"],
                "category": sample.metadata["category"],
            }
    # the same ids under both solvers: the paired comparison matches them
    assert {u.id for u in units["zero_shot"]} == {u.id for u in units["first_person"]}


def test_paper_style_144_scenes_random_lands_on_analytic_chance(
    tmp_path: Path, isle_brick_dir
) -> None:
    source = isle_brick_dir()
    log = run(
        isle_brick(source=str(source), grader="rules"),
        "vpt_tasks/random",
        tmp_path,
        max_connections=64,
    )
    values = log_details(log)
    assert len(log.samples) == 1008
    overall_chance = sum(values[f"chance_Q{i}"] for i in range(1, 8)) / 7
    assert values["chance_overall"] == pytest.approx(overall_chance)
    assert values["overall_ci_low"] <= overall_chance <= values["overall_ci_high"]
    # 144 scenes is the size at which the interval tells the right chance from one that
    # ignores two-direction gold sets (1 / pool size): fewer scenes would not catch that
    single = [
        statistics.mean(
            1 / s.metadata["pool_size"] for s in log.samples if s.metadata["question_id"] == f"Q{i}"
        )
        for i in range(1, 8)
    ]
    assert not values["overall_ci_low"] <= statistics.mean(single) <= values["overall_ci_high"]
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
    # the CoT instruction is in the sample's input (the log shows the exact prompt)
    assert q6.input[0].content[1].text == prompt and q6.metadata["prompt_style"] == "cot"
    assert "Q1" not in metrics(log) and "visual_perspective_taking" in metrics(log)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"questions": "Q4,Q9"}, "Q1, Q2, Q3, Q4, Q5, Q6, Q7"),
        ({"solver": "tree_of_thought"}, "zero_shot, cot, first_person"),
        ({"grader": "magic"}, "auto, rules, narrow, llm, both"),
        ({"grader": "llm"}, "--model-role grader="),
        ({"grader": "both"}, "--model-role grader="),
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
        assert values["Q4"] == 0.0 and values["disclaimers"] == 8
        assert details(sample_scores(log))["types_Q4_disclaimer"] == 8


def _constant(answer: str):
    return get_model("vpt_tasks/constant", answer=answer, memoize=False)


def _with_grader(tmp_path: Path, answer: str, grader_reply: str, **task_args):
    """Run the task by name, so that the grader role is bound while the task is built."""
    return run(
        "vpt_tasks/isle_brick",
        _constant(answer),
        tmp_path,
        task_args={"source": "demo", "questions": "Q5", **task_args},
        model_roles={"grader": _constant(grader_reply)},
    )


def test_llm_extraction_with_grader_role(tmp_path: Path) -> None:
    log = _with_grader(tmp_path, "It faces north.", '["north", "east"]', grader="both")
    values = metrics(log)
    assert (values["rules_agreement"], values["rules_compared"]) == (0.0, 8)
    score = log.samples[0].scores["prediction_correctness"]
    assert score.metadata["rules_reading"] == ["north"]
    assert score.metadata["reading"] == ["east", "north"]
    assert score.metadata["decided_by"] == "grader"
    assert details(sample_scores(log))["types_Q5_compound"] == 8
    assert log.eval.metadata["grader"] == "both"


UNREADABLE = "It is turned toward the window."
"""An answer with no direction word and no disclaimer: the rules cannot settle it."""


def test_auto_grader_decides_only_what_the_rules_cannot(tmp_path: Path) -> None:
    decided = _with_grader(tmp_path, UNREADABLE, '["west"]')
    assert decided.eval.metadata["grader"] == "auto"
    score = decided.samples[0].scores["prediction_correctness"]
    assert score.metadata["decided_by"] == "grader" and score.metadata["components"] == ["west"]
    assert score.metadata["rules_why"] == "no_reading"
    values = metrics(decided)
    assert values["undecided"] == 0 and values["disclaimers"] == 0
    assert "rules_agreement" not in values
    assert details(sample_scores(decided))["decided_by_grader"] == 8

    ruled = _with_grader(tmp_path, "It faces north.", '["west"]')
    score = ruled.samples[0].scores["prediction_correctness"]
    assert score.metadata["decided_by"] == "rules" and "grader_reply" not in score.metadata
    assert details(sample_scores(ruled))["decided_by_grader"] == 0

    disclaimer = _with_grader(tmp_path, "I can't determine that from this angle.", '["west"]')
    score = disclaimer.samples[0].scores["prediction_correctness"]
    assert (score.metadata["decided_by"], score.metadata["why"]) == ("rules", "disclaimer")


def test_auto_without_a_grader_counts_the_undecided_answers(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    with caplog.at_level(logging.INFO):
        log = run(
            "vpt_tasks/isle_brick",
            _constant(UNREADABLE),
            tmp_path,
            task_args={"source": "demo", "questions": "Q5"},
        )
    # said calmly (a plain line, no warning): how the answers are read and how to bind a grader
    assert "counted as undecided" in capsys.readouterr().err
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    values = metrics(log)
    assert values["undecided"] == 8 and values["overall"] == 0.0
    assert "rules_agreement" not in values


def test_metadata_records_the_arguments_used_and_warns_about_unknown_ones(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING):
        task = isle_brick(source="demo", questions="Q7,Q4", solver="first_person", sovler="cot")
    assert (
        "-T sovler is not an argument" in caplog.text and "Did you mean -T solver?" in caplog.text
    )
    meta = task.metadata
    assert meta["questions"] == ["Q4", "Q7"] and meta["solver"] == "first_person"
    assert meta["grader"] == "auto" and meta["orientation_hint"] is False
    assert meta["ignored_args"] == ["sovler"]
    assert task.headline_metric is not None and task.headline_metric.metric == "overall"


def _png() -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (4, 4)).save(buffer, format="PNG")
    return buffer.getvalue()

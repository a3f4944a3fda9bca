"""`isle_brick_v1` and `isle_dots` end to end, through `inspect_ai.eval` as a user runs them."""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai import eval
from inspect_ai.model import get_model

from hf_datasets.builders.synthetic.isle_v1 import brick_rows, dots_rows
from tests.conftest import shared_path
from tests.helpers import metrics, run
from vpt_tasks.benchmarks import task_version
from vpt_tasks.core.errors import TaskArgumentError
from vpt_tasks.isle_v1.task import isle_brick_v1, isle_dots
from vpt_tasks.report.logs import log_details

PRINTED = [
    "accuracy",
    "both_orders_correct",
    "consistency",
    "unknown_rate",
    "task=perspective-taking/accuracy",
    "task=object-detection/accuracy",
    "undecided",
    "decided_by_rules",
    "decided_by_grader",
    "decided_by_human",
]


def _constant(answer: str):
    return get_model("vpt_tasks/constant", answer=answer, memoize=False)


def numbers(log) -> dict[str, float]:
    """The printed metrics and the details (`metrics.details`) of a log, as the report sees them."""
    return log_details(log)


@pytest.mark.parametrize("task", [isle_brick_v1, isle_dots])
def test_always_a_matches_acceptance(task, tmp_path: Path) -> None:
    """acceptance.md: always "A" → 50% averaged over both orders, 0% both-correct, 0% consistency."""
    log = run(task(source="demo", grader="rules"), _constant("A"), tmp_path)
    assert list(metrics(log)) == PRINTED  # the paper's headline first, then a handful
    assert log.results.headline.metric == "accuracy"
    values = numbers(log)
    assert values["accuracy"] == 0.5
    assert values["both_orders_correct"] == 0.0
    assert values["consistency"] == 0.0
    assert values["unknown_rate"] == 0.0 and values["n_pairs"] == 16 and values["n_samples"] == 32
    for kind in ("perspective-taking", "object-detection"):
        assert values[f"task={kind}/accuracy"] == 0.5 and values[f"task={kind}/consistency"] == 0.0
    assert values["chose_A"] == 1.0 and values["decided_by_rules"] == 32
    assert values["decided_by_grader"] == 0
    assert log.plan.config.temperature == 0.0 and log.plan.config.max_tokens == 1024
    assert log.eval.metadata["grader"] == "rules" and "vpt_tasks_version" not in log.eval.metadata
    assert log.eval.metadata["solver"] == "zero_shot" and log.eval.metadata["ignored_args"] == []
    assert log.eval.task_version == task_version("isle_v1")


def test_always_a_with_a_bound_grader_never_calls_it(tmp_path: Path) -> None:
    # the default (-T grader=auto) with a grader bound: "A" is decided by rules
    grader = _constant("Unknown")
    log = run(
        isle_brick_v1(source="demo"), _constant("A"), tmp_path, model_roles={"grader": grader}
    )
    values = numbers(log)
    assert (values["accuracy"], values["both_orders_correct"], values["consistency"]) == (
        0.5,
        0.0,
        0.0,
    )
    assert values["decided_by_grader"] == 0


def test_random_baseline_lands_on_chance(tmp_path: Path, canonical_dir) -> None:
    """Uniform A/B answers: accuracy 1/2, both orders correct 1/4 (= (1/k)^k), consistency 1/2.

    33 scenes (66 pairs) is the fewest at which each tolerance excludes the other chance
    level (1/2 vs 1/4), so a mix-up of the two statistics fails the test (asserted first)."""
    source = canonical_dir(brick_rows(scenes=33, size=8, seed=3), "random_bricks")
    log = run(isle_brick_v1(source=str(source), grader="rules"), "vpt_tasks/random", tmp_path)
    values = numbers(log)
    pairs = values["n_pairs"]
    assert pairs == 66 and values["n_samples"] == 132
    for key, chance in (("accuracy", 0.5), ("both_orders_correct", 0.25), ("consistency", 0.5)):
        sd = (chance * (1 - chance) / pairs) ** 0.5
        assert 4 * sd < 0.5 - 0.25, (key, 4 * sd)
        assert abs(values[key] - chance) < 4 * sd, (key, values[key])
    assert values["both_orders_correct"] > 0 and values["consistency"] < 1


def test_fixture_item_end_to_end(tmp_path: Path) -> None:
    folder = shared_path("fixtures", "isle_v1_example")
    log = run(
        isle_brick_v1(source=str(folder), grader="rules"),
        _constant("No, it cannot see the flower."),
        tmp_path,
    )
    values = numbers(log)
    assert (
        values["accuracy"] == 1.0
        and values["consistency"] == 1.0
        and values["both_orders_correct"] == 1.0
    )
    assert values["partition=1/accuracy"] == 1.0
    assert {s.scores["option_mapping"].answer for s in log.samples} == {"No"}


def test_the_default_runs_without_a_grader_and_counts_what_it_leaves(tmp_path: Path) -> None:
    """`-T grader=auto` (default) with no grader role: rules only, the rest undecided and counted."""
    log = run(isle_brick_v1(source="demo"), _constant("Hard to say."), tmp_path)
    values = metrics(log)
    assert values["undecided"] == 32 and values["unknown_rate"] == 1.0
    assert log.eval.metadata["grader"] == "auto"


@pytest.mark.parametrize("mode", ["llm", "both"])
def test_a_mode_that_needs_the_grader_fails_while_the_task_is_built(
    tmp_path: Path, mode: str
) -> None:
    """`llm` and `both` need the role: no log, no model call."""
    with pytest.raises(TaskArgumentError, match=r"--model-role grader=.*-T grader=rules"):
        eval(
            "vpt_tasks/isle_brick_v1",
            task_args={"source": "demo", "grader": mode},
            model="vpt_tasks/random",
            log_dir=str(tmp_path),
            display="none",
        )
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("value", ["none", "role"])
def test_grader_values_of_the_unreleased_draft_are_refused(value: str) -> None:
    with pytest.raises(TaskArgumentError, match="auto, rules, narrow, llm, both"):
        isle_dots(source="demo", grader=value)


def test_llm_maps_every_answer_and_both_reports_agreement(tmp_path: Path) -> None:
    common = dict(model=_constant("A"), log_dir=str(tmp_path), display="none")
    (log,) = eval(
        "vpt_tasks/isle_brick_v1",
        task_args={"source": "demo", "grader": "llm"},
        model_roles={"grader": _constant("Yes")},
        **common,
    )
    values = metrics(log)
    assert values["decided_by_grader"] == 32 and values["decided_by_rules"] == 0
    assert "rules_agreement" not in values
    (log,) = eval(
        "vpt_tasks/isle_brick_v1",
        task_args={"source": "demo", "grader": "both"},
        model_roles={"grader": _constant("Yes")},
        **common,
    )
    values = metrics(log)
    # "A" is Yes in the original order (agrees with the grader) and No in the swapped one
    assert values["rules_compared"] == 32 and values["rules_agreement"] == 0.5
    assert list(values)[: len(PRINTED)] == PRINTED


def test_a_misspelt_argument_is_warned_about_and_recorded(caplog) -> None:
    task = isle_brick_v1(source="demo", grader="rules", solvr="cot")
    assert task.metadata["ignored_args"] == ["solvr"]
    assert "Did you mean -T solver?" in caplog.text


def test_without_grader_undecided_answers_are_unknown_and_counted(tmp_path: Path) -> None:
    log = run(
        isle_dots(source="demo", grader="rules"),
        _constant("It is hard to tell from this picture."),
        tmp_path,
    )
    values = numbers(log)
    assert values["unknown_rate"] == 1.0 and values["undecided"] == 32
    assert values["accuracy"] == 0.0 and values["consistency"] == 0.0
    assert len(log.samples) == 32 and all(s.scores for s in log.samples)
    score = log.samples[0].scores["option_mapping"]
    assert score.answer == "" and score.metadata["decided_by"] == "undecided"


@pytest.mark.parametrize(
    ("answer", "reason"),
    [("", "empty_answer"), ("I'm sorry, but I can't assist with that.", "refusal")],
)
def test_empty_and_refused_answers_are_scored_unknown_not_lost(
    tmp_path: Path, answer: str, reason: str
) -> None:
    # with the default grader mode: neither goes to the grader
    log = run(
        isle_brick_v1(source="demo"),
        _constant(answer),
        tmp_path,
        model_roles={"grader": _constant("Yes")},
    )
    values = numbers(log)
    assert len(log.samples) == 32 and values["n_samples"] == 32
    assert {s.scores["option_mapping"].metadata["why"] for s in log.samples} == {reason}
    assert values["decided_by_rules"] == 32 and values["unknown_rate"] == 1.0
    assert values["decided_by_grader"] == 0


def test_cot_style(tmp_path: Path) -> None:
    log = run(isle_dots(source="demo", solver="cot", grader="rules"), _constant("B"), tmp_path)
    prompt = log.samples[0].input[0].content[1].text
    assert (
        "First, analyze the image step by step, then provide your answer by selecting either option A or B."
        in prompt
    )
    assert log.eval.metadata["solver"] == "cot" and log.plan.config.max_tokens == 1024
    assert {s.metadata["prompt_style"] for s in log.samples} == {"cot"}
    assert all(s.id.count("/") == 1 for s in log.samples)  # the same ids as zero_shot
    with pytest.raises(TaskArgumentError, match="zero_shot, cot, first_person"):
        isle_dots(source="demo", solver="zero_shot,cot")  # one solver per run


def test_random_distractor_changes_options_not_gold(tmp_path: Path, canonical_dir) -> None:
    source = canonical_dir(dots_rows(scenes=12, size=8, seed=5), "dots")
    faithful = isle_dots(source=str(source), grader="rules")
    randomised = isle_dots(source=str(source), distractor="random", grader="rules")
    assert randomised.metadata["distractor"] == "random"
    gaps = set()
    for a, b in zip(faithful.dataset, randomised.dataset, strict=True):
        assert a.id == b.id and a.metadata["gold_answer"] == b.metadata["gold_answer"]
        gold = int(a.metadata["gold_answer"])
        assert set(a.metadata["options"].values()) == {str(gold), str(gold + 1)}
        other = {int(v) for v in b.metadata["options"].values()} - {gold}
        gaps |= {o - gold for o in other}
        assert b.target == next(k for k, v in b.metadata["options"].items() if v == str(gold))
    assert gaps == {-1, 1}
    log = run(randomised, _constant("A"), tmp_path)
    assert metrics(log)["accuracy"] == 0.5


@pytest.mark.parametrize(
    ("task", "kwargs", "message"),
    [
        (isle_brick_v1, {"solver": "tree_of_thought"}, "zero_shot, cot, first_person"),
        (isle_brick_v1, {"grader": "self"}, "auto, rules, narrow, llm, both"),
        (isle_dots, {"distractor": "far"}, "faithful, random"),
    ],
)
def test_bad_arguments_fail_at_once(task, kwargs: dict, message: str) -> None:
    with pytest.raises(TaskArgumentError, match=message):
        task(source="demo", **kwargs)

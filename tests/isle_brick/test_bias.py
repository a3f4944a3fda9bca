"""The direction-bias probe (`vpt_tasks/isle_brick_bias`, paper Appendix B), as a user runs it."""

from __future__ import annotations

import math
import threading
from pathlib import Path
from typing import Any

import pytest
from inspect_ai.model import get_model
from inspect_ai.scorer import SampleScore, Score

from tests.fakes.openai_server import OpenAIServer, Reply, last_user_text
from tests.helpers import metrics, run
from tests.isle_brick.test_interventions import write_scenes
from vpt_tasks.benchmarks import task_version
from vpt_tasks.core.errors import SourceError, TaskArgumentError
from vpt_tasks.isle_brick import bias_metrics
from vpt_tasks.isle_brick.bias import all_orders, order_code, parse_orders, probe_question
from vpt_tasks.isle_brick.interventions import CHOICES
from vpt_tasks.isle_brick.spec import load_spec
from vpt_tasks.isle_brick.task import isle_brick, isle_brick_bias
from vpt_tasks.report.logs import sample_scores

DIRECTIONS = ("north", "east", "south", "west")
PRINTED = (
    "top_share",
    *(f"share_{d}" for d in DIRECTIONS),
    "bias_index",
    "tv_gold",
    "uniform_p",
    "correctness",
    "chance",
    "position_bias_index",
    "from_text",
    "no_direction",
    # who read the answers, in their own group (scorers.cascade.answer_counts)
    "undecided",
    "decided_by_rules",
    "decided_by_grader",
    "decided_by_human",
)


def _biased(direction: str = "east") -> Any:
    return get_model("vpt_tasks/biased", direction=direction, memoize=False)


# --- the prompts ---------------------------------------------------------------------


def test_the_paper_order_is_q5_word_for_word() -> None:
    spec = load_spec()
    probe = spec.bias_probe
    assert order_code(probe.paper_order) == "NWES"
    assert probe_question(spec, probe.paper_order, "zero_shot") == spec.questions["Q5"].text
    assert probe_question(spec, probe.paper_order, "first_person") == (
        f"{spec.first_person.framing} {spec.questions['Q5'].first_person}"
    )


def test_every_order_lists_each_direction_once_and_nothing_else_changes() -> None:
    spec = load_spec()
    orders = all_orders(spec.bias_probe.directions)
    assert len(orders) == len({order_code(o) for o in orders}) == 24
    paper = spec.questions["Q5"].text
    before, after = paper.split("(i.e., ")[0], paper.split(")", 1)[1]
    for order in orders:
        text = probe_question(spec, order, "zero_shot")
        assert text.startswith(before + "(i.e., ") and text.endswith(")" + after)
        listed = text.split("(i.e., ")[1].split(")")[0]
        assert listed == f"{order[0]}, {order[1]}, {order[2]}, or {order[3]}"


def test_every_demo_prompt_is_the_yaml_text_for_its_order_and_solver() -> None:
    spec = load_spec()
    probe = spec.bias_probe
    tasks = {
        style: isle_brick_bias(source="demo", solver=style, grader="rules")
        for style in ("zero_shot", "first_person", "cot")
    }
    prompts = {}
    for style, task in tasks.items():
        for sample in task.dataset:
            order = tuple(sample.metadata["listed"])
            listed = f"{order[0]}, {order[1]}, {order[2]}, or {order[3]}"
            if style == "first_person":
                expected = f"{spec.first_person.framing} " + probe.first_person_question.format(
                    directions=listed
                )
            else:
                expected = probe.question.format(directions=listed)
            asked = expected + (f" {spec.cot_instruction}" if style == "cot" else "")
            assert sample.input[0].content[1].text == asked
            assert sample.metadata["question"] == expected
            assert sample.metadata["prompt_style"] == style
            prompts[(style, sample.id)] = asked
    for (style, sample_id), text in prompts.items():
        if style == "first_person":
            assert text != prompts[("zero_shot", sample_id)] and " you " in text
    assert len(prompts) == 3 * 8 * 24


@pytest.mark.parametrize(
    ("value", "codes"),
    [
        (None, None),
        ("all", None),
        ("paper", ["NWES"]),
        ("nesw", ["NESW"]),
        (["WSEN", "NESW", "wsen"], ["WSEN", "NESW"]),
        ("NESW,paper", ["NESW", "NWES"]),
    ],
)
def test_orders_argument(value: Any, codes: list[str] | None) -> None:
    chosen = [order_code(o) for o in parse_orders(value, load_spec())]
    assert chosen == (codes or [order_code(o) for o in all_orders(DIRECTIONS)])


@pytest.mark.parametrize("value", ["NSEE", "NESWN", "up", "N,E"])
def test_bad_orders_are_refused_with_the_form(value: str) -> None:
    with pytest.raises(TaskArgumentError, match="a permutation of NESW"):
        parse_orders(value, load_spec())


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"orders": "NSEE"}, "permutation of NESW"),
        ({"intervention": "blur"}, "unknown intervention"),
        ({"solver": "tree"}, "zero_shot, cot, first_person"),
        ({"grader": "llm"}, "--model-role grader="),
    ],
)
def test_bad_arguments_fail_while_the_task_is_built(kwargs: dict, message: str) -> None:
    with pytest.raises(TaskArgumentError, match=message):
        isle_brick_bias(source="demo", **kwargs)


def test_a_misspelt_argument_is_warned_about_and_recorded(caplog: pytest.LogCaptureFixture) -> None:
    task = isle_brick_bias(source="demo", orders="paper", intervenion="zoom=10")
    assert task.metadata["ignored_args"] == ["intervenion"]
    assert "Did you mean -T intervention?" in caplog.text


# --- the biased and the random baseline, end to end ---------------------------------


def test_an_east_biased_model_is_east_in_every_order(tmp_path: Path) -> None:
    log = run("vpt_tasks/isle_brick_bias", _biased(), tmp_path, task_args={"source": "demo"})
    values = metrics(log)
    assert tuple(values) == PRINTED  # the headline first, and nothing else printed
    assert log.results.headline and log.results.headline.metric == "top_share"
    assert len(log.samples) == 8 * 24
    assert values["top_share"] == values["share_east"] == 1.0
    assert values["bias_index"] == 1.0  # its maximum: every answer is one direction
    assert values["uniform_p"] < 1e-30
    assert values["position_bias_index"] == 0.0  # east was listed everywhere equally
    assert values["from_text"] == 0 and values["no_direction"] == 0
    everything = bias_metrics.details(sample_scores(log))
    assert {k: everything[k] for k in values} == values  # the printed numbers are in details
    assert everything["kl_uniform"] == pytest.approx(2.0)  # log2(4) bits, the maximum
    assert everything["tv_uniform"] == pytest.approx(0.75)  # the maximum
    assert everything["first_listed_share"] == 0.25
    assert values["tv_gold"] == pytest.approx(1 - everything["gold_east"])
    assert values["correctness"] == pytest.approx(_east_precision(log))
    assert (
        everything["correctness_ci_low"]
        <= values["correctness"]
        <= everything["correctness_ci_high"]
    )
    for order in all_orders(DIRECTIONS):
        code = order_code(order)
        assert everything[f"order_{code}_east"] == 1.0 and everything[f"order_{code}_n"] == 8
        for i in range(1, 5):
            assert everything[f"position_{i}_east"] == 1.0
    assert everything["method_logprobs"] == 192 and everything["later_token"] == 0
    # the demo's gold facings cover all four directions
    assert all(everything[f"gold_{d}"] > 0 for d in DIRECTIONS)
    sample = log.samples[0]
    score = sample.scores["direction_bias"]
    assert score.metadata["probabilities"] == {"north": 0.0, "east": 1.0, "south": 0.0, "west": 0.0}
    assert score.metadata["candidates"] == [["east", 0.0]]
    assert sample.metadata["probe"] == "direction_bias" and sample.id.count("/") == 2
    assert log.eval.task_version == task_version("isle_brick")
    assert log.eval.metadata["orders"][0] == "NESW" and len(log.eval.metadata["orders"]) == 24
    assert log.eval.metadata["intervention"] == "none"
    assert (log.plan.config.logprobs, log.plan.config.top_logprobs) == (True, 20)


def test_random_answers_are_within_sampling_error_of_uniform(tmp_path: Path) -> None:
    log = run(isle_brick_bias(source="demo", grader="rules"), "vpt_tasks/random", tmp_path)
    values = metrics(log)
    # chi-square goodness of fit against uniform: above the stated threshold (deterministic:
    # the random baseline is seeded per sample)
    assert values["uniform_p"] > bias_metrics.ALPHA
    assert values["bias_index"] < 0.2 and values["from_text"] == 192
    assert abs(values["correctness"] - values["chance"]) < 0.15
    for s in log.samples:
        p = s.scores["direction_bias"].metadata["probabilities"]
        assert sorted(p.values()) == [0.0, 0.0, 0.0, 1.0]  # text answers: one direction


def _east_precision(log: Any) -> float:
    """Mean precision of the answer {east}: 1 where east is in the gold set."""
    return sum("east" in s.target for s in log.samples) / len(log.samples)


# --- log-probabilities through a real provider, against the local OpenAI-compatible server


SHARES = (0.4, 0.3, 0.2, 0.1)
"""What the fake model gives the directions, by their place in the list."""


def _listed(request: dict[str, Any]) -> list[str]:
    text = last_user_text(request)
    return [
        w.strip(" ,").removeprefix("or ").strip()
        for w in text.split("(i.e., ")[1].split(")")[0].split(",")
    ]


def test_per_direction_probabilities_are_what_the_server_sent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LOCAL_API_KEY", "x")
    sent: dict[str, list[tuple[str, float]]] = {}
    lock = threading.Lock()

    def respond(request: dict[str, Any]) -> Reply:
        listed = _listed(request)
        top = [(d.capitalize(), math.log(p)) for d, p in zip(listed, SHARES, strict=True)]
        with lock:
            sent["".join(d[0].upper() for d in listed)] = top
        return Reply(text=listed[0].capitalize(), top_logprobs=top)

    task = isle_brick_bias(source="demo", orders="NESW,WSEN,NWES", grader="rules")
    with OpenAIServer(respond) as server:
        log = run(task, "openai-api/local/test-model", tmp_path, model_base_url=server.base_url)
        requests = server.requests
    assert len(requests) == len(log.samples) == 24
    for request in requests:
        assert (request["logprobs"], request["top_logprobs"], request["temperature"]) == (
            True,
            20,
            0.0,
        )
    for sample in log.samples:
        score = sample.scores["direction_bias"]
        order = sample.metadata["order"]
        listed = sample.metadata["listed"]
        expected = dict(zip(listed, SHARES, strict=True))
        assert score.metadata["method"] == "logprobs" and score.metadata["first_answer_token"]
        assert score.metadata["probabilities"] == pytest.approx(expected, abs=1e-12)
        assert [tuple(c) for c in score.metadata["candidates"]] == sent[order]
    values = metrics(log)
    assert bias_metrics.details(sample_scores(log))["first_listed_share"] == pytest.approx(0.4)
    assert values["position_bias_index"] == pytest.approx(0.2 / 0.75)
    assert values["from_text"] == 0


def test_a_sentence_is_read_where_it_names_the_direction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LOCAL_API_KEY", "x")
    responder = lambda request: Reply(  # noqa: E731
        text="The minifigure is facing west", top_logprobs=[("The", math.log(0.9))]
    )
    with OpenAIServer(responder) as server:
        log = run(
            isle_brick_bias(source="demo", orders="paper", grader="rules"),
            "openai-api/local/test-model",
            tmp_path,
            model_base_url=server.base_url,
        )
    for sample in log.samples:
        meta = sample.scores["direction_bias"].metadata
        assert meta["method"] == "logprobs" and meta["first_answer_token"] is False
        assert meta["probabilities"]["west"] == 1.0 and meta["token_index"] == 4
    assert bias_metrics.details(sample_scores(log))["later_token"] == 8


def test_chain_of_thought_is_read_at_the_final_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LOCAL_API_KEY", "x")
    answer = "North is the top. The nose points right.\nAnswer: east"
    with OpenAIServer(lambda request: Reply(text=answer)) as server:
        log = run(
            isle_brick_bias(source="demo", orders="paper", solver="cot", grader="rules"),
            "openai-api/local/test-model",
            tmp_path,
            model_base_url=server.base_url,
        )
    assert log.plan.config.max_tokens == 1024
    for sample in log.samples:
        meta = sample.scores["direction_bias"].metadata
        assert meta["probabilities"]["east"] == 1.0 and meta["components"] == ["east"]
        assert sample.metadata["prompt_style"] == "cot"


# --- interventions ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def scenes_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_scenes(tmp_path_factory.mktemp("bias_scenes"))


@pytest.mark.parametrize(
    "intervention",
    ["no_objects", "human_figure", "zoom=10", "cardinal_markers", "no_objects,zoom=50"],
)
def test_every_intervention_runs_and_is_recorded(
    tmp_path: Path, scenes_dir: Path, intervention: str
) -> None:
    log = run(
        isle_brick_bias(source=str(scenes_dir), orders="NESW,SWNE", intervention=intervention),
        _biased(),
        tmp_path,
    )
    label = log.eval.metadata["intervention"]
    assert label == intervention.replace(",", "+")
    images = {s.input[0].content[0].image for s in log.samples}
    assert len(images) == 4  # one intervened image per scene, shared by its orders
    assert all(s.metadata["intervention"] == label for s in log.samples)
    assert metrics(log)["share_east"] == 1.0


@pytest.mark.parametrize("intervention", CHOICES)
def test_the_demo_runs_every_intervention_offline(tmp_path: Path, intervention: str) -> None:
    """The east-biased model answers east for every order under every intervention.

    Two scenes in all 24 orders each (`limit`: samples are scene-major); the whole demo runs
    with `intervention=none` in `test_an_east_biased_model_is_east_in_every_order`.
    """
    log = run(
        isle_brick_bias(source="demo", intervention=intervention, grader="rules"),
        _biased(),
        tmp_path,
        limit=48,
    )
    assert len(log.samples) == 2 * 24
    values = metrics(log)
    assert values["share_east"] == values["top_share"] == values["bias_index"] == 1.0
    everything = bias_metrics.details(sample_scores(log))
    for order in all_orders(DIRECTIONS):
        assert everything[f"order_{order_code(order)}_east"] == 1.0
    if intervention.startswith("zoom"):
        assert everything["zoom_image_centre"] == 0  # the demo has figure boxes


def test_zoom_metadata_says_how_each_crop_was_centred(tmp_path: Path, scenes_dir: Path) -> None:
    log = run(
        isle_brick_bias(source=str(scenes_dir), orders="paper", intervention="zoom=30"),
        _biased(),
        tmp_path,
    )
    centres = {s.metadata["scene_id"]: s.metadata["zoom_centre"] for s in log.samples}
    assert sorted(centres.values()) == ["figure_box", "figure_box", "figure_box", "image_centre"]
    assert log.eval.metadata["intervention_notes"]["zoom_centre"] == {
        "figure_box": 3,
        "image_centre": 1,
    }
    assert bias_metrics.details(sample_scores(log))["zoom_image_centre"] == 1


def test_no_objects_without_the_twins_fails_while_the_task_is_built(isle_brick_dir) -> None:
    with pytest.raises(SourceError, match="--variant no-objects"):
        isle_brick_bias(source=str(isle_brick_dir(name="no_twins")), intervention="no_objects")


def test_isle_brick_takes_the_interventions_too(tmp_path: Path, scenes_dir: Path) -> None:
    marked = isle_brick(source=str(scenes_dir), intervention="cardinal_markers", grader="rules")
    assert len(marked.dataset) == 4 * 7  # markers keep every question's gold answer
    zoomed = isle_brick(source=str(scenes_dir), intervention="zoom=30", grader="rules")
    assert {s.metadata["question_id"] for s in zoomed.dataset} == {"Q5"}
    assert zoomed.metadata["intervention"] == "zoom=30" and zoomed.metadata["questions"] == ["Q5"]
    with pytest.raises(TaskArgumentError, match="only Q5's gold answer"):
        isle_brick(source=str(scenes_dir), intervention="no_objects", questions="Q4,Q5")
    log = run(
        isle_brick(source=str(scenes_dir), intervention="human_figure", grader="rules"),
        _biased("north"),
        tmp_path,
    )
    assert all(s.metadata["intervention"] == "human_figure" for s in log.samples)


# --- the metrics on hand-made scores ---------------------------------------------------


def _score(order: str, probabilities: dict[str, float] | None, gold: list[str], value: float = 0):
    listed = [next(d for d in DIRECTIONS if d[0].upper() == c) for c in order]
    return SampleScore(
        score=Score(value=value, metadata={"probabilities": probabilities, "method": "logprobs"}),
        sample_id=f"s/Q5/{order}",
        sample_metadata={
            "probe": "direction_bias",
            "scene_id": "s",
            "order": order,
            "listed": listed,
            "gold": gold,
        },
    )


def test_a_model_that_answers_the_first_listed_direction_has_a_position_bias() -> None:
    scores = []
    for order in all_orders(DIRECTIONS):
        code = order_code(order)
        scores.append(_score(code, {d: float(d == order[0]) for d in DIRECTIONS}, ["north"]))
    values = bias_metrics.summary(scores, resamples=200)
    assert values["first_listed_share"] == 1.0 and values["position_bias_index"] == 1.0
    assert values["bias_index"] == pytest.approx(0.0) and values["top_share"] == 0.25
    assert values["gold_north"] == 1.0 and values["tv_gold"] == pytest.approx(0.75)
    table = bias_metrics.details(scores)
    assert table["position_1_east"] == 1.0 and table["position_2_east"] == 0.0


def test_two_direction_gold_sets_and_the_divergences() -> None:
    scores = [
        _score("NESW", {"north": 0.5, "east": 0.5, "south": 0, "west": 0}, ["north", "east"]),
        _score("NESW", None, ["south"]),
    ]
    values = bias_metrics.summary(scores, resamples=200)
    assert values["gold_north"] == 0.25 and values["gold_south"] == 0.5
    assert values["no_direction"] == 1
    assert values["kl_uniform"] == pytest.approx(1.0)  # two equal directions of four: 1 bit
    gold = {"north": 0.25, "east": 0.25, "south": 0.5, "west": 0.0}
    smoothed = {d: 0.99 * gold[d] + 0.0025 for d in DIRECTIONS}
    expected = sum(0.5 * math.log2(0.5 / smoothed[d]) for d in ("north", "east"))
    assert values["kl_gold"] == pytest.approx(expected)
    assert values["tv_gold"] == pytest.approx(0.5)
    assert values["chance"] == pytest.approx((2 / 4 + 1 / 4) / 2)


def test_details_and_paired_units_of_a_probe_log_are_the_probe_s(tmp_path: Path) -> None:
    from vpt_tasks.report.logs import log_details, paired_units_of

    log = run(isle_brick_bias(source="demo", orders="paper", grader="rules"), _biased(), tmp_path)
    scores = sample_scores(log)
    # the report finds the probe's metrics module through the task's descriptor
    assert log_details(log) == {**bias_metrics.details(scores), **metrics(log)}
    assert set(metrics(log)) <= set(bias_metrics.details(scores))
    units = paired_units_of(log)
    assert len(units) == 8 and {u.id for u in units} == {str(s.id) for s in log.samples}
    assert all(set(u.slices) == {"viewpoint"} for u in units)


def test_the_shift_test_on_identical_and_on_different_answers() -> None:
    east = {d: float(d == "east") for d in DIRECTIONS}
    west = {d: float(d == "west") for d in DIRECTIONS}
    same = bias_metrics.shift_test(
        {str(i): east for i in range(20)}, {str(i): east for i in range(20)}
    )
    assert (same.statistic, same.p_value, same.paired) == (0.0, 1.0, True)
    half = {str(i): (east if i % 2 else west) for i in range(20)}
    moved = bias_metrics.shift_test({str(i): east for i in range(20)}, half)
    assert moved.p_value < 0.01 and moved.paired
    unpaired = bias_metrics.shift_test(
        {"a": east, "b": east}, {"c": west, "d": east}, resamples=500
    )
    assert not unpaired.paired and 0 < unpaired.p_value <= 1
    assert bias_metrics.holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])

"""The `omni_perspective` task end to end, through `inspect_ai.eval` as a user runs it."""

from __future__ import annotations

import ast
import base64
import math
import re
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.model import get_model

from hf_datasets.builders.synthetic.omni_perspective import synthetic_items
from tests.fakes.openai_server import OpenAIServer, last_user_text
from tests.helpers import metrics, run
from vpt_tasks.benchmarks import task_version
from vpt_tasks.core.errors import SourceError, TaskArgumentError
from vpt_tasks.core.sources import demo_dir
from vpt_tasks.omni_perspective.spec import load_spec
from vpt_tasks.omni_perspective.task import omni_perspective
from vpt_tasks.report.logs import log_details
from vpt_tasks.scorers.options import read_option

OMNI_JUDGE_MAX_TRIES = load_spec().judge.max_tries
SLICES = ("qtype=1", "qtype=2", "qtype=3", "qtype=3.5", "qtype=4", "pov=first", "pov=third")
PRINTED = [
    "vanilla_accuracy",  # the project's reading of the paper's Table 1 first, circular accuracy right after
    "circular_accuracy",
    "rotation0_accuracy",
    "chance_vanilla",
    "chance_circular",
    "pov=first/vanilla_accuracy",
    "pov=third/vanilla_accuracy",
    "qtype=1/vanilla_accuracy",
    "qtype=2/vanilla_accuracy",
    "qtype=3/vanilla_accuracy",
    "qtype=3.5/vanilla_accuracy",
    "qtype=4/vanilla_accuracy",
    "undecided",
    "decided_by_rules",
    "decided_by_grader",
    "decided_by_human",
]


def numbers(log) -> dict[str, float]:
    """The printed metrics and the details (`metrics.details`) of a log, as the report sees them."""
    return log_details(log)


def test_demo_run_prints_the_headline_first(tmp_path: Path) -> None:
    log = run(omni_perspective(source="demo"), "vpt_tasks/random", tmp_path)
    assert list(metrics(log)) == PRINTED
    assert log.results.headline.metric == "vanilla_accuracy"
    assert log.eval.metadata["solver"] == "zero_shot" and log.eval.metadata["grader"] == "auto"
    assert log.eval.metadata["perspective"] == "all" and log.eval.metadata["ignored_args"] == []
    plain = run(omni_perspective(source="demo", circular=False), "vpt_tasks/random", tmp_path)
    assert list(metrics(plain))[:2] == ["rotation0_accuracy", "chance_vanilla"]
    assert plain.results.headline.metric == "rotation0_accuracy"


def test_demo_run_has_every_metric(tmp_path: Path) -> None:
    log = run(omni_perspective(source="demo"), "vpt_tasks/random", tmp_path)
    values = numbers(log)
    assert len(log.samples) == 40 and values["n_items"] == 10
    for name in ("circular_accuracy", "vanilla_accuracy", "rotation0_accuracy"):
        assert 0.0 <= values[name] <= 1.0
        for group in SLICES:
            assert f"{group}/{name}" in values
    assert any(key.startswith("difficulty=") for key in values)
    assert values["chance_circular"] == pytest.approx(0.25**4) and values["chance_vanilla"] == 0.25
    assert (
        values["decided_by_rules"] == 40 and values["decided_by_grader"] == values["undecided"] == 0
    )
    assert values["incomplete_items"] == 0
    assert log.eval.metadata["source"]["kind"] == "demo"
    assert "vpt_tasks_version" not in log.eval.metadata
    assert log.eval.task_version == task_version("omni_perspective")
    assert log.eval.metadata["circular"] is True and log.eval.metadata["grader"] == "auto"
    assert log.plan.config.temperature == 0.0 and log.plan.config.max_tokens == 512
    two_image = next(s for s in log.samples if s.metadata["n_images"] == 2)
    sent = two_image.messages[0]
    assert [part.type for part in sent.content] == ["text", "image", "text", "image", "text"]
    assert sent.content[-1].text.endswith(
        "Please select the correct answer from the options above."
    )
    assert "\nOptions:\nA. " in sent.content[-1].text


# --- acceptance.md: multiple choice reference numbers --------------------------------


def _two_option_rows(count: int) -> list[dict[str, Any]]:
    """The synthetic items cut down to the correct option and one distractor (k = 2)."""
    rows = synthetic_items(count, size=16, seed=5)
    for n, row in enumerate(rows):
        options = ast.literal_eval(row["choices"])
        correct = options[row["label"]]
        wrong = next(text for text in options.values() if text != correct)
        pair = [correct, wrong] if n % 2 == 0 else [wrong, correct]
        row["choices"] = str({"A": pair[0], "B": pair[1]})
        row["label"] = "A" if n % 2 == 0 else "B"
    return rows


@pytest.mark.parametrize(("k", "n_items"), [(4, 50), (2, 65)])
def test_random_baseline_lands_on_circular_and_vanilla_chance(
    tmp_path: Path, omni_dir, k: int, n_items: int
) -> None:
    """`n_items` is the fewest items at which every tolerance below still excludes the other
    accuracy's chance level, so a circular/vanilla mix-up fails the test (asserted first)."""
    rows = synthetic_items(n_items, size=16, seed=1) if k == 4 else _two_option_rows(n_items)
    circular, vanilla = (1 / k) ** k, 1 / k
    # within 4 standard errors of the analytic values (0.39% and 25% for k=4; 25% and 50% for k=2)
    circular_se = math.sqrt(circular * (1 - circular) / n_items)
    vanilla_se = math.sqrt(vanilla * (1 - vanilla) / (n_items * k))
    tolerances = (4 * circular_se, 4 * vanilla_se, 4 * math.sqrt(k) * vanilla_se)
    assert all(tolerance < vanilla - circular for tolerance in tolerances), tolerances
    source = omni_dir(rows, name=f"random{k}")
    log = run(omni_perspective(source=str(source)), "vpt_tasks/random", tmp_path)
    values = numbers(log)
    assert values["n_items"] == n_items and log.results.total_samples == n_items * k
    assert values["chance_circular"] == pytest.approx(circular)
    assert values["chance_vanilla"] == pytest.approx(vanilla)
    assert abs(values["circular_accuracy"] - circular) <= tolerances[0]
    assert abs(values["vanilla_accuracy"] - vanilla) <= tolerances[1]
    assert abs(values["rotation0_accuracy"] - vanilla) <= tolerances[2]
    assert values["decided_by_rules"] == n_items * k  # a lone letter: the rules decide every answer


def test_always_a_scores_zero_under_circular_evaluation(tmp_path: Path, omni_dir) -> None:
    rows = synthetic_items(50, size=16, seed=1)  # five of each question type and view
    source = omni_dir(rows, name="constant")
    log = run(
        omni_perspective(source=str(source)),
        get_model("vpt_tasks/constant", answer="A", memoize=False),
        tmp_path,
        log_samples=False,
        max_connections=64,
    )
    values = metrics(log)  # printed: both accuracies overall, vanilla per slice
    assert values["circular_accuracy"] == 0.0
    assert values["vanilla_accuracy"] == 0.25  # exactly one rotation per item puts the answer in A
    assert values["rotation0_accuracy"] == pytest.approx(sum(r["label"] == "A" for r in rows) / 50)
    for group in (g for g in SLICES if g.startswith(("qtype=", "pov="))):
        assert values[f"{group}/vanilla_accuracy"] == 0.25


# --- options ----------------------------------------------------------------------------


def test_circular_false_asks_the_original_order_only(tmp_path: Path) -> None:
    log = run(omni_perspective(source="demo", circular=False), "vpt_tasks/random", tmp_path)
    values = numbers(log)
    assert len(log.samples) == 10 and {s.metadata["rotation"] for s in log.samples} == {0}
    assert not any(key.endswith("circular_accuracy") for key in values)
    assert "chance_circular" not in values
    assert values["vanilla_accuracy"] == values["rotation0_accuracy"]


def test_filters_select_the_items_asked(tmp_path: Path) -> None:
    log = run(
        omni_perspective(source="demo", qtype="1,3.5", perspective="third"),
        "vpt_tasks/random",
        tmp_path,
    )
    assert {(s.metadata["qtype"], s.metadata["pov"]) for s in log.samples} == {
        ("1", "third"),
        ("3.5", "third"),
    }
    assert len(log.samples) == 8
    assert log.eval.metadata["qtype"] == ["1", "3.5"]
    assert log.eval.metadata["perspective"] == "third"
    values = numbers(log)
    assert "qtype=1/vanilla_accuracy" in values and "qtype=2/vanilla_accuracy" not in values


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"circular": "maybe"}, "true or false"),
        ({"grader": "self"}, "auto, rules, narrow, llm, both"),
        ({"solver": "tree_of_thought"}, "zero_shot, cot, first_person"),
        ({"perspective": "second"}, "first, third, all"),
        ({"qtype": "9"}, "1, 2, 3, 3.5, 4"),
        ({"difficulty": "extreme"}, "easy, hard, medium"),
    ],
)
def test_bad_arguments_fail_at_once(kwargs: dict, message: str) -> None:
    with pytest.raises(TaskArgumentError, match=message):
        omni_perspective(source="demo", **kwargs)


def test_unreadable_sources_fail_before_any_model_call(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match=r"Icey444/Omni-perspective.*HF_HUB_OFFLINE"):
        omni_perspective()  # upstream default, offline
    with pytest.raises(SourceError, match="no file data/val-"):
        omni_perspective(source=str(tmp_path))


def test_empty_and_refused_answers_are_counted_not_lost(tmp_path: Path) -> None:
    for answer, why in (
        ("", "empty_answer"),
        ("I'm sorry, but I can't assist with that.", "refusal"),
    ):
        log = run(
            omni_perspective(source="demo", qtype=3),
            get_model("vpt_tasks/constant", answer=answer, memoize=False),
            tmp_path,
        )
        values = numbers(log)
        assert len(log.samples) == 8 and all(s.scores for s in log.samples)
        assert {s.scores["merge_match"].metadata["why"] for s in log.samples} == {why}
        assert {s.scores["merge_match"].metadata["reading"] for s in log.samples} == {"Z"}
        assert values["decided_by_rules"] == 8 and values["vanilla_accuracy"] == 0.0


@pytest.mark.parametrize("task_args", [{"grader": "llm"}, {"grader": "both"}])
def test_a_mode_that_needs_the_grader_fails_while_the_task_is_built(
    tmp_path: Path, task_args: dict
) -> None:
    """`llm` and `both` need the role: no log, no model call."""
    with pytest.raises(TaskArgumentError, match=r"--model-role grader=.*-T grader=rules"):
        eval(
            "vpt_tasks/omni_perspective",
            task_args={"source": "demo", **task_args},
            model="vpt_tasks/random",
            log_dir=str(tmp_path),
            display="none",
        )
    assert not list(tmp_path.iterdir())


def test_names_of_the_unreleased_draft_are_not_arguments(caplog) -> None:
    """`-T judge=` and `-T pov=` of an unreleased draft are warned about and ignored."""
    task = omni_perspective(source="demo", judge="none", pov="third")
    assert task.metadata["ignored_args"] == ["judge", "pov"]
    assert task.metadata["grader"] == "auto" and task.metadata["perspective"] == "all"
    assert "-T judge is not an argument of this task" in caplog.text


def test_a_misspelt_argument_is_warned_about_and_recorded(caplog) -> None:
    task = omni_perspective(source="demo", perspectve="first")
    assert task.metadata["ignored_args"] == ["perspectve"]
    assert "Did you mean -T perspective?" in caplog.text


def test_cot_appends_the_instruction_and_gives_room_to_reason(tmp_path: Path) -> None:
    spec = load_spec()
    answer = "The person faces up; comparing the positions of the boxes from there.\nAnswer: B"
    log = run(
        omni_perspective(source="demo", solver="cot", qtype=3),
        get_model("vpt_tasks/constant", answer=answer, memoize=False),
        tmp_path,
    )
    assert log.plan.config.max_tokens == spec.cot_max_tokens > spec.max_tokens
    for sample in log.samples:
        text = sample.input[0].content[-1].text
        assert text.endswith(f"{spec.prompt.instruction}\n{spec.prompt.cot_instruction}")
        assert sample.metadata["prompt_style"] == "cot"
        assert sample.scores["merge_match"].metadata["reading"] == "B"  # "Answer: B" read
    assert {s.id for s in log.samples} == {
        s.id for s in omni_perspective(source="demo", qtype=3).dataset
    }  # the same sample ids as zero_shot: runs pair up


# --- through the local OpenAI-compatible server ----------------------------------------------


def _demo_rows() -> list[dict[str, Any]]:
    import datasets

    files = sorted(str(p) for p in (demo_dir("omni_perspective") / "data").glob("val-*.parquet"))
    table = datasets.load_dataset("parquet", data_files=files, split="train")
    return list(table.cast_column("images", datasets.List(datasets.Image(decode=False))))


def test_two_image_question_reaches_the_model_interleaved(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("LOCAL_API_KEY", "x")
    with OpenAIServer(lambda request: "A") as server:
        log = run(
            omni_perspective(source="demo", qtype=1, circular=False),
            "openai-api/local/vlm",
            tmp_path,
            model_base_url=server.base_url,
        )
        requests = server.requests
    assert len(log.samples) == 2 and len(requests) == 2
    rows = {row["question"]: row for row in _demo_rows() if row["qtype"] == "Qtype 1"}
    for request in requests:
        (message,) = request["messages"]
        parts = message["content"]
        assert [part["type"] for part in parts] == [
            "text",
            "image_url",
            "text",
            "image_url",
            "text",
        ]
        texts = [part["text"] for part in parts if part["type"] == "text"]
        assert texts[0] == "Image 1:" and texts[1] == "shows a room from above. Image 2:"
        assert texts[2].startswith("shows a view inside it.") and "\nOptions:\nA. " in texts[2]
        question = f"{texts[0]} <image> {texts[1]} <image> {texts[2].split(chr(10))[0]}"
        sent = [
            _data_uri_bytes(part["image_url"]["url"])
            for part in parts
            if part["type"] == "image_url"
        ]
        assert sent == [
            image["bytes"] for image in rows[question]["images"]
        ]  # in placeholder order


def _data_uri_bytes(url: str) -> bytes:
    match = re.match(r"data:image/\w+;base64,(.*)", url, re.DOTALL)
    assert match, url[:40]
    return base64.b64decode(match.group(1))


def _subject(request: dict[str, Any]) -> str:
    """A model that answers with a letter, except on two question types."""
    text = last_user_text(request)
    if "straight ahead" in text:  # qtype 4: no letter, no option text -> the judge decides
        return "Honestly, the person seems focused on something over there."
    if "most one?" in text:  # qtype 3.5 ("leftmost one?"): the judge cannot decide either
        return "Tough one: it could be either of the two in the middle."
    return "The answer is B."


def _judge(request: dict[str, Any]) -> str:
    answer = re.findall(r"^Answer: (.*)$", last_user_text(request), re.MULTILINE)[-1]
    return "C" if "focused" in answer else "Z"  # the answer picks no option


def test_judge_sees_only_answers_the_rules_cannot_decide(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("LOCAL_API_KEY", "x")
    with OpenAIServer(_subject) as subject, OpenAIServer(_judge) as judge:
        grader = get_model("openai-api/local/judge", base_url=judge.base_url, memoize=False)
        log = run(
            omni_perspective(source="demo"),
            "openai-api/local/subject",
            tmp_path,
            model_base_url=subject.base_url,
            model_roles={"grader": grader},
        )
        judged = [
            re.findall(r"^Answer: (.*)$", last_user_text(r), re.MULTILINE)[-1]
            for r in judge.requests
        ]

    undecided, decided = [], []
    for sample in log.samples:
        options = {chr(ord("A") + i): text for i, text in enumerate(sample.choices)}
        answer = sample.output.completion
        (undecided if read_option(answer, options).letter is None else decided).append(sample)
    assert (
        len(undecided) == 16 and len(decided) == 24
    )  # qtypes 4 and 3.5, 2 items x 4 rotations each
    assert {s.output.completion for s in decided}.isdisjoint(judged)
    focused = [s for s in undecided if "focused" in s.output.completion]
    tough = [s for s in undecided if "Tough" in s.output.completion]
    assert len(judged) == len(focused) + len(tough)  # one call each: every reply named a letter
    for sample in decided:
        assert sample.scores["merge_match"].metadata["decided_by"] == "rules"
    for sample in focused:
        meta = sample.scores["merge_match"].metadata
        assert (meta["decided_by"], meta["reading"], meta["grader_reply"]) == ("grader", "C", "C")
    for sample in tough:
        meta = sample.scores["merge_match"].metadata
        assert (meta["decided_by"], meta["reading"]) == ("grader", "Z")
    values = numbers(log)
    assert (values["decided_by_rules"], values["decided_by_grader"], values["undecided"]) == (
        24,
        16,
        0,
    )

"""The shared task interface on COMFORT: solvers, the headline-first print, details, paired units.

End to end through `inspect_ai.eval` on the bundled demo data (and data the tests write),
with the baseline providers.
"""

from __future__ import annotations

import json
import logging
import math
from pathlib import Path

import pytest
from inspect_ai import eval
from inspect_ai.log import list_eval_logs, read_eval_log
from inspect_ai.model import ChatMessageAssistant, ChatMessageSystem, ChatMessageUser, get_model

from tests.helpers import metrics, run
from vpt_tasks.comfort.curves import build_curves, score_curves
from vpt_tasks.comfort.geometry import frame_for_prompt
from vpt_tasks.comfort.metrics import (
    INCOMPLETE_WARNING,
    complete_predictions,
    details,
    headline_prompt,
    paired_units,
    predictions,
)
from vpt_tasks.comfort.spec import load_spec
from vpt_tasks.comfort.task import comfort_ball, comfort_car
from vpt_tasks.core.config import load_config
from vpt_tasks.core.errors import TaskArgumentError
from vpt_tasks.report.logs import sample_scores

BEFORE = Path(__file__).parent / "data" / "before_headline_first.json"
"""The metrics the demo runs printed before the headline-first change (both baselines)."""
CURVE_METRICS = ("acc", "eps_cos", "eps_hemi", "c_sym", "c_opp", "eta", "sigma")


def _question(sample) -> str:
    user = next(m for m in sample.input if isinstance(m, ChatMessageUser))
    return user.content[1].text


# --------------------------------------------------------------------------
# first person


@pytest.mark.parametrize("task", [comfort_ball, comfort_car])
def test_first_person_prompt_of_every_demo_sample_is_the_yaml_template(task) -> None:
    """Exact text from task_configs/comfort.yaml `first_person`, for every sample of the demo."""
    config = load_config("comfort")
    templates, relations = config["first_person"]["prompts"], config["relations"]
    assert "vpt_tasks" in config["first_person"]["provenance"]
    zero = {s.id: s for s in task(source="demo", perspective="all", probes=True).dataset}
    first = task(source="demo", perspective="all", probes=True, solver="first_person").dataset
    assert len(first) == len(zero) and {s.id for s in first} == set(zero)  # ids pair up
    for sample in first:
        meta, text = sample.metadata, _question(sample)
        if meta["kind"] == "probe":
            expected = templates["probe"].format(object=meta["probe_object"])
        else:
            expected = templates[meta["prompt"]].format(
                A=meta["referent"], B=meta["relatum"], relation=relations[meta["relation"]]
            )
        assert text == expected[0].upper() + expected[1:], sample.id
        assert meta["prompt_style"] == "first_person" and meta["question"] == text
        other = zero[sample.id]
        assert text != _question(other) and " you" in f" {text.lower()}"
        # the protocol is unchanged: system prompt, image first, answer words, target
        assert isinstance(sample.input[0], ChatMessageSystem)
        assert sample.input[0].text == other.input[0].text
        assert sample.input[1].content[0].image == other.input[1].content[0].image
        assert sample.input[1].metadata == other.input[1].metadata
        assert sample.target == other.target


def test_first_person_examples() -> None:
    by_id = {s.id: s for s in comfort_car(source="demo", solver="first_person").dataset}
    base = "comfort_car_ref_facing_left/totheleft/car/09"
    assert _question(by_id[f"{base}/add"]) == (
        "Imagine you are the woman in the image. From your viewpoint, is the basketball to "
        "the left of the car?"
    )
    assert _question(by_id[f"{base}/rel"]) == (
        "Imagine you are the car in the image. From your viewpoint, is the basketball to "
        "the left of you?"
    )
    assert _question(by_id[f"{base}/cam"]).startswith("Imagine you are looking at this image.")


def test_first_person_and_cot_are_english_only() -> None:
    for solver in ("first_person", "cot"):
        with pytest.raises(TaskArgumentError, match=f"solver={solver}.*-T language=en"):
            comfort_car(source="demo", language="de", solver=solver)
    with pytest.raises(TaskArgumentError, match="zero_shot, cot, first_person"):
        comfort_ball(source="demo", solver="nope")


def test_first_person_run_scores_with_the_same_protocol(tmp_path: Path) -> None:
    log = run(
        comfort_ball(source="demo", solver="first_person", thetas=[-90, 0]),
        "vpt_tasks/random",
        tmp_path,
    )
    assert log.eval.metadata["solver"] == "first_person"
    assert "Omni-Perspective" in log.eval.metadata["solver_provenance"]
    assert {s.scores["yes_probability"].metadata["method"] for s in log.samples} == {"logprobs"}
    assert log.plan.config.max_tokens == 16
    calls = [e for s in log.samples for e in s.events if e.event == "model"]
    assert calls and all(c.config.logprobs is True for c in calls)


# --------------------------------------------------------------------------
# chain of thought


def test_cot_reasons_then_reads_p_yes_at_the_final_answer(tmp_path: Path) -> None:
    cot = load_spec().cot
    log = run(comfort_ball(source="demo", solver="cot", thetas=[0]), "vpt_tasks/random", tmp_path)
    assert len(log.samples) == 4
    for sample in log.samples:
        system, question, reasoning, answer_turn, answer = sample.messages
        assert isinstance(system, ChatMessageSystem)
        assert question.content[1].text == f"{sample.metadata['question']} {cot.reasoning}"
        assert isinstance(reasoning, ChatMessageAssistant)
        assert answer_turn.text == cot.answer.format(question=sample.metadata["question"])
        assert isinstance(answer, ChatMessageAssistant)
        score = sample.scores["yes_probability"]
        assert score.metadata["method"] == "logprobs" and 0.0 < score.value < 1.0
        # P(Yes) is the final answer's: its first token's log-probabilities
        assert score.answer == answer.text
        calls = [e for e in sample.events if e.event == "model"]
        assert [c.config.max_tokens for c in calls] == [cot.max_tokens, 16]
        assert [bool(c.config.logprobs) for c in calls] == [False, True]
        assert calls[1].config.top_logprobs == 20
    assert log.eval.metadata["solver"] == "cot"
    assert metrics(log)["no_yes_no_rate"] == 0.0


def test_cot_without_log_probabilities_falls_back_to_the_text(tmp_path: Path) -> None:
    """With -T probability=logprobs (auto samples the final turn instead:
    tests/comfort/test_probability.py)."""
    model = get_model("vpt_tasks/constant", answer="No, it is not.", memoize=False)
    task = comfort_ball(source="demo", solver="cot", thetas=[0, 90], probability="logprobs")
    log = run(task, model, tmp_path)
    assert {s.scores["yes_probability"].value for s in log.samples} == {0.0}
    assert {s.scores["yes_probability"].metadata["method"] for s in log.samples} == {"text"}
    assert metrics(log)["p_from_text_rate"] == 1.0


# --------------------------------------------------------------------------
# arguments, headline


def test_unknown_arguments_are_warned_about_and_recorded(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING):
        task = comfort_ball(source="demo", perspectiv="nop", thetas=[0])
    assert "Did you mean -T perspective?" in caplog.text
    assert task.metadata["ignored_args"] == ["perspectiv"]
    assert task.metadata["perspective"] == ["cam"]  # the misspelt value was not used


@pytest.mark.parametrize(
    ("task", "perspective", "headline"),
    [
        (comfort_ball, None, "cam"),
        (comfort_ball, "nop", "nop"),
        (comfort_car, None, "cam"),
        (comfort_car, "rel,add", "add"),
        (comfort_car, "nop,rel", "nop"),
    ],
)
def test_headline_prompt(task, perspective, headline: str) -> None:
    built = task(source="demo", perspective=perspective, thetas=[0])
    assert built.metadata["headline_prompt"] == headline
    assert headline_prompt(built.metadata["perspective"]) == headline
    assert built.metadata["grader"] is None and built.metadata["solver"] == "zero_shot"


@pytest.mark.parametrize(
    "name",
    [
        "comfort_ball",
        pytest.param("comfort_car", marks=pytest.mark.xdist_group("demo_cli_comfort_car")),
    ],
)
def test_demo_run_prints_the_headline_first_and_details_are_the_old_metrics(
    name: str, tmp_path: Path, demo_cli_run
) -> None:
    """`details` returns the metrics the task printed before (saved from the last release's
    demo runs), except sigma, which is now undefined over the demo's single variation.

    comfort_car's random run is the README's command in a shell, shared with the CLI smoke
    test (`tests/test_cli.py`); its always-yes curves are flat like comfort_ball's, so one
    model is enough there.
    """
    before = json.loads(BEFORE.read_text())
    models = (
        ("vpt_tasks/random",)
        if name == "comfort_car"
        else ("vpt_tasks/random", "vpt_tasks/always_yes")
    )
    for model in models:
        if name == "comfort_car":
            result, logs = demo_cli_run(name)
            assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
            (info,) = list_eval_logs(str(logs))
            log = read_eval_log(info.name)
        else:
            log = eval(
                f"vpt_tasks/{name}",
                task_args={"source": "demo"},
                model=model,
                log_dir=str(tmp_path),
                display="none",
            )[0]
        printed = metrics(log)
        analysis = (
            [f"transformation/{t}/eps_cos" for t in ("translated", "rotated", "reflected")]
            if name == "comfort_ball"
            else [f"preferred_for/{f}/eps_cos" for f in ("camera", "intrinsic", "addressee")]
            + [f"perspective/{p}/acc" for p in ("cam", "rel", "add")]
        )
        assert list(printed) == [
            "acc", "eps_cos", "eps_hemi", "c_sym", "c_opp", "eta", *analysis,
            "n_incomplete_curves", "no_yes_no_rate", "p_from_text_rate",
        ]  # fmt: skip  # sigma: one variation, undefined
        assert all(math.isfinite(v) for v in printed.values())
        assert log.eval.headline_metric.metric == "acc"
        old = before[f"{name}|{model}"]
        new = details(sample_scores(log))
        sigma = {k for k in old if "sigma" in k}
        assert {k: new[k] for k in new if k not in sigma} == pytest.approx(
            {k: v for k, v in old.items() if k not in sigma}, rel=1e-12, abs=1e-12
        )
        assert not any(k in new for k in sigma if k != "skipped/sigma")
        assert new["skipped/sigma"] == new["n_curves"]  # every relation group has one curve
        # the printed row is the camera prompt's, never a mix of prompts
        cam = "cam/" if name == "comfort_car" else ""
        for key in CURVE_METRICS[:-1]:
            assert printed[key] == pytest.approx(old[f"{cam}{key}"], rel=1e-12)


# --------------------------------------------------------------------------
# incomplete curves, paired units


def test_incomplete_curves_are_left_out_warned_about_once_and_counted(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    task = comfort_ball(source="demo")
    ids = [s.id for s in task.dataset]
    behind = [i for i in ids if "/behind/" in str(i)]
    partial = [i for i in ids if "/totheleft/" in str(i)][:10]
    with caplog.at_level(logging.WARNING):
        log = run(
            comfort_ball(source="demo"), "vpt_tasks/random", tmp_path, sample_id=behind + partial
        )
    values = metrics(log)
    assert values["n_incomplete_curves"] == 1
    warnings = [r for r in caplog.records if r.getMessage().startswith("COMFORT: 1 of 2 curves")]
    assert len(warnings) == 1
    assert INCOMPLETE_WARNING.split("{")[0] in warnings[0].getMessage()
    alone = run(comfort_ball(source="demo"), "vpt_tasks/random", tmp_path, sample_id=behind)
    complete = metrics(alone)
    assert complete["n_incomplete_curves"] == 0
    for key in ("acc", "eps_cos", "eps_hemi", "c_sym"):
        assert values[key] == complete[key]  # the partial curve changes nothing
    scores = sample_scores(log)
    kept, incomplete, total = complete_predictions(scores)
    assert (incomplete, total) == (1, 2) and len(kept) == len(behind)
    assert details(scores)["n_curves"] == 1
    assert [u.id for u in paired_units(scores)] == ["comfort_ball/cam/behind/default"]


def test_paired_units_are_the_curves_acc(tmp_path: Path) -> None:
    log = run(comfort_car(source="demo", thetas=[-90, 0, 90]), "vpt_tasks/random", tmp_path)
    scores = sample_scores(log)
    units = paired_units(scores)
    assert len(units) == 2 * 4 * 4  # facing x prompt x relation, one variation
    curves = build_curves(p for p in predictions(scores) if hasattr(p, "prompt"))
    acc = {
        f"{c.key.dataset}/{c.key.prompt}/{c.key.relation}/{c.key.variation}": c.acc
        for c in score_curves(curves, lambda k: frame_for_prompt(k.dataset, k.prompt))
    }
    for unit in units:
        assert unit.value == acc[unit.id] and unit.binary is False
        dataset, prompt, relation, variation = unit.id.split("/")
        assert unit.slices == {"prompt": prompt, "relation": relation}
    first = run(
        comfort_car(source="demo", thetas=[-90, 0, 90], solver="first_person"),
        "vpt_tasks/random",
        tmp_path,
    )
    assert sorted(u.id for u in paired_units(sample_scores(first))) == sorted(u.id for u in units)

"""`comfort_ball` and `comfort_car` end to end, through `inspect_ai.eval` as a user runs them."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from inspect_ai.model import get_model
from inspect_ai.scorer import NOANSWER

from tests.helpers import metrics, run
from vpt_tasks.comfort.metrics import details
from vpt_tasks.comfort.scorer import NO_LOGPROBS_WARNING
from vpt_tasks.comfort.task import comfort_ball, comfort_car
from vpt_tasks.core.errors import SourceError, TaskArgumentError
from vpt_tasks.report.logs import sample_scores

ROW = ("acc", "eps_cos", "eps_hemi", "sigma", "eta", "c_sym", "c_opp")


def details_of(log) -> dict[str, float]:
    """The run's detailed numbers, as `vpt-tasks report` computes them from the log."""
    return details(sample_scores(log))


def pct(value: float) -> float:
    return round(value * 100, 1)


def test_always_yes_on_the_upstream_layout_is_table_5(tmp_path: Path, upstream_dir) -> None:
    source = str(upstream_dir(["comfort_ball"], variations=["default", "color"]))
    log = run(comfort_ball(source=source), "vpt_tasks/always_yes", tmp_path)
    values = metrics(log)
    assert [pct(values[name]) for name in ROW] == [47.2, 61.2, 68.7, 0.0, 0.0, 0.0, 100.0]
    assert len(log.samples) == 8 * 37
    assert {s.scores["yes_probability"].value for s in log.samples} == {1.0}
    assert values["no_yes_no_rate"] == 0.0 and values["n_incomplete_curves"] == 0.0
    assert values["p_from_text_rate"] == 0.0
    assert list(values)[0] == "acc" and log.eval.headline_metric.metric == "acc"
    assert "transformation/reflected/eps_cos" in values
    more = details_of(log)
    assert more["n_curves"] == 8 and "transformation/preferred/rotated" in more
    meta = log.eval.metadata
    assert meta["source"]["kind"] == "local" and meta["perspective"] == ["cam"]
    assert meta["benchmark"] == "COMFORT-BALL" and meta["convention"] == "paper"
    assert (meta["solver"], meta["headline_prompt"], meta["ignored_args"]) == (
        "zero_shot",
        "cam",
        [],
    )
    assert log.plan.config.logprobs is True and log.plan.config.top_logprobs == 20
    assert log.plan.config.temperature == 0.0
    sample = next(s for s in log.samples if s.id == "comfort_ball/totheleft/default/09/cam")
    assert sample.input[0].role == "system" and 'only in "Yes" or "No"' in sample.input[0].text
    assert sample.metadata["question"] == (
        "From the camera's viewpoint, is the red sphere to the left of the blue sphere?"
    )

    code = metrics(
        run(comfort_ball(source=source, convention="code"), "vpt_tasks/always_yes", tmp_path)
    )
    assert [pct(code[name]) for name in ("acc", "eps_cos", "eps_hemi")] == [47.2, 60.4, 67.8]
    assert "eta" not in code and "sigma" not in code  # undefined on constant curves


def test_always_yes_object_f1(tmp_path: Path, upstream_dir) -> None:
    source = str(upstream_dir(["comfort_ball"], variations=["distractor"]))
    log = run(
        comfort_ball(source=source, probes=True, thetas=[-180, 0]), "vpt_tasks/always_yes", tmp_path
    )
    values = metrics(log)
    assert pct(values["object_f1"]) == 66.7
    assert len(log.samples) == 4 * 2 * 3  # 4 relations x 2 frames x (cam + 2 probes)
    absent = [s for s in log.samples if s.metadata["prompt"] == "probe_absent"]
    assert {s.input[-1].content[1].text for s in absent} == {"Is there any yellow box?"}


def test_random_car_with_every_prompt_and_probes(tmp_path: Path) -> None:
    task = comfort_car(source="demo", probes=True, thetas="-90,90")
    log = run(task, "vpt_tasks/random", tmp_path)
    values = {**details_of(log), **metrics(log)}
    assert len(log.samples) == 2 * 4 * 2 * (4 + 2)
    assert {s.metadata["prompt"] for s in log.samples} == {
        "nop", "cam", "add", "rel", "probe_relatum", "probe_absent"
    }  # fmt: skip
    p = [s.scores["yes_probability"].value for s in log.samples]
    assert all(0.0 < v < 1.0 for v in p) and len(set(p)) == len(p)  # uniform p per sample
    assert values["no_yes_no_rate"] == 0.0 and 0.0 <= values["object_f1"] <= 1.0
    for name in (
        "facing_left/acc",
        "facing_right/eps_cos",
        "nop/acc",
        "rel/eps_cos/behind",
        "preferred_for/intrinsic/eps_cos",
        "perspective/mean/acc",
        "perspective/add/eps_hemi",
    ):
        assert name in values, name  # fmt: skip
    assert (
        sum(values[f"preferred_for/preferred/{c}"] for c in ("camera", "intrinsic", "addressee"))
        == 1.0
    )
    assert "eta" not in values  # two frames per curve: the filter is undefined


def test_text_answers_are_step_curves_with_one_warning(tmp_path: Path) -> None:
    model = get_model("vpt_tasks/constant", answer="No, it is not.", memoize=False)
    log = run(comfort_ball(source="demo", thetas=[-90, 0, 90]), model, tmp_path)
    values = {**details_of(log), **metrics(log)}
    assert values["p_from_text_rate"] == 1.0 and values["no_logprobs_rate"] == 1.0
    assert {s.scores["yes_probability"].value for s in log.samples} == {0.0}
    warnings = [
        event for sample in log.samples for event in sample.events
        if event.event == "logger" and NO_LOGPROBS_WARNING in event.message.message
    ]  # fmt: skip
    assert len(warnings) == 1


def test_answers_without_yes_or_no_are_counted_not_lost(tmp_path: Path) -> None:
    model = get_model("vpt_tasks/constant", answer="I cannot tell from this image.", memoize=False)
    log = run(comfort_ball(source="demo", thetas=[0, 90]), model, tmp_path)
    values = {**details_of(log), **metrics(log)}
    assert len(log.samples) == 8 and all(
        s.scores["yes_probability"].value == NOANSWER for s in log.samples
    )
    assert values["no_yes_no_rate"] == 1.0 and values["n_no_yes_no"] == 8
    # the headline stays first, undefined (its reason logged); every other value is defined
    assert math.isnan(values["acc"]) and next(iter(metrics(log))) == "acc"
    assert all(math.isfinite(v) for k, v in values.items() if k != "acc")


def test_another_language(tmp_path: Path) -> None:
    log = run(
        comfort_car(source="demo", language="de", thetas=[-180]), "vpt_tasks/always_yes", tmp_path
    )
    assert {s.metadata["prompt"] for s in log.samples} == {"nop"}  # only nop is translated
    first = log.samples[0]
    assert first.input[0].text.startswith("Du erhältst ein Bild")
    assert first.metadata["question"] == "Ist der Basketball hinter dem Auto?"
    assert {s.scores["yes_probability"].value for s in log.samples} == {1.0}  # "Ja" was read
    assert log.eval.metadata["language"] == "de"
    assert log.eval.metadata["language_provenance"]["native_speaker_review"] is False


@pytest.mark.parametrize(
    ("task", "kwargs", "message"),
    [
        (comfort_ball, {"perspective": "add"}, "nop, cam.*or all"),
        (comfort_car, {"perspective": "cam,sideways"}, "nop, cam, add, rel"),
        (comfort_ball, {"convention": "mine"}, "paper, code"),
        (comfort_ball, {"probes": "maybe"}, "true or false"),
        (comfort_ball, {"thetas": "15"}, "multiples of 10"),
        (comfort_ball, {"language": "xx"}, "en, de"),
        (comfort_car, {"language": "ja", "perspective": "cam"}, "only the nop prompt"),
    ],
)
def test_bad_arguments_fail_at_once(task, kwargs: dict, message: str) -> None:
    with pytest.raises(TaskArgumentError, match=message):
        task(source="demo", **kwargs)


def test_upstream_is_the_default_source_and_fails_clearly_offline() -> None:
    with pytest.raises(SourceError, match=r"sled-umich/COMFORT.*comfort_ball\.zip.*HF_HUB_OFFLINE"):
        comfort_ball()
    with pytest.raises(
        SourceError, match=r"sled-umich/COMFORT@abc123.*comfort_car_ref_facing_left\.zip"
    ):
        comfort_car(source="sled-umich/COMFORT@abc123")

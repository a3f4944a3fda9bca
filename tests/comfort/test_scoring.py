"""COMFORT's scorer (the generic yes-probability scorer with COMFORT's metrics) and the
run-level metric wrappers, on hand-built cases. The generic scorer itself is tested in
tests/scorers/test_yes_probability.py."""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable, Iterable

import pytest
from inspect_ai.model import Logprob, Logprobs, ModelName, ModelOutput, TopLogprob
from inspect_ai.scorer import NOANSWER, SampleScore, Score, Target
from inspect_ai.solver import TaskState
from inspect_ai.util import registry_info

from vpt_tasks.comfort.geometry import RELATIONS, hemisphere_ground_truth, soft_ground_truth
from vpt_tasks.comfort.language import load_language
from vpt_tasks.comfort.metrics import (
    comfort_curves,
    comfort_perspective_taking,
    comfort_preferred_frame,
    comfort_preferred_transformation,
    predictions,
)
from vpt_tasks.comfort.scorer import NO_LOGPROBS_WARNING, comfort_metrics, comfort_scorer
from vpt_tasks.scorers.yes_probability import yes_probability_answers

BALL = "comfort_ball"
LEFT = "comfort_car_ref_facing_left"
RIGHT = "comfort_car_ref_facing_right"
ALL_FRAMES = range(37)


# --------------------------------------------------------------------------
# scorer


def _state(output: ModelOutput) -> TaskState:
    return TaskState(ModelName("test/model"), "s", 1, "q", [], output=output)


def _with_logprobs(top: list[tuple[str, float]], text: str = "Yes") -> ModelOutput:
    output = ModelOutput.from_content(model="m", content=text)
    output.choices[0].logprobs = Logprobs(
        content=[
            Logprob(
                token=top[0][0],
                logprob=top[0][1],
                top_logprobs=[TopLogprob(token=t, logprob=lp) for t, lp in top],
            )
        ]
    )
    return output


def _score(output: ModelOutput, scorer=None) -> Score:
    scorer = scorer or comfort_scorer("comfort_ball", "paper", load_language("en"))
    return asyncio.run(scorer(_state(output), Target("Yes")))


def test_scorer_reads_p_from_logprobs() -> None:
    score = _score(
        _with_logprobs([(" Yes", math.log(0.6)), ("no", math.log(0.2)), ("Maybe", -1.0)])
    )
    assert score.value == pytest.approx(0.75)
    assert score.metadata["method"] == "logprobs" and score.metadata["logprobs"] is True
    assert score.metadata["candidates"][0] == [" Yes", pytest.approx(math.log(0.6))]


def test_scorer_without_logprobs_uses_the_text_and_warns_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    scorer = comfort_scorer("comfort_ball", "paper", load_language("en"))
    with caplog.at_level(logging.WARNING):
        first = _score(ModelOutput.from_content(model="m", content="No, it is not."), scorer)
        second = _score(ModelOutput.from_content(model="m", content="Yes."), scorer)
    assert (first.value, second.value) == (0.0, 1.0)
    assert first.metadata["method"] == "text" and first.metadata["candidates"] is None
    assert [r.getMessage() for r in caplog.records].count(NO_LOGPROBS_WARNING) == 1


def test_scorer_marks_no_yes_no_as_unscored_not_nan() -> None:
    score = _score(_with_logprobs([("Maybe", -0.1), ("Perhaps", -2.0)], text="Maybe"))
    assert score.value == NOANSWER and score.metadata["p"] is None
    assert "neither Yes nor No" in score.explanation
    empty = _score(ModelOutput.from_content(model="m", content=""))
    assert empty.value == NOANSWER and empty.metadata["method"] == "none"


def test_scorer_in_another_language() -> None:
    scorer = comfort_scorer("comfort_car", "paper", load_language("de"))
    score = _score(
        _with_logprobs([("Ja", math.log(0.9)), ("Nein", math.log(0.1))], text="Ja"), scorer
    )
    assert score.value == pytest.approx(0.9)
    assert _score(_with_logprobs([("Yes", 0.0)]), scorer).value == NOANSWER


@pytest.mark.parametrize(
    ("task", "prompt", "analysis"),
    [
        (
            "comfort_ball",
            "cam",
            [f"transformation/{t}/eps_cos" for t in ("translated", "rotated", "reflected")],
        ),
        (
            "comfort_car",
            "cam",
            [f"preferred_for/{f}/eps_cos" for f in ("camera", "intrinsic", "addressee")]
            + [f"perspective/{p}/acc" for p in ("cam", "rel", "add")],
        ),
    ],
)
def test_the_scorer_prints_the_headline_first(task: str, prompt: str, analysis: list[str]) -> None:
    """Registered as `yes_probability` (metric keys `yes_probability:<key>`) with one printed
    metric: the headline prompt's paper-table row, the analyses' headline numbers, the counts."""
    scorer = comfort_scorer(task, "code", load_language("en"), prompt)
    info = registry_info(scorer)
    assert info.name == "vpt_tasks/yes_probability"
    (declared,) = info.metadata["metrics"]
    assert registry_info(declared).name == "vpt_tasks/comfort_headline"
    assert [registry_info(m).name for m in comfort_metrics(task, "paper", prompt)] == [
        "vpt_tasks/comfort_headline"
    ]
    datasets = (BALL,) if task == "comfort_ball" else (LEFT, RIGHT)
    scores = [
        s
        for p in ("nop", "cam", "add", "rel")
        for s in _curves(
            lambda d, r, i: 1.0, datasets=datasets, prompt=p, variations=("default", "color")
        )
        if task == "comfort_car" or p in ("nop", "cam")
    ]
    values = declared(scores)
    assert list(values) == [
        "acc", "eps_cos", "eps_hemi", "c_sym", "c_opp", *analysis,
        "n_incomplete_curves", "no_yes_no_rate", "p_from_text_rate",
    ]  # fmt: skip  # eta and sigma undefined on constant curves under convention=code
    assert _pct(values["eps_cos"]) == 60.4  # convention=code
    assert (
        values["acc"]
        == comfort_curves()([s for s in scores if s.sample_metadata["prompt"] == prompt])["acc"]
    )


# --------------------------------------------------------------------------
# metric wrappers


def _sample(dataset, relation, variation, prompt, theta, value) -> SampleScore:
    meta = {"dataset": dataset, "relation": relation, "variation": variation, "prompt": prompt,
            "theta": theta, "kind": "frame"}  # fmt: skip
    return SampleScore(score=Score(value=value, metadata={"method": "logprobs", "logprobs": True}),
                       sample_id=f"{dataset}/{relation}/{variation}/{theta}/{prompt}", sample_metadata=meta)  # fmt: skip


def _curves(
    p_of: Callable[[str, str, int], float | str],
    datasets: Iterable[str] = (BALL,),
    prompt: str = "cam",
    variations: Iterable[str] = ("default",),
    frames: Iterable[int] = ALL_FRAMES,
) -> list[SampleScore]:
    """Samples of whole curves; p_of(dataset, relation, frame index mod 36) gives the value."""
    return [
        _sample(d, r, v, prompt, 10 * i - 180, p_of(d, r, i % 36))
        for d in datasets
        for r in RELATIONS
        for v in variations
        for i in frames
    ]


def _probe(present: bool, value: float | str) -> SampleScore:
    meta = {"kind": "probe", "present": present, "prompt": "probe"}
    return SampleScore(
        score=Score(value=value, metadata={"method": "logprobs", "logprobs": True}),
        sample_metadata=meta,
    )


def _pct(value: float) -> float:
    return round(value * 100, 1)


def test_always_yes_through_the_wrappers() -> None:
    scores = (
        _curves(lambda d, r, i: 1.0, variations=("default", "color"))
        + [
            _probe(True, 1.0),
            _probe(False, 1.0),
        ]
        * 3
    )
    values = comfort_curves()(scores)
    assert [_pct(values[k]) for k in ("acc", "eps_cos", "eps_hemi", "sigma", "eta", "c_sym", "c_opp")] == [
        47.2, 61.2, 68.7, 0.0, 0.0, 0.0, 100.0
    ]  # fmt: skip
    assert _pct(values["object_f1"]) == 66.7
    code = comfort_curves(convention="code")(scores)
    assert (_pct(code["eps_cos"]), _pct(code["eps_hemi"])) == (60.4, 67.8)
    assert "eta" not in code and "sigma" not in code  # undefined: left out, never NaN
    assert code["skipped/eta"] == 8 and code["skipped/sigma"] == 4


def test_ideal_curves_through_the_wrappers() -> None:
    soft = comfort_curves()(
        _curves(lambda d, r, i: float(soft_ground_truth(r, "camera_reflected")[i]))
    )
    assert [_pct(soft[k]) for k in ("acc", "eps_cos", "c_sym", "c_opp", "eps_hemi")] == [
        100.0,
        0.0,
        0.0,
        0.0,
        24.0,
    ]
    hard = comfort_curves()(
        _curves(lambda d, r, i: float(hemisphere_ground_truth(r, "camera_reflected")[i]))
    )
    assert [_pct(hard[k]) for k in ("acc", "eps_hemi", "eps_cos")] == [100.0, 0.0, 24.0]


def test_constant_curve_hand_values() -> None:
    # p = 0.3 on every frame: Acc counts the 19 frames where h = 0 (theta -180..-100, 100..170
    # and the +-90 frames) for in front of; p-hat = 0 everywhere
    values = comfort_curves()(_curves(lambda d, r, i: 0.3, variations=("default", "color")))
    assert values["acc"] == pytest.approx(19 / 36)
    assert values["eps_cos"] == pytest.approx(math.sqrt(13.5 / 36))
    assert (values["eta"], values["c_sym"], values["c_opp"], values["sigma"]) == (
        0.0,
        0.0,
        1.0,
        0.0,
    )


def test_missing_frame_and_unscored_samples_are_nan_free() -> None:
    # one curve misses theta = 30 (no sample), another has an unscored frame (value N);
    # neither is an extremum, so the min-max normalisation is unchanged
    scores = [
        s for s in _curves(lambda d, r, i: float(soft_ground_truth(r, "camera_reflected")[i]))
        if not (s.sample_metadata["relation"] == "behind" and s.sample_metadata["theta"] == 30)
    ]  # fmt: skip
    for s in scores:
        if s.sample_metadata["relation"] == "totheleft" and s.sample_metadata["theta"] == 30:
            s.score = Score(value=NOANSWER, metadata={"method": "none", "logprobs": True})
    values = comfort_curves()(scores)
    assert all(math.isfinite(v) for v in values.values())
    assert values["acc"] == 1.0 and values["eps_cos"] == pytest.approx(0.0, abs=1e-12)
    assert values["n_unscored"] == 1 and values["n_frames"] == 4 * 36 - 2
    assert values["skipped/eta"] == 2  # the filter needs every frame of a curve
    assert "eta/behind" not in values and values["eta/infrontof"] >= 0
    answers = yes_probability_answers()(scores)
    assert answers["n_no_yes_no"] == 1 and answers["no_yes_no_rate"] == pytest.approx(
        1 / len(scores)
    )


def test_epochs_are_averaged_per_frame() -> None:
    once = _curves(lambda d, r, i: 1.0 if i == 5 else 0.0, frames=range(36))
    twice = once + _curves(lambda d, r, i: 0.0, frames=range(36))
    curves = {(p.relation, p.theta): p.p for p in predictions(twice)}
    assert len(predictions(twice)) == 2 * 4 * 36 and curves
    values = comfort_curves()(twice)
    # frame 5 averages to 0.5, the rest 0: Acc is unchanged (0.5 is not > 0.5)
    assert values["acc"] == comfort_curves()(_curves(lambda d, r, i: 0.0, frames=range(36)))["acc"]
    assert values["n_frames"] == 4 * 36


def test_car_facing_keys_and_analyses() -> None:
    def intrinsic(d: str, r: str, i: int) -> float:
        frame = "intrinsic_facing_left" if d == LEFT else "intrinsic_facing_right"
        return float(soft_ground_truth(r, frame)[i])

    nop = _curves(intrinsic, datasets=(LEFT, RIGHT), prompt="nop")
    values = comfort_curves()(nop)
    assert {"facing_left/acc", "facing_right/eps_cos"} <= set(values)
    preferred = comfort_preferred_frame()(nop)
    assert preferred["preferred_for/preferred/intrinsic"] == 1.0
    assert preferred["preferred_for/preferred/camera"] == 0.0
    assert preferred["preferred_for/intrinsic/eps_cos"] == pytest.approx(0.0, abs=1e-12)
    assert comfort_perspective_taking()(nop) == {}  # no cam / rel / add curves

    def own(d: str, r: str, i: int, prompt: str) -> float:
        frame = {"cam": "camera_reflected", "add": "addressee_reflected"}.get(prompt)
        frame = frame or ("intrinsic_facing_left" if d == LEFT else "intrinsic_facing_right")
        return float(hemisphere_ground_truth(r, frame)[i])

    asked = [
        s for prompt in ("cam", "rel", "add")
        for s in _curves(lambda d, r, i, p=prompt: own(d, r, i, p), datasets=(LEFT, RIGHT), prompt=prompt)
    ]  # fmt: skip
    taking = comfort_perspective_taking()(asked)
    assert taking["perspective/mean/acc"] == 1.0 and taking["perspective/rel/eps_hemi"] == 0.0
    assert comfort_preferred_frame()(asked) == {}  # no nop curves


@pytest.mark.parametrize("truth", ["translated", "rotated", "reflected"])
def test_preferred_transformation_wrapper(truth: str) -> None:
    scores = _curves(lambda d, r, i: float(soft_ground_truth(r, f"camera_{truth}")[i]))
    values = comfort_preferred_transformation()(scores)
    assert values[f"transformation/preferred/{truth}"] == 1.0
    assert sum(v for k, v in values.items() if k.startswith("transformation/preferred/")) == 1.0
    assert comfort_preferred_transformation()(_curves(lambda d, r, i: 1.0, prompt="nop")) == {}

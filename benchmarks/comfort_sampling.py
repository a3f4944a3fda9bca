"""The sampled P(Yes) against log-probabilities: error, interval coverage and cost per K.

    python benchmarks/comfort_sampling.py [--k 5,10,20,40,80] [--replications 100]
                                          [--task comfort_ball|comfort_car] [--seed 0]
                                          [--models sharp,soft,...] [--end-to-end]

A model is a set of known P(Yes) curves (below: COMFORT-BALL's 4 relations x 5 variations x
36 frames of the `cam` prompt, or COMFORT-CAR's 2 x 4 x 10 x 36 x 4 prompts) and a share u of
replies that state neither Yes nor No, larger near p = 0.5 as a hedging model's are. Its
log-probability run reads p itself, so its metrics are the target. A sampled run draws K
replies per frame -- Yes with probability (1 - u) p, No with (1 - u)(1 - p), unread with u --
and scores them as the task does (`metrics.details` on scores with the counts of a sampled
score: p-hat = #Yes / (#Yes + #No), its sampling intervals). For each model and K,
`replications` sampled runs give, per metric: the root-mean-square error against the
log-probability value (x100, as the paper prints) of the value computed on p-hat and of its
`_sampling_corrected` value, how often the 95% sampling interval covers the log-probability
value, and how many runs had a noise-dominated curve (`n_noise_dominated_curves`). A last row
per model counts unread replies as No (the bias the estimator must not have).

`--end-to-end` also runs the real task once at the default K through Inspect's `openai-api`
provider against the fake server (`tests.fakes.openai_server.sampled_yes_no`, which both returns
log-probabilities and samples from them), with and without `num_choices`, and prints the
request counts and the metrics of `-T probability=logprobs` next to `sampled`.

The models (per curve: relation r, variation v, frame angle theta; sigmoid link):

| model | P(Yes) | what it stands for |
|---|---|---|
| confident | s(8 (c - 0.1) + 2.5 z + e) | near-0/1 answers with flips, as GPT-4o's (paper Table 5) |
| sharp | s(5 c + z + e) | a model that parses the regions well (XComposer2, MiniCPM-V) |
| soft | s(2 c + 1 + 0.5 z + e) | weak, affirmative-biased curves (LLaVA-1.5; the paper's Figure 5) |
| rotated | s(3 c' + 0.5 z + e), c' 40 degrees off | a shifted frame of reference |
| flat | s(0.3 c + 2.5 + 0.3 z + e) | nearly always "yes" (InstructBLIP): min-max normalisation amplifies noise |

with s the logistic function, c = 2 g - 1 the cosine of the angle to the relation's direction
in the frame the prompt is scored against, z ~ N(0, 1) per frame (the model's own jaggedness,
fixed), e ~ N(0, 0.3) per curve; u = 0.05 + 0.25 * 4 p (1 - p). The study prints each model's
log-probability metrics, to be read against the paper's Table 5.

It is a script, not a test: run it by hand and keep the printed summary (benchmarks/README.md,
and the COMFORT README's "Sampled P(Yes)").
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from inspect_ai.scorer import NOANSWER, SampleScore, Score  # noqa: E402

from vpt_tasks.comfort import sampling  # noqa: E402
from vpt_tasks.comfort.geometry import (  # noqa: E402
    RELATIONS,
    THETAS,
    frame_for_prompt,
    soft_ground_truth,
)
from vpt_tasks.comfort.metrics import PRINTED_CURVE_METRICS, details  # noqa: E402

BALL_VARIATIONS = ("default", "color", "size", "cam_position", "distractor")
CAR_RELATA = ("horse", "bench", "laptop", "duck", "chair", "dog", "sofa", "bed", "bicycle", "car")
CAR_DATASETS = ("comfort_car_ref_facing_left", "comfort_car_ref_facing_right")
COLUMNS = (*PRINTED_CURVE_METRICS, "transformation/reflected/eps_cos")
"""The paper table's columns and the preferred-transformation analysis's headline number."""
CAR_COLUMNS = (*PRINTED_CURVE_METRICS, "preferred_for/camera/eps_cos", "perspective/cam/acc")


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-x))


MODELS: dict[str, Callable[[np.ndarray, float, np.ndarray], np.ndarray]] = {
    # (cos of the angle to the relation's direction, variation offset, per-frame noise z) -> p
    "confident": lambda c, e, z: _sigmoid(8.0 * (c - 0.1) + 2.5 * z + e),
    "sharp": lambda c, e, z: _sigmoid(5.0 * c + 1.0 * z + e),
    "soft": lambda c, e, z: _sigmoid(2.0 * c + 1.0 + 0.5 * z + e),
    "rotated": lambda c, e, z: _sigmoid(3.0 * c + 0.5 * z + e),  # cos taken 40 degrees off
    "flat": lambda c, e, z: _sigmoid(0.3 * c + 2.5 + 0.3 * z + e),
}


def unread_share(p: np.ndarray) -> np.ndarray:
    return 0.05 + 0.25 * 4.0 * p * (1.0 - p)


def layout(task: str) -> list[dict[str, object]]:
    """One entry per frame of the task's curves (the frame metadata of its samples)."""
    frames = []
    if task == "comfort_ball":
        curves = [("comfort_ball", r, v, "cam") for r in RELATIONS for v in BALL_VARIATIONS]
    else:
        curves = [
            (d, r, v, p)
            for d in CAR_DATASETS
            for r in RELATIONS
            for v in CAR_RELATA
            for p in ("nop", "cam", "add", "rel")
        ]
    for dataset, relation, variation, prompt in curves:
        for theta in [*map(int, THETAS), 180]:
            frames.append(
                {
                    "kind": "frame",
                    "dataset": dataset,
                    "relation": relation,
                    "variation": variation,
                    "prompt": prompt,
                    "theta": theta,
                    "curve_frames": 36,
                    "convention": "paper",
                }
            )
    return frames


def truth(model: str, frames: list[dict[str, object]], rng: np.random.Generator) -> np.ndarray:
    """The model's P(Yes) of every frame (frame 36 repeats frame 0)."""
    offsets: dict[tuple[object, ...], float] = {}
    noise: dict[tuple[object, ...], np.ndarray] = {}
    out = np.empty(len(frames))
    shift = 40.0 if model == "rotated" else 0.0
    for i, meta in enumerate(frames):
        curve = (meta["dataset"], meta["relation"], meta["variation"], meta["prompt"])
        if curve not in offsets:
            offsets[curve] = float(rng.normal(0.0, 0.3))
            noise[curve] = rng.normal(0.0, 1.0, 36)
        theta = int(meta["theta"])  # type: ignore[call-overload]
        # cos of the angle to the relation's direction in the frame of reference the prompt is
        # scored against (2 g - 1), `shift` degrees off for the rotated model
        frame = frame_for_prompt(str(meta["dataset"]), str(meta["prompt"]))
        g = float(soft_ground_truth(str(meta["relation"]), frame, [theta - shift])[0])
        x = noise[curve][(theta + 180) // 10 % 36]
        out[i] = float(MODELS[model](np.array(2.0 * g - 1.0), offsets[curve], np.array(x)))
    return out


def scores_of(
    frames: list[dict[str, object]],
    p: np.ndarray,
    counts: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
    *,
    unread_as_no: bool = False,
) -> list[SampleScore]:
    """Sample scores as the task writes them: from log-probabilities (`counts` None) or from
    sampled replies (yes, no, unread counts)."""
    out = []
    for i, meta in enumerate(frames):
        if counts is None:
            score = Score(value=float(p[i]), metadata={"method": "logprobs"})
        else:
            yes, no, unread = (int(c[i]) for c in counts)
            if unread_as_no:
                no, unread = no + unread, 0
            read = yes + no
            score = Score(
                value=yes / read if read else NOANSWER,
                metadata={"method": "sampled", "n_yes": yes, "n_no": no, "n_unread": unread},
            )
        out.append(SampleScore(score=score, sample_id=str(i), sample_metadata=meta))
    return out


def draw(p: np.ndarray, k: int, rng: np.random.Generator) -> tuple[np.ndarray, ...]:
    u = unread_share(p)
    probabilities = np.stack([(1 - u) * p, (1 - u) * (1 - p), u], axis=1)
    counts = np.array([rng.multinomial(k, row) for row in probabilities])
    return counts[:, 0], counts[:, 1], counts[:, 2]


@dataclass
class Tally:
    """Errors and coverage of one model at one K over the replications."""

    plug: dict[str, list[float]] = field(default_factory=dict)
    corrected: dict[str, list[float]] = field(default_factory=dict)
    covered: dict[str, list[bool]] = field(default_factory=dict)
    width: list[float] = field(default_factory=list)
    noisy_runs: int = 0
    runs: int = 0

    def add(self, column: str, values: dict[str, float], target: float) -> None:
        self.plug.setdefault(column, []).append(values[column] - target)
        corrected = values.get(f"{column}_sampling_corrected")
        low = values.get(f"{column}_sampling_ci_low")
        high = values.get(f"{column}_sampling_ci_high")
        if corrected is not None and low is not None and high is not None:
            self.corrected.setdefault(column, []).append(corrected - target)
            self.covered.setdefault(column, []).append(low <= target <= high)
            self.width.append(high - low)


def _rmse(deltas: list[float]) -> float:
    return 100 * math.sqrt(float(np.mean(np.square(deltas))))


def study(args: argparse.Namespace) -> None:
    rng = np.random.default_rng(args.seed)
    frames = layout(args.task)
    ks = [int(k) for k in args.k.split(",")]
    columns = list(COLUMNS if args.task == "comfort_ball" else CAR_COLUMNS)
    models = args.models.split(",")
    middle = ks[len(ks) // 2]
    print(
        f"{args.task}: {len(frames)} frames per run, {args.replications} sampled runs per model "
        f"and K, {sampling.RESAMPLES} resamples per run; values and errors x100"
    )
    tallies: dict[tuple[str, int], Tally] = {}
    targets: dict[str, dict[str, float]] = {}
    started = time.perf_counter()
    for model in models:
        p = truth(model, frames, rng)
        target = details(scores_of(frames, p))
        targets[model] = target
        for k in [*ks, -middle]:  # the last: unread replies counted as No, at the middle K
            tally = tallies.setdefault((model, k), Tally())
            for _ in range(args.replications):
                counts = draw(p, abs(k), rng)
                values = details(scores_of(frames, p, counts, unread_as_no=k < 0))
                tally.runs += 1
                tally.noisy_runs += values.get("n_noise_dominated_curves", 0.0) > 0
                for column in columns:
                    if column in values and column in target:
                        tally.add(column, values, target[column])
        print(f"  {model}: done ({time.perf_counter() - started:.0f} s)", flush=True)
    _print_tables(models, ks, middle, columns, targets, tallies)


def _print_tables(models, ks, middle, columns, targets, tallies) -> None:  # type: ignore[no-untyped-def]
    print("\nThe models' log-probability metrics (the targets), x100")
    print("| model | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for model in models:
        cells = [f"{100 * targets[model][c]:.1f}" if c in targets[model] else "–" for c in columns]
        print(f"| {model} | " + " | ".join(cells) + " |")
    print(
        "\nRMSE x100 against the log-probability metric: computed on p-hat / corrected "
        "(`_sampling_corrected`); coverage of the 95% sampling interval; share of runs with a "
        "noise-dominated curve"
    )
    print("| model | K | " + " | ".join(columns) + " | coverage | noise-dominated runs |")
    print("|---" * (len(columns) + 4) + "|")
    for model in models:
        for k in [*ks, -middle]:
            tally = tallies[(model, k)]
            cells = [
                f"{_rmse(tally.plug[c]):.1f} / {_rmse(tally.corrected[c]):.1f}"
                if c in tally.corrected
                else "–"
                for c in columns
            ]
            covered = [v for c in columns for v in tally.covered.get(c, [])]
            label = f"{abs(k)}, unread as No" if k < 0 else str(k)
            print(
                f"| {model} | {label} | " + " | ".join(cells) + f" | {100 * np.mean(covered):.0f}% "
                f"| {tally.noisy_runs}/{tally.runs} |"
            )
    print("\nPer K, over the models whose runs had no noise-dominated curve (and over all):")
    for k in ks:
        clean = [m for m in models if tallies[(m, k)].noisy_runs == 0]
        parts = []
        for column in columns:
            plug = [
                _rmse(tallies[(m, k)].plug[column]) for m in clean if column in tallies[(m, k)].plug
            ]
            corrected = [
                _rmse(tallies[(m, k)].corrected[column])
                for m in clean
                if column in tallies[(m, k)].corrected
            ]
            if plug and corrected:
                parts.append(
                    f"{column} {np.mean(plug):.1f} / {np.mean(corrected):.1f} "
                    f"(max {np.max(corrected):.1f})"
                )
        covered_clean = [v for m in clean for vs in tallies[(m, k)].covered.values() for v in vs]
        covered_all = [v for m in models for vs in tallies[(m, k)].covered.values() for v in vs]
        widths = [w for m in clean for w in tallies[(m, k)].width]
        print(
            f"  K = {k} ({', '.join(clean) or 'none'}): RMSE computed / corrected: "
            + ", ".join(parts)
            + f"; coverage {100 * np.mean(covered_clean):.0f}% ({100 * np.mean(covered_all):.0f}% "
            f"with every model); mean width {100 * np.mean(widths):.1f}"
        )


def end_to_end(args: argparse.Namespace) -> None:
    """The real task through Inspect's openai-api provider against the fake server: the demo
    data (COMFORT-BALL: 4 curves, 148 questions) answered by the `sharp` model."""
    import base64
    import hashlib

    from inspect_ai import eval as inspect_eval

    from benchmarks._common import MODEL, workdir
    from tests.fakes.openai_server import OpenAIServer, sampled_yes_no
    from vpt_tasks.comfort.spec import load_spec
    from vpt_tasks.comfort.task import comfort_ball
    from vpt_tasks.scorers.sampled_yes_probability import DEFAULT_SAMPLES

    directory = workdir()
    phrases = load_spec().relations
    table: dict[tuple[str, str], float] = {}
    noise = np.random.default_rng(args.seed)
    for sample in comfort_ball(source="demo").dataset:
        meta = sample.metadata or {}
        image = sample.input[-1].content[0].image  # type: ignore[union-attr,index]
        digest = hashlib.sha256(Path(image).read_bytes()).hexdigest()
        g = float(soft_ground_truth(meta["relation"], "camera_reflected", [meta["theta"]])[0])
        c = np.array(2.0 * g - 1.0)
        table[(meta["relation"], digest)] = float(MODELS["sharp"](c, 0.0, noise.normal()))

    def p_yes(request: dict[str, object]) -> float:
        messages = request["messages"]
        user = messages[-1]  # type: ignore[index]
        text = " ".join(part.get("text", "") for part in user["content"])
        relation = next(r for r, phrase in phrases.items() if f" {phrase} the " in text)
        url = next(p["image_url"]["url"] for p in user["content"] if p["type"] == "image_url")
        digest = hashlib.sha256(base64.b64decode(url.split(",", 1)[1])).hexdigest()
        return table[(relation, digest)]

    def unread(request: dict[str, object]) -> float:
        p = p_yes(request)
        return float(unread_share(np.array(p)))

    def one(probability: str, **server: object) -> None:
        responder = sampled_yes_no(p_yes, unread=unread, seed=args.seed)
        with OpenAIServer(responder, **server) as fake:  # type: ignore[arg-type]
            started = time.perf_counter()
            log = inspect_eval(
                "vpt_tasks/comfort_ball",
                task_args={"source": "demo", "probability": probability},
                model=MODEL,
                model_base_url=fake.base_url,
                log_dir=str(directory / "logs"),
                display="none",
            )[0]
            elapsed = time.perf_counter() - started
            stats = fake.stats
        values = {
            name: m.value
            for s in (log.results.scores if log.results else [])
            for name, m in s.metrics.items()
        }
        shown = ", ".join(
            f"{k} {100 * values[k]:.1f}"
            + (
                f" ({100 * values[k + '_sampling_corrected']:.1f}) "
                f"[{100 * values[k + '_sampling_ci_low']:.1f}, "
                f"{100 * values[k + '_sampling_ci_high']:.1f}]"
                if k + "_sampling_ci_low" in values
                else ""
            )
            for k in PRINTED_CURVE_METRICS
            if k in values
        )
        options = ", ".join(f"{k}={v}" for k, v in server.items())
        print(
            f"  -T probability={probability} ({options or 'server returns log-probabilities'}): "
            f"{len(log.samples or [])} questions, {stats.requests} requests "
            f"({stats.rejected_logprobs} rejected for asking log-probabilities), {elapsed:.0f} s; "
            f"{shown}",
            flush=True,
        )

    print(f"\nend to end, COMFORT-BALL demo data, K = {DEFAULT_SAMPLES} (x100):")
    one("logprobs")
    one("sampled")
    one("auto", logprobs="ignore")
    one("auto", logprobs="ignore", num_choices=False)
    one("auto", logprobs="reject")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--k", default="5,10,20,40,80")
    parser.add_argument("--replications", type=int, default=100)
    parser.add_argument("--task", default="comfort_ball", choices=("comfort_ball", "comfort_car"))
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--end-to-end", action="store_true")
    args = parser.parse_args()
    if args.replications > 0:  # --replications 0 --end-to-end: the end-to-end runs only
        study(args)
    if args.end_to_end:
        end_to_end(args)


if __name__ == "__main__":
    main()

"""Every free-text reader's time per answer on the worst inputs, up to 1 MB (issue 19 §1).

A scorer runs on the event loop: one answer that takes quadratic time blocks every
other sample. This script times each reader of the project -- the option reading of
option mapping and merge match, the Isle-Brick-V2 component reading of every question
kind, the chain-of-thought "Answer:" cut, and the grader/judge reply readers -- on
answers built to defeat a backtracking pattern (no punctuation, runs of spaces or
newlines, many "[" or "<think>", option letters, direction words, retractions), at
sizes below and above the readers' cap (`vpt_tasks.scorers.reading.MAX_CHARS`).

    python benchmarks/adversarial_answers.py [--sizes 1000,5000,20000,100000,1000000]

It prints, per reader and input, the seconds per answer at each size and the growth
factor from one size to the next divided by the size factor (about 1 for linear time,
below 1 above the cap, where the readers stop reading). The largest such ratio is the
summary line; a run fails (exit 1) when any answer takes over one second.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from vpt_tasks.isle_brick.extraction import QUESTION_KINDS, read_components
from vpt_tasks.scorers.judge import normalise_grader_reply, parse_choice_judge_reply
from vpt_tasks.scorers.options import read_option
from vpt_tasks.scorers.set_precision import Vocabulary, final_answer, parse_component_list
from vpt_tasks.scorers.yes_probability import text_yes_probability

FOUR = {"A": "to the left", "B": "to the right", "C": "in front", "D": "behind"}
TWO = {"A": "Yes", "B": "No"}
QUESTIONS = {
    "Q1": "List and count all objects in the image that are not humanoid minifigures.",
    "Q4": "Assuming the top of the image is north, in which cardinal direction (i.e., north, "
    "west, east, or south) is the dog located relative to the humanoid minifigure?",
    "Q6": "Assuming that the humanoid minifigure can see and its eyes are open, does it see the dog?",
    "Q7": "From the perspective of the humanoid minifigure, where is the dog located relative to "
    "it? Please use terms such as front, left, right, or back.",
}

INPUTS: dict[str, Callable[[int], str]] = {
    "words, no punctuation": lambda n: ("the figure faces north and the dog " * n)[:n],
    "spaces": lambda n: "A" + " " * (n - 2) + "B",
    "newlines": lambda n: "Answer:" + "\n" * (n - 8) + "B",
    "brackets": lambda n: "[" * n,
    "think tags": lambda n: ("<think>" * (n // 7))[:n],
    "letters": lambda n: ("A B C D " * n)[:n],
    "retractions": lambda n: ("north. Wait, actually west? " * n)[:n],
    "question marks": lambda n: ("is it north " * n)[:n] + "?",
    "negated question": lambda n: ("is it not yes " * n)[:n] + "? no",
    "digits": lambda n: ("1 2 3 objects " * n)[:n],
    "conditions": lambda n: ("east if it faces north. yes; west if not; no. " * n)[:n],
    "walk-through cut off": lambda n: ("To count them, I look at the 2 figures and the " * n)[:n],
}

READERS: dict[str, Callable[[str], object]] = {
    "read_option, 4 options": lambda text: read_option(text, FOUR),
    "read_option, yes/no": lambda text: read_option(text, TWO),
    "read_option, seeing question": lambda text: read_option(
        text, TWO, question="Can the minifigure see the dog?"
    ),
    "read_option, NOT question": lambda text: read_option(
        text, FOUR, question="Which object can he NOT see?"
    ),
    "final_answer": final_answer,
    "grader reply": lambda text: normalise_grader_reply(text, ["Yes", "No"], TWO),
    "judge reply": lambda text: parse_choice_judge_reply(text, FOUR),
    "yes/no text (COMFORT)": lambda text: text_yes_probability(
        text, question="Is the basketball in front of the car?"
    ),
    "component list reply": lambda text: parse_component_list(text, Vocabulary(("north",))),
    **{
        f"components {qid} ({QUESTION_KINDS[qid]})": (
            lambda text, qid=qid: read_components(
                final_answer(text), QUESTION_KINDS[qid], question=QUESTIONS[qid]
            )
        )
        for qid in QUESTIONS
    },
}


def seconds(reader: Callable[[str], object], text: str, repeats: int = 3) -> float:
    """The best of `repeats` timings (a single one catches a garbage collection now and then)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        reader(text)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,5000,20000,100000,1000000")
    sizes = [int(size) for size in parser.parse_args().sizes.split(",")]
    worst_ratio, slowest = 0.0, (0.0, "")
    print(f"{'reader':34} {'input':22} " + " ".join(f"{s:>10}" for s in sizes) + "  max growth")
    for reader_name, reader in READERS.items():
        for input_name, build in INPUTS.items():
            times = [seconds(reader, build(size)) for size in sizes]
            growth = [
                (times[i + 1] / max(times[i], 1e-6)) / (sizes[i + 1] / sizes[i])
                for i in range(len(sizes) - 1)
                if times[i + 1] > 1e-3  # below a millisecond, timer noise
            ]
            ratio = max(growth, default=0.0)
            worst_ratio = max(worst_ratio, ratio)
            slowest = max(slowest, (max(times), f"{reader_name} / {input_name}"))
            cells = " ".join(f"{t:10.5f}" for t in times)
            print(f"{reader_name:34} {input_name:22} {cells}  {ratio:5.2f}")
    print(
        f"summary: largest growth per size factor {worst_ratio:.2f} (1 = linear); slowest "
        f"answer {slowest[0]:.3f} s ({slowest[1]})"
    )
    return 0 if slowest[0] < 1.0 else 1


if __name__ == "__main__":
    raise SystemExit(main())

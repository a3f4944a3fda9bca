"""The grader check's report section: per grader model, agreement, confident-wrong rate and
abstention by kind of answer and by language."""

from __future__ import annotations

from pathlib import Path

from inspect_ai.log import EvalLog

from vpt_tasks.grader_check.calibration import errored_samples
from vpt_tasks.grader_check.spec import KINDS, load_spec
from vpt_tasks.report.logs import fmt, log_details, model_labels, run_table

TITLE = "Grader check"


def render(logs: list[EvalLog], out: Path) -> list[str]:
    labels = model_labels(logs)
    spec = load_spec()
    level = f"{100 * spec.confidence:.0f}%"
    lines = [
        f"## {TITLE}",
        "",
        "Each grader model (the model of the run) read labelled answers through exactly the "
        "prompt and reply reader of the scorers. Agreement: right readings of the clear "
        "answers; confident-wrong: wrong readings (against the label, or any reading of an "
        f"ambiguous answer) among its readings, with the exact {level} interval; abstention: "
        "clear answers whose reply named nothing offered (the answer stays undecided). "
        "Errored: samples whose reply was no reply (empty, cut off) or whose call failed.",
        "",
        *run_table(logs, labels),
        "| grader | answers | agreement (%) | confident-wrong (%) | abstention (%) | errored |",
        "|---|---|---|---|---|---|",
    ]
    numbers = [log_details(log) for log in logs]
    for label, log, values in zip(labels, logs, numbers, strict=True):
        scopes = [("all", "")] + [
            (spec.kinds[kind].title, f"_{kind}") for kind in KINDS if f"answers_{kind}" in values
        ]
        for title, suffix in scopes:
            lines.append(
                f"| {label} ({title}) | {int(values.get('answers' + suffix, 0))} "
                f"| {fmt(values.get('agreement' + suffix))} "
                f"| {fmt(values.get('confident_wrong' + suffix))} "
                f"({fmt(values.get('confident_wrong' + suffix + '_low'))}–"
                f"{fmt(values.get('confident_wrong' + suffix + '_high'))}) "
                f"| {fmt(values.get('abstention' + suffix))} "
                f"| {errored_samples(log) if not suffix else ''} |"
            )
    lines += ["", "By language (where the answer's row names one):", ""]
    lines += [
        "| grader | language | answers | agreement (%) | confident-wrong (%) | abstention (%) |",
        "|---|---|---|---|---|---|",
    ]
    for label, values in zip(labels, numbers, strict=True):
        languages = sorted(
            key[len("answers_lang_") :] for key in values if key.startswith("answers_lang_")
        )
        for language in languages:
            suffix = f"_lang_{language}"
            lines.append(
                f"| {label} | {language} | {int(values['answers' + suffix])} "
                f"| {fmt(values.get('agreement' + suffix))} "
                f"| {fmt(values.get('confident_wrong' + suffix))} "
                f"| {fmt(values.get('abstention' + suffix))} |"
            )
    return [*lines, ""]

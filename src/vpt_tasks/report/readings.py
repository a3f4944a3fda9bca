"""Who read each run's free-text answers: the rules, a grader model, a human, or nobody.

Every number of the benchmarks that read free text rests on that reading, so each of
their report sections shows, per run, how many answers each path decided
(`decided_by_rules`, `decided_by_grader`, `decided_by_human` after
`vpt-tasks adjudicate --apply`, `undecided`) and, for runs with `-T grader=both`, how
often the rules agreed with the grader and on which answers they did not.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.log import EvalLog

from vpt_tasks.adjudication.agreement import agreement_cell
from vpt_tasks.report.logs import log_details, per_log, sample_scores
from vpt_tasks.scorers.cascade import disagreements

COUNTS = (
    ("decided_by_rules", "rules"),
    ("decided_by_grader", "grader"),
    ("decided_by_human", "human"),
    ("undecided", "undecided"),
)
SHOWN_DISAGREEMENTS = 20
"""Disagreements listed per run (all of them are in the log; `vpt-tasks adjudicate` lists them)."""


def rules_disagreements(log: EvalLog) -> list[dict[str, Any]]:
    """The answers of a `grader=both` run on which the rules and the grader disagree (kept
    per log, so the report reads the log's scores once)."""
    return [dict(row) for row in _disagreements(log)]


@per_log
def _disagreements(log: EvalLog) -> tuple[dict[str, Any], ...]:
    return tuple(disagreements(sample_scores(log)))


def readings_table(logs: list[EvalLog], labels: list[str]) -> list[str]:
    """Markdown lines: the readers' counts per run, then the rules-vs-grader disagreements."""
    numbers = [log_details(log) for log in logs]
    if not any(key in values for values in numbers for key, _ in COUNTS):
        return []
    lines = [
        "Who read the answers (answers decided by each; `vpt-tasks adjudicate` puts the "
        "grader-read, disputed and undecided ones before a human):",
        "",
        "| label | "
        + " | ".join(title for _, title in COUNTS)
        + " | rules agree with grader | annotators agree |",
        "|---" * (len(COUNTS) + 3) + "|",
    ]
    for label, log, values in zip(labels, logs, numbers, strict=True):
        counts = " | ".join(str(int(values.get(key, 0))) for key, _ in COUNTS)
        compared = values.get("rules_compared")
        agreement = (
            f"{100 * values['rules_agreement']:.1f}% of {int(compared)}" if compared else "–"
        )
        lines.append(
            f"| {label} | {counts} | {agreement} | {agreement_cell(sample_scores(log, epochs=True))} |"
        )
    lines.append("")
    for label, log, values in zip(labels, logs, numbers, strict=True):
        if not values.get("rules_compared"):
            continue
        found = rules_disagreements(log)
        if not found:
            continue
        lines += [
            f"Rules and grader disagree on {len(found)} answers of {label}"
            + (f" (first {SHOWN_DISAGREEMENTS})" if len(found) > SHOWN_DISAGREEMENTS else "")
            + ":",
            "",
            "| sample | rules | grader | rules' reason |",
            "|---|---|---|---|",
        ]
        for row in found[:SHOWN_DISAGREEMENTS]:
            lines.append(
                f"| {row['sample_id']} | {row['rules']} | {row['grader']} | {row['rules_why']} |"
            )
        lines.append("")
    return lines

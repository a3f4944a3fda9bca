"""Writing the decisions into the logs: all or nothing, locked per log, idempotent.

1. Every sheet is read and every decided row is matched to its log (by the run's
   `eval_id`, else by the log path), checked against the log's task, its sample and
   score, and the decisions the score allows. Rows of one score that disagree -- within
   a sheet, or between annotators' sheets unless a resolving sheet decides -- are
   refused. Any problem: nothing is written, and every offending row is listed.
2. Each log is locked (`<log>.lock`) for the whole read-edit-write, so two `--apply`
   runs on one log follow each other and neither loses the other's decisions.
3. A decision equal to the score's current human decision changes nothing (applying a
   sheet twice is a no-op). The others go through Inspect's score editing
   (`inspect_ai.log.edit_score` with `ProvenanceData`: the annotator, the time, the
   note), which keeps the original score in the score's history; the metrics are
   recomputed with the scorers' own metrics.
4. Every edited log is first written beside itself; only when all are written are
   they moved over the originals (an atomic rename each). The first original is kept
   as `<log>.orig`.
"""

from __future__ import annotations

import os
import shutil
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vpt_tasks.adjudication import decisions
from vpt_tasks.adjudication.errors import AdjudicationError
from vpt_tasks.adjudication.files import log_files
from vpt_tasks.adjudication.sheet import SheetRow, read_sheet, write_resolving_sheet

LOCK_TIMEOUT = 600.0
"""Seconds an `--apply` waits for another one holding a log's lock."""
BACKUP_SUFFIX = ".orig"
TOOL = "vpt-tasks adjudicate"

Key = tuple[str, str, str, str]
"""(log file, sample id, epoch, score name)."""


@dataclass
class Decision:
    """What the sheets say about one score."""

    key: Key
    rows: list[SheetRow]
    """The decided rows of the annotators' sheets, in sheet order."""
    resolution: SheetRow | None = None


@dataclass
class Edit:
    sample: Any
    score_name: str
    metadata: dict[str, Any]
    reading: decisions.HumanReading
    author: str
    note: str
    annotations: list[dict[str, str]]
    resolved_by: str | None


@dataclass
class Outcome:
    """What an `--apply` did, per log file."""

    applied: dict[str, int] = field(default_factory=dict)
    unchanged: dict[str, int] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)
    """Rows not applied (decided in only some of the annotators' sheets), one line each."""
    annotations: dict[str, list[list[str]]] = field(default_factory=dict)
    """Per log: the canonical decisions of each score decided in every annotator's sheet."""
    disputed: list[tuple[SheetRow, list[str]]] = field(default_factory=list)
    """Scores the annotators decided differently and no resolving sheet decided."""

    def agreement_lines(self) -> list[str]:
        """Cohen's kappa and raw agreement per log, over the rows every annotator decided."""
        from vpt_tasks.adjudication.agreement import agreement

        lines = []
        for file, rows in self.annotations.items():
            found = agreement([(r[0], r[1]) for r in rows])
            if found.rows:
                kappa = "undefined" if found.kappa != found.kappa else f"{found.kappa:.2f}"
                lines.append(
                    f"{file}: two annotators, Cohen's κ {kappa}, raw agreement "
                    f"{100 * found.raw:.1f}% over the {found.rows} rows both decided"
                )
        return lines


def _logs(paths: Iterable[str]) -> tuple[dict[str, Path], dict[str, Path], dict[str, str]]:
    """The logs given: by eval id, by resolved path, and each one's task."""
    from inspect_ai.log import read_eval_log

    files, _ = log_files(paths)
    by_id: dict[str, Path] = {}
    by_path: dict[str, Path] = {}
    tasks: dict[str, str] = {}
    for file in files:
        try:
            header = read_eval_log(str(file), header_only=True)
        except Exception:  # noqa: BLE001 - not a log: no row can name it
            continue
        eval_id = str(header.eval.eval_id)
        if eval_id in by_id and by_id[eval_id].resolve() != file.resolve():
            raise AdjudicationError(
                f"{by_id[eval_id]} and {file} are copies of one run (eval id {eval_id}); give one."
            )
        by_id[eval_id] = file
        by_path[str(file.resolve())] = file
        tasks[str(file)] = str(header.eval.task)
    return by_id, by_path, tasks


def _locate(
    row: SheetRow, by_id: dict[str, Path], by_path: dict[str, Path], tasks: dict[str, str]
) -> tuple[Path | None, str | None]:
    """The log file a row belongs to, or the problem."""
    values = row.values
    file = by_id.get(values.get("eval_id", "")) if values.get("eval_id") else None
    if file is None and values.get("log") and not values.get("eval_id"):
        file = by_path.get(str(Path(values["log"]).resolve()))
    if file is None:
        return None, (
            f"{row.where}: sample {values.get('sample_id')} is of the log {values.get('log')} "
            f"(run {values.get('eval_id') or '?'}), which is not among the logs given; "
            "pass that log (or its folder)"
        )
    if values.get("task") and values["task"] != tasks[str(file)]:
        return None, (
            f"{row.where}: the row is of task {values['task']}, but its log {file} is of "
            f"task {tasks[str(file)]}"
        )
    return file, None


def _gather(
    sheets: list[Path], resolve: Path | None, paths: Iterable[str]
) -> tuple[dict[Key, Decision], list[str], dict[str, Path]]:
    by_id, by_path, tasks = _logs(paths)
    problems: list[str] = []
    found: dict[Key, Decision] = {}
    files: dict[str, Path] = {}

    def key_of(row: SheetRow) -> Key | None:
        file, problem = _locate(row, by_id, by_path, tasks)
        if problem:
            problems.append(problem)
            return None
        assert file is not None
        files[str(file)] = file
        v = row.values
        return (str(file), v["sample_id"], v["epoch"] or "1", v["score"])

    for sheet in sheets:
        for row in read_sheet(sheet):
            if row.decision and (key := key_of(row)) is not None:
                found.setdefault(key, Decision(key, [])).rows.append(row)
    if resolve is not None:
        for row in read_sheet(resolve):
            if row.decision and (key := key_of(row)) is not None:
                decision = found.setdefault(key, Decision(key, []))
                if decision.resolution is not None and (
                    decision.resolution.decision.upper() != row.decision.upper()
                ):
                    problems.append(
                        f"{row.where}: a second resolution of sample {key[1]} "
                        f"({decision.resolution.where} says {decision.resolution.decision!r}, "
                        f"this row {row.decision!r})"
                    )
                decision.resolution = row
    return found, problems, files


@contextmanager
def _locked(files: Iterable[Path]) -> Iterator[None]:
    from filelock import FileLock, Timeout

    with ExitStack() as stack:
        for file in sorted(set(files), key=lambda f: str(f.resolve())):
            try:
                stack.enter_context(FileLock(f"{file}.lock", timeout=LOCK_TIMEOUT))
            except Timeout:
                raise AdjudicationError(
                    f"{file}: another `vpt-tasks adjudicate --apply` has held its lock for "
                    f"{LOCK_TIMEOUT:.0f} s; try again when it is done (or remove {file}.lock "
                    "if no other run is left)."
                ) from None
        yield


def _annotator(row: SheetRow) -> str:
    return row.values.get("annotator") or f"the annotator of {row.sheet.name}"


def _plan(
    decision: Decision, sample: Any, metadata: dict[str, Any], sheets: int, problems: list[str]
) -> tuple[Edit | None, list[str] | None]:
    """The edit of one score (None: a problem was appended, or not every sheet decided it),
    and the canonical decision of each annotator's sheet that decided it."""
    by_sheet: dict[Path, list[tuple[SheetRow, str]]] = defaultdict(list)
    for row in decision.rows:
        try:
            reading = decisions.canonical(decisions.parse(row.decision, metadata, sample))
        except ValueError as error:
            problems.append(f"{row.where}: sample {row.values['sample_id']}: decision {error}")
            return None, None
        by_sheet[row.sheet].append((row, reading))
    for entries in by_sheet.values():
        if len({reading for _, reading in entries}) > 1:
            listed = ", ".join(f"{row.where} says {reading!r}" for row, reading in entries)
            problems.append(f"sample {decision.key[1]}: conflicting rows in one sheet: {listed}")
            return None, None
    firsts = [entries[0] for entries in by_sheet.values()]
    per_sheet = [reading for _, reading in firsts]
    resolution = decision.resolution
    if resolution is not None:
        try:
            chosen = decisions.canonical(decisions.parse(resolution.decision, metadata, sample))
        except ValueError as error:
            problems.append(f"{resolution.where}: sample {decision.key[1]}: decision {error}")
            return None, per_sheet
    elif len(set(per_sheet)) > 1:
        listed = "; ".join(f"{row.where} ({_annotator(row)}) says {r!r}" for row, r in firsts)
        problems.append(
            f"sample {decision.key[1]}: the annotators disagree ({listed}); give a resolving "
            "sheet with --resolve"
        )
        return None, per_sheet
    elif len(by_sheet) < sheets:
        return None, per_sheet
    else:
        chosen = per_sheet[0]
    resolver = _annotator(resolution) if resolution is not None else None
    author = resolver or " and ".join(dict.fromkeys(_annotator(row) for row, _ in firsts))
    rows = [*decision.rows, *([resolution] if resolution is not None else [])]
    notes = dict.fromkeys(row.values.get("note", "") for row in rows)
    edit = Edit(
        sample=sample,
        score_name=decision.key[3],
        metadata=metadata,
        reading=decisions.parse(chosen, metadata, sample),
        author=author,
        note="; ".join(note for note in notes if note),
        annotations=(
            [{"annotator": _annotator(row), "decision": r} for row, r in firsts]
            if sheets > 1
            else []
        ),
        resolved_by=resolver,
    )
    return edit, per_sheet


def _unchanged(edit: Edit) -> bool:
    meta = edit.metadata
    return (
        meta.get("decided_by") == "human"
        and meta.get("reading") == edit.reading
        and (meta.get("annotations") or []) == edit.annotations
        and meta.get("adjudicated_by") == edit.author
    )


def _edit(log: Any, edit: Edit) -> None:
    from inspect_ai.log import ProvenanceData, edit_score
    from inspect_ai.scorer import ScoreEdit

    result = decisions.rescored(edit.reading, edit.metadata, edit.sample)
    history = edit.sample.scores[edit.score_name].history
    first = history[0].metadata if history and isinstance(history[0].metadata, dict) else None
    original = first if first is not None else edit.metadata
    before = {k: original.get(k) for k in ("decided_by", "reading", "why")}
    metadata = {
        **edit.metadata,
        **result.metadata,
        "reading": edit.reading,
        "decided_by": "human",
        "why": f"adjudicated by {edit.author}",
        "adjudicated_by": edit.author,
        "before_adjudication": before,
    }
    if edit.annotations:
        metadata["annotations"] = edit.annotations
    if edit.resolved_by:
        metadata["resolved_by"] = edit.resolved_by
    edit_score(
        log,
        edit.sample.id,
        edit.score_name,
        ScoreEdit(
            value=result.value,
            answer=result.answer,
            explanation=f"{result.explanation} (adjudicated by {edit.author})",
            metadata=metadata,
            provenance=ProvenanceData(
                author=edit.author,
                reason=edit.note or None,
                metadata={
                    "tool": TOOL,
                    **({"annotations": edit.annotations} if edit.annotations else {}),
                },
            ),
        ),
        recompute_metrics=False,
        epoch=edit.sample.epoch,
    )


def _write_all(logs: list[tuple[Path, Any]]) -> None:
    """Write every edited log beside itself, then move them all over the originals."""
    from inspect_ai.log import write_eval_log

    staged: list[tuple[Path, Path]] = []
    try:
        for file, log in logs:
            temporary = file.with_name(f".{file.stem}.adjudicating{file.suffix}")
            write_eval_log(log, str(temporary))
            staged.append((file, temporary))
    except BaseException:
        for _, temporary in staged:
            temporary.unlink(missing_ok=True)
        for file, _ in logs:
            file.with_name(f".{file.stem}.adjudicating{file.suffix}").unlink(missing_ok=True)
        raise
    for file, temporary in staged:
        backup = file.with_name(file.name + BACKUP_SUFFIX)
        if not backup.exists():
            shutil.copy2(file, backup)
        os.replace(temporary, file)


def apply(sheets: list[Path], paths: Iterable[str], resolve: Path | None = None) -> Outcome:
    """Apply the decided rows of `sheets` (one per annotator) to the logs; see the module."""
    from inspect_ai.log import read_eval_log, recompute_metrics

    paths = list(paths)
    found, problems, files = _gather(sheets, resolve, paths)
    outcome = Outcome()
    with _locked(files.values()):
        planned: list[tuple[Path, Any, list[Edit]]] = []
        for name, file in files.items():
            log = read_eval_log(str(file))
            samples = {(str(s.id), str(s.epoch)): s for s in log.samples or []}
            edits = []
            readings = []
            for key, decision in found.items():
                if key[0] != name:
                    continue
                sample = samples.get((key[1], key[2]))
                score = (sample.scores or {}).get(key[3]) if sample else None
                if sample is None or score is None:
                    where = (decision.rows or [decision.resolution])[0]
                    problems.append(
                        f"{where.where if where else ''}: {file} has no sample {key[1]} "
                        f"(epoch {key[2]}) with a score {key[3]!r}"
                    )
                    continue
                edit, per_sheet = _plan(
                    decision, sample, dict(score.metadata or {}), len(sheets), problems
                )
                if per_sheet is not None and len(per_sheet) == len(sheets) and len(sheets) > 1:
                    readings.append(per_sheet)
                if edit is None and decision.resolution is None and per_sheet is not None:
                    if len(set(per_sheet)) > 1 and decision.rows:
                        outcome.disputed.append((decision.rows[0], per_sheet))
                if edit is None:
                    if per_sheet is not None and len(set(per_sheet)) == 1:
                        outcome.skipped.append(
                            f"{decision.rows[0].where}: sample {key[1]} decided in "
                            f"{len(per_sheet)} of {len(sheets)} sheets: not applied"
                        )
                    continue
                edits.append(edit)
            outcome.annotations[str(file)] = readings
            planned.append((file, log, edits))
        if problems:
            lines = outcome.agreement_lines()
            if outcome.disputed:
                resolving = write_resolving_sheet(
                    outcome.disputed, sheets[0].with_name("resolve.csv")
                )
                lines.append(
                    f"the {len(outcome.disputed)} disputed rows are in {resolving}: decide them "
                    f"there and add --resolve {resolving}"
                )
            raise AdjudicationError(
                "nothing was applied; fix these rows first:\n  "
                + "\n  ".join(problems)
                + "".join(f"\n{line}" for line in lines)
            )
        changed = []
        for file, log, edits in planned:
            todo = [edit for edit in edits if not _unchanged(edit)]
            outcome.unchanged[str(file)] = len(edits) - len(todo)
            outcome.applied[str(file)] = len(todo)
            for edit in todo:
                _edit(log, edit)
            if todo:
                recompute_metrics(log)
                changed.append((file, log))
        _write_all(changed)
    return outcome

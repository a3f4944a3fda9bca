"""Where each column of a report comes from: its label, its "Runs" row, its sample count.

Every section starts with a Runs table (`run_table`): per column the model (with its `-M`
arguments), the grader and other model roles, the data source and its revision, how many
samples were scored of how many the data has (a run with `--limit` or `--sample-id` is
*partial*), the task arguments as they were given (names the task does not take, which it
warned about and ignored, apart), the package and task versions and the date.

Column labels (`model_labels`) are the model, plus what tells apart runs of one model (the
task arguments, `-M` arguments, model roles or data source that differ between them), plus
"n of N samples" for a partial run; two runs never share a label.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from vpt_tasks.core.templates import fill
from vpt_tasks.report.text import markdown


@dataclass(frozen=True)
class Coverage:
    """How much of its data a run scored."""

    scored: int
    """Samples scored (each counted once, whatever the epochs)."""
    total: int | None
    """Samples the data has (None: the log does not say)."""
    selection: str = ""
    """How the run chose fewer: `--limit 4`, `--sample-id`, or "" (errored samples, or none)."""

    @property
    def partial(self) -> bool:
        return self.total is not None and self.scored < self.total

    def describe(self) -> str:
        """`56`, or `4 of 56 (--limit 4)` for a partial run."""
        if not self.partial:
            return str(self.scored)
        how = f" ({self.selection})" if self.selection else ""
        return f"{self.scored} of {self.total}{how}"

    def short(self) -> str:
        """What a label says of a partial run: `4 of 56 samples`."""
        return f"{self.scored} of {self.total} samples"


def coverage(log: Any) -> Coverage:
    """The samples a finished run scored, out of those its data has."""
    spec = log.eval
    config = getattr(spec, "config", None)
    epochs = max(1, int(getattr(config, "epochs", None) or 1))
    results = getattr(log, "results", None)
    completed = getattr(results, "completed_samples", None)
    dataset = getattr(spec, "dataset", None)
    total = getattr(dataset, "samples", None)
    if completed is None:
        return Coverage(int(total or 0), total)
    limit = getattr(config, "limit", None)
    selection = ""
    if limit is not None:
        selection = "--limit " + (
            "-".join(str(x) for x in limit) if isinstance(limit, list | tuple) else str(limit)
        )
    elif getattr(config, "sample_id", None) is not None:
        selection = "--sample-id"
    return Coverage(int(completed) // epochs, total, selection)


def roles(log: Any) -> dict[str, str]:
    """The model roles of a run (`--model-role grader=...`): role -> model (and `-M` args)."""
    found = getattr(log.eval, "model_roles", None) or {}
    named = {}
    for role, config in found.items():
        configs = config if isinstance(config, list) else [config]
        named[str(role)] = ", ".join(_model_config(c) for c in configs)
    return named


def _model_config(config: Any) -> str:
    """A role's model as typed: its name and `-M` arguments."""
    args = getattr(config, "args", None) or {}
    given = " ".join(f"-M {k}={shown(v)}" for k, v in sorted(args.items()))
    return f"{getattr(config, 'model', config)} {given}".strip()


def ignored_arguments(log: Any) -> list[str]:
    """`-T` names the task does not take (it warned about them before the run and ignored them)."""
    return [
        str(name) for name in (getattr(log.eval, "metadata", None) or {}).get("ignored_args") or []
    ]


def given_arguments(log: Any) -> dict[str, Any]:
    """The task arguments as the user gave them (`-T`), without the source and ignored names."""
    passed = getattr(log.eval, "task_args_passed", None)
    if passed is None:
        passed = log.eval.task_args
    ignored = set(ignored_arguments(log))
    return {k: v for k, v in passed.items() if k != "source" and k not in ignored}


def source_of(log: Any) -> str:
    """The data source of a run: `demo`, `hub ORG/NAME`, `local DIR`, ..."""
    source = (getattr(log.eval, "metadata", None) or {}).get("source") or {}
    kind, location = source.get("kind", "?"), source.get("location", "?")
    return "demo" if kind == "demo" else f"{kind} {location}"


def revision_of(log: Any) -> str | None:
    """The commit (or tag) of a Hub source the run read; None for local data or when unknown."""
    source = (getattr(log.eval, "metadata", None) or {}).get("source") or {}
    revision = source.get("revision")
    return str(revision) if revision else None


def _source(log: Any) -> str:
    revision = revision_of(log)
    return source_of(log) + (f"@{revision[:12]}" if revision else "")


def shown(value: Any) -> str:
    """An argument's value as typed: Inspect splits `-T`/`-M` values at commas into lists."""
    if isinstance(value, list | tuple):
        return ",".join(shown(part) for part in value)
    return str(value)


def _task_arguments(ignore: Collection[str]) -> Callable[[Any], dict[str, str]]:
    """(name -> `name=value`) of a run's task arguments, for telling runs apart."""

    def parts(log: Any) -> dict[str, str]:
        skipped = {"source", *ignore, *ignored_arguments(log)}
        return {
            k: f"{k}={shown(v)}" for k, v in sorted(log.eval.task_args.items()) if k not in skipped
        }

    return parts


def _model_arguments(log: Any) -> dict[str, str]:
    found = getattr(log.eval, "model_args", None) or {}
    return {f"-M {k}": f"-M {k}={shown(v)}" for k, v in sorted(found.items())}


def _roles(log: Any) -> dict[str, str]:
    return {f"{role} model": f"{role} model={m}" for role, m in sorted(roles(log).items())}


def _data(log: Any) -> dict[str, str]:
    return {"source": _source(log)}


def model_labels(
    logs: Sequence[Any],
    *,
    ignore: Collection[str] = (),
    unique: bool = True,
    model_args: bool = True,
) -> list[str]:
    """Column labels, unique: the model, plus what tells its runs apart where a model repeats.

    Labels are escaped for Markdown tables (`markdown`); a figure shows `plain(label)`.
    Runs of one model are told apart by the task arguments that differ between them (e.g.
    `solver=first_person`; names the task ignored and the names in `ignore` left out), the
    `-M` arguments, the model roles (`grader model=...`) and the data source that differ;
    a partial run says how many of its data's samples it scored (`4 of 56 samples`). Runs
    still alike get their date, then a number. For labels that name a group of runs, alike
    but for the `ignore`d task arguments: `unique=False` (no date or number), and
    `model_args=False` leaves the `-M` arguments out. The "Runs" table of each section
    (`run_table`) gives the full provenance of every label.
    """
    parts: list[list[str]] = [[] for _ in logs]
    by_model: dict[str, list[int]] = {}
    for index, log in enumerate(logs):
        by_model.setdefault(log.eval.model, []).append(index)
    # (what a run has, how a run without it is shown)
    dimensions = (
        (_task_arguments(ignore), "{key}=None"),
        *([(_model_arguments, "no {key}")] if model_args else []),
        (_roles, "no {key}"),
        (_data, "no {key}"),
    )
    for indices in by_model.values():
        if len(indices) == 1:
            continue
        for dimension, absent in dimensions:
            values = [dimension(logs[i]) for i in indices]
            keys = sorted({key for found in values for key in found})
            for key in keys:
                if len({found.get(key) for found in values}) > 1:
                    for i, found in zip(indices, values, strict=True):
                        shown = fill(absent, {"key": key}, where="a run label")
                        parts[i].append(found.get(key) or shown)
    for index, log in enumerate(logs):
        covered = coverage(log) if getattr(log, "results", None) is not None else None
        if covered is not None and covered.partial:
            parts[index].append(covered.short())
    labels = [_label(log, own) for log, own in zip(logs, parts, strict=True)]
    for step in ("date", "number") if unique else ():
        repeated = {label for label in labels if labels.count(label) > 1}
        if not repeated:
            break
        seen: dict[str, int] = {}
        for index, label in enumerate(labels):
            if label not in repeated:
                continue
            seen[label] = seen.get(label, 0) + 1
            extra = _date(logs[index]) if step == "date" else f"#{seen[label]}"
            parts[index].append(extra)
            labels[index] = _label(logs[index], parts[index])
    return [markdown(label) for label in labels]


def _label(log: Any, parts: list[str]) -> str:
    return f"{log.eval.model} ({', '.join(parts)})" if parts else str(log.eval.model)


def _date(log: Any) -> str:
    return (getattr(log.eval, "created", None) or "")[:16].replace("T", " ")


def run_table(logs: Sequence[Any], labels: Sequence[str]) -> list[str]:
    """A "Runs" table: where the numbers under each label came from."""
    found_roles = sorted({role for log in logs for role in roles(log)} | {"grader"})
    ignored = any(ignored_arguments(log) for log in logs)
    header = [
        "label",
        "model",
        *(f"{role} model" for role in found_roles),
        "data source",
        "revision",
        "samples scored",
        "task arguments (as given)",
        *(["ignored (not arguments of the task)"] if ignored else []),
        "vpt-tasks",
        "task version",
        "date (UTC)",
    ]
    lines = [
        "Runs (where each column comes from):",
        "",
        "| " + " | ".join(header) + " |",
        "|---" * len(header) + "|",
    ]
    for label, log in zip(labels, logs, strict=True):
        model_args = " ".join(
            f"-M {k}={shown(v)}" for k, v in sorted((log.eval.model_args or {}).items())
        )
        given = ", ".join(f"{k}={shown(v)}" for k, v in sorted(given_arguments(log).items()))
        run_roles = roles(log)
        task_args = log.eval.task_args
        skipped = ", ".join(f"{k}={shown(task_args.get(k))}" for k in ignored_arguments(log))
        cells = [
            label,
            markdown(f"{log.eval.model} {model_args}".strip()),
            *(markdown(run_roles.get(role, "–")) for role in found_roles),
            markdown(source_of(log)),
            markdown(revision_of(log) or "–"),
            markdown(coverage(log).describe()),
            markdown(given or "defaults"),
            *([markdown(skipped or "–")] if ignored else []),
            markdown((getattr(log.eval, "packages", None) or {}).get("vpt-tasks", "?")),
            markdown(getattr(log.eval, "task_version", "?")),
            markdown(_date(log)),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    partial = [label for label, log in zip(labels, logs, strict=True) if coverage(log).partial]
    if partial:
        lines += [
            "",
            f"Partial runs ({', '.join(partial)}): scored fewer samples than their data has, so "
            "a number that needs every question, curve or item of the data is undefined (–) "
            "for them and the others rest on fewer samples.",
        ]
    return [*lines, ""]


def provenance(log: Any) -> dict[str, Any]:
    """The provenance of a run for report.json."""
    found = coverage(log)
    run_roles = roles(log)
    return {
        "model_args": dict(getattr(log.eval, "model_args", None) or {}),
        "grader_model": run_roles.get("grader"),
        "model_roles": run_roles,
        "task_args_given": given_arguments(log),
        "ignored_args": {k: log.eval.task_args.get(k) for k in ignored_arguments(log)},
        "revision": revision_of(log),
        "samples": {
            "scored": found.scored,
            "total": found.total,
            "partial": found.partial,
            "selection": found.selection or None,
        },
    }

"""The grader check as data: the kinds of answer, the split, the interval level.

Read from `task_configs/grader_check.yaml` and validated by the types below.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Literal

from pydantic import Field

from vpt_tasks.core.config import ConfigModel, TaskConfig, load_model

Kind = Literal["two_options", "four_options", "components"]
KINDS: tuple[Kind, ...] = ("two_options", "four_options", "components")
"""The kinds of answer a grader model reads in this package, in report order."""

CANONICAL_SCHEMA: dict[str, str] = {
    "id": "string",
    "kind": "string",
    "answer": "string",
    "label": "string",
    "question": "string",
    "options": "string",
    "dataset": "string",
    "prompt": "string",
    "question_id": "string",
    "object": "string",
    "language": "string",
    "style": "string",
    "note": "string",
    "source_file": "string",
}
"""The canonical columns of a grader-check source: one labelled answer per row.

`kind` is `two_options`, `four_options` or `components`; `label` is JSON: an option
letter, `"unknown"` (the answer commits to no option), `"ambiguous"` (a careful annotator
could not settle it) or a list of components; `options` is a JSON object (letter -> text
or value, in the order shown), `{}` for components. Two options also give `dataset`
(`isle-brick` / `isle-dots`) and `prompt` (`zero_shot` / `cot`); components give
`question_id` (Q1-Q7) and `object`. `language` is an ISO code where known, else empty."""


class KindSpec(ConfigModel):
    """One kind of answer: how the report titles it and whose grader reads it."""

    title: str
    grader: str


class FirstRuns(ConfigModel):
    """Confident-wrong readings of the rules in the first runs of held-out rounds."""

    wrong: int = Field(ge=0)
    answers: int = Field(gt=0)

    @property
    def rate(self) -> float:
        return self.wrong / self.answers


class RulesFirstRuns(ConfigModel):
    """The rules' out-of-sample confident-wrong counts, per kind (docs/reading-answers.md)."""

    rounds: str
    two_options: FirstRuns
    four_options: FirstRuns
    components: FirstRuns


class GraderCheckSpec(TaskConfig):
    """The whole protocol of the check."""

    split: str
    kinds: dict[Kind, KindSpec]
    confidence: float = Field(gt=0.0, lt=1.0)
    rules_first_runs: RulesFirstRuns


@functools.cache
def load_spec(path: Path | None = None) -> GraderCheckSpec:
    """The grader check from its task config (or from the YAML file at `path`)."""
    return load_model(GraderCheckSpec, "grader_check", path)

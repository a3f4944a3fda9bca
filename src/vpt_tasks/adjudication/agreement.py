"""Agreement between two annotators: Cohen's kappa and raw agreement, per run.

Isle-Brick-V2 ("Beyond Recognition", Evaluation Procedure): "Two research assistants
processed the model's responses, extracting the key answer components. [...] Rare
disagreements, less than 1%, were resolved by a third person." `--apply A.csv --apply
B.csv --resolve C.csv` does the same (the paper reports a disagreement rate, not kappa). Each adjudicated score keeps
both annotators' decisions (`annotations` in its metadata), so the agreement of a run
can be computed from its log at any time -- by `--apply` and by `vpt-tasks report`.

Cohen's kappa: (p_o - p_e) / (1 - p_e), with p_o the share of rows both annotators
decided alike and p_e the agreement expected from each one's own shares of decisions.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Agreement:
    rows: int
    """Rows both annotators decided."""
    agreed: int
    kappa: float
    """NaN when undefined (no rows, or both gave one same decision throughout)."""

    @property
    def raw(self) -> float:
        return self.agreed / self.rows if self.rows else math.nan

    def text(self) -> str:
        if not self.rows:
            return "–"
        kappa = "undefined" if math.isnan(self.kappa) else f"{self.kappa:.2f}"
        return f"κ {kappa}, {100 * self.raw:.1f}% of {self.rows}"


def agreement(pairs: Sequence[tuple[str, str]]) -> Agreement:
    """Cohen's kappa and raw agreement of the (first, second) decisions of each row."""
    rows = len(pairs)
    agreed = sum(a == b for a, b in pairs)
    if not rows:
        return Agreement(0, 0, math.nan)
    first = Counter(a for a, _ in pairs)
    second = Counter(b for _, b in pairs)
    expected = sum(first[c] * second[c] for c in first) / rows**2
    observed = agreed / rows
    kappa = math.nan if expected == 1 else (observed - expected) / (1 - expected)
    return Agreement(rows, agreed, kappa)


def scores_agreement(scores: Iterable[Any]) -> Agreement:
    """The agreement of the first two annotators over adjudicated scores (`SampleScore`s,
    one per sample and epoch, as `report.logs.sample_scores(log, epochs=True)` gives)."""
    pairs = []
    for sample_score in scores:
        annotations = (sample_score.score.metadata or {}).get("annotations") or []
        if len(annotations) >= 2:
            pairs.append((str(annotations[0]["decision"]), str(annotations[1]["decision"])))
    return agreement(pairs)


def agreement_cell(scores: Iterable[Any]) -> str:
    """The report's cell: `κ 0.67, 75.0% of 4`, or `–` for a run without two annotators."""
    return scores_agreement(scores).text()

"""Who decides what a free-text answer says: the rules, then the grader model -- one path.

What: the `-T grader=` flow shared by every scorer kind that reads free text
(option mapping, merge match, set precision). A scorer kind plugs in three
things -- its rules (deterministic; they may leave an answer *undecided*), its
grader call (the `grader` model role) and how a reading is scored -- and gets
one scorer with one metadata vocabulary.

Why: the reading of an answer is part of the measurement. Rules decide only
what they can show has one reading; the grader decides the rest; what nobody
decided is *undecided* and counted, never a silent guess. Grader replies are
data: a reply outside the vocabulary (naming nothing offered, two values, a
negated one) leaves the answer *undecided* (`why` = `grader_unreadable (...)`),
and the grader's reply is kept beside it; a reply that is no reply at all
(empty, cut off at its token limit) or a grader call that fails is
:class:`GraderReplyError`: the sample ends in error -- counted, the run goes on
under the tasks' `fail_on_error` default (`core.solvers.SAMPLE_ERRORS`) -- and
`inspect eval-retry` scores it again.

The stages run through Inspect's own scorer cascade (`inspect_ai.scorer.cascade`),
which stops at the first stage that returns a score and records the stage in
the score's metadata as `decided_by`:

| `-T grader=` | stages |
|---|---|
| `auto` (default) | `rules`, then `grader` (when the role is bound), then `undecided` |
| `rules` | `rules`, then `undecided` |
| `narrow` | `rules` on a bare answer only (`reading.bare_answer`: "B", "North-east.", one final "Answer: ..." line), then `grader` for the rest, then `undecided` |
| `llm` | `grader` for every answer (an empty answer or a provider refusal is still read by the rules), then `undecided` |
| `both` | as `llm`, with the rules' reading recorded beside the grader's (agreement is reported) |

An answer the grader was asked about but could not read goes on to the `undecided` stage.

Score metadata, the same for every scorer kind:

- `decided_by`: `rules`, `grader`, `undecided` -- or `human` after
  `vpt-tasks adjudicate --apply`;
- `reading`: what was decided (an option letter, `"Z"` for no option, or the
  sorted list of components); null when undecided;
- `why`: the rules' reason (the readers that agreed, `refusal`, `empty_answer`,
  `content_filter`, or the doubt that left it undecided), `grader`, or why nobody
  decided (`no_grader`, `grader_unreadable (<what the reply did>)`);
- `rules_reading`, `rules_why`: what the rules read (also when the grader decided);
- `grader_reply`: the grader's raw reply, when it was asked.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, cascade, metric
from inspect_ai.solver import TaskState

from vpt_tasks.core.args import GRADER_MODES, grader_bound
from vpt_tasks.scorers.reading import bare_answer, prepare

__all__ = [
    "DECIDERS",
    "UPPER",
    "crediting_undecided",
    "GraderMode",
    "GraderReading",
    "GraderReplyError",
    "RulesReading",
    "ScoredReading",
    "decision_counts",
    "disagreements",
    "read_answer",
    "rules_agreement",
    "rules_beside_grader",
]

GraderMode = Literal["auto", "rules", "narrow", "llm", "both"]
DECIDERS = ("rules", "grader", "human", "undecided")
"""The values of `decided_by`, in the order the counters report them."""


class GraderReplyError(RuntimeError):
    """The grader model gave no reply (empty, cut off at its token limit, or the call failed
    after Inspect's retries): the sample ends in error and `inspect eval-retry` scores it again.
    (A reply outside the vocabulary is a reply: the answer stays undecided.)"""


@dataclass(frozen=True)
class RulesReading:
    """What the rules made of one answer."""

    reading: Any
    """The reading, or None when the rules leave the answer undecided."""
    why: str


@dataclass(frozen=True)
class GraderReading:
    """What the grader made of one answer."""

    reading: Any
    """The reading, or None when the reply named nothing the grader was offered (undecided)."""
    reply: str
    """Its raw reply (the last one, when it was asked several times)."""
    details: dict[str, Any] = field(default_factory=dict)
    """Kind-specific metadata of the calls (e.g. every reply of a judge asked again)."""
    why: str = "grader"
    """`grader`, or why the reply is no reading (`grader_unreadable (...)`)."""


@dataclass(frozen=True)
class ScoredReading:
    """How a scorer kind scores and shows one reading."""

    value: float
    answer: str
    explanation: str
    metadata: dict[str, Any]
    """Kind-specific keys (e.g. `chosen`, `components`) added to the common vocabulary."""


Rules = Callable[[str, TaskState], RulesReading]
"""The deterministic reading of (the answer text, the sample)."""
Grader = Callable[[str, TaskState], Awaitable[GraderReading]]
"""Asks the grader role; returns its reading (None: its reply is unreadable) or raises
GraderReplyError (no reply)."""
Value = Callable[[Any, TaskState, Target], ScoredReading]
"""Scores a reading (None: undecided) against the sample's target."""


def answer_text(state: TaskState) -> str:
    """The model's final answer text ('' when there is none)."""
    return state.output.completion if state.output else ""


def _refused(state: TaskState) -> bool:
    return state.output is not None and state.output.stop_reason == "content_filter"


def read_answer(
    *,
    rules: Rules,
    grader: Grader,
    value: Value,
    mode: GraderMode = "auto",
    no_answer: Any = None,
) -> Scorer:
    """One scorer: the rules and/or the grader read each answer, `value` scores the reading.

    Args:
        rules: the scorer kind's deterministic reading.
        grader: the scorer kind's call of the `grader` model role.
        value: scores a reading (and None, for an undecided answer).
        mode: `-T grader=` (see the module docstring).
        no_answer: the reading of an empty answer or a provider refusal (content
            filter), decided without the grader in every mode.
    """
    if mode not in GRADER_MODES:
        raise ValueError(f"grader must be one of {', '.join(GRADER_MODES)}, not {mode!r}")

    def scored(reading: Any, state: TaskState, target: Target, **common: Any) -> Score:
        result = value(reading, state, target)
        return Score(
            value=result.value,
            answer=result.answer,
            explanation=result.explanation,
            metadata={"reading": reading, **common, **result.metadata, "refused": _refused(state)},
        )

    def certain(state: TaskState) -> RulesReading | None:
        """Answers nobody needs to read: empty, or refused by the provider."""
        if _refused(state):
            return RulesReading(no_answer, "content_filter")
        if not answer_text(state).strip():
            return RulesReading(no_answer, "empty_answer")
        return None

    # the rules' reading of an answer they left undecided, kept for the next stage of the
    # same sample (the grader or the undecided stage) instead of reading it again
    pending: dict[tuple[Any, int, str], RulesReading] = {}
    # an answer the grader could not read: the rules' reading and the grader's, for the
    # undecided stage of the same sample
    unread: dict[tuple[Any, int, str], tuple[RulesReading | None, GraderReading]] = {}

    def key(state: TaskState) -> tuple[Any, int, str]:
        return (state.sample_id, state.epoch, answer_text(state))

    def by_rules(state: TaskState) -> RulesReading:
        kept = pending.pop(key(state), None)
        return kept or certain(state) or rules(answer_text(state), state)

    async def rules_stage(state: TaskState, target: Target) -> Score | None:
        read = by_rules(state)
        if read.reading is None:
            pending[key(state)] = read
            return None
        return scored(
            read.reading,
            state,
            target,
            why=read.why,
            rules_reading=read.reading,
            rules_why=read.why,
        )

    async def bare_stage(state: TaskState, target: Target) -> Score | None:
        if certain(state) is None and not bare_answer(prepare(answer_text(state))):
            return None  # the grader reads it
        return await rules_stage(state, target)

    async def certain_stage(state: TaskState, target: Target) -> Score | None:
        read = certain(state)
        if read is None:
            return None
        return scored(
            read.reading,
            state,
            target,
            why=read.why,
            rules_reading=read.reading,
            rules_why=read.why,
        )

    async def grader_stage(state: TaskState, target: Target) -> Score | None:
        if mode == "auto" and not grader_bound():
            return None
        read = by_rules(state) if mode != "llm" else None
        graded = await grader(answer_text(state), state)
        if graded.reading is None:
            unread[key(state)] = (read, graded)
            return None
        return scored(
            graded.reading,
            state,
            target,
            why="grader",
            rules_reading=read.reading if read else None,
            rules_why=read.why if read else None,
            grader_reply=graded.reply,
            **graded.details,
        )

    async def undecided_stage(state: TaskState, target: Target) -> Score:
        asked = unread.pop(key(state), None)
        if asked is not None:  # the grader's reply named nothing it was offered
            rules_read, graded = asked
            return scored(
                None,
                state,
                target,
                why=graded.why,
                rules_reading=rules_read.reading if rules_read else None,
                rules_why=rules_read.why if rules_read else None,
                grader_reply=graded.reply,
                **graded.details,
            )
        read = by_rules(state)
        why = read.why if mode == "rules" else f"no_grader ({read.why})"
        return scored(
            None,
            state,
            target,
            why=why,
            rules_reading=None,
            rules_why=read.why,
        )

    stages: dict[str, Scorer]
    if mode == "rules":
        stages = {"rules": rules_stage, "undecided": undecided_stage}
    elif mode == "auto":
        stages = {"rules": rules_stage, "grader": grader_stage, "undecided": undecided_stage}
    elif mode == "narrow":
        stages = {"rules": bare_stage, "grader": grader_stage, "undecided": undecided_stage}
    else:
        stages = {"rules": certain_stage, "grader": grader_stage, "undecided": undecided_stage}
    return cascade(threshold=0.0, **stages)


# --------------------------------------------------------------------------
# counters


def decision_counts(scores: list[SampleScore]) -> dict[str, float]:
    """How many answers each decider read: `decided_by_rules`, `decided_by_grader`,
    `decided_by_human` and `undecided` (they add up to the scored answers)."""
    counts = dict.fromkeys(DECIDERS, 0)
    for s in scores:
        decided_by = str((s.score.metadata or {}).get("decided_by", "undecided"))
        counts[decided_by if decided_by in counts else "undecided"] += 1
    return {
        ("undecided" if name == "undecided" else f"decided_by_{name}"): float(count)
        for name, count in counts.items()
    }


def rules_agreement(scores: list[SampleScore]) -> dict[str, float]:
    """Rules beside the grader (`-T grader=both`): how often they read the same.

    Keys, only when some answer was compared (so other runs print nothing and nothing
    is NaN): `rules_agreement`, the share of the grader-read answers that the rules also
    decided on which both read the same; `rules_compared`, how many answers that is.
    """
    compared = [m for m in _graded(scores) if m.get("rules_reading") is not None]
    if not compared:
        return {}
    agreed = sum(m["rules_reading"] == m.get("reading") for m in compared)
    return {"rules_agreement": agreed / len(compared), "rules_compared": float(len(compared))}


def disagreements(scores: list[SampleScore]) -> list[dict[str, Any]]:
    """The answers on which the rules and the grader read differently (for the report)."""
    return [
        {
            "sample_id": s.sample_id,
            "rules": m.get("rules_reading"),
            "grader": m.get("reading"),
            "rules_why": m.get("rules_why"),
        }
        for s, m in zip(scores, (s.score.metadata or {} for s in scores), strict=True)
        if m.get("decided_by") == "grader"
        and m.get("rules_reading") is not None
        and m.get("rules_reading") != m.get("reading")
    ]


def _graded(scores: list[SampleScore]) -> list[dict[str, Any]]:
    return [
        s.score.metadata
        for s in scores
        if s.score.metadata and s.score.metadata.get("decided_by") == "grader"
    ]


@metric
def rules_beside_grader() -> Metric:
    """`rules_agreement` and `rules_compared` under `-T grader=both` (nothing otherwise)."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        return rules_agreement(scores)

    return compute


READING_COUNTS = ("undecided", "decided_by_rules", "decided_by_grader", "decided_by_human")
"""The printed order of who read the answers: undecided first, the one to watch."""


UPPER = "_if_undecided_right"
"""Suffix of a headline's upper bound: the headline with every undecided answer counted
right. The headline itself counts them wrong (an answer nobody read is never credited), so
the true value lies between the two; the bound is printed only when some answer is
undecided."""


def crediting_undecided(
    scores: list[SampleScore], right: Callable[[SampleScore], dict[str, Any]] | None = None
) -> list[SampleScore] | None:
    """The scores with every undecided answer counted right (value 1; `right(score)` adds the
    score metadata a scorer kind reads, e.g. the chosen option = the gold one); None when no
    answer is undecided. For the upper end of the interval undecided answers leave open."""
    undecided = [
        i for i, s in enumerate(scores) if (s.score.metadata or {}).get("decided_by") == "undecided"
    ]
    if not undecided:
        return None
    credited = list(scores)
    for i in undecided:
        s = scores[i]
        metadata = {**(s.score.metadata or {}), **(right(s) if right else {})}
        credited[i] = SampleScore(
            score=Score(value=1.0, answer=s.score.answer, metadata=metadata),
            sample_id=s.sample_id,
            sample_metadata=s.sample_metadata,
            scorer=s.scorer,
        )
    return credited


@metric
def answer_counts() -> Metric:
    """Who read the answers, as the counts printed after a task's rates (their own metric,
    so their own group in the log): `undecided`, `decided_by_rules`, `decided_by_grader`,
    `decided_by_human` (`decision_counts`)."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        counts = decision_counts(scores)
        return {name: counts[name] for name in READING_COUNTS}

    return compute

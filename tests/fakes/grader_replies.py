"""Recorded replies of a fake grader for `vpt_tasks/grader_check`, served by `openai_server`.

A grader-check sample's input is the exact prompt a scorer sends its grader; these
responders look the prompt up (its exact text) and reply as a grader would:

- :func:`faithful`: the label, as the grader is asked to write it ("Yes" / "3" / "Unknown"
  for two options, the letter or "Z" for four, the JSON list of components), and a reply
  outside the vocabulary ("I cannot tell.") for an ambiguous answer -- a grader that agrees
  with every label: agreement 100%, no confident-wrong reading;
- :func:`adversarial`: the ways a grader goes wrong, in turn over the answers: a wrong
  option (`WRONG`), a reply outside the vocabulary (`OUT_OF_VOCABULARY`), the label
  negated ("not left", `NEGATED`) and an empty reply (`EMPTY`). :func:`expected_outcomes`
  says what the check must make of each.

Each responder records its replies by sample id (`Recording.replies`).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tests.fakes.openai_server import Reply, last_user_text

WRONG, OUT_OF_VOCABULARY, NEGATED, EMPTY = "wrong", "out_of_vocabulary", "negated", "empty"
FAULTS = (WRONG, OUT_OF_VOCABULARY, NEGATED, EMPTY)


@dataclass
class Recording:
    """A responder serving recorded replies by prompt; `asked` counts requests per sample."""

    replies: dict[str, str]
    """Sample id -> the reply recorded for it."""
    by_prompt: dict[str, str]
    """Prompt text -> sample id."""
    asked: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __call__(self, request: dict[str, Any]) -> Reply | str:
        sample = self.by_prompt[last_user_text(request).strip()]
        with self.lock:
            self.asked[sample] = self.asked.get(sample, 0) + 1
        return Reply(self.replies[sample])


def prompts(samples: Sequence[Any]) -> dict[str, str]:
    """Prompt text -> sample id, for samples whose prompts are distinct."""
    found = {_text(sample): str(sample.id) for sample in samples}
    assert len(found) == len(samples), "two samples share a prompt: replies would be ambiguous"
    return found


def _text(sample: Any) -> str:
    message = sample.input[0]
    content = message.content
    return (content if isinstance(content, str) else "\n".join(p.text for p in content)).strip()


def _value(meta: Mapping[str, Any], letter: str) -> str:
    return str(meta["options"][letter])


def faithful_reply(meta: Mapping[str, Any]) -> str:
    """The label as a grader replies it (see the module docstring)."""
    kind, label = meta["answer_kind"], meta["label"]
    if label == "ambiguous":
        return "I cannot tell."
    if kind == "two_options":
        return "Unknown" if label == "unknown" else _value(meta, label)
    if kind == "four_options":
        return "Z" if label == "unknown" else label
    return json.dumps(label)


def _other_components(meta: Mapping[str, Any], pool: Sequence[str]) -> list[str]:
    label = meta["label"] if isinstance(meta["label"], list) else []
    return [next(c for c in pool if c not in label)]


def adversarial_reply(meta: Mapping[str, Any], fault: str, pool: Sequence[str] = ()) -> str:
    """The reply of a grader that goes wrong with `fault` (one of `FAULTS`)."""
    kind, label = meta["answer_kind"], meta["label"]
    if fault == EMPTY:
        return ""
    if kind == "two_options":
        options = meta["options"]
        named = label if label in options else "A"
        if fault == WRONG:
            other = next(k for k in options if k != named) if label in options else named
            return _value(meta, other)
        if fault == OUT_OF_VOCABULARY:
            return "Maybe"
        return f"Not {_value(meta, named)}"
    if kind == "four_options":
        named = label if label in meta["options"] else "A"
        if fault == WRONG:
            return next(k for k in meta["options"] if k != label)
        if fault == OUT_OF_VOCABULARY:
            return "Maybe"
        return f"The answer is not {named}"
    if fault == WRONG:
        return json.dumps(_other_components(meta, pool))
    if fault == OUT_OF_VOCABULARY:
        return '["up"]'
    word = label[0] if isinstance(label, list) and label else "left"
    return json.dumps([f"not {word}"])


def faithful(samples: Sequence[Any]) -> Recording:
    return Recording({str(s.id): faithful_reply(s.metadata) for s in samples}, prompts(samples))


def faults(samples: Sequence[Any]) -> dict[str, str]:
    """The fault each sample gets: in turn, per kind."""
    given: dict[str, str] = {}
    per_kind: dict[str, int] = {}
    for sample in samples:
        kind = sample.metadata["answer_kind"]
        index = per_kind.get(kind, 0)
        per_kind[kind] = index + 1
        given[str(sample.id)] = FAULTS[index % len(FAULTS)]
    return given


def adversarial(
    samples: Sequence[Any], pool: Callable[[Mapping[str, Any]], Sequence[str]]
) -> Recording:
    given = faults(samples)
    replies = {
        str(s.id): adversarial_reply(s.metadata, given[str(s.id)], pool(s.metadata))
        for s in samples
    }
    return Recording(replies, prompts(samples))


def expected_outcomes(samples: Sequence[Any]) -> dict[str, str]:
    """What the check must make of each adversarial reply: `wrong` (a wrong option read as
    one), `undecided` (outside the vocabulary, negated) or `error` (empty: no reply)."""
    return {
        sample: {WRONG: "wrong", OUT_OF_VOCABULARY: "undecided", NEGATED: "undecided"}.get(
            fault, "error"
        )
        for sample, fault in faults(samples).items()
    }

"""Building the user messages of samples, and the hints baseline models read.

Each vpt_tasks sample states, in the metadata of its user message, the pool of
permissible answers of the question asked and a stable key of the sample. Real
model providers ignore message metadata; the project's baseline providers
(`vpt_tasks/random`, ...) read it to answer like Isle-Brick-V2's random baseline (one
of the permissible answers, uniformly: its Appendix A.3), deterministically per sample.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspect_ai.model import ChatMessageUser, Content, ContentImage, ContentText

HINT_KEY = "vpt_tasks"


def baseline_hint(
    answer_pool: Sequence[str], sample_key: str, *, yes_no: bool = False
) -> dict[str, Any]:
    """Message metadata telling baseline providers what they may answer.

    `yes_no=True` marks a two-word pool as (yes, no) in the question's language
    (e.g. ["Ja", "Nein"]), so that baselines answer "yes" with `pool[0]` and can
    return yes/no log-probabilities for it.
    """
    hint: dict[str, Any] = {"answer_pool": list(answer_pool), "sample_key": sample_key}
    if yes_no:
        if len(answer_pool) != 2:
            raise ValueError(f"a yes/no answer pool has two words, got {list(answer_pool)}")
        hint["yes_no"] = True
    return {HINT_KEY: hint}


def user_message(
    parts: Sequence[str | ContentImage],
    *,
    answer_pool: Sequence[str],
    sample_key: str,
    yes_no: bool = False,
) -> ChatMessageUser:
    """A user message whose text and images keep the order given in `parts`."""
    content: list[Content] = [
        ContentText(text=part) if isinstance(part, str) else part for part in parts
    ]
    return ChatMessageUser(
        content=content, metadata=baseline_hint(answer_pool, sample_key, yes_no=yes_no)
    )


def image(path: str) -> ContentImage:
    """An image content part referencing a stored file (not a copy of its bytes)."""
    return ContentImage(image=path)


def read_hint(metadata: dict[str, Any] | None) -> dict[str, Any] | None:
    """The baseline hint in a message's metadata, if any."""
    if not metadata:
        return None
    hint = metadata.get(HINT_KEY)
    return hint if isinstance(hint, dict) else None

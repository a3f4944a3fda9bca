"""Things a user should know before a run that are not faults: said calmly.

Inspect shows a logged warning in a WARNING box, which a newcomer reads as a mistake of
theirs; a note is one plain line on stderr (and an INFO record, shown with `--log-level
info`), for how a run will behave: answers counted as undecided without a grader, the text
a constant baseline answers.
"""

from __future__ import annotations

import logging
import sys

logger = logging.getLogger("vpt_tasks")


def note(text: str) -> None:
    """One plain line on stderr, and the same at INFO level in the log."""
    print(text, file=sys.stderr, flush=True)
    logger.info(text)

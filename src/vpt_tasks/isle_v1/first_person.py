"""`-T solver=first_person` for Isle v1: the data's question restated in the first person.

The questions come with the data ("Assuming the Lego minifigure with a red cap
has the ability to see, can it see the cup in the picture?"), so the
first-person question is made from them by the templates of
`task_configs/isle_v1.yaml` (`first_person`): a question that matches a
template's `question` is sent as its `first_person` wording with the same
values ("Imagine you are the Lego minifigure with a red cap in the picture,
and you can see. Can you see the cup?"). A question that matches no template
gets the framing sentence in front of it ("Imagine you are the Lego
minifigure in the picture, and you can see. <question>"); the task counts
those, so a data set whose wording differs from the templates is visible.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from vpt_tasks.core.templates import fill

FirstPersonHow = Literal["template", "framing"]
"""How a question was restated (sample metadata `first_person`)."""

_FIELD = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Template:
    """One question wording and its first-person restatement."""

    question: str
    """The data's wording; `{name}` matches any text, `{rest}` whatever follows."""
    first_person: str
    """The restatement; `{name}` the matched text, `{framing}` the framing sentence."""

    def pattern(self) -> re.Pattern[str]:
        parts: list[str] = []
        position = 0
        for m in _FIELD.finditer(self.question):
            parts.append(_literal(self.question[position : m.start()]))
            name = m.group(1)
            parts.append(f"(?P<{name}>.*)" if name == "rest" else f"(?P<{name}>.+?)")
            position = m.end()
        parts.append(_literal(self.question[position:]))
        return re.compile("".join(parts), re.IGNORECASE | re.DOTALL)


def _literal(text: str) -> str:
    return r"\s+".join(re.escape(word) for word in text.split(" ")) if text else ""


@dataclass(frozen=True)
class FirstPersonSpec:
    """The first-person wording of one dataset type: its framing sentence and templates."""

    framing: str
    templates: tuple[Template, ...]

    def restate(self, question: str) -> tuple[str, FirstPersonHow]:
        """The question in the first person, and whether a template or the framing made it."""
        text = " ".join(question.split())
        for template in self.templates:
            m = template.pattern().fullmatch(text)
            if m:
                slots = {**m.groupdict(), "framing": self.framing}
                where = "task_configs/isle_v1.yaml first_person template"
                return fill(template.first_person, slots, where=where), "template"
        return f"{self.framing} {text}", "framing"

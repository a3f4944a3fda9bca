"""`-T solver=first_person` for Omni-Perspective: third-person questions restated in the first person.

The data hold each question in the first person ("If you were the person in
the image, ...", the paper's style) or the third person ("From the
perspective of the person in the image, ..."), as `prompt_pov` says. The
first-person solver sends first-person items as they are and restates the
others with the rules of `task_configs/omni_perspective.yaml`
(`first_person.rules`): the first rule whose pattern matches rewrites that
part of the question ("What would the person in image 1 have to do ...?" ->
"If you were the person in image 1, what would you have to do ...?"), and
the person's pronouns after it become "you"/"your". A question no rule
matches gets the framing sentence in front ("Imagine you are the person in
the image. ..."); the task counts those.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from vpt_tasks.core.templates import fill

FirstPersonHow = Literal["template", "framing", "unchanged"]
"""How a question was sent (sample metadata `first_person`): rewritten by a
rule, with the framing sentence in front, or unchanged (a first-person item)."""


@dataclass(frozen=True)
class Rule:
    """One rewrite: a regular expression and its replacement template."""

    pattern: re.Pattern[str]
    replacement: str


@dataclass(frozen=True)
class FirstPersonRules:
    """The first-person rewriting of Omni-Perspective questions (from the task config)."""

    framing: str
    rules: tuple[Rule, ...]
    conditional: Mapping[str, str]
    """Auxiliary -> its form asked of "you" ("does" -> "would you")."""
    pronouns: tuple[tuple[re.Pattern[str], str], ...]

    def restate(self, question: str, pov: str | None) -> tuple[str, FirstPersonHow]:
        """The question as the first-person solver sends it, and how it was made."""
        if pov == "first":
            return question, "unchanged"
        for rule in self.rules:
            m = rule.pattern.search(question)
            if m is None:
                continue
            where = "task_configs/omni_perspective.yaml first_person rule"
            rewritten = fill(rule.replacement, self._fields(m), where=where) + question[m.end() :]
            for pattern, replacement in self.pronouns:
                rewritten = pattern.sub(_keeping_case(replacement), rewritten)
            return question[: m.start()] + rewritten, "template"
        return f"{self.framing} {question}", "framing"

    def _fields(self, m: re.Match[str]) -> dict[str, str]:
        fields: dict[str, str] = {}
        for name, value in m.groupdict().items():
            text = value or ""
            fields[name] = text
            fields[f"{name}_lc"] = re.sub(r"^(\s*)(\S)", lambda x: x[1] + x[2].lower(), text)
        if "aux" in fields:
            fields["conditional"] = self.conditional.get(fields["aux"].lower(), fields["aux"])
        if "verb" in fields:
            fields["verb_base"] = verb_base(fields["verb"])
        return fields


def _keeping_case(replacement: str):  # noqa: ANN202 - a re.sub callback
    """A `re.sub` callback: the replacement, capitalised where the match was ("They" -> "You")."""

    def substitute(m: re.Match[str]) -> str:
        return (
            replacement[:1].upper() + replacement[1:] if m.group(0)[:1].isupper() else replacement
        )

    return substitute


def verb_base(verb: str) -> str:
    """The base form of a third-person present verb: "walks" -> "walk", "goes" -> "go"."""
    word = verb.lower()
    if word.endswith("ies") and len(word) > 4:
        return verb[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x|z|o)es$", word):
        return verb[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return verb[:-1]
    return verb


def rules_from_config(data: Mapping[str, object]) -> FirstPersonRules:
    """The `first_person` section of the task config as typed data."""
    rules = data["rules"]
    pronouns = data["pronouns"]
    conditional = data["conditional"]
    assert isinstance(rules, list) and isinstance(pronouns, list)
    assert isinstance(conditional, Mapping)
    return FirstPersonRules(
        framing=str(data["framing"]),
        rules=tuple(
            Rule(re.compile(str(rule["pattern"])), str(rule["replacement"])) for rule in rules
        ),
        conditional={str(k).lower(): str(v) for k, v in conditional.items()},
        pronouns=tuple(
            (re.compile(str(pattern), re.IGNORECASE), str(replacement))
            for pattern, replacement in pronouns
        ),
    )

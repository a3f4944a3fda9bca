"""The Omni-Perspective protocol as data: prompt wording, judge prompt and settings, vocabularies.

Read from `task_configs/omni_perspective.yaml`; this module only gives it types.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from vpt_tasks.core.config import load_config
from vpt_tasks.core.sources import Upstream
from vpt_tasks.omni_perspective.first_person import FirstPersonRules, rules_from_config
from vpt_tasks.scorers.judge import ChoiceJudge

CANONICAL_SCHEMA: dict[str, str] = {
    "id": "string",
    "image_id": "string",
    "question": "string",
    "prompt": "string",
    "choices": "string",
    "label": "string",
    "images": "list<image>",
    "topic": "string",
    "qtype": "string",
    "difficulty_level": "string",
    "prompt_pov": "string",
}
"""The canonical columns of an Omni-Perspective source: the upstream fields (split `val`)."""


@dataclass(frozen=True)
class PromptSpec:
    """How the options and the answer instruction follow the question."""

    options_intro: str
    option_line: str
    """Format of one option line, with `{letter}` and `{text}`."""
    instruction: str
    cot_instruction: str
    """`-T solver=cot`: appended on a new line after the instruction."""

    def options_block(self, options: dict[str, str], *, cot: bool = False) -> str:
        """The options and the instruction as one text block (and the CoT instruction)."""
        lines = [
            self.option_line.format(letter=letter, text=text) for letter, text in options.items()
        ]
        return "\n".join(
            [self.options_intro, *lines, self.instruction, *([self.cot_instruction] if cot else [])]
        )


@dataclass(frozen=True)
class OmniSpec:
    """The whole protocol of the benchmark."""

    upstream: Upstream
    split: str
    temperature: float
    max_tokens: int
    cot_max_tokens: int
    """`-T solver=cot`: room to reason before the final answer."""
    placeholder: re.Pattern[str]
    prompt: PromptSpec
    judge: ChoiceJudge
    """The merge-match judge: its prompt template, tries, temperatures and token limit."""
    qtypes: dict[str, str]
    pov_aliases: dict[str, frozenset[str]]
    first_person: FirstPersonRules
    first_person_provenance: str


@functools.cache
def load_spec() -> OmniSpec:
    """The Omni-Perspective protocol from its task config."""
    data = load_config("omni_perspective")
    generation = data["generation"]
    prompt = data["prompt"]
    judge = data["judge"]
    return OmniSpec(
        upstream=Upstream.from_config(data["upstream"]),
        split=str(data["split"]),
        temperature=float(generation["temperature"]),
        max_tokens=int(generation["max_tokens"]),
        cot_max_tokens=int(generation["cot_max_tokens"]),
        placeholder=re.compile(str(data["image_placeholder_pattern"]), re.IGNORECASE),
        prompt=PromptSpec(
            options_intro=str(prompt["options_intro"]),
            option_line=str(prompt["option_line"]),
            instruction=str(prompt["instruction"]),
            cot_instruction=str(prompt["cot_instruction"]),
        ),
        judge=ChoiceJudge(
            template=str(judge["prompt"]),
            max_tries=int(judge["max_tries"]),
            temperatures=tuple(float(t) for t in judge["temperatures"]),
            max_tokens=int(judge["max_tokens"]),
        ),
        qtypes={str(key): str(value) for key, value in data["qtypes"].items()},
        pov_aliases={
            name: frozenset(str(alias).strip().lower() for alias in aliases)
            for name, aliases in data["pov_aliases"].items()
        },
        first_person=rules_from_config(data["first_person"]),
        first_person_provenance=str(data["first_person"]["provenance"]),
    )

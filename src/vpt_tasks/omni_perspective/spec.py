"""The Omni-Perspective protocol as data: prompt wording, judge prompt and settings, vocabularies.

Read from `task_configs/omni_perspective.yaml` and validated by the types below.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Annotated

from pydantic import AfterValidator, Field, StringConstraints

from vpt_tasks.core.config import ConfigModel, TaskConfig, at, load_model
from vpt_tasks.core.sources import Upstream
from vpt_tasks.core.templates import fill
from vpt_tasks.omni_perspective.first_person import FirstPersonRules, Rule, rules_from_config
from vpt_tasks.scorers.judge import ChoiceJudge

_OPTION_LINE = "task_configs/omni_perspective.yaml option_line"

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


class PromptSpec(ConfigModel):
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
            fill(self.option_line, {"letter": letter, "text": text}, where=_OPTION_LINE)
            for letter, text in options.items()
        ]
        return "\n".join(
            [self.options_intro, *lines, self.instruction, *([self.cot_instruction] if cot else [])]
        )


class FirstPersonConfig(ConfigModel):
    """`first_person` of the config, from which `rules_from_config` builds the rules."""

    provenance: str
    framing: str
    rules: tuple[Rule, ...]
    conditional: dict[str, str]
    pronouns: tuple[tuple[re.Pattern[str], str], ...]


class OmniSpec(TaskConfig):
    """The whole protocol of the benchmark."""

    upstream: Upstream
    split: str
    temperature: float = at("generation", "temperature")
    max_tokens: int = at("generation", "max_tokens")
    cot_max_tokens: int = at("generation", "cot_max_tokens")
    """`-T solver=cot`: room to reason before the final answer."""
    placeholder: Annotated[
        re.Pattern[str], AfterValidator(lambda p: re.compile(p.pattern, re.IGNORECASE))
    ] = Field(validation_alias="image_placeholder_pattern")
    prompt: PromptSpec
    judge_prompt: str = at("judge", "prompt")
    judge_max_tries: int = at("judge", "max_tries", ge=1)
    judge_temperatures: tuple[float, ...] = at("judge", "temperatures")
    judge_max_tokens: int = at("judge", "max_tokens")
    qtypes: dict[str, str]
    pov_aliases: dict[
        str, frozenset[Annotated[str, StringConstraints(strip_whitespace=True, to_lower=True)]]
    ]
    first_person_config: FirstPersonConfig = Field(validation_alias="first_person")

    @functools.cached_property
    def judge(self) -> ChoiceJudge:
        """The merge-match judge: its prompt template, tries, temperatures and token limit."""
        return ChoiceJudge(
            self.judge_prompt, self.judge_max_tries, self.judge_temperatures, self.judge_max_tokens
        )

    @functools.cached_property
    def first_person(self) -> FirstPersonRules:
        """`-T solver=first_person`: the rules restating third-person questions."""
        return rules_from_config(self.first_person_config.model_dump(mode="json"))

    @property
    def first_person_provenance(self) -> str:
        return self.first_person_config.provenance


@functools.cache
def load_spec(path: Path | None = None) -> OmniSpec:
    """The Omni-Perspective protocol from its task config (or from the YAML file at `path`)."""
    return load_model(OmniSpec, "omni_perspective", path)

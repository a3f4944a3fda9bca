"""Baseline "models" for the papers' reference rows (Isle-Brick-V2's random classifier, COMFORT's "Always Yes").

`--model vpt_tasks/<name>` selects one:

- `random`: Isle-Brick-V2's random baseline (Appendix A.3; the other papers' random rows are computed in the report). Answers uniformly from the answer
  pool of the question asked (read from the sample's user message, see
  `vpt_tasks.core.messages`), seeded from the sample itself, so that a run is
  reproducible regardless of concurrency. When log-probabilities are requested
  for a yes/no question it also returns `Yes`/`No` top log-probabilities with a
  uniform random P(Yes). A pool marked yes/no in another language (see
  `vpt_tasks.core.messages.baseline_hint`) gets the same, with its own two words.
- `always_yes`: answers "Yes" (or the yes word of a marked yes/no pool), with
  P(Yes) = 1 when log-probabilities are requested.
- `constant`: answers the fixed text given by `-M answer=...` (e.g. `A`; commas are kept:
  Inspect's split of `-M` values at commas is joined back), or held in the file
  `-M answer_file=PATH`; it says what it will answer before the run.
- `biased`: a model with a fixed directional bias, for testing bias diagnostics
  (Isle-Brick-V2's Q5 probe): `-M direction=east` (default) is its answer to every
  question whose permissible answers include that direction — with its
  log-probability 0 (P = 1) as the only first-token candidate when
  log-probabilities are requested; any other question it answers like `random`.

All of them take `-M seed=N` (default 0) to draw a different random baseline.
They make no network calls and need no keys.
"""

from __future__ import annotations

import hashlib
import logging
import math
import random
from pathlib import Path
from typing import Any

from inspect_ai.model import (
    ChatCompletionChoice,
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageUser,
    GenerateConfig,
    Logprob,
    Logprobs,
    ModelAPI,
    ModelOutput,
    ModelUsage,
    TopLogprob,
)
from inspect_ai.tool import ToolChoice, ToolInfo

from vpt_tasks.core.messages import read_hint
from vpt_tasks.core.notes import note

logger = logging.getLogger(__name__)

BASELINES = ("random", "always_yes", "constant", "biased")
DIRECTIONS = ("north", "east", "south", "west")
_YES_NO = {"yes", "no"}


class BaselineModel(ModelAPI):
    """Deterministic baseline answers, chosen by `model_name`."""

    def __init__(
        self,
        model_name: str,
        base_url: str | None = None,
        api_key: str | None = None,
        config: GenerateConfig | None = None,
        seed: int = 0,
        answer: Any = None,
        answer_file: str | None = None,
        direction: str | None = None,
        **model_args: Any,
    ) -> None:
        super().__init__(model_name, base_url, api_key, [], config or GenerateConfig())
        if model_name not in BASELINES:
            raise ValueError(
                f"Unknown baseline model vpt_tasks/{model_name}; "
                f"use one of: {', '.join('vpt_tasks/' + name for name in BASELINES)}."
            )
        if model_args:
            raise ValueError(
                f"vpt_tasks/{model_name} does not take -M {', '.join(model_args)}; "
                "it takes seed (answer or answer_file, for constant; direction, for biased)."
            )
        self.seed = int(seed)
        self.answer = None
        if model_name == "constant":
            self.answer = constant_answer(answer, answer_file)
            note(f"vpt_tasks/constant answers every question with: {self.answer!r}")
        self.direction = str(direction or "east").strip().lower()
        if self.direction not in DIRECTIONS:
            raise ValueError(
                f"vpt_tasks/biased -M direction={direction!r}: use one of {', '.join(DIRECTIONS)}."
            )

    def max_connections(self) -> int:
        return 64

    async def generate(
        self,
        input: list[ChatMessage],
        tools: list[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        if self.model_name == "constant":
            assert self.answer is not None
            return _output(self.model_name, self.answer, None)
        if self.model_name == "always_yes":
            words = _yes_no_words(_hint(input)) or ("Yes", "No")
            return _output(self.model_name, words[0], 1.0 if config.logprobs else None, words)
        if self.model_name == "biased":
            hint = _hint(input) or {}
            pool = [str(option) for option in hint.get("answer_pool") or []]
            chosen = next((o for o in pool if o.strip().lower() == self.direction), None)
            if chosen is not None:
                return _output(self.model_name, chosen, None, logprob_token=config.logprobs)
        return self._random(input, config)

    def _random(self, input: list[ChatMessage], config: GenerateConfig) -> ModelOutput:
        user = next((m for m in reversed(input) if isinstance(m, ChatMessageUser)), None)
        hint = _hint(input)
        if hint is None or not hint.get("answer_pool"):
            raise ValueError(
                "vpt_tasks/random answers from the answer pool that vpt_tasks tasks attach to "
                "their questions, and this message has none. Use it with vpt_tasks tasks only."
            )
        pool = [str(option) for option in hint["answer_pool"]]
        rng = random.Random(_seed(self.seed, str(hint.get("sample_key", "")), user))
        english = {option.lower() for option in pool} == _YES_NO
        words = ("Yes", "No") if english else _yes_no_words(hint)
        if config.logprobs and words:
            p_yes = rng.random()
            return _output(self.model_name, words[0] if p_yes >= 0.5 else words[1], p_yes, words)
        return _output(self.model_name, rng.choice(pool), None)


def constant_answer(answer: Any, answer_file: str | None) -> str:
    """The text `constant` answers: `-M answer=TEXT`, or the content of `-M answer_file=PATH`
    (exactly, but for one final newline) for a text `-M` cannot carry as it is."""
    if (answer is None) == (answer_file is None):
        raise ValueError(
            "vpt_tasks/constant needs the text to answer, one way: -M answer=A, or "
            "-M answer_file=PATH (a text file holding the answer, e.g. one with a colon)."
        )
    if answer_file is not None:
        try:
            text = Path(str(answer_file)).expanduser().read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ValueError(
                f"vpt_tasks/constant -M answer_file={answer_file}: cannot read it "
                f"({getattr(error, 'strerror', None) or error}); give a UTF-8 text file."
            ) from None
        return text[:-1] if text.endswith("\n") else text
    return _answer_text(answer)


def _answer_text(value: Any) -> str:
    """The text `constant` answers. `-M` values are read as YAML, then split at commas:
    `-M answer="left, then right"` arrives as a list of its comma-separated parts, joined
    back here (Inspect splits with `str.split(",")`, which keeps the spaces, so the join is
    the text as typed); `-M answer=yes` arrives as the boolean True: it means the word,
    answered as "Yes" ("No" for False). A mapping (`-M answer="Note: left"` reads as
    YAML `{Note: left}`) cannot be taken back to its text: use `-M answer_file`."""
    if isinstance(value, list | tuple):
        return ",".join(_answer_text(part) for part in value)
    if isinstance(value, dict):
        raise ValueError(
            "vpt_tasks/constant: -M answer was read as a YAML mapping (a colon followed by a "
            "space), not as text; put the answer in a file and pass -M answer_file=PATH."
        )
    if isinstance(value, bool):
        text = "Yes" if value else "No"
        logger.warning(
            "vpt_tasks/constant: -M answer=%s was read as a YAML boolean; answering %r. "
            "Quote other texts that YAML reads as booleans, e.g. -M answer='\"on\"'.",
            str(value).lower(),
            text,
        )
        return text
    return str(value)


def _hint(input: list[ChatMessage]) -> dict[str, Any] | None:
    """The baseline hint of the last user message, if any."""
    user = next((m for m in reversed(input) if isinstance(m, ChatMessageUser)), None)
    return read_hint(user.metadata if user else None)


def _yes_no_words(hint: dict[str, Any] | None) -> tuple[str, str] | None:
    """(yes, no) of a pool marked yes/no, else None."""
    if not hint or not hint.get("yes_no"):
        return None
    yes, no = (str(word) for word in hint["answer_pool"])
    return yes, no


def _seed(seed: int, sample_key: str, message: ChatMessageUser | None) -> int:
    """A per-sample seed: the same sample always gets the same answer."""
    text = message.text if message is not None else ""
    digest = hashlib.sha256(f"{seed}\x00{sample_key}\x00{text}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _output(
    model: str,
    text: str,
    p_yes: float | None,
    words: tuple[str, str] = ("Yes", "No"),
    *,
    logprob_token: bool | None = False,
) -> ModelOutput:
    """A finished output; with `p_yes`, first-token yes/no top log-probabilities; with
    `logprob_token`, the answer as the only first-token candidate (log-probability 0)."""
    logprobs = None
    if logprob_token:
        top = [TopLogprob(token=text, logprob=0.0)]
        logprobs = Logprobs(content=[Logprob(token=text, logprob=0.0, top_logprobs=top)])
    if p_yes is not None:
        top = [
            TopLogprob(token=token, logprob=math.log(p))
            for token, p in ((words[0], p_yes), (words[1], 1.0 - p_yes))
            if p > 0.0
        ]
        chosen = max(top, key=lambda entry: entry.logprob)
        logprobs = Logprobs(
            content=[Logprob(token=chosen.token, logprob=chosen.logprob, top_logprobs=top)]
        )
    choice = ChatCompletionChoice(
        message=ChatMessageAssistant(content=text, model=model, source="generate"),
        stop_reason="stop",
        logprobs=logprobs,
    )
    # usage is set so that Inspect does not count tokens itself (which needs a download)
    usage = ModelUsage(input_tokens=0, output_tokens=1, total_tokens=1)
    return ModelOutput(model=model, choices=[choice], usage=usage)

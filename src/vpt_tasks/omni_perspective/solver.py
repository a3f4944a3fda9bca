"""The zero-shot Q(M)T -> A prompt with text and images interleaved.

Inspect's prompt-editing solvers (`prompt_template`, `multiple_choice`) merge
all text parts of the user message into the first one, which would move every
image of a multi-image question to one end. This solver lays the message out
itself: the question's text segments and images in the order of its `<image>`
placeholders, then the lettered options and the answer instruction.

The images it places are the sample's own image parts, which Inspect has
already read when the sample started; nothing is re-read or copied.
"""

from __future__ import annotations

import re

from inspect_ai.model import ChatMessageUser, Content, ContentImage, ContentText
from inspect_ai.solver import Generate, Solver, TaskState, solver

from vpt_tasks.omni_perspective.interleave import interleave_plan
from vpt_tasks.omni_perspective.spec import PromptSpec, load_spec


@solver
def interleaved_multiple_choice(
    prompt: PromptSpec | None = None, placeholder: str | None = None
) -> Solver:
    """Interleave the question with its images, then add the options and the instruction.

    Args:
        prompt: options intro, option line format and answer instruction
            (default: `task_configs/omni_perspective.yaml`).
        placeholder: regular expression of an image placeholder, with an
            optional group for a 1-based image number (default: from the config).
    """
    spec = load_spec()
    layout = prompt or spec.prompt
    pattern = re.compile(placeholder, re.IGNORECASE) if placeholder else spec.placeholder

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        message = next(m for m in reversed(state.messages) if isinstance(m, ChatMessageUser))
        parts = [] if isinstance(message.content, str) else message.content
        images = [part for part in parts if isinstance(part, ContentImage)]
        question = str(state.metadata.get("question") or message.text)
        options = {chr(ord("A") + i): choice.value for i, choice in enumerate(state.choices)}

        content: list[Content] = []
        for part in interleave_plan(question, len(images), pattern):
            content.append(ContentText(text=part) if isinstance(part, str) else images[part])
        block = layout.options_block(options)
        if content and isinstance(content[-1], ContentText):
            content[-1] = ContentText(text=f"{content[-1].text}\n{block}")
        else:
            content.append(ContentText(text=block))
        message.content = content
        return state

    return solve

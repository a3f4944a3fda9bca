"""Solvers shared by the tasks of the plugin.

Prompt-editing solvers of Inspect (`prompt_template`, `multiple_choice`) merge
all text parts of the user message into one; the solvers here edit a single
text part in place so that the order of text and images is kept.
"""

from __future__ import annotations

from inspect_ai.model import ChatMessageUser, ContentText, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from vpt_tasks.core.errors import TaskArgumentError


@solver
def append_to_question(instruction: str) -> Solver:
    """Append `instruction` to the last text part of the last user message."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        message = next(m for m in reversed(state.messages) if isinstance(m, ChatMessageUser))
        if isinstance(message.content, str):
            message.content = f"{message.content} {instruction}"
            return state
        for part in reversed(message.content):
            if isinstance(part, ContentText):
                part.text = f"{part.text} {instruction}"
                return state
        message.content.append(ContentText(text=instruction))
        return state

    return solve


@solver
def require_model_role(role: str, why: str) -> Solver:
    """Fail before any model call when a model role the task needs is not bound."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        try:
            get_model(role=role, required=True)
        except Exception as error:  # noqa: BLE001 - re-raised with the fix
            raise TaskArgumentError(
                f"{why} needs the '{role}' model role: add --model-role {role}=<provider/model> "
                f"(e.g. --model-role {role}=openai/gpt-4o). ({error})"
            ) from None
        return state

    return solve

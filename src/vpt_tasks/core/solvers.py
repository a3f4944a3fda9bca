"""Solvers shared by the tasks of the plugin.

Prompt-editing solvers of Inspect (`prompt_template`, `multiple_choice`) merge
all text parts of the user message into one; the solvers here edit a single
text part in place so that the order of text and images is kept.

Every task asks for its answer with :func:`answer` (or :func:`generate_answer`
inside a solver of its own): one request, no tool loop. No task offers tools,
yet a provider may still answer with a tool call (a vLLM server with automatic
tool parsing does); Inspect's plain `generate()` would then call the model again
and again. Here such a reply ends the sample with an error that names the cause,
after one request, and :data:`MESSAGE_LIMIT` on every task bounds any other loop.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.model import ChatMessageUser, ContentText, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from vpt_tasks.core.errors import TaskArgumentError

MESSAGE_LIMIT = 8
"""Messages a sample may hold (system, question, answer; a chain-of-thought solver's two
turns): a bound no task reaches, so that no provider behaviour can make a sample loop."""

SAMPLE_ERRORS: dict[str, Any] = {"fail_on_error": 0.1, "continue_on_fail": True}
"""`Task(**SAMPLE_ERRORS)` of every task that reads answers with a grader: a sample that errors
(a grader call that fails, an empty or cut-off grader reply) never stops the run -- the other
samples are scored, the errored one is counted in the log and `inspect eval-retry <log>` runs
it again; the run ends with status `error` (so that `vpt-tasks report` asks for the retry)
only when at least 10% of its samples errored, as a grader that fails on every answer does.
`inspect eval --fail-on-error ...` / `--no-fail-on-error` / `--continue-on-fail` override it."""


class ToolCallReply(RuntimeError):
    """The model answered with a tool call although no tool was offered."""


async def generate_answer(state: TaskState, generate: Generate, **config: Any) -> TaskState:
    """One model call for the sample's answer; a tool-call reply fails the sample.

    Args:
        state: the sample's state.
        generate: the `generate` handed to the solver.
        **config: generation settings for this call (e.g. `max_tokens`).
    """
    state = await generate(state, tool_calls="none", **config)
    calls = state.output.message.tool_calls if state.output and state.output.message else None
    if calls:
        names = ", ".join(sorted({call.function for call in calls}))
        raise ToolCallReply(
            f"the model answered with a tool call ({names}) although no tool was offered; its "
            "reply has no answer to score. A vLLM server started with automatic tool parsing "
            "(--enable-auto-tool-choice) does this: start it without, or use a chat template "
            "without tools. The sample is left unscored (`inspect eval-retry <log>` asks again)."
        )
    return state


@solver
def answer(**config: Any) -> Solver:
    """Ask the model once for the answer (see :func:`generate_answer`)."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        return await generate_answer(state, generate, **config)

    return solve


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

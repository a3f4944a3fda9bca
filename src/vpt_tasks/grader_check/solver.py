"""Ask the model under test exactly as the kind's scorer asks its grader."""

from __future__ import annotations

from inspect_ai.solver import Generate, Solver, TaskState, solver

from vpt_tasks.core.solvers import generate_answer
from vpt_tasks.grader_check.kinds import REPLIES, asking, reply_names_something


@solver
def ask_as_the_scorer() -> Solver:
    """The sample's prompt, at the kind's temperature and token limit; the judge kind is asked
    again (at its next temperature) while its reply names no option, at most its `max_tries`
    times, as merge match asks. A tool-call reply fails the sample (`core.solvers`)."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        kind = state.metadata["answer_kind"]
        how = asking(kind)
        prompt = list(state.messages)
        replies: list[str] = []
        for attempt in range(how.max_tries):
            state.messages = list(prompt)  # each try is the same one-message prompt
            state = await generate_answer(
                state, generate, temperature=how.temperature(attempt), max_tokens=how.max_tokens
            )
            replies.append(state.output.completion)
            if reply_names_something(kind, state.output, state.metadata):
                break
        state.store.set(REPLIES, replies)
        return state

    return solve

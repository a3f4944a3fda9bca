"""COMFORT's solver chains: one yes/no turn, or chain of thought with a final yes/no turn.

`zero_shot` and `first_person` differ only in the question the sample carries
(`dataset.build_samples`): one `generate()` with the task's config (temperature
0, 16 tokens, log-probabilities), P(Yes) read from the first answer token.

`cot` keeps that protocol for the answer: the sample's first turn is the
question followed by the reasoning instruction; the model reasons (no
log-probabilities, up to `cot.max_tokens` tokens); then the final turn
(`answer_turn` in the sample metadata: "Now answer the question only in "Yes"
or "No": <question>") is sent and answered with the protocol's settings, so
the scorer reads P(Yes) from the first answer token of that final answer, as
for zero-shot. With `-T probability=auto|sampled` the final turn is asked as zero-shot asks
its one turn (`scorers.sampled_yes_probability.answer_yes_no`): where P(Yes) is sampled, the
final turn is answered K times after the one reasoning turn, so p-hat estimates P(Yes) given
that reasoning, as the log-probabilities of the final answer do.
"""

from __future__ import annotations

from inspect_ai.model import ChatMessageUser
from inspect_ai.solver import Generate, Solver, TaskState, solver

from vpt_tasks.core.solvers import generate_answer
from vpt_tasks.scorers.sampled_yes_probability import (
    DEFAULT_SAMPLES,
    ProbabilityMethod,
    SamplingRun,
    answer_yes_no,
)

__all__ = ["comfort_cot"]


@solver
def comfort_cot(
    reasoning_tokens: int,
    answer_tokens: int,
    top_logprobs: int,
    method: ProbabilityMethod = "logprobs",
    samples: int = DEFAULT_SAMPLES,
    announce: str | None = None,
) -> Solver:
    """Reason first (turn 1), then ask the yes/no question again and read its answer (turn 2).

    `method`, `samples`, `announce`: how the final turn's P(Yes) is obtained (`-T probability`,
    see `answer_yes_no`)."""
    run = SamplingRun()

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        state = await generate_answer(state, generate, max_tokens=reasoning_tokens)
        if state.completed:
            return state
        question = next(m for m in state.messages if isinstance(m, ChatMessageUser))
        # the final turn carries the same baseline hint as the question (baselines answer yes/no)
        state.messages.append(
            ChatMessageUser(content=str(state.metadata["answer_turn"]), metadata=question.metadata)
        )
        return await answer_yes_no(
            state,
            generate,
            method=method,
            samples=samples,
            top_logprobs=top_logprobs,
            announce=announce,
            run=run,
            max_tokens=answer_tokens,
        )

    return solve

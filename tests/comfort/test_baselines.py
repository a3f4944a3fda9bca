"""The baseline providers on COMFORT questions: uniform reproducible P(Yes), always Yes."""

from __future__ import annotations

import asyncio
import math

import pytest
from inspect_ai.model import ChatMessageUser, GenerateConfig, get_model

from vpt_tasks.core.messages import baseline_hint
from vpt_tasks.scorers.yes_probability import yes_probability_from_output

LOGPROBS = GenerateConfig(logprobs=True, top_logprobs=20)


def _ask(name: str, pool: list[str], key: str, config: GenerateConfig = LOGPROBS, **args):
    message = ChatMessageUser(content="Is it?", metadata=baseline_hint(pool, key, yes_no=True))
    model = get_model(f"vpt_tasks/{name}", memoize=False, **args)
    return asyncio.run(model.generate([message], config=config))


def test_random_p_is_uniform_and_reproducible() -> None:
    p = [yes_probability_from_output(_ask("random", ["Yes", "No"], f"k{i}"))[0] for i in range(300)]
    assert all(v is not None and 0.0 < v < 1.0 for v in p)
    # uniform on [0, 1]: mean 1/2, a tenth of the draws in each decile (roughly)
    assert abs(sum(p) / len(p) - 0.5) < 0.06
    deciles = [sum(int(v * 10) == d for v in p) for d in range(10)]
    assert min(deciles) > 12 and max(deciles) < 50
    again = [
        yes_probability_from_output(_ask("random", ["Yes", "No"], f"k{i}"))[0] for i in range(300)
    ]
    assert again == p
    other = [
        yes_probability_from_output(_ask("random", ["Yes", "No"], f"k{i}", seed=3))[0]
        for i in range(300)
    ]
    assert other != p


def test_random_in_another_language_uses_its_words() -> None:
    output = _ask("random", ["Ja", "Nein"], "x")
    top = output.choices[0].logprobs.content[0].top_logprobs
    assert {t.token for t in top} <= {"Ja", "Nein"}
    assert sum(math.exp(t.logprob) for t in top) == pytest.approx(1.0)
    p, how = yes_probability_from_output(output, ["Ja"], ["Nein"])
    assert how == "logprobs" and output.completion == ("Ja" if p >= 0.5 else "Nein")


def test_always_yes_says_yes_in_the_question_language() -> None:
    english = _ask("always_yes", ["Yes", "No"], "x")
    assert yes_probability_from_output(english) == (1.0, "logprobs")
    korean = _ask("always_yes", ["예", "아니요"], "x")
    assert korean.completion == "예"
    assert yes_probability_from_output(korean, ["예"], ["아니요"]) == (1.0, "logprobs")
    text_only = _ask("always_yes", ["Oui", "Non"], "x", config=GenerateConfig())
    assert text_only.completion == "Oui" and text_only.choices[0].logprobs is None


def test_yes_no_hint_needs_two_words() -> None:
    with pytest.raises(ValueError, match="two words"):
        baseline_hint(["Yes", "No", "Maybe"], "x", yes_no=True)
    assert "yes_no" not in baseline_hint(["Yes", "No"], "x")["vpt_tasks"]

"""The baseline model providers, called through Inspect's model API."""

from __future__ import annotations

import asyncio
import math

import pytest
from inspect_ai.model import ChatMessageUser, GenerateConfig, get_model

from vpt_tasks.core.messages import baseline_hint


def _ask(model_name: str, message: ChatMessageUser, config: GenerateConfig | None = None, **args):
    model = get_model(f"vpt_tasks/{model_name}", memoize=False, **args)
    return asyncio.run(model.generate([message], config=config or GenerateConfig()))


def _message(pool: list[str], key: str, text: str = "Which way?") -> ChatMessageUser:
    return ChatMessageUser(content=text, metadata=baseline_hint(pool, key))


def test_random_answers_from_the_pool_deterministically_per_sample() -> None:
    pool = ["north", "east", "south", "west"]
    answers = [_ask("random", _message(pool, f"s{i}")).completion for i in range(200)]
    assert set(answers) == set(pool)  # every option is drawn
    again = [_ask("random", _message(pool, f"s{i}")).completion for i in range(200)]
    assert answers == again  # same sample, same answer
    other_seed = [_ask("random", _message(pool, f"s{i}"), seed=1).completion for i in range(200)]
    assert other_seed != answers


def test_random_is_roughly_uniform() -> None:
    answers = [_ask("random", _message(["yes", "no"], f"k{i}")).completion for i in range(400)]
    assert 160 < answers.count("yes") < 240


def test_random_yes_no_logprobs() -> None:
    output = _ask(
        "random", _message(["yes", "no"], "x"), GenerateConfig(logprobs=True, top_logprobs=20)
    )
    assert output.choices[0].logprobs is not None
    top = output.choices[0].logprobs.content[0].top_logprobs
    probabilities = {entry.token: math.exp(entry.logprob) for entry in top}
    assert set(probabilities) <= {"Yes", "No"}
    assert sum(probabilities.values()) == pytest.approx(1.0)
    assert output.completion == ("Yes" if probabilities.get("Yes", 0) >= 0.5 else "No")


def test_random_without_answer_pool_fails_clearly() -> None:
    with pytest.raises(ValueError, match="answer pool"):
        _ask("random", ChatMessageUser(content="hello"))


def test_always_yes_and_constant() -> None:
    output = _ask("always_yes", ChatMessageUser(content="?"), GenerateConfig(logprobs=True))
    assert output.completion == "Yes"
    top = output.choices[0].logprobs.content[0].top_logprobs
    assert [(t.token, t.logprob) for t in top] == [("Yes", 0.0)]
    assert _ask("constant", ChatMessageUser(content="?"), answer="A").completion == "A"
    assert output.usage is not None  # set, so Inspect never needs a tokenizer download


def test_unknown_baseline_and_missing_answer_are_rejected() -> None:
    with pytest.raises(ValueError, match="vpt_tasks/random"):
        get_model("vpt_tasks/oracle", memoize=False)
    with pytest.raises(ValueError, match="-M answer"):
        get_model("vpt_tasks/constant", memoize=False)


@pytest.mark.parametrize("value,text", [(True, "Yes"), (False, "No"), ("A", "A"), (3, "3")])
def test_constant_reads_yaml_booleans_as_the_words(value: object, text: str) -> None:
    # `-M answer=yes` reaches the provider as True (Inspect parses -M values as YAML)
    output = _ask("constant", _message(["A", "B"], "k"), answer=value)
    assert output.completion == text


def test_biased_answers_its_direction_with_certainty() -> None:
    directions = ["north", "east", "south", "west"]
    output = _ask("biased", _message(directions, "k1"), GenerateConfig(logprobs=True))
    assert output.completion == "east"
    [first] = output.choices[0].logprobs.content
    assert [(t.token, t.logprob) for t in first.top_logprobs] == [("east", 0.0)]
    assert _ask("biased", _message(directions, "k2"), direction="north").completion == "north"
    # a question without the direction: answered like random, from its own pool
    assert _ask("biased", _message(["yes", "no"], "k3")).completion in ("yes", "no")
    with pytest.raises(ValueError, match="direction"):
        _ask("biased", _message(directions, "k4"), direction="up")


def test_constant_keeps_the_commas_of_its_answer_and_says_what_it_answers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = "From my perspective, the object is to my left, not right."
    # what `-M answer="..."` reaches the provider as: Inspect splits -M values at commas
    split = text.split(",")
    assert _ask("constant", ChatMessageUser(content="?"), answer=split).completion == text
    assert f"vpt_tasks/constant answers every question with: {text!r}" in capsys.readouterr().err


def test_constant_reads_its_answer_from_a_file(tmp_path) -> None:
    answer = tmp_path / "answer.txt"
    answer.write_text("Note: the ball is behind, a little left.\n", encoding="utf-8")
    output = _ask("constant", ChatMessageUser(content="?"), answer_file=str(answer))
    assert output.completion == "Note: the ball is behind, a little left."
    with pytest.raises(ValueError, match="answer_file=.*cannot read"):
        get_model("vpt_tasks/constant", memoize=False, answer_file=str(tmp_path / "none.txt"))
    with pytest.raises(ValueError, match="one way"):
        get_model("vpt_tasks/constant", memoize=False, answer="A", answer_file=str(answer))
    # `-M answer="Note: left"` is read by YAML as a mapping: no text to answer, the fix named
    with pytest.raises(ValueError, match="answer_file"):
        get_model("vpt_tasks/constant", memoize=False, answer={"Note": "left"})

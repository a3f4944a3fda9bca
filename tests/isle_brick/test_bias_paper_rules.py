"""The direction-bias probe's paper switches (issue 20 §5): the token rule and a scene subset."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tests.fakes.openai_server import OpenAIServer, Reply
from tests.helpers import run
from vpt_tasks.core.errors import TaskArgumentError
from vpt_tasks.isle_brick.task import isle_brick_bias
from vpt_tasks.scorers.choice_probability import Choices, logprob_choice_probabilities

WORDS = {"north": ["north"], "east": ["east"], "south": ["south"], "west": ["west"]}


def test_the_papers_rule_sums_every_token_containing_a_direction() -> None:
    tokens = [(" east", 0.5), ("Eastward", 0.2), ("North", 0.1), ("northeast", 0.1), ("the", 0.1)]
    pairs = [(token, math.log(p)) for token, p in tokens]
    exact, _ = logprob_choice_probabilities(pairs, Choices(WORDS))
    paper, _ = logprob_choice_probabilities(pairs, Choices(WORDS, match="contains"))
    # exact: " east" and "North" only -> 0.5 and 0.1
    assert exact == pytest.approx({"north": 0.1 / 0.6, "east": 0.5 / 0.6, "south": 0, "west": 0})
    # the paper's sum: east 0.5 + 0.2 + 0.1 ("northeast"), north 0.1 + 0.1
    assert paper == pytest.approx({"north": 0.2 / 1.0, "east": 0.8 / 1.0, "south": 0, "west": 0})


def _eastward(request: object) -> Reply:
    return Reply(
        text="Eastward", top_logprobs=[("Eastward", math.log(0.6)), (" north", math.log(0.4))]
    )


@pytest.mark.parametrize(("rule", "east"), [("exact", 0.0), ("paper", 0.6)])
def test_token_rule_through_inspect_eval(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rule: str, east: float
) -> None:
    monkeypatch.setenv("LOCAL_API_KEY", "x")
    with OpenAIServer(_eastward) as server:
        log = run(
            isle_brick_bias(source="demo", orders="paper", grader="rules", token_rule=rule),
            "openai-api/local/test-model",
            tmp_path,
            model_base_url=server.base_url,
        )
    assert log.eval.metadata["token_rule"] == rule
    for sample in log.samples:
        probabilities = sample.scores["direction_bias"].metadata["probabilities"]
        assert probabilities["east"] == pytest.approx(east)


def test_a_scene_subset_by_ids_or_file(tmp_path: Path) -> None:
    whole = isle_brick_bias(source="demo", orders="paper", grader="rules")
    ids = sorted({s.metadata["scene_id"] for s in whole.dataset})
    chosen = ids[:2]
    by_ids = isle_brick_bias(source="demo", orders="paper", grader="rules", scenes=",".join(chosen))
    assert sorted({s.metadata["scene_id"] for s in by_ids.dataset}) == chosen
    listed = tmp_path / "subset.txt"
    listed.write_text("# the paper's subset\n" + "\n".join(chosen) + "\n")
    by_file = isle_brick_bias(source="demo", orders="paper", grader="rules", scenes=f"@{listed}")
    assert [s.id for s in by_file.dataset] == [s.id for s in by_ids.dataset]
    assert by_file.metadata["scene_subset"] == chosen and by_file.metadata["scenes"] == 2


def test_an_unknown_scene_or_unreadable_file_is_refused_before_any_call(tmp_path: Path) -> None:
    with pytest.raises(TaskArgumentError, match="not in the data: nope"):
        isle_brick_bias(source="demo", orders="paper", scenes="nope")
    with pytest.raises(TaskArgumentError, match="cannot read"):
        isle_brick_bias(source="demo", orders="paper", scenes=f"@{tmp_path / 'missing.txt'}")
    with pytest.raises(TaskArgumentError, match="token_rule"):
        isle_brick_bias(source="demo", orders="paper", token_rule="fuzzy")

"""The grader role end to end: the local OpenAI-compatible server maps undecided answers.

Both the evaluated model and the grader are `openai-api/local/...` models
talking to servers on 127.0.0.1 (`--model-role grader=openai-api/local/grader`
on the command line), so the whole path — prompt, HTTP, reply normalisation,
failures — runs as it does against a real provider.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from inspect_ai.model import GenerateConfig, get_model

from tests.fakes.openai_server import OpenAIServer, last_user_text
from tests.helpers import metrics, run
from tests.isle_v1.conftest import png
from vpt_tasks.isle_v1.task import isle_brick_v1, isle_dots
from vpt_tasks.report.logs import log_details

UNDECIDED = "Hard to say; the figure might see it from this angle."
QUESTION = "Assuming the Lego minifigure with a red cap has the ability to see, can it see the {} in the picture?"


def _row(
    item: str, gold: str, dataset: str = "isle-brick", question: str | None = None
) -> dict[str, Any]:
    return {
        "image": png((len(item) * 30 % 255, 80, 0)),
        "item_id": item,
        "question": question or QUESTION.format(item),
        "gold_answer": gold,
        "distractor": None,
        "partition": "1P1O0S",
        "dataset": dataset,
        "task": "perspective-taking",
    }


# (object, option A shown) -> canned grader reply (grader errors: test_grader_faults.py)
GRADER_REPLIES = {
    ("cup", "Yes"): "Yes",
    ("cup", "No"): "B",  # a bare letter: B = Yes in the swapped order
    ("ball", "Yes"): "'No'.",  # quoted, with a period
    ("ball", "No"): "no",  # lower case (an empty reply fails the sample: test_grader_faults.py)
    ("flower", "Yes"): "Unknown",
    ("flower", "No"): "**Yes**",  # markdown; the wrong value for the flower
}


def _grader(request: dict[str, Any]) -> str:
    document = json.loads(last_user_text(request))
    context = document["DETAILS"]["CONTEXT"]
    item = next(name for name in ("cup", "ball", "flower", "vase") if f"the {name} " in context)
    return GRADER_REPLIES[(item, document["DETAILS"]["OPTIONS"]["A"])]


def _evaluated(request: dict[str, Any]) -> str:
    return "B" if "vase" in last_user_text(request) else UNDECIDED


def _local(name: str, server: OpenAIServer):
    # no retries: a server error would fail at once (Inspect and the openai client)
    return get_model(
        f"openai-api/local/{name}",
        base_url=server.base_url,
        api_key="x",
        config=GenerateConfig(max_retries=0),
        max_retries=0,
        memoize=False,
    )


def test_grader_role_maps_undecided_answers(tmp_path: Path, canonical_dir) -> None:
    source = canonical_dir(
        [_row("cup", "Yes"), _row("ball", "No"), _row("flower", "No"), _row("vase", "Yes")],
        "grader_e2e",
    )
    with OpenAIServer(_evaluated) as model_server, OpenAIServer(_grader) as grader_server:
        log = run(
            isle_brick_v1(source=str(source)),
            _local("vlm", model_server),
            tmp_path,
            model_roles={"grader": _local("grader", grader_server)},
        )
        grader_requests = grader_server.requests
        evaluated_requests = model_server.requests

    scores = {s.id: s.scores["option_mapping"] for s in log.samples}
    expected = {
        "cup/original": ("Yes", "grader", "A", "Yes"),
        "cup/swapped": ("Yes", "grader", "B", "B"),
        "ball/original": ("No", "grader", "B", "'No'."),
        "ball/swapped": ("No", "grader", "A", "no"),
        "flower/original": ("Unknown", "grader", "Z", "Unknown"),
        "flower/swapped": ("Yes", "grader", "B", "**Yes**"),
        "vase/original": ("No", "rules", "B", None),
        "vase/swapped": ("Yes", "rules", "B", None),
    }
    for sample_id, (chosen, decided_by, reading, reply) in expected.items():
        meta = scores[sample_id].metadata
        assert (
            scores[sample_id].answer,
            meta["decided_by"],
            meta["reading"],
            meta.get("grader_reply"),
        ) == (chosen, decided_by, reading, reply), sample_id
    assert [
        scores[i].value
        for i in ("cup/original", "cup/swapped", "ball/original", "ball/swapped", "vase/swapped")
    ] == [1.0] * 5
    assert scores["vase/original"].value == 0.0

    assert scores["flower/swapped"].value == 0.0

    values = log_details(log)
    assert values["accuracy"] == 5 / 8
    assert values["both_orders_correct"] == 0.5  # cup and ball
    assert values["consistency"] == 0.5  # cup and ball; Unknown is never consistent
    assert values["unknown_rate"] == 1 / 8
    assert (values["decided_by_rules"], values["decided_by_grader"], values["undecided"]) == (
        2,
        6,
        0,
    )

    # the grader got the paper's Bricks payload, at temperature 0 and 16 tokens; the
    # evaluated model got 1024 tokens at temperature 0
    assert len(grader_requests) == 6 and len(evaluated_requests) == 8
    for request in grader_requests:
        document = json.loads(last_user_text(request))
        assert document["INSTRUCTION"].startswith("Map the MODEL_ANSWER to 'Yes' or 'No'")
        assert document["MODEL_ANSWER"] == UNDECIDED
        assert request["temperature"] == 0
        assert (request.get("max_completion_tokens") or request.get("max_tokens")) == 16
    for request in evaluated_requests:
        assert (request.get("max_completion_tokens") or request.get("max_tokens")) == 1024
        assert [part["type"] for part in request["messages"][0]["content"]] == ["image_url", "text"]


def test_dots_grader_payload_and_number_words(tmp_path: Path, canonical_dir) -> None:
    question = (
        "In the picture, how many red dots does the man with the purple hoodie see? "
        "Consider only the dots that are directly visible within the picture's frame."
    )
    source = canonical_dir([_row("wall", "3", "isle-dots", question)], "dots_grader")
    with OpenAIServer(
        lambda r: "Three." if '"A": "3"' in last_user_text(r) else "'4'"
    ) as grader_server:
        log = run(
            isle_dots(source=str(source)),
            get_model("vpt_tasks/constant", answer="Maybe three, maybe four.", memoize=False),
            tmp_path,
            model_roles={"grader": _local("grader", grader_server)},
        )
        requests = grader_server.requests
    scores = {s.id: s.scores["option_mapping"] for s in log.samples}
    assert (scores["wall/original"].answer, scores["wall/original"].value) == ("3", 1.0)
    assert (scores["wall/swapped"].answer, scores["wall/swapped"].value) == ("4", 0.0)
    values = metrics(log)
    assert (values["accuracy"], values["consistency"], values["decided_by_grader"]) == (0.5, 0.0, 2)
    assert len(requests) == 2
    documents = [json.loads(last_user_text(request)) for request in requests]
    # the released code lists the values in the order shown: one request per order
    assert {d["INSTRUCTION"] for d in documents} == {
        f"Map the MODEL_ANSWER to one of the values {values} based on the CONTEXT and the "
        "provided OPTIONS. Map to 'Unknown' if no match is found."
        for values in ("'3', '4'", "'4', '3'")
    }
    document = documents[0]
    # CONTEXT: the prompt before its option list, as the released code sends it
    assert document["DETAILS"]["CONTEXT"] == f"{question} Respond solely with A or B."

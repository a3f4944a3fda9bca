"""Tests for the local OpenAI-compatible server in ``tests.fakes``.

Everything talks to 127.0.0.1 through real clients (``openai``, ``http.client``
and Inspect's ``openai-api`` provider) so that protocol mistakes show up as
client errors, not as passing tests.
"""

from __future__ import annotations

import http.client
import json
import math
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import openai
import pytest
from openai import OpenAI
from openai.types.chat import ChatCompletionMessageParam

from tests.fakes.openai_server import (
    FAILURE_KINDS,
    LOGPROB_FLOOR,
    OpenAIServer,
    Reply,
    canned,
    last_user_text,
    sampled_yes_no,
    tokenize,
    yes_no,
)

USER: list[ChatCompletionMessageParam] = [{"role": "user", "content": "Is it red?"}]
# 1x1 PNG
PNG = (
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQ"
    "DwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


def client_for(server: OpenAIServer, **kwargs: Any) -> OpenAI:
    return OpenAI(base_url=server.base_url, api_key="x", max_retries=0, **kwargs)


def server_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("openai-server")]


@pytest.fixture
def yes_server() -> Iterator[OpenAIServer]:
    with OpenAIServer(yes_no(0.8)) as server:
        yield server


# ---------------------------------------------------------------------------
# protocol


def test_plain_completion(yes_server: OpenAIServer) -> None:
    completion = client_for(yes_server).chat.completions.create(model="test-model", messages=USER)
    assert completion.object == "chat.completion"
    assert completion.id.startswith("chatcmpl-")
    assert completion.model == "test-model"
    choice = completion.choices[0]
    assert (choice.index, choice.message.role, choice.message.content) == (0, "assistant", "Yes")
    assert choice.finish_reason == "stop"
    assert choice.logprobs is None  # not requested
    assert completion.usage is not None
    assert completion.usage.completion_tokens == 1
    assert completion.usage.total_tokens == completion.usage.prompt_tokens + 1


def test_logprobs_values_and_top_n(yes_server: OpenAIServer) -> None:
    client = client_for(yes_server)
    completion = client.chat.completions.create(
        model="test-model", messages=USER, logprobs=True, top_logprobs=5
    )
    logprobs = completion.choices[0].logprobs
    assert logprobs is not None and logprobs.content is not None
    first = logprobs.content[0]
    assert first.token == "Yes"
    assert first.logprob == pytest.approx(math.log(0.8))
    assert first.bytes == list(b"Yes")
    top = [(t.token, t.logprob) for t in first.top_logprobs]
    assert top == [("Yes", pytest.approx(math.log(0.8))), ("No", pytest.approx(math.log(0.2)))]

    # top_logprobs=1 cuts the list to the most likely token
    completion = client.chat.completions.create(
        model="test-model", messages=USER, logprobs=True, top_logprobs=1
    )
    content = completion.choices[0].logprobs.content  # type: ignore[union-attr]
    assert [t.token for t in content[0].top_logprobs] == ["Yes"]  # type: ignore[index]


def test_later_tokens_carry_only_the_chosen_token() -> None:
    reply = Reply("No it is not", top_logprobs=[("Yes", -2.0), ("No", -0.1)])
    with OpenAIServer(canned(reply)) as server:
        completion = client_for(server).chat.completions.create(
            model="m", messages=USER, logprobs=True, top_logprobs=3
        )
    logprobs = completion.choices[0].logprobs
    assert logprobs is not None and logprobs.content is not None
    content = logprobs.content
    assert [c.token for c in content] == ["No", " it", " is", " not"]
    assert content[0].logprob == -0.1
    assert [t.token for t in content[0].top_logprobs] == ["No", "Yes"]  # sorted descending
    assert [[t.token for t in c.top_logprobs] for c in content[1:]] == [[" it"], [" is"], [" not"]]


def test_yes_no_extremes_and_callable_probability() -> None:
    never = yes_no(0.0)({"messages": USER})
    assert isinstance(never, Reply) and never.text == "No"
    assert dict(never.top_logprobs or []) == {"Yes": LOGPROB_FLOOR, "No": 0.0}
    by_prompt = yes_no(lambda request: 0.9 if "red" in last_user_text(request) else 0.1)
    assert by_prompt({"messages": USER}).text == "Yes"  # type: ignore[union-attr]
    blue = {"messages": [{"role": "user", "content": "blue?"}]}
    assert by_prompt(blue).text == "No"  # type: ignore[union-attr]
    with pytest.raises(ValueError):
        yes_no(1.5)({"messages": USER})


def test_n_choices_are_answered_one_responder_call_each() -> None:
    with OpenAIServer(canned(["Yes", "No", "Maybe"])) as server:
        completion = client_for(server).chat.completions.create(
            model="m", messages=USER, n=3, logprobs=True, top_logprobs=2
        )
        stream = client_for(server).chat.completions.create(
            model="m", messages=USER, n=2, stream=True
        )
        streamed: dict[int, str] = {}
        for chunk in stream:
            for choice in chunk.choices:
                streamed[choice.index] = streamed.get(choice.index, "") + (
                    choice.delta.content or ""
                )
    assert [(c.index, c.message.content) for c in completion.choices] == [
        (0, "Yes"), (1, "No"), (2, "Maybe")
    ]  # fmt: skip
    assert all(c.logprobs is not None for c in completion.choices)
    assert completion.usage is not None and completion.usage.completion_tokens == 3
    assert streamed == {0: "Yes", 1: "No"}  # the sequence goes on across requests


def test_without_num_choices_one_choice_is_answered() -> None:
    with OpenAIServer(canned("Yes"), num_choices=False) as server:
        completion = client_for(server).chat.completions.create(model="m", messages=USER, n=4)
    assert [c.message.content for c in completion.choices] == ["Yes"]


def test_logprobs_ignored_or_rejected_like_real_providers() -> None:
    with OpenAIServer(yes_no(0.8), logprobs="ignore") as server:
        completion = client_for(server).chat.completions.create(
            model="m", messages=USER, logprobs=True, top_logprobs=5
        )
        assert completion.choices[0].logprobs is None
        assert completion.choices[0].message.content == "Yes"
    with OpenAIServer(yes_no(0.8), logprobs="reject") as server:
        with pytest.raises(openai.BadRequestError, match="'logprobs' is not supported") as error:
            client_for(server).chat.completions.create(
                model="m", messages=USER, logprobs=True, top_logprobs=5
            )
        assert error.value.status_code == 400
        plain = client_for(server).chat.completions.create(model="m", messages=USER)
        assert plain.choices[0].message.content == "Yes"
        assert server.stats.rejected_logprobs == 1 and server.stats.completed == 1


def test_sampled_yes_no_reads_p_from_logprobs_and_samples_it() -> None:
    respond = sampled_yes_no(0.3, unread=0.2, seed=1)
    greedy = respond({"messages": USER, "temperature": 0.0})
    assert isinstance(greedy, Reply) and greedy.text == "No"  # 0.56 > 0.24 > 0.2
    top = dict(greedy.top_logprobs or [])
    assert math.exp(top["Yes"]) / (math.exp(top["Yes"]) + math.exp(top["No"])) == pytest.approx(0.3)
    assert math.exp(top["I"]) == pytest.approx(0.2)
    draws = [respond({"messages": USER, "temperature": 1.0}).text for _ in range(4000)]  # type: ignore[union-attr]
    yes, no = draws.count("Yes"), draws.count("No")
    unread = len(draws) - yes - no
    assert abs(unread / len(draws) - 0.2) < 0.025  # 4 standard errors
    assert abs(yes / (yes + no) - 0.3) < 0.035
    # reproducible: a new responder with the same seed draws the same sequence
    again = sampled_yes_no(0.3, unread=0.2, seed=1)
    assert [again({"messages": USER, "temperature": 1.0}).text for _ in range(50)] == draws[:50]  # type: ignore[union-attr]
    # a low temperature sharpens the distribution towards its mode
    cold = sampled_yes_no(0.3, unread=0.2, seed=1)
    sharp = [cold({"messages": USER, "temperature": 0.25}).text for _ in range(400)]  # type: ignore[union-attr]
    assert sharp.count("No") / len(sharp) > 0.9


def test_max_tokens_truncates_with_length_finish() -> None:
    with OpenAIServer(canned("one two three")) as server:
        completion = client_for(server).chat.completions.create(
            model="m", messages=USER, max_tokens=2
        )
    assert completion.choices[0].message.content == "one two"
    assert completion.choices[0].finish_reason == "length"
    assert completion.usage is not None and completion.usage.completion_tokens == 2


def test_streaming_through_openai_client(yes_server: OpenAIServer) -> None:
    stream = client_for(yes_server).chat.completions.create(
        model="test-model",
        messages=USER,
        logprobs=True,
        top_logprobs=2,
        stream=True,
        stream_options={"include_usage": True},
    )
    chunks = list(stream)
    assert all(c.object == "chat.completion.chunk" for c in chunks)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == "Yes"
    choices = [c.choices[0] for c in chunks if c.choices]
    assert [c.finish_reason for c in choices if c.finish_reason] == ["stop"]
    token_logprobs = [lp for c in choices if c.logprobs for lp in c.logprobs.content or []]
    assert [t.token for t in token_logprobs[0].top_logprobs] == ["Yes", "No"]
    assert chunks[-1].usage is not None and chunks[-1].usage.completion_tokens == 1


def test_stream_is_proper_sse_ending_in_done(yes_server: OpenAIServer) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", yes_server.port, timeout=5)
    conn.request(
        "POST",
        "/v1/chat/completions",
        body=json.dumps({"model": "m", "messages": USER, "stream": True}),
        headers={"Content-Type": "application/json"},
    )
    response = conn.getresponse()
    assert response.status == 200
    assert response.getheader("Content-Type") == "text/event-stream"
    body = response.read().decode()
    conn.close()
    events = [e for e in body.split("\n\n") if e]
    assert all(e.startswith("data: ") for e in events)
    assert events[-1] == "data: [DONE]"
    payloads = [json.loads(e[len("data: ") :]) for e in events[:-1]]
    assert payloads[0]["choices"][0]["delta"] == {"role": "assistant", "content": ""}
    assert payloads[-1]["choices"][0]["finish_reason"] == "stop"  # no usage chunk unless asked


def test_models_and_paths_with_and_without_v1() -> None:
    with OpenAIServer(canned("hi"), models=["a", "b"]) as server:
        assert [m.id for m in client_for(server).models.list()] == ["a", "b"]
        root_client = OpenAI(base_url=server.url, api_key="x", max_retries=0)
        assert [m.id for m in root_client.models.list()] == ["a", "b"]
        completion = root_client.chat.completions.create(model="a", messages=USER)
        assert completion.choices[0].message.content == "hi"
        with pytest.raises(openai.NotFoundError):
            client_for(server).completions.create(model="a", prompt="legacy route")


def test_records_requests_with_part_order() -> None:
    content = [
        {"type": "text", "text": "Look:"},
        {"type": "image_url", "image_url": {"url": PNG}},
        {"type": "text", "text": "Is it red?"},
    ]
    with OpenAIServer(canned("ok")) as server:
        client = client_for(server)
        messages = [{"role": "user", "content": content}]
        client.chat.completions.create(model="m", messages=messages)  # type: ignore[arg-type]
        client.chat.completions.create(model="m", messages=USER, temperature=0.0)
        recorded = server.requests
    assert len(recorded) == 2
    parts = recorded[0]["messages"][0]["content"]
    assert [p["type"] for p in parts] == ["text", "image_url", "text"]
    assert parts[1]["image_url"]["url"] == PNG
    assert last_user_text(recorded[0]) == "Look:\nIs it red?"
    assert recorded[1]["temperature"] == 0.0


# ---------------------------------------------------------------------------
# responders


def test_canned_sequence_cycles() -> None:
    respond = canned(["a", Reply("b", finish_reason="length")])
    got = [respond({"messages": USER}) for _ in range(3)]
    assert got == ["a", Reply("b", finish_reason="length"), "a"]


def test_canned_mapping_and_function() -> None:
    by_text = canned({"Is it red?": "Yes", "blue": "No"}, default="Maybe")
    assert by_text({"messages": USER}) == "Yes"
    assert by_text({"messages": [{"role": "user", "content": "Is it blue?"}]}) == "No"
    assert by_text({"messages": [{"role": "user", "content": "green"}]}) == "Maybe"
    assert canned(str.upper)({"messages": USER}) == "IS IT RED?"


def test_responder_errors_become_http_500() -> None:
    with OpenAIServer(canned({"known": "x"})) as server:
        with pytest.raises(openai.InternalServerError):
            client_for(server).chat.completions.create(model="m", messages=USER)
        assert server.errors and "KeyError" in server.errors[0]
        assert server.stats.completed == 0


def test_tokenize_round_trips() -> None:
    text = "  Yes, it is\nred. "
    assert "".join(tokenize(text)) == text


# ---------------------------------------------------------------------------
# faults and load


@pytest.mark.parametrize(
    ("kind", "error"),
    [
        ("http500", openai.InternalServerError),
        ("http429", openai.RateLimitError),
        ("drop", openai.APIConnectionError),
        ("malformed", json.JSONDecodeError),
    ],
)
def test_each_failure_kind(kind: str, error: type[Exception]) -> None:
    assert kind in FAILURE_KINDS
    kinds: Any = [kind]
    server = OpenAIServer(canned("ok"), failure_rate=1.0, failure_kinds=kinds, retry_after=3)
    with server:
        with pytest.raises(error) as caught:
            client_for(server).chat.completions.create(model="m", messages=USER)
        if kind == "http429":
            assert caught.value.response.headers["retry-after"] == "3"  # type: ignore[attr-defined]
        stats = server.stats
    assert stats.failures[kind] == 1
    assert sum(stats.failures.values()) == 1
    assert (stats.requests, stats.completed) == (1, 0)


def test_malformed_stream_raises() -> None:
    server = OpenAIServer(canned("ok"), failure_rate=1.0, failure_kinds=["malformed"])
    with server, pytest.raises(json.JSONDecodeError):
        list(client_for(server).chat.completions.create(model="m", messages=USER, stream=True))


def _outcomes(seed: int, n: int = 30) -> list[str]:
    server = OpenAIServer(
        canned("ok"), failure_rate=0.5, failure_kinds=["http500", "http429"], seed=seed
    )
    with server:
        client = client_for(server)
        outcomes = []
        for _ in range(n):
            try:
                client.chat.completions.create(model="m", messages=USER)
                outcomes.append("ok")
            except openai.APIStatusError as ex:
                outcomes.append(str(ex.status_code))
        stats = server.stats
    assert stats.completed == outcomes.count("ok")
    assert stats.failures["http500"] == outcomes.count("500")
    assert stats.failures["http429"] == outcomes.count("429")
    return outcomes


def test_failure_rate_is_seeded() -> None:
    first = _outcomes(seed=1)
    assert first == _outcomes(seed=1)
    assert first != _outcomes(seed=2)
    assert {"ok", "500", "429"} <= set(first)


def _held(gate: threading.Event, arrived: threading.Semaphore):
    """A responder that answers "ok" only once `gate` is set, releasing `arrived` per request."""

    def respond(request: dict[str, Any]) -> Reply:
        arrived.release()
        assert gate.wait(30), "the test never released the held requests"
        return Reply("ok")

    return respond


def test_max_concurrency_rejects_with_429() -> None:
    # event-based: the first request is held in the server until the second one was refused
    gate, arrived = threading.Event(), threading.Semaphore(0)
    with OpenAIServer(_held(gate, arrived), max_concurrency=1, retry_after=2) as server:
        with ThreadPoolExecutor(1) as pool:
            slow = pool.submit(client_for(server).chat.completions.create, model="m", messages=USER)
            assert arrived.acquire(timeout=30)  # the first request holds the only slot
            with pytest.raises(openai.RateLimitError) as caught:
                client_for(server).chat.completions.create(model="m", messages=USER)
            assert caught.value.response.headers["retry-after"] == "2"
            gate.set()
            assert slow.result().choices[0].message.content == "ok"
        stats = server.stats
    assert (stats.requests, stats.completed, stats.rejected, stats.max_concurrent) == (2, 1, 1, 1)


def test_max_concurrency_queues() -> None:
    # event-based: two requests are held in the server, four more wait in its queue
    gate, arrived = threading.Event(), threading.Semaphore(0)
    with OpenAIServer(_held(gate, arrived), max_concurrency=2, overload="queue") as server:
        client = client_for(server)
        with ThreadPoolExecutor(6) as pool:
            calls = [
                pool.submit(client.chat.completions.create, model="m", messages=USER)
                for _ in range(6)
            ]
            assert arrived.acquire(timeout=30) and arrived.acquire(timeout=30)
            while server.stats.requests < 6:  # every request has reached the server
                time.sleep(0.01)
            assert server.stats.completed == 0 and not arrived.acquire(timeout=0.2)
            gate.set()
            results = [call.result() for call in calls]
        stats = server.stats
    assert all(r.choices[0].message.content == "ok" for r in results)
    assert (stats.completed, stats.rejected, stats.max_concurrent) == (6, 0, 2)


def test_stop_closes_keepalive_and_inflight_connections() -> None:
    server = OpenAIServer(canned("ok")).start()
    port = server.port
    idle = client_for(server)
    idle.chat.completions.create(model="m", messages=USER)  # leaves a keep-alive connection
    server.latency = 30.0
    with ThreadPoolExecutor(1) as pool:
        hanging = pool.submit(client_for(server).chat.completions.create, model="m", messages=USER)
        while server.stats.requests < 2:
            time.sleep(0.01)
        stopping = threading.Thread(target=server.stop)
        stopping.start()
        stopping.join(timeout=20)
        assert not stopping.is_alive()  # stop did not sit out the 30 s latency
        with pytest.raises(openai.APIConnectionError):
            hanging.result()
    assert server_threads() == []
    with pytest.raises(ConnectionRefusedError):
        http.client.HTTPConnection("127.0.0.1", port, timeout=1).connect()


def test_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError):
        OpenAIServer(failure_kinds=["timeout"])  # type: ignore[list-item]
    with pytest.raises(ValueError):
        OpenAIServer(failure_rate=2.0)
    with pytest.raises(ValueError):
        OpenAIServer(max_concurrency=0)
    with pytest.raises(ValueError):
        OpenAIServer(logprobs="sometimes")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# end to end through Inspect


@pytest.mark.parametrize("stream", [False, True], ids=["json", "sse"])
def test_inspect_openai_api_end_to_end(
    stream: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from inspect_ai import Task, eval
    from inspect_ai.dataset import Sample
    from inspect_ai.model import (
        ChatMessage,
        ChatMessageUser,
        Content,
        ContentImage,
        ContentText,
        GenerateConfig,
    )
    from inspect_ai.solver import generate

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("LOCAL_API_KEY", "x")  # openai-api/<service>/... reads <SERVICE>_API_KEY
    image_content: list[Content] = [
        ContentText(text="Look:"),
        ContentImage(image=PNG),
        ContentText(text="Red?"),
    ]
    image_input: list[ChatMessage] = [ChatMessageUser(content=image_content)]
    task = Task(
        dataset=[Sample(input="Is it red?"), Sample(input=image_input)],
        solver=generate(),
        config=GenerateConfig(logprobs=True, top_logprobs=20),
    )
    with OpenAIServer(yes_no(0.8)) as server:
        log = eval(
            task,
            model="openai-api/local/test-model",
            model_base_url=server.base_url,
            model_args={"stream": True} if stream else {},
            log_dir=str(tmp_path),
            display="none",
        )[0]
        # samples run concurrently: put the plain-text request first
        recorded = sorted(
            server.requests, key=lambda r: isinstance(r["messages"][0]["content"], list)
        )

    assert log.status == "success", log.error
    assert log.samples is not None and len(log.samples) == 2
    for sample in log.samples:
        assert sample.output.completion == "Yes"
        logprobs = sample.output.choices[0].logprobs
        assert logprobs is not None
        top = [(t.token, t.logprob) for t in logprobs.content[0].top_logprobs or []]
        assert top == [("Yes", pytest.approx(math.log(0.8))), ("No", pytest.approx(math.log(0.2)))]

    assert len(recorded) == 2
    for request in recorded:
        assert request["model"] == "test-model"
        assert (request["logprobs"], request["top_logprobs"]) == (True, 20)
        assert bool(request.get("stream")) is stream
    parts = recorded[1]["messages"][0]["content"]
    assert [p["type"] for p in parts] == ["text", "image_url", "text"]
    assert parts[1]["image_url"]["url"].startswith("data:image/png;base64,")
    assert server_threads() == []

"""Local OpenAI-compatible chat-completions server for tests and benchmarks.

The server speaks the real wire protocol (JSON bodies, SSE streams, OpenAI
error bodies, ``retry-after`` headers) on 127.0.0.1, so the ``openai`` client
and Inspect's ``openai-api`` provider can be exercised end to end without any
network access. What the "model" says is decided by a *responder* callable;
constructor knobs add latency, concurrency limits and seeded failure
injection for benchmark scripts that measure retry and throughput behaviour.

Example::

    with OpenAIServer(yes_no(0.8)) as server:
        client = OpenAI(base_url=server.base_url, api_key="x")
        client.chat.completions.create(model="test-model", messages=[...])
        assert server.stats.requests == 1

Inspect can be pointed at it with ``model="openai-api/local/test-model"``,
``model_base_url=server.base_url`` and an API key (``LOCAL_API_KEY`` in the
environment or ``model_args={"api_key": "x"}``).

Stdlib only (``http.server`` + ``threading``) so it adds no dependencies.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import random
import re
import socket
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Literal
from urllib.parse import urlsplit

__all__ = [
    "FAILURE_KINDS",
    "LOGPROBS_REJECTION",
    "LOGPROB_FLOOR",
    "FailureKind",
    "OpenAIServer",
    "Reply",
    "Responder",
    "ServerStats",
    "canned",
    "last_user_text",
    "sampled_yes_no",
    "tokenize",
    "yes_no",
]

FailureKind = Literal["http500", "http429", "drop", "malformed"]
"""Injectable faults: 500 error, 429 error, connection closed without a
response, and a 200 whose body is not valid JSON."""

FAILURE_KINDS: tuple[FailureKind, ...] = ("http500", "http429", "drop", "malformed")

LOGPROB_FLOOR = -9999.0
"""Log probability reported for probability 0 (JSON has no ``-inf``; OpenAI
itself reports -9999.0 for negligible tokens)."""

LOGPROBS_REJECTION: dict[str, Any] = {
    "error": {
        "message": "Unsupported parameter: 'logprobs' is not supported with this model.",
        "type": "invalid_request_error",
        "param": "logprobs",
        "code": "unsupported_parameter",
    }
}
"""The HTTP 400 body OpenAI's reasoning models answer a request for log-probabilities with."""

_SHUTDOWN_TIMEOUT = 5.0


@dataclass(frozen=True)
class Reply:
    """One assistant reply decided by a responder.

    Attributes:
        text: The assistant message content.
        top_logprobs: ``(token, logprob)`` alternatives for the *first* reply
            token, returned when the request asks for ``logprobs``. Sorted
            descending and cut to the request's ``top_logprobs`` on the wire.
        finish_reason: Reported finish reason (``"length"`` is substituted
            when the request's token limit truncates the reply).
        tool_calls: ``(function name, JSON arguments)`` the assistant message calls
            (finish reason ``"tool_calls"``), as a vLLM server with automatic tool
            parsing sends even when the request offered no tools.
    """

    text: str
    top_logprobs: list[tuple[str, float]] | None = None
    finish_reason: str = "stop"
    tool_calls: tuple[tuple[str, str], ...] = ()


Responder = Callable[[dict[str, Any]], "Reply | str"]
"""Decides the reply to a chat-completions request body (parsed JSON)."""


@dataclass(frozen=True)
class ServerStats:
    """Snapshot of server counters (chat-completion requests only).

    Attributes:
        requests: Chat-completion requests received (including failed ones).
        completed: Requests answered with a valid completion.
        rejected: 429s sent because ``max_concurrency`` was reached.
        rejected_logprobs: 400s sent because the request asked for log-probabilities
            (``logprobs="reject"``).
        failures: Injected failures by kind.
        max_concurrent: Highest number of requests processed at once.
    """

    requests: int = 0
    completed: int = 0
    rejected: int = 0
    rejected_logprobs: int = 0
    failures: dict[str, int] = field(default_factory=dict)
    max_concurrent: int = 0


# ---------------------------------------------------------------------------
# helpers and ready-made responders


def tokenize(text: str) -> list[str]:
    """Split text into pseudo-tokens (words with their leading whitespace).

    Concatenating the tokens gives back ``text`` exactly, which keeps streamed
    deltas and logprob tokens consistent with the full reply.
    """
    return re.findall(r"\s*\S+|\s+", text)


def last_user_text(request: Mapping[str, Any]) -> str:
    """Text of the last user message (text parts joined by newlines)."""
    for message in reversed(request.get("messages") or []):
        if message.get("role") == "user":
            return _message_text(message)
    return ""


def canned(
    replies: Sequence[Reply | str]
    | Mapping[str, Reply | str]
    | Callable[[str], Reply | str]
    | Reply
    | str,
    default: Reply | str | None = None,
) -> Responder:
    """Responder with predetermined replies.

    Args:
        replies: A sequence (replies in request order, cycling when exhausted),
            a mapping from last user text to reply (exact match first, then the
            first key contained in the text), a function of the last user
            text, or a single reply used for every request.
        default: Reply for mapping lookups that match no key; without it an
            unmatched request gets an HTTP 500 (recorded in ``server.errors``).
    """
    if isinstance(replies, (str, Reply)):
        replies = [replies]
    if isinstance(replies, Mapping):
        table = dict(replies)

        def by_text(request: dict[str, Any]) -> Reply | str:
            text = last_user_text(request).strip()
            if text in table:
                return table[text]
            for key, reply in table.items():
                if key in text:
                    return reply
            if default is not None:
                return default
            raise KeyError(f"no canned reply for {text!r}")

        return by_text
    if callable(replies):
        fn = replies
        return lambda request: fn(last_user_text(request))
    if not replies:
        raise ValueError("canned() needs at least one reply")
    sequence = itertools.cycle(list(replies))
    lock = threading.Lock()

    def in_order(request: dict[str, Any]) -> Reply | str:
        with lock:
            return next(sequence)

    return in_order


def yes_no(
    p_yes: float | Callable[[dict[str, Any]], float], words: tuple[str, str] = ("Yes", "No")
) -> Responder:
    """Responder answering "Yes" (if P(Yes) >= 0.5) or "No", with logprobs.

    The first-token top logprobs are ``[("Yes", log p), ("No", log(1 - p))]``
    so probability-reading scorers can be tested against a known P(Yes).

    Args:
        p_yes: Probability of "Yes", or a function of the request body
            returning it (e.g. to vary it by prompt).
        words: the (yes, no) tokens answered, e.g. ``("Ndiyo", "Hapana")``.
    """
    yes, no = words

    def respond(request: dict[str, Any]) -> Reply:
        p = float(p_yes(request) if callable(p_yes) else p_yes)
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p_yes must be in [0, 1], got {p}")
        return Reply(
            text=yes if p >= 0.5 else no,
            top_logprobs=[(yes, _logprob(p)), (no, _logprob(1.0 - p))],
        )

    return respond


def sampled_yes_no(
    p_yes: float | Callable[[dict[str, Any]], float],
    *,
    unread: float | Callable[[dict[str, Any]], float] = 0.0,
    seed: int = 0,
    words: tuple[str, str] = ("Yes", "No"),
    unread_text: str = "I cannot tell from the image.",
) -> Responder:
    """A model that both returns log-probabilities and samples its replies from them.

    Its first-token distribution is: ``words[0]`` with probability (1 - u) p, ``words[1]``
    with (1 - u) (1 - p), and the first word of `unread_text` (a reply that states neither)
    with u. A log-probability reader therefore reads P(Yes) / (P(Yes) + P(No)) = p, and a
    reader of sampled replies that leaves the unread ones out estimates the same p.

    At temperature 0 (or none) the reply is the most likely one (ties: Yes); at temperature
    T > 0 it is drawn from the distribution tempered by T (probabilities proportional to
    pi^(1/T), so T = 1 is the distribution itself). Each draw is seeded from `seed`, the
    request's messages and how many replies this responder has already given to the same
    messages, so a run's draws do not depend on the order concurrent requests arrive in;
    the choices of a request with ``n`` (the server asks once per choice) differ.

    Args:
        p_yes: P(Yes) among Yes and No, or a function of the request body returning it.
        unread: the probability u of a reply with neither word, or a function of the request.
        seed: seed of the draws.
        words: the (yes, no) words answered.
        unread_text: the reply that says neither (its first word must be neither word).
    """
    yes, no = words
    counts: dict[str, int] = {}
    lock = threading.Lock()

    def respond(request: dict[str, Any]) -> Reply:
        p = float(p_yes(request) if callable(p_yes) else p_yes)
        u = float(unread(request) if callable(unread) else unread)
        if not (0.0 <= p <= 1.0 and 0.0 <= u < 1.0):
            raise ValueError(f"p_yes must be in [0, 1] and unread in [0, 1), got {p}, {u}")
        replies = (yes, no, unread_text)
        probabilities = ((1.0 - u) * p, (1.0 - u) * (1.0 - p), u)
        first = tokenize(unread_text)[0]
        top = [(yes, _logprob(probabilities[0])), (no, _logprob(probabilities[1]))]
        if u > 0.0:
            top.append((first, _logprob(u)))
        temperature = float(request.get("temperature") or 0.0)
        if temperature <= 0.0:
            index = max(range(3), key=lambda i: (probabilities[i], -i))
            return Reply(text=replies[index], top_logprobs=top)
        key = json.dumps(request.get("messages"), sort_keys=True)
        with lock:
            occurrence = counts.get(key, 0)
            counts[key] = occurrence + 1
        digest = hashlib.sha256(f"{seed}\x00{occurrence}\x00{key}".encode()).digest()
        draw = int.from_bytes(digest[:8], "big") / 2.0**64
        tempered = [q ** (1.0 / temperature) if q > 0.0 else 0.0 for q in probabilities]
        total = sum(tempered)
        cumulative = 0.0
        for index, weight in enumerate(tempered):
            cumulative += weight / total
            if draw < cumulative:
                return Reply(text=replies[index], top_logprobs=top)
        return Reply(
            text=replies[max(i for i, w in enumerate(tempered) if w > 0.0)], top_logprobs=top
        )

    return respond


def _logprob(p: float) -> float:
    return math.log(p) if p > 0.0 else LOGPROB_FLOOR


def _message_text(message: Mapping[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, str):
        return content
    parts = content or []
    return "\n".join(p.get("text", "") for p in parts if p.get("type") == "text")


def _prompt_tokens(request: Mapping[str, Any]) -> int:
    """Rough prompt size: pseudo-tokens of text plus one per non-text part."""
    total = 0
    for message in request.get("messages") or []:
        content = message.get("content")
        total += len(tokenize(_message_text(message)))
        if isinstance(content, list):
            total += sum(1 for p in content if p.get("type") != "text")
    return total


# ---------------------------------------------------------------------------
# response bodies


def _token_entry(token: str, logprob: float) -> dict[str, Any]:
    return {"token": token, "logprob": logprob, "bytes": list(token.encode())}


@dataclass(frozen=True)
class _Choice:
    """One choice of a reply: its tokens, finish reason, log-probabilities and tool calls."""

    tokens: list[str]
    finish_reason: str
    logprobs: list[dict[str, Any]] | None
    tool_calls: tuple[tuple[str, str], ...] = ()

    def tool_call_bodies(self) -> list[dict[str, Any]]:
        return [
            {"id": f"call_{i}", "type": "function", "function": {"name": n, "arguments": a}}
            for i, (n, a) in enumerate(self.tool_calls)
        ]


@dataclass(frozen=True)
class _Answer:
    """A reply resolved against a request: what both wire formats are built from.

    One choice per reply the responder gave (several when the request asks for ``n`` and the
    server honours it)."""

    id: str
    created: int
    model: str
    choices: list[_Choice]
    prompt_tokens: int

    @property
    def usage(self) -> dict[str, int]:
        completion = sum(len(choice.tokens) for choice in self.choices)
        return {
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": completion,
            "total_tokens": self.prompt_tokens + completion,
        }

    def completion(self) -> dict[str, Any]:
        """Non-streaming ``chat.completion`` body."""
        return {
            "id": self.id,
            "object": "chat.completion",
            "created": self.created,
            "model": self.model,
            "system_fingerprint": None,
            "choices": [
                {
                    "index": index,
                    "message": {
                        "role": "assistant",
                        "content": "".join(choice.tokens),
                        "refusal": None,
                        **({"tool_calls": choice.tool_call_bodies()} if choice.tool_calls else {}),
                    },
                    "finish_reason": choice.finish_reason,
                    "logprobs": _choice_logprobs(choice.logprobs),
                }
                for index, choice in enumerate(self.choices)
            ],
            "usage": self.usage,
        }

    def chunks(self, include_usage: bool) -> Iterator[dict[str, Any]]:
        """``chat.completion.chunk`` bodies: per choice role, one per token, finish; usage."""
        base = {
            "id": self.id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": self.model,
            "system_fingerprint": None,
        }

        def chunk(
            index: int, delta: dict[str, Any], logprobs: Any = None, finish: Any = None
        ) -> dict[str, Any]:
            choice = {"index": index, "delta": delta, "logprobs": logprobs, "finish_reason": finish}
            return base | {"choices": [choice]}

        for index, choice in enumerate(self.choices):
            yield chunk(index, {"role": "assistant", "content": ""})
            for i, token in enumerate(choice.tokens):
                logprobs = (
                    None if choice.logprobs is None else _choice_logprobs([choice.logprobs[i]])
                )
                yield chunk(index, {"content": token}, logprobs)
            if choice.tool_calls:
                calls = [call | {"index": i} for i, call in enumerate(choice.tool_call_bodies())]
                yield chunk(index, {"tool_calls": calls})
            yield chunk(index, {}, finish=choice.finish_reason)
        if include_usage:
            yield base | {"choices": [], "usage": self.usage}


def _choice_logprobs(content: list[dict[str, Any]] | None) -> dict[str, Any] | None:
    return None if content is None else {"content": content, "refusal": None}


def _resolve_choice(request: Mapping[str, Any], reply: Reply, logprobs_sent: bool) -> _Choice:
    tokens = tokenize(reply.text)
    finish = "tool_calls" if reply.tool_calls else reply.finish_reason
    limit = request.get("max_completion_tokens") or request.get("max_tokens")
    if isinstance(limit, int) and len(tokens) > limit:
        tokens, finish = tokens[:limit], "length"
    logprobs = None
    if request.get("logprobs") and logprobs_sent:
        n = int(request.get("top_logprobs") or 0)
        logprobs = []
        for i, token in enumerate(tokens):
            if i == 0 and reply.top_logprobs:
                alternatives = sorted(reply.top_logprobs, key=lambda a: -a[1])
                chosen = dict(alternatives).get(token, 0.0)
                top = [_token_entry(t, lp) for t, lp in alternatives[:n]]
            else:
                chosen, top = 0.0, ([_token_entry(token, 0.0)] if n > 0 else [])
            logprobs.append(_token_entry(token, chosen) | {"top_logprobs": top})
    return _Choice(tokens, finish, logprobs, reply.tool_calls)


def _resolve(
    request: Mapping[str, Any],
    replies: Sequence[Reply],
    default_model: str,
    *,
    logprobs_sent: bool = True,
) -> _Answer:
    return _Answer(
        id=f"chatcmpl-{uuid.uuid4().hex[:24]}",
        created=int(time.time()),
        model=str(request.get("model") or default_model),
        choices=[_resolve_choice(request, reply, logprobs_sent) for reply in replies],
        prompt_tokens=_prompt_tokens(request),
    )


def _error_body(message: str, type_: str, code: str | None = None) -> dict[str, Any]:
    return {"error": {"message": message, "type": type_, "param": None, "code": code}}


# ---------------------------------------------------------------------------
# HTTP plumbing


def _route(raw_path: str) -> str:
    """Normalise a request path so ``/v1/x`` and ``/x`` are the same route."""
    path = urlsplit(raw_path).path.rstrip("/")
    if path == "/v1" or path.startswith("/v1/"):
        path = path[3:]
    return path or "/"


class _Handler(BaseHTTPRequestHandler):
    """Parses requests and writes responses; policy lives in OpenAIServer."""

    protocol_version = "HTTP/1.1"  # keep-alive, as real API servers do
    timeout = 60  # idle keep-alive connections give up eventually
    disable_nagle_algorithm = True  # headers and body are separate writes: avoid 40 ms stalls
    server: _HTTPServer

    def log_message(self, format: str, *args: Any) -> None:
        """Stay quiet: test output should not carry access logs."""

    def do_GET(self) -> None:
        owner = self.server.owner
        path = _route(self.path)
        if path == "/models":
            self.send_json(200, {"object": "list", "data": [_model(m) for m in owner.models]})
        elif path.startswith("/models/") and path[len("/models/") :] in owner.models:
            self.send_json(200, _model(path[len("/models/") :]))
        else:
            self.send_json(404, _error_body(f"no route GET {self.path}", "invalid_request_error"))

    def do_POST(self) -> None:
        body = self._read_body()
        if _route(self.path) != "/chat/completions":
            self.send_json(404, _error_body(f"no route POST {self.path}", "invalid_request_error"))
            return
        try:
            request = json.loads(body)
        except ValueError as ex:
            self.send_json(400, _error_body(f"invalid JSON body: {ex}", "invalid_request_error"))
            return
        if not isinstance(request, dict):
            self.send_json(400, _error_body("body must be a JSON object", "invalid_request_error"))
            return
        self.server.owner._serve_chat(self, request)

    def _read_body(self) -> bytes:
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            data = b""
            while size := int(self.rfile.readline().split(b";")[0].strip() or b"0", 16):
                data += self.rfile.read(size)
                self.rfile.readline()
            while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                pass  # trailers
            return data
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def send_json(
        self, status: int, payload: Any, headers: Mapping[str, str] | None = None
    ) -> None:
        """Send a JSON body with Content-Length."""
        self.send_bytes(status, json.dumps(payload).encode(), headers)

    def send_bytes(
        self, status: int, data: bytes, headers: Mapping[str, str] | None = None
    ) -> None:
        """Send ``data`` labelled as JSON (also used for deliberately broken JSON)."""
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def send_sse(self, events: Iterable[str]) -> None:
        """Send server-sent events (``data: ...``) with chunked encoding."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for event in events:
            frame = f"data: {event}\n\n".encode()
            self.wfile.write(b"%X\r\n%s\r\n" % (len(frame), frame))
        self.wfile.write(b"0\r\n\r\n")

    def drop(self) -> None:
        """Close the connection without sending any response."""
        self.close_connection = True


def _model(name: str) -> dict[str, Any]:
    return {"id": name, "object": "model", "created": 0, "owned_by": "vpt-tasks"}


class _HTTPServer(ThreadingHTTPServer):
    """ThreadingHTTPServer that can close its open connections on stop.

    Stock ThreadingHTTPServer uses daemon handler threads that it never joins,
    so keep-alive connections would outlive ``server_close()``. Here every
    connection and its thread is tracked so ``stop()`` leaves nothing behind.
    """

    daemon_threads = True
    block_on_close = False
    request_queue_size = 128  # a real API server's backlog; the stock 5 refuses bursts of connects

    def __init__(self, address: tuple[str, int], owner: OpenAIServer) -> None:
        self.owner = owner
        self._connections: dict[socket.socket, threading.Thread] = {}
        self._connections_lock = threading.Lock()
        super().__init__(address, _Handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        thread = threading.Thread(
            target=self._process,
            args=(request, client_address),
            name="openai-server-conn",
            daemon=True,
        )
        with self._connections_lock:  # registered before start: stop() sees it
            self._connections[request] = thread
        thread.start()

    def _process(self, request: Any, client_address: Any) -> None:
        try:
            self.finish_request(request, client_address)
        except Exception:
            self.handle_error(request, client_address)
        finally:
            self.shutdown_request(request)
            with self._connections_lock:
                self._connections.pop(request, None)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # clients hanging up and stop() closing sockets are expected, not errors
        if isinstance(sys.exc_info()[1], OSError) or self.owner._stopping.is_set():
            return
        super().handle_error(request, client_address)

    def close_connections(self, timeout: float) -> None:
        """Shut down every open connection and join its handler thread."""
        with self._connections_lock:
            connections = list(self._connections.items())
        for sock, _ in connections:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        for _, thread in connections:
            thread.join(timeout)


# ---------------------------------------------------------------------------
# the server


class OpenAIServer:
    """OpenAI-compatible chat-completions server on 127.0.0.1, in a thread.

    Routes (each also without the ``/v1`` prefix): ``POST /v1/chat/completions``
    (JSON, or SSE when ``"stream": true``) and ``GET /v1/models``. The API key
    is accepted and ignored.

    Args:
        responder: Decides each reply; defaults to always answering "OK".
        models: Model names listed by ``/v1/models`` (any requested model name
            is served and echoed back).
        latency: Seconds each chat request is held (inside its concurrency
            slot) before answering.
        max_concurrency: Limit on requests processed at once (None: no limit).
        overload: Beyond ``max_concurrency``, ``"reject"`` answers HTTP 429
            with ``retry-after``; ``"queue"`` makes the request wait for a slot.
        retry_after: Seconds sent in ``retry-after`` headers of 429s.
        failure_rate: Probability that a chat request gets an injected failure.
        failure_kinds: Failure kinds drawn from (uniformly) when injecting.
        seed: Seed of the failure RNG, for reproducible fault sequences.
        logprobs: ``"send"`` (default) returns log-probabilities when a request asks for them;
            ``"ignore"`` never returns any, as a provider without them (Anthropic, through
            Inspect) answers; ``"reject"`` answers a request that asks for them with HTTP 400
            `LOGPROBS_REJECTION`, as OpenAI's reasoning models do.
        num_choices: honour the request's ``n`` (default): the responder is asked once per
            choice and the reply holds ``n`` choices; ``False`` answers one choice whatever
            ``n`` is, as a provider without ``num_choices`` does.
        api_key: Accepted for symmetry with real servers; ignored.
        host: Interface to bind.
        port: Port to bind (0: a free port).
    """

    def __init__(
        self,
        responder: Responder | None = None,
        *,
        models: Sequence[str] = ("test-model",),
        latency: float = 0.0,
        max_concurrency: int | None = None,
        overload: Literal["reject", "queue"] = "reject",
        retry_after: float = 1.0,
        failure_rate: float = 0.0,
        failure_kinds: Iterable[FailureKind] = FAILURE_KINDS,
        seed: int = 0,
        logprobs: Literal["send", "ignore", "reject"] = "send",
        num_choices: bool = True,
        api_key: str | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        kinds = sorted(set(failure_kinds))  # sorted: draws must not depend on set order
        if unknown := set(kinds) - set(FAILURE_KINDS):
            raise ValueError(f"unknown failure kinds: {sorted(unknown)}")
        if not 0.0 <= failure_rate <= 1.0:
            raise ValueError("failure_rate must be in [0, 1]")
        if failure_rate > 0.0 and not kinds:
            raise ValueError("failure_rate > 0 needs at least one failure kind")
        if max_concurrency is not None and max_concurrency < 1:
            raise ValueError("max_concurrency must be >= 1")
        if overload not in ("reject", "queue"):
            raise ValueError("overload must be 'reject' or 'queue'")
        if logprobs not in ("send", "ignore", "reject"):
            raise ValueError("logprobs must be 'send', 'ignore' or 'reject'")
        del api_key  # accepted and ignored

        self.responder: Responder = responder or canned("OK")
        self.models: tuple[str, ...] = tuple(models)
        self.latency = latency
        self.max_concurrency = max_concurrency
        self.overload = overload
        self.retry_after = retry_after
        self.failure_rate = failure_rate
        self.failure_kinds: tuple[FailureKind, ...] = tuple(kinds)
        self.logprobs = logprobs
        self.num_choices = num_choices
        self._address = (host, port)

        self._lock = threading.Lock()
        self._rng = random.Random(seed)
        self._slots = (
            threading.BoundedSemaphore(max_concurrency)
            if max_concurrency is not None and overload == "queue"
            else None
        )
        self._requests: list[dict[str, Any]] = []
        self._errors: list[str] = []
        self._counts = {
            "requests": 0,
            "completed": 0,
            "rejected": 0,
            "rejected_logprobs": 0,
            "max_concurrent": 0,
        }
        self._failures: dict[str, int] = dict.fromkeys(FAILURE_KINDS, 0)
        self._in_flight = 0
        self._stopping = threading.Event()
        self._httpd: _HTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle ---------------------------------------------------------

    def start(self) -> OpenAIServer:
        """Bind and serve in a daemon thread; returns self."""
        if self._httpd is not None:
            raise RuntimeError("server already running")
        self._stopping.clear()
        self._httpd = _HTTPServer(self._address, self)
        self._thread = threading.Thread(
            target=self._httpd.serve_forever,
            kwargs={"poll_interval": 0.05},
            name="openai-server",
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving, close open connections and join all threads."""
        httpd, thread = self._httpd, self._thread
        if httpd is None or thread is None:
            return
        self._stopping.set()  # wakes latency sleeps and queued requests
        httpd.shutdown()
        httpd.close_connections(_SHUTDOWN_TIMEOUT)
        httpd.server_close()
        thread.join(_SHUTDOWN_TIMEOUT)
        self._httpd = self._thread = None

    def __enter__(self) -> OpenAIServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    # -- introspection -----------------------------------------------------

    @property
    def port(self) -> int:
        """Bound port (only while running)."""
        if self._httpd is None:
            raise RuntimeError("server is not running")
        return int(self._httpd.server_address[1])

    @property
    def url(self) -> str:
        """Root URL without the ``/v1`` prefix."""
        return f"http://{self._address[0]}:{self.port}"

    @property
    def base_url(self) -> str:
        """OpenAI client base URL, ``http://127.0.0.1:PORT/v1``."""
        return f"{self.url}/v1"

    @property
    def requests(self) -> list[dict[str, Any]]:
        """Chat-completion request bodies received so far, in arrival order."""
        with self._lock:
            return list(self._requests)

    @property
    def errors(self) -> list[str]:
        """Exceptions raised by the responder (each answered with HTTP 500)."""
        with self._lock:
            return list(self._errors)

    @property
    def stats(self) -> ServerStats:
        """Snapshot of the counters."""
        with self._lock:
            return ServerStats(failures=dict(self._failures), **self._counts)

    # -- request handling --------------------------------------------------

    def _serve_chat(self, handler: _Handler, request: dict[str, Any]) -> None:
        """Apply concurrency, latency and fault policy, then answer."""
        with self._lock:
            self._requests.append(request)
            self._counts["requests"] += 1
        if self._slots is not None:
            while not self._slots.acquire(timeout=0.05):
                if self._stopping.is_set():
                    handler.drop()
                    return
        try:
            if not self._enter():
                headers = {"retry-after": f"{self.retry_after:g}"}
                body = _error_body(
                    "too many concurrent requests", "rate_limit_error", "rate_limit_exceeded"
                )
                handler.send_json(429, body, headers)
                return
            try:
                if self.latency > 0 and self._stopping.wait(self.latency):
                    handler.drop()  # shutting down: in-flight requests die with the server
                    return
                self._answer(handler, request)
            finally:
                with self._lock:
                    self._in_flight -= 1
        finally:
            if self._slots is not None:
                self._slots.release()

    def _enter(self) -> bool:
        """Take a processing slot; False if rejected for overload."""
        with self._lock:
            limit = self.max_concurrency
            if self._slots is None and limit is not None and self._in_flight >= limit:
                self._counts["rejected"] += 1
                return False
            self._in_flight += 1
            self._counts["max_concurrent"] = max(self._counts["max_concurrent"], self._in_flight)
            return True

    def _draw_failure(self) -> FailureKind | None:
        if self.failure_rate <= 0.0:
            return None
        with self._lock:
            if self._rng.random() >= self.failure_rate:
                return None
            kind = self._rng.choice(self.failure_kinds)
            self._failures[kind] += 1
            return kind

    def _choices_asked(self, request: Mapping[str, Any]) -> int:
        """How many choices to answer: the request's ``n`` when the server honours it, else 1."""
        n = request.get("n")
        if not self.num_choices or n is None:
            return 1
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ValueError(f"n must be a positive integer, got {n!r}")
        return n

    def _answer(self, handler: _Handler, request: dict[str, Any]) -> None:
        stream = bool(request.get("stream"))
        if self.logprobs == "reject" and (
            request.get("logprobs") or request.get("top_logprobs") is not None
        ):
            with self._lock:
                self._counts["rejected_logprobs"] += 1
            handler.send_json(400, LOGPROBS_REJECTION)
            return
        kind = self._draw_failure()
        if kind == "drop":
            handler.drop()
        elif kind == "http500":
            handler.send_json(500, _error_body("injected server error", "server_error"))
        elif kind == "http429":
            body = _error_body("injected rate limit", "rate_limit_error", "rate_limit_exceeded")
            handler.send_json(429, body, {"retry-after": f"{self.retry_after:g}"})
        elif kind == "malformed":
            broken = '{"id": "chatcmpl-malformed", "choices": [{'
            if stream:
                handler.send_sse([broken, "[DONE]"])
            else:
                handler.send_bytes(200, broken.encode())
        else:
            try:
                replies = []
                for _ in range(self._choices_asked(request)):
                    reply = self.responder(request)
                    if isinstance(reply, str):
                        reply = Reply(reply)
                    if not isinstance(reply, Reply):
                        raise TypeError(
                            f"responder returned {type(reply).__name__}, not Reply or str"
                        )
                    replies.append(reply)
                answer = _resolve(
                    request,
                    replies,
                    self.models[0] if self.models else "model",
                    logprobs_sent=self.logprobs == "send",
                )
            except Exception as ex:
                with self._lock:
                    self._errors.append(f"{type(ex).__name__}: {ex}")
                handler.send_json(500, _error_body(f"responder failed: {ex}", "server_error"))
                return
            # counted before the answer leaves: a client that has its answer sees it counted
            with self._lock:
                self._counts["completed"] += 1
            if stream:
                include_usage = bool((request.get("stream_options") or {}).get("include_usage"))
                events = [json.dumps(c) for c in answer.chunks(include_usage)]
                handler.send_sse([*events, "[DONE]"])
            else:
                handler.send_json(200, answer.completion())


def main(argv: list[str] | None = None) -> int:
    """Run the server in the foreground: `python -m tests.fakes.openai_server`."""
    import argparse

    parser = argparse.ArgumentParser(
        description="A local OpenAI-compatible server for trying a provider path offline."
    )
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: any free one)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--answer", default="OK", help="the text every request gets (default OK)")
    group.add_argument(
        "--p-yes",
        type=float,
        default=None,
        help="answer Yes/No with first-token log-probabilities of this P(Yes)",
    )
    parser.add_argument(
        "--sampled",
        action="store_true",
        help="with --p-yes: sample the Yes/No at the request's temperature (sampled_yes_no)",
    )
    parser.add_argument(
        "--logprobs",
        choices=("send", "ignore", "reject"),
        default="send",
        help="return log-probabilities when asked (send), never (ignore), or answer HTTP 400 "
        "as OpenAI's reasoning models do (reject)",
    )
    parser.add_argument(
        "--no-num-choices", action="store_true", help="answer one choice whatever n is asked"
    )
    parser.add_argument("--latency", type=float, default=0.0, help="seconds held per request")
    options = parser.parse_args(argv)
    if options.p_yes is None:
        responder = canned(options.answer)
    elif options.sampled:
        responder = sampled_yes_no(options.p_yes)
    else:
        responder = yes_no(options.p_yes)
    with OpenAIServer(
        responder,
        latency=options.latency,
        port=options.port,
        logprobs=options.logprobs,
        num_choices=not options.no_num_choices,
    ) as server:
        print(
            f"--model openai-api/local/test-model --model-base-url {server.base_url} "
            "(set LOCAL_API_KEY to anything; Ctrl-C to stop)",
            flush=True,
        )
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

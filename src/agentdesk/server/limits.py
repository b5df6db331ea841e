"""Limits every request body meets before any route sees it, the same on every route.

:class:`RequestLimits` is plain ASGI middleware. It reads a request's body
within ``body_timeout`` seconds and at most ``max_body_bytes`` (413 past it), and
checks a JSON body before the route parses it: valid UTF-8, nested at most
``max_json_depth`` deep, no lone surrogate or NUL in any string or key (they
cannot be stored in PostgreSQL or written back as UTF-8), no ``NaN`` or ``Infinity``
(Python reads them, JSON cannot write them back), and a top-level
``metadata`` of at most ``max_metadata_bytes``. So a refused body is refused
before anything is written, and whatever is stored can be serialised again.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["BodyLimits", "RequestLimits", "json_size", "problem_in"]

# A body larger than the limit is read (and dropped) up to this many times the
# limit, so the client can read the 413; past it the connection is closed.
_DRAIN_FACTOR = 16


@dataclass(frozen=True)
class BodyLimits:
    """What a request body may be (see ``Settings``)."""

    max_body_bytes: int
    max_json_depth: int
    max_metadata_bytes: int
    body_timeout: float


class _Refused(Exception):
    def __init__(self, status: int, field: str, message: str, *, close: bool = False) -> None:
        super().__init__(f"{field}: {message}")
        self.status, self.field, self.message, self.close = status, field, message, close


def json_size(value: Any) -> int:
    """Bytes of ``value`` as compact UTF-8 JSON (how metadata is measured)."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def _string_problem(text: str) -> str | None:
    if "\x00" in text:
        return "contains a NUL character"
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            return f"contains a lone surrogate (U+{ord(text[exc.start]):04X})"
    return None


def problem_in(value: Any, max_depth: int) -> tuple[str, str] | None:
    """The first (field, problem) of a parsed JSON value: too deep, or a bad string."""
    stack: list[tuple[Any, int, str]] = [(value, 1, "")]
    while stack:
        item, depth, path = stack.pop()
        if isinstance(item, str):
            problem = _string_problem(item)
            if problem:
                return path or "body", problem
            continue
        if not isinstance(item, dict | list):
            continue
        if depth > max_depth:
            return path or "body", f"nested deeper than {max_depth} levels"
        pairs = item.items() if isinstance(item, dict) else enumerate(item)
        for key, child in pairs:
            if isinstance(key, str) and (problem := _string_problem(key)):
                return path or "body", f"a key {problem}"  # the key itself is not echoed
            child_path = f"{path}.{key}" if path else str(key)
            stack.append((child, depth + 1, child_path))
    return None


def _no_constant(name: str) -> Any:
    """Python reads ``NaN`` and ``Infinity``; JSON has no such numbers and they cannot be sent
    back, so a body holding one is refused."""
    raise _Refused(422, "body", f"{name} is not a JSON number")


def _is_json(scope: Scope) -> bool:
    for name, value in scope["headers"]:
        if name == b"content-type":
            kind = value.decode("latin-1").split(";")[0].strip().lower()
            return kind == "application/json" or kind.endswith("+json")
    return True  # FastAPI reads a body without a content type as JSON


def _declared_length(scope: Scope) -> int | None:
    """The body's Content-Length; 0 when the request says it has no body."""
    chunked = False
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
        if name == b"transfer-encoding" and b"chunked" in value.lower():
            chunked = True
    return None if chunked else 0


class RequestLimits:
    """ASGI middleware applying :class:`BodyLimits` to every HTTP request."""

    def __init__(self, app: ASGIApp, limits: BodyLimits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _declared_length(scope)
        if declared == 0:
            await self.app(scope, receive, send)
            return
        try:
            body = await self._read(receive, declared)
            if body is None:
                return  # the client went away
            if body and _is_json(scope):
                self._check_json(body)
        except _Refused as refused:
            await self._refuse(send, refused)
            return
        await self.app(scope, _replay(body, receive), send)

    async def _read(self, receive: Receive, declared: int | None) -> bytes | None:
        limit = self.limits.max_body_bytes
        if declared is not None and declared > limit * _DRAIN_FACTOR:
            raise _Refused(413, "body", f"larger than {limit} bytes", close=True)
        chunks: list[bytes] = []
        size = 0
        try:
            # One deadline for the whole body (no task per chunk, as wait_for would make).
            async with asyncio.timeout(self.limits.body_timeout):
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        return None
                    chunk = message.get("body", b"")
                    size += len(chunk)
                    if size <= limit:
                        chunks.append(chunk)
                    elif size > limit * _DRAIN_FACTOR:
                        raise _Refused(413, "body", f"larger than {limit} bytes", close=True)
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            raise _Refused(408, "body", f"not received within {self.limits.body_timeout:g} "
                           "seconds", close=True) from None
        if size > limit:
            raise _Refused(413, "body", f"larger than {limit} bytes")
        return b"".join(chunks)

    def _check_json(self, body: bytes) -> None:
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _Refused(422, "body", f"not valid UTF-8 (byte {exc.start})") from None
        try:
            value = json.loads(text, parse_constant=_no_constant)
        except _Refused:
            raise
        except RecursionError:
            raise _Refused(422, "body", f"nested deeper than {self.limits.max_json_depth} "
                           "levels") from None
        except ValueError:
            return  # not JSON: the route answers 422 naming the parse error
        found = problem_in(value, self.limits.max_json_depth)
        if found:
            raise _Refused(422, *found)
        if isinstance(value, dict) and isinstance(value.get("metadata"), dict):
            size = json_size(value["metadata"])
            if size > self.limits.max_metadata_bytes:
                raise _Refused(422, "metadata", f"{size} bytes; at most "
                               f"{self.limits.max_metadata_bytes} are kept")

    @staticmethod
    async def _refuse(send: Send, refused: _Refused) -> None:
        payload = json.dumps({"detail": f"{refused.field}: {refused.message}",
                              "errors": [{"field": refused.field, "message": refused.message}]})
        headers = [(b"content-type", b"application/json"),
                   (b"content-length", str(len(payload)).encode())]
        if refused.close:
            headers.append((b"connection", b"close"))
        await send({"type": "http.response.start", "status": refused.status, "headers": headers})
        await send({"type": "http.response.body", "body": payload.encode()})


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the route the body read, then waits as the client's does."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay

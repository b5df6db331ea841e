"""Answers that wait for a run (``runs.wait``, ``runs.join``), kept alive while they wait.

A proxy or load balancer closes a connection that carries no byte for a minute or so,
and a run waiting for a model can take longer. As the Agent Server does, an answer not
ready within :data:`WAIT_PING_SECONDS` is sent as a stream: a newline every interval
(JSON parsers skip leading whitespace), then the JSON body. An answer ready sooner is
an ordinary JSON response, so its errors keep their HTTP status; an error raised after
the stream began can only be said in the body, as ``__error__``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Any

from fastapi import Request, Response
from fastapi.responses import StreamingResponse

from agentdesk.errors import AgentdeskError

__all__ = ["WAIT_PING_SECONDS", "kept_alive"]

WAIT_PING_SECONDS = 5.0
"""The interval between keep-alive newlines (the Agent Server's); ``app.state.wait_ping_seconds``
overrides it."""

_DISCONNECT_POLL = 0.5


async def kept_alive(request: Request, answer: Awaitable[dict[str, Any]], *,
                     render: Callable[[Any], bytes],
                     headers: Mapping[str, str] | None = None,
                     on_hangup: Callable[[], Awaitable[None]] | None = None) -> Response:
    """``answer`` as JSON (``render`` makes its body), with newlines sent ahead of it while
    it takes longer than the ping interval; ``on_hangup`` runs if the caller hangs up
    before it is ready."""
    ping = float(getattr(request.app.state, "wait_ping_seconds", WAIT_PING_SECONDS))
    task = asyncio.ensure_future(answer)
    deadline = asyncio.get_running_loop().time() + ping
    while not task.done():
        left = deadline - asyncio.get_running_loop().time()
        if left <= 0:
            break
        await asyncio.wait({task}, timeout=min(left, _DISCONNECT_POLL)
                           if on_hangup is not None else left)
        if on_hangup is not None and not task.done() and await request.is_disconnected():
            task.cancel()
            await on_hangup()
            return Response(status_code=204)  # nobody reads it
    if task.done():
        return Response(render(task.result()), media_type="application/json",
                        headers=dict(headers or {}))
    return StreamingResponse(_newlines_then(task, ping, on_hangup, render),
                             media_type="application/json", headers=dict(headers or {}))


async def _newlines_then(task: asyncio.Future[dict[str, Any]], ping: float,
                         on_hangup: Callable[[], Awaitable[None]] | None,
                         render: Callable[[Any], bytes]) -> AsyncIterator[bytes]:
    finished = False
    try:
        while not task.done():
            await asyncio.wait({task}, timeout=ping)
            if not task.done():
                yield b"\n"
        try:
            values = task.result()
        except AgentdeskError as exc:
            values = {"__error__": {"error": type(exc).__name__, "message": exc.message}}
        finished = True
        yield render(values)
    finally:
        if not finished:  # the caller hung up (the server closes this generator)
            task.cancel()
            if on_hangup is not None:
                await asyncio.shield(on_hangup())

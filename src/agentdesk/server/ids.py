"""The one rule for identifiers (threads, runs, assistants, interrupts), wherever they arrive.

What ``POST /threads`` accepts as a ``thread_id`` is what every path, body field
and query parameter accepts: 1 to 64 ASCII letters, digits and ``_ . : -``. The
rule fits the database columns (64 characters, and a key's namespace before a thread
id), so PostgreSQL never sees a NUL or an over-long id, and it excludes U+FFFD, so
invalid UTF-8 in a path (which decodes to U+FFFD) cannot make two different ids collide.

With API keys, thread ids are per key: see "thread ids per key" below.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import sqlalchemy as sa
from fastapi import Path
from pydantic import Field
from sqlalchemy.ext.asyncio import AsyncEngine
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from agentdesk.runtime.storage.persistence import threads

__all__ = ["ID_MAX", "ID_PATTERN", "SCOPE_KEY", "IdBox", "Ident", "IdentPath", "PublicIds",
           "ThreadIds", "legacy_ids", "namespace_of"]

ID_MAX = 64
ID_PATTERN = r"^[A-Za-z0-9_.:-]+$"
_RULE = {"min_length": 1, "max_length": ID_MAX, "pattern": ID_PATTERN}

Ident = Annotated[str, Field(**_RULE)]
"""An identifier in a request body."""

IdentPath = Annotated[str, Path(**_RULE)]
"""An identifier in a URL path."""


# -- thread ids per key --------------------------------------------------------------
#
# With API keys every key has its own space of thread ids: the server stores a key's
# thread ``x`` as ``<namespace>~x`` (the namespace derives from the key's fingerprint,
# and ``~`` is outside the rule above, so no public id can name it). Ids are mapped in
# where they arrive (``deps.ThreadId``, request bodies) and out in one place
# (:class:`PublicIds`), which takes the caller's own namespace out of every response:
# bodies, SSE events, errors and headers. Another key's thread and one that never
# existed are then the same id to the store: nothing can tell them apart. Without keys
# the public id is the stored one, as the CLI has it.
#
# Threads a key made before namespaces existed keep their ids ("legacy" ids, read
# once at startup): rewriting them would touch LangGraph's checkpoint tables and the
# effect ledger's idempotency keys, which outside systems have already seen.

SEP = "~"
SCOPE_KEY = "agentdesk.ids"
"""Where :class:`PublicIds` leaves a :class:`IdBox` in the ASGI scope for the caller's deps."""


def namespace_of(owner: str) -> str:
    """The namespace of an owner ``key:<fingerprint>``: what prefixes its thread ids."""
    return owner.rpartition(":")[2][:12]


@dataclass(frozen=True)
class ThreadIds:
    """One caller's mapping between public and stored thread ids."""

    namespace: str | None
    """None without keys: public and stored ids are the same."""
    legacy: frozenset[str] = frozenset()
    """This key's threads from before namespaces, stored under their public ids."""

    def inward(self, public: str) -> str:
        """The stored id of the caller's thread ``public``."""
        if self.namespace is None or public in self.legacy:
            return public
        return f"{self.namespace}{SEP}{public}"


@dataclass
class IdBox:
    """Filled by the caller's authentication: the bytes to take out of the response."""

    token: bytes | None = None


async def legacy_ids(engine: AsyncEngine) -> dict[str, frozenset[str]]:
    """Owner -> ids of its threads stored before namespaces (ids without ``~``)."""
    query = sa.select(threads.c.owner, threads.c.thread_id).where(
        threads.c.owner.is_not(None), threads.c.thread_id.not_like(f"%{SEP}%"))
    found: dict[str, set[str]] = {}
    async with engine.connect() as conn:
        for owner, thread_id in (await conn.execute(query)).all():
            found.setdefault(owner, set()).add(thread_id)
    return {owner: frozenset(ids) for owner, ids in found.items()}


class PublicIds:
    """ASGI middleware: a keyed caller's namespace never leaves the server.

    Removes ``<namespace>~`` from the headers and body of every response to a caller
    that authenticated with a key (SSE events one by one), fixing Content-Length.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        box = IdBox()
        scope[SCOPE_KEY] = box
        start: Message | None = None
        held: list[bytes] = []

        async def public(message: Message) -> None:
            nonlocal start
            token = box.token
            if token is None:
                await send(message)
                return
            if message["type"] == "http.response.start":
                headers = [(k, v.replace(token, b"")) for k, v in message.get("headers", [])]
                message = {**message, "headers": headers}
                if scope["method"] != "HEAD" and any(
                        k.lower() == b"content-length" for k, _ in headers):
                    start = message  # sent with the body, once its length is known
                    return
                await send(message)
                return
            if message["type"] != "http.response.body":
                await send(message)
                return
            body = message.get("body", b"").replace(token, b"")
            if start is None:
                await send({**message, "body": body})
                return
            held.append(body)
            if message.get("more_body", False):
                return
            whole = b"".join(held)
            start["headers"] = [(k, str(len(whole)).encode() if k.lower() == b"content-length"
                                 else v) for k, v in start["headers"]]
            await send(start)
            await send({"type": "http.response.body", "body": whole, "more_body": False})

        await self.app(scope, receive, public)

"""Dependencies of the routes, as ``Annotated`` aliases."""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from typing import Annotated
from urllib.parse import unquote

from fastapi import Depends, Header, HTTPException, Request

from agentdesk.errors import ConflictError, NotFoundError
from agentdesk.runtime.runs.desk import Desk
from agentdesk.settings import key_fingerprint

from .auth import USER as AUTH_USER
from .ids import SCOPE_KEY, SEP, IdBox, IdentPath, ThreadIds, namespace_of
from .manager import RunManager

__all__ = ["ACTOR_HEADER", "Caller", "CallerDep", "DeskDep", "ManagerDep", "Owner",
           "RunThreadId", "ThreadId", "taken_thread"]

ACTOR_HEADER = "x-agentdesk-actor"
"""A display name (URL-encoded) the web app sends: who is at the keyboard."""

UNNAMED = "you"
"""The actor of an HTTP caller who gave no name, without keys or a configured actor: the
login of the server's process (often ``root``) says nothing about who is at the browser."""


@dataclass(frozen=True)
class Caller:
    """Who is calling, as the server authenticated them."""

    owner: str | None
    """What owns the threads this caller creates: ``key:<fingerprint>``; None without keys."""
    key_name: str | None
    """The API key's name (``AGENTDESK_API_KEYS=name:key``), or the identity custom auth
    (langgraph.json ``auth``) gave; None without either."""
    display_name: str | None
    """A name the client gave (``x-agentdesk-actor`` header); never proof of anything."""
    ids: ThreadIds = field(default_factory=lambda: ThreadIds(None))
    """The caller's thread ids: public (in requests and answers) to stored, and back."""
    unnamed: str | None = None
    """The actor when no name is given (None: the runtime's default, the process's login)."""

    def actor(self, display_name: str | None = None) -> str | None:
        """The actor to record: the key's name with keys, else the display name, else
        :attr:`unnamed`."""
        return self.key_name or display_name or self.display_name or self.unnamed

    def beside(self, display_name: str | None = None) -> str | None:
        """The display name to keep beside an authenticated actor (None when it is the actor)."""
        name = display_name or self.display_name
        return name if self.key_name and name and name != self.key_name else None


async def _desk(request: Request) -> Desk:
    return request.app.state.desk


async def _manager(request: Request) -> RunManager:
    return request.app.state.manager


async def _caller(request: Request,
                  x_api_key: Annotated[str | None, Header()] = None,
                  authorization: Annotated[str | None, Header()] = None,
                  x_agentdesk_actor: Annotated[str | None, Header(max_length=600)] = None,
                  ) -> Caller:
    """Authenticate the request: with keys, one of them must be given."""
    display = None
    if x_agentdesk_actor:  # printable characters only: it is shown and stored as text
        text = "".join(ch for ch in unquote(x_agentdesk_actor) if ch.isprintable())
        display = text.strip()[:200] or None
    settings = request.app.state.settings
    if (user := getattr(request.state, AUTH_USER, None)) is not None:  # langgraph.json auth
        return Caller(None, user.identity, display, unnamed=settings.actor or UNNAMED)
    keys: list[tuple[str, str]] = settings.named_api_keys()
    if not keys:
        return Caller(None, None, display, unnamed=settings.actor or UNNAMED)
    given = x_api_key
    if given is None and authorization and authorization.lower().startswith("bearer "):
        given = authorization[7:].strip()
    # Compare with every key so the time taken does not tell which one nearly matched.
    matches = [name for name, key in keys
               if given and hmac.compare_digest(given.encode(), key.encode())]
    if not matches or given is None:
        raise HTTPException(status_code=401, detail="missing or unknown API key "
                            "(send x-api-key or Authorization: Bearer)")
    owner = "key:" + key_fingerprint(given)
    ids = ThreadIds(namespace_of(owner), getattr(
        request.app.state, "legacy_ids", {}).get(owner, frozenset()))
    box = request.scope.get(SCOPE_KEY)
    if isinstance(box, IdBox):  # the answer will speak public ids only
        box.token = f"{ids.namespace}{SEP}".encode()
    return Caller(owner, matches[0], display, ids)


async def _owner(caller: Annotated[Caller, Depends(_caller)]) -> str | None:
    return caller.owner


DeskDep = Annotated[Desk, Depends(_desk)]
ManagerDep = Annotated[RunManager, Depends(_manager)]
CallerDep = Annotated[Caller, Depends(_caller)]
Owner = Annotated[str | None, Depends(_owner)]


async def taken_thread(desk: Desk, thread_id: str, owner: str | None, *, own_ok: bool) -> bool:
    """Whether ``thread_id`` may be created: False when free, True when the caller's own
    and ``own_ok``.

    Otherwise a :class:`ConflictError` that reads the same whoever holds the id, so
    it never tells a caller that another key's thread exists or anything about it.
    """
    try:
        existing = await desk.store.get_thread(thread_id)
    except NotFoundError:
        return False
    if own_ok and existing.owner == owner:
        return True
    raise ConflictError(f"thread_id: {thread_id!r} is not available; choose another id",
                        field="thread_id")


async def _thread_id(thread_id: IdentPath, caller: CallerDep) -> str:
    return caller.ids.inward(thread_id)


ThreadId = Annotated[str, Depends(_thread_id)]
"""A thread id in the URL path, as stored: the caller's own thread of that public id."""


async def _run_thread_id(thread_id: ThreadId, request: Request, desk: DeskDep,
                         owner: Owner) -> str:
    """The path's thread id; with ``if_not_exists: create``, checked as a create would be."""
    try:
        body = await request.json()
    except ValueError:
        body = None  # the route answers 422 for the body
    if isinstance(body, dict) and body.get("if_not_exists") == "create":
        await taken_thread(desk, thread_id, owner, own_ok=True)
    return thread_id


RunThreadId = Annotated[str, Depends(_run_thread_id)]
"""A thread id in the path of a route that starts a run (and may create the thread)."""

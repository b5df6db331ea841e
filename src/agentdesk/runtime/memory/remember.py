"""What the runtime remembers about a user, in LangGraph's Store.

Layout, one namespace per (owner, user): ``("memory", owner, user_id)`` where
``owner`` is the API key's name, or ``"local"`` when the server has no keys, so
a user's memory is never visible to another key.

* key ``"profile"``: ``{"preferences": {...}, "permissions": [...]}`` (edited by
  a person or an operator);
* every other key: one remembered fact, ``{"text": ..., "thread_id": ...,
  "at": ISO time}``, written by an agent (the assistant's summarizer).

Nodes reach the store as LangGraph's ``runtime.store``; the runtime compiles
every graph with the Store built from the same database URL.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

from langgraph.store.base import BaseStore

__all__ = ["PROFILE", "forget", "load_profile", "memories", "remember", "user_namespace",
           "user_of"]

PROFILE = "profile"
LOCAL_OWNER = "local"


def user_namespace(owner: str | None, user_id: str) -> tuple[str, ...]:
    # The Store refuses a "." in a namespace label; ids never hold "%", so this reads back.
    return ("memory", owner or LOCAL_OWNER, user_id.replace(".", "%2E"))


def user_of(label: str) -> str:
    """The user id a namespace's last label stands for (see :func:`user_namespace`)."""
    return label.replace("%2E", ".")


def _fact_key(text: str) -> str:
    """The same fact stated twice is remembered once."""
    normal = " ".join(text.lower().split())
    return "fact-" + hashlib.sha256(normal.encode()).hexdigest()[:16]


async def load_profile(store: BaseStore, owner: str | None, user_id: str,
                       *, limit: int = 50) -> dict[str, Any]:
    """``{"preferences", "permissions", "facts"}`` for the user (empty when unknown)."""
    namespace = user_namespace(owner, user_id)
    profile = await store.aget(namespace, PROFILE)
    value = dict(profile.value) if profile else {}
    facts = [item.value.get("text", "") for item in
             await store.asearch(namespace, limit=limit) if item.key != PROFILE]
    return {"preferences": value.get("preferences", {}),
            "permissions": value.get("permissions", []),
            "facts": [f for f in facts if f]}


async def remember(store: BaseStore, owner: str | None, user_id: str, facts: list[str],
                   *, thread_id: str) -> list[str]:
    """Store each new fact; returns the keys written."""
    namespace = user_namespace(owner, user_id)
    at = datetime.now(UTC).isoformat()
    keys = []
    for text in (f.strip() for f in facts):
        if not text:
            continue
        key = _fact_key(text)
        await store.aput(namespace, key, {"text": text, "thread_id": thread_id, "at": at},
                         index=False)
        keys.append(key)
    return keys


async def memories(store: BaseStore, owner: str | None, user_id: str,
                   *, limit: int = 200) -> list[dict[str, Any]]:
    """Everything stored for the user, profile included, as ``{"key", "value", ...}``."""
    items = await store.asearch(user_namespace(owner, user_id), limit=limit)
    return [{"key": i.key, "value": i.value, "updated_at": i.updated_at.isoformat()}
            for i in items]


async def forget(store: BaseStore, owner: str | None, user_id: str,
                 key: str | None = None) -> int:
    """Delete one memory, or (``key=None``) all of the user's; returns how many."""
    namespace = user_namespace(owner, user_id)
    keys = [key] if key else [i["key"] for i in await memories(store, owner, user_id,
                                                                   limit=10_000)]
    for k in keys:
        await store.adelete(namespace, k)
    return len(keys)

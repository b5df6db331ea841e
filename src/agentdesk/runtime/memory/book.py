"""What a person sees and edits of user memory: users, one user's memory, the profile.

The layout is :mod:`.memory`'s (``("memory", owner or "local", user_id)``); this
module is what the CLI (``agentdesk memory``) and the HTTP routes (``/memory``)
share. Callers pass identifiers already checked at their way in.
"""

from __future__ import annotations

from typing import Any

from langgraph.store.base import BaseStore
from pydantic import BaseModel, ConfigDict, Field

from agentdesk.errors import InputError, NotFoundError

from .remember import LOCAL_OWNER, PROFILE, forget, memories, user_namespace, user_of

__all__ = ["ProfileUpdate", "delete_memory", "profile_of", "put_profile", "user_memory",
           "users"]

_ALL = 10_000


class ProfileUpdate(BaseModel):
    """A user's profile as a person writes it (it replaces the stored one)."""

    model_config = ConfigDict(extra="forbid")

    preferences: dict[str, str | int | float | bool | None] = Field(
        default_factory=dict, max_length=100)
    """How the user likes things (language, units, tone...): short values."""
    permissions: list[str] = Field(default_factory=list, max_length=100)
    """What the user may do (names the agents check)."""

    def checked(self) -> ProfileUpdate:
        """Itself, once each preference and permission fits (else an :class:`InputError`)."""
        for key, value in self.preferences.items():
            if not key.strip() or len(key) > 100:
                raise InputError(f"key {key[:40]!r} must be 1 to 100 characters",
                                 field="preferences")
            if isinstance(value, str) and len(value) > 1000:
                raise InputError(f"{key}: at most 1000 characters", field="preferences")
        for item in self.permissions:
            if not item.strip() or len(item) > 100:
                raise InputError(f"{item[:40]!r} must be 1 to 100 characters",
                                 field="permissions")
        return self


async def users(store: BaseStore, owner: str | None) -> list[dict[str, Any]]:
    """The users ``owner`` holds memories of: ``{"user_id", "memories", "updated_at"}``."""
    spaces = await store.alist_namespaces(prefix=("memory", owner or LOCAL_OWNER),
                                          max_depth=3, limit=_ALL)
    out = []
    for space in sorted(spaces):
        if len(space) != 3:
            continue
        user_id = user_of(space[2])
        items = await memories(store, owner, user_id, limit=_ALL)
        if items:
            out.append({"user_id": user_id, "memories": len(items),
                        "updated_at": max(i["updated_at"] for i in items)})
    return out


async def profile_of(store: BaseStore, owner: str | None, user_id: str) -> dict[str, Any]:
    """The user's profile (empty when none was written)."""
    item = await store.aget(user_namespace(owner, user_id), PROFILE)
    value = dict(item.value) if item else {}
    return {"preferences": value.get("preferences", {}),
            "permissions": value.get("permissions", [])}


async def user_memory(store: BaseStore, owner: str | None, user_id: str) -> dict[str, Any]:
    """``{"user_id", "profile", "facts"}``; each fact ``{"key", "text", "thread_id", "at"}``."""
    facts = [{"key": m["key"], "text": m["value"].get("text", ""),
              "thread_id": m["value"].get("thread_id"),
              "at": m["value"].get("at") or m["updated_at"]}
             for m in await memories(store, owner, user_id, limit=_ALL) if m["key"] != PROFILE]
    facts.sort(key=lambda f: str(f["at"]))
    return {"user_id": user_id, "profile": await profile_of(store, owner, user_id),
            "facts": facts}


async def put_profile(store: BaseStore, owner: str | None, user_id: str,
                      profile: ProfileUpdate) -> dict[str, Any]:
    """Replace the user's profile; returns it as stored."""
    checked = profile.checked()
    await store.aput(user_namespace(owner, user_id), PROFILE, checked.model_dump(mode="json"),
                     index=False)
    return await profile_of(store, owner, user_id)


async def delete_memory(store: BaseStore, owner: str | None, user_id: str,
                        key: str | None = None) -> int:
    """Delete one memory (``key``) or all of the user's; how many went.

    Nothing to delete is a :class:`NotFoundError` that reads the same whoever
    asks, so another key's users stay invisible.
    """
    if key is not None:
        if await store.aget(user_namespace(owner, user_id), key) is None:
            raise NotFoundError(f"user {user_id!r} has no memory {key!r}", field="key")
        return await forget(store, owner, user_id, key)
    gone = await forget(store, owner, user_id)
    if not gone:
        raise NotFoundError(f"nothing is remembered about user {user_id!r}", field="user_id")
    return gone

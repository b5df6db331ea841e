"""User memory: what agents remember about users, scoped to the caller's API key."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from langgraph.store.base import BaseStore

from agentdesk.runtime.memory import book as memorybook
from agentdesk.runtime.memory.book import ProfileUpdate
from agentdesk.server.deps import DeskDep, Owner
from agentdesk.server.ids import IdentPath

router = APIRouter(prefix="/memory", tags=["memory"])


def _store(desk: DeskDep) -> BaseStore:
    return desk.persistence.memory


@router.get("")
async def list_users(desk: DeskDep, owner: Owner) -> list[dict[str, Any]]:
    """The users this key's agents remember something about."""
    return await memorybook.users(_store(desk), owner)


@router.get("/{user_id}")
async def show(user_id: IdentPath, desk: DeskDep, owner: Owner) -> dict[str, Any]:
    """A user's profile and remembered facts (empty for a user nothing is known about)."""
    return await memorybook.user_memory(_store(desk), owner, user_id)


@router.get("/{user_id}/profile")
async def get_profile(user_id: IdentPath, desk: DeskDep, owner: Owner) -> dict[str, Any]:
    return await memorybook.profile_of(_store(desk), owner, user_id)


@router.put("/{user_id}/profile")
async def put_profile(user_id: IdentPath, body: ProfileUpdate, desk: DeskDep,
                      owner: Owner) -> dict[str, Any]:
    """Replace the user's profile (preferences and permissions)."""
    return await memorybook.put_profile(_store(desk), owner, user_id, body)


@router.delete("/{user_id}")
async def forget_user(user_id: IdentPath, desk: DeskDep, owner: Owner) -> dict[str, int]:
    """Forget everything about the user, profile included."""
    return {"deleted": await memorybook.delete_memory(_store(desk), owner, user_id)}


@router.delete("/{user_id}/{key}")
async def forget_one(user_id: IdentPath, key: IdentPath, desk: DeskDep,
                     owner: Owner) -> dict[str, int]:
    """Forget one memory (a fact's key, or ``profile``)."""
    return {"deleted": await memorybook.delete_memory(_store(desk), owner, user_id, key)}

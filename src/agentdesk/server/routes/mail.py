"""A thread as its email conversation (threads started or answered by email)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from agentdesk.server.deps import DeskDep, Owner
from agentdesk.server.ids import IdentPath

router = APIRouter(tags=["mail"])


@router.get("/threads/{thread_id}/mail")
async def thread_mail(thread_id: IdentPath, desk: DeskDep, owner: Owner) -> dict[str, Any]:
    """Every message the thread received and sent, oldest first, with dispositions."""
    from agentdesk.channels.email.conversation import conversation

    await desk.store.get_thread(thread_id, owner)  # another owner's thread reads as missing
    return await conversation(desk.persistence.engine, thread_id)

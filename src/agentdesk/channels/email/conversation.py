"""A thread as its email conversation: every message in and out, oldest first."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from .addresses import get_thread
from .tables import inbound, outbox

__all__ = ["conversation"]


async def conversation(engine: AsyncEngine, thread_id: str) -> dict[str, Any]:
    """The thread's mail identity and messages (inbound with disposition, outbound with headers).

    The channel's tables exist once the serving process opened it (its lifespan does).
    """
    identity = await get_thread(engine, thread_id)
    async with engine.connect() as conn:
        received = (await conn.execute(sa.select(
            inbound.c.id, inbound.c.message_id, inbound.c.sender, inbound.c.sender_name,
            inbound.c.subject, inbound.c.body, inbound.c.disposition, inbound.c.reason,
            inbound.c.delivery, inbound.c.received_at).where(inbound.c.thread_id == thread_id)
        )).mappings().all()
        sent = (await conn.execute(sa.select(outbox).where(outbox.c.thread_id == thread_id))
                ).mappings().all()
    messages: list[dict[str, Any]] = []
    for row in received:
        messages.append({"direction": "in", "at": row["received_at"].isoformat(),
                         "message_id": row["message_id"], "from": row["sender"],
                         "from_name": row["sender_name"], "subject": row["subject"],
                         "body": row["body"], "disposition": row["disposition"],
                         "reason": row["reason"], "delivery": row["delivery"]})
    for row in sent:
        body = bytes(row["raw"]).split(b"\n\n", 1)[-1].decode("utf-8", "replace")
        messages.append({"direction": "out", "at": row["created_at"].isoformat(),
                         "message_id": row["message_id"], "from": row["sender"],
                         "to": row["recipients"], "subject": row["subject"], "kind": row["kind"],
                         "status": row["status"], "headers": row["headers"],
                         "body": _text(row["raw"]) or body})
    messages.sort(key=lambda m: m["at"])
    return {"thread_id": thread_id,
            "address": None if identity is None else {
                "tag": identity.tag, "token": identity.token,
                "customer_email": identity.customer_email,
                "customer_name": identity.customer_name, "subject": identity.subject},
            "messages": messages}


def _text(raw: bytes) -> str:
    from email import policy
    from email.parser import BytesParser

    message = BytesParser(policy=policy.default).parsebytes(bytes(raw))
    part = message.get_body(preferencelist=("plain",))
    content = part.get_content() if part is not None else ""
    return content if isinstance(content, str) else ""

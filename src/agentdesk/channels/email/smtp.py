"""SMTP listeners on the running event loop: the inbound door and the local catcher."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from agentdesk.errors import AgentdeskError
from agentdesk.runtime.storage.persistence import now

from .tables import caught

__all__ = ["CatcherHandler", "InboundHandler", "listen"]

log = logging.getLogger(__name__)


class InboundHandler:
    """Hands every message received to ``deliver(raw)``; refuses what it cannot read."""

    def __init__(self, deliver: Callable[[bytes], Awaitable[Any]]) -> None:
        self.deliver = deliver

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        try:
            await self.deliver(bytes(envelope.original_content or envelope.content))
        except AgentdeskError as exc:
            return f"550 {exc.message}"
        except Exception:  # a broken step must not drop the message silently: retry later
            log.exception("inbound mail")
            return "451 could not take the message now; try again later"
        return "250 OK"


class CatcherHandler:
    """The local catcher's mailbox: each Message-ID stored once, repeats counted."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw = bytes(envelope.original_content or envelope.content)
        head = raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0].decode("utf-8", "replace")
        found = re.search(r"^message-id:\s*(<[^>]+>)", head, re.IGNORECASE | re.MULTILINE)
        message_id = found.group(1) if found else None
        try:
            async with self.engine.begin() as conn:
                await conn.execute(caught.insert().values(
                    message_id=message_id, mail_from=envelope.mail_from,
                    rcpt_to=list(envelope.rcpt_tos), raw=raw, deliveries=1, received_at=now()))
        except IntegrityError:  # the same message again (a resend after a crash)
            async with self.engine.begin() as conn:
                await conn.execute(caught.update().where(caught.c.message_id == message_id)
                                   .values(deliveries=caught.c.deliveries + 1))
        return "250 OK"


async def listen(handler: Any, address: str) -> asyncio.Server:
    """Serve SMTP with ``handler`` on ``host:port``, on the running loop."""
    from aiosmtpd.smtp import SMTP

    host, _, port = address.rpartition(":")
    loop = asyncio.get_running_loop()
    return await loop.create_server(
        partial(SMTP, handler, hostname="agentdesk", data_size_limit=10 * 2**20,
                enable_SMTPUTF8=True), host or "127.0.0.1", int(port))


async def caught_messages(engine: AsyncEngine) -> list[dict[str, Any]]:
    async with engine.connect() as conn:
        rows = (await conn.execute(sa.select(caught).order_by(caught.c.id))).mappings().all()
    return [dict(row) for row in rows]

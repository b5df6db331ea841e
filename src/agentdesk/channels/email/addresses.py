"""Each mail thread's addresses: its Reply-To token, subject tag and customer."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from email.utils import parseaddr

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from agentdesk.runtime.storage.persistence import now

from .tables import mail_ids, mail_threads

__all__ = ["MailThread", "conversation_ids", "ensure_thread", "get_thread", "record_id",
           "reply_address", "split_address"]


@dataclass(frozen=True)
class MailThread:
    thread_id: str
    token: str
    tag: str
    customer_email: str
    customer_name: str | None
    subject: str


def split_address(address: str) -> tuple[str, str]:
    """``Name <local@domain>`` -> (local, domain), lowercased."""
    _, addr = parseaddr(address)
    local, _, domain = addr.lower().rpartition("@")
    return local, domain or "localhost"


def reply_address(mail_from: str, token: str) -> str:
    local, domain = split_address(mail_from)
    return f"{local}+{token}@{domain}"


async def get_thread(conn: AsyncConnection | AsyncEngine, thread_id: str) -> MailThread | None:
    query = sa.select(mail_threads).where(mail_threads.c.thread_id == thread_id)
    if isinstance(conn, AsyncEngine):
        async with conn.connect() as c:
            row = (await c.execute(query)).mappings().first()
    else:
        row = (await conn.execute(query)).mappings().first()
    if row is None:
        return None
    return MailThread(**{k: row[k] for k in ("thread_id", "token", "tag", "customer_email",
                                              "customer_name", "subject")})


async def ensure_thread(engine: AsyncEngine, thread_id: str, customer_email: str,
                        customer_name: str | None = None, subject: str = "") -> MailThread:
    """The thread's mail identity, created on first use (a fresh token and tag)."""
    for _ in range(20):
        found = await get_thread(engine, thread_id)
        if found is not None:
            return found
        try:
            async with engine.begin() as conn:
                await conn.execute(mail_threads.insert().values(
                    thread_id=thread_id, token=secrets.token_hex(6),
                    tag=f"Q-{secrets.randbelow(900_000) + 100_000}",
                    customer_email=customer_email.lower(), customer_name=customer_name,
                    subject=subject, created_at=now()))
        except IntegrityError:  # a tag taken, or another process made the row: look again
            continue
    raise RuntimeError(f"could not give thread {thread_id!r} a mail identity")


async def record_id(conn: AsyncConnection, message_id: str, thread_id: str,
                    direction: str, party: str = "customer") -> None:
    """Remember that ``thread_id`` sent or received ``message_id`` (first thread wins)."""
    exists = (await conn.execute(sa.select(mail_ids.c.thread_id).where(
        mail_ids.c.message_id == message_id))).first()
    if exists is None:
        await conn.execute(mail_ids.insert().values(
            message_id=message_id, thread_id=thread_id, direction=direction,
            party=party, created_at=now()))


async def conversation_ids(conn: AsyncConnection, thread_id: str,
                           party: str = "customer") -> list[str]:
    """The Message-IDs of one side's conversation on the thread, oldest first."""
    rows = await conn.execute(sa.select(mail_ids.c.message_id).where(
        mail_ids.c.thread_id == thread_id, mail_ids.c.party == party)
        .order_by(mail_ids.c.created_at, mail_ids.c.message_id))
    return list(rows.scalars())

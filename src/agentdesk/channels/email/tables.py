"""The channel's tables: inbound messages, the outbox, thread addresses, Message-IDs.

They live in the app's database beside the runtime's tables. The channel creates
them itself (``ensure_tables``, idempotent) rather than adding a runtime
migration, so the runtime's migration list stays the runtime's.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from agentdesk.runtime.storage.persistence import Stamp

__all__ = [
    "caught",
    "ensure_tables",
    "inbound",
    "mail_ids",
    "mail_metadata",
    "mail_threads",
    "outbox",
]

mail_metadata = sa.MetaData()

mail_threads = sa.Table(
    "agentdesk_mail_threads", mail_metadata,
    # One row per thread that talks over email: how mail finds its way back to it.
    sa.Column("thread_id", sa.String(64), primary_key=True),
    sa.Column("token", sa.String(32), nullable=False, unique=True),
    # The per-thread token of the Reply-To address (``quotes+TOKEN@domain``).
    sa.Column("tag", sa.String(20), nullable=False, unique=True),
    # The subject tag, ``Q-123456``.
    sa.Column("customer_email", sa.String(320), nullable=False),
    sa.Column("customer_name", sa.String(200)),
    sa.Column("subject", sa.Text, nullable=False, default=""),
    sa.Column("created_at", Stamp(), nullable=False),
)

mail_ids = sa.Table(
    "agentdesk_mail_ids", mail_metadata,
    # Every Message-ID a thread sent or received: what In-Reply-To/References resolve against.
    sa.Column("message_id", sa.String(998), primary_key=True),
    sa.Column("thread_id", sa.String(64), nullable=False, index=True),
    sa.Column("direction", sa.String(3), nullable=False),  # in | out
    sa.Column("party", sa.String(10), nullable=False),  # customer | agency: which conversation
    sa.Column("created_at", Stamp(), nullable=False),
)

inbound = sa.Table(
    "agentdesk_mail_inbound", mail_metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("dedupe_key", sa.String(998), unique=True),
    # Message-ID, else ``sha256:<hash of the raw bytes>``; NULL on a duplicate's row.
    sa.Column("message_id", sa.String(998)),
    sa.Column("raw", sa.LargeBinary),
    # The message as received, stored once (a duplicate's row has none).
    sa.Column("sender", sa.String(320)),
    sa.Column("sender_name", sa.String(200)),
    sa.Column("subject", sa.Text),
    sa.Column("body", sa.Text),
    # The text with quoted history stripped.
    sa.Column("disposition", sa.String(20), nullable=False),
    # new_thread | reply | agency_decision | ignored | duplicate | held
    sa.Column("thread_id", sa.String(64), index=True),
    sa.Column("reason", sa.Text, nullable=False, default=""),
    sa.Column("delivery", sa.String(20)),
    # For a reply: queued | delivering | delivered.
    sa.Column("interrupt_id", sa.String(64)),
    # The interrupt a reply or decision was delivered to.
    sa.Column("source", sa.String(20), nullable=False, default="smtp"),
    sa.Column("received_at", Stamp(), nullable=False),
)

outbox = sa.Table(
    "agentdesk_mail_outbox", mail_metadata,
    sa.Column("key", sa.String(300), primary_key=True),
    # The sender's idempotency key: one row, one Message-ID, per key.
    sa.Column("thread_id", sa.String(64), nullable=False, index=True),
    sa.Column("kind", sa.String(20), nullable=False),
    sa.Column("message_id", sa.String(998), nullable=False, unique=True),
    sa.Column("sender", sa.String(320), nullable=False),
    sa.Column("recipients", sa.JSON, nullable=False),
    sa.Column("subject", sa.Text, nullable=False),
    sa.Column("headers", sa.JSON, nullable=False),
    sa.Column("raw", sa.LargeBinary, nullable=False),
    # The exact bytes every attempt sends (same Message-ID each time).
    sa.Column("status", sa.String(20), nullable=False),  # queued | sent
    sa.Column("attempts", sa.Integer, nullable=False, default=0),
    sa.Column("last_error", sa.Text),
    sa.Column("attempted_at", Stamp()),
    sa.Column("created_at", Stamp(), nullable=False),
    sa.Column("sent_at", Stamp()),
)

caught = sa.Table(
    "agentdesk_mail_caught", mail_metadata,
    # The local catcher's mailbox: what would have left the machine without a relay.
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("message_id", sa.String(998), unique=True),
    sa.Column("mail_from", sa.String(320)),
    sa.Column("rcpt_to", sa.JSON, nullable=False),
    sa.Column("raw", sa.LargeBinary, nullable=False),
    sa.Column("deliveries", sa.Integer, nullable=False, default=1),
    # SMTP transactions that carried this Message-ID; the mailbox keeps one copy.
    sa.Column("received_at", Stamp(), nullable=False),
)


async def ensure_tables(engine: AsyncEngine) -> None:
    """Create the channel's tables that do not exist yet (safe to call from any process)."""
    async with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            await conn.execute(sa.text("SELECT pg_advisory_xact_lock(784513)"))
        await conn.run_sync(lambda sync: mail_metadata.create_all(sync, checkfirst=True))

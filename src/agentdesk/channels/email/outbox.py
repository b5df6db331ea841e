"""The outbox: one row per key, sent over SMTP, exactly once per key.

:meth:`Outbox.send` writes the complete message (its Message-ID, In-Reply-To,
References, Reply-To with the thread's token, the subject tag) in one row keyed
by ``OutgoingMail.key`` before anything is sent, then hands those exact bytes to
the relay (``AGENTDESK_SMTP_RELAY``) or the local catcher. A repeated key gets
the first answer back and sends nothing new. A process that dies between the
SMTP transaction and marking the row ``sent`` leaves it ``queued``: the next
attempt (the watcher's flush, once ``AGENTDESK_MAIL_RETRY_SECONDS`` have passed since
the last one; an attempt is claimed in the row, so two processes never send one row
at once) sends the *same* bytes with the same Message-ID, which the catcher stores
once (and which receivers deduplicate on).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any, Literal
from urllib.parse import urlsplit

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from agentdesk.errors import ConfigError
from agentdesk.runtime import telemetry
from agentdesk.runtime.mail import OutgoingMail, SentMail
from agentdesk.runtime.meters import meters
from agentdesk.runtime.storage.persistence import now, sync_to_disk
from agentdesk.settings import Settings

from .addresses import conversation_ids, ensure_thread, record_id, reply_address, split_address
from .tables import mail_threads, outbox
from .threader import subject_tag

__all__ = ["Outbox", "Relay", "relay_of"]

log = logging.getLogger(__name__)



@dataclass(frozen=True)
class Relay:
    host: str
    port: int
    username: str | None = None
    password: str | None = None
    use_tls: bool = False


def _host_port(text: str, field: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigError(f"{field}: {text!r} is not host:port", field=field)
    return host, int(port)


def relay_of(settings: Settings) -> Relay:
    """Where outgoing mail goes: the configured relay, else the local catcher."""
    if not settings.smtp_relay:
        return Relay(*_host_port(settings.smtp_catcher, "smtp_catcher"))
    text = settings.smtp_relay
    if "://" not in text:
        return Relay(*_host_port(text, "smtp_relay"))
    url = urlsplit(text)
    if url.scheme not in ("smtp", "smtps") or not url.hostname:
        raise ConfigError(f"smtp_relay: {text!r} is not smtp://host:port or smtps://host:port",
                          field="smtp_relay")
    return Relay(url.hostname, url.port or (465 if url.scheme == "smtps" else 25),
                 url.username, url.password, url.scheme == "smtps")


def _references(ids: list[str]) -> list[str]:
    # RFC 5322 3.6.4 practice: keep the first and the most recent when the list is long.
    return ids if len(ids) <= 20 else [ids[0], *ids[-19:]]


class Outbox:
    """Writes and sends the outbox's rows over one engine."""

    def __init__(self, engine: AsyncEngine, settings: Settings) -> None:
        self.engine = engine
        self.settings = settings

    async def get(self, key: str) -> dict[str, Any] | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(sa.select(outbox).where(outbox.c.key == key))
                   ).mappings().first()
        return dict(row) if row is not None else None

    async def send(self, mail: OutgoingMail) -> SentMail:
        """Store ``mail`` once under its key and send it (see the module docstring)."""
        with telemetry.span("email out", {"agentdesk.mail.key": mail.key}) as span:
            row = await self.get(mail.key)
            if row is None:
                row = await self._store(mail)
            if row["status"] != "sent":
                await sync_to_disk(self.engine)  # the stored message outlives a power cut
                row = await self._deliver(row)
            status: Literal["sent", "queued"] = "sent" if row["status"] == "sent" else "queued"
            telemetry.note(span, **{"agentdesk.mail.message_id": row["message_id"],
                                    "agentdesk.mail.status": status})
            return SentMail(message_id=row["message_id"], status=status)

    async def _store(self, mail: OutgoingMail) -> dict[str, Any]:
        settings = self.settings
        agency = mail.kind == "review"
        thread = await ensure_thread(self.engine, mail.thread_id,
                                     customer_email="" if agency else mail.to[0],
                                     subject=mail.subject)
        _, domain = split_address(settings.mail_from)
        message = EmailMessage()
        message["From"] = settings.mail_from
        message["To"] = ", ".join(mail.to)
        message["Reply-To"] = reply_address(settings.mail_from, thread.token)
        tag = subject_tag(mail.subject)
        message["Subject"] = mail.subject if tag else f"{mail.subject} [{thread.tag}]"
        message["Date"] = formatdate(localtime=False)
        message_id = make_msgid(domain=domain)
        message["Message-ID"] = message_id
        # Our mail is automatic: well-behaved auto-responders must not answer it (RFC 3834).
        message["Auto-Submitted"] = "auto-generated"
        message["X-Agentdesk-Thread"] = thread.tag
        message["X-Agentdesk-Kind"] = mail.kind
        party = "agency" if agency else "customer"
        if not agency and not thread.customer_email:  # its first mail was the agency's review
            async with self.engine.begin() as conn:
                await conn.execute(mail_threads.update().where(
                    mail_threads.c.thread_id == mail.thread_id).values(
                    customer_email=mail.to[0].lower()))
        try:
            async with self.engine.begin() as conn:
                earlier = _references(await conversation_ids(conn, mail.thread_id, party))
                if earlier:
                    message["In-Reply-To"] = earlier[-1]
                    message["References"] = " ".join(earlier)
                message.set_content(mail.body)
                headers = {k: str(v) for k, v in message.items()
                           if not k.lower().startswith("content-") and k != "MIME-Version"}
                await conn.execute(outbox.insert().values(
                    key=mail.key, thread_id=mail.thread_id, kind=mail.kind,
                    message_id=message_id, sender=split_address(settings.mail_from)[0] + "@"
                    + domain, recipients=list(mail.to), subject=str(message["Subject"]),
                    headers=headers, raw=bytes(message), status="queued", attempts=0,
                    created_at=now()))
                await record_id(conn, message_id, mail.thread_id, "out", party)
        except IntegrityError:  # the same key written at the same moment: the first one wins
            pass
        row = await self.get(mail.key)
        assert row is not None
        return row

    async def _deliver(self, row: dict[str, Any]) -> dict[str, Any]:
        import aiosmtplib

        try:
            relay = relay_of(self.settings)
        except ConfigError as exc:  # nowhere to send yet: kept, sent once configured
            async with self.engine.begin() as conn:
                await conn.execute(outbox.update().where(outbox.c.key == row["key"]).values(
                    last_error=exc.message))
            return {**row, "status": "queued"}
        # Claim the attempt: one process sends a row at a time. A row whose last attempt
        # is recent belongs to that attempt (or to its backoff); flush() takes it later.
        cutoff = now() - timedelta(seconds=self.settings.mail_retry_seconds)
        async with self.engine.begin() as conn:
            claimed = await conn.execute(outbox.update().where(
                outbox.c.key == row["key"], outbox.c.status == "queued",
                sa.or_(outbox.c.attempted_at.is_(None), outbox.c.attempted_at <= cutoff))
                .values(attempts=outbox.c.attempts + 1, last_error=None, attempted_at=now()))
        if claimed.rowcount != 1:
            return {**row, "status": "queued"}
        try:
            await aiosmtplib.send(
                row["raw"], sender=row["sender"], recipients=list(row["recipients"]),
                hostname=relay.host, port=relay.port, username=relay.username,
                password=relay.password, use_tls=relay.use_tls,
                start_tls=None if relay.username else False, timeout=15)
        except (aiosmtplib.SMTPException, OSError) as exc:
            log.warning("outbox %s: not sent yet: %s", row["key"], exc)
            async with self.engine.begin() as conn:
                await conn.execute(outbox.update().where(outbox.c.key == row["key"]).values(
                    last_error=f"{type(exc).__name__}: {exc}"))
            return {**row, "status": "queued"}
        async with self.engine.begin() as conn:
            await conn.execute(outbox.update().where(outbox.c.key == row["key"]).values(
                status="sent", sent_at=now()))
        meters().mail.labels("out").inc()
        return {**row, "status": "sent"}

    async def flush(self) -> int:
        """Send the queued rows whose last attempt is not recent; how many went out."""
        cutoff = now() - timedelta(seconds=self.settings.mail_retry_seconds)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(sa.select(outbox).where(
                outbox.c.status == "queued",
                sa.or_(outbox.c.attempted_at.is_(None), outbox.c.attempted_at < cutoff))
                .order_by(outbox.c.created_at))).mappings().all()
        sent = 0
        for row in rows:
            sent += (await self._deliver(dict(row)))["status"] == "sent"
        return sent

    async def listing(self, thread_id: str | None = None, limit: int = 200,
                      ) -> list[dict[str, Any]]:
        query = sa.select(outbox).order_by(outbox.c.created_at.desc()).limit(limit)
        if thread_id is not None:
            query = query.where(outbox.c.thread_id == thread_id)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [{k: v for k, v in row.items() if k != "raw"} for row in rows]

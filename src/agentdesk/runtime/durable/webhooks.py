"""Run webhooks: the end of a run POSTed to the URL it was created with, at least once.

A run's ``webhook`` is stored in its own row (one insert with the run), so an
accepted webhook is never lost. Each server process runs :class:`WebhookDeliveries`:
it enrols every ended run with a webhook in ``agentdesk_webhook_deliveries`` (the
primary key makes that once per run, whichever process sees it first), then
sends each due delivery.

An attempt is claimed by a compare-and-set on ``attempts`` that also pushes
``next_attempt_at`` out by a lease, so two processes never send the same
attempt, and a process killed mid-attempt leaves a delivery that falls due
again when the lease runs out. A 2xx is recorded (``delivered``, with a
``webhook_delivered`` audit entry) in one transaction, fenced by the attempt
that saw it. A crash after the receiver's 2xx and before that commit sends it
again: every attempt carries the same ``webhook-id`` (``msg_<run_id>``) so a
receiver drops the repeat, as the Standard Webhooks specification asks.

Failed attempts (no answer, a non-2xx, a URL no longer allowed) wait
``webhook_retry_seconds`` doubled after each, up to ``webhook_max_attempts``;
then the delivery is ``failed``. With ``webhook_secret`` each attempt is signed
with the ``standardwebhooks`` library; without one it is sent unsigned (a secret
generated here could not be verified by anyone: the receiver must be given it).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from typing import Any, Literal
from urllib.parse import urlsplit

import httpx
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine
from standardwebhooks import Webhook

from agentdesk.errors import InputError
from agentdesk.runtime.storage.persistence import (
    DATABASE_ERRORS,
    audit_log,
    now,
    runs,
    webhook_deliveries,
)
from agentdesk.runtime.storage.store import RunRecord
from agentdesk.settings import Settings

__all__ = ["ENDED", "BodyBuilder", "DeliveryStatus", "WebhookDeliveries", "check_webhook_form",
           "check_webhook_url"]

log = logging.getLogger(__name__)

ENDED = ("interrupted", "completed", "failed", "error", "cancelled")
"""Run statuses after which the run's webhook is called (it never runs again)."""

DeliveryStatus = Literal["pending", "delivered", "failed"]

BodyBuilder = Callable[[RunRecord], Awaitable[dict[str, Any]]]
"""What the server sends for an ended run (the run, its values, its error)."""

MAX_URL_LENGTH = 4096
_BATCH = 20
"""Deliveries one pass enrols, and attempts it makes at once."""


def _refuse(message: str) -> InputError:
    return InputError(message, field="webhook")


async def _addresses(host: str, port: int) -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    try:
        return [ipaddress.ip_address(host)]
    except ValueError:
        pass
    try:
        found = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise _refuse(f"host {host!r} does not resolve ({exc})") from None
    return [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in found]


def _is_own_server(address: ipaddress.IPv4Address | ipaddress.IPv6Address, port: int,
                   settings: Settings) -> bool:
    """Whether ``address:port`` may be this server's own listener (its admin routes)."""
    if port != settings.port:
        return False
    if address.is_loopback or address.is_unspecified or str(address) == settings.host:
        return True
    # Listening on every interface: any of this machine's non-public addresses may be us.
    return settings.host in ("0.0.0.0", "::") and not address.is_global


def check_webhook_form(url: str) -> tuple[str, int]:
    """The URL's host and port, or ``InputError`` on ``webhook``: an http or https URL
    with a host and a valid port, no longer than ``MAX_URL_LENGTH``.

    What can be told from the text alone, so a request body is refused for it before
    anything it names (its assistant, its thread) is looked up, as the Agent Server does.
    """
    if len(url) > MAX_URL_LENGTH:
        raise _refuse(f"the URL is longer than {MAX_URL_LENGTH} characters")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise _refuse(f"{url!r} is not an http or https URL")
    host = parts.hostname
    if not host:
        raise _refuse(f"{url!r} names no host")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise _refuse(f"{url!r} has an invalid port") from None
    return host, port


async def check_webhook_url(url: str, settings: Settings) -> None:
    """Refuse (``InputError`` on ``webhook``) a URL a run may not call.

    Its form (:func:`check_webhook_form`); never this server's own port on a local
    address (a webhook must not drive our admin routes); and, unless the URL's host is
    in ``webhook_allowed_hosts``, only public addresses: every address the name
    resolves to must be global (no loopback, private, link-local or metadata
    address), against SSRF. Checked when the run is created and again before
    each attempt (a name may resolve elsewhere later).
    """
    host, port = check_webhook_form(url)
    addresses = await _addresses(host, port)
    if any(_is_own_server(address, port, settings) for address in addresses):
        raise _refuse(f"{url!r} points at this server itself")
    if host.lower() in {h.lower() for h in settings.webhook_allowed_hosts}:
        return
    for address in addresses:
        if not address.is_global:
            raise _refuse(f"host {host!r} is a non-public address ({address}); allow it with "
                          "AGENTDESK_WEBHOOK_ALLOWED_HOSTS")


_ENDED_WITHOUT_DELIVERY = (
    sa.select(runs)
    .outerjoin(webhook_deliveries, webhook_deliveries.c.run_id == runs.c.run_id)
    .where(runs.c.webhook.is_not(None), runs.c.status.in_(ENDED),
           webhook_deliveries.c.run_id.is_(None))
    .limit(_BATCH))


class WebhookDeliveries:
    """This process's delivery loop: enrol ended runs, send what is due, record each attempt."""

    def __init__(self, engine: AsyncEngine, settings: Settings, body: BodyBuilder) -> None:
        self.engine = engine
        self.settings = settings
        self.body = body
        self.signer = Webhook(settings.webhook_secret) if settings.webhook_secret else None
        self.lease = timedelta(seconds=settings.webhook_timeout * 2 + 5)
        """How long a claimed attempt owns its delivery: longer than the attempt can take."""

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """Deliver in the background while the block runs."""
        async with httpx.AsyncClient(timeout=self.settings.webhook_timeout,
                                     follow_redirects=False) as client:
            task = asyncio.create_task(self._loop(client), name="webhook-deliveries")
            try:
                yield
            finally:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)

    async def _loop(self, client: httpx.AsyncClient) -> None:
        while True:
            try:
                await self.deliver_due(client)
            except DATABASE_ERRORS as exc:  # the database went away: the next pass retries
                log.warning("webhook deliveries: database unavailable: %s", exc)
            await asyncio.sleep(self.settings.webhook_poll_seconds)

    async def deliver_due(self, client: httpx.AsyncClient) -> None:
        """One pass: enrol ended runs, then make every attempt that is due."""
        await self._enrol()
        stamp = now()
        query = (sa.select(webhook_deliveries.c.run_id, webhook_deliveries.c.attempts)
                 .where(webhook_deliveries.c.status == "pending",
                        webhook_deliveries.c.next_attempt_at <= stamp)
                 .order_by(webhook_deliveries.c.next_attempt_at).limit(_BATCH))
        async with self.engine.connect() as conn:
            due = (await conn.execute(query)).all()
        await asyncio.gather(*(self._attempt(client, run_id, seen) for run_id, seen in due))

    async def _enrol(self) -> None:
        async with self.engine.connect() as conn:
            rows = (await conn.execute(_ENDED_WITHOUT_DELIVERY)).mappings().all()
        for row in rows:
            record = RunRecord.model_validate(dict(row))
            try:
                body = await self.body(record)
            except Exception:  # the thread went away: the run alone is still worth sending
                log.exception("webhook body of run %s", record.run_id)
                body = {"run_id": record.run_id, "thread_id": record.thread_id,
                        "status": record.status, "error": record.error}
            stamp = now()
            try:
                async with self.engine.begin() as conn:
                    await conn.execute(webhook_deliveries.insert().values(
                        run_id=record.run_id, thread_id=record.thread_id, url=record.webhook,
                        body=json.dumps(body, default=str), status="pending", attempts=0,
                        next_attempt_at=stamp, created_at=stamp))
            except IntegrityError:
                pass  # another process enrolled it first

    async def _claim(self, run_id: str, seen: int) -> sa.Row[Any] | None:
        """Take attempt ``seen + 1`` of a due delivery, or None if another process did."""
        stamp = now()
        async with self.engine.begin() as conn:
            taken = await conn.execute(
                webhook_deliveries.update().where(
                    webhook_deliveries.c.run_id == run_id,
                    webhook_deliveries.c.status == "pending",
                    webhook_deliveries.c.attempts == seen,
                    webhook_deliveries.c.next_attempt_at <= stamp,
                ).values(attempts=seen + 1, next_attempt_at=stamp + self.lease))
            if taken.rowcount != 1:
                return None
            return (await conn.execute(sa.select(webhook_deliveries).where(
                webhook_deliveries.c.run_id == run_id))).first()

    async def _attempt(self, client: httpx.AsyncClient, run_id: str, seen: int) -> None:
        row = await self._claim(run_id, seen)
        if row is None:
            return
        code: int | None = None
        try:
            await check_webhook_url(row.url, self.settings)
            stamp = now()
            content = json.dumps({**json.loads(row.body), "webhook_sent_at": stamp.isoformat()})
            response = await client.post(row.url, content=content,
                                         headers=self._headers(run_id, stamp, content))
            code = response.status_code
            error = None if response.is_success else f"HTTP {code}"
        except InputError as exc:
            error = exc.message
        except httpx.HTTPError as exc:
            error = f"{type(exc).__name__}: {exc}"
        await self._record(row, code, error)

    def _headers(self, run_id: str, stamp: datetime, content: str) -> dict[str, str]:
        """Standard Webhooks headers; the id is the run's, the same on every attempt."""
        msg_id = f"msg_{run_id}"
        headers = {"content-type": "application/json", "user-agent": "agentdesk-webhooks",
                   "webhook-id": msg_id, "webhook-timestamp": str(int(stamp.timestamp()))}
        if self.signer is not None:
            headers["webhook-signature"] = self.signer.sign(msg_id, stamp, content)
        return headers

    async def _record(self, row: sa.Row[Any], code: int | None, error: str | None) -> None:
        """The attempt's outcome, fenced by its number; a 2xx with its audit entry."""
        stamp = now()
        fence = (webhook_deliveries.c.run_id == row.run_id,
                 webhook_deliveries.c.attempts == row.attempts,
                 webhook_deliveries.c.status == "pending")
        outcome: DeliveryStatus
        if error is None:
            outcome, due = "delivered", None
        elif row.attempts >= self.settings.webhook_max_attempts:
            outcome, due = "failed", None
        else:
            outcome = "pending"
            due = stamp + timedelta(
                seconds=self.settings.webhook_retry_seconds * 2 ** (row.attempts - 1))
        async with self.engine.begin() as conn:
            done = await conn.execute(webhook_deliveries.update().where(*fence).values(
                status=outcome, next_attempt_at=due, last_status_code=code, last_error=error,
                delivered_at=stamp if outcome == "delivered" else None))
            if done.rowcount == 1 and outcome != "pending":
                await conn.execute(audit_log.insert().values(
                    thread_id=row.thread_id, run_id=row.run_id, event=f"webhook_{outcome}",
                    actor=None, created_at=stamp,
                    data={"url": row.url, "attempts": row.attempts, "status_code": code,
                          "error": error}))
        if error is not None:
            log.warning("webhook of run %s, attempt %d: %s", row.run_id, row.attempts, error)


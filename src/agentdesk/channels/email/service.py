"""The channel inside ``agentdesk serve``: SMTP in, the local catcher, the watcher.

It runs beside the server without importing it: the runs it prepares are handed to a
:class:`~agentdesk.runtime.runs.ports.RunLauncher` (the server's run manager).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from agentdesk.errors import ConfigError
from agentdesk.runtime.durable.hostlocks import HostLock, mail_lock_path, try_lock
from agentdesk.runtime.storage.persistence import DATABASE_ERRORS, parse_database_url, sqlite_engine
from agentdesk.settings import Settings

from .channel import MailChannel
from .smtp import CatcherHandler, InboundHandler, listen

if TYPE_CHECKING:
    from agentdesk.runtime.runs.desk import Desk
    from agentdesk.runtime.runs.ports import RunLauncher

__all__ = ["open_engine", "serve_mail"]

log = logging.getLogger(__name__)


@asynccontextmanager
async def open_engine(settings: Settings) -> AsyncIterator[AsyncEngine]:
    """An engine on the app database, for a process that has no desk open (an agent's send)."""
    url = parse_database_url(settings.resolved_database_url)
    if url.dialect == "sqlite":
        engine = sqlite_engine(url)
    else:
        engine = create_async_engine(url.sqlalchemy_url, pool_pre_ping=True)
    try:
        yield engine
    finally:
        await engine.dispose()


async def _watch(channel: MailChannel, wake: asyncio.Event, seconds: float) -> None:
    while True:
        wake.clear()
        try:
            await channel.watch_once()
        except DATABASE_ERRORS as exc:
            log.warning("mail watcher: database unavailable: %s", exc)
        except Exception:  # the watcher must outlive any one thread's trouble
            log.exception("mail watcher")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), seconds)


async def _poll(channel: MailChannel, settings: Settings, wake: asyncio.Event) -> None:
    from .imap import imap_source, poll_once

    source = imap_source(settings.imap_url or "")
    while True:
        try:
            if await poll_once(channel, source):
                wake.set()
        except Exception as exc:  # a mailbox that is away now is polled again later
            log.warning("imap poll of %s: %s", source.host, exc)
        await asyncio.sleep(settings.imap_poll_seconds)


STANDBY_SECONDS = 2.0
"""How often a process that does not own the mail listener (``auto``) tries to take it."""


def _owner_lock(desk: Desk, workers: bool) -> tuple[bool, HostLock | None]:
    """Whether this process owns the mail listener and catcher now (and the lock, if
    ``auto`` gave it). An API-only process takes them only with ``mail_listener=on``."""
    mode = desk.settings.mail_listener
    if mode != "auto":
        return mode == "on", None
    if not workers:
        return False, None
    lock = try_lock(mail_lock_path(desk.settings.data_dir, desk.persistence.url))
    return lock is not None, lock


@asynccontextmanager
async def serve_mail(desk: Desk, runs: RunLauncher) -> AsyncIterator[MailChannel]:
    """Listen for mail, run the catcher (no relay configured) and the watcher, until exit.

    The listener, the catcher and the IMAP poll run in the one process that owns them
    (``mail_listener``); with ``auto``, a process of this host that finds the mail
    lock taken checks every :data:`STANDBY_SECONDS` and takes them over when their
    owner has died. The watcher runs in every process.
    """
    settings = desk.settings
    wake = asyncio.Event()

    async def launch(run: Any) -> None:
        await runs.launch(run)
        runs.when_ended(run.run_id, wake.set)  # when it pauses, look at it at once

    channel = await MailChannel(desk, launch, claim=runs.workers).open()

    async def deliver(raw: bytes) -> None:
        await channel.deliver(raw, "smtp")
        wake.set()

    servers: list[asyncio.Server] = []
    tasks: list[asyncio.Task[None]] = []
    owner, lock = _owner_lock(desk, runs.workers)

    async def take() -> None:
        for handler, address, field in (
                (InboundHandler(deliver), settings.smtp_listen, "smtp_listen"),
                (CatcherHandler(desk.persistence.engine),
                 "" if settings.smtp_relay else settings.smtp_catcher, "smtp_catcher")):
            if address:
                try:
                    servers.append(await listen(handler, address))
                except OSError as exc:
                    raise ConfigError(f"{field}: cannot listen on {address}: {exc.strerror}",
                                      field=field) from exc
        if settings.imap_url:
            tasks.append(asyncio.create_task(_poll(channel, settings, wake),
                                             name="agentdesk-imap"))

    async def standby() -> None:
        nonlocal lock
        while lock is None:
            await asyncio.sleep(STANDBY_SECONDS)
            lock = try_lock(mail_lock_path(settings.data_dir, desk.persistence.url))
        log.info("the mail listener's owner is gone: this process takes it over")
        try:
            await take()
        except ConfigError as exc:  # its port is held by something else: stay without
            log.warning("%s", exc.message)

    try:
        if owner:
            await take()
        elif settings.mail_listener == "auto" and runs.workers:
            tasks.append(asyncio.create_task(standby(), name="agentdesk-mail-standby"))
        tasks.append(asyncio.create_task(_watch(channel, wake, settings.mail_watch_seconds),
                                         name="agentdesk-mail"))
        try:
            yield channel
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        for server in servers:
            server.close()
        for server in servers:
            await server.wait_closed()
        if lock is not None:
            lock.release()

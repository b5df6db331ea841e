"""How ``agentdesk serve`` runs the app: uvicorn, with slow and idle clients bounded.

uvicorn times out idle keep-alive connections but not a client that sends its
headers slowly (or never), so :class:`GuardedHttpToolsProtocol` adds a header
timeout to uvicorn's httptools protocol (uvicorn runs it on uvloop where that is
installed; both come with ``uvicorn[standard]``);
:class:`~agentdesk.server.limits.RequestLimits` bounds the time a body may take; ``limit_concurrency`` bounds connections (503
past it). Startup checks (:func:`check_port_free`, :func:`check_database`)
fail with one line before anything else is printed.
"""

from __future__ import annotations

import asyncio
import errno
import re
import socket
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from agentdesk.errors import ConfigError
from agentdesk.settings import Settings

__all__ = ["GuardedHttpToolsProtocol", "check_database", "check_port_free", "may_own_mail",
           "uvicorn_config"]


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, closing a connection whose request headers do not
    arrive within ``header_timeout`` seconds of connecting or of the previous response.

    The clock starts at the first wait and is not reset by more bytes, so a trickle
    cannot hold the connection; between requests uvicorn's keep-alive timeout applies.
    """

    header_timeout: float = 10.0
    _header_timer: asyncio.TimerHandle | None = None
    _headers_due = True

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # parses: on_headers_complete may run meanwhile
        if self._headers_due and not self.transport.is_closing():
            self._arm()

    def on_headers_complete(self) -> None:
        self._headers_due = False
        self._disarm()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        pipelined = bool(self.pipeline)  # its headers are in: it starts now
        super().on_response_complete()
        self._headers_due = not pipelined
        self._disarm()  # idle now: uvicorn's keep-alive timeout applies until bytes come

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_timeout, self._expired)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _expired(self) -> None:
        self._header_timer = None
        if self._headers_due and not self.transport.is_closing():
            self.logger.debug("closing a connection whose request headers did not arrive")
            self.transport.close()


def guarded_protocol(header_timeout: float) -> type[GuardedHttpToolsProtocol]:
    """:class:`GuardedHttpToolsProtocol` with its header timeout set."""
    return type("GuardedHttpToolsProtocol", (GuardedHttpToolsProtocol,),
                {"header_timeout": header_timeout})


def uvicorn_config(settings: Settings, app: Any, *, host: str | None = None,
                   port: int | None = None, log_level: str = "warning") -> uvicorn.Config:
    """The uvicorn configuration ``agentdesk serve`` runs ``app`` with.

    Header timeout (``AGENTDESK_HEADER_TIMEOUT``), keep-alive timeout
    (``AGENTDESK_KEEP_ALIVE_TIMEOUT``) and connection bound
    (``AGENTDESK_MAX_CONNECTIONS``) apply here; the body timeout and size limits
    apply in the app itself (``create_app``), so they hold under any server. With
    ``AGENTDESK_LOG_FORMAT=json`` uvicorn's error and access logs are JSON lines too
    (:func:`~agentdesk.runtime.logs.log_config`, access lines at info).
    """
    logging: dict[str, Any] = {}
    if settings.log_format == "json":
        from agentdesk.runtime.logs import log_config

        log_level = "info"
        logging = {"log_config": log_config(log_level)}
    return uvicorn.Config(
        app, host=host or settings.host, port=port or settings.port, log_level=log_level,
        **logging,
        http=guarded_protocol(settings.header_timeout), ws="none",
        timeout_keep_alive=settings.keep_alive_timeout,
        limit_concurrency=settings.max_connections,
        timeout_graceful_shutdown=10)


def check_port_free(host: str, port: int) -> None:
    """Raise :class:`ConfigError` if ``host:port`` cannot be listened on (in use, say)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise ConfigError(f"cannot listen on {host}:{port}: {exc.strerror}", field="--host",
                          ) from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind(address)
        except OSError as exc:
            reason = ("the port is in use" if exc.errno == errno.EADDRINUSE
                      else exc.strerror or str(exc))
            raise ConfigError(f"cannot listen on {host}:{port}: {reason}",
                              field="--port") from None


def one_line(text: str) -> str:
    """``text`` with its line breaks and runs of spaces folded into single spaces."""
    return re.sub(r"\s+", " ", text).strip()


def check_database(settings: Settings) -> None:
    """Open (and migrate) the configured database once; raise a one-line :class:`ConfigError`
    if it cannot be reached or used."""
    from agentdesk.runtime.storage.persistence import open_persistence

    async def probe() -> None:
        async with open_persistence(settings.resolved_database_url):
            pass

    try:
        asyncio.run(probe())
    except ConfigError as exc:
        raise ConfigError(one_line(exc.message)) from None
    except Exception as exc:  # the driver's own errors: said in one line, no traceback
        reason = one_line(str(getattr(exc, "orig", None) or exc)) or type(exc).__name__
        raise ConfigError(f"database_url: cannot open the database: {reason}") from None


def may_own_mail(settings: Settings) -> bool:
    """Whether ``agentdesk serve`` with ``settings`` would run the mail listener and catcher
    (so their ports must be free): ``mail_listener=on``; ``auto`` when it executes runs and
    no live process of this host and database holds the mail lock now."""
    from agentdesk.runtime.durable.hostlocks import mail_lock_path, try_lock
    from agentdesk.runtime.storage.persistence import parse_database_url

    if settings.mail_listener != "auto":
        return settings.mail_listener == "on"
    if not settings.workers:
        return False
    lock = try_lock(mail_lock_path(settings.data_dir,
                                   parse_database_url(settings.resolved_database_url)))
    if lock is None:
        return False
    lock.release()  # the app's lifespan takes it for good (serve_mail)
    return True

"""Real ``agentdesk serve`` processes on one database, for the run queue's crash tests.

A :class:`Cluster` starts servers as subprocesses that share a data directory (so
the scripted model's per-thread cursor and the on-disk simulation bridge are
shared, as on one machine) and a database: SQLite always, PostgreSQL when
``AGENTDESK_TEST_POSTGRES_URL`` is set (a fresh database per test). Tests kill
them with real signals and read the database directly for what the API does not
show (lapses, attempts).
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from langgraph_sdk import get_client

from agentdesk.runtime.storage.persistence import parse_database_url

from .servers import ServerProcess as Server  # the crash tests' name for it
from .servers import Servers

LEASE_SECONDS = 2.0
"""Short leases, so a dead worker's run is taken over within a few seconds (not shorter:
on a loaded two-core machine a live worker's heartbeat can be late by a second)."""


def has_command(name: str) -> bool:
    """Whether the CLI has command ``name`` (some arrive with later parts of issue 8)."""
    from agentdesk.cli.main import app

    return any((c.name or getattr(c.callback, "__name__", "")) == name
               for c in app.registered_commands)


class Cluster:
    """Server processes, started through the test's ``servers``, that share one data
    directory and one database."""

    def __init__(self, data_dir: Path, database_url: str, servers: Servers) -> None:
        self.data_dir = data_dir
        self.database_url = database_url
        self.env: dict[str, str] = {
            "AGENTDESK_DATA_DIR": str(data_dir), "AGENTDESK_DATABASE_URL": database_url,
            "AGENTDESK_RUN_LEASE_SECONDS": str(LEASE_SECONDS)}
        self._servers = servers
        self.servers: list[Server] = []
        self._engine: sa.Engine | None = None

    def start(self, *args: str, wait: bool = True, port: bool = True, **env: str) -> Server:
        """Start ``agentdesk serve`` (or ``args``) with the cluster's environment plus ``env``.

        ``port``: pass ``--port`` (a worker has none); ``wait``: until it answers ``/ok``.
        """
        server = self._servers.process(*args, env={**self.env, **env}, port=port, wait=False)
        self.servers.append(server)
        return server.ready() if wait else server

    def close(self) -> None:
        """Kill what still runs (a crash is what these tests are about; it is also quick)."""
        for server in self.servers:
            if server.proc.poll() is None:
                if server.stopped:
                    os.kill(server.pid, signal.SIGCONT)
                server.kill()
        if self._engine is not None:
            self._engine.dispose()

    # -- what the database holds -----------------------------------------------------

    def engine(self) -> sa.Engine:
        if self._engine is None:
            url = parse_database_url(self.database_url).sync_url
            self._engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
        return self._engine

    def rows(self, sql: str, **params: Any) -> list[Any]:
        with self.engine().connect() as conn:
            return list(conn.execute(sa.text(sql), params).mappings())

    def run_row(self, run_id: str) -> Any:
        rows = self.rows("SELECT * FROM agentdesk_runs WHERE run_id = :r", r=run_id)
        assert len(rows) == 1, rows
        return rows[0]

    def stored_events(self, run_id: str) -> list[dict[str, Any]]:
        return [dict(r) for r in self.rows("SELECT seq, event, data FROM agentdesk_run_events WHERE run_id = :r "
                         "ORDER BY seq", r=run_id)]

    def audit(self, thread_id: str) -> list[Any]:
        return self.rows("SELECT event, run_id, data FROM agentdesk_audit_log "
                         "WHERE thread_id = :t ORDER BY id", t=thread_id)


@pytest.fixture(name="cluster")
def cluster_fixture(isolated_env: Path, database_url: str,
                    servers: Servers) -> Iterator[Cluster]:
    running = Cluster(isolated_env, database_url, servers)
    try:
        yield running
    finally:
        running.close()


def until(check: Callable[[], Any], timeout: float, what: str, every: float = 0.1) -> Any:
    """Poll ``check`` until it returns something truthy; fail naming ``what`` otherwise."""
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(every)


def sdk(coro_factory: Callable[[Any], Any], url: str, timeout: float = 120) -> Any:
    """Run ``coro_factory(client)`` with the official LangGraph SDK client against ``url``."""
    async def go() -> Any:
        client = get_client(url=url, timeout=timeout)
        return await asyncio.wait_for(coro_factory(client), timeout)
    return asyncio.run(go())


async def collect(stream: Any) -> list[Any]:
    return [part async for part in stream]

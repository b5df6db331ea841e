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
import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from langgraph_sdk import get_client

from agentdesk.runtime.storage.persistence import parse_database_url

from .conftest import free_port

LEASE_SECONDS = 2.0
"""Short leases, so a dead worker's run is taken over within a few seconds (not shorter:
on a loaded two-core machine a live worker's heartbeat can be late by a second)."""


def has_command(name: str) -> bool:
    """Whether the CLI has command ``name`` (some arrive with later parts of issue 8)."""
    from agentdesk.cli.main import app

    return any((c.name or getattr(c.callback, "__name__", "")) == name
               for c in app.registered_commands)


class Server:
    """One ``python -m agentdesk <command>`` process on a loopback port, logging to a file."""

    def __init__(self, name: str, env: dict[str, str], log: Path, args: list[str],
                 port: bool = True) -> None:
        self.name = name
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.stopped = False
        listen = ["--port", str(self.port)] if port else []
        with log.open("ab") as out:
            self.proc = subprocess.Popen([sys.executable, "-m", "agentdesk", *args, *listen],
                                         env=env, stdout=out, stderr=subprocess.STDOUT)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def ready(self, timeout: float = 90) -> Server:
        """Wait until the server answers ``/ok`` (its lifespan has opened the database)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"{self.name} exited {self.proc.returncode}:\n{self.text()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/ok", timeout=2).status_code == 200:
                    return self
            time.sleep(0.1)
        raise AssertionError(f"{self.name} did not start in {timeout} s:\n{self.text()}")

    def signal(self, sig: signal.Signals) -> None:
        os.kill(self.pid, sig)
        if sig == signal.SIGSTOP:
            self.stopped = True
        elif sig == signal.SIGCONT:
            self.stopped = False

    def kill(self) -> None:
        """SIGKILL, and reap the process."""
        if self.proc.poll() is None:
            self.signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def http(self, timeout: float = 60) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=timeout)


class Cluster:
    """Server processes that share one data directory and one database."""

    def __init__(self, data_dir: Path, database_url: str) -> None:
        self.data_dir = data_dir
        self.database_url = database_url
        self.logs = data_dir.parent / "logs"
        self.logs.mkdir(parents=True, exist_ok=True)
        self.env: dict[str, str] = {
            **os.environ, "AGENTDESK_DATA_DIR": str(data_dir),
            "AGENTDESK_DATABASE_URL": database_url,
            "AGENTDESK_RUN_LEASE_SECONDS": str(LEASE_SECONDS)}
        self.servers: list[Server] = []
        self._lock = threading.Lock()
        self._engine: sa.Engine | None = None

    def start(self, *args: str, wait: bool = True, port: bool = True, **env: str) -> Server:
        """Start ``agentdesk serve`` (or ``args``) with the cluster's environment plus ``env``.

        ``port``: pass ``--port`` (a worker has none); ``wait``: until it answers ``/ok``.
        """
        with self._lock:  # tests start servers from several threads
            name = f"server{len(self.servers) + 1}"
            server = Server(name, {**self.env, **env}, self.logs / f"{name}.log",
                            list(args) or ["serve"], port)
            self.servers.append(server)
        return server.ready() if wait else server

    def close(self) -> None:
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
def cluster_fixture(isolated_env: Path, database_url: str) -> Iterator[Cluster]:
    running = Cluster(isolated_env, database_url)
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

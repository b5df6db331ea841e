"""The database goes away and comes back: the server recovers by itself.

PostgreSQL is reached through a TCP proxy on loopback that the test can cut,
so one server's database disappears for a while without touching the
PostgreSQL that other tests share.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

from .conftest import Gate, free_port
from .servers import Servers
from .trip_script import REQUEST, TripScript

POSTGRES_URL = os.environ.get("AGENTDESK_TEST_POSTGRES_URL")
pytestmark = [pytest.mark.postgres,
              pytest.mark.skipif(not POSTGRES_URL, reason="AGENTDESK_TEST_POSTGRES_URL is not set")]


class CuttableProxy:
    """Forwards loopback TCP connections to PostgreSQL until :meth:`cut`."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self.up = threading.Event()
        self.up.set()
        self._socks: list[socket.socket] = []
        self._lock = threading.Lock()
        self._listener = socket.create_server(("127.0.0.1", self.port))
        self._listener.settimeout(0.2)
        self._stop = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                client, _ = self._listener.accept()
            except OSError:
                continue
            if not self.up.is_set():
                client.close()
                continue
            upstream = socket.create_connection(self.target)
            with self._lock:
                self._socks += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                with contextlib.suppress(OSError):
                    s.close()

    def cut(self) -> None:
        """Drop every connection and refuse new ones (the database is away)."""
        self.up.clear()
        with self._lock:
            for s in self._socks:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                    s.close()
            self._socks.clear()

    def restore(self) -> None:
        self.up.set()

    def close(self) -> None:
        self._stop.set()
        self.cut()
        self._listener.close()


@pytest.fixture
def proxied_database() -> Iterator[tuple[str, CuttableProxy]]:
    assert POSTGRES_URL
    name = f"agentdesk_outage_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    info = psycopg.conninfo.conninfo_to_dict(POSTGRES_URL)
    proxy = CuttableProxy((info.get("host") or "127.0.0.1", int(info.get("port") or 5432)))
    user = info.get("user") or "postgres"
    yield f"postgresql://{user}@127.0.0.1:{proxy.port}/{name}", proxy
    proxy.close()
    with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _wait_for(check: Any, timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            got = check()
        except httpx.HTTPError:
            got = None
        if got:
            return got
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def test_the_server_outlives_an_eight_second_database_outage(
        proxied_database: tuple[str, CuttableProxy], trip_script: TripScript,
        gated_travel_server: tuple[str, Gate], tmp_path: Path, servers: Servers) -> None:
    """Idle, then mid-run: the API says 503 while the database is away, then carries on.

    The run in flight when the database left (held in its hotel search) finds
    its checkpoint write refused; its lease lapses, and once the database is
    back the server's own sweeper re-queues it and it finishes, with the
    flight search not redone and the thread released.
    """
    url, proxy = proxied_database
    travel, gate = gated_travel_server
    model = trip_script.write(  # each thread replays it from the start
        trip_script.call("search_flights", origin="BOS", destination="LIS", date="2027-03-10",
                         return_date="2027-03-14"),
        trip_script.call("search_hotels", city_code="LIS", check_in="2027-03-10",
                         check_out="2027-03-14"),
        trip_script.answer(trip_script.itinerary()))
    env = {"AGENTDESK_DATABASE_URL": url, "AGENTDESK_DATA_DIR": str(tmp_path),
           "AGENTDESK_RUN_LEASE_SECONDS": "2", "AGENTDESK_MODEL_TRIP": model,
           "AGENTDESK_TOOLSERVER_TRAVEL": travel}
    log = tmp_path / "server.log"
    server = servers.process("serve", env=env, log=log, wait=False)
    base = server.url
    gate.open.set()  # the first thread searches freely
    try:
        server.ready(timeout=30)
        with httpx.Client(base_url=base, timeout=30) as client:
            thread = client.post("/threads", json={}).json()["thread_id"]
            paused = client.post(f"/threads/{thread}/runs/wait", json={
                "assistant_id": "trip", "input": {"messages": REQUEST}}).json()
            assert "__interrupt__" in paused, paused

            proxy.cut()
            try:
                down = client.get("/ok")
                assert down.status_code == 503
                refused = client.get(f"/threads/{thread}")
                assert refused.status_code == 503
                assert "database is unavailable" in refused.json()["detail"]
                time.sleep(8)
            finally:
                proxy.restore()

            _wait_for(lambda: client.get("/ok").status_code == 200, 30, "/ok to recover")
            done = client.post(f"/threads/{thread}/runs/wait", json={
                "assistant_id": "trip", "command": {"resume": {"type": "approve"}}})
            assert done.status_code == 200, done.text
            state = client.get(f"/threads/{thread}").json()
            assert state["status"] == "idle"
            assert state["values"]["is_approved"] is True

            # The database leaves while a run waits on its hotel search.
            gate.open.clear()
            gate.calls.clear()
            second = client.post("/threads", json={}).json()["thread_id"]
            run = client.post(f"/threads/{second}/runs", json={
                "assistant_id": "trip", "input": {"messages": REQUEST}}).json()
            gate.wait_for("search_hotels")
            proxy.cut()
            gate.open.set()  # the search returns; its checkpoint cannot be written
            time.sleep(8)
            proxy.restore()
            joined = client.get(f"/threads/{second}/runs/{run['run_id']}/join").json()
            assert "__interrupt__" in joined, joined
            assert gate.calls.count("search_flights") == 1  # its step was checkpointed
            runs = client.get(f"/threads/{second}/runs").json()
            assert [r["run_id"] for r in runs] == [run["run_id"]]  # the same run went on
            assert runs[0]["status"] == "success" and runs[0]["metadata"]["attempt"] >= 2
            assert client.get(f"/threads/{second}").json()["status"] == "interrupted"
    except BaseException:
        print(log.read_text(errors="replace")[-20000:])  # shown with the failure
        raise
    finally:
        server.stop()


def test_the_job_worker_comes_back_after_the_database_does(
        proxied_database: tuple[str, CuttableProxy]) -> None:
    """procrastinate's worker stops when a fetch fails in an outage; ours starts it again,
    and a job deferred once the database is back is executed (not left waiting)."""
    import asyncio

    from sqlalchemy.ext.asyncio import create_async_engine

    from agentdesk.runtime.durable.dispatch import JobQueue

    url, proxy = proxied_database

    async def go() -> None:
        engine = create_async_engine(url.replace("postgresql://", "postgresql+psycopg://"))
        jobs = JobQueue(url)
        await jobs.open(engine)
        done: dict[str, asyncio.Event] = {"before": asyncio.Event(), "after": asyncio.Event()}

        async def execute(run_id: str) -> None:
            done[run_id].set()

        worker = asyncio.create_task(jobs.work(execute, 2))
        try:
            await jobs.defer("before")
            await asyncio.wait_for(done["before"].wait(), 10)
            proxy.cut()
            await asyncio.sleep(8)  # longer than a fetch waits for a connection: they fail
            proxy.restore()
            deadline = time.monotonic() + 20
            while True:  # the pool reconnects on its own schedule
                try:
                    await jobs.defer("after")
                    break
                except Exception:
                    if time.monotonic() > deadline:
                        raise
                    await asyncio.sleep(0.5)
            await asyncio.wait_for(done["after"].wait(), 20)
        finally:
            worker.cancel()
            await asyncio.gather(worker, return_exceptions=True)
            await jobs.close()
            await engine.dispose()

    asyncio.run(go())

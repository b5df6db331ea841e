"""SQLite calls on the event loop: a busy file is waited for without stalling the loop."""

from __future__ import annotations

import asyncio
import itertools
import multiprocessing
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from agentdesk.runtime.storage import sqliteconn
from agentdesk.runtime.storage.persistence import parse_database_url, sqlite_engine


def _table(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE IF NOT EXISTS t (n INTEGER)")


def _hold_write_lock(path: str, ready: multiprocessing.synchronize.Event, seconds: float) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT INTO t VALUES (1)")
    ready.set()
    time.sleep(seconds)
    conn.execute("COMMIT")


async def _ticks(stop: asyncio.Event) -> list[float]:
    """Loop wake-ups every 10 ms until ``stop``: the largest gap shows a stalled loop."""
    seen = [time.monotonic()]
    while not stop.is_set():
        await asyncio.sleep(0.01)
        seen.append(time.monotonic())
    return seen


def test_a_write_waits_for_another_process_without_stalling_the_loop(tmp_path: Path) -> None:
    async def go() -> None:
        _table(tmp_path / "a.db")
        ready = multiprocessing.get_context("spawn").Event()
        holder = multiprocessing.get_context("spawn").Process(
            target=_hold_write_lock, args=(str(tmp_path / "a.db"), ready, 1.5))
        holder.start()
        try:
            assert ready.wait(30)
            stop = asyncio.Event()
            ticker = asyncio.create_task(_ticks(stop))
            await asyncio.sleep(0.05)  # ticking
            began = time.monotonic()
            async with sqliteconn.connect(str(tmp_path / "a.db")) as conn:
                await conn.execute("INSERT INTO t VALUES (2)")
                await conn.commit()
                waited = time.monotonic() - began
                rows = await (await conn.execute("SELECT n FROM t ORDER BY n")).fetchall()
            stop.set()
            seen = await ticker
        finally:
            holder.join(30)
        assert [r[0] for r in rows] == [1, 2]  # both writes, the waiting one after the holder's
        assert waited > 1.0, waited  # it did wait for the other process
        gaps = [b - a for a, b in itertools.pairwise(seen)]
        assert max(gaps) < 0.75, max(gaps)  # and the loop ran all along

    asyncio.run(go())


def test_two_writers_in_one_process_take_turns_instead_of_deadlocking(
        tmp_path: Path) -> None:
    async def go() -> None:
        # With SQLite's busy handler on the loop, the second writer would block the
        # loop while the first waits on it to finish its transaction: a deadlock
        # until the busy timeout. Here the second yields until the first commits.
        engine = sqlite_engine(parse_database_url(f"sqlite:///{tmp_path / 'b.db'}"))
        try:
            async with engine.begin() as conn:
                await conn.execute(sa.text("CREATE TABLE t (n INTEGER)"))
            first_in = asyncio.Event()
            order: list[str] = []

            async def first() -> None:
                async with engine.begin() as conn:
                    await conn.execute(sa.text("INSERT INTO t VALUES (1)"))
                    first_in.set()
                    await asyncio.sleep(1.5)  # the transaction stays open across the loop
                    order.append("first")

            async def second() -> None:
                await first_in.wait()
                async with engine.begin() as conn:
                    await conn.execute(sa.text("INSERT INTO t VALUES (2)"))
                    order.append("second")

            stop = asyncio.Event()
            ticker = asyncio.create_task(_ticks(stop))
            await asyncio.sleep(0.05)
            await asyncio.wait_for(asyncio.gather(first(), second()), 10)
            stop.set()
            gaps = [b - a for a, b in itertools.pairwise(await ticker)]
            async with engine.connect() as conn:
                rows = (await conn.execute(sa.text("SELECT n FROM t ORDER BY n"))).scalars().all()
        finally:
            await engine.dispose()
        assert order == ["first", "second"]
        assert rows == [1, 2]
        assert max(gaps) < 0.75, max(gaps)  # the second writer waited off the loop

    asyncio.run(go())


def test_a_write_gives_up_as_sqlite_does_when_the_file_stays_busy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def go() -> None:
        _table(tmp_path / "c.db")
        monkeypatch.setattr(sqliteconn, "BUSY_SECONDS", 0.3)
        holder = sqlite3.connect(tmp_path / "c.db", isolation_level=None, check_same_thread=False)
        holder.execute("BEGIN IMMEDIATE")
        try:
            async with sqliteconn.connect(str(tmp_path / "c.db")) as conn:
                began = time.monotonic()
                with pytest.raises(sqlite3.OperationalError, match="locked"):
                    await conn.execute("INSERT INTO t VALUES (3)")
                assert 0.3 <= time.monotonic() - began < 5
                assert not conn.in_transaction  # BEGIN IMMEDIATE failed: nothing was begun
        finally:
            holder.execute("ROLLBACK")
            holder.close()

    asyncio.run(go())


def test_other_errors_are_raised_at_once_and_writes_begin_immediate(
        tmp_path: Path) -> None:
    async def go() -> None:
        _table(tmp_path / "d.db")
        async with sqliteconn.connect(str(tmp_path / "d.db")) as conn:
            began = time.monotonic()
            with pytest.raises(sqlite3.OperationalError, match="no such table"):
                await conn.execute("INSERT INTO missing VALUES (1)")
            assert time.monotonic() - began < 0.1
            assert conn.isolation_level == "IMMEDIATE"
            await conn.execute("INSERT INTO t VALUES (4)")
            # The write lock is this connection's from its first write: another can't begin one.
            other = sqlite3.connect(tmp_path / "d.db", timeout=0, isolation_level=None)
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("BEGIN IMMEDIATE")
            await conn.commit()
            other.execute("BEGIN IMMEDIATE")
            other.execute("ROLLBACK")
            other.close()


    asyncio.run(go())


def _count_polls(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Every poll of a file held elsewhere (``sqliteconn._pause``), recorded."""
    polls: list[float] = []
    pause = sqliteconn._pause

    async def counted(seconds: float) -> None:
        polls.append(seconds)
        await pause(seconds)

    monkeypatch.setattr(sqliteconn, "_pause", counted)
    return polls


def test_writers_of_one_process_take_turns_in_arrival_order_without_polling(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight connections (the engine's pool, a plain one, one that begins its own
    transactions as the Store does) each hold a write transaction across the loop: each
    waits in the queue and begins as the one before commits, never polling the file."""
    polls = _count_polls(monkeypatch)
    path = tmp_path / "e.db"
    _table(path)

    async def go() -> list[int]:
        engine = sqlite_engine(parse_database_url(f"sqlite:///{path}"))
        committed: list[int] = []
        arrived: list[int] = []

        async def through_engine(n: int) -> None:
            async with engine.begin() as conn:
                arrived.append(n)
                await conn.execute(sa.text("INSERT INTO t VALUES (:n)"), {"n": n})
                await asyncio.sleep(0.02)
                committed.append(n)

        async def own_transactions(n: int) -> None:
            async with sqliteconn.connect(str(path), isolation_level=None) as conn:
                arrived.append(n)
                await conn.execute("BEGIN")
                await conn.execute("INSERT INTO t VALUES (?)", (n,))
                await asyncio.sleep(0.02)
                committed.append(n)
                await conn.execute("COMMIT")

        async def plain(n: int) -> None:
            async with sqliteconn.connect(str(path)) as conn:
                arrived.append(n)
                await conn.execute("INSERT INTO t VALUES (?)", (n,))
                await asyncio.sleep(0.02)
                committed.append(n)
                await conn.commit()

        kinds = [through_engine, own_transactions, plain]
        try:
            await asyncio.wait_for(asyncio.gather(
                *(kinds[n % 3](n) for n in range(8))), 30)
            async with engine.connect() as conn:
                rows = (await conn.execute(sa.text("SELECT n FROM t"))).scalars().all()
        finally:
            await engine.dispose()
        assert sorted(rows) == list(range(8))
        assert committed == arrived  # first come, first served
        return committed

    asyncio.run(go())
    assert polls == []


def test_a_waiter_that_is_cancelled_or_times_out_hands_the_turn_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cancelled waiter leaves the queue, one whose turn came as it was cancelled
    passes it on, and past BUSY_SECONDS the waiter gets SQLite's own "locked" error."""
    path = tmp_path / "f.db"
    _table(path)

    async def go() -> None:
        async with (sqliteconn.connect(str(path)) as first,
                    sqliteconn.connect(str(path)) as second,
                    sqliteconn.connect(str(path)) as third):
            await first.execute("INSERT INTO t VALUES (1)")
            waiting = asyncio.create_task(second.execute("INSERT INTO t VALUES (2)"))
            after = asyncio.create_task(third.execute("INSERT INTO t VALUES (3)"))
            await asyncio.sleep(0.05)
            waiting.cancel()
            await first.commit()  # the turn goes to the third, not to the cancelled second
            await asyncio.wait_for(after, 5)
            assert third.in_transaction
            monkeypatch.setattr(sqliteconn, "BUSY_SECONDS", 0.2)
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                await first.execute("INSERT INTO t VALUES (4)")
            assert not first.in_transaction
            await third.commit()
            # A turn handed to a waiter that is cancelled before it runs goes on too.
            await first.execute("INSERT INTO t VALUES (5)")
            handed = asyncio.create_task(second.execute("INSERT INTO t VALUES (6)"))
            last = asyncio.create_task(third.execute("INSERT INTO t VALUES (7)"))
            await asyncio.sleep(0.05)
            await first.commit()  # gives the turn to `second`...
            handed.cancel()  # ...which is cancelled before it could use it
            await asyncio.wait_for(last, 5)
            await third.commit()
            # Closing a connection inside its transaction hands the turn on as well.
            await first.execute("INSERT INTO t VALUES (8)")
            closing = asyncio.create_task(third.execute("INSERT INTO t VALUES (9)"))
            await asyncio.sleep(0.05)
            await first.close()
            await asyncio.wait_for(closing, 5)
            await third.commit()
            rows = await (await third.execute("SELECT n FROM t ORDER BY n")).fetchall()
        assert [r[0] for r in rows] == [1, 3, 5, 7, 9]  # 2, 6 cancelled; 4 gave up; 8 closed

    asyncio.run(go())


def test_the_synchronous_setting_is_checked_and_applied(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pydantic import ValidationError

    from agentdesk.settings import Settings

    monkeypatch.setenv("AGENTDESK_SQLITE_SYNCHRONOUS", "off")
    with pytest.raises(ValidationError, match="sqlite_synchronous"):
        Settings()
    monkeypatch.setenv("AGENTDESK_SQLITE_SYNCHRONOUS", "full")
    assert Settings().sqlite_synchronous == "full"
    monkeypatch.delenv("AGENTDESK_SQLITE_SYNCHRONOUS")
    assert Settings().sqlite_synchronous == "normal"
    with pytest.raises(ValueError, match="synchronous"):
        sqliteconn.connect(str(tmp_path / "g.db"), synchronous="off")  # type: ignore[arg-type]

    async def mode(synchronous: sqliteconn.Synchronous) -> int:
        async with sqliteconn.connect(str(tmp_path / "g.db"), synchronous=synchronous) as conn:
            row = await (await conn.execute("PRAGMA synchronous")).fetchone()
            return int(row[0])

    assert [asyncio.run(mode("full")), asyncio.run(mode("normal"))] == [2, 1]



def test_a_sync_to_disk_never_opens_the_database_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Closing any descriptor of a SQLite file drops every POSIX lock the process holds on
    it (the shared lock that tells other processes this one has the file open, among
    them): a sync touches the write-ahead log only."""
    import os

    path = tmp_path / "h.db"
    _table(path)
    opened: list[str] = []
    real_open = os.open

    def watched(name: Any, *args: Any, **kwargs: Any) -> int:
        opened.append(Path(name).name)
        return real_open(name, *args, **kwargs)

    async def go() -> None:
        async with sqliteconn.connect(str(path), synchronous="normal") as conn:
            await conn.execute("INSERT INTO t VALUES (1)")
            await conn.commit()
            monkeypatch.setattr(os, "open", watched)
            await sqliteconn.sync_to_disk(str(path))
            monkeypatch.undo()

    asyncio.run(go())
    assert opened == ["h.db-wal"]

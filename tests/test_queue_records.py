"""The run queue's records, in one process: claims, fences, sweeps, the retry budget.

The same rules with real processes killed and frozen are in test_run_queue.py.
"""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from agentdesk.runtime.durable import guarded
from agentdesk.runtime.durable.queue import LeaseLostError
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.storage.persistence import (
    MIGRATIONS,
    now,
    open_persistence,
    run_events,
    runs,
    threads,
)
from agentdesk.settings import Settings

from .trip_script import REQUEST, TripScript


def _desk_case(body: Any, tmp_path: Path, **settings: Any) -> Any:
    async def main() -> Any:
        config = Settings(data_dir=tmp_path / "data", actor="tester", **settings)
        async with Desk.open(config) as desk:
            return await body(desk)
    return asyncio.run(main())


async def _status(desk: Desk, run_id: str) -> Any:
    async with desk.persistence.engine.connect() as conn:
        return (await conn.execute(sa.select(runs.c.status, runs.c.attempt, runs.c.lapses,
                                             runs.c.error).where(runs.c.run_id == run_id))).one()


async def _lapse(desk: Desk, run_id: str) -> None:
    """What a worker that died leaves: a running run whose lease is in the past."""
    async with desk.persistence.engine.begin() as conn:
        await conn.execute(runs.update().where(runs.c.run_id == run_id).values(
            lease_expires_at=now() - timedelta(seconds=1)))


def test_a_run_is_recorded_before_it_executes_and_claimed_once(
        tmp_path: Path, trip_script: TripScript) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))

    async def body(desk: Desk) -> None:
        run = await desk.prepare_start("trip", {"messages": REQUEST}, model=model, claim=False)
        assert run.lease is None
        assert tuple(await _status(desk, run.run_id))[:2] == ("pending", 0)
        first, second = await asyncio.gather(desk.queue.claim(run.run_id),
                                             desk.queue.claim(run.run_id))
        assert [lease is not None for lease in (first, second)].count(True) == 1
        run.lease = first or second
        outcome = await desk.execute(run)
        assert outcome.status == "interrupted"
        assert tuple(await _status(desk, run.run_id))[:2] == ("interrupted", 1)

    _desk_case(body, tmp_path)


def test_a_lapsed_run_is_requeued_then_continues_as_the_same_run(
        tmp_path: Path, trip_script: TripScript) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))

    async def body(desk: Desk) -> None:
        run = await desk.prepare_start("trip", {"messages": REQUEST}, model=model)
        stale = run.lease
        assert stale is not None
        await _lapse(desk, run.run_id)
        assert await desk.queue.sweep() == [run.run_id]
        assert tuple(await _status(desk, run.run_id))[:3] == ("pending", 1, 1)
        # The worker that lost the lease can write nothing: not its end, not a checkpoint.
        with pytest.raises(LeaseLostError):
            await desk.queue.finish(stale, "completed", None, "completed")
        late = guarded.Rows(run_events, [{"run_id": run.run_id, "seq": 1000, "event": "x",
                                          "data": "{}", "created_at": now()}])
        with pytest.raises(LeaseLostError):  # nor events: the fence a batch of them takes
            await desk.queue.write_fenced(stale, late)
        taken = await desk.take_over(run.thread_id)
        assert taken is not None and taken.run_id == run.run_id and taken.lease is not None
        assert taken.lease.attempt == 2
        outcome = await desk.execute(taken)
        assert outcome.status == "interrupted"
        with pytest.raises(LeaseLostError):
            await desk.queue.finish(stale, "completed", None, "completed")
        await desk.queue.write_fenced(taken.lease)  # the new attempt still owns it
        with pytest.raises(LeaseLostError):
            await desk.queue.write_fenced(stale, late)
        async with desk.persistence.engine.connect() as conn:
            assert (await conn.execute(sa.select(sa.func.count()).where(
                run_events.c.seq == 1000))).scalar() == 0
        assert (await desk.store.get_thread(run.thread_id)).status == "interrupted"

    _desk_case(body, tmp_path)


def test_past_the_retry_budget_a_run_ends_error_and_frees_its_thread(
        tmp_path: Path, trip_script: TripScript) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))

    async def body(desk: Desk) -> None:
        run = await desk.prepare_start("trip", {"messages": REQUEST}, model=model)
        for _ in range(2):  # run_max_retries=1: one lapse is survived, the second is not
            await _lapse(desk, run.run_id)
            await desk.queue.sweep()
            lease = await desk.queue.claim(run.run_id)
            if lease is None:
                break
        status = await _status(desk, run.run_id)
        assert status.status == "error" and "lapsed leases" in status.error
        assert (await desk.store.get_thread(run.thread_id)).status == "failed"
        trail = [e.event for e in await desk.store.audit_trail(run.thread_id)]
        assert trail[-1] == "run_finished"

    _desk_case(body, tmp_path, run_max_retries=1)


def test_a_frozen_worker_finds_its_checkpoint_writes_refused(
        tmp_path: Path, trip_script: TripScript) -> None:
    """Past its lease's local deadline a worker stops at its next write, without a round trip."""
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))

    async def body(desk: Desk) -> None:
        run = await desk.prepare_start("trip", {"messages": REQUEST}, model=model)
        assert run.lease is not None
        run.lease.deadline = time.monotonic() - 1  # as after a SIGSTOP past the lease
        with pytest.raises(LeaseLostError):
            await desk.execute(run)
        _, snapshot = await desk.snapshot(run.thread_id)
        assert snapshot is None or not snapshot.values  # not one checkpoint was written

    _desk_case(body, tmp_path)


def test_a_database_from_the_previous_version_gets_the_queue(tmp_path: Path) -> None:
    """Migration 3 adds the queue's columns; a run left running gets a lapsed lease."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, "
                             "name VARCHAR(100) NOT NULL, applied_at DATETIME NOT NULL)")

    async def old_version() -> None:
        from sqlalchemy.ext.asyncio import create_async_engine
        aengine = create_async_engine(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}")
        async with aengine.begin() as conn:
            for version, (name, step) in enumerate(MIGRATIONS[:2], start=1):
                await step(conn)
                await conn.execute(sa.text(
                    "INSERT INTO schema_migrations VALUES (:v, :n, CURRENT_TIMESTAMP)"),
                    {"v": version, "n": name})
            stamp = now()
            await conn.execute(sa.text(
                "INSERT INTO agentdesk_threads (thread_id, status, current_run_id, metadata, "
                "created_at, updated_at) VALUES ('t1', 'busy', 'r1', '{}', :s, :s)"), {"s": stamp})
            await conn.execute(sa.text(
                "INSERT INTO agentdesk_runs (run_id, thread_id, kind, status, created_at, "
                "updated_at) VALUES ('r1', 't1', 'start', 'running', :s, :s)"), {"s": stamp})
        await aengine.dispose()

    async def upgraded() -> Any:
        await old_version()
        async with open_persistence(url) as persistence:
            async with persistence.engine.connect() as conn:
                row = (await conn.execute(sa.select(runs).where(runs.c.run_id == "r1"))).one()
                thread = (await conn.execute(sa.select(threads.c.status))).scalar()
            return row, thread

    row, thread = asyncio.run(upgraded())
    assert row.attempt == 0 and row.lapses == 0 and row.lease_expires_at is not None
    assert thread == "busy"


def test_one_heartbeat_renews_the_held_leases_and_flags_the_lost_and_the_cancelled(
        tmp_path: Path, trip_script: TripScript, database_url: str) -> None:
    """The heartbeat renews every lease of the process in one statement: a lease whose
    attempt is still the run's is extended; one whose run another attempt took is lost;
    one whose run was asked to cancel is told so."""
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))

    async def body(desk: Desk) -> None:
        prepared = [await desk.prepare_start("trip", {"messages": REQUEST}, model=model,
                                             claim=False) for _ in range(3)]
        leases = [await desk.queue.claim(run.run_id) for run in prepared]
        assert all(lease is not None for lease in leases)
        kept, taken, cancelled = (lease for lease in leases if lease is not None)
        async with desk.persistence.engine.begin() as conn:
            await conn.execute(runs.update().where(runs.c.run_id == taken.run_id)
                               .values(attempt=taken.attempt + 1))
            await conn.execute(runs.update().where(runs.c.run_id == cancelled.run_id)
                               .values(cancel_requested=True))
        before = {lease.run_id: lease.deadline for lease in (kept, taken, cancelled)}
        await asyncio.to_thread(desk.queue.heartbeat.beat, [kept, taken, cancelled])
        assert kept.deadline > before[kept.run_id] and not kept.lost
        assert not kept.cancel_requested
        assert taken.lost and taken.deadline == before[taken.run_id]
        assert cancelled.cancel_requested and not cancelled.lost
        async with desk.persistence.engine.connect() as conn:
            expiry = dict((await conn.execute(sa.select(runs.c.run_id, runs.c.lease_expires_at)
                                              .where(runs.c.run_id.in_(before)))).all())
        assert expiry[kept.run_id] is not None and expiry[cancelled.run_id] is not None
        for lease in leases:
            assert lease is not None
            desk.queue.release(lease)

    _desk_case(body, tmp_path, database_url=database_url)

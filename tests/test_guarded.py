"""Guarded writes (runtime/guarded.py): all or nothing, on SQLite and PostgreSQL.

On PostgreSQL the writes go as one statement; these check what a caller relies
on either way: a guard that changes no row writes nothing, a broken constraint
writes nothing, rows land in order, and values of every column type round-trip.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from agentdesk.runtime.durable import guarded
from agentdesk.runtime.storage.persistence import audit_log, now, open_persistence, runs, threads

_TOUCH = threads.update().where(
    threads.c.thread_id == sa.bindparam("t"), threads.c.status == sa.bindparam("seen"),
).values(status=sa.bindparam("to"), updated_at=sa.bindparam("at"))
_NOTE = threads.update().where(threads.c.thread_id == sa.bindparam("n")).values(
    model=sa.bindparam("note"))


def _thread(thread_id: str, **extra: Any) -> dict[str, Any]:
    stamp = now()
    return dict(thread_id=thread_id, agent="trip", owner=None, model=None, status="idle",
                current_run_id=None, metadata={"k": [1, "two", None]}, created_at=stamp,
                updated_at=stamp, **extra)


def _entry(event: str, data: Any) -> dict[str, Any]:
    return dict(thread_id="t1", run_id=None, event=event, actor=None, data=data,
                created_at=now())


def _run(database_url: str, body: Any) -> Any:
    async def go() -> Any:
        async with open_persistence(database_url) as persistence:
            return await body(persistence.engine)
    return asyncio.run(go())


async def _state(engine: Any) -> tuple[list[Any], list[Any]]:
    async with engine.connect() as conn:
        found = (await conn.execute(sa.select(
            threads.c.thread_id, threads.c.status, threads.c.model, threads.c.metadata)
            .order_by(threads.c.thread_id))).all()
        trail = (await conn.execute(sa.select(audit_log.c.event, audit_log.c.data)
                                    .order_by(audit_log.c.id))).all()
    return [tuple(r) for r in found], [tuple(r) for r in trail]


@pytest.mark.parametrize("count", [7, guarded.ONE_STATEMENT_ROWS + 1],
                         ids=["one-statement", "transaction"])
def test_a_held_guard_makes_every_write_in_order(database_url: str, count: int) -> None:
    async def body(engine: Any) -> Any:
        assert await guarded.write(engine, guarded.Rows(threads, [_thread("t0")]))
        assert await guarded.write(engine, guarded.Rows(threads, [_thread("t1")]))
        held = await guarded.write(
            engine, guarded.Update(_TOUCH, {"t": "t1", "seen": "idle", "to": "busy",
                                            "at": now()}),
            guarded.Update(_NOTE, {"n": "t0", "note": "m"}),  # each write its own rows
            guarded.Rows(audit_log, [_entry(f"e{i}", {"i": i, "s": "é"}) for i in range(count)]),
            guarded.Rows(runs, []))  # nothing to insert: left out
        return held, await _state(engine)

    held, (found, trail) = _run(database_url, body)
    assert held is True
    assert found == [("t0", "idle", "m", {"k": [1, "two", None]}),
                     ("t1", "busy", None, {"k": [1, "two", None]})]
    assert trail == [(f"e{i}", {"i": i, "s": "é"}) for i in range(count)]


@pytest.mark.parametrize("count", [1, guarded.ONE_STATEMENT_ROWS + 1],
                         ids=["one-statement", "transaction"])
def test_a_guard_that_changes_no_row_writes_nothing(database_url: str, count: int) -> None:
    async def body(engine: Any) -> Any:
        await guarded.write(engine, guarded.Rows(threads, [_thread("t1")]))
        before = await _state(engine)
        held = await guarded.write(
            engine, guarded.Update(_TOUCH, {"t": "t1", "seen": "busy", "to": "idle",
                                            "at": now()}),
            guarded.Update(_NOTE, {"n": "t1", "note": "m"}),
            guarded.Rows(threads, [_thread("t2")]),
            guarded.Rows(audit_log, [_entry("lost", {})] * count))
        return held, before, await _state(engine)

    held, before, after = _run(database_url, body)
    assert held is False
    assert after == before == ([("t1", "idle", None, {"k": [1, "two", None]})], [])


def test_a_broken_constraint_writes_nothing(database_url: str) -> None:
    async def body(engine: Any) -> Any:
        await guarded.write(engine, guarded.Rows(threads, [_thread("t1")]))
        before = await _state(engine)
        with pytest.raises(IntegrityError):  # the guard holds; a later insert breaks the key
            await guarded.write(
                engine, guarded.Update(_TOUCH, {"t": "t1", "seen": "idle", "to": "busy",
                                                "at": now()}),
                guarded.Rows(audit_log, [_entry("lost", {})]),
                guarded.Rows(threads, [_thread("t1")]))
        with pytest.raises(IntegrityError):  # a guard inserting a key that exists
            await guarded.write(engine, guarded.Rows(threads, [_thread("t1")]),
                                guarded.Rows(audit_log, [_entry("lost", {})]))
        return before, await _state(engine)

    before, after = _run(database_url, body)
    assert after == before


def test_a_guard_inserts_one_row() -> None:
    with pytest.raises(ValueError, match="exactly one row"):
        asyncio.run(guarded.write(None, guarded.Rows(threads, [])))  # type: ignore[arg-type]

"""The same thread life on SQLite and PostgreSQL: checkpoints, app tables, migrations.

The PostgreSQL cases run when ``AGENTDESK_TEST_POSTGRES_URL`` is set (``.ci/run``
sets it to the local server); each test gets a database of its own.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import sqlalchemy as sa

from agentdesk.errors import ConfigError, ConflictError, DecisionError
from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.prepare import RunOutcome
from agentdesk.runtime.storage.persistence import (
    MIGRATIONS,
    now,
    open_persistence,
    parse_database_url,
)
from agentdesk.runtime.storage.store import AppStore
from agentdesk.settings import Settings

from .trip_script import REQUEST, TripScript


def settings_for(url: str, isolated_env: Any) -> Settings:
    return Settings(database_url=url, data_dir=isolated_env, actor="tester")


def test_thread_life_survives_reopening(database_url: str, isolated_env: Any,
                                        trip_script: TripScript) -> None:
    settings = settings_for(database_url, isolated_env)
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()),
                              trip_script.answer(trip_script.itinerary(hotel=1)))

    async def first() -> RunOutcome:
        async with Desk.open(settings) as desk:
            return await desk.start("trip", {"messages": REQUEST}, model=model)

    async def second(thread_id: str, decision: Decision) -> RunOutcome:
        async with Desk.open(settings) as desk:  # a new connection, as a new process would
            return await desk.decide(thread_id, decision)

    paused = asyncio.run(first())
    assert paused.status == "interrupted"
    revised = asyncio.run(second(paused.thread_id, Decision(type="reject", message="again")))
    assert revised.status == "interrupted"
    done = asyncio.run(second(paused.thread_id, Decision(type="approve")))
    assert done.status == "completed" and done.result["revision_count"] == 1

    async def inspect() -> tuple[Any, Any, Any]:
        async with Desk.open(settings) as desk:
            return (await desk.view(paused.thread_id), await desk.store.list_runs(
                paused.thread_id), await desk.store.audit_trail(paused.thread_id))
    view, runs, trail = asyncio.run(inspect())
    assert view.thread.status == "completed" and view.values["is_approved"]
    assert [r.status for r in runs] == ["interrupted", "interrupted", "completed"]
    assert [e.data["type"] for e in trail if e.event == "decision"] == ["reject", "approve"]
    assert all(e.created_at for e in trail)


def test_duplicate_decisions_race_exactly_one_wins(database_url: str, isolated_env: Any,
                                                   trip_script: TripScript) -> None:
    settings = settings_for(database_url, isolated_env)
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))

    async def scenario() -> list[Any]:
        async with Desk.open(settings) as desk:
            paused = await desk.start("trip", {"messages": REQUEST}, model=model)
        async with Desk.open(settings) as one, Desk.open(settings) as two:
            return await asyncio.gather(
                *(d.decide(paused.thread_id, Decision(type="approve"), interrupt_id=
                           paused.interrupt["id"]) for d in (one, two, one, two)),
                return_exceptions=True)
    results = asyncio.run(scenario())
    wins = [r for r in results if isinstance(r, RunOutcome)]
    losses = [r for r in results if not isinstance(r, RunOutcome)]
    assert len(wins) == 1 and wins[0].status == "completed"
    assert len(losses) == 3
    assert all(isinstance(e, ConflictError | DecisionError) for e in losses), losses


def test_migrations_apply_once(database_url: str) -> None:
    async def open_twice() -> list[Any]:
        async with open_persistence(database_url):
            pass
        async with open_persistence(database_url) as persistence, \
                persistence.engine.connect() as conn:
            rows = await conn.execute(sa.text(
                "SELECT version, name FROM schema_migrations ORDER BY version"))
            return [tuple(r) for r in rows]
    assert asyncio.run(open_twice()) == [(i + 1, name) for i, (name, _) in enumerate(MIGRATIONS)]


def test_decisions_keyed_by_interrupt_alone_are_rekeyed_by_thread(database_url: str) -> None:
    """A database whose decisions were keyed by the interrupt id alone (before migration
    ``thread_decisions``) keeps its decisions, and then takes a second thread's decision of
    the same interrupt while still refusing a second one of the same thread."""
    version = 1 + [name for name, _ in MIGRATIONS].index("thread_decisions")
    stamp = "2026-01-01 00:00:00"

    async def scenario() -> list[Any]:
        async with open_persistence(database_url) as persistence:
            postgres = persistence.url.dialect == "postgresql"
            json, at = ("JSON", "TIMESTAMP WITH TIME ZONE") if postgres else ("TEXT", "DATETIME")
            async with persistence.engine.begin() as conn:  # back to the old shape
                await conn.execute(sa.text("DROP TABLE agentdesk_decisions"))
                await conn.execute(sa.text(
                    "CREATE TABLE agentdesk_decisions (interrupt_id VARCHAR(64) PRIMARY KEY, "
                    "thread_id VARCHAR(200) NOT NULL, run_id VARCHAR(64), type VARCHAR(20) "
                    f"NOT NULL, decision {json} NOT NULL, actor VARCHAR(200), created_at "
                    f"{at} NOT NULL)"))
                await conn.execute(sa.text("CREATE INDEX ix_agentdesk_decisions_thread_id "
                                           "ON agentdesk_decisions (thread_id)"))
                await conn.execute(sa.text(
                    "INSERT INTO agentdesk_decisions VALUES ('i-1', 't-1', 'r-1', 'approve', "
                    "'{\"type\": \"approve\"}', 'ann', :at)"), {"at": stamp})
                await conn.execute(sa.text("DELETE FROM schema_migrations WHERE version >= :v"),
                                   {"v": version})
        async with open_persistence(database_url) as persistence:
            store = AppStore(persistence.engine)
            kept = await store.get_decision("t-1", "i-1")
            assert await store.get_decision("t-2", "i-1") is None
            async with persistence.engine.begin() as conn:
                await conn.execute(sa.text(
                    "INSERT INTO agentdesk_decisions (thread_id, interrupt_id, type, decision, "
                    "created_at) VALUES ('t-2', 'i-1', 'reject', '{\"type\": \"reject\"}', "
                    ":at)"), {"at": now()})
            with pytest.raises(sa.exc.IntegrityError):
                async with persistence.engine.begin() as conn:
                    await conn.execute(sa.text(
                        "INSERT INTO agentdesk_decisions (thread_id, interrupt_id, type, "
                        "decision, created_at) VALUES ('t-1', 'i-1', 'reject', '{}', :at)"),
                        {"at": now()})
            return [kept, await store.get_decision("t-2", "i-1")]

    assert asyncio.run(scenario()) == [{"type": "approve"}, {"type": "reject"}]


@pytest.mark.parametrize("url", ["mysql://x", "sqlite://relative.db", "", "sqlite:///"])
def test_bad_database_urls_are_config_errors(url: str) -> None:
    with pytest.raises(ConfigError, match="database_url"):
        parse_database_url(url)

"""Checkpointer and app tables from one database URL.

``sqlite:///path/to/file.db`` (the default) or ``postgresql://...``. Checkpoints
use the official LangGraph savers; the app's own tables (threads, runs,
decisions, audit log) live in the same database and are created by ordered
migrations, each applied once and recorded in ``schema_migrations``.
"""

from __future__ import annotations

import json
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.store.base import BaseStore
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from agentdesk.errors import ConfigError
from agentdesk.runtime.memory.store import StoreOptions, open_memory_store

from . import sqliteconn

__all__ = ["DATABASE_ERRORS", "Persistence", "Stamp", "metadata", "open_persistence",
           "parse_database_url", "single_statements", "sqlite_engine", "sync_to_disk",
           "webhook_deliveries"]


def _database_errors() -> tuple[type[Exception], ...]:
    import sqlite3

    import psycopg
    from psycopg_pool import PoolTimeout

    return (sa.exc.DBAPIError, psycopg.OperationalError, PoolTimeout, sqlite3.OperationalError)


DATABASE_ERRORS = _database_errors()
"""What a database that went away raises, through any of our drivers: not the run's fault."""


class Stamp(sa.TypeDecorator[datetime]):
    """A stored time that reads back with its zone on every database.

    Every time is written in UTC (:func:`now`); PostgreSQL returns it with the
    zone, SQLite, which stores it as text without one, returns it naive.
    """

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        return value.replace(tzinfo=UTC) if value is not None and value.tzinfo is None else value


metadata = sa.MetaData()

THREAD_ID_MAX = 100
"""Stored thread ids: a public id (64) behind an API key's namespace (``server/ids.py``)."""
_THREAD_ID_TABLES = ("agentdesk_threads", "agentdesk_runs", "agentdesk_decisions",
                     "agentdesk_audit_log", "agentdesk_effects")

schema_migrations = sa.Table(
    "schema_migrations", metadata,
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("applied_at", Stamp(), nullable=False),
)

threads = sa.Table(
    "agentdesk_threads", metadata,
    sa.Column("thread_id", sa.String(THREAD_ID_MAX), primary_key=True),
    # Set by the thread's first run; a thread created empty (HTTP) has none yet.
    sa.Column("agent", sa.String(64)),
    sa.Column("owner", sa.String(200)),
    sa.Column("model", sa.Text),
    sa.Column("status", sa.String(20), nullable=False),
    sa.Column("current_run_id", sa.String(64)),
    sa.Column("metadata", sa.JSON, nullable=False, default=dict),
    sa.Column("created_at", Stamp(), nullable=False),
    sa.Column("updated_at", Stamp(), nullable=False),
    # Added by migration 7 (thread_ttl); see _THREAD_TTL_COLUMNS.
    sa.Column("state_values", sa.JSON),
    sa.Column("ttl_minutes", sa.Float),
    sa.Column("ttl_strategy", sa.String(20)),
    sa.Column("expires_at", Stamp(), index=True),
)

runs = sa.Table(
    "agentdesk_runs", metadata,
    sa.Column("run_id", sa.String(64), primary_key=True),
    sa.Column("thread_id", sa.String(THREAD_ID_MAX), nullable=False, index=True),
    sa.Column("kind", sa.String(20), nullable=False),
    sa.Column("status", sa.String(20), nullable=False),
    sa.Column("worker", sa.String(200)),
    sa.Column("model", sa.Text),
    sa.Column("error", sa.Text),
    sa.Column("created_at", Stamp(), nullable=False),
    sa.Column("updated_at", Stamp(), nullable=False),
    # Added by migration 3 (the run queue); see _QUEUE_COLUMNS.
    sa.Column("input", sa.JSON),
    sa.Column("interrupt_id", sa.String(64)),
    sa.Column("stream_modes", sa.JSON),
    sa.Column("actor", sa.String(200)),
    sa.Column("attempt", sa.Integer, nullable=False, default=0),
    sa.Column("lapses", sa.Integer, nullable=False, default=0),
    sa.Column("lease_expires_at", Stamp()),
    sa.Column("cancel_requested", sa.Boolean, nullable=False, default=False),
    # Added by migration 5: what the run asks of its graph (runtime.runs.options.RunOptions).
    sa.Column("options", sa.JSON),
    # Added by migration 10: where the run's end is POSTed (runtime/durable/webhooks.py).
    sa.Column("webhook", sa.Text),
    # Added by migration 6 (the run lifecycle); see _LIFECYCLE_COLUMNS.
    sa.Column("run_after", Stamp()),
    sa.Column("on_completion", sa.String(10)),
    sa.Column("multitask_strategy", sa.String(10)),
    sa.Column("metadata", sa.JSON),
    # Added by migration 12 (run usage); see _USAGE_COLUMNS and runtime/runs/usage.py.
    # Server defaults only: a run's guarded insert names its columns (durable/guarded.py).
    sa.Column("tokens_in", sa.Integer, nullable=False, server_default="0"),
    sa.Column("tokens_out", sa.Integer, nullable=False, server_default="0"),
    sa.Column("model_calls", sa.Integer, nullable=False, server_default="0"),
    sa.Column("model_seconds", sa.Float, nullable=False, server_default="0"),
    sa.Column("tool_calls", sa.Integer, nullable=False, server_default="0"),
    sa.Column("tool_seconds", sa.Float, nullable=False, server_default="0"),
    sa.Column("wall_seconds", sa.Float, nullable=False, server_default="0"),
)

# The columns of ``agentdesk_runs`` as migration 1 created them.
_RUNS_V1 = ("run_id", "thread_id", "kind", "status", "worker", "model", "error",
            "created_at", "updated_at")

decisions = sa.Table(
    "agentdesk_decisions", metadata,
    # The primary key is the gate that makes a decision count once. It names the thread
    # too: a copied thread holds the same interrupt ids and is decided on its own.
    sa.Column("thread_id", sa.String(THREAD_ID_MAX), primary_key=True),
    sa.Column("interrupt_id", sa.String(64), primary_key=True),
    sa.Column("run_id", sa.String(64)),
    sa.Column("type", sa.String(20), nullable=False),
    sa.Column("decision", sa.JSON, nullable=False),
    sa.Column("actor", sa.String(200)),
    sa.Column("created_at", Stamp(), nullable=False),
)

audit_log = sa.Table(
    "agentdesk_audit_log", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("thread_id", sa.String(THREAD_ID_MAX), index=True),
    sa.Column("run_id", sa.String(64)),
    sa.Column("event", sa.String(40), nullable=False),
    sa.Column("actor", sa.String(200)),
    sa.Column("data", sa.JSON, nullable=False, default=dict),
    sa.Column("created_at", Stamp(), nullable=False),
)


run_events = sa.Table(
    "agentdesk_run_events", metadata,
    # Every streamed event of a run, in order: what a reconnecting client replays.
    sa.Column("run_id", sa.String(64), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("event", sa.String(60), nullable=False),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("created_at", Stamp(), nullable=False),
)


effects = sa.Table(
    "agentdesk_effects", metadata,
    # One row per tool call that changes the world: the gate that makes it run once.
    sa.Column("key", sa.String(300), primary_key=True),
    sa.Column("thread_id", sa.String(THREAD_ID_MAX), nullable=False, index=True),
    sa.Column("run_id", sa.String(64)),
    sa.Column("attempt", sa.Integer),
    sa.Column("tool", sa.String(100), nullable=False),
    sa.Column("args", sa.JSON, nullable=False, default=dict),
    sa.Column("status", sa.String(20), nullable=False),  # started | done
    sa.Column("result", sa.JSON),
    sa.Column("started_at", Stamp(), nullable=False),
    sa.Column("finished_at", Stamp()),
)

webhook_deliveries = sa.Table(
    "agentdesk_webhook_deliveries", metadata,
    # One row per ended run with a webhook: the primary key makes it one delivery.
    sa.Column("run_id", sa.String(64), primary_key=True),
    sa.Column("thread_id", sa.String(THREAD_ID_MAX), nullable=False, index=True),
    sa.Column("url", sa.Text, nullable=False),
    sa.Column("body", sa.Text, nullable=False),  # the JSON sent, the same on every attempt
    sa.Column("status", sa.String(20), nullable=False),  # pending | delivered | failed
    sa.Column("attempts", sa.Integer, nullable=False, default=0),
    # When the next attempt is due; a claimed attempt pushes it out by its lease.
    sa.Column("next_attempt_at", Stamp(), index=True),
    sa.Column("last_status_code", sa.Integer),
    sa.Column("last_error", sa.Text),
    sa.Column("delivered_at", Stamp()),
    sa.Column("created_at", Stamp(), nullable=False),
)

assistants = sa.Table(
    "agentdesk_assistants", metadata,
    # The latest version of each assistant; system ones (built-in agents and
    # langgraph.json graphs) are kept in step with the registry, owner "system".
    sa.Column("assistant_id", sa.String(64), primary_key=True),
    sa.Column("graph_id", sa.String(64), nullable=False, index=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("description", sa.Text),
    sa.Column("config", sa.JSON, nullable=False, default=dict),
    sa.Column("context", sa.JSON, nullable=False, default=dict),
    sa.Column("metadata", sa.JSON, nullable=False, default=dict),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("owner", sa.String(200), index=True),
    sa.Column("created_at", Stamp(), nullable=False),
    sa.Column("updated_at", Stamp(), nullable=False),
)

crons = sa.Table(
    "agentdesk_crons", metadata,
    # A schedule of runs: each due tick (``next_run_at``) becomes one run (runtime/durable/crons).
    sa.Column("cron_id", sa.String(36), primary_key=True),
    sa.Column("assistant_id", sa.String(200), nullable=False),
    sa.Column("agent", sa.String(200), nullable=False),
    sa.Column("thread_id", sa.String(THREAD_ID_MAX)),  # None: a new thread per tick
    sa.Column("thread_prefix", sa.String(200), nullable=False, default=""),
    sa.Column("owner", sa.String(200), index=True),
    sa.Column("actor", sa.String(200)),
    sa.Column("schedule", sa.String(200), nullable=False),
    sa.Column("timezone", sa.String(100)),
    sa.Column("end_time", Stamp()),
    sa.Column("payload", sa.JSON, nullable=False),  # what the caller sent for each run
    sa.Column("agent_input", sa.JSON, nullable=False),  # the agent's validated input
    sa.Column("metadata", sa.JSON, nullable=False, default=dict),
    sa.Column("on_run_completed", sa.String(10)),
    sa.Column("multitask_strategy", sa.String(10), nullable=False, default="reject"),
    sa.Column("enabled", sa.Boolean, nullable=False, default=True),
    sa.Column("next_run_at", Stamp(), index=True),
    sa.Column("created_at", Stamp(), nullable=False),
    sa.Column("updated_at", Stamp(), nullable=False),
)

assistant_versions = sa.Table(
    "agentdesk_assistant_versions", metadata,
    # Every version ever written; set_latest copies one back into agentdesk_assistants.
    sa.Column("assistant_id", sa.String(64), primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("graph_id", sa.String(64), nullable=False),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("description", sa.Text),
    sa.Column("config", sa.JSON, nullable=False, default=dict),
    sa.Column("context", sa.JSON, nullable=False, default=dict),
    sa.Column("metadata", sa.JSON, nullable=False, default=dict),
    sa.Column("created_at", Stamp(), nullable=False),
)

run_assistants = sa.Table(
    "agentdesk_run_assistants", metadata,
    # Which created assistant (and version) a run was started on.
    sa.Column("run_id", sa.String(64), primary_key=True),
    sa.Column("assistant_id", sa.String(64), nullable=False, index=True),
    sa.Column("version", sa.Integer, nullable=False),
)


# Columns the run queue (migration 3) added to ``agentdesk_runs``, with their DDL.
_QUEUE_COLUMNS = {
    "input": "JSONTEXT",  # the validated payload of a start run
    "interrupt_id": "VARCHAR(64)",  # the interrupt a decide run answers
    "stream_modes": "JSONTEXT",  # the API stream modes its events carry
    "actor": "VARCHAR(200)",
    "attempt": "INTEGER NOT NULL DEFAULT 0",  # claims so far; the fence of every write
    "lapses": "INTEGER NOT NULL DEFAULT 0",  # leases that ran out: the retry budget spent
    "lease_expires_at": "TIMESTAMP",
    "cancel_requested": "BOOLEAN NOT NULL DEFAULT FALSE",
}


# Columns the run lifecycle (migration 6) added to ``agentdesk_runs``, with their DDL.
_LIFECYCLE_COLUMNS = {
    "run_after": "TIMESTAMP",  # no worker claims the run before (after_seconds)
    "on_completion": "VARCHAR(10)",  # "delete": its thread goes when it ends (stateless)
    "multitask_strategy": "VARCHAR(10)",  # as the caller asked, shown on the run
    "metadata": "JSONTEXT",  # the caller's run metadata
}


async def _add_columns(conn: AsyncConnection, columns: dict[str, str],
                       table: str = "agentdesk_runs") -> None:
    """Add the missing ``columns`` to ``table`` (DDL as the dialect types them)."""
    have = await conn.run_sync(
        lambda sync: {c["name"] for c in sa.inspect(sync).get_columns(table)})
    postgres = conn.dialect.name == "postgresql"
    # As sa.JSON and sa.DateTime(timezone=True) create them on each dialect.
    stamp = "TIMESTAMP WITH TIME ZONE" if postgres else "DATETIME"
    for name, ddl in columns.items():
        if name not in have:
            ddl = ddl.replace("TIMESTAMP", stamp).replace("JSONTEXT",
                                                          "JSON" if postgres else "TEXT")
            await conn.execute(sa.text(f"ALTER TABLE {table} ADD COLUMN {name} {ddl}"))


def _runs_v1() -> sa.Table:
    return sa.Table("agentdesk_runs", sa.MetaData(),
                    *(c._copy() for c in runs.columns if c.name in _RUNS_V1))


async def _m001_initial(conn: AsyncConnection) -> None:
    await conn.run_sync(lambda sync: metadata.create_all(
        sync, tables=[threads, decisions, audit_log]))
    await conn.run_sync(lambda sync: _runs_v1().create(sync))


async def _m002_run_events(conn: AsyncConnection) -> None:
    await conn.run_sync(lambda sync: run_events.create(sync))


async def _m003_run_queue(conn: AsyncConnection) -> None:
    await _add_columns(conn, _QUEUE_COLUMNS)
    await conn.execute(sa.text("CREATE INDEX IF NOT EXISTS ix_agentdesk_runs_status "
                               "ON agentdesk_runs (status)"))
    await conn.run_sync(lambda sync: effects.create(sync, checkfirst=True))
    # Runs left running by an older version have no lease: let the sweeper take them.
    await conn.execute(runs.update().where(runs.c.status == "running")
                       .values(lease_expires_at=now()))


async def _m004_keyed_thread_ids(conn: AsyncConnection) -> None:
    # Existing ids stay as they are; only the columns widen (SQLite has no lengths).
    if conn.dialect.name == "postgresql":
        for table in _THREAD_ID_TABLES:
            await conn.execute(sa.text(f"ALTER TABLE {table} ALTER COLUMN thread_id "
                                       f"TYPE VARCHAR({THREAD_ID_MAX})"))


async def _m005_run_options(conn: AsyncConnection) -> None:
    # Runs recorded before have none: NULL reads as the default options.
    have = await conn.run_sync(
        lambda sync: {c["name"] for c in sa.inspect(sync).get_columns("agentdesk_runs")})
    if "options" not in have:
        kind = "JSON" if conn.dialect.name == "postgresql" else "TEXT"
        await conn.execute(sa.text(f"ALTER TABLE agentdesk_runs ADD COLUMN options {kind}"))


# Columns migration 7 (thread_ttl) added to ``agentdesk_threads``, with their DDL.
_THREAD_TTL_COLUMNS = {
    "state_values": "JSONTEXT",  # a copy of the latest state's values (search, count)
    "ttl_minutes": "FLOAT",  # the thread's own time to live after its last activity
    "ttl_strategy": "VARCHAR(20)",  # delete | keep_latest, with ttl_minutes
    "expires_at": "TIMESTAMP",  # when the sweeper next looks at it (None: no ttl of its own)
}


async def _m007_thread_ttl(conn: AsyncConnection) -> None:
    await _add_columns(conn, _THREAD_TTL_COLUMNS, "agentdesk_threads")
    await conn.execute(sa.text("CREATE INDEX IF NOT EXISTS ix_agentdesk_threads_expires_at "
                               "ON agentdesk_threads (expires_at)"))


async def _m010_webhooks(conn: AsyncConnection) -> None:
    have = await conn.run_sync(
        lambda sync: {c["name"] for c in sa.inspect(sync).get_columns("agentdesk_runs")})
    if "webhook" not in have:
        await conn.execute(sa.text("ALTER TABLE agentdesk_runs ADD COLUMN webhook TEXT"))
    await conn.run_sync(lambda sync: webhook_deliveries.create(sync, checkfirst=True))


async def _m011_thread_decisions(conn: AsyncConnection) -> None:
    # The decisions' key was the interrupt id alone: (thread_id, interrupt_id) from now on.
    if conn.dialect.name == "postgresql":
        await conn.execute(sa.text("DROP INDEX IF EXISTS ix_agentdesk_decisions_thread_id"))
        await conn.execute(sa.text(
            "ALTER TABLE agentdesk_decisions DROP CONSTRAINT agentdesk_decisions_pkey, "
            "ADD PRIMARY KEY (thread_id, interrupt_id)"))
        return
    # SQLite cannot change a primary key: the table is made anew and its rows copied.
    await conn.execute(sa.text("DROP INDEX IF EXISTS ix_agentdesk_decisions_thread_id"))
    await conn.execute(sa.text("ALTER TABLE agentdesk_decisions RENAME TO agentdesk_decisions_v1"))
    await conn.run_sync(lambda sync: decisions.create(sync))
    columns = ", ".join(c.name for c in decisions.columns)
    await conn.execute(sa.text(f"INSERT INTO agentdesk_decisions ({columns}) "
                               f"SELECT {columns} FROM agentdesk_decisions_v1"))
    await conn.execute(sa.text("DROP TABLE agentdesk_decisions_v1"))


async def _m008_assistants(conn: AsyncConnection) -> None:
    await conn.run_sync(lambda sync: metadata.create_all(
        sync, tables=[assistants, assistant_versions, run_assistants]))


async def _m009_crons(conn: AsyncConnection) -> None:
    await conn.run_sync(lambda sync: crons.create(sync, checkfirst=True))


# Columns run usage (migration 12) added to ``agentdesk_runs``: what each run cost, added
# to by every attempt's fenced writes (runtime/runs/usage.py).
_USAGE_COLUMNS = {
    "tokens_in": "INTEGER NOT NULL DEFAULT 0",
    "tokens_out": "INTEGER NOT NULL DEFAULT 0",
    "model_calls": "INTEGER NOT NULL DEFAULT 0",
    "model_seconds": "FLOAT NOT NULL DEFAULT 0",
    "tool_calls": "INTEGER NOT NULL DEFAULT 0",
    "tool_seconds": "FLOAT NOT NULL DEFAULT 0",
    "wall_seconds": "FLOAT NOT NULL DEFAULT 0",
}


async def _m012_run_usage(conn: AsyncConnection) -> None:
    await _add_columns(conn, _USAGE_COLUMNS)


async def _m006_run_lifecycle(conn: AsyncConnection) -> None:
    await _add_columns(conn, _LIFECYCLE_COLUMNS)
    await conn.execute(sa.text("CREATE INDEX IF NOT EXISTS ix_agentdesk_runs_thread_status "
                               "ON agentdesk_runs (thread_id, status)"))


# Ordered; append only. Each runs once, in its own transaction.
MIGRATIONS: list[tuple[str, Callable[[AsyncConnection], Awaitable[None]]]] = [
    ("initial", _m001_initial),
    ("run_events", _m002_run_events),
    ("run_queue", _m003_run_queue),
    ("keyed_thread_ids", _m004_keyed_thread_ids),
    ("run_options", _m005_run_options),
    ("run_lifecycle", _m006_run_lifecycle),
    ("thread_ttl", _m007_thread_ttl),
    ("assistants", _m008_assistants),
    ("crons", _m009_crons),
    ("webhooks", _m010_webhooks),
    ("thread_decisions", _m011_thread_decisions),
    ("run_usage", _m012_run_usage),
]


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class DatabaseURL:
    """A parsed ``AGENTDESK_DATABASE_URL``."""

    dialect: str  # "sqlite" or "postgresql"
    sqlalchemy_url: str
    target: str  # the SQLite file, or the libpq connection string

    @property
    def sync_url(self) -> str:
        """The same database for a synchronous SQLAlchemy engine (the heartbeat's)."""
        if self.dialect == "sqlite":
            return f"sqlite:///{self.target}"
        return self.sqlalchemy_url  # psycopg serves both


def parse_database_url(url: str) -> DatabaseURL:
    """Check and split a database URL; anything else is a :class:`ConfigError`."""
    if url.startswith("sqlite:///"):
        path = Path(url.removeprefix("sqlite:///")).expanduser()
        if not str(path) or str(path) == ".":
            raise ConfigError(f"database_url: {url!r} names no file")
        return DatabaseURL("sqlite", f"sqlite+aiosqlite:///{path}", str(path))
    for prefix in ("postgresql://", "postgres://", "postgresql+psycopg://"):
        if url.startswith(prefix):
            rest = url.removeprefix(prefix)
            return DatabaseURL("postgresql", f"postgresql+psycopg://{rest}", f"postgresql://{rest}")
    raise ConfigError(f"database_url: {url!r} is neither sqlite:///<file> nor postgresql://...")


async def migrate(engine: AsyncEngine, dialect: str) -> None:
    """Apply the migrations this database has not seen, under a lock."""
    async with engine.begin() as conn:
        if dialect == "postgresql":
            await conn.execute(sa.text("SELECT pg_advisory_xact_lock(784512)"))
        await conn.run_sync(lambda sync: schema_migrations.create(sync, checkfirst=True))
        done = set((await conn.execute(sa.select(schema_migrations.c.version))).scalars())
        for version, (name, step) in enumerate(MIGRATIONS, start=1):
            if version not in done:
                await step(conn)
                await conn.execute(schema_migrations.insert().values(
                    version=version, name=name, applied_at=now()))


@dataclass
class Persistence:
    """The open checkpointer and app database of one process."""

    url: DatabaseURL
    checkpointer: BaseCheckpointSaver
    engine: AsyncEngine
    memory: BaseStore
    """LangGraph's Store: what agents remember about users (:mod:`.memory`)."""


IDLE_CHECK_SECONDS = 1.0
"""A pooled PostgreSQL connection idle this long is checked before it is lent.

Checking every checkout costs a round trip and, on PostgreSQL, a transaction;
one just returned is as good as checked (a connection can break right after a
check too: what it then raises is a database error the runs already survive).
"""


def _ping_when_idle(engine: AsyncEngine) -> None:
    """SQLAlchemy's ``pool_pre_ping``, for connections idle :data:`IDLE_CHECK_SECONDS` only."""
    pool_events = engine.sync_engine.pool

    def checkin(_dbapi_conn: Any, record: Any) -> None:
        record.info["returned"] = time.monotonic()

    def checkout(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        if time.monotonic() - record.info.get("returned", 0.0) < IDLE_CHECK_SECONDS:
            return
        try:
            engine.dialect.do_ping(dbapi_conn)
        except Exception as exc:  # the pool replaces it with a new connection
            raise sa.exc.DisconnectionError(str(exc)) from exc

    sa.event.listen(pool_events, "checkin", checkin)
    sa.event.listen(pool_events, "checkout", checkout)


def single_statements(engine: AsyncEngine) -> AsyncEngine:
    """``engine`` for work of one statement (a read, or one write under ``begin()``).

    On PostgreSQL that is autocommit: the statement is its own transaction and
    costs one round trip, where a transaction costs three (``BEGIN``, the
    statement, then ``COMMIT`` or, for a read, ``ROLLBACK``, after which the
    driver also drops its prepared statements). SQLite's driver begins a
    transaction only before a write, so there reads already take none and a
    write keeps its ``BEGIN IMMEDIATE``: ``engine`` itself.
    """
    if engine.dialect.name != "postgresql":
        return engine
    single = _SINGLE.get(engine)
    if single is None:  # made once per engine: it is asked for on every run's writes
        single = _SINGLE[engine] = engine.execution_options(isolation_level="AUTOCOMMIT")
    return single


_SINGLE: weakref.WeakKeyDictionary[AsyncEngine, AsyncEngine] = weakref.WeakKeyDictionary()


def _wal(dbapi_conn: Any, _record: Any) -> None:
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()


def sqlite_engine(url: DatabaseURL, synchronous: sqliteconn.Synchronous = "full") -> AsyncEngine:
    """An engine on the SQLite file of ``url``, its calls made on the loop (:mod:`.sqliteconn`)."""
    Path(url.target).parent.mkdir(parents=True, exist_ok=True)

    async def connection() -> Any:
        return await sqliteconn.connect(url.target, synchronous=synchronous)

    engine = create_async_engine(url.sqlalchemy_url, async_creator=connection)
    sa.event.listen(engine.sync_engine, "connect", _wal)
    return engine


@asynccontextmanager
async def open_persistence(url: str, store: StoreOptions | None = None, *,
                           sqlite_synchronous: sqliteconn.Synchronous = "full",
                           ) -> AsyncIterator[Persistence]:
    """Open the checkpointer, the Store (indexed and expiring per ``store``) and the app
    tables; migrate; close all on exit. ``sqlite_synchronous``: when a SQLite commit
    reaches the disk (``Settings.sqlite_synchronous``; :func:`sync_to_disk`)."""
    parsed = parse_database_url(url)
    async with AsyncExitStack() as stack:
        pool: Any = None
        if parsed.dialect == "sqlite":
            from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

            engine = sqlite_engine(parsed, sqlite_synchronous)
            stack.push_async_callback(engine.dispose)
            await migrate(engine, parsed.dialect)
            # The official saver, on a connection like the app tables' (from_conn_string
            # would open one that waits for a busy file on aiosqlite's thread).
            saver: BaseCheckpointSaver = AsyncSqliteSaver(
                await stack.enter_async_context(
                    sqliteconn.connect(parsed.target, synchronous=sqlite_synchronous)))
            await saver.setup()  # type: ignore[attr-defined]
        else:
            from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver

            engine = create_async_engine(parsed.sqlalchemy_url)
            _ping_when_idle(engine)
            stack.push_async_callback(engine.dispose)
            try:
                await migrate(engine, parsed.dialect)
            except sa.exc.OperationalError as exc:
                raise ConfigError(f"database_url: cannot connect to PostgreSQL: {exc.orig}") from exc
            from psycopg.rows import dict_row
            from psycopg_pool import AsyncConnectionPool

            # A pool that checks connections before lending them: after an outage the
            # checkpointer reconnects on its own (a single connection would stay broken).
            returned: dict[int, float] = {}

            async def note_return(conn: Any) -> None:
                returned[id(conn)] = time.monotonic()

            async def check_when_idle(conn: Any) -> None:
                if time.monotonic() - returned.get(id(conn), 0.0) >= IDLE_CHECK_SECONDS:
                    await AsyncConnectionPool.check_connection(conn)

            pool = AsyncConnectionPool(
                parsed.target, min_size=1, max_size=10, open=False, timeout=10,
                check=check_when_idle, reset=note_return,
                kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row})
            await pool.open()
            stack.push_async_callback(pool.close)
            saver = AsyncPostgresSaver(pool)
            await saver.setup()
        memory = await stack.enter_async_context(
            open_memory_store(parsed, pool, store, sqlite_synchronous))
        yield Persistence(parsed, saver, engine, memory)


async def sync_to_disk(engine: AsyncEngine) -> None:
    """Make every commit so far on ``engine`` durable before acting on the world.

    A no-op on PostgreSQL (its commits are durable as they return); on SQLite see
    :func:`.sqliteconn.sync_to_disk`.
    """
    if engine.dialect.name == "sqlite" and engine.url.database:
        await sqliteconn.sync_to_disk(engine.url.database)


def dumps(value: Any) -> str:
    return json.dumps(value, default=str)

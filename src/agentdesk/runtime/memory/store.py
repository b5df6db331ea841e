"""LangGraph's Store (user memory) from the database URL the checkpointer uses.

``AsyncSqliteStore`` on its own connection to the same SQLite file, or
``AsyncPostgresStore`` on the checkpointer's connection pool. Its tables are
set up once when the process opens the database, like the checkpointer's.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from langgraph.store.base import BaseStore

from agentdesk.runtime.storage.sqliteconn import BUSY_SECONDS

if TYPE_CHECKING:
    from agentdesk.runtime.storage.persistence import DatabaseURL

__all__ = ["open_memory_store"]


@asynccontextmanager
async def open_memory_store(url: DatabaseURL, pool: Any = None) -> AsyncIterator[BaseStore]:
    """The Store of ``url``, set up; ``pool``: PostgreSQL's open connection pool."""
    if url.dialect == "sqlite":
        from langgraph.store.sqlite.aio import AsyncSqliteStore

        async with AsyncSqliteStore.from_conn_string(url.target) as store:
            # As patient with a busy file as the checkpointer's connection.
            await store.conn.execute(f"PRAGMA busy_timeout={int(BUSY_SECONDS * 1000)}")
            await store.setup()
            yield store
        return
    from langgraph.store.postgres.aio import AsyncPostgresStore

    postgres = AsyncPostgresStore(pool)
    # Processes that start together set the tables up one after the other.
    async with pool.connection() as conn:
        await conn.execute("SELECT pg_advisory_lock(784513)")
        try:
            await postgres.setup()
        finally:
            await conn.execute("SELECT pg_advisory_unlock(784513)")
    yield postgres

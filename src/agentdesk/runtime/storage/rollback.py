"""Rollback: remove a run that ended and every checkpoint it wrote.

LangGraph's SQLite and PostgreSQL savers implement no ``adelete_for_runs``, so
the checkpoints a run wrote (their metadata names its ``run_id``, see
:meth:`~agentdesk.runtime.runs.base.DeskBase._config`) are deleted here with SQL
on the savers' own tables, which live in the app database. On PostgreSQL the
channel values a removed checkpoint alone referred to go too: a new run from
the earlier state writes the same channel versions again, and the saver keeps
an existing blob for a version (``ON CONFLICT DO NOTHING``), so a stale blob
would come back as the new run's state.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from .persistence import now, run_events, runs, threads

__all__ = ["rollback_run"]

_SQLITE = (
    "DELETE FROM writes WHERE thread_id = :thread AND checkpoint_id IN ("
    " SELECT checkpoint_id FROM checkpoints WHERE thread_id = :thread"
    " AND json_extract(CAST(metadata AS TEXT), '$.run_id') = :run)",
    "DELETE FROM checkpoints WHERE thread_id = :thread"
    " AND json_extract(CAST(metadata AS TEXT), '$.run_id') = :run",
)
_POSTGRES = (
    "DELETE FROM checkpoint_writes WHERE thread_id = :thread AND checkpoint_id IN ("
    " SELECT checkpoint_id FROM checkpoints WHERE thread_id = :thread"
    " AND metadata->>'run_id' = :run)",
    "DELETE FROM checkpoints WHERE thread_id = :thread AND metadata->>'run_id' = :run",
    "DELETE FROM checkpoint_blobs b WHERE b.thread_id = :thread AND NOT EXISTS ("
    " SELECT 1 FROM checkpoints c WHERE c.thread_id = b.thread_id"
    " AND c.checkpoint_ns = b.checkpoint_ns"
    " AND c.checkpoint->'channel_versions'->>b.channel = b.version)",
)


async def _delete_checkpoints(conn: AsyncConnection, thread_id: str, run_id: str) -> None:
    statements = _POSTGRES if conn.dialect.name == "postgresql" else _SQLITE
    for statement in statements:
        await conn.execute(sa.text(statement), {"thread": thread_id, "run": run_id})


async def rollback_run(engine: AsyncEngine, thread_id: str, run_id: str) -> None:
    """Delete ended run ``run_id``, its events and its checkpoints, in one transaction.

    The thread goes back to ``idle`` if this run was the last to hold it (the
    state it shows is again the one before the run)."""
    async with engine.begin() as conn:
        await _delete_checkpoints(conn, thread_id, run_id)
        await conn.execute(run_events.delete().where(run_events.c.run_id == run_id))
        await conn.execute(runs.delete().where(runs.c.run_id == run_id,
                                               runs.c.status.not_in(("pending", "running"))))
        await conn.execute(threads.update().where(
            threads.c.thread_id == thread_id, threads.c.current_run_id == run_id,
            threads.c.status != "busy").values(status="idle", current_run_id=None,
                                               updated_at=now()))

"""Checkpoint writes fenced by the run's lease.

A worker that lost its lease (it was stopped past it, or cut off from the
database) must not write a checkpoint on top of the attempt that took the run
over. The lease's local deadline ends before the one in the database (see
:class:`~agentdesk.runtime.durable.queue.Lease`), so checking it before each write
refuses a stale worker's writes without a round trip.

A write that has begun is finished even if the run is cancelled meanwhile (a
cancel, a lost lease, a shutdown): the official SQLite saver executes and then
commits on its one connection, so a cancel between the two would leave that
connection inside a write transaction, holding SQLite's write lock for every
other connection until something commits on it again. Only that saver's writes
are shielded: the PostgreSQL saver takes a pooled connection per write, and a
cancel there rolls its transaction back, so a write waiting out an outage is
dropped with its run instead of landing after another attempt took over.
"""

from __future__ import annotations

import asyncio
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver

from .queue import current_lease

__all__ = ["fence_checkpointer"]


def _check() -> None:
    lease = current_lease.get()
    if lease is not None:
        lease.check()


def _one_connection(saver: BaseCheckpointSaver) -> bool:
    """Whether ``saver`` writes on one shared connection (the official SQLite saver)."""
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    return isinstance(saver, AsyncSqliteSaver)


def fence_checkpointer(saver: BaseCheckpointSaver) -> BaseCheckpointSaver:
    """Make ``saver``'s async writes check the current run's lease first.

    Only the two write methods are wrapped, on this instance; reads and the
    saver's other methods are the official saver's own.
    """
    put, put_writes = saver.aput, saver.aput_writes
    whole = _one_connection(saver)

    def finish(write: Any) -> Any:
        return asyncio.shield(write) if whole else write

    async def aput(config: Any, checkpoint: Any, metadata: Any, new_versions: Any) -> Any:
        _check()
        return await finish(put(config, checkpoint, metadata, new_versions))

    async def aput_writes(config: Any, writes: Any, task_id: str, task_path: str = "") -> None:
        _check()
        await finish(put_writes(config, writes, task_id, task_path))

    saver.aput = aput  # type: ignore[method-assign]
    saver.aput_writes = aput_writes  # type: ignore[method-assign]
    return saver

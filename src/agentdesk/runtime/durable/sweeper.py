"""The thread sweeper: deletes threads whose time to live has run out.

A thread with a ttl of its own (``ttl_minutes``) expires that long after its
last activity (a run starting or ending, a state or metadata update: what moves
``updated_at``); ``expires_at`` is only when the sweeper looks next, and moves
on if the thread was active since. A thread without one expires after
``checkpointer_ttl_minutes`` of inactivity when that setting is given. Busy
threads are never swept. Expiry deletes a thread (strategy ``delete``) or drops
all but its latest checkpoint (``keep_latest``, then looked at again a ttl
later). A thread to delete is first marked ``deleting`` (no run can claim it
then), then its checkpoints and its records go: a sweep killed half-way is
finished by the next one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from agentdesk.runtime.storage.persistence import DATABASE_ERRORS

if TYPE_CHECKING:
    from agentdesk.runtime.runs.desk import Desk

__all__ = ["sweep_once", "sweeping"]

log = logging.getLogger(__name__)


async def sweep_once(desk: Desk) -> int:
    """One pass: delete what has expired, move on the next look of what was active.
    Returns how many threads were deleted."""
    from agentdesk.runtime.runs.threadstate import delete_expired, keep_latest

    deleted, limit = 0, desk.settings.checkpointer_sweep_limit
    while deleted < limit:
        due = await desk.store.expiring_threads(desk.settings.checkpointer_ttl_minutes,
                                                limit=min(100, limit - deleted))
        progress = False
        for thread in due:
            if thread.status != "deleting" and thread.ttl_minutes is not None:
                until = thread.updated_at + timedelta(minutes=thread.ttl_minutes)
                if until > datetime.now(UTC):
                    await desk.store.extend_ttl(thread, until)
                    progress = True
                    continue
            own = thread.ttl_minutes is not None
            strategy = thread.ttl_strategy if own else desk.settings.checkpointer_ttl_strategy
            if strategy == "keep_latest" and thread.status != "deleting":
                await keep_latest(desk.persistence.checkpointer, thread.thread_id)
                await desk.store.pruned(thread, thread.ttl_minutes or
                                        desk.settings.checkpointer_ttl_minutes or 0)
                progress = True
            elif await delete_expired(desk, thread):
                deleted += 1
                progress = True
        if not due or not progress:
            break
    return deleted


@contextlib.asynccontextmanager
async def sweeping(desk: Desk) -> AsyncIterator[None]:
    """Sweep every ``checkpointer_sweep_minutes`` while the context is open."""

    async def loop() -> None:
        while True:
            try:
                await sweep_once(desk)
            except DATABASE_ERRORS as exc:  # the database is away: the next pass retries
                log.warning("thread sweep failed: %s", exc)
            except Exception:  # one bad thread must not stop sweeping for the process's life
                log.exception("thread sweep failed")
            await asyncio.sleep(desk.settings.checkpointer_sweep_minutes * 60)

    task = asyncio.create_task(loop(), name="agentdesk-thread-sweeper")
    try:
        yield
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

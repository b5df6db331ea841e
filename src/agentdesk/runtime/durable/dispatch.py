"""Runs handed to workers on any machine: procrastinate's job queue on PostgreSQL.

The runs table stays the record of every run (its attempt, lease and fence);
procrastinate carries the wake-ups: each pending run is deferred as one job
(``queueing_lock`` = the run id, so a run waits in the queue at most once),
delivered by LISTEN/NOTIFY to a worker that claims the run and executes it.
A job whose run another worker already claimed ends at once.

procrastinate's worker stops when its database goes away (a failed fetch, a
listener that cannot reconnect); :meth:`JobQueue.work` starts it again once the
database answers, and polls every second besides, so a job whose notification
was lost in an outage waits a second, not forever.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

__all__ = ["JobQueue"]

TASK = "agentdesk.execute_run"
QUEUE = "agentdesk-runs"
_SCHEMA_LOCK = 784513
POLL_SECONDS = 1.0
"""How often an idle worker looks for jobs besides LISTEN/NOTIFY (a notification
sent while its listener reconnects is lost)."""
POOL_WAIT_SECONDS = 5.0
"""How long a fetch or a defer waits for a connection before it fails (an outage)."""
RESTART_SECONDS = (0.5, 5.0)
"""A stopped worker starts again after the first delay, doubling up to the second."""

log = logging.getLogger(__name__)


class JobQueue:
    """A procrastinate app on the database of the runs."""

    def __init__(self, conninfo: str) -> None:
        import procrastinate

        self.app = procrastinate.App(connector=procrastinate.PsycopgConnector(
            conninfo=conninfo, min_size=1, max_size=4, timeout=POOL_WAIT_SECONDS))

    async def open(self, engine: AsyncEngine) -> None:
        await self.app.open_async()
        await self._ensure_schema(engine)

    async def close(self) -> None:
        await self.app.close_async()

    async def _ensure_schema(self, engine: AsyncEngine) -> None:
        """Apply procrastinate's schema once, whichever process comes first."""
        async with engine.begin() as conn:
            await conn.execute(sa.text(f"SELECT pg_advisory_xact_lock({_SCHEMA_LOCK})"))
            present = (await conn.execute(sa.text(
                "SELECT to_regclass('procrastinate_jobs') IS NOT NULL"))).scalar()
            if not present:  # applied on procrastinate's connection, under our lock
                await self.app.schema_manager.apply_schema_async()

    async def defer(self, run_id: str, at: datetime | None = None) -> None:
        """Queue a job for pending run ``run_id`` (once: a queued job is not doubled),
        delivered at ``at`` if given (a run that may not start before)."""
        from procrastinate.exceptions import AlreadyEnqueued

        with contextlib.suppress(AlreadyEnqueued):
            await self.app.configure_task(TASK, queue=QUEUE, queueing_lock=run_id,
                                          schedule_at=at).defer_async(run_id=run_id)

    async def work(self, execute: Callable[[str], Awaitable[Any]], concurrency: int) -> None:
        """Take jobs until cancelled; ``execute(run_id)`` claims and runs one run.

        The worker is started again whenever it stops (its database went away)."""
        @self.app.task(name=TASK, queue=QUEUE)
        async def execute_run(run_id: str) -> None:
            await execute(run_id)

        delay = RESTART_SECONDS[0]
        while True:
            began = time.monotonic()
            try:
                await self.app.run_worker_async(
                    queues=[QUEUE], concurrency=concurrency, install_signal_handlers=False,
                    wait=True, delete_jobs="successful", fetch_job_polling_interval=POLL_SECONDS)
                log.warning("job worker stopped; starting it again")
            except Exception as exc:  # cancelled stays cancelled: only errors restart it
                if _cancelling():  # a cancel the worker's own shutdown turned into an error
                    raise asyncio.CancelledError from exc  # (its database went away)
                log.warning("job worker stopped by a database error: %s", exc)
            if _cancelling():
                raise asyncio.CancelledError
            if time.monotonic() - began > 60:  # it had been working: a new outage
                delay = RESTART_SECONDS[0]
            await asyncio.sleep(delay)
            delay = min(delay * 2, RESTART_SECONDS[1])


def _cancelling() -> bool:
    """Whether this task has been asked to stop: procrastinate's worker, cancelled, unregisters
    itself from the database, and where that fails it raises the database's error instead of
    the cancel, which the restart loop must not take for an outage."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0

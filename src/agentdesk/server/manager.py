"""Runs in the background of the server: claim them, execute them, wait for and cancel them.

:class:`RunManager` is one process's supervisor of runs. It executes the runs
this process claims as tasks, claims queued ones when it is a worker, stops
them at a step boundary on shutdown (they go back to the queue), and answers
"has this run ended?" wherever the run executes. What a run streams is the
business of :mod:`.stream`, which stores and serves its events.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

from langgraph.runtime import RunControl
from langgraph.types import StateSnapshot

from agentdesk.errors import AgentdeskError
from agentdesk.runtime.durable.dispatch import JobQueue
from agentdesk.runtime.durable.hostlocks import take_back_dead
from agentdesk.runtime.durable.queue import ACTIVE, LeaseLostError, worker_name
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.prepare import PreparedRun, RunOutcome
from agentdesk.runtime.storage.persistence import DATABASE_ERRORS

from .fanout import Fanout, PollingFanout
from .stream import GRAPH_MODES, EventLog, RunStream, StreamEvent, sse_events

__all__ = ["RunManager"]

log = logging.getLogger(__name__)


@dataclass
class _LiveRun:
    """A run executing in this process."""

    stream: RunStream
    task: asyncio.Task[RunOutcome | None] | None = None
    control: RunControl | None = None
    """Asks the run to stop at its next step boundary (shutdown)."""
    outcome: RunOutcome | None = None
    started: bool = False
    """Whether its task has begun: a task cancelled before its first step never enters
    :meth:`RunManager._drive`, so nothing would record the cancel or end its stream."""

    @property
    def run(self) -> PreparedRun:
        return self.stream.run


class RunManager:
    """This process's runs: executes claimed ones as tasks, serves every run's events.

    With ``workers`` (the default) the process is also a worker: it executes the
    runs it opens at once, and a loop claims runs that wait in the queue (opened
    by API-only processes, put back by a drain, or recovered from a dead worker
    by :meth:`~agentdesk.runtime.durable.queue.RunQueue.sweep`, which it runs at start
    and every ``sweep_seconds``; the runs of a worker of this host that died are taken
    back at its next pass, see :mod:`~agentdesk.runtime.durable.hostlocks`).

    It is the :class:`~agentdesk.runtime.runs.ports.RunLauncher` the email channel uses.
    """

    def __init__(self, desk: Desk, fanout: Fanout | None = None, *, workers: bool = True,
                 poll_seconds: float = 1.0, drain_seconds: float = 20.0) -> None:
        self.desk = desk
        self.fanout = fanout or PollingFanout()
        self.event_log = EventLog(desk, self.fanout)
        self.workers = workers
        self.poll_seconds = poll_seconds
        self.drain_seconds = drain_seconds
        self.live: dict[str, _LiveRun] = {}
        self._wake = asyncio.Event()
        self._loop_task: asyncio.Task[None] | None = None
        self.jobs: JobQueue | None = None
        """PostgreSQL: procrastinate carries pending runs to the workers of any process."""
        self._job_worker: asyncio.Task[None] | None = None
        self._closing = False
        self._deferring: set[asyncio.Task[None]] = set()
        desk.queue.listeners.append(self._pending)

    def _pending(self, run_id: str, at: datetime | None = None) -> None:
        """A run became pending: wake this process's loop, or queue a job for any worker
        (``at``: scheduled for then, an ``after_seconds`` run)."""
        self._wake.set()
        if self.jobs is not None:
            task = asyncio.get_running_loop().create_task(self.jobs.defer(run_id, at))
            self._deferring.add(task)
            task.add_done_callback(self._deferring.discard)

    async def start(self) -> None:
        """Open the job queue (PostgreSQL) and start the worker loop (unless API-only)."""
        if self.desk.persistence.url.dialect == "postgresql":
            self.jobs = JobQueue(self.desk.persistence.url.target)
            await self.jobs.open(self.desk.persistence.engine)
        if self.workers and self._loop_task is None:
            self._loop_task = asyncio.create_task(self._work_loop(), name="agentdesk-worker")
            if self.jobs is not None:
                self._job_worker = asyncio.create_task(
                    self.jobs.work(self._execute_job, self.desk.settings.worker_concurrency),
                    name="agentdesk-jobs")

    async def _execute_job(self, run_id: str) -> None:
        """A procrastinate job: claim the run and execute it; the job lasts as long as the run."""
        live = await self.run_queued(run_id)
        if live is not None and live.task is not None:
            # Shielded: stopping the job worker must not cut the run (shutdown drains it).
            await asyncio.gather(asyncio.shield(live.task), return_exceptions=True)

    # -- executing ------------------------------------------------------------------

    async def launch(self, run: PreparedRun, *, waited: bool = False) -> None:
        """Execute a run this process claimed (a pending one was announced to the workers).

        ``waited``: the caller waits for the result, so its events are stored in one batch.
        """
        if run.lease is not None:
            self._spawn(run, batched=waited)

    def when_ended(self, run_id: str, callback: Callable[[], object]) -> None:
        """Call ``callback`` once run ``run_id`` stops executing here; nothing if it is not."""
        live = self.live.get(run_id)
        if live is not None and live.task is not None:
            live.task.add_done_callback(lambda _: callback())

    def _spawn(self, run: PreparedRun, batched: bool = False) -> _LiveRun:
        live = _LiveRun(RunStream(run, batched=batched))
        self.live[run.run_id] = live
        live.task = asyncio.create_task(self._drive(run), name=f"run-{run.run_id}")
        return live

    async def _drive(self, run: PreparedRun) -> RunOutcome | None:
        run_id = run.run_id
        live = self.live[run_id]
        live.started = True
        stream, events = live.stream, self.event_log
        requested = list(run.stream_modes or ())
        lease = run.lease
        assert lease is not None

        async def on_chunk(mode: str, chunk: Any) -> None:
            for event, data in sse_events(mode, chunk, requested):
                await events.publish(stream, event, data)

        graph_modes = sorted({GRAPH_MODES[m] for m in requested if m in GRAPH_MODES})
        live.control = RunControl()
        run.end_writes = partial(events.end_rows, stream)
        try:
            if lease.cancel_requested:  # cancelled before it began (see RunManager.cancel)
                raise asyncio.CancelledError
            await events.publish(stream, "metadata", {"run_id": run_id,
                                                      "attempt": lease.attempt})
            try:
                outcome = await self.desk.execute(run, on_chunk=on_chunk,
                                                  stream_modes=graph_modes, control=live.control)
            finally:
                ended = stream.take_ended()
            live.outcome = outcome
            await events.finish(stream, outcome, ended)
            return outcome
        except LeaseLostError:
            log.warning("run %s attempt %s lost its lease; stopped", run_id, lease.attempt)
            return None
        except asyncio.CancelledError:
            if lease.cancel_requested and lease.valid():
                await asyncio.shield(self._cancelled(stream))
            raise
        except DATABASE_ERRORS as exc:  # requeued by execute, or by the sweeper once back
            log.warning("run %s stopped by a database error: %s", run_id, exc)
            return None
        finally:
            stream.close()
            # Finished runs are served from the database; keep only running ones in memory.
            self.live.pop(run_id, None)

    async def _cancelled(self, stream: RunStream) -> None:
        """Record a run cancelled here as ended, then its last events. The executor has
        recorded it if the cancel reached the graph; one cancelled before (as its task
        began, or while its first event was stored) is recorded here."""
        lease = stream.run.lease
        assert lease is not None
        if not lease.ended:
            with contextlib.suppress(LeaseLostError):  # taken over meanwhile: not ours
                await self.desk.queue.finish(lease, "cancelled", "run cancelled", "failed")
        await self.event_log.cancelled(stream)

    async def _work_loop(self) -> None:
        """Claim and execute queued runs; re-queue runs whose worker's lease lapsed."""
        queue = self.desk.queue
        sweep_every = max(queue.lease_seconds / 3, self.poll_seconds)
        last_sweep = 0.0
        while True:
            self._wake.clear()
            try:
                # A worker of this host that died is known at once (its lock is free):
                # its runs come back now, not when their lease lapses.
                await take_back_dead(queue, self.desk.worker_locks, worker_name())
                if time.monotonic() - last_sweep >= sweep_every:
                    await queue.sweep()
                    await self.delete_temporary(queue.lease_seconds)
                    last_sweep = time.monotonic()
                    if self.jobs is not None:  # a job lost between its run and its defer
                        for run_id in await queue.pending(100, older_than=queue.lease_seconds):
                            await self.jobs.defer(run_id)
                room = self.desk.settings.worker_concurrency - len(self.live)
                if self.jobs is None and room > 0:  # PostgreSQL: procrastinate delivers
                    for run_id in await queue.pending(room):
                        if run_id not in self.live:
                            await self.run_queued(run_id)
            except DATABASE_ERRORS as exc:
                log.warning("worker loop: database unavailable: %s", exc)
            except Exception:  # the loop must outlive any one run's trouble
                log.exception("worker loop")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll_seconds)

    async def run_queued(self, run_id: str) -> _LiveRun | None:
        """Claim pending run ``run_id`` and execute it here; None if another worker has it."""
        if self._closing:  # it stays pending for another worker, or for after the restart
            return None
        lease = await self.desk.queue.claim(run_id)
        if lease is None:
            return None
        try:
            run = await self.desk.load(await self.desk.store.get_run(run_id))
        except AgentdeskError as exc:  # e.g. an agent or model no longer configured
            await self.desk.queue.finish(lease, "failed", exc.message, "failed")
            return None
        run.lease = lease
        return self._spawn(run)

    # -- following -------------------------------------------------------------------

    async def wait(self, run_id: str) -> tuple[RunOutcome, StateSnapshot] | None:
        """Until run ``run_id`` has ended (here, in another process, or in a later attempt).

        Returns its outcome and the thread's final state if it ended here (nothing to
        read back); None if it ended elsewhere.
        """
        live = self.live.get(run_id)
        if live is not None:
            await live.stream.done.wait()
            state = live.run.final_state
            if state is not None and live.outcome is not None and (
                    live.outcome.status != "queued"):
                return live.outcome, state
        async with self.fanout.follow(run_id) as waiter:
            while (await self.desk.store.get_run(run_id)).status in ACTIVE:
                await waiter.wait()
        return None

    def events(self, run_id: str, after: int = 0) -> AsyncIterator[StreamEvent]:
        """Events of ``run_id`` with ``seq > after``: stored ones, live ones, then followed ones."""
        live = self.live.get(run_id)
        return self.event_log.events(run_id, after, live.stream if live is not None else None)

    async def cancel(self, run_id: str) -> None:
        """Cancel run ``run_id`` wherever it runs (its worker sees the flag at its next beat)."""
        live = self.live.get(run_id)
        lease = live.run.lease if live is not None else None
        if live is not None and live.task is not None and lease is not None:
            lease.cancel_requested = True
            if live.started:  # else it sees the flag as it begins, and ends cancelled
                live.task.cancel()
            await asyncio.gather(live.task, return_exceptions=True)
            return
        await self.desk.queue.request_cancel(run_id)

    def cancel_soon(self, run_id: str) -> None:
        """Cancel run ``run_id`` from a place that cannot wait (a stream being torn down)."""
        task = asyncio.get_running_loop().create_task(self.cancel(run_id))
        self._deferring.add(task)
        task.add_done_callback(self._deferring.discard)

    async def delete_temporary(self, grace_seconds: float) -> None:
        """Delete the threads of ended stateless runs asked to go (``on_completion``).

        The routes delete theirs once they have answered; this catches the rest
        (background runs, a process that died first), ``grace_seconds`` after the end so
        a caller still reading the run's result is not cut off."""
        for thread_id in await self.desk.store.ended_temporary_threads(grace_seconds):
            try:
                await self.desk.delete_thread(thread_id)
            except AgentdeskError as exc:  # busy again, or gone: the next sweep looks again
                log.info("temporary thread %s not deleted: %s", thread_id, exc)

    async def shutdown(self) -> None:
        """Drain: runs stop at their next step boundary and go back to the queue."""
        self._closing = True
        if self._loop_task is not None:
            self._loop_task.cancel()
            await asyncio.gather(self._loop_task, return_exceptions=True)
        lives = [live for live in self.live.values()
                 if live.task and not live.stream.done.is_set()]
        for live in lives:
            if live.control is not None:
                live.control.request_drain("shutdown")
        tasks = [live.task for live in lives if live.task is not None]
        if tasks:
            _, late = await asyncio.wait(tasks, timeout=self.drain_seconds)
            for task in late:  # a step that would not end in time: cut, and re-queued
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        if self._job_worker is not None:  # its jobs ended with their runs
            self._job_worker.cancel()
            await asyncio.gather(self._job_worker, return_exceptions=True)
        await asyncio.gather(*self._deferring, return_exceptions=True)
        if self.jobs is not None:
            await self.jobs.close()
        await self.fanout.close()

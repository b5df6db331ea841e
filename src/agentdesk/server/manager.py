"""Runs in the background of the server: stream events, persist them, replay them.

Every event a run streams is written to ``agentdesk_run_events`` with an
increasing ``seq`` (its SSE id) before it is handed to live listeners, so a
client that reconnects with ``Last-Event-ID`` gets exactly what it missed, from
this process or another. A client that goes away does not stop the run.

A run whose caller waits for its result (``runs/wait``) stores its events in
one batch when it ends, or at once from the moment a follower arrives in this
process; every other run stores each event as it comes, so even the events of
an attempt that died are there to replay. An event is numbered only when it is
stored, so one lost in a crash before anyone saw it leaves no gap and no id that
a later attempt gives to another event.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import sqlalchemy as sa
from langgraph.runtime import RunControl
from langgraph.types import StateSnapshot

from agentdesk.errors import AgentdeskError
from agentdesk.runtime.durable import guarded
from agentdesk.runtime.durable.dispatch import JobQueue
from agentdesk.runtime.durable.queue import ACTIVE, Lease, LeaseLostError
from agentdesk.runtime.runs.desk import Desk, PreparedRun, RunOutcome
from agentdesk.runtime.storage.persistence import DATABASE_ERRORS, now, run_events

from .fanout import Fanout, PollingFanout
from .serialize import dumps

__all__ = ["GRAPH_MODES", "PEOPLE_MODES", "RunManager", "StreamEvent"]

log = logging.getLogger(__name__)

# API stream mode -> LangGraph stream mode it needs ("events": the astream_events feed).
GRAPH_MODES = {"values": "values", "updates": "updates", "messages": "messages",
               "messages-tuple": "messages", "custom": "custom", "events": "events",
               "debug": "debug"}


# What runs started for people (decisions, /ask) stream, for the web app's activity log.
PEOPLE_MODES = ("values", "updates", "custom", "messages-tuple")


@dataclass
class StreamEvent:
    seq: int
    event: str
    data: str  # JSON text


@dataclass
class _LiveRun:
    task: asyncio.Task[RunOutcome | None] | None = None
    run: PreparedRun | None = None
    control: RunControl | None = None
    listeners: set[asyncio.Queue[StreamEvent | None]] = field(default_factory=set)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    outcome: RunOutcome | None = None
    batched: bool = False
    """Its caller waits for the result: events are stored when it ends, or once followed."""
    unsent: list[tuple[str, str]] = field(default_factory=list)
    """Events not stored yet: (event, JSON data), in order."""
    flushing: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Held while events are numbered and stored, so they are stored in order."""
    ended: list[StreamEvent] | None = None
    """The last events, written in the transaction that ended the run (held lock)."""

    def run_lease(self) -> Lease | None:
        return self.run.lease if self.run is not None else None


def _message_events(chunk: Any, tuple_mode: bool) -> list[tuple[str, Any]]:
    message, meta = chunk
    if tuple_mode:
        return [("messages", [message, meta])]
    return [("messages/metadata", {getattr(message, "id", None) or "": {"metadata": meta}}),
            ("messages/partial", [message])]


def sse_events(mode: str, chunk: Any, requested: Sequence[str]) -> list[tuple[str, Any]]:
    """The SDK-framed events for one LangGraph chunk, for the API modes asked for."""
    out: list[tuple[str, Any]] = []
    for api_mode in requested:
        if GRAPH_MODES.get(api_mode) != mode:
            continue
        if api_mode in ("messages", "messages-tuple"):
            out += _message_events(chunk, api_mode == "messages-tuple")
        else:
            out.append((api_mode, chunk))
    return out


class RunManager:
    """This process's runs: executes claimed ones as tasks, serves every run's events.

    With ``workers`` (the default) the process is also a worker: it executes the
    runs it opens at once, and a loop claims runs that wait in the queue (opened
    by API-only processes, put back by a drain, or recovered from a dead worker
    by :meth:`~agentdesk.runtime.durable.queue.RunQueue.sweep`, which it runs at start
    and every ``sweep_seconds``).
    """

    def __init__(self, desk: Desk, fanout: Fanout | None = None, *, workers: bool = True,
                 poll_seconds: float = 1.0, drain_seconds: float = 20.0) -> None:
        self.desk = desk
        self.fanout = fanout or PollingFanout()
        self.engine = desk.persistence.engine
        self.workers = workers
        self.poll_seconds = poll_seconds
        self.drain_seconds = drain_seconds
        self.live: dict[str, _LiveRun] = {}
        self._thread_locks: dict[str, asyncio.Lock] = {}
        self._wake = asyncio.Event()
        self._loop_task: asyncio.Task[None] | None = None
        self.jobs: JobQueue | None = None
        """PostgreSQL: procrastinate carries pending runs to the workers of any process."""
        self._job_worker: asyncio.Task[None] | None = None
        self._closing = False
        self._deferring: set[asyncio.Task[None]] = set()
        desk.queue.listeners.append(self._pending)

    def _pending(self, run_id: str) -> None:
        """A run became pending: wake this process's loop, or queue a job for any worker."""
        self._wake.set()
        if self.jobs is not None:
            task = asyncio.get_running_loop().create_task(self.jobs.defer(run_id))
            self._deferring.add(task)
            task.add_done_callback(self._deferring.discard)

    async def start(self) -> None:
        """Open the job queue (PostgreSQL) and start the worker loop (unless API-only)."""
        if self.desk.persistence.url.dialect == "postgresql":
            self.jobs = JobQueue(self.desk.persistence.url.target)
            await self.jobs.open(self.engine)
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

    async def _publish(self, run: PreparedRun, event: str, data: Any, *,
                       flush: bool = False) -> None:
        """Queue one event of ``run``; stored at once if someone follows it here, or ``flush``."""
        live = self.live.get(run.run_id)
        text = data if isinstance(data, str) else dumps(data)
        if live is None:  # not driven by this manager (a cancel of a run it no longer holds)
            live = _LiveRun(run=run)
            flush = True
        live.unsent.append((event, text))
        if flush or live.listeners or not live.batched:
            await self._flush(run, live)

    async def _flush(self, run: PreparedRun, live: _LiveRun) -> None:
        """Number and store the run's unsent events in one transaction, fenced by its
        attempt; then hand them to listeners."""
        lease = run.lease
        assert lease is not None
        async with live.flushing:
            if not live.unsent:
                return
            batch, live.unsent = live.unsent, []
            items, rows = self._numbered(run, batch)
            await self.desk.queue.write_fenced(lease, guarded.Rows(run_events, rows))
            await self._hand(run, live, items)

    @staticmethod
    def _numbered(run: PreparedRun, batch: list[tuple[str, str]],
                  ) -> tuple[list[StreamEvent], list[dict[str, Any]]]:
        """``batch`` numbered after the run's last stored event, and as rows to insert."""
        assert run.lease is not None
        stamp = now()
        items = [StreamEvent(run.lease.next_seq + i, event, text)
                 for i, (event, text) in enumerate(batch)]
        return items, [{"run_id": run.run_id, "seq": item.seq, "event": item.event,
                        "data": item.data, "created_at": stamp} for item in items]

    async def _hand(self, run: PreparedRun, live: _LiveRun, items: list[StreamEvent]) -> None:
        """After ``items`` are committed: count them, give them to listeners, wake followers."""
        assert run.lease is not None
        if not items:
            return
        run.lease.next_seq += len(items)
        for queue in list(live.listeners):
            for item in items:
                queue.put_nowait(item)
        await self.fanout.notify(run.run_id, items[-1].seq)

    async def _end_events(self, run: PreparedRun, live: _LiveRun, outcome: RunOutcome,
                          ) -> list[dict[str, Any]]:
        """The rows of the run's unsent and last events, for the transaction that ends it.

        Only if no batch is being stored (they must be stored in order): the lock is
        taken without waiting and held until :meth:`_drive` hands them on (or, if the
        end is not recorded, lets it go).
        """
        if live.flushing.locked() or outcome.status == "queued":
            return []
        await live.flushing.acquire()  # free: returns at once
        live.ended, rows = self._numbered(run, live.unsent + _last_events(run, outcome))
        live.unsent = []
        return rows

    async def launch(self, run: PreparedRun, *, waited: bool = False) -> None:
        """Execute a run this process claimed (a pending one was announced to the workers).

        ``waited``: the caller waits for the result, so its events are stored in one batch.
        """
        if run.lease is not None:
            self._spawn(run, batched=waited)

    def _spawn(self, run: PreparedRun, batched: bool = False) -> _LiveRun:
        live = _LiveRun(run=run, batched=batched)
        self.live[run.run_id] = live
        live.task = asyncio.create_task(self._drive(run), name=f"run-{run.run_id}")
        return live

    async def _drive(self, run: PreparedRun) -> RunOutcome | None:
        run_id = run.run_id
        live = self.live[run_id]
        requested = list(run.stream_modes or ())
        lease = run.lease
        assert lease is not None

        async def on_chunk(mode: str, chunk: Any) -> None:
            for event, data in sse_events(mode, chunk, requested):
                await self._publish(run, event, data)

        graph_modes = sorted({GRAPH_MODES[m] for m in requested if m in GRAPH_MODES})
        live.control = RunControl()
        run.end_writes = partial(self._end_events, run, live)
        try:
            await self._publish(run, "metadata", {"run_id": run_id, "attempt": lease.attempt})
            try:
                outcome = await self.desk.execute(run, on_chunk=on_chunk,
                                                  stream_modes=graph_modes, control=live.control)
            finally:
                ended, live.ended = live.ended, None
                if ended is not None:
                    live.flushing.release()
            live.outcome = outcome
            if outcome.status == "queued":
                await self._flush(run, live)
                return outcome  # another attempt goes on with the stream
            if ended is not None:  # stored with the run's end
                await self._hand(run, live, ended)
                return outcome
            for event, text in _last_events(run, outcome):
                await self._publish(run, event, text)
            await self._flush(run, live)
            return outcome
        except LeaseLostError:
            log.warning("run %s attempt %s lost its lease; stopped", run_id, lease.attempt)
            return None
        except asyncio.CancelledError:
            if lease.cancel_requested and lease.valid():
                await asyncio.shield(self._cancelled(run))
            raise
        except DATABASE_ERRORS as exc:  # requeued by execute, or by the sweeper once back
            log.warning("run %s stopped by a database error: %s", run_id, exc)
            return None
        finally:
            live.done.set()
            for queue in list(live.listeners):
                queue.put_nowait(None)
            # Finished runs are served from the database; keep only running ones in memory.
            self.live.pop(run_id, None)

    async def _cancelled(self, run: PreparedRun) -> None:
        with contextlib.suppress(LeaseLostError):
            await self._publish(run, "error", {"error": "Cancelled", "message": "run cancelled"})
            await self._publish(run, "end", {"run_id": run.run_id, "status": "interrupted"},
                                flush=True)

    async def _work_loop(self) -> None:
        """Claim and execute queued runs; re-queue runs whose worker's lease lapsed."""
        queue = self.desk.queue
        sweep_every = max(queue.lease_seconds / 3, self.poll_seconds)
        last_sweep = 0.0
        while True:
            self._wake.clear()
            try:
                if time.monotonic() - last_sweep >= sweep_every:
                    await queue.sweep()
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
            await live.done.wait()
            state = live.run.final_state if live.run is not None else None
            if state is not None and live.outcome is not None and (
                    live.outcome.status != "queued"):
                return live.outcome, state
        async with self.fanout.follow(run_id) as waiter:
            while (await self.desk.store.get_run(run_id)).status in ACTIVE:
                await waiter.wait()
        return None

    async def cancel(self, run_id: str) -> None:
        """Cancel run ``run_id`` wherever it runs (its worker sees the flag at its next beat)."""
        live = self.live.get(run_id)
        lease = live.run_lease() if live is not None else None
        if live is not None and live.task is not None and lease is not None:
            lease.cancel_requested = True
            live.task.cancel()
            await asyncio.gather(live.task, return_exceptions=True)
            return
        await self.desk.queue.request_cancel(run_id)

    async def _stored(self, run_id: str, after: int) -> list[StreamEvent]:
        query = (sa.select(run_events.c.seq, run_events.c.event, run_events.c.data)
                 .where(run_events.c.run_id == run_id, run_events.c.seq > after)
                 .order_by(run_events.c.seq))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [StreamEvent(r.seq, r.event, r.data) for r in rows]

    async def events(self, run_id: str, after: int = 0) -> AsyncIterator[StreamEvent]:
        """Events of ``run_id`` with ``seq > after``: stored ones, live ones, then followed ones."""
        live = self.live.get(run_id)
        queue: asyncio.Queue[StreamEvent | None] = asyncio.Queue()
        if live is not None:
            live.listeners.add(queue)
            if live.run is not None and live.unsent and not live.done.is_set():
                with contextlib.suppress(LeaseLostError):  # the run's own task reports it
                    await self._flush(live.run, live)
        try:
            for item in await self._stored(run_id, after):
                after = item.seq
                yield item
            if live is not None:
                while not (live.done.is_set() and queue.empty()):
                    got = await queue.get()
                    if got is None:
                        break
                    if got.seq > after:
                        after = got.seq
                        yield got
            async with self.fanout.follow(run_id) as waiter:
                while True:  # another process's run, or a later attempt: follow what it stores
                    running = (await self.desk.store.get_run(run_id)).status in ACTIVE
                    for item in await self._stored(run_id, after):
                        after = item.seq
                        yield item
                    if not running:
                        return
                    await waiter.wait()
        finally:
            if live is not None:
                live.listeners.discard(queue)

    def thread_lock(self, thread_id: str) -> asyncio.Lock:
        """Serialises queued (``enqueue``) runs of one thread in this process."""
        return self._thread_locks.setdefault(thread_id, asyncio.Lock())

    async def shutdown(self) -> None:
        """Drain: runs stop at their next step boundary and go back to the queue."""
        self._closing = True
        if self._loop_task is not None:
            self._loop_task.cancel()
            await asyncio.gather(self._loop_task, return_exceptions=True)
        lives = [live for live in self.live.values() if live.task and not live.done.is_set()]
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


def _last_events(run: PreparedRun, outcome: RunOutcome) -> list[tuple[str, str]]:
    """A run's ``error`` (if it failed) and ``end`` events, as (event, JSON data)."""
    out = []
    if outcome.status == "failed" and outcome.error:
        out.append(("error", dumps({"error": outcome.error.get("type"),
                                    "message": outcome.error.get("message")})))
    out.append(("end", dumps({"run_id": run.run_id,
                              "status": api_run_status(outcome.status)})))
    return out


def api_run_status(status: str) -> str:
    """Our run status as the LangGraph API names it (a run that paused succeeded)."""
    return {"pending": "pending", "running": "running", "interrupted": "success",
            "completed": "success", "failed": "error", "error": "error",
            "cancelled": "interrupted", "queued": "pending"}.get(status, status)


def api_thread_status(status: str) -> str:
    """Our thread status as the LangGraph API names it."""
    return {"busy": "busy", "interrupted": "interrupted", "failed": "error"}.get(status, "idle")


def parse_last_event_id(value: str | None) -> int:
    try:
        return max(0, int(value)) if value else 0
    except ValueError:
        return 0


def event_json(item: StreamEvent) -> Any:
    return json.loads(item.data)

"""Runs in the background of the server: stream events, persist them, replay them.

Every event a run streams is written to ``agentdesk_run_events`` with an
increasing ``seq`` (its SSE id) before it is handed to live listeners, so a
client that reconnects with ``Last-Event-ID`` gets exactly what it missed, from
this process or another. A client that goes away does not stop the run.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from langgraph.runtime import RunControl

from agentdesk.errors import AgentdeskError
from agentdesk.runtime.dispatch import JobQueue
from agentdesk.runtime.persistence import DATABASE_ERRORS, now, run_events
from agentdesk.runtime.queue import ACTIVE, Lease, LeaseLostError
from agentdesk.runtime.runs import Desk, PreparedRun, RunOutcome

from .fanout import Fanout, PollingFanout
from .serialize import dumps

__all__ = ["GRAPH_MODES", "PEOPLE_MODES", "RunManager", "StreamEvent"]

log = logging.getLogger(__name__)

# API stream mode -> LangGraph stream mode it needs.
GRAPH_MODES = {"values": "values", "updates": "updates", "messages": "messages",
               "messages-tuple": "messages", "custom": "custom", "events": "tasks",
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
        elif api_mode == "events":
            kind = "on_chain_start" if "input" in chunk else "on_chain_end"
            payload = {"input": chunk["input"]} if "input" in chunk else {
                "output": chunk.get("result"), "error": chunk.get("error")}
            out.append(("events", {"event": kind, "name": chunk["name"], "run_id": chunk["id"],
                                   "data": payload, "metadata": {"langgraph_node": chunk["name"]},
                                   "tags": []}))
        else:
            out.append((api_mode, chunk))
    return out


class RunManager:
    """This process's runs: executes claimed ones as tasks, serves every run's events.

    With ``workers`` (the default) the process is also a worker: it executes the
    runs it opens at once, and a loop claims runs that wait in the queue (opened
    by API-only processes, put back by a drain, or recovered from a dead worker
    by :meth:`~agentdesk.runtime.queue.RunQueue.sweep`, which it runs at start
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
            await asyncio.gather(live.task, return_exceptions=True)

    # -- executing ------------------------------------------------------------------

    async def _publish(self, run: PreparedRun, event: str, data: Any) -> None:
        """Store one event of ``run`` (fenced by its attempt), then hand it to listeners."""
        lease = run.lease
        assert lease is not None
        live = self.live.get(run.run_id)
        item = StreamEvent(lease.next_seq, event, data if isinstance(data, str) else dumps(data))
        row = sa.select(sa.literal(run.run_id), sa.literal(item.seq), sa.literal(item.event),
                        sa.literal(item.data), sa.literal(now(), sa.DateTime(timezone=True)))
        async with self.engine.begin() as conn:
            stored = (await conn.execute(run_events.insert().from_select(
                ["run_id", "seq", "event", "data", "created_at"],
                row.where(sa.exists().where(self.desk.queue.fence(lease))),
            ).returning(run_events.c.seq))).first()  # (psycopg's rowcount here is -1)
        if stored is None:
            lease.lost = True
            raise LeaseLostError(f"run {run.run_id} attempt {lease.attempt} was taken over",
                                 run_id=run.run_id)
        lease.next_seq += 1
        if live is not None:
            for queue in list(live.listeners):
                queue.put_nowait(item)
        await self.fanout.notify(run.run_id, item.seq)

    async def launch(self, run: PreparedRun) -> None:
        """Execute a run this process claimed (a pending one was announced to the workers)."""
        if run.lease is not None:
            self._spawn(run)

    def _spawn(self, run: PreparedRun) -> _LiveRun:
        live = _LiveRun(run=run)
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
        try:
            await self._publish(run, "metadata", {"run_id": run_id, "attempt": lease.attempt})
            outcome = await self.desk.execute(run, on_chunk=on_chunk, stream_modes=graph_modes,
                                              control=live.control)
            live.outcome = outcome
            if outcome.status == "queued":
                return outcome  # another attempt goes on with the stream
            if outcome.status == "failed" and outcome.error:
                await self._publish(run, "error", {"error": outcome.error.get("type"),
                                                   "message": outcome.error.get("message")})
            await self._publish(run, "end", {"run_id": run_id, "status": api_run_status(
                outcome.status)})
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
            await self._publish(run, "end", {"run_id": run.run_id, "status": "interrupted"})

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

    async def wait(self, run_id: str) -> None:
        """Until run ``run_id`` has ended (here, in another process, or in a later attempt)."""
        live = self.live.get(run_id)
        if live is not None:
            await live.done.wait()
        async with self.fanout.follow(run_id) as waiter:
            while (await self.desk.store.get_run(run_id)).status in ACTIVE:
                await waiter.wait()

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
        for worker in (self._loop_task, self._job_worker):
            if worker is not None:
                worker.cancel()
                await asyncio.gather(worker, return_exceptions=True)
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
        await asyncio.gather(*self._deferring, return_exceptions=True)
        if self.jobs is not None:
            await self.jobs.close()
        await self.fanout.close()


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

"""The durable run queue: leases, attempts, fencing, heartbeats and recovery.

Every run is a row of ``agentdesk_runs`` before it executes. A worker claims a
run with a lease; each claim is an *attempt* (``attempt = attempt + 1``), and
every write the run makes afterwards (status, events, its end) names that
attempt, so a worker that lost its lease can change nothing. A heartbeat thread
renews the leases of this process from a connection of its own, so a graph that
keeps the event loop busy cannot starve it; when a renewal fails past the
lease's local deadline, or finds the run claimed by another attempt, the worker
is told to stop. :meth:`RunQueue.sweep` puts runs whose lease lapsed back to
``pending`` (spending one retry) or, past the budget, ends them ``error`` and
releases their thread.

Ownership never depends on host names or PIDs: only on the attempt and the lease.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from agentdesk.errors import AgentdeskError
from agentdesk.runtime.meters import meters
from agentdesk.runtime.storage.persistence import audit_log, now, run_events, runs, threads
from agentdesk.runtime.storage.sqliteconn import BUSY_SECONDS

from . import guarded

__all__ = ["ACTIVE", "Heartbeat", "Lease", "LeaseLostError", "RunQueue", "current_lease",
           "worker_name"]

log = logging.getLogger(__name__)

ACTIVE = ("pending", "running")
"""Run statuses that still hold their thread."""

_WORKER = f"worker-{uuid.uuid4().hex[:12]}"


def worker_name() -> str:
    """This process's name in the runs table: random per process, never a host or PID."""
    return _WORKER


class _ThreadTaken(Exception):
    """Rolls a claim back: another run took the thread between the two updates."""


class LeaseLostError(AgentdeskError):
    """This worker no longer holds the run: another attempt owns it, or the lease lapsed."""


@dataclass(eq=False)
class Lease:
    """One attempt's claim on a run, as this process knows it."""

    run_id: str
    thread_id: str
    attempt: int
    seconds: float
    deadline: float
    """``time.monotonic()`` past which this process must assume the lease is gone.

    It is set from the moment *before* each renewal was sent, so it always ends
    before the lease recorded in the database does."""
    lost: bool = False
    cancel_requested: bool = False
    on_lost: Callable[[], None] | None = None
    on_cancel: Callable[[], None] | None = None
    loop: asyncio.AbstractEventLoop | None = None
    next_seq: int = 1
    """The next event sequence number this attempt publishes."""
    active: bool = False
    """Held by the heartbeat: from :meth:`RunQueue.hold` until the run is ended or given up."""
    ended: bool = False
    """This attempt recorded its run's end (:meth:`RunQueue.finish`)."""

    def valid(self) -> bool:
        return not self.lost and time.monotonic() < self.deadline

    def check(self) -> None:
        """Raise :class:`LeaseLostError` unless this attempt still holds the run."""
        if not self.valid():
            self.lost = True
            raise LeaseLostError(f"run {self.run_id} attempt {self.attempt} lost its lease",
                                 run_id=self.run_id)

    def _signal(self, callback: Callable[[], None] | None) -> None:
        if callback is None or self.loop is None or self.loop.is_closed():
            return

        def deliver() -> None:
            if self.active:  # a run that already ended (or moved on) is left alone
                callback()
        self.loop.call_soon_threadsafe(deliver)


current_lease: ContextVar[Lease | None] = ContextVar("agentdesk_lease", default=None)
"""The lease of the run this task executes; the checkpointer and the effect ledger check it."""


_RENEW = (runs.update()
          .where(sa.tuple_(runs.c.run_id, runs.c.attempt).in_(sa.bindparam("held", expanding=True)),
                 runs.c.status == "running")
          .values(lease_expires_at=sa.bindparam("expires"))
          .returning(runs.c.run_id, runs.c.attempt, runs.c.cancel_requested))
"""Every lease of this process renewed in one statement (built once): a lease whose run
is not returned is lost (another attempt has it, or the run ended)."""
_RENEW_CHUNK = 400
"""Leases per statement (two bound values each, well inside SQLite's limit)."""


class Heartbeat:
    """Renews this process's leases from its own thread and database connection."""

    def __init__(self, sync_url: str, seconds: float, interval: float) -> None:
        self.sync_url = sync_url
        self.seconds = seconds
        self.interval = interval
        self._leases: set[Lease] = set()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._engine: sa.Engine | None = None

    def add(self, lease: Lease) -> None:
        with self._lock:
            self._leases.add(lease)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="agentdesk-heartbeat",
                                                daemon=True)
                self._thread.start()

    def discard(self, lease: Lease) -> None:
        with self._lock:
            self._leases.discard(lease)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self._engine is not None:
            self._engine.dispose()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            with self._lock:
                leases = list(self._leases)
            if leases:
                self.beat(leases)

    def beat(self, leases: list[Lease]) -> None:
        """Renew ``leases`` once; flag the lost and the cancelled."""
        sent = time.monotonic()
        try:
            if self._engine is None:
                self._engine = sa.create_engine(self.sync_url, pool_pre_ping=True,
                                                connect_args=_sync_connect_args(self.sync_url))
            expires = now() + timedelta(seconds=self.seconds)
            held = {(lease.run_id, lease.attempt): lease for lease in leases}
            keys = list(held)
            found: dict[Lease, Any] = dict.fromkeys(leases)
            with self._engine.begin() as conn:
                for start in range(0, len(keys), _RENEW_CHUNK):
                    for row in conn.execute(_RENEW, {"held": keys[start:start + _RENEW_CHUNK],
                                                     "expires": expires}):
                        found[held[(row.run_id, row.attempt)]] = row
        except Exception as exc:  # the database is away: leases run down on their own
            log.warning("heartbeat could not renew leases: %s", exc)
            for lease in leases:
                if not lease.valid() and not lease.lost:
                    lease.lost = True
                    lease._signal(lease.on_lost)
            return
        for lease, row in found.items():
            if row is None:
                lease.lost = True
                lease._signal(lease.on_lost)
                continue
            lease.deadline = sent + self.seconds
            if row.cancel_requested and not lease.cancel_requested:
                lease.cancel_requested = True
                lease._signal(lease.on_cancel)


USAGE = ("tokens_in", "tokens_out", "model_calls", "model_seconds", "tool_calls",
         "tool_seconds", "wall_seconds")
"""The run's usage columns; an attempt's writes add to them (``runtime/runs/usage.py``)."""


def _adding() -> dict[str, Any]:
    """``column = column + :add_column`` for each usage column (bound names unlike columns)."""
    return {name: runs.c[name] + sa.bindparam(f"add_{name}") for name in USAGE}


def _added(usage: dict[str, float] | None) -> dict[str, float]:
    return {f"add_{name}": (usage or {}).get(name, 0) for name in USAGE}


# Built once, bound per call (the run's end is on every run's path).
_END_RUN = runs.update().where(
    runs.c.run_id == sa.bindparam("fence_run"), runs.c.attempt == sa.bindparam("fence_attempt"),
    runs.c.status == "running").values(
    status=sa.bindparam("end_status"), error=sa.bindparam("end_error"), lease_expires_at=None,
    updated_at=sa.bindparam("end_stamp"), **_adding())
_ADD_USAGE = runs.update().where(
    runs.c.run_id == sa.bindparam("fence_run"), runs.c.attempt == sa.bindparam("fence_attempt"),
    runs.c.status == "running").values(**_adding())
"""An attempt's usage since its last write, added while it still owns the run."""
_HOLD_RUN = runs.update().where(
    runs.c.run_id == sa.bindparam("fence_run"), runs.c.attempt == sa.bindparam("fence_attempt"),
    runs.c.status != "pending").values(attempt=runs.c.attempt)
"""A no-op UPDATE of the run's row while the attempt owns it (as :meth:`RunQueue.fence`)."""


def _holding(lease: Lease) -> dict[str, Any]:
    return {"fence_run": lease.run_id, "fence_attempt": lease.attempt}


_RELEASE_THREAD = threads.update().where(
    threads.c.thread_id == sa.bindparam("held_thread"),
    threads.c.current_run_id == sa.bindparam("held_by")).values(
    status=sa.bindparam("thread_status"), updated_at=sa.bindparam("end_stamp"))
_RELEASE_THREAD_WITH_VALUES = _RELEASE_THREAD.values(state_values=sa.bindparam("state_copy"))
"""The same, keeping the copy of the thread's latest values that thread search filters."""


_LAST_SEQ = sa.select(sa.func.max(run_events.c.seq)).where(
    run_events.c.run_id == sa.bindparam("seq_run"))


async def _last_seq(conn: Any, run_id: str) -> int:
    """The sequence number of the run's last stored event (0 before the first)."""
    last = (await conn.execute(_LAST_SEQ, {"seq_run": run_id})).scalar()
    return int(last or 0)


async def _last_events(conn: Any, run_id: str, error: str, message: str, status: str) -> None:
    """The ``error`` and ``end`` events of a run the queue itself ended (no worker did).

    Streams and joins that follow the run then end as they would for any other
    end; written in the transaction that ends the run.
    """
    last = await _last_seq(conn, run_id)
    stamp = now()
    await conn.execute(run_events.insert(), [
        {"run_id": run_id, "seq": last + 1, "event": "error", "created_at": stamp,
         "data": json.dumps({"error": error, "message": message})},
        {"run_id": run_id, "seq": last + 2, "event": "end", "created_at": stamp,
         "data": json.dumps({"run_id": run_id, "status": status})}])


_EARLIER = runs.alias("earlier")
_HOLDER = threads.alias("holder")


def _start_key(table: Any) -> Any:
    """When a run may start: its ``run_after``, else when it was created (the queue's order)."""
    return sa.func.coalesce(table.c.run_after, table.c.created_at)


def claimable(stamp: sa.BindParameter[Any]) -> sa.ColumnElement[bool]:
    """The condition that a pending run may be claimed at the time bound to ``stamp``.

    Its time has come (``after_seconds``), no run of its thread is due before it
    (runs of one thread go in order, ``enqueue``), and its thread is not held by
    another run (a run that waits for its thread does not hold it)."""
    due = sa.or_(runs.c.run_after.is_(None), runs.c.run_after <= stamp)
    earlier = sa.exists().where(
        _EARLIER.c.thread_id == runs.c.thread_id, _EARLIER.c.status == "pending",
        _EARLIER.c.run_id != runs.c.run_id, _start_key(_EARLIER) < _start_key(runs))
    held = sa.exists().where(
        _HOLDER.c.thread_id == runs.c.thread_id, _HOLDER.c.status == "busy",
        _HOLDER.c.current_run_id != runs.c.run_id)
    return sa.and_(runs.c.status == "pending", due, ~earlier, ~held)


# The queue's statements, built once: a statement's construction costs more CPU than
# SQLite takes to run it, and these run at every claim and every end of a run.
_CLAIMABLE_NOW = claimable(sa.bindparam("claim_stamp", type_=runs.c.updated_at.type))
_CLAIM = (runs.update()
          .where(runs.c.run_id == sa.bindparam("claim_run"), _CLAIMABLE_NOW)
          .values(status="running", attempt=runs.c.attempt + 1,
                  worker=sa.bindparam("claim_worker"),
                  lease_expires_at=sa.bindparam("claim_expiry"),
                  updated_at=sa.bindparam("claim_stamp"))
          .returning(runs.c.thread_id, runs.c.attempt, runs.c.kind))
_TAKE_THREAD = (threads.update()
                .where(threads.c.thread_id == sa.bindparam("take_thread"),
                       sa.or_(threads.c.status != "busy",
                              threads.c.current_run_id == sa.bindparam("claim_run")))
                .values(status="busy", current_run_id=sa.bindparam("claim_run"),
                        updated_at=sa.bindparam("claim_stamp")))
_NEXT_OF_THREAD = (sa.select(runs.c.run_id)
                   .where(runs.c.thread_id == sa.bindparam("next_thread"), _CLAIMABLE_NOW)
                   .limit(1))


def _sync_connect_args(url: str) -> dict[str, Any]:
    if url.startswith("sqlite"):  # in its own thread: SQLite's busy handler may wait there
        return {"timeout": BUSY_SECONDS}
    return {"connect_timeout": 5}


@dataclass
class RunQueue:
    """Claims, renewals, fenced ends and recovery of runs, on the app database."""

    engine: AsyncEngine
    heartbeat: Heartbeat
    lease_seconds: float
    max_lapses: int
    listeners: list[Callable[[str, datetime | None], None]] = field(default_factory=list)
    """Called with a run id (and the time it may start, if later) whenever a run becomes
    ``pending`` in this process, or may now start because its thread was released."""

    def new_lease(self, run_id: str, thread_id: str, attempt: int, sent: float) -> Lease:
        lease = Lease(run_id, thread_id, attempt, self.lease_seconds,
                      sent + self.lease_seconds)
        return lease

    def expiry(self) -> Any:
        return now() + timedelta(seconds=self.lease_seconds)

    def hold(self, lease: Lease, *, on_lost: Callable[[], None],
             on_cancel: Callable[[], None]) -> None:
        """Start renewing ``lease``; the callbacks run on this loop when it is lost or cancelled."""
        lease.loop = asyncio.get_running_loop()
        lease.on_lost, lease.on_cancel = on_lost, on_cancel
        lease.active = True
        self.heartbeat.add(lease)

    def release(self, lease: Lease) -> None:
        """Stop renewing ``lease`` (first thing when a run ends, so no late beat disturbs it)."""
        lease.active = False
        self.heartbeat.discard(lease)

    async def claim(self, run_id: str) -> Lease | None:
        """Claim pending run ``run_id`` as a new attempt, and its thread with it.

        None if it is not pending, not due yet, or waits for its thread (see
        :func:`claimable`). The run and its thread are taken in one transaction:
        on PostgreSQL a second claim on the same thread waits for the first's row
        lock and then finds the thread held."""
        sent = time.monotonic()
        stamp = now()
        try:
            async with self.engine.begin() as conn:
                row = (await conn.execute(_CLAIM, {
                    "claim_run": run_id, "claim_stamp": stamp, "claim_worker": worker_name(),
                    "claim_expiry": self.expiry()})).first()
                if row is None:
                    return None
                took = await conn.execute(_TAKE_THREAD, {
                    "take_thread": row.thread_id, "claim_run": run_id, "claim_stamp": stamp})
                if took.rowcount != 1:
                    raise _ThreadTaken
                last = await _last_seq(conn, run_id)
                await conn.execute(audit_log.insert(), dict(
                    thread_id=row.thread_id, run_id=run_id, event="run_claimed",
                    created_at=now(), data={"attempt": row.attempt, "worker": worker_name()}))
        except _ThreadTaken:  # another run took the thread first; this one waits for it
            return None
        lease = self.new_lease(run_id, row.thread_id, row.attempt, sent)
        lease.next_seq = last + 1
        if row.attempt > 1:
            meters().takeovers.inc()
        return lease

    async def pending(self, limit: int, older_than: float = 0.0) -> list[str]:
        """Runs that may be claimed now, first due first (``older_than``: pending at least
        that many seconds, or due since)."""
        query = (sa.select(runs.c.run_id).where(_CLAIMABLE_NOW)
                 .order_by(_start_key(runs)).limit(limit))
        stamp = now()
        if older_than:
            since = stamp - timedelta(seconds=older_than)
            query = query.where(sa.or_(runs.c.updated_at < since, runs.c.run_after < since))
        async with self.engine.connect() as conn:
            return list((await conn.execute(query, {"claim_stamp": stamp})).scalars())

    def fence(self, lease: Lease) -> sa.ColumnElement[bool]:
        """The condition that ``lease``'s attempt still owns its run.

        A run put back to ``pending`` belongs to no attempt; a finished run still
        belongs to the attempt that finished it (for its last events)."""
        return sa.and_(runs.c.run_id == lease.run_id, runs.c.attempt == lease.attempt,
                       runs.c.status != "pending")

    async def write_fenced(self, lease: Lease, *writes: guarded.Write) -> None:
        """Make ``writes`` while ``lease``'s attempt owns its run, else :class:`LeaseLostError`.

        One transaction, whose first write is a no-op UPDATE of the run's row: on
        PostgreSQL it locks the row (a takeover's claim waits for the transaction),
        on SQLite it takes the write lock, so ``writes`` need no fence of their own."""
        if not await guarded.write(self.engine, guarded.Update(_HOLD_RUN, _holding(lease)),
                                   *writes):
            lease.lost = True
            raise LeaseLostError(f"run {lease.run_id} attempt {lease.attempt} was taken over",
                                 run_id=lease.run_id)

    async def finish(self, lease: Lease, status: str, error: str | None,
                     thread_status: str, details: dict[str, Any] | None = None,
                     also: Callable[[], Awaitable[list[dict[str, Any]]]] | None = None,
                     values: dict[str, Any] | None = None,
                     usage: dict[str, float] | None = None) -> None:
        """End the run and release its thread, fenced by the attempt (one transaction).

        ``usage``, what the attempt spent since its last write, is added to the run's;
        ``details`` (an error's, such as a model's raw output) go in the audit entry;
        ``also`` gives rows of ``agentdesk_run_events`` to store with the end (the
        run's last events): asked for before the write, stored only if the fence holds;
        ``values``, the searchable copy of the thread's latest values, is kept with it.
        """
        lease.check()
        self.release(lease)
        stamp = now()
        events = await also() if also is not None else []
        ended = await guarded.write(
            self.engine,
            guarded.Update(_END_RUN, {"fence_run": lease.run_id, "fence_attempt": lease.attempt,
                                      "end_status": status, "end_error": error,
                                      "end_stamp": stamp, **_added(usage)}),
            guarded.Update(_RELEASE_THREAD if values is None else _RELEASE_THREAD_WITH_VALUES, {
                "held_thread": lease.thread_id, "held_by": lease.run_id,
                "thread_status": thread_status, "end_stamp": stamp,
                **({"state_copy": values} if values is not None else {})}),
            guarded.Rows(audit_log, [dict(
                thread_id=lease.thread_id, run_id=lease.run_id, event="run_finished",
                actor=None, created_at=stamp,
                data={"status": status, "error": error, "attempt": lease.attempt,
                      **({"error_details": details} if details else {})})]),
            guarded.Rows(run_events, events))
        if not ended:
            lease.lost = True
            raise LeaseLostError(f"run {lease.run_id} attempt {lease.attempt} was taken "
                                 "over; its end is not recorded", run_id=lease.run_id)
        lease.ended = True
        await self.announce_next(lease.thread_id)

    async def add_usage(self, lease: Lease, usage: dict[str, float]) -> bool:
        """Add ``usage`` to the run's while ``lease``'s attempt owns it; False if not ours.

        One UPDATE of the run's row, conditioned on the attempt (its own fence)."""
        async with self.engine.begin() as conn:
            done = await conn.execute(_ADD_USAGE, {**_holding(lease), **_added(usage)})
        return done.rowcount == 1

    async def announce_next(self, thread_id: str) -> None:
        """A thread was released: announce the run that waits for it, if one may start now.

        Best effort: a run whose announcement is lost (the process died first) is found
        by the workers' polling (:meth:`pending`) all the same."""
        async with self.engine.connect() as conn:
            run_id = (await conn.execute(_NEXT_OF_THREAD, {
                "next_thread": thread_id, "claim_stamp": now()})).scalar()
        if run_id is not None:
            self.announce(run_id)

    async def requeue(self, lease: Lease, *, spend: bool, reason: str,
                      usage: dict[str, float] | None = None) -> bool:
        """Put the run back to ``pending`` (a drain spends no retry); False if not ours.

        ``usage``: what the attempt spent since its last write, added to the run's."""
        self.release(lease)
        async with self.engine.begin() as conn:
            done = await conn.execute(
                runs.update().where(self.fence(lease), runs.c.status == "running")
                .values(status="pending", lease_expires_at=None, worker=None,
                        lapses=runs.c.lapses + (1 if spend else 0), updated_at=now(),
                        **{name: runs.c[name] + (usage or {}).get(name, 0)
                           for name in USAGE}))
            if done.rowcount == 1:
                await conn.execute(audit_log.insert(), dict(
                    thread_id=lease.thread_id, run_id=lease.run_id, event="run_requeued",
                    created_at=now(), data={"attempt": lease.attempt, "reason": reason}))
        if done.rowcount == 1:
            self.announce(lease.run_id)
        return done.rowcount == 1

    def announce(self, run_id: str, at: datetime | None = None) -> None:
        """Tell this process's listeners that run ``run_id`` is pending (wake-ups, job queue);
        ``at``: not before then."""
        for listener in self.listeners:
            listener(run_id, at)

    async def sweep(self, thread_id: str | None = None,
                    dead_workers: Sequence[str] = ()) -> list[str]:
        """Re-queue runs whose lease lapsed, or end them ``error`` past the retry budget.

        ``dead_workers``: workers known dead (their host lock was free, see
        :mod:`.hostlocks`), whose runs count as lapsed now, lease or not.
        Returns the ids of the runs put back to ``pending``.
        """
        stamp = now()
        lapsed_now = runs.c.lease_expires_at < stamp
        if dead_workers:
            lapsed_now = sa.or_(lapsed_now, runs.c.worker.in_(list(dead_workers)))
        query = sa.select(runs.c.run_id, runs.c.thread_id, runs.c.attempt, runs.c.lapses,
                          runs.c.worker).where(runs.c.status == "running", lapsed_now)
        if thread_id is not None:
            query = query.where(runs.c.thread_id == thread_id)
        async with self.engine.connect() as conn:
            lapsed = (await conn.execute(query)).all()
        requeued = []
        for row in lapsed:
            over = row.lapses + 1 > self.max_lapses
            reason = (f"gave up after {row.lapses + 1} lapsed leases (workers that died or "
                      "stopped answering)" if over else "the worker's lease lapsed"
                      if row.worker not in dead_workers else
                      "the worker died (its lock on this host was free)")
            async with self.engine.begin() as conn:
                done = await conn.execute(
                    runs.update().where(runs.c.run_id == row.run_id,
                                        runs.c.attempt == row.attempt,
                                        runs.c.status == "running", lapsed_now)
                    .values(status="error" if over else "pending", lapses=row.lapses + 1,
                            lease_expires_at=None, worker=None, updated_at=now(),
                            error=reason if over else None))
                if done.rowcount != 1:
                    continue
                if over:
                    await conn.execute(threads.update().where(
                        threads.c.thread_id == row.thread_id,
                        threads.c.current_run_id == row.run_id).values(
                        status="failed", updated_at=now()))
                    await _last_events(conn, row.run_id, "RunError", reason, "error")
                await conn.execute(audit_log.insert(), dict(
                    thread_id=row.thread_id, run_id=row.run_id, created_at=now(),
                    event="run_finished" if over else "run_requeued",
                    data={"status": "error", "error": reason} if over else
                    {"attempt": row.attempt, "reason": reason}))
            meters().lease_lapses.inc()
            if over:
                meters().runs.labels(await self._agent_of(row.thread_id), "error").inc()
            if not over:
                requeued.append(row.run_id)
                self.announce(row.run_id)
            else:
                await self.announce_next(row.thread_id)
        return requeued

    async def _agent_of(self, thread_id: str) -> str:
        async with self.engine.connect() as conn:
            agent = (await conn.execute(sa.select(threads.c.agent).where(
                threads.c.thread_id == thread_id))).scalar()
        return str(agent or "")

    async def request_cancel(self, run_id: str) -> str:
        """Cancel a run wherever it runs: a pending one ends here, a running one is flagged.

        Returns the run's status afterwards (``cancelled`` or still ``running``).
        """
        stamp = now()
        async with self.engine.begin() as conn:
            row = (await conn.execute(
                runs.update().where(runs.c.run_id == run_id, runs.c.status == "pending")
                .values(status="cancelled", error="run cancelled", updated_at=stamp)
                .returning(runs.c.thread_id))).first()
            if row is not None:
                await conn.execute(threads.update().where(
                    threads.c.thread_id == row.thread_id,
                    threads.c.current_run_id == run_id).values(status="failed",
                                                               updated_at=stamp))
                await conn.execute(audit_log.insert(), dict(
                    thread_id=row.thread_id, run_id=run_id, event="run_finished",
                    created_at=stamp, data={"status": "cancelled"}))
                await _last_events(conn, run_id, "Cancelled", "run cancelled", "interrupted")
        if row is not None:
            await self.announce_next(row.thread_id)
            return "cancelled"
        async with self.engine.begin() as conn:
            await conn.execute(runs.update().where(
                runs.c.run_id == run_id, runs.c.status == "running").values(
                cancel_requested=True, updated_at=stamp))
        return "running"

"""Reads and writes of the app tables: threads, runs, decisions, audit log."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from pydantic import BaseModel
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from agentdesk.errors import DecisionError, NotFoundError, ThreadBusyError
from agentdesk.runtime.durable import guarded

from .persistence import (
    Stamp,
    audit_log,
    decisions,
    effects,
    now,
    run_events,
    runs,
    single_statements,
    threads,
    webhook_deliveries,
)
from .threadquery import SORT_COLUMNS, ThreadFilter

__all__ = ["AppStore", "AuditEntry", "NewRun", "RunRecord", "ThreadRecord"]


class ThreadRecord(BaseModel):
    thread_id: str
    agent: str | None
    owner: str | None
    model: str | None
    status: str
    current_run_id: str | None
    metadata: dict[str, Any]
    created_at: datetime
    updated_at: datetime
    ttl_minutes: float | None = None
    """The thread's own time to live after its last activity (None: the default)."""
    ttl_strategy: str | None = None
    """What expiry does to it: ``delete`` it, or ``keep_latest`` checkpoint only."""
    expires_at: datetime | None = None
    """When the sweeper looks at it next; activity since then keeps it."""


class RunRecord(BaseModel):
    run_id: str
    thread_id: str
    kind: str
    status: str
    worker: str | None
    model: str | None
    error: str | None
    created_at: datetime
    updated_at: datetime
    input: Any = None
    interrupt_id: str | None = None
    stream_modes: list[str] | None = None
    actor: str | None = None
    attempt: int = 0
    lapses: int = 0
    lease_expires_at: datetime | None = None
    cancel_requested: bool = False
    options: dict[str, Any] | None = None
    """What the run asks of its graph (``RunOptions``, as JSON); None: the defaults."""
    webhook: str | None = None
    run_after: datetime | None = None
    on_completion: str | None = None
    multitask_strategy: str | None = None
    metadata: dict[str, Any] | None = None
    # What the run cost so far, every attempt's stored figures (runtime/runs/usage.py).
    tokens_in: int = 0
    tokens_out: int = 0
    model_calls: int = 0
    model_seconds: float = 0.0
    tool_calls: int = 0
    tool_seconds: float = 0.0
    wall_seconds: float = 0.0


@dataclass
class NewRun:
    """A run to open: the durable record a worker executes."""

    run_id: str
    thread_id: str
    kind: str
    model: str | None
    actor: str | None
    input: Any = None
    interrupt_id: str | None = None
    stream_modes: list[str] = field(default_factory=list)
    display_name: str | None = None
    """A name the person gave, kept beside an authenticated ``actor`` (never in its place)."""
    options: dict[str, Any] | None = None
    """What the run asks of its graph (``RunOptions``, as JSON), for every attempt."""
    webhook: str | None = None
    """Where the run's end is POSTed (checked by the caller; delivered by the webhook loop)."""
    run_after: datetime | None = None
    """No worker claims the run before then (``after_seconds``)."""
    on_completion: str | None = None
    """``delete``: the run's thread is deleted once it ends (a stateless run)."""
    multitask_strategy: str | None = None
    metadata: dict[str, Any] | None = None


class AuditEntry(BaseModel):
    id: int
    thread_id: str | None
    run_id: str | None
    event: str
    actor: str | None
    data: dict[str, Any]
    created_at: datetime


_CLAIM = threads.update().where(
    threads.c.thread_id == sa.bindparam("claim_thread"),
    threads.c.status == sa.bindparam("seen_status"),
    threads.c.status.not_in(("busy", "deleting")),
    threads.c.current_run_id.is_not_distinct_from(sa.bindparam("seen_run")),
).values(status="busy", current_run_id=sa.bindparam("claim_run"),
         updated_at=sa.bindparam("claim_stamp"))
"""A run claims the thread it saw (unchanged since: neither busy nor claimed by another)."""
_CLAIM_AND_BIND = _CLAIM.values(agent=sa.bindparam("bind_agent"),
                                model=sa.bindparam("bind_model"))
"""The same, giving a thread created empty its agent and model (its first run)."""
_WAIT_FOR = threads.update().where(
    threads.c.thread_id == sa.bindparam("claim_thread")).values(
    updated_at=sa.bindparam("claim_stamp"))
"""A run that waits for its thread takes nothing: it only needs the thread to exist."""

_THREAD = sa.select(threads).where(threads.c.thread_id == sa.bindparam("thread"))
_OWN_THREAD = _THREAD.where(threads.c.owner == sa.bindparam("thread_owner"))
"""A thread by id (and owner): built once, bound per call (read by every request)."""


class AppStore:
    """Thread, run, decision and audit records; every write is one transaction."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.single = single_statements(engine)
        """For reads and one-statement writes: no transaction of their own on PostgreSQL."""

    # -- threads -------------------------------------------------------------

    async def create_thread(self, thread_id: str, agent: str | None, *, owner: str | None,
                            model: str | None, metadata: dict[str, Any] | None = None,
                            ttl_minutes: float | None = None,
                            ttl_strategy: str = "delete") -> ThreadRecord:
        """Record a new idle thread and return it; an id in use raises ``IntegrityError``.

        ``ttl_minutes``: its own time to live after its last activity (None: the default).
        """
        stamp = now()
        record = ThreadRecord(thread_id=thread_id, agent=agent, owner=owner, model=model,
                              status="idle", current_run_id=None, metadata=metadata or {},
                              created_at=stamp, updated_at=stamp, ttl_minutes=ttl_minutes,
                              ttl_strategy=ttl_strategy if ttl_minutes is not None else None,
                              expires_at=(stamp + timedelta(minutes=ttl_minutes)
                                          if ttl_minutes is not None else None))
        async with self.single.begin() as conn:
            await conn.execute(threads.insert(), record.model_dump())
        return record

    async def get_thread(self, thread_id: str, owner: str | None = None) -> ThreadRecord:
        async with self.single.connect() as conn:
            row = (await conn.execute(_THREAD if owner is None else _OWN_THREAD, {
                "thread": thread_id, "thread_owner": owner})).mappings().first()
        if row is None:
            raise NotFoundError(f"thread {thread_id!r} not found", thread_id=thread_id)
        return ThreadRecord.model_validate(dict(row))

    async def update_metadata(self, thread_id: str, changes: dict[str, Any]) -> None:
        async with self.engine.begin() as conn:
            current = (await conn.execute(sa.select(threads.c.metadata).where(
                threads.c.thread_id == thread_id))).scalar_one()
            await conn.execute(threads.update().where(threads.c.thread_id == thread_id).values(
                metadata={**(current or {}), **changes}, updated_at=now()))

    async def delete_thread(self, thread_id: str) -> None:
        async with self.engine.begin() as conn:
            run_ids = sa.select(runs.c.run_id).where(runs.c.thread_id == thread_id)
            await conn.execute(run_events.delete().where(run_events.c.run_id.in_(run_ids)))
            for table in (runs, decisions, audit_log, effects, threads):
                await conn.execute(table.delete().where(table.c.thread_id == thread_id))

    async def list_threads(self, *, agent: str | None = None, status: str | None = None,
                           owner: str | None = None, limit: int = 50, offset: int = 0,
                           ) -> list[ThreadRecord]:
        query = (sa.select(threads).order_by(threads.c.updated_at.desc())
                 .limit(limit).offset(offset))
        for column, value in ((threads.c.agent, agent), (threads.c.status, status),
                              (threads.c.owner, owner)):
            if value is not None:
                query = query.where(column == value)
        async with self.single.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [ThreadRecord.model_validate(dict(row)) for row in rows]

    async def search_threads(self, where: ThreadFilter, *, sort_by: str = "updated_at",
                             desc: bool = True, limit: int = 10, offset: int = 0,
                             ) -> list[ThreadRecord]:
        """A page of the threads ``where`` picks, in order (ties by id), from the database."""
        column = SORT_COLUMNS[sort_by]
        order = [column.desc() if desc else column.asc(), threads.c.thread_id.asc()]
        query = (sa.select(*[c for c in threads.c if c.name != "state_values"])
                 .where(*where.where(self.engine.dialect.name))
                 .order_by(*order).limit(limit).offset(offset))
        async with self.single.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [ThreadRecord.model_validate(dict(row)) for row in rows]

    async def count_threads(self, where: ThreadFilter) -> int:
        query = (sa.select(sa.func.count()).select_from(threads)
                 .where(*where.where(self.engine.dialect.name)))
        async with self.single.connect() as conn:
            return int((await conn.execute(query)).scalar_one())

    async def set_ttl(self, thread_id: str, minutes: float, strategy: str) -> None:
        """Give the thread its own time to live, counted from now."""
        stamp = now()
        async with self.single.begin() as conn:
            await conn.execute(threads.update().where(threads.c.thread_id == thread_id).values(
                ttl_minutes=minutes, ttl_strategy=strategy,
                expires_at=stamp + timedelta(minutes=minutes), updated_at=stamp))

    async def pruned(self, thread: ThreadRecord, minutes: float) -> None:
        """After a ``keep_latest`` expiry: look again ``minutes`` from now, keeping the
        strategy (a thread under the default ttl takes it on as its own)."""
        async with self.single.begin() as conn:
            await conn.execute(threads.update().where(
                threads.c.thread_id == thread.thread_id).values(
                ttl_minutes=minutes, ttl_strategy="keep_latest",
                expires_at=now() + timedelta(minutes=minutes)))

    async def record_state(self, thread_id: str, *, status: str, values: dict[str, Any],
                           actor: str | None, data: dict[str, Any]) -> bool:
        """After a state update: the thread's status and values copy, and the audit entry
        ``state_updated``, in one transaction; False (nothing written) if it is busy now."""
        stamp = now()
        async with self.engine.begin() as conn:
            done = await conn.execute(threads.update().where(
                threads.c.thread_id == thread_id,
                threads.c.status.not_in(("busy", "deleting"))).values(
                status=status, state_values=values, updated_at=stamp))
            if done.rowcount != 1:
                await conn.rollback()
                return False
            await conn.execute(audit_log.insert(), dict(
                thread_id=thread_id, run_id=None, event="state_updated", actor=actor,
                data=data, created_at=stamp))
        return True

    async def copy_thread(self, source: ThreadRecord, thread_id: str, *, owner: str | None,
                          status: str, values: dict[str, Any]) -> ThreadRecord:
        """Record ``thread_id`` as a copy of ``source`` (agent, model, metadata), owned by
        ``owner``; the caller copies the checkpoints first."""
        stamp = now()
        record = source.model_copy(update=dict(
            thread_id=thread_id, owner=owner, status=status, current_run_id=None,
            created_at=stamp, updated_at=stamp, ttl_minutes=None, ttl_strategy=None,
            expires_at=None))
        async with self.single.begin() as conn:
            await conn.execute(threads.insert(), {**record.model_dump(), "state_values": values})
        return record

    async def expiring_threads(self, default_minutes: float | None, *, limit: int = 100,
                               ) -> list[ThreadRecord]:
        """Threads the sweeper should look at: past their own ``expires_at``, idle past the
        default ttl, or left ``deleting`` by a sweep that stopped half-way."""
        stamp = now()
        due = [threads.c.status == "deleting",
               sa.and_(threads.c.expires_at <= stamp, threads.c.status != "busy")]
        if default_minutes is not None:
            due.append(sa.and_(threads.c.ttl_minutes.is_(None), threads.c.status != "busy",
                               threads.c.updated_at <= stamp - timedelta(
                                   minutes=default_minutes)))
        query = (sa.select(*[c for c in threads.c if c.name != "state_values"])
                 .where(sa.or_(*due)).limit(limit))
        async with self.single.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [ThreadRecord.model_validate(dict(row)) for row in rows]

    async def bind_agent(self, thread_id: str, agent: str) -> None:
        """Give a thread created empty the graph its state was first written with."""
        async with self.single.begin() as conn:
            await conn.execute(threads.update().where(
                threads.c.thread_id == thread_id, threads.c.agent.is_(None)).values(agent=agent))

    async def extend_ttl(self, thread: ThreadRecord, expires_at: datetime) -> None:
        """Move the thread's next look to ``expires_at`` (it was active since it was set)."""
        async with self.single.begin() as conn:
            await conn.execute(threads.update().where(
                threads.c.thread_id == thread.thread_id).values(expires_at=expires_at))

    async def mark_deleting(self, thread: ThreadRecord) -> bool:
        """Take an expired thread for deletion, if unchanged since the sweeper read it:
        no run can claim it afterwards. True if taken (or already taken)."""
        if thread.status == "deleting":
            return True
        async with self.single.begin() as conn:
            done = await conn.execute(threads.update().where(
                threads.c.thread_id == thread.thread_id,
                threads.c.status == thread.status,
                threads.c.updated_at == sa.bindparam("seen", thread.updated_at, Stamp()),
            ).values(status="deleting"))
        return done.rowcount == 1

    async def open_run(self, run: NewRun, *, seen: ThreadRecord | None,
                       create: dict[str, Any] | None = None, bind: str | None = None,
                       decision: dict[str, Any] | None = None,
                       lease_seconds: float | None = None, worker: str | None = None,
                       wait: bool = False) -> int:
        """Claim the thread and record ``run``, in one transaction.

        ``seen`` is the thread as the caller checked it: the claim holds only if
        it is unchanged (neither busy nor claimed by another run since), else
        :class:`ThreadBusyError`. ``create`` creates the thread first (its
        owner and metadata); ``bind`` gives a thread created empty its agent;
        ``decision`` records the decision of a decide run (a second one for the
        same interrupt is refused). With ``lease_seconds`` the run is claimed
        at once by ``worker`` as attempt 1; otherwise it waits ``pending``.
        With ``wait`` it does not take the thread now: it waits, pending, until the
        queue's claim finds the thread free (``enqueue``, ``after_seconds``).
        Returns the attempt (0 while pending).
        """
        stamp = now()
        claimed = lease_seconds is not None
        claim: guarded.Write
        if wait and create is None:
            claim = guarded.Update(_WAIT_FOR, {"claim_thread": run.thread_id,
                                               "claim_stamp": stamp})
        elif create is not None:
            claim = guarded.Rows(threads, [dict(
                thread_id=run.thread_id, status="busy", current_run_id=run.run_id,
                created_at=stamp, updated_at=stamp, **create)])
        else:
            assert seen is not None
            params = {"claim_thread": run.thread_id, "seen_status": seen.status,
                      "seen_run": seen.current_run_id, "claim_run": run.run_id,
                      "claim_stamp": stamp}
            if bind is not None:
                params.update(bind_agent=bind, bind_model=run.model)
            claim = guarded.Update(_CLAIM if bind is None else _CLAIM_AND_BIND, params)
        recorded: list[dict[str, Any]] = []
        entries: list[dict[str, Any]] = []
        if decision is not None:
            assert run.interrupt_id is not None
            recorded.append(dict(
                interrupt_id=run.interrupt_id, thread_id=run.thread_id, run_id=run.run_id,
                type=decision["type"], decision=decision, actor=run.actor, created_at=stamp))
            entries.append(dict(
                thread_id=run.thread_id, run_id=run.run_id, event="decision",
                actor=run.actor, created_at=stamp,
                data={"interrupt_id": run.interrupt_id, **decision}))
        entries.append(dict(
            thread_id=run.thread_id, run_id=run.run_id, event="run_started",
            actor=run.actor, created_at=stamp,
            data={"kind": run.kind, "model": run.model, **(
                {"display_name": run.display_name} if run.display_name else {})}))
        record = dict(
            run_id=run.run_id, thread_id=run.thread_id, kind=run.kind,
            status="running" if claimed else "pending", attempt=1 if claimed else 0,
            worker=worker if claimed else None, model=run.model, error=None, input=run.input,
            interrupt_id=run.interrupt_id, stream_modes=run.stream_modes, actor=run.actor,
            lapses=0, cancel_requested=False, options=run.options, webhook=run.webhook,
            run_after=run.run_after, on_completion=run.on_completion,
            multitask_strategy=run.multitask_strategy, metadata=run.metadata,
            lease_expires_at=(stamp + timedelta(seconds=lease_seconds)
                              if lease_seconds is not None else None),
            created_at=stamp, updated_at=stamp)
        try:
            held = await guarded.write(
                self.engine, claim, guarded.Rows(decisions, recorded),
                guarded.Rows(runs, [record]), guarded.Rows(audit_log, entries))
        except IntegrityError:
            if decision is not None:
                raise DecisionError(
                    f"interrupt {run.interrupt_id} of thread {run.thread_id!r} was already "
                    "decided", thread_id=run.thread_id, interrupt_id=run.interrupt_id) from None
            raise ThreadBusyError(f"thread {run.thread_id!r} already exists",
                                  thread_id=run.thread_id) from None
        if not held:  # changed since the caller saw it: busy, or claimed by another run
            raise ThreadBusyError(f"thread {run.thread_id!r} is busy: another run holds it",
                                  thread_id=run.thread_id)
        return 1 if claimed else 0

    # -- runs ----------------------------------------------------------------

    async def _find_run(self, run_id: str | None) -> RunRecord | None:
        if run_id is None:
            return None
        async with self.single.connect() as conn:
            row = (await conn.execute(sa.select(runs).where(runs.c.run_id == run_id))
                   ).mappings().first()
        return RunRecord.model_validate(dict(row)) if row is not None else None

    async def get_run(self, run_id: str) -> RunRecord:
        run = await self._find_run(run_id)
        if run is None:
            raise NotFoundError(f"run {run_id!r} not found", run_id=run_id)
        return run

    async def list_runs(self, thread_id: str) -> list[RunRecord]:
        query = (sa.select(runs).where(runs.c.thread_id == thread_id)
                 .order_by(runs.c.created_at, runs.c.run_id))
        async with self.single.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [RunRecord.model_validate(dict(row)) for row in rows]

    async def find_runs(self, statuses: tuple[str, ...], owner: str | None = None,
                        ) -> list[RunRecord]:
        """Runs of any thread (of ``owner``'s threads, with keys) in one of ``statuses``."""
        query = sa.select(runs).where(runs.c.status.in_(statuses)).order_by(runs.c.created_at)
        if owner is not None:
            query = query.where(runs.c.thread_id.in_(
                sa.select(threads.c.thread_id).where(threads.c.owner == owner)))
        async with self.single.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [RunRecord.model_validate(dict(row)) for row in rows]

    async def delete_run(self, run_id: str) -> bool:
        """Delete an ended run and its stored events; False if it is pending or running."""
        async with self.engine.begin() as conn:
            gone = await conn.execute(runs.delete().where(
                runs.c.run_id == run_id, runs.c.status.not_in(("pending", "running"))))
            if gone.rowcount != 1:
                return False
            await conn.execute(run_events.delete().where(run_events.c.run_id == run_id))
        return True

    async def ended_temporary_threads(self, grace_seconds: float) -> list[str]:
        """Threads of stateless runs asked to go (``on_completion="delete"``) that ended at
        least ``grace_seconds`` ago and hold no run: what the worker loop deletes."""
        ended = sa.and_(runs.c.on_completion == "delete",
                        runs.c.status.not_in(("pending", "running")),
                        runs.c.updated_at < now() - timedelta(seconds=grace_seconds))
        active = sa.exists().where(runs.c.thread_id == threads.c.thread_id,
                                   runs.c.status.in_(("pending", "running")))
        # A webhook not yet delivered (or given up) keeps the thread: its body reads it.
        undelivered = sa.exists().where(
            runs.c.thread_id == threads.c.thread_id, runs.c.webhook.is_not(None),
            ~sa.exists().where(webhook_deliveries.c.run_id == runs.c.run_id,
                               webhook_deliveries.c.status.in_(("delivered", "failed"))))
        query = (sa.select(threads.c.thread_id).where(
            threads.c.thread_id.in_(sa.select(runs.c.thread_id).where(ended)), ~active,
            ~undelivered, threads.c.status != "busy").limit(100))
        async with self.single.connect() as conn:
            return list((await conn.execute(query)).scalars())

    # -- decisions -------------------------------------------------------------

    async def get_decision(self, thread_id: str, interrupt_id: str) -> dict[str, Any] | None:
        """The decision recorded for ``interrupt_id`` of this thread, if any."""
        query = sa.select(decisions.c.decision).where(decisions.c.thread_id == thread_id,
                                                      decisions.c.interrupt_id == interrupt_id)
        async with self.single.connect() as conn:
            return (await conn.execute(query)).scalar_one_or_none()

    # -- audit -----------------------------------------------------------------

    async def audit(self, event: str, *, thread_id: str | None, run_id: str | None = None,
                    actor: str | None = None, data: dict[str, Any] | None = None) -> None:
        async with self.single.begin() as conn:
            await conn.execute(audit_log.insert(), dict(
                thread_id=thread_id, run_id=run_id, event=event, actor=actor,
                data=data or {}, created_at=now()))

    async def audit_since(self, thread_id: str, event: str, after: int | None,
                          ) -> tuple[int, list[AuditEntry]]:
        """The thread's ``event`` entries after entry ``after`` (None: none, only the mark),
        and the mark to ask from next time (the last entry's id so far)."""
        query = sa.select(audit_log).where(audit_log.c.thread_id == thread_id,
                                           audit_log.c.event == event)
        async with self.single.connect() as conn:
            if after is None:
                last = (await conn.execute(sa.select(sa.func.max(audit_log.c.id)).where(
                    audit_log.c.thread_id == thread_id, audit_log.c.event == event))).scalar()
                return int(last or 0), []
            rows = (await conn.execute(query.where(audit_log.c.id > after)
                                       .order_by(audit_log.c.id))).mappings().all()
        found = [AuditEntry.model_validate(dict(row)) for row in rows]
        return (found[-1].id if found else after), found

    async def audit_trail(self, thread_id: str) -> list[AuditEntry]:
        query = (sa.select(audit_log).where(audit_log.c.thread_id == thread_id)
                 .order_by(audit_log.c.id))
        async with self.single.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [AuditEntry.model_validate(dict(row)) for row in rows]

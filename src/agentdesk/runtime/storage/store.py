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
    audit_log,
    decisions,
    effects,
    now,
    run_events,
    runs,
    single_statements,
    threads,
)

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
    run_after: datetime | None = None
    on_completion: str | None = None
    multitask_strategy: str | None = None
    metadata: dict[str, Any] | None = None


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
    threads.c.status == sa.bindparam("seen_status"), threads.c.status != "busy",
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
                            ) -> ThreadRecord:
        """Record a new idle thread and return it; an id in use raises ``IntegrityError``."""
        stamp = now()
        record = ThreadRecord(thread_id=thread_id, agent=agent, owner=owner, model=model,
                              status="idle", current_run_id=None, metadata=metadata or {},
                              created_at=stamp, updated_at=stamp)
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
            lapses=0, cancel_requested=False, run_after=run.run_after,
            on_completion=run.on_completion, multitask_strategy=run.multitask_strategy,
            metadata=run.metadata,
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
        query = sa.select(runs).where(runs.c.thread_id == thread_id).order_by(runs.c.created_at)
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
        query = (sa.select(threads.c.thread_id).where(
            threads.c.thread_id.in_(sa.select(runs.c.thread_id).where(ended)), ~active,
            threads.c.status != "busy").limit(100))
        async with self.single.connect() as conn:
            return list((await conn.execute(query)).scalars())

    # -- decisions -------------------------------------------------------------

    async def get_decision(self, interrupt_id: str) -> dict[str, Any] | None:
        query = sa.select(decisions.c.decision).where(decisions.c.interrupt_id == interrupt_id)
        async with self.single.connect() as conn:
            return (await conn.execute(query)).scalar_one_or_none()

    # -- audit -----------------------------------------------------------------

    async def audit(self, event: str, *, thread_id: str | None, run_id: str | None = None,
                    actor: str | None = None, data: dict[str, Any] | None = None) -> None:
        async with self.single.begin() as conn:
            await conn.execute(audit_log.insert(), dict(
                thread_id=thread_id, run_id=run_id, event=event, actor=actor,
                data=data or {}, created_at=now()))

    async def audit_trail(self, thread_id: str) -> list[AuditEntry]:
        query = (sa.select(audit_log).where(audit_log.c.thread_id == thread_id)
                 .order_by(audit_log.c.id))
        async with self.single.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [AuditEntry.model_validate(dict(row)) for row in rows]

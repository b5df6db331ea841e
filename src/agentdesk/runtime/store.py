"""Reads and writes of the app tables: threads, runs, decisions, audit log."""

from __future__ import annotations

import os
import socket
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from pydantic import BaseModel
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from agentdesk.errors import DecisionError, NotFoundError, ThreadBusyError

from .persistence import audit_log, decisions, now, run_events, runs, threads

__all__ = ["AppStore", "AuditEntry", "RunRecord", "ThreadRecord", "worker_id"]


def worker_id() -> str:
    """This process, as ``host:pid``; used to tell a live run from an abandoned one."""
    return f"{socket.gethostname()}:{os.getpid()}"


def worker_alive(worker: str | None) -> bool | None:
    """True/False for a process on this host; None when it runs elsewhere (unknown)."""
    if not worker or ":" not in worker:
        return False
    host, _, pid = worker.rpartition(":")
    if host != socket.gethostname():
        return None
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except (PermissionError, ValueError):
        return True
    return True


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


class AuditEntry(BaseModel):
    id: int
    thread_id: str | None
    run_id: str | None
    event: str
    actor: str | None
    data: dict[str, Any]
    created_at: datetime


class AppStore:
    """Thread, run, decision and audit records; every write is one transaction."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    # -- threads -------------------------------------------------------------

    async def create_thread(self, thread_id: str, agent: str | None, *, owner: str | None,
                            model: str | None, metadata: dict[str, Any] | None = None) -> None:
        stamp = now()
        async with self.engine.begin() as conn:
            await conn.execute(threads.insert().values(
                thread_id=thread_id, agent=agent, owner=owner, model=model, status="idle",
                metadata=metadata or {}, created_at=stamp, updated_at=stamp))

    async def bind_thread(self, thread_id: str, agent: str, model: str | None) -> None:
        """Give a thread created empty its agent and model (at its first run)."""
        async with self.engine.begin() as conn:
            await conn.execute(threads.update().where(
                threads.c.thread_id == thread_id, threads.c.agent.is_(None)).values(
                agent=agent, model=model, updated_at=now()))

    async def get_thread(self, thread_id: str, owner: str | None = None) -> ThreadRecord:
        query = sa.select(threads).where(threads.c.thread_id == thread_id)
        if owner is not None:
            query = query.where(threads.c.owner == owner)
        async with self.engine.connect() as conn:
            row = (await conn.execute(query)).mappings().first()
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
            for table in (runs, decisions, audit_log, threads):
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
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [ThreadRecord.model_validate(dict(row)) for row in rows]

    async def claim_thread(self, thread_id: str, run_id: str, kind: str, model: str | None,
                           *, take_over: bool = False) -> str:
        """Mark the thread busy and open run ``run_id`` on it, in one transaction.

        Returns the status the thread had before. A busy thread is refused, unless
        the run holding it belongs to a process on this host that no longer
        exists (a killed run) and ``take_over`` is set; that run is marked failed.
        """
        thread = await self.get_thread(thread_id)
        holder = await self._find_run(thread.current_run_id) if thread.status == "busy" else None
        if thread.status == "busy":
            alive = worker_alive(holder.worker) if holder else None
            if not take_over or alive is not False:
                where = f" (run {holder.run_id} in process {holder.worker})" if holder else ""
                hint = "; `agentdesk resume` continues it" if alive is False else ""
                raise ThreadBusyError(f"thread {thread_id!r} is busy{where}{hint}",
                                      thread_id=thread_id)
        stamp = now()
        async with self.engine.begin() as conn:
            result = await conn.execute(
                threads.update()
                .where(threads.c.thread_id == thread_id, threads.c.status == thread.status,
                       threads.c.current_run_id.is_not_distinct_from(thread.current_run_id))
                .values(status="busy", current_run_id=run_id, updated_at=stamp))
            if result.rowcount != 1:
                raise ThreadBusyError(f"thread {thread_id!r} is busy: another run claimed it "
                                      "first", thread_id=thread_id)
            if holder is not None:
                await conn.execute(runs.update().where(runs.c.run_id == holder.run_id).values(
                    status="failed", error="process ended before the run finished",
                    updated_at=stamp))
            await conn.execute(runs.insert().values(
                run_id=run_id, thread_id=thread_id, kind=kind, status="running",
                worker=worker_id(), model=model, created_at=stamp, updated_at=stamp))
        return thread.status

    async def release_thread(self, thread_id: str, status: str, *,
                             discard_run: str | None = None) -> None:
        """Set the thread's status; ``discard_run`` removes a run that never started."""
        async with self.engine.begin() as conn:
            await conn.execute(threads.update().where(threads.c.thread_id == thread_id)
                               .values(status=status, updated_at=now()))
            if discard_run is not None:
                await conn.execute(runs.delete().where(runs.c.run_id == discard_run))

    # -- runs ----------------------------------------------------------------

    async def finish_run(self, run_id: str, status: str, error: str | None = None) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(runs.update().where(runs.c.run_id == run_id).values(
                status=status, error=error, updated_at=now()))

    async def _find_run(self, run_id: str | None) -> RunRecord | None:
        if run_id is None:
            return None
        async with self.engine.connect() as conn:
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
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [RunRecord.model_validate(dict(row)) for row in rows]

    # -- decisions -------------------------------------------------------------

    async def record_decision(self, interrupt_id: str, thread_id: str, run_id: str,
                              decision: dict[str, Any], actor: str | None) -> None:
        """Write the decision and its audit entry, once per interrupt; a second is refused."""
        stamp = now()
        try:
            async with self.engine.begin() as conn:
                await conn.execute(decisions.insert().values(
                    interrupt_id=interrupt_id, thread_id=thread_id, run_id=run_id,
                    type=decision["type"], decision=decision, actor=actor, created_at=stamp))
                await conn.execute(audit_log.insert().values(
                    thread_id=thread_id, run_id=run_id, event="decision", actor=actor,
                    data={"interrupt_id": interrupt_id, **decision}, created_at=stamp))
        except IntegrityError:
            raise DecisionError(f"interrupt {interrupt_id} of thread {thread_id!r} was already "
                                "decided", thread_id=thread_id, interrupt_id=interrupt_id) from None

    async def get_decision(self, interrupt_id: str) -> dict[str, Any] | None:
        query = sa.select(decisions.c.decision).where(decisions.c.interrupt_id == interrupt_id)
        async with self.engine.connect() as conn:
            return (await conn.execute(query)).scalar_one_or_none()

    # -- audit -----------------------------------------------------------------

    async def audit(self, event: str, *, thread_id: str | None, run_id: str | None = None,
                    actor: str | None = None, data: dict[str, Any] | None = None) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(audit_log.insert().values(
                thread_id=thread_id, run_id=run_id, event=event, actor=actor,
                data=data or {}, created_at=now()))

    async def audit_trail(self, thread_id: str) -> list[AuditEntry]:
        query = (sa.select(audit_log).where(audit_log.c.thread_id == thread_id)
                 .order_by(audit_log.c.id))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [AuditEntry.model_validate(dict(row)) for row in rows]

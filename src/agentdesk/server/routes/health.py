"""Liveness and readiness, as container platforms probe them (public, like ``/ok``).

``/live`` answers as soon as the event loop does, and asks nothing else: a process
that fails it should be restarted. ``/ready`` runs real queries: the database
answers, the run queue answers (the runs table; on PostgreSQL procrastinate's job
table too, through its own connections), and the database's migrations are the
ones this version knows (its recorded versions are exactly ``1..len(MIGRATIONS)``);
503 names the checks that failed, so traffic goes elsewhere until they pass.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from agentdesk.runtime.storage.persistence import MIGRATIONS, runs, schema_migrations

router = APIRouter(tags=["meta"])

CHECK_SECONDS = 5.0
"""How long one readiness check may take before it counts as failed."""


@router.get("/live")
async def live() -> dict[str, bool]:
    """200 while the process's event loop answers; nothing else is asked."""
    return {"live": True}


async def _database(request: Request) -> str:
    async with request.app.state.desk.persistence.engine.connect() as conn:
        await conn.execute(sa.select(sa.func.count()).select_from(schema_migrations))
    return "ok"


async def _queue(request: Request) -> str:
    async with request.app.state.desk.persistence.engine.connect() as conn:
        await conn.execute(sa.select(runs.c.run_id).limit(1))
    jobs = request.app.state.manager.jobs
    if jobs is not None:  # PostgreSQL: the job queue, over procrastinate's own pool
        await jobs.app.connector.execute_query_one_async(
            "SELECT count(*) AS n FROM (SELECT 1 FROM procrastinate_jobs LIMIT 1) AS one")
    return "ok"


async def _migrations(request: Request) -> str:
    async with request.app.state.desk.persistence.engine.connect() as conn:
        versions = set((await conn.execute(sa.select(schema_migrations.c.version))).scalars())
    known = set(range(1, len(MIGRATIONS) + 1))
    if versions == known:
        return "ok"
    latest = max(versions, default=0)
    if versions - known:
        raise RuntimeError(f"the database is at version {latest}, ahead of this server's "
                           f"{len(MIGRATIONS)}: upgrade agentdesk")
    raise RuntimeError(f"the database lacks migrations {sorted(known - versions)} of "
                       f"{len(MIGRATIONS)}: restart to apply them")


CHECKS: dict[str, Callable[[Request], Awaitable[str]]] = {
    "database": _database, "queue": _queue, "migrations": _migrations}


async def _check(name: str, request: Request) -> str | None:
    """None if check ``name`` passes, else why it failed (one line)."""
    try:
        await asyncio.wait_for(CHECKS[name](request), CHECK_SECONDS)
    except TimeoutError:
        return f"no answer in {CHECK_SECONDS:g} s"
    except Exception as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        return reason[0] if reason else type(exc).__name__
    return None


@router.get("/ready", response_model=None)
async def ready(request: Request) -> dict[str, Any] | JSONResponse:
    """200 when the database, the run queue and the migrations are ready; else 503 with
    ``failed`` (the names of the checks that failed) and each one's reason."""
    names = list(CHECKS)
    results = await asyncio.gather(*(_check(name, request) for name in names))
    checks = {name: reason or "ok" for name, reason in zip(names, results, strict=True)}
    failed = [name for name, reason in zip(names, results, strict=True) if reason]
    if failed:
        return JSONResponse(status_code=503, content={
            "ready": False, "failed": failed, "checks": checks,
            "detail": "; ".join(f"{name}: {checks[name]}" for name in failed)})
    return {"ready": True, "checks": checks}

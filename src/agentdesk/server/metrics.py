"""``GET /metrics``: the Prometheus text format, and the event loop's lag sampler.

What the runtime counts lives in ``runtime/meters.py``; the figures that are the
database's to tell (queue depth, the oldest pending run, pending decisions) are
read when Prometheus scrapes, so every process answers the same. With
``PROMETHEUS_MULTIPROC_DIR`` set (several ``serve`` or ``worker`` processes),
``prometheus_client``'s multi-process collector adds up what each process wrote
to that directory; without it, the process's own registry answers, with the
default process collector (resident memory, open file descriptors, CPU).

``/metrics`` is authenticated like the API (API keys or ``langgraph.json`` auth)
and open without either; ``http.disable_meta`` switches it off (``lgapp.py``).
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import Response
from prometheus_client import REGISTRY, CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4
from prometheus_client.registry import Collector

from agentdesk.runtime.meters import meters
from agentdesk.runtime.storage.persistence import now, runs, threads

from .deps import CallerDep

__all__ = ["LAG_INTERVAL", "router", "sampling_loop_lag"]

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"

LAG_INTERVAL = 0.5
"""Seconds between two samples of the event loop's lag."""

router = APIRouter(tags=["meta"])


def _age(oldest: datetime | None, stamp: datetime) -> float:
    if oldest is None:
        return 0.0
    if oldest.tzinfo is None:  # SQLite's aggregate comes back as naive text
        oldest = oldest.replace(tzinfo=stamp.tzinfo)
    return max((stamp - oldest).total_seconds(), 0.0)


async def database_figures(engine: Any) -> dict[str, float]:
    """Queue depth, running runs, pending decisions and the ages of the oldest, read now."""
    stamp = now()
    start = sa.func.min(sa.func.coalesce(runs.c.run_after, runs.c.created_at))
    async with engine.connect() as conn:
        pending, oldest_run = (await conn.execute(
            sa.select(sa.func.count(), start).where(runs.c.status == "pending"))).one()
        running = (await conn.execute(
            sa.select(sa.func.count()).where(runs.c.status == "running"))).scalar()
        waiting, oldest_wait = (await conn.execute(
            sa.select(sa.func.count(), sa.func.min(threads.c.updated_at))
            .where(threads.c.status == "interrupted"))).one()
    return {
        "agentdesk_queue_depth": float(pending or 0),
        "agentdesk_queue_oldest_pending_seconds": _age(_stamp(oldest_run), stamp),
        "agentdesk_runs_running": float(running or 0),
        "agentdesk_pending_decisions": float(waiting or 0),
        "agentdesk_pending_decision_oldest_seconds": _age(_stamp(oldest_wait), stamp),
    }


def _stamp(value: Any) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return value
    return datetime.fromisoformat(str(value))  # SQLite: min() over text loses the type


_HELP = {
    "agentdesk_queue_depth": "Runs waiting in the queue (pending), read at scrape time.",
    "agentdesk_queue_oldest_pending_seconds": "Age of the oldest pending run (since it "
    "was due), read at scrape time; 0 with none.",
    "agentdesk_runs_running": "Runs a worker holds now, read at scrape time.",
    "agentdesk_pending_decisions": "Threads paused for a person (interrupted), read at "
    "scrape time.",
    "agentdesk_pending_decision_oldest_seconds": "How long the longest-waiting paused thread "
    "has waited, read at scrape time; 0 with none.",
}


class _Figures(Collector):
    """The database's figures of one scrape, as gauges."""

    def __init__(self, figures: dict[str, float]) -> None:
        self.figures = figures

    def collect(self) -> Iterator[Metric]:
        for name, value in self.figures.items():
            yield GaugeMetricFamily(name, _HELP[name], value=value)


def exposition(figures: dict[str, float]) -> bytes:
    """This process's (or, multi-process, every process's) metrics and ``figures``."""
    meters()  # registered before the first scrape, so every name shows from the start
    if os.environ.get(MULTIPROC_ENV):
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        body = generate_latest(registry)
    else:
        body = generate_latest(REGISTRY)
    database = CollectorRegistry(auto_describe=False)
    database.register(_Figures(figures))
    return body + generate_latest(database)


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request, caller: CallerDep) -> Response:
    """Prometheus text format (0.0.4); 401 without a key when keys are set."""
    figures = await database_figures(request.app.state.desk.persistence.engine)
    return Response(exposition(figures), media_type=CONTENT_TYPE_PLAIN_0_0_4)


@asynccontextmanager
async def sampling_loop_lag(interval: float = LAG_INTERVAL) -> AsyncIterator[None]:
    """Sample how late this event loop wakes a sleeper, every ``interval`` seconds, into
    ``agentdesk_event_loop_lag_seconds`` (a blocked loop shows as a large lag)."""
    gauge = meters().loop_lag

    async def sample() -> None:
        while True:
            began = time.monotonic()
            await asyncio.sleep(interval)
            gauge.set(max(time.monotonic() - began - interval, 0.0))

    task = asyncio.create_task(sample(), name="agentdesk-loop-lag")
    try:
        yield
    finally:
        task.cancel()
        if os.environ.get(MULTIPROC_ENV):  # its live gauges leave the sum with it
            from prometheus_client import multiprocess

            multiprocess.mark_process_dead(os.getpid())

"""The :class:`Desk`: one process's runtime, composed of reading, preparing and executing.

:class:`Desk` is what the CLI, the server and the workers hold: open it with
:meth:`Desk.open`, which registers the graphs named in ``langgraph.json``,
opens the database, and closes both on exit. Its three sides live beside it:
reading threads in :mod:`.reading`, preparing runs (every run is a durable
record before it executes) in :mod:`.prepare`, and driving them under a lease
in :mod:`.execute`. :meth:`Desk.start`, :meth:`Desk.decide` and
:meth:`Desk.resume` are the one-call forms that prepare a run and execute it
in this process.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from agentdesk.runtime.approvals import Decision, InterruptPayload
from agentdesk.runtime.durable.hostlocks import held_worker, lock_dir
from agentdesk.runtime.durable.queue import worker_name
from agentdesk.runtime.graphs import load_graphs
from agentdesk.runtime.memory.store import StoreOptions
from agentdesk.runtime.registry import register, unregister
from agentdesk.runtime.storage.persistence import open_persistence
from agentdesk.settings import Settings, get_settings

from .events import EventSink
from .execute import RunExecutor
from .prepare import RunOutcome, RunPreparer

__all__ = ["Desk"]


def store_options(settings: Settings) -> StoreOptions:
    """The Store's index and TTL, from the settings (langgraph.json's ``store`` section)."""
    return StoreOptions(index=settings.store_index,
                        ttl_default_minutes=settings.store_ttl_default_minutes,
                        ttl_refresh_on_read=settings.store_ttl_refresh_on_read,
                        ttl_sweep_interval_minutes=settings.store_ttl_sweep_interval_minutes)


class Desk(RunPreparer, RunExecutor):
    """The runtime of one process: persistence, agents, models and tool servers."""

    @classmethod
    @asynccontextmanager
    async def open(cls, settings: Settings | None = None) -> AsyncIterator[Desk]:
        settings = settings or get_settings()
        specs = await load_graphs(settings.graphs) if settings.graphs else []
        register(specs)
        try:
            async with open_persistence(
                    settings.resolved_database_url, store_options(settings),
                    sqlite_synchronous=settings.sqlite_synchronous) as persistence:
                desk = cls(settings, persistence)
                # Held while the desk is open: on this host, a process that finds it free
                # knows this one died and takes its runs back at once (hostlocks).
                try:
                    with held_worker(desk.worker_locks, worker_name()):
                        yield desk
                finally:
                    await asyncio.to_thread(desk.queue.heartbeat.close)
        finally:
            unregister(specs)

    @property
    def worker_locks(self) -> Path:
        """Where this host's workers on this database hold their locks (:mod:`.hostlocks`
        of :mod:`agentdesk.runtime.durable`)."""
        return lock_dir(self.settings.data_dir, self.persistence.url)

    async def start(self, agent: str, payload: dict[str, Any], *, model: str | None = None,
                    owner: str | None = None, actor: str | None = None,
                    on_event: EventSink | None = None) -> RunOutcome:
        """Validate ``payload``, create a thread and run it to an interrupt or the end."""
        run = await self.prepare_start(agent, payload, model=model, owner=owner, actor=actor)
        return await self.execute(run, on_event=on_event)

    async def decide(self, thread_id: str,
                     decision: Decision | Callable[[InterruptPayload], Decision], *,
                     interrupt_id: str | None = None,
                     model: str | None = None, owner: str | None = None,
                     on_event: EventSink | None = None) -> RunOutcome:
        """Answer the pending interrupt, once, and run on to the next pause or the end."""
        run = await self.prepare_decide(thread_id, decision, interrupt_id=interrupt_id,
                                        model=model, owner=owner)
        return await self.execute(run, on_event=on_event)

    async def resume(self, thread_id: str, *, model: str | None = None, owner: str | None = None,
                     actor: str | None = None, on_event: EventSink | None = None,
                     wait: float = 0.0) -> RunOutcome:
        """Continue ``thread_id``: finish a run whose worker is gone, or resume an ended one."""
        await self.store.get_thread(thread_id, owner)  # ownership first
        run = await self.take_over(thread_id, wait=wait)
        if run is None:
            run = await self.prepare_resume(thread_id, model=model, owner=owner, actor=actor)
        return await self.execute(run, on_event=on_event)

"""What reading, preparing and executing runs share: :class:`DeskBase`.

It holds one process's settings and persistence, the run queue, the effect
ledger and the fenced checkpointer, and compiles each agent's graph once per
process on that checkpointer (:meth:`DeskBase._graph`). The small helpers
here read a checkpoint the same way wherever it is read: the pending interrupt
(:func:`pending_interrupt`) and what a recorded decision resumes the graph
with (:func:`resume_value`).
"""

from __future__ import annotations

import getpass
from functools import cache
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.graph.state import CompiledStateGraph

from agentdesk.errors import ConflictError
from agentdesk.runtime import telemetry
from agentdesk.runtime.approvals import InterruptPayload, pending_payload
from agentdesk.runtime.durable.effects import EffectLedger
from agentdesk.runtime.durable.fence import fence_checkpointer
from agentdesk.runtime.durable.queue import Heartbeat, RunQueue
from agentdesk.runtime.registry import AgentSpec, get_agent
from agentdesk.runtime.storage.persistence import Persistence, crons
from agentdesk.runtime.storage.store import AppStore, ThreadRecord
from agentdesk.settings import Settings

__all__ = ["DeskBase", "pending_interrupt", "resume_value"]


@cache
def _login() -> str:
    """The OS user running this process (looked up once: it reads the environment or passwd)."""
    return getpass.getuser()


def resume_value(recorded: dict[str, Any]) -> Any:
    """What a recorded decision resumes the graph with (a graph's own: the raw value)."""
    return recorded.get("value") if recorded.get("type") == "resume" else recorded


def pending_interrupt(state: Any) -> InterruptPayload | None:
    """The interrupt a thread's state waits on, as the one payload shape (None: none)."""
    for item in state.interrupts:
        return pending_payload(item.value, item.id)
    return None


class DeskBase:
    """The runtime of one process: persistence, agents, models and tool servers."""

    def __init__(self, settings: Settings, persistence: Persistence) -> None:
        self.settings = settings
        self.persistence = persistence
        self.store = AppStore(persistence.engine)
        lease = settings.run_lease_seconds
        self.queue = RunQueue(
            persistence.engine,
            Heartbeat(persistence.url.sync_url, lease, interval=min(1.0, lease / 3)),
            lease_seconds=lease, max_lapses=settings.run_max_retries)
        self.effects = EffectLedger(persistence.engine)
        self.checkpointer = fence_checkpointer(persistence.checkpointer)
        self._graphs: dict[str, CompiledStateGraph[Any, Any, Any, Any]] = {}
        telemetry.setup(settings)  # a no-op unless an OTLP endpoint is set

    def default_actor(self) -> str:
        return self.settings.actor or _login()

    async def drop_thread(self, thread_id: str) -> None:
        """Remove a thread for good: its crons first (a tick must not start a run on a
        thread going away), then its checkpoints, then its records.

        A removal cut short leaves a thread that a second one finishes; it never leaves a
        cron bound to a thread that is gone (one that would fail at every tick).
        """
        async with self.persistence.engine.begin() as conn:
            await conn.execute(crons.delete().where(crons.c.thread_id == thread_id))
        await self.persistence.checkpointer.adelete_thread(thread_id)
        await self.store.delete_thread(thread_id)

    def _graph(self, spec: AgentSpec) -> CompiledStateGraph[Any, Any, Any, Any]:
        """The agent's graph, compiled once per process on the fenced checkpointer."""
        graph = self._graphs.get(spec.name)
        if graph is None:
            graph = (spec.compile_graph(self.checkpointer) if spec.compile_graph
                     else spec.build_graph().compile(checkpointer=self.checkpointer,
                                                     store=self.persistence.memory))
            self._graphs[spec.name] = graph
        return graph

    def _config(self, spec: AgentSpec, thread_id: str,
                run_id: str | None = None) -> RunnableConfig:
        config: RunnableConfig = {"configurable": {"thread_id": thread_id},
                                  "recursion_limit": spec.recursion_limit}
        if run_id is not None:
            # Checkpoints carry the run id: a retried attempt knows what this run wrote.
            config["metadata"] = {"run_id": run_id}
        return config

    def _spec_of(self, thread: ThreadRecord) -> AgentSpec:
        """The agent of a thread that has run; a thread never run is a :class:`ConflictError`."""
        if thread.agent is None:
            raise ConflictError(f"thread {thread.thread_id!r} has not run yet",
                                thread_id=thread.thread_id)
        return get_agent(thread.agent)

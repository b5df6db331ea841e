"""Reading threads: :class:`ThreadView`, its rendering, and :class:`ThreadReader`.

Everything here reads a thread (its record and its checkpoints) and runs
nothing; the one write is :meth:`ThreadReader.delete_thread`, which refuses a
busy thread. A thread created but never run has no agent and so no graph
state: it reads as empty values, no next step and no interrupt.
"""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.types import StateSnapshot
from pydantic import BaseModel

from agentdesk.errors import ThreadBusyError
from agentdesk.runtime.approvals import InterruptPayload
from agentdesk.runtime.registry import get_agent
from agentdesk.runtime.storage.store import ThreadRecord

from .base import DeskBase, pending_interrupt

__all__ = ["ThreadReader", "ThreadView", "render_view"]


class ThreadView(BaseModel):
    """A thread as a person sees it: record, values and pending interrupt."""

    thread: ThreadRecord
    values: dict[str, Any]
    next: list[str]
    interrupt: InterruptPayload | None


def render_view(view: ThreadView) -> str:
    """The agent's render-ready text of a thread's state ("" if it has none)."""
    if view.thread.agent is None:
        return ""
    spec = get_agent(view.thread.agent)
    return spec.render(view.values) if spec.render else ""


class ThreadReader(DeskBase):
    """The :class:`~agentdesk.runtime.runs.desk.Desk`'s reading side: views, states, history."""

    async def view(self, thread_id: str, owner: str | None = None,
                   thread: ThreadRecord | None = None) -> ThreadView:
        """A thread as a person sees it (``thread``: its record, if just read)."""
        thread = thread or await self.store.get_thread(thread_id, owner)
        if thread.agent is None:  # created, never run
            return ThreadView(thread=thread, values={}, next=[], interrupt=None)
        spec = get_agent(thread.agent)
        state = await self._graph(spec).aget_state(self._config(spec, thread_id))
        # ``tasks``, not ``next``: a task whose writes were saved before its step's
        # checkpoint is left out of ``next`` but still has to run to its end.
        return ThreadView(thread=thread, values=state.values or {},
                          next=[task.name for task in state.tasks],
                          interrupt=pending_interrupt(state))

    async def snapshot(self, thread_id: str, owner: str | None = None,
                       ) -> tuple[ThreadRecord, StateSnapshot | None]:
        """A thread's record and LangGraph state (None before its first run)."""
        thread = await self.store.get_thread(thread_id, owner)
        if thread.agent is None:
            return thread, None
        spec = get_agent(thread.agent)
        return thread, await self._graph(spec).aget_state(self._config(spec, thread_id))

    async def history(self, thread_id: str, owner: str | None = None, limit: int = 10,
                      before: RunnableConfig | None = None) -> list[StateSnapshot]:
        """The thread's checkpoints, newest first."""
        thread = await self.store.get_thread(thread_id, owner)
        if thread.agent is None:
            return []
        spec = get_agent(thread.agent)
        graph = self._graph(spec)
        return [s async for s in graph.aget_state_history(
            self._config(spec, thread_id), limit=limit, before=before)]

    async def delete_thread(self, thread_id: str, owner: str | None = None) -> None:
        """Remove a thread, its crons, checkpoints and records; a busy thread is refused."""
        thread = await self.store.get_thread(thread_id, owner)
        if thread.status == "busy":
            raise ThreadBusyError(f"thread {thread_id!r} is busy", thread_id=thread_id)
        await self.drop_thread(thread_id)

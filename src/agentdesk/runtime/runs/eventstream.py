"""The ``events`` stream mode: LangChain's ``astream_events(version="v2")`` feed of a run.

Only runs that ask for it pay for it; the others stream with ``graph.astream``.
The feed carries every callback event of the run (``on_chain_start``/``end``
of the graph and its nodes, ``on_chat_model_start``/``stream``/``end``,
``on_tool_start``/``end``, ``on_custom_event``...), as LangGraph's server sends
them. The graph's own stream modes ride inside it as the root run's
``on_chain_stream`` chunks: they are handed on as ``(mode, chunk)``, as
``graph.astream`` would yield them, and not repeated as events.

``astream_events`` runs the graph in a task of its own that queues events
without bound, so a slow reader (each event is stored before it is sent) would
fall behind the graph, and a crash would lose what was queued. :class:`_Pace`
gives back ``graph.astream``'s pull: each node of the graph waits at its start
until the reader has taken every event before it.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator
from typing import Any

from langchain_core.callbacks import AsyncCallbackHandler
from langchain_core.runnables import RunnableConfig
from langgraph.graph.state import CompiledStateGraph

__all__ = ["EVENTS", "stream_with_events"]

EVENTS = "events"
"""The name of the mode, as the API and :meth:`Desk.execute`'s ``stream_modes`` spell it."""

_HIDDEN = "langsmith:hidden"
PACE_TIMEOUT = 30.0
"""The longest a node waits for the reader (a stuck reader must not hang the run)."""


class _Pace(AsyncCallbackHandler):
    """Holds each node of the root graph at its start until its start event was read."""

    def __init__(self, root: uuid.UUID) -> None:
        self.root = root
        self._waiting: dict[uuid.UUID, asyncio.Future[None]] = {}
        self._read: set[uuid.UUID] = set()

    async def on_chain_start(self, serialized: dict[str, Any] | None, inputs: Any, *,
                             run_id: uuid.UUID, parent_run_id: uuid.UUID | None = None,
                             **kwargs: Any) -> None:
        if parent_run_id != self.root or run_id in self._read:
            return
        waiter = self._waiting[run_id] = asyncio.get_running_loop().create_future()
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(waiter, PACE_TIMEOUT)
        finally:
            self._waiting.pop(run_id, None)
            self._read.discard(run_id)

    def read(self, event: dict[str, Any]) -> None:
        """The reader is done with ``event`` (and so with every event before it)."""
        if event["event"] != "on_chain_start" or event.get("parent_ids") != [str(self.root)]:
            return
        run_id = uuid.UUID(event["run_id"])
        waiter = self._waiting.get(run_id)
        if waiter is None:
            self._read.add(run_id)  # read before the node got to wait: it will not
        elif not waiter.done():
            waiter.set_result(None)


async def stream_with_events(graph: CompiledStateGraph[Any, Any, Any, Any], graph_input: Any,
                             config: RunnableConfig, run_id: str, **kwargs: Any,
                             ) -> AsyncIterator[tuple[Any, ...]]:
    """``(mode, chunk)`` for the graph's stream modes and ``("events", event)`` for the rest;
    with ``subgraphs=True`` a graph's chunk is ``(namespace, mode, chunk)``.

    ``kwargs`` go to ``graph.astream`` (``stream_mode``, ``context``, ``durability``...).
    The root event's ``run_id`` is the run's own id, as on LangGraph's server.
    """
    config = {**config}
    try:
        root = uuid.UUID(run_id)
    except ValueError:
        root = uuid.uuid4()
    pace = _Pace(root)
    config["run_id"] = root
    config["callbacks"] = [pace]
    async for event in graph.astream_events(graph_input, config, version="v2", **kwargs):
        if _HIDDEN in (event.get("tags") or ()):
            continue
        if event["event"] == "on_chain_stream" and not event.get("parent_ids"):
            yield tuple(event["data"]["chunk"])
        else:
            yield EVENTS, dict(event)
            pace.read(dict(event))

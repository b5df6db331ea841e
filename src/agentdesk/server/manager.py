"""Runs in the background of the server: stream events, persist them, replay them.

Every event a run streams is written to ``agentdesk_run_events`` with an
increasing ``seq`` (its SSE id) before it is handed to live listeners, so a
client that reconnects with ``Last-Event-ID`` gets exactly what it missed, from
this process or another. A client that goes away does not stop the run.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from agentdesk.runtime.persistence import now, run_events
from agentdesk.runtime.runs import Desk, PreparedRun, RunOutcome

from .fanout import Fanout, PollingFanout
from .serialize import dumps

__all__ = ["GRAPH_MODES", "PEOPLE_MODES", "RunManager", "StreamEvent"]

# API stream mode -> LangGraph stream mode it needs.
GRAPH_MODES = {"values": "values", "updates": "updates", "messages": "messages",
               "messages-tuple": "messages", "custom": "custom", "events": "tasks",
               "debug": "debug"}


# What runs started for people (decisions, /ask) stream, for the web app's activity log.
PEOPLE_MODES = ("values", "updates", "custom", "messages-tuple")


@dataclass
class StreamEvent:
    seq: int
    event: str
    data: str  # JSON text


@dataclass
class _LiveRun:
    task: asyncio.Task[RunOutcome] | None = None
    seq: int = 0
    listeners: set[asyncio.Queue[StreamEvent | None]] = field(default_factory=set)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    outcome: RunOutcome | None = None


def _message_events(chunk: Any, tuple_mode: bool) -> list[tuple[str, Any]]:
    message, meta = chunk
    if tuple_mode:
        return [("messages", [message, meta])]
    return [("messages/metadata", {getattr(message, "id", None) or "": {"metadata": meta}}),
            ("messages/partial", [message])]


def sse_events(mode: str, chunk: Any, requested: Sequence[str]) -> list[tuple[str, Any]]:
    """The SDK-framed events for one LangGraph chunk, for the API modes asked for."""
    out: list[tuple[str, Any]] = []
    for api_mode in requested:
        if GRAPH_MODES.get(api_mode) != mode:
            continue
        if api_mode in ("messages", "messages-tuple"):
            out += _message_events(chunk, api_mode == "messages-tuple")
        elif api_mode == "events":
            kind = "on_chain_start" if "input" in chunk else "on_chain_end"
            payload = {"input": chunk["input"]} if "input" in chunk else {
                "output": chunk.get("result"), "error": chunk.get("error")}
            out.append(("events", {"event": kind, "name": chunk["name"], "run_id": chunk["id"],
                                   "data": payload, "metadata": {"langgraph_node": chunk["name"]},
                                   "tags": []}))
        else:
            out.append((api_mode, chunk))
    return out


class RunManager:
    """Launches prepared runs as tasks and serves their event streams."""

    def __init__(self, desk: Desk, fanout: Fanout | None = None) -> None:
        self.desk = desk
        self.fanout = fanout or PollingFanout()
        self.engine = desk.persistence.engine
        self.live: dict[str, _LiveRun] = {}
        self._thread_locks: dict[str, asyncio.Lock] = {}

    async def _publish(self, run_id: str, event: str, data: Any) -> None:
        live = self.live[run_id]
        live.seq += 1
        item = StreamEvent(live.seq, event, data if isinstance(data, str) else dumps(data))
        async with self.engine.begin() as conn:
            await conn.execute(run_events.insert().values(
                run_id=run_id, seq=item.seq, event=item.event, data=item.data,
                created_at=now()))
        for queue in list(live.listeners):
            queue.put_nowait(item)
        await self.fanout.notify(run_id, item.seq)

    def launch(self, run: PreparedRun, stream_modes: Sequence[str] = ("values",)) -> _LiveRun:
        """Start ``run`` in the background; its events stream from :meth:`events`."""
        live = _LiveRun()
        self.live[run.run_id] = live
        live.task = asyncio.create_task(self._drive(run, list(stream_modes)),
                                        name=f"run-{run.run_id}")
        return live

    async def _drive(self, run: PreparedRun, requested: list[str]) -> RunOutcome:
        run_id = run.run_id
        live = self.live[run_id]

        async def on_chunk(mode: str, chunk: Any) -> None:
            for event, data in sse_events(mode, chunk, requested):
                await self._publish(run_id, event, data)

        graph_modes = sorted({GRAPH_MODES[m] for m in requested if m in GRAPH_MODES})
        try:
            await self._publish(run_id, "metadata", {"run_id": run_id, "attempt": 1})
            try:
                outcome = await self.desk.execute(run, on_chunk=on_chunk,
                                                  stream_modes=graph_modes)
            except asyncio.CancelledError:
                await self._publish(run_id, "error", {"error": "Cancelled",
                                                      "message": "run cancelled"})
                await self._publish(run_id, "end", {"run_id": run_id, "status": "interrupted"})
                raise
            live.outcome = outcome
            if outcome.status == "failed" and outcome.error:
                await self._publish(run_id, "error", {"error": outcome.error.get("type"),
                                                      "message": outcome.error.get("message")})
            await self._publish(run_id, "end", {"run_id": run_id, "status": api_run_status(
                outcome.status)})
            return outcome
        finally:
            live.done.set()
            for queue in list(live.listeners):
                queue.put_nowait(None)
            # Finished runs are served from the database; keep only running ones in memory.
            self.live.pop(run_id, None)

    async def wait(self, run_id: str) -> None:
        """Until run ``run_id`` has finished (here or in another process)."""
        live = self.live.get(run_id)
        if live is not None:
            await live.done.wait()
            return
        async with self.fanout.follow(run_id) as waiter:
            while (await self.desk.store.get_run(run_id)).status == "running":
                await waiter.wait()

    async def cancel(self, run_id: str) -> bool:
        live = self.live.get(run_id)
        if live is None or live.task is None or live.done.is_set():
            return False
        live.task.cancel()
        await asyncio.gather(live.task, return_exceptions=True)
        return True

    async def _stored(self, run_id: str, after: int) -> list[StreamEvent]:
        query = (sa.select(run_events.c.seq, run_events.c.event, run_events.c.data)
                 .where(run_events.c.run_id == run_id, run_events.c.seq > after)
                 .order_by(run_events.c.seq))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [StreamEvent(r.seq, r.event, r.data) for r in rows]

    async def events(self, run_id: str, after: int = 0) -> AsyncIterator[StreamEvent]:
        """Events of ``run_id`` with ``seq > after``: stored ones first, then live ones."""
        live = self.live.get(run_id)
        queue: asyncio.Queue[StreamEvent | None] = asyncio.Queue()
        if live is not None:
            live.listeners.add(queue)
        try:
            for item in await self._stored(run_id, after):
                after = item.seq
                yield item
            if live is not None:
                while not (live.done.is_set() and queue.empty()):
                    got = await queue.get()
                    if got is None:
                        break
                    if got.seq > after:
                        after = got.seq
                        yield got
                return
            async with self.fanout.follow(run_id) as waiter:
                while True:  # a run of another process: follow what it stores
                    running = (await self.desk.store.get_run(run_id)).status == "running"
                    for item in await self._stored(run_id, after):
                        after = item.seq
                        yield item
                    if not running:
                        return
                    await waiter.wait()
        finally:
            if live is not None:
                live.listeners.discard(queue)

    def thread_lock(self, thread_id: str) -> asyncio.Lock:
        """Serialises queued (``enqueue``) runs of one thread in this process."""
        return self._thread_locks.setdefault(thread_id, asyncio.Lock())

    async def shutdown(self) -> None:
        tasks = [live.task for live in self.live.values() if live.task and not live.done.is_set()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.fanout.close()


def api_run_status(status: str) -> str:
    """Our run status as the LangGraph API names it (a run that paused succeeded)."""
    return {"running": "running", "interrupted": "success", "completed": "success",
            "failed": "error", "cancelled": "interrupted"}.get(status, status)


def api_thread_status(status: str) -> str:
    """Our thread status as the LangGraph API names it."""
    return {"busy": "busy", "interrupted": "interrupted", "failed": "error"}.get(status, "idle")


def parse_last_event_id(value: str | None) -> int:
    try:
        return max(0, int(value)) if value else 0
    except ValueError:
        return 0


def event_json(item: StreamEvent) -> Any:
    return json.loads(item.data)

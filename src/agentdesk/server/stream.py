"""A run's stream: LangGraph chunks framed as the SDK's SSE events, stored, replayed.

Every event a run streams is written to ``agentdesk_run_events`` with an
increasing ``seq`` (its SSE id) before it is handed to live listeners, so a
client that reconnects with ``Last-Event-ID`` gets exactly what it missed, from
this process or another. A client that goes away does not stop the run.

A run whose caller waits for its result (``runs/wait``) stores its events in
one batch when it ends, or at once from the moment a follower arrives in this
process; every other run stores each event as it comes, so even the events of
an attempt that died are there to replay. An event is numbered only when it is
stored, so one lost in a crash before anyone saw it leaves no gap and no id that
a later attempt gives to another event.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from agentdesk.runtime.durable import guarded
from agentdesk.runtime.durable.queue import ACTIVE, LeaseLostError
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.prepare import PreparedRun, RunOutcome
from agentdesk.runtime.storage.persistence import now, run_events

from .fanout import Fanout
from .serialize import dumps
from .views import api_run_status

__all__ = ["GRAPH_MODES", "PEOPLE_MODES", "EventLog", "RunStream", "StreamEvent",
           "last_events", "parse_last_event_id", "sse_events"]

# API stream mode -> LangGraph stream mode it needs ("events": the astream_events feed).
GRAPH_MODES = {"values": "values", "updates": "updates", "messages": "messages",
               "messages-tuple": "messages", "custom": "custom", "events": "events",
               "debug": "debug", "tasks": "tasks", "checkpoints": "checkpoints"}


# What runs started for people (decisions, /ask) stream, for the web app's activity log.
PEOPLE_MODES = ("values", "updates", "custom", "messages-tuple")


@dataclass
class StreamEvent:
    seq: int
    event: str
    data: str  # JSON text


@dataclass
class RunStream:
    """The events of one run executing in this process, on their way to the database."""

    run: PreparedRun
    batched: bool = False
    """Its caller waits for the result: events are stored when it ends, or once followed."""
    listeners: set[asyncio.Queue[StreamEvent | None]] = field(default_factory=set)
    """This process's followers of the run, handed each event once it is stored."""
    unsent: list[tuple[str, str]] = field(default_factory=list)
    """Events not stored yet: (event, JSON data), in order."""
    flushing: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Held while events are numbered and stored, so they are stored in order."""
    ended: list[StreamEvent] | None = None
    """The last events, written in the transaction that ended the run (held lock)."""
    done: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when the run stops executing here: no live event comes any more."""

    def take_ended(self) -> list[StreamEvent] | None:
        """The events stored with the run's end, if they were; lets the order lock go."""
        ended, self.ended = self.ended, None
        if ended is not None:
            self.flushing.release()
        return ended

    def close(self) -> None:
        """The run stopped executing here: its followers go on from the database."""
        self.done.set()
        for queue in list(self.listeners):
            queue.put_nowait(None)


def _message_events(chunk: Any, tuple_mode: bool, suffix: str) -> list[tuple[str, Any]]:
    message, meta = chunk
    if tuple_mode:
        return [("messages" + suffix, [message, meta])]
    return [("messages/metadata", {getattr(message, "id", None) or "": {"metadata": meta}}),
            ("messages/partial", [message])]


def sse_events(mode: str, chunk: Any, requested: Sequence[str]) -> list[tuple[str, Any]]:
    """The SDK-framed events for one LangGraph chunk, for the API modes asked for.

    A subgraph's chunk (``mode|namespace``, a run with ``stream_subgraphs``) keeps its
    namespace in the event's name (``updates|child:<task id>``), as the Agent Server
    names it; ``messages`` (not ``messages-tuple``) events carry none there either.
    """
    base, bar, namespace = mode.partition("|")
    suffix = bar + namespace
    out: list[tuple[str, Any]] = []
    for api_mode in requested:
        if GRAPH_MODES.get(api_mode) != base:
            continue
        if api_mode in ("messages", "messages-tuple"):
            out += _message_events(chunk, api_mode == "messages-tuple", suffix)
        else:
            out.append((api_mode + suffix, chunk))
    return out


def last_events(run: PreparedRun, outcome: RunOutcome) -> list[tuple[str, str]]:
    """A run's ``error`` (if it failed) and ``end`` events, as (event, JSON data)."""
    out = []
    if outcome.status == "failed" and outcome.error:
        out.append(("error", dumps({"error": outcome.error.get("type"),
                                    "message": outcome.error.get("message")})))
    out.append(("end", dumps({"run_id": run.run_id,
                              "status": api_run_status(outcome.status)})))
    return out


def parse_last_event_id(value: str | None) -> int:
    """The ``Last-Event-ID`` a reconnecting client sent, as a ``seq`` (0: from the start)."""
    try:
        return max(0, int(value)) if value else 0
    except ValueError:
        return 0


class EventLog:
    """Stores the events of the runs executing here; serves any run's, stored and live."""

    def __init__(self, desk: Desk, fanout: Fanout) -> None:
        self.desk = desk
        self.fanout = fanout
        self.engine = desk.persistence.engine

    async def publish(self, stream: RunStream, event: str, data: Any, *,
                      flush: bool = False) -> None:
        """Queue one event; stored at once if someone follows the run here, or ``flush``."""
        stream.unsent.append((event, data if isinstance(data, str) else dumps(data)))
        if flush or stream.listeners or not stream.batched:
            await self.flush(stream)

    async def flush(self, stream: RunStream) -> None:
        """Number and store the run's unsent events in one transaction, fenced by its
        attempt; then hand them to listeners.

        Shielded: a caller cancelled meanwhile (a follower that hung up, whose stream
        flushes the run's events) leaves the store and the count to finish together. Cut
        between the commit and the count, the next batch would be numbered again from
        the same seq and refused by the key (or, cut before, a batch would be lost).
        """
        await asyncio.shield(self._flush(stream))

    async def _flush(self, stream: RunStream) -> None:
        lease = stream.run.lease
        assert lease is not None
        async with stream.flushing:
            if not stream.unsent:
                return
            batch, stream.unsent = stream.unsent, []
            items, rows = self._numbered(stream.run, batch)
            await self.desk.queue.write_fenced(lease, guarded.Rows(run_events, rows))
            await self._hand(stream, items)

    @staticmethod
    def _numbered(run: PreparedRun, batch: list[tuple[str, str]],
                  ) -> tuple[list[StreamEvent], list[dict[str, Any]]]:
        """``batch`` numbered after the run's last stored event, and as rows to insert."""
        assert run.lease is not None
        stamp = now()
        items = [StreamEvent(run.lease.next_seq + i, event, text)
                 for i, (event, text) in enumerate(batch)]
        return items, [{"run_id": run.run_id, "seq": item.seq, "event": item.event,
                        "data": item.data, "created_at": stamp} for item in items]

    async def _hand(self, stream: RunStream, items: list[StreamEvent]) -> None:
        """After ``items`` are committed: count them, give them to listeners, wake followers."""
        lease = stream.run.lease
        assert lease is not None
        if not items:
            return
        lease.next_seq += len(items)
        for queue in list(stream.listeners):
            for item in items:
                queue.put_nowait(item)
        await self.fanout.notify(stream.run.run_id, items[-1].seq)

    async def end_rows(self, stream: RunStream, outcome: RunOutcome) -> list[dict[str, Any]]:
        """The rows of the run's unsent and last events, for the transaction that ends it.

        Only if no batch is being stored (they must be stored in order): the lock is
        taken without waiting and held until :meth:`finish` hands them on (or, if the
        end is not recorded, :meth:`RunStream.take_ended` lets it go).
        """
        if stream.flushing.locked() or outcome.status == "queued":
            return []
        await stream.flushing.acquire()  # free: returns at once
        stream.ended, rows = self._numbered(stream.run,
                                            stream.unsent + last_events(stream.run, outcome))
        stream.unsent = []
        return rows

    async def finish(self, stream: RunStream, outcome: RunOutcome,
                     ended: list[StreamEvent] | None) -> None:
        """After the run's end: hand on the events stored with it, or store what is left.

        A run that went back to the queue (``queued``) gets no end: another attempt
        goes on with its stream.
        """
        if outcome.status == "queued":
            await self.flush(stream)
        elif ended is not None:
            await self._hand(stream, ended)
        else:
            for event, text in last_events(stream.run, outcome):
                await self.publish(stream, event, text)
            await self.flush(stream)

    async def cancelled(self, stream: RunStream) -> None:
        """The events of a run cancelled here (unless its lease is lost already)."""
        with contextlib.suppress(LeaseLostError):
            await self.publish(stream, "error", {"error": "Cancelled",
                                                 "message": "run cancelled"})
            await self.publish(stream, "end", {"run_id": stream.run.run_id,
                                               "status": "interrupted"}, flush=True)

    async def _stored(self, run_id: str, after: int) -> list[StreamEvent]:
        query = (sa.select(run_events.c.seq, run_events.c.event, run_events.c.data)
                 .where(run_events.c.run_id == run_id, run_events.c.seq > after)
                 .order_by(run_events.c.seq))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [StreamEvent(r.seq, r.event, r.data) for r in rows]

    async def events(self, run_id: str, after: int = 0,
                     stream: RunStream | None = None) -> AsyncIterator[StreamEvent]:
        """Events of ``run_id`` with ``seq > after``: stored ones, live ones (``stream``,
        when the run executes here), then followed ones."""
        queue: asyncio.Queue[StreamEvent | None] = asyncio.Queue()
        if stream is not None:
            stream.listeners.add(queue)
            if stream.unsent and not stream.done.is_set():
                with contextlib.suppress(LeaseLostError):  # the run's own task reports it
                    await self.flush(stream)
        try:
            for item in await self._stored(run_id, after):
                after = item.seq
                yield item
            if stream is not None:
                while not (stream.done.is_set() and queue.empty()):
                    got = await queue.get()
                    if got is None:
                        break
                    if got.seq > after:
                        after = got.seq
                        yield got
            async with self.fanout.follow(run_id) as waiter:
                while True:  # another process's run, or a later attempt: follow what it stores
                    running = (await self.desk.store.get_run(run_id)).status in ACTIVE
                    for item in await self._stored(run_id, after):
                        after = item.seq
                        yield item
                    if not running:
                        return
                    await waiter.wait()
        finally:
            if stream is not None:
                stream.listeners.discard(queue)

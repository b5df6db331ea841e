"""The SDK's thread event protocol (v2 streaming): a run's recorded events as protocol events.

A run records its events once (:mod:`.stream`); the thread event stream
(``POST /threads/{id}/stream/events``) reads them back and reshapes each into the
protocol's envelope::

    {"type": "event", "event_id": "<stable id>", "seq": 7, "method": "values",
     "params": {"namespace": [], "timestamp": 1700000000000, "data": {...}}}

``seq`` numbers a thread's protocol events from 1 across its runs in order, whatever
the channels asked for, so a client that comes back with ``since`` gets the events it
missed; ``event_id`` is the same on every connection (the recorded event's run and
seq), so the SDK drops duplicates. Methods: ``lifecycle`` (the root graph ``running``,
then ``completed``, ``failed`` with ``error``, or ``interrupted``; a subgraph's
``started`` (with its ``namespace`` and ``trigger_call_id``, the task that runs it) and
``completed`` (when its parent's update for that task arrives) on its namespace, as
``langgraph dev`` sends them), ``values``, ``updates``
(``{node, values}``), ``messages`` (``message-start``, ``content-block-*``,
``message-finish``: langchain-core's bridge from model chunks), ``custom``
(``{payload}``), ``tasks``, and ``input.requested`` (``{interrupt_id, payload}``, and
``value``, the same payload: the SDK's ``thread.interrupts`` reads that key, which
``langgraph dev`` leaves out) for an interrupt.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from typing import Any

from langchain_core.language_models._compat_bridge import achunks_to_events, message_to_events
from langchain_core.messages import AIMessageChunk, BaseMessage, messages_from_dict
from langchain_core.outputs import ChatGenerationChunk

from .stream import StreamEvent

__all__ = ["CHANNELS", "RUN_MODES", "RunTranslator", "StreamFilter", "envelope"]

CHANNELS = frozenset({"values", "updates", "messages", "tools", "custom", "lifecycle",
                      "input", "tasks", "checkpoints"})
"""The channels a thread event stream may ask for (and ``custom:<name>``)."""

RUN_MODES = ["values", "updates", "messages-tuple", "custom", "tasks"]
"""What a run started by ``run.start`` or ``input.respond`` records, to be reshaped here."""

_TERMINAL = {"success": "completed", "error": "failed", "interrupted": "interrupted"}


def envelope(method: str, namespace: list[str], data: Any, event_id: str,
             node: str | None = None) -> dict[str, Any]:
    """One protocol event, without its ``seq`` (given when the thread's events are numbered)."""
    params: dict[str, Any] = {"namespace": namespace, "timestamp": int(time.time() * 1000),
                              "data": data}
    if node is not None:
        params["node"] = node
    return {"type": "event", "event_id": event_id, "method": method, "params": params}


class StreamFilter:
    """The channels, namespaces and depth a thread event stream asked for."""

    def __init__(self, channels: list[str], namespaces: list[list[str]] | None,
                 depth: int | None) -> None:
        self.channels = set(channels)
        self.namespaces = namespaces
        self.depth = depth

    def wants(self, event: dict[str, Any]) -> bool:
        method = event["method"]
        params = event["params"]
        channel = "input" if method == "input.requested" else method
        if channel == "custom":
            name = params["data"].get("name") if isinstance(params["data"], dict) else None
            if "custom" not in self.channels and f"custom:{name}" not in self.channels:
                return False
        elif channel not in self.channels:
            return False
        return self._in_namespaces(params["namespace"])

    def _in_namespaces(self, namespace: list[str]) -> bool:
        if not self.namespaces:
            return True
        for prefix in self.namespaces:
            if len(prefix) > len(namespace):
                continue
            deep_enough = self.depth is None or len(namespace) - len(prefix) <= self.depth
            if deep_enough and all(seg == have or (":" not in seg and have.split(":")[0] == seg)
                                   for seg, have in zip(prefix, namespace, strict=False)):
                return True
        return False


class _MessageStream:
    """One streamed model message, reshaped chunk by chunk by langchain-core's bridge.

    The bridge reads chunks from an iterator; here the chunks come one at a time from
    the recorded events, so a task runs the bridge and each :meth:`push` waits until the
    bridge has said all it has to say about the chunk (it asks for the next one).
    """

    def __init__(self, message_id: str) -> None:
        self._inbox: asyncio.Queue[ChatGenerationChunk | None] = asyncio.Queue()
        self._out: list[dict[str, Any]] = []
        self._idle = asyncio.Event()
        self._task = asyncio.create_task(self._pump(message_id))

    async def _chunks(self) -> AsyncIterator[ChatGenerationChunk]:
        while True:
            if self._inbox.empty():
                self._idle.set()
            chunk = await self._inbox.get()
            if chunk is None:
                return
            yield chunk

    async def _pump(self, message_id: str) -> None:
        try:
            async for event in achunks_to_events(self._chunks(), message_id=message_id):
                self._out.append(dict(event))
        finally:
            self._idle.set()

    def _take(self) -> list[dict[str, Any]]:
        out, self._out = self._out, []
        return out

    async def push(self, chunk: AIMessageChunk) -> list[dict[str, Any]]:
        if self._task.done():  # the bridge gave up on this message: nothing more from it
            return self._take()
        self._idle.clear()
        self._inbox.put_nowait(ChatGenerationChunk(message=chunk))
        await self._idle.wait()
        return self._take()

    async def finish(self) -> list[dict[str, Any]]:
        self._inbox.put_nowait(None)
        await asyncio.gather(self._task, return_exceptions=True)
        return self._take()

    def cancel(self) -> None:
        self._task.cancel()


def _message(data: Any) -> BaseMessage | None:
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        return None
    try:
        return messages_from_dict([{"type": data["type"], "data": data}])[0]
    except (ValueError, TypeError, KeyError):
        return None


def _interrupts(value: Any) -> list[dict[str, Any]]:
    found = value.get("__interrupt__") if isinstance(value, dict) else None
    return [i for i in found if isinstance(i, dict) and isinstance(i.get("id"), str)] \
        if isinstance(found, list) else []


class RunTranslator:
    """Reshapes one run's recorded events, in order, into protocol events (unnumbered)."""

    def __init__(self, run_id: str, graph_name: str) -> None:
        self.run_id = run_id
        self.graph_name = graph_name
        self.ended = False
        self._status: dict[tuple[str, ...], str] = {}
        self._interrupts: set[str] = set()
        self._error: str | None = None
        self._messages: dict[tuple[tuple[str, ...], str], tuple[str | None, _MessageStream]] = {}

    def _lifecycle(self, namespace: tuple[str, ...], status: str,
                   error: str | None = None) -> list[dict[str, Any]]:
        if self._status.get(namespace) == status:
            return []
        self._status[namespace] = status
        name = namespace[-1].split(":")[0] if namespace else self.graph_name
        data: dict[str, Any] = {"event": status, "graph_name": name}
        if status == "started":  # as langgraph's LifecycleTransformer announces a subgraph
            data = {"event": status, "namespace": list(namespace), "graph_name": name}
            if ":" in namespace[-1]:
                data["trigger_call_id"] = namespace[-1].split(":", 1)[1]
        if error is not None:
            data["error"] = error
        return [envelope("lifecycle", list(namespace), data,
                         f"{self.run_id}:lc:{'|'.join(namespace)}:{status}")]

    async def feed(self, item: StreamEvent) -> list[dict[str, Any]]:
        """The protocol events for one recorded event of the run."""
        if self.ended:
            return []
        data = json.loads(item.data)
        if item.event == "metadata":
            return self._lifecycle((), "running")
        if item.event == "error":
            self._error = str(data.get("message") or data.get("error")) \
                if isinstance(data, dict) else str(data)
            return []
        if item.event == "end":
            return await self._end(data.get("status") if isinstance(data, dict) else None)
        base, *parts = item.event.split("|")
        namespace = tuple(parts)
        out: list[dict[str, Any]] = []
        for depth in range(1, len(namespace) + 1):  # a subgraph seen for the first time
            if namespace[:depth] not in self._status:
                out += self._lifecycle(namespace[:depth], "started")
        eid = f"{self.run_id}:{item.seq}"
        ns = list(namespace)
        if base == "values":
            cleaned = {k: v for k, v in data.items() if k != "__interrupt__"} \
                if isinstance(data, dict) else data
            out.append(envelope("values", ns, cleaned, eid))
            out += self._asked(namespace, _interrupts(data), eid)
        elif base == "updates":
            if isinstance(data, dict) and "__interrupt__" in data:
                out += self._asked(namespace, _interrupts(data), eid)
            else:
                node = next(iter(data)) if isinstance(data, dict) and len(data) == 1 else None
                values = data[node] if node is not None else data
                out.append(envelope("updates", ns, {
                    **({"node": node} if node is not None else {}),
                    "values": values if isinstance(values, dict) else {"value": values}}, eid))
                out += await self._close_messages(namespace, node)
                if node is not None:
                    out += self._close_child(namespace, node)
        elif base == "messages" and isinstance(data, list) and len(data) == 2:
            out += await self._message(namespace, data[0], data[1], eid)
        elif base == "custom":
            out.append(envelope("custom", ns, {"payload": data}, eid))
        elif base in ("tasks", "checkpoints"):
            out.append(envelope(base, ns, data, eid))
        return self._numbered_ids(out)

    @staticmethod
    def _numbered_ids(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Several protocol events from one recorded event: ``<id>``, ``<id>.1``, ..."""
        seen: dict[str, int] = {}
        for event in events:
            eid = event["event_id"]
            n = seen.get(eid, 0)
            seen[eid] = n + 1
            if n:
                event["event_id"] = f"{eid}.{n}"
        return events

    def _asked(self, namespace: tuple[str, ...], found: list[dict[str, Any]],
               eid: str) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for request in found:
            if request["id"] in self._interrupts:
                continue
            self._interrupts.add(request["id"])
            value = request.get("value")
            out.append(envelope("input.requested", list(namespace), {
                "interrupt_id": request["id"], "payload": value, "value": value},
                f"{self.run_id}:input:{request['id']}"))
        if out:  # the run waits for an answer: as the protocol has it, the root is interrupted
            out += self._lifecycle((), "interrupted")
        return out

    async def _message(self, namespace: tuple[str, ...], raw: Any, meta: Any,
                       eid: str) -> list[dict[str, Any]]:
        message = _message(raw)
        if message is None:
            return []
        node = meta.get("langgraph_node") if isinstance(meta, dict) else None
        events: list[dict[str, Any]]
        if isinstance(message, AIMessageChunk):
            key = (namespace, message.id or eid)
            if key not in self._messages:
                self._messages[key] = (node, _MessageStream(message.id or eid))
            events = await self._messages[key][1].push(message)
            if getattr(message, "chunk_position", None) == "last":
                events += await self._messages.pop(key)[1].finish()
        else:  # a whole message (a tool's result, a node's reply that was not streamed)
            events = [dict(e) for e in message_to_events(message, message_id=message.id)]
            if message.type == "tool" and events:
                events[0]["role"] = "tool"
        return [envelope("messages", list(namespace), e, eid, node) for e in events]

    async def _close_messages(self, namespace: tuple[str, ...] | None,
                              node: str | None = None) -> list[dict[str, Any]]:
        """Finish the streamed messages of ``node`` in ``namespace`` (None: all of them)."""
        out: list[dict[str, Any]] = []
        for key in list(self._messages):
            owner, stream = self._messages[key]
            if namespace is None or (key[0] == namespace and (node is None or owner == node)):
                del self._messages[key]
                out += [envelope("messages", list(key[0]), e,
                                 f"{self.run_id}:msg:{key[1]}", owner)
                        for e in await stream.finish()]
        return out

    def _close_child(self, parent: tuple[str, ...], node: str) -> list[dict[str, Any]]:
        """``completed`` for the subgraph that ran as ``node`` under ``parent`` (its deeper
        ones first): the parent's update for ``node`` means that task is done. Of parallel
        tasks of one node, the oldest still open closes first, one per update."""
        for namespace, status in list(self._status.items()):
            if len(namespace) == len(parent) + 1 and namespace[:-1] == parent \
                    and status == "started" and namespace[-1].split(":")[0] == node:
                out: list[dict[str, Any]] = []
                for inner in sorted((ns for ns, s in self._status.items() if s == "started"
                                     and len(ns) > len(namespace)
                                     and ns[:len(namespace)] == namespace),
                                    key=len, reverse=True):
                    out += self._lifecycle(inner, "completed")
                return out + self._lifecycle(namespace, "completed")
        return []

    async def _end(self, status: Any) -> list[dict[str, Any]]:
        self.ended = True
        out = await self._close_messages(None)
        for namespace in sorted((ns for ns, s in self._status.items()
                                 if ns and s == "started"), key=len, reverse=True):
            out += self._lifecycle(namespace, "completed")
        terminal = _TERMINAL.get(str(status), "failed")
        if not (terminal == "completed" and self._status.get(()) == "interrupted"):
            out += self._lifecycle((), terminal,
                                   self._error or "run failed" if terminal == "failed" else None)
        return self._numbered_ids(out)

    def close(self) -> None:
        """Stop the message bridges of a run left before its end (the client went away)."""
        for _, stream in self._messages.values():
            with contextlib.suppress(Exception):
                stream.cancel()
        self._messages.clear()

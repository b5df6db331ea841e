"""The official SDK's thread-centric streaming (v2) against the server: ``client.threads.stream``.

``POST /threads/{id}/commands`` starts and answers runs, ``POST /threads/{id}/stream/events``
streams the thread's protocol events. Each test uses the SDK as an application does, or the
raw wire where the SDK hides what is checked (``since``, error envelopes). Named
``test_threads_stream_<what>`` so the parity table lists them beside the other methods.

What is asserted is what ``langgraph dev`` sends (``AGENTDESK_CONFORMANCE_REFERENCE=1``
runs it too); ``if not target.reference`` marks where agentdesk differs on purpose (the
README's "Where agentdesk differs" lists each): it streams ``updates`` and ``tasks``
(``langgraph dev``'s v3 graph stream sends neither), refuses a bad ``input`` when the
command comes rather than failing the run, adds ``value`` to ``input.requested`` (the
key the SDK's ``thread.interrupts`` reads) and the resuming ``run_id`` to
``input.respond``'s result, and answers 404 for a thread that does not exist.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import httpx
import pytest
from langgraph_sdk.errors import NotFoundError as SdkNotFound

from .conftest import Target

pytestmark = pytest.mark.timeout(120)

_ALL = ["values", "updates", "messages", "lifecycle", "input", "custom", "tasks"]


def _terminal(event: dict[str, Any]) -> bool:
    params = event.get("params") or {}
    return (event.get("method") == "lifecycle" and not params.get("namespace")
            and params["data"]["event"] in ("completed", "failed"))


async def _command(http: httpx.AsyncClient, thread_id: str, method: str,
                   params: dict[str, Any]) -> httpx.Response:
    return await http.post(f"/threads/{thread_id}/commands",
                           json={"id": 1, "method": method, "params": params})


async def _read(http: httpx.AsyncClient, thread_id: str, body: dict[str, Any],
                ) -> list[dict[str, Any]]:
    """The events of the thread's stream up to the root's terminal lifecycle event."""
    events: list[dict[str, Any]] = []
    buffer = ""
    async with asyncio.timeout(60), http.stream(
            "POST", f"/threads/{thread_id}/stream/events", json=body) as response:
        assert response.status_code == 200, await response.aread()
        async for text in response.aiter_text():  # a frame ends with a blank line, CRLF or LF
            *frames, buffer = (buffer + text).replace("\r\n", "\n").split("\n\n")
            for frame in frames:
                lines = dict(line.split(":", 1) for line in frame.splitlines() if ":" in line)
                if "data" in lines:
                    events.append(json.loads(lines["data"]))
                    assert lines["id"].strip() == str(events[-1]["seq"])
                    assert lines["event"].strip() == events[-1]["method"]
                    if _terminal(events[-1]):
                        return events
    return events


def test_threads_stream_run_start(target: Target) -> None:
    """A run started by ``run.start`` streams its lifecycle, values and subgraph
    lifecycle, numbered in order; a subgraph is announced with its namespace and the task
    that runs it, and completes before its parent goes on."""
    async def body(client: Any) -> None:
        events: list[dict[str, Any]] = []
        async with client.threads.stream(assistant_id="echo") as ts:
            started = await ts.run.start(input={"text": "hi"})
            assert started["run_id"]
            async with asyncio.timeout(60):
                async for event in ts.events:
                    events.append(event)
                    if _terminal(event):
                        break
        seqs = [e["seq"] for e in events]
        assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
        assert len({e["event_id"] for e in events}) == len(events)
        root = [e["params"]["data"]["event"] for e in events
                if e["method"] == "lifecycle" and not e["params"]["namespace"]]
        assert root[0] == "running" and root[-1] == "completed"
        values = [(e["seq"], e["params"]["data"]) for e in events
                  if e["method"] == "values" and not e["params"]["namespace"]]
        assert values[-1][1]["count"] == 1 and values[-1][1]["seen"] == ["HI"]
        nested = {e["params"]["data"]["event"]: (e["seq"], e["params"]["namespace"],
                                                 e["params"]["data"])
                  for e in events if e["method"] == "lifecycle" and e["params"]["namespace"]}
        _, namespace, started = nested["started"]
        assert namespace[0].startswith("inner:") and started["graph_name"] == "inner"
        assert started["namespace"] == namespace
        assert started["trigger_call_id"] == namespace[0].split(":", 1)[1]
        done, where, _ = nested["completed"]
        assert where == namespace  # before the root's first values with the inner result:
        assert done < min(seq for seq, data in values if data["seen"] == ["HI"])
        if not target.reference:  # langgraph dev streams no updates on this protocol
            nodes = {e["params"]["data"].get("node") for e in events
                     if e["method"] == "updates"}
            assert {"wait", "inner", "count"} <= nodes
    target.run(body)


def test_threads_stream_since(target: Target) -> None:
    """A client that comes back with ``since`` gets exactly the events after that seq,
    with the same ids; a narrower filter keeps the same numbering."""
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        thread_id = thread["thread_id"]
        async with httpx.AsyncClient(base_url=target.url, timeout=30) as http:
            started = await _command(http, thread_id, "run.start", {
                "assistant_id": "echo", "input": {"text": "x"},
                "multitaskStrategy": "enqueue"})  # as the JS SDK spells it
            assert started.json()["type"] == "success", started.json()
            assert started.json()["meta"]["applied_through_seq"] == 0
            first = await _read(http, thread_id, {"channels": _ALL})
            cut = first[len(first) // 2]["seq"]
            again = await _read(http, thread_id, {"channels": _ALL, "since": cut})
            assert [(e["seq"], e["event_id"]) for e in again] == [
                (e["seq"], e["event_id"]) for e in first if e["seq"] > cut]
            lifecycle = await _read(http, thread_id, {"channels": ["lifecycle"]})
            assert [(e["seq"], e["event_id"]) for e in lifecycle] == [
                (e["seq"], e["event_id"]) for e in first if e["method"] == "lifecycle"]
    target.run(body)


def test_threads_stream_respond(target: Target) -> None:
    """An interrupt arrives as ``input.requested`` (``interrupt_id``, ``payload``);
    ``run.respond`` answers it on the same open stream and the run finishes."""
    async def body(client: Any) -> None:
        asked: list[dict[str, Any]] = []
        after: list[str] = []
        answered: list[dict[str, Any]] = []
        seen: list[dict[str, Any]] = []
        async with client.threads.stream(assistant_id="hitl") as ts:
            await ts.run.start(input={"topic": "rome"})
            async with asyncio.timeout(60):
                async for event in ts.events:
                    data = event["params"]["data"]
                    if event["method"] == "input.requested" and not asked:
                        asked.append(data)
                        while not ts.interrupts:  # the SDK's own watcher sees it too
                            await asyncio.sleep(0.05)
                        assert ts.interrupted
                        seen.extend(ts.interrupts)
                        answered.append(await ts.run.respond(
                            {"approve": True}, interrupt_id=data["interrupt_id"]))
                    elif asked and event["method"] == "lifecycle" \
                            and not event["params"]["namespace"]:
                        after.append(data["event"])
                        if _terminal(event):
                            break
            thread_id = ts.thread_id
        assert asked[0]["payload"] == {"question": "approve this draft?",
                                       "draft": "hello: a plan for rome"}
        assert seen[0]["interrupt_id"] == asked[0]["interrupt_id"]
        assert after[-1] == "completed"
        state = await client.threads.get_state(thread_id)
        assert state["values"]["result"] == "hello: a plan for rome: approved"
        async with httpx.AsyncClient(base_url=target.url, timeout=30) as http:
            again = (await _command(http, thread_id, "input.respond", {
                "interrupt_id": asked[0]["interrupt_id"], "response": {"approve": False}}))
        assert again.json()["error"] == "no_such_interrupt"  # answered once, and only once
        runs = await client.runs.list(thread_id)
        assert len(runs) == 2
        if not target.reference:  # what the SDK's thread.interrupts reads; the new run
            assert asked[0]["value"] == asked[0]["payload"] == seen[0]["value"]
            assert answered[0]["run_id"] == runs[0]["run_id"]  # the newest first
    target.run(body)


def test_threads_stream_refused(target: Target) -> None:
    """Unknown commands and bad params answer an error envelope naming the field, a body
    that is no command or no filter a 400; nothing runs, no thread is left behind."""
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        thread_id = thread["thread_id"]
        async with httpx.AsyncClient(base_url=target.url, timeout=30) as http:
            unknown = (await _command(http, thread_id, "run.fly", {})).json()
            assert unknown["type"] == "error" and unknown["error"] == "unknown_command"
            assert unknown["id"] == 1 and "run.fly" in unknown["message"]
            missing = (await _command(http, thread_id, "run.start", {"input": {}})).json()
            assert missing["type"] == "error" and missing["error"] == "invalid_argument"
            assert "assistant_id" in missing["message"]
            no_interrupt = (await _command(http, thread_id, "input.respond",
                                           {"interrupt_id": "nope", "response": 1})).json()
            assert no_interrupt["error"] == "no_such_interrupt"
            unnamed = (await _command(http, thread_id, "input.respond", {"response": 1})).json()
            assert unnamed["error"] == "invalid_argument"
            assert "interrupt_id" in unnamed["message"]
            assert await client.runs.list(thread_id) == []
            if not target.reference:  # langgraph dev takes it and the run fails
                odd = (await _command(http, thread_id, "run.start",
                                      {"assistant_id": "echo", "input": "text"})).json()
                assert odd["error"] == "invalid_argument" and "input" in odd["message"]
                assert await client.runs.list(thread_id) == []
            bad = await http.post(f"/threads/{thread_id}/stream/events",
                                  json={"channels": ["values", "weather"]})
            assert bad.status_code == 400 and "channels" in bad.json()["detail"]
            assert "weather" in bad.json()["detail"]
            empty = await http.post(f"/threads/{thread_id}/stream/events",
                                    json={"channels": []})
            assert empty.status_code == 400 and "channels" in empty.json()["detail"]
            unnumbered = await http.post(f"/threads/{thread_id}/commands",
                                         json={"method": "run.start"})
            assert unnumbered.status_code == 400
            assert unnumbered.json()["type"] == "error" and unnumbered.json()["id"] is None
            assert unnumbered.json()["error"] == "invalid_argument"
            gone = str(uuid.uuid4())
            if not target.reference:  # langgraph dev waits for it to appear / no_such_run
                assert (await http.post(f"/threads/{gone}/stream/events",
                                        json={"channels": ["lifecycle"]})).status_code == 404
                assert (await _command(http, gone, "input.respond",
                                       {"interrupt_id": "x"})).status_code == 404
        async with client.threads.stream(assistant_id="no-such-graph") as ts:
            refused = r"no-such-graph" if target.reference \
                else r"invalid_argument.*assistant_id.*no-such-graph"
            with pytest.raises(RuntimeError, match=refused):
                await ts.run.start(input={"text": "x"})
        with pytest.raises(SdkNotFound):  # the thread it would have made is not there
            await client.threads.get(ts.thread_id)
    target.run(body)


def test_threads_stream_cancel(target: Target) -> None:
    """A run cancelled mid-stream ends its stream with a terminal lifecycle event, so a
    client does not hang."""
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        thread_id = thread["thread_id"]
        async with httpx.AsyncClient(base_url=target.url, timeout=30) as http:
            started = (await _command(http, thread_id, "run.start", {
                "assistant_id": "echo", "input": {"text": "c", "sleep": 30}})).json()
            if not target.reference:  # langgraph dev (in memory) queues it anyway
                second = (await _command(http, thread_id, "run.start", {
                    "assistant_id": "echo", "input": {"text": "d"},
                    "multitaskStrategy": "reject"})).json()
                assert second["type"] == "error" and "busy" in second["message"], second
                assert len(await client.runs.list(thread_id)) == 1
        run_id = started["result"]["run_id"]
        root: list[str] = []
        async with client.threads.stream(assistant_id="echo", thread_id=thread_id) as ts:
            async with asyncio.timeout(60):
                async for event in ts.events:
                    if event["method"] == "values" and not root[1:]:
                        await client.runs.cancel(thread_id, run_id)
                    if event["method"] == "lifecycle" and not event["params"]["namespace"]:
                        root.append(event["params"]["data"]["event"])
                        if root[-1] != "running":
                            break
        assert root == ["running", "interrupted"]
        assert (await client.runs.get(thread_id, run_id))["status"] == "interrupted"
    target.run(body)


def test_threads_stream_failed(target: Target) -> None:
    """A run that raises ends ``failed`` with the error's message, its subgraph closed
    first; a namespace filter keeps a subgraph's events (and their seqs), ``depth`` 0 on
    the root namespace keeps the root's alone."""
    async def body(client: Any) -> None:
        async with client.threads.stream(assistant_id="echo") as ts:
            await ts.run.start(input={"text": "boom", "fail": True})
            thread_id = ts.thread_id
        async with httpx.AsyncClient(base_url=target.url, timeout=30) as http:
            events = await _read(http, thread_id, {"channels": _ALL})
            root = [e["params"]["data"] for e in events
                    if e["method"] == "lifecycle" and not e["params"]["namespace"]]
            assert [d["event"] for d in root] == ["running", "failed"]
            nested = [e["params"]["data"]["event"] for e in events
                      if e["method"] == "lifecycle" and e["params"]["namespace"]]
            assert nested == ["started", "completed"]
            if not target.reference:  # langgraph dev names the error on a live stream only
                assert root[-1]["error"] == "asked to fail on 'boom'"
            shown = [e for e in events if e["method"] in ("values", "lifecycle")]
            top = await _read(http, thread_id, {"channels": ["values", "lifecycle"],
                                                "namespaces": [[]], "depth": 0})
            assert [e["seq"] for e in top] == [
                e["seq"] for e in shown if not e["params"]["namespace"]]
            both = await _read(http, thread_id, {"channels": ["values", "lifecycle"],
                                                 "namespaces": [["inner"], []], "depth": 0})
            assert [e["seq"] for e in both] == [e["seq"] for e in shown]  # inner:<task>
            assert any(e["params"]["namespace"] for e in both)
        assert (await client.runs.list(thread_id))[0]["status"] == "error"
    target.run(body)

"""The official SDK's thread-centric streaming (v2) against the server: ``client.threads.stream``.

``POST /threads/{id}/commands`` starts and answers runs, ``POST /threads/{id}/stream/events``
streams the thread's protocol events. Each test uses the SDK as an application does, or the
raw wire where the SDK hides what is checked (``since``, error envelopes). Named
``test_threads_stream_<what>`` so the parity table lists them beside the other methods.
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
        async for text in response.aiter_text():  # frames end with a blank line, "\n\n"
            *frames, buffer = (buffer + text).split("\n\n")
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
    """A run started by ``run.start`` streams its lifecycle, values, updates and
    subgraph lifecycle, numbered in order."""
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
        values = [e["params"]["data"] for e in events
                  if e["method"] == "values" and not e["params"]["namespace"]]
        assert values[-1]["count"] == 1 and values[-1]["seen"] == ["HI"]
        nodes = {e["params"]["data"].get("node") for e in events if e["method"] == "updates"}
        assert {"wait", "count"} <= nodes
        nested = [(e["params"]["namespace"], e["params"]["data"]) for e in events
                  if e["method"] == "lifecycle" and e["params"]["namespace"]]
        assert any(d["event"] == "started" and d["graph_name"] == "inner" for _, d in nested)
        assert any(d["event"] == "completed" for _, d in nested)
    target.run(body)


def test_threads_stream_since(target: Target) -> None:
    """A client that comes back with ``since`` gets exactly the events after that seq,
    with the same ids; a narrower filter keeps the same numbering."""
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        thread_id = thread["thread_id"]
        async with httpx.AsyncClient(base_url=target.url, timeout=30) as http:
            started = await _command(http, thread_id, "run.start",
                                     {"assistant_id": "echo", "input": {"text": "x"}})
            assert started.json()["type"] == "success", started.json()
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
    """An interrupt arrives as ``input.requested``; ``run.respond`` answers it on the same
    open stream and the run finishes."""
    async def body(client: Any) -> None:
        asked: list[dict[str, Any]] = []
        after: list[str] = []
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
                        await ts.run.respond({"approve": True},
                                             interrupt_id=data["interrupt_id"])
                    elif asked and event["method"] == "lifecycle" \
                            and not event["params"]["namespace"]:
                        after.append(data["event"])
                        if _terminal(event):
                            break
            thread_id = ts.thread_id
        assert asked[0]["value"]["question"] == "approve this draft?"
        assert asked[0]["payload"] == asked[0]["value"]
        assert after[-1] == "completed"
        state = await client.threads.get_state(thread_id)
        assert state["values"]["result"] == "hello: a plan for rome: approved"
        async with httpx.AsyncClient(base_url=target.url, timeout=30) as http:
            again = (await _command(http, thread_id, "input.respond", {
                "interrupt_id": asked[0]["interrupt_id"], "response": {"approve": False}}))
        assert again.json()["error"] == "no_such_interrupt"  # answered once, and only once
        assert len(await client.runs.list(thread_id)) == 2
    target.run(body)


def test_threads_stream_refused(target: Target) -> None:
    """Unknown commands and bad params answer an error naming the field; nothing runs.
    A thread that does not exist is a 404."""
    async def body(client: Any) -> None:
        thread = await client.threads.create()
        thread_id = thread["thread_id"]
        async with httpx.AsyncClient(base_url=target.url, timeout=30) as http:
            unknown = (await _command(http, thread_id, "run.fly", {})).json()
            assert unknown["type"] == "error" and unknown["error"] == "unknown_command"
            assert unknown["id"] == 1 and "run.fly" in unknown["message"]
            missing = (await _command(http, thread_id, "run.start", {"input": {}})).json()
            assert missing["error"] == "invalid_argument"
            assert "assistant_id" in missing["message"]
            odd = (await _command(http, thread_id, "run.start",
                                  {"assistant_id": "echo", "input": "text"})).json()
            assert odd["error"] == "invalid_argument" and "input" in odd["message"]
            no_interrupt = (await _command(http, thread_id, "input.respond",
                                           {"interrupt_id": "nope", "response": 1})).json()
            assert no_interrupt["error"] == "no_such_interrupt"
            assert await client.runs.list(thread_id) == []
            bad = await http.post(f"/threads/{thread_id}/stream/events",
                                  json={"channels": ["values", "weather"]})
            assert bad.status_code == 422 and "channels" in bad.text
            assert (await http.post(f"/threads/{thread_id}/commands",
                                    json={"method": "run.start"})).status_code == 400
            gone = str(uuid.uuid4())
            assert (await http.post(f"/threads/{gone}/stream/events",
                                    json={"channels": ["lifecycle"]})).status_code == 404
            assert (await _command(http, gone, "input.respond",
                                   {"interrupt_id": "x"})).status_code == 404
        async with client.threads.stream(assistant_id="no-such-graph") as ts:
            with pytest.raises(RuntimeError, match=r"invalid_argument.*assistant_id"):
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

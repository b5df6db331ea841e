"""``/mcp`` through the official ``mcp`` client over streamable HTTP, against a real server:
assistants are tools, a call runs the agent to its end, a pause comes back as the pending
decision, and the API keys guard it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from langgraph_sdk import get_client
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from .servers import Servers
from .trip_script import REQUEST, TripScript

GRAPHS = Path(__file__).parent / "graphs" / "mcp" / "langgraph.json"


async def _session_calls(url: str, headers: dict[str, str], calls: list[tuple[str, dict]]
                         ) -> tuple[list[Any], list[Any]]:
    """List the tools, then make each call; returns (tools, results)."""
    async with httpx.AsyncClient(headers=headers, timeout=60) as http, \
            streamable_http_client(f"{url}/mcp", http_client=http) as (read, write, _), \
            ClientSession(read, write) as session:
        await session.initialize()
        tools = (await session.list_tools()).tools
        results = [await session.call_tool(name, args) for name, args in calls]
    return tools, results


def _answer(result: Any) -> dict[str, Any]:
    assert not result.isError, result.content
    text = json.loads(result.content[0].text)
    assert result.structuredContent == text
    return text


def test_assistants_are_tools_and_a_call_runs_to_the_end_or_the_pause(
        database_url: str, servers: Servers) -> None:
    url = servers.app(database_url=database_url, graphs=GRAPHS,
                      api_keys=["a:secret-a", "b:secret-b"]).url
    headers = {"x-api-key": "secret-a"}
    tools, (done, paused, refused) = asyncio.run(_session_calls(url, headers, [
        ("shout", {"text": "hello"}), ("publish", {"title": "the note"}),
        ("shout", {"text": 12})]))
    by_name = {t.name: t for t in tools}
    assert {"shout", "publish", "trip", "assistant"} <= set(by_name)
    assert by_name["shout"].description == "Says the text louder."
    assert by_name["shout"].inputSchema["properties"]["text"]["type"] == "string"

    finished = _answer(done)
    assert finished["status"] == "success"
    assert finished["values"] == {"text": "hello", "loud": "HELLO!"}

    pending = _answer(paused)
    assert pending["status"] == "interrupted"
    assert [i["value"] for i in pending["interrupts"]] == [{"question": "Publish the note?"}]
    assert pending["decide"]["path"] == f"/threads/{pending['thread_id']}/runs/wait"
    assert refused.isError  # the input schema's type, checked before any run

    async def decide() -> None:
        # The pending decision is the caller's own thread, answered over HTTP as it says.
        mine = get_client(url=url, api_key="secret-a")
        thread = await mine.threads.get(pending["thread_id"])
        assert thread["status"] == "interrupted"
        result = await mine.runs.wait(pending["thread_id"], "publish",
                                      command={"resume": True})
        assert result["published"] is True
        other = get_client(url=url, api_key="secret-b")
        with pytest.raises(httpx.HTTPStatusError) as hidden:
            await other.threads.get(pending["thread_id"])
        assert hidden.value.response.status_code == 404
        # A refused call left no thread behind: the two calls that ran made two threads.
        assert len(await mine.threads.search(limit=100)) == 2

    asyncio.run(decide())


def test_mcp_needs_a_key_and_can_be_switched_off(servers: Servers) -> None:
    keyed = servers.app(graphs=GRAPHS, api_keys=["a:secret-a"]).url
    answer = httpx.post(f"{keyed}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                        headers={"accept": "application/json, text/event-stream"})
    assert answer.status_code == 401
    off = servers.app(graphs=GRAPHS, disable_mcp=True).url
    assert httpx.post(f"{off}/mcp", json={}).status_code == 404


def test_a_built_in_agent_that_pauses_answers_its_pending_decision(
        servers: Servers, trip_script: TripScript, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_MODEL_TRIP", trip_script.write(
        trip_script.search(), trip_script.answer(trip_script.itinerary())))
    url = servers.app().url
    _, (paused,) = asyncio.run(_session_calls(url, {}, [("trip", {"messages": REQUEST})]))
    pending = _answer(paused)
    assert pending["status"] == "interrupted"
    assert [i["value"]["kind"] for i in pending["interrupts"]] == ["review_result"]

    async def approve() -> None:
        client = get_client(url=url)
        done = await client.runs.wait(pending["thread_id"], "trip",
                                      command={"resume": {"type": "approve"}})
        assert "__interrupt__" not in done
        assert (await client.threads.get(pending["thread_id"]))["status"] == "idle"

    asyncio.run(approve())

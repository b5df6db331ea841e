"""The ``events`` stream mode: the real ``astream_events`` v2 feed, stored and replayable."""

from __future__ import annotations

import asyncio
import io
import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from langgraph_sdk import get_client
from rich.console import Console

from agentdesk.cli.display import LiveProgress
from agentdesk.runtime.registry import AGENTS
from agentdesk.runtime.runs.events import Event

from .conftest import write_json
from .servers import Servers
from .test_server import sse


@pytest.fixture
def server(servers: Servers, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    monkeypatch.setitem(AGENTS, "memo", "tests.memory_agent")
    script = write_json(tmp_path / "memo.json", [{"content": "noted, thank you"}])
    monkeypatch.setenv("AGENTDESK_MODEL_MEMO", f"scripted:{script}")
    return servers.app(ping_seconds=0.3).url


def _stream(url: str, modes: list[str]) -> list[Any]:
    async def run() -> list[Any]:
        client = get_client(url=url)
        thread = await client.threads.create()
        return [part async for part in client.runs.stream(
            thread["thread_id"], "memo", input={"user_id": "ana", "remember": ["likes tea"]},
            stream_mode=modes)]
    return asyncio.run(run())


def test_a_streamed_run_sends_the_astream_events_feed(server: str) -> None:
    parts = _stream(server, ["events"])
    assert parts[0].event == "metadata" and parts[-1].event == "end"
    assert {p.event for p in parts[1:-1]} == {"events"}  # nothing else was asked for
    events = [p.data for p in parts if p.event == "events"]
    run_id = parts[0].data["run_id"]

    first, last = events[0], events[-1]
    assert (first["event"], first["name"], first["run_id"]) == ("on_chain_start", "LangGraph",
                                                               run_id)
    assert (last["event"], last["name"], last["run_id"]) == ("on_chain_end", "LangGraph", run_id)
    assert last["data"]["output"]["answer"] == "noted, thank you"

    kinds = [e["event"] for e in events]
    nodes = [e["name"] for e in events if e["event"] == "on_chain_start"
             and e["metadata"].get("langgraph_node") == e["name"]]
    assert nodes == ["recall", "answer", "confirm", "note"]
    start = kinds.index("on_chat_model_start")
    tokens = [e for e in events if e["event"] == "on_chat_model_stream"]
    assert kinds.index("on_chat_model_stream") > start
    assert "".join(t["data"]["chunk"]["content"] for t in tokens) == "noted, thank you"
    assert len([t for t in tokens if t["data"]["chunk"]["content"]]) == 3  # word by word
    assert {t["metadata"]["langgraph_node"] for t in tokens} == {"answer"}
    custom = [e for e in events if e["event"] == "on_custom_event"]
    assert [(c["name"], c["data"]) for c in custom] == [("memory_loaded", {"facts": 0})]
    assert kinds.index("on_custom_event") < start  # recall runs before answer


def test_events_ride_with_other_modes_and_runs_without_them_pay_nothing(server: str) -> None:
    both = _stream(server, ["events", "updates"])
    updates = [p.data for p in both if p.event == "updates"]
    assert [next(iter(u)) for u in updates] == ["recall", "answer", "confirm", "note"]
    assert any(p.event == "events" for p in both)
    plain = _stream(server, ["updates", "custom"])
    assert not any(p.event == "events" for p in plain)
    assert [p.data for p in plain if p.event == "custom"] == [{"kind": "token", "text": "."}]


def test_replay_after_last_event_id_returns_exactly_what_was_missed(server: str) -> None:
    with httpx.Client(base_url=server, timeout=60) as http:
        thread = http.post("/threads", json={}).json()["thread_id"]
        with http.stream("POST", f"/threads/{thread}/runs/stream", json={
                "assistant_id": "memo", "input": {"user_id": "ana"},
                "stream_mode": ["events"]}) as response:
            location = response.headers["location"]
            everything = [e for e in sse(response.iter_lines()) if "comment" not in e]
        ids = [int(e["id"]) for e in everything]
        assert ids == list(range(1, len(ids) + 1)) and everything[-1]["event"] == "end"
        cut = next(i for i, e in enumerate(everything)
                   if json.loads(e["data"]).get("event") == "on_chat_model_stream")
        with http.stream("GET", location, headers={"Last-Event-ID": str(ids[cut])}) as again:
            rest = [e for e in sse(again.iter_lines()) if "comment" not in e]
        assert rest == everything[cut + 1:]


def test_the_cli_writes_the_answer_as_it_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(AGENTS, "memo", "tests.memory_agent")  # its answer node: "answer"
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=80, color_system=None)

    def event(kind: Any, node: str | None = None, **data: Any) -> Event:
        return Event(kind=kind, thread_id="t", run_id="r", node=node, data=data)

    with LiveProgress(console) as progress:
        progress(event("run_started", agent="memo", attempt=1))
        progress(event("node_started", "recall"))
        progress(event("token", text='{"plan": "SECRET-PLAN"}'))  # not the answer: no line
        progress(event("node_finished", "recall"))
        progress(event("node_started", "answer"))
        for piece in ("The ", "answer ", "is 42."):
            progress(event("token", text=piece))
        progress(event("node_finished", "answer", current_step="done"))
    lines = [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line) for line in out.getvalue().splitlines()]
    assert "The answer is 42." in lines
    assert not any(line.startswith('{"plan"') for line in lines)  # at most in the spinner

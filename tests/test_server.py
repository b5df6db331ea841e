"""The HTTP API, driven by the official langgraph-sdk client and by raw HTTP."""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from langgraph_sdk import get_client
from typer.testing import CliRunner

from agentdesk.cli.main import app as cli_app
from agentdesk.server.app import create_app
from agentdesk.settings import Settings

from .conftest import Gate, ServerThread
from .servers import Servers
from .trip_script import REQUEST, TripScript


@pytest.fixture
def serve(servers: Servers, monkeypatch: pytest.MonkeyPatch) -> Callable[..., str]:
    """``serve(model, **settings)``: the URL of a real server whose trip agent replays ``model``."""
    def start(model: str, **settings: Any) -> str:
        monkeypatch.setenv("AGENTDESK_MODEL_TRIP", model)
        return servers.app(ping_seconds=0.3, **settings).url

    return start


def sse(lines: Iterator[str]) -> Iterator[dict[str, Any]]:
    """Parse SSE lines into {event, data, id} dicts (comments come back as {"comment"})."""
    event: dict[str, Any] = {}
    for line in lines:
        if line.startswith(":"):
            yield {"comment": line[1:].strip()}
        elif not line:
            if event:
                yield event
            event = {}
        else:
            field, _, value = line.partition(":")
            event[field] = value.removeprefix(" ")


def run_body(**extra: Any) -> dict[str, Any]:
    return {"assistant_id": "trip", "input": {"messages": REQUEST}, **extra}


def test_sdk_client_drives_a_trip_thread_to_its_end(serve: Any, trip_script: TripScript) -> None:
    url = serve(trip_script.write(trip_script.search(),
                                  trip_script.answer(trip_script.itinerary()),
                                  trip_script.answer(trip_script.itinerary(hotel=1))))

    async def scenario() -> None:
        client = get_client(url=url)
        found = await client.assistants.search(graph_id="trip")
        assert [a["graph_id"] for a in found] == ["trip"]
        assert (await client.assistants.get("trip"))["assistant_id"] == found[0]["assistant_id"]
        thread = await client.threads.create(metadata={"team": "travel"})
        parts = [p async for p in client.runs.stream(
            thread["thread_id"], "trip", input={"messages": [{"role": "user", "content": REQUEST}]},
            stream_mode=["updates", "values"])]
        events = [p.event for p in parts]
        assert events[0] == "metadata" and events[-1] == "end"
        interrupts = [p.data["__interrupt__"] for p in parts
                      if p.event == "updates" and "__interrupt__" in p.data]
        assert interrupts and interrupts[0][0]["value"]["kind"] == "review_result"
        assert "__interrupt__" in [p for p in parts if p.event == "values"][-1].data

        state = await client.threads.get_state(thread["thread_id"])
        assert state["next"] == ["human_review"]
        pending = state["interrupts"][0]
        assert pending["value"]["allowed"] == ["approve", "edit", "reject"]
        assert (await client.threads.get(thread["thread_id"]))["status"] == "interrupted"

        revised = await client.runs.wait(thread["thread_id"], "trip", command={
            "resume": {pending["id"]: {"type": "reject", "message": "another hotel"}}})
        assert revised["__interrupt__"][0]["value"]["kind"] == "review_result"
        assert revised["revision_count"] == 1

        done = await client.runs.wait(thread["thread_id"], "trip",
                                      command={"resume": {"type": "approve"}})
        assert done["is_approved"] is True and "__interrupt__" not in done
        assert (await client.threads.get(thread["thread_id"]))["status"] == "idle"
        runs = await client.runs.list(thread["thread_id"])
        assert [r["status"] for r in runs] == ["success"] * 3
        history = await client.threads.get_history(thread["thread_id"], limit=3)
        assert len(history) == 3 and history[0]["values"]["is_approved"] is True
        found = await client.threads.search(metadata={"team": "travel"}, status="idle")
        assert [t["thread_id"] for t in found] == [thread["thread_id"]]

    asyncio.run(scenario())


def test_stateless_wait_and_background_run_then_join(serve: Any, trip_script: TripScript) -> None:
    url = serve(trip_script.write(trip_script.search(),
                                  trip_script.answer(trip_script.itinerary())))

    async def scenario() -> None:
        client = get_client(url=url)
        result = await client.runs.wait(None, "trip", input={"messages": REQUEST})
        assert result["__interrupt__"][0]["value"]["kind"] == "review_result"
        thread = await client.threads.create()
        run = await client.runs.create(thread["thread_id"], "trip", input={"messages": REQUEST})
        joined = await client.runs.join(thread["thread_id"], run["run_id"])
        assert "__interrupt__" in joined
        got = await client.runs.get(thread["thread_id"], run["run_id"])
        assert got["status"] == "success"

    asyncio.run(scenario())


def test_concurrent_duplicate_decisions_exactly_one_succeeds(serve: Any,
                                                             trip_script: TripScript) -> None:
    url = serve(trip_script.write(trip_script.search(),
                                  trip_script.answer(trip_script.itinerary())))
    with httpx.Client(base_url=url, timeout=60) as http:
        thread = http.post("/threads", json={}).json()["thread_id"]
        paused = http.post(f"/threads/{thread}/runs/wait", json=run_body()).json()
        interrupt_id = paused["__interrupt__"][0]["id"]

    async def race() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=url, timeout=60) as http:
            calls = [http.post(f"/threads/{thread}/decisions",
                               json={"type": "approve", "interrupt_id": interrupt_id,
                                     "actor": f"person{i}"}) for i in range(4)]
            calls += [http.post(f"/threads/{thread}/runs/wait", json={
                "assistant_id": "trip", "command": {"resume": {"type": "approve"}}})
                for _ in range(4)]
            return list(await asyncio.gather(*calls))
    answers = asyncio.run(race())
    codes = sorted(r.status_code for r in answers)
    assert codes == [200] + [409] * 7, [(r.status_code, r.text[:100]) for r in answers]
    with httpx.Client(base_url=url) as http:
        trail = http.get(f"/threads/{thread}/audit").json()
        assert len([e for e in trail if e["event"] == "decision"]) == 1
        assert http.get(f"/threads/{thread}").json()["status"] == "idle"
        again = http.post(f"/threads/{thread}/decisions", json={"type": "approve"})
        assert again.status_code == 409 and "not waiting" in again.json()["detail"]


def test_reconnect_with_last_event_id_replays_exactly_what_was_missed(
        serve: Any, trip_script: TripScript, gated_travel_server: tuple[str, Gate],
        monkeypatch: pytest.MonkeyPatch) -> None:
    mcp_url, gate = gated_travel_server
    monkeypatch.setenv("AGENTDESK_TOOLSERVER_TRAVEL", mcp_url)
    url = serve(trip_script.write(trip_script.search(),
                                  trip_script.answer(trip_script.itinerary())))
    with httpx.Client(base_url=url, timeout=60) as http:
        thread = http.post("/threads", json={}).json()["thread_id"]
        seen: list[dict[str, Any]] = []
        with http.stream("POST", f"/threads/{thread}/runs/stream",
                         json=run_body(stream_mode=["updates", "custom"])) as response:
            assert response.status_code == 200
            location = response.headers["location"]
            pings = 0
            for item in sse(response.iter_lines()):
                if "comment" in item:
                    pings += 1  # heartbeats while the hotel search hangs
                    if pings >= 2:
                        break
                else:
                    seen.append(item)
        # The client went away mid-run; the run goes on once the tool answers.
        gate.open.set()
        run_id = json.loads(seen[0]["data"])["run_id"]
        assert location == f"/threads/{thread}/runs/{run_id}/stream"
        ids = [int(e["id"]) for e in seen]
        assert ids == list(range(1, len(ids) + 1))
        with http.stream("GET", location, headers={"Last-Event-ID": str(ids[-1])}) as again:
            rest = [e for e in sse(again.iter_lines()) if "comment" not in e]
        assert [int(e["id"]) for e in rest] == list(range(ids[-1] + 1, ids[-1] + 1 + len(rest)))
        assert rest[-1]["event"] == "end"
        with http.stream("GET", location) as whole:
            everything = [e for e in sse(whole.iter_lines()) if "comment" not in e]
        assert everything == seen + rest
        assert http.get(f"/threads/{thread}").json()["status"] == "interrupted"


def test_a_waited_runs_stream_is_stored_in_order_for_a_follower_and_replays_exactly(
        serve: Any, trip_script: TripScript, gated_travel_server: tuple[str, Gate],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """runs/wait stores its events in batches; one who joins its stream mid-run misses none."""
    mcp_url, gate = gated_travel_server
    monkeypatch.setenv("AGENTDESK_TOOLSERVER_TRAVEL", mcp_url)
    url = serve(trip_script.write(trip_script.search(),
                                  trip_script.answer(trip_script.itinerary())))
    with httpx.Client(base_url=url, timeout=60) as http:
        thread = http.post("/threads", json={}).json()["thread_id"]
        waited: dict[str, Any] = {}

        def wait() -> None:
            with httpx.Client(base_url=url, timeout=60) as other:
                waited.update(other.post(f"/threads/{thread}/runs/wait",
                                         json=run_body(stream_mode=["updates"])).json())

        waiter = threading.Thread(target=wait)
        waiter.start()
        deadline = time.monotonic() + 30
        while not (runs := http.get(f"/threads/{thread}/runs").json()):
            assert time.monotonic() < deadline, "the waited run never appeared"
            time.sleep(0.05)
        location = f"/threads/{thread}/runs/{runs[0]['run_id']}/stream"
        seen: list[dict[str, Any]] = []
        with http.stream("GET", location) as response:  # the hotel search hangs meanwhile
            for item in sse(response.iter_lines()):
                if "comment" in item:
                    if seen:
                        break
                else:
                    seen.append(item)
        gate.open.set()
        waiter.join(60)
        assert "__interrupt__" in waited, waited
        ids = [int(e["id"]) for e in seen]
        assert seen[0]["event"] == "metadata" and ids == list(range(1, len(ids) + 1))
        with http.stream("GET", location, headers={"Last-Event-ID": str(ids[-1])}) as again:
            rest = [e for e in sse(again.iter_lines()) if "comment" not in e]
        assert [int(e["id"]) for e in rest] == list(range(ids[-1] + 1, ids[-1] + 1 + len(rest)))
        assert rest[-1]["event"] == "end" and [e["event"] for e in rest].count("end") == 1
        with http.stream("GET", location) as whole:
            assert [e for e in sse(whole.iter_lines()) if "comment" not in e] == seen + rest


def test_a_busy_thread_rejects_or_enqueues_new_runs(
        serve: Any, trip_script: TripScript, gated_travel_server: tuple[str, Gate],
        monkeypatch: pytest.MonkeyPatch) -> None:
    mcp_url, gate = gated_travel_server
    monkeypatch.setenv("AGENTDESK_TOOLSERVER_TRAVEL", mcp_url)
    url = serve(trip_script.write(trip_script.search(), {"content": "not an itinerary"},
                                  *[{"content": "{}"}] * 3))
    with httpx.Client(base_url=url, timeout=60) as http:
        thread = http.post("/threads", json={}).json()["thread_id"]
        first = http.post(f"/threads/{thread}/runs", json=run_body()).json()
        gate.wait_for("search_hotels")
        busy = http.post(f"/threads/{thread}/runs", json=run_body())
        assert busy.status_code == 409 and "busy" in busy.json()["detail"]
        assert http.get(f"/threads/{thread}").json()["status"] == "busy"
        threading.Timer(0.5, gate.open.set).start()
        queued = http.post(f"/threads/{thread}/runs/wait",
                           json=run_body(multitask_strategy="enqueue"))
        assert queued.status_code == 200
        runs = http.get(f"/threads/{thread}/runs").json()
        assert len(runs) == 2 and runs[-1]["run_id"] == first["run_id"]
        assert http.delete(f"/threads/{thread}").status_code == 204
        assert http.get(f"/threads/{thread}").status_code == 404


def test_each_thread_belongs_to_the_key_that_created_it(serve: Any,
                                                        trip_script: TripScript) -> None:
    url = serve(trip_script.write(trip_script.search(),
                                  trip_script.answer(trip_script.itinerary())),
                api_keys=["key-alice", "key-bob"])
    alice = httpx.Client(base_url=url, timeout=60, headers={"x-api-key": "key-alice"})
    bob = httpx.Client(base_url=url, timeout=60, headers={"Authorization": "Bearer key-bob"})
    with alice, bob, httpx.Client(base_url=url) as nobody:
        assert nobody.post("/threads", json={}).status_code == 401
        assert nobody.get("/threads/x", headers={"x-api-key": "wrong"}).status_code == 401
        thread = alice.post("/threads", json={}).json()["thread_id"]
        paused = alice.post(f"/threads/{thread}/runs/wait", json=run_body()).json()
        assert "__interrupt__" in paused
        run_id = alice.get(f"/threads/{thread}/runs").json()[0]["run_id"]
        for method, path, body in [
                ("GET", f"/threads/{thread}", None), ("GET", f"/threads/{thread}/state", None),
                ("GET", f"/threads/{thread}/history", None),
                ("PATCH", f"/threads/{thread}", {"metadata": {"x": 1}}),
                ("GET", f"/threads/{thread}/runs", None),
                ("GET", f"/threads/{thread}/runs/{run_id}", None),
                ("GET", f"/threads/{thread}/runs/{run_id}/join", None),
                ("GET", f"/threads/{thread}/runs/{run_id}/stream", None),
                ("POST", f"/threads/{thread}/runs", run_body()),
                ("POST", f"/threads/{thread}/decisions", {"type": "approve"}),
                ("GET", f"/threads/{thread}/audit", None),
                ("DELETE", f"/threads/{thread}", None)]:
            answer = bob.request(method, path, json=body)
            assert answer.status_code == 404, (method, path, answer.text)
        assert bob.get("/interrupts").json() == []
        assert bob.post("/threads/search", json={}).json() == []
        assert [i["thread_id"] for i in alice.get("/interrupts").json()] == [thread]
        done = alice.post(f"/threads/{thread}/decisions", json={"type": "approve"})
        assert done.status_code == 200 and done.json()["status"] == "completed"


@pytest.mark.parametrize(("path", "body", "field"), [
    ("/threads/{t}/runs", {"input": {"messages": "hi"}}, "assistant_id"),
    ("/threads/{t}/runs", {"assistant_id": "trip", "input": {}, "colour": 1}, "colour"),
    ("/threads/{t}/runs", {"assistant_id": "trip", "stream_mode": "video",
                           "input": {"messages": "x"}}, "stream_mode"),
    ("/threads/{t}/runs", {"assistant_id": "trip", "input": {"messages": "x"},
                           "feedback_keys": ["score"]}, "feedback_keys"),
    ("/threads/{t}/runs", {"assistant_id": "trip",
                           "input": {"preferences": {"budget": -5, "destination": "LIS",
                                                     "depart": "2027-03-10"}}},
     "input.preferences.budget"),
    ("/threads/{t}/runs", {"assistant_id": "trip"}, "input"),
    ("/threads/{t}/decisions", {"type": "maybe"}, "type"),
    ("/threads", {"thread_id": "has spaces"}, "thread_id"),
    ("/threads/search", {"limit": 0}, "limit"),
])
def test_bad_bodies_answer_422_naming_the_field(serve: Any, trip_script: TripScript,
                                               path: str, body: dict, field: str) -> None:
    url = serve(trip_script.write(trip_script.search()))
    with httpx.Client(base_url=url, timeout=30) as http:
        thread = http.post("/threads", json={}).json()["thread_id"]
        answer = http.post(path.format(t=thread), json=body)
        assert answer.status_code == 422, answer.text
        assert answer.json()["detail"].startswith(field), answer.json()
        assert http.get(f"/threads/{thread}/runs").json() == []
        assert http.get(f"/threads/{thread}/state").json()["values"] == {}


def test_unknown_things_answer_404(serve: Any, trip_script: TripScript) -> None:
    url = serve(trip_script.write(trip_script.search()))
    with httpx.Client(base_url=url, timeout=30) as http:
        assert http.get("/assistants/nope").status_code == 404
        assert http.get("/threads/nope").status_code == 404
        assert http.post("/threads/nope/runs", json=run_body()).status_code == 404
        thread = http.post("/threads", json={}).json()["thread_id"]
        assert http.post(f"/threads/{thread}/runs",
                         json={**run_body(), "assistant_id": "nope"}).status_code == 404
        assert http.get(f"/threads/{thread}/runs/nope").status_code == 404
        assert http.get("/ok").json() == {"ok": True}
        assert http.get("/info").json()["name"] == "agentdesk"


def test_the_web_app_is_revalidated_on_every_load(serve: Any, trip_script: TripScript) -> None:
    """An upgrade reaches browsers at once: the app's files are served no-cache, and a
    revalidation of an unchanged file is a 304."""
    url = serve(trip_script.write(trip_script.search()))
    with httpx.Client(base_url=url, timeout=30) as http:
        page = http.get("/app/")
        assert page.status_code == 200 and page.headers["cache-control"] == "no-cache"
        script = http.get("/app/app.js")
        assert script.headers["cache-control"] == "no-cache"
        again = http.get("/app/app.js", headers={"if-none-match": script.headers["etag"]})
        assert again.status_code == 304 and again.headers["cache-control"] == "no-cache"
        assert "cache-control" not in http.get("/ok").headers


def test_serve_refuses_a_public_address_without_keys() -> None:
    result = CliRunner().invoke(cli_app, ["serve", "--host", "0.0.0.0"])
    assert result.exit_code == 2
    assert "without API keys" in result.stderr


def test_stream_modes_follow_the_sdk_framing(serve: Any, trip_script: TripScript) -> None:
    url = serve(trip_script.write(trip_script.search(),
                                  trip_script.answer(trip_script.itinerary())))

    async def scenario() -> list[Any]:
        client = get_client(url=url)
        thread = await client.threads.create()
        return [p async for p in client.runs.stream(
            thread["thread_id"], "trip", input={"messages": REQUEST},
            stream_mode=["messages-tuple", "custom", "events", "updates"])]
    parts = asyncio.run(scenario())
    kinds = {p.event for p in parts}
    assert {"metadata", "messages", "custom", "events", "updates", "end"} <= kinds
    message, meta = next(p.data for p in parts if p.event == "messages")
    assert message["type"] in ("ai", "AIMessageChunk", "tool") and "langgraph_node" in meta
    tools = [p.data for p in parts if p.event == "custom"]
    assert {(t["kind"], t["tool"]) for t in tools} >= {("tool_started", "search_flights"),
                                                      ("tool_finished", "search_hotels")}
    nodes = [(p.data["event"], p.data["name"]) for p in parts if p.event == "events"]
    assert ("on_chain_start", "planner") in nodes and ("on_chain_end", "auditor") in nodes


def test_cancel_stops_a_running_run_and_frees_its_thread(
        serve: Any, trip_script: TripScript, gated_travel_server: tuple[str, Gate],
        monkeypatch: pytest.MonkeyPatch) -> None:
    mcp_url, gate = gated_travel_server
    monkeypatch.setenv("AGENTDESK_TOOLSERVER_TRAVEL", mcp_url)
    url = serve(trip_script.write(
        trip_script.call("search_flights", origin="BOS", destination="LIS", date="2027-03-10",
                         return_date="2027-03-14"),
        trip_script.call("search_hotels", city_code="LIS", check_in="2027-03-10",
                         check_out="2027-03-14"),
        trip_script.answer(trip_script.itinerary())))
    with httpx.Client(base_url=url, timeout=60) as http:
        thread = http.post("/threads", json={}).json()["thread_id"]
        run = http.post(f"/threads/{thread}/runs", json=run_body()).json()
        gate.wait_for("search_hotels")
        cancelled = http.post(f"/threads/{thread}/runs/{run['run_id']}/cancel")
        assert cancelled.status_code == 200 and cancelled.json()["status"] == "interrupted"
        again = http.post(f"/threads/{thread}/runs/{run['run_id']}/cancel")
        assert again.status_code == 409
        with http.stream("GET", f"/threads/{thread}/runs/{run['run_id']}/stream") as response:
            events = [e["event"] for e in sse(response.iter_lines()) if "event" in e]
        assert events[0] == "metadata" and events[-2:] == ["error", "end"]
        assert http.get(f"/threads/{thread}").json()["status"] == "error"
        trail = http.get(f"/threads/{thread}/audit").json()
        assert trail[-1]["event"] == "run_finished" and trail[-1]["data"]["status"] == "cancelled"
        gate.open.set()
        # A run without input continues the thread from its last checkpoint.
        resumed = http.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "trip"})
        assert resumed.status_code == 200 and "__interrupt__" in resumed.json()
        assert gate.calls.count("search_flights") == 1


REDIS_URL = os.environ.get("AGENTDESK_TEST_REDIS_URL")


@pytest.mark.parametrize("fanout", ["database polling", pytest.param("redis", marks=pytest.mark.redis)])
def test_another_server_process_follows_and_joins_a_run(
        fanout: str, isolated_env: Path, trip_script: TripScript,
        gated_travel_server: tuple[str, Gate], monkeypatch: pytest.MonkeyPatch) -> None:
    """Two servers on one database: the one that did not start the run streams it too."""
    redis_url = None
    if fanout == "redis":
        if not REDIS_URL:
            pytest.skip("AGENTDESK_TEST_REDIS_URL is not set")
        redis_url = REDIS_URL
        # Only Redis' notes can wake the follower in time: its fallback re-check is far off.
        monkeypatch.setattr("agentdesk.server.fanout.REDIS_RECHECK_SECONDS", 120.0)
    mcp_url, gate = gated_travel_server
    monkeypatch.setenv("AGENTDESK_TOOLSERVER_TRAVEL", mcp_url)
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    settings = Settings(data_dir=isolated_env, actor="tester", model=model, redis_url=redis_url)
    started = time.monotonic()
    with ServerThread(create_app(settings, ping_seconds=0.3)) as one, \
            ServerThread(create_app(settings, ping_seconds=0.3)) as two, \
            httpx.Client(timeout=60) as http:
        thread = http.post(f"{one.url}/threads", json={}).json()["thread_id"]
        run = http.post(f"{one.url}/threads/{thread}/runs",
                        json=run_body(stream_mode=["updates"])).json()
        assert http.get(f"{two.url}/threads/{thread}").json()["status"] == "busy"
        threading.Timer(0.5, gate.open.set).start()
        path = f"/threads/{thread}/runs/{run['run_id']}"
        with http.stream("GET", f"{two.url}{path}/stream") as response:
            followed = [e for e in sse(response.iter_lines()) if "event" in e]
        assert followed[0]["event"] == "metadata" and followed[-1]["event"] == "end"
        assert [int(e["id"]) for e in followed] == list(range(1, len(followed) + 1))
        joined = http.get(f"{two.url}{path}/join").json()
        assert "__interrupt__" in joined
        done = http.post(f"{two.url}/threads/{thread}/decisions", json={"type": "approve"})
        assert done.json()["status"] == "completed"
    assert time.monotonic() - started < 60


def test_a_refused_stateless_run_leaves_no_thread(serve: Any, trip_script: TripScript) -> None:
    url = serve(trip_script.write(trip_script.search()))
    with httpx.Client(base_url=url, timeout=30) as http:
        for path in ("/runs/wait", "/runs/stream"):
            answer = http.post(path, json={"assistant_id": "trip", "input": {"messages": ""}})
            assert answer.status_code == 422, answer.text
            assert answer.json()["detail"].startswith("input")
        assert http.post("/threads/search", json={}).json() == []


def test_a_request_the_reader_half_read_starts_with_the_slot_its_model_read(
        serve: Any, trip_script: TripScript) -> None:
    request = "Plan 4 days in lisbon from Boston, leaving 2027-03-10, budget 2500 USD"
    url = serve(trip_script.write(
        {"structured": {"span": "lisbon"}},  # the destination code missed, as a span
        {"tool_calls": [{"name": "get_airport_code", "args": {}}]},
        {"tool_calls": [{"name": "search_flights", "args": {}}]},
        {"content": json.dumps({"outbound": 1, "return": 1, "hotel": 1,
                                "activities": [1, 2, 3, 4], "notes": 1})}))
    with httpx.Client(base_url=url, timeout=60) as http:
        answer = http.post("/runs/wait", json={"assistant_id": "trip",
                                               "input": {"messages": request}})
        assert answer.status_code == 200, answer.text
        values = answer.json()
        assert values["__interrupt__"][0]["value"]["kind"] == "review_result"
        assert values["preferences"]["destination"] == "lisbon"
        assert values["messages"][0]["content"] == request

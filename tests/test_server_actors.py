"""Who did what: with API keys the key's name is the actor; without, the name the person gave."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from agentdesk.settings import key_fingerprint

from .servers import Servers
from .trip_script import REQUEST, TripScript


@pytest.fixture
def serve(trip_script: TripScript, servers: Servers,
          monkeypatch: pytest.MonkeyPatch) -> Callable[..., str]:
    """A real server whose trip agent pauses for review twice (a rejection, then approval)."""
    monkeypatch.setenv("AGENTDESK_MODEL_TRIP", trip_script.write(
        trip_script.search(), trip_script.answer(trip_script.itinerary()),
        trip_script.answer(trip_script.itinerary(hotel=1))))

    def start(**settings: Any) -> str:
        return servers.app(ping_seconds=0.3, **settings).url

    return start


def run_body(**extra: Any) -> dict[str, Any]:
    return {"assistant_id": "trip", "input": {"messages": REQUEST}, **extra}


def trail(http: httpx.Client, thread: str) -> list[tuple[str, str | None, str | None]]:
    """(event, actor, display name) of the thread's runs and decisions, in order."""
    return [(e["event"], e["actor"], e["data"].get("display_name"))
            for e in http.get(f"/threads/{thread}/audit").json()
            if e["event"] in ("run_started", "decision")]


def drive(http: httpx.Client, body_actor: str | None) -> str:
    """Start, reject through /decisions, approve through a resume command; the thread id."""
    thread = http.post("/threads", json={}).json()["thread_id"]
    paused = http.post(f"/threads/{thread}/runs/wait", json=run_body())
    assert "__interrupt__" in paused.json(), paused.text
    rejected = http.post(f"/threads/{thread}/decisions", json={
        "type": "reject", "message": "another hotel", "actor": body_actor})
    assert rejected.status_code == 200, rejected.text
    approved = http.post(f"/threads/{thread}/runs/wait", json={
        "assistant_id": "trip", "command": {"resume": {"type": "approve", "actor": body_actor}}})
    assert approved.json()["is_approved"] is True, approved.text
    return thread


def test_with_keys_the_key_name_is_the_actor_and_a_given_name_only_sits_beside_it(
        serve: Any) -> None:
    url = serve(api_keys=["alice:key-a", "key-b"])
    alice = httpx.Client(base_url=url, timeout=60, headers={
        "x-api-key": "key-a", "x-agentdesk-actor": "Mallory%20the%20CEO"})
    bob = httpx.Client(base_url=url, timeout=60, headers={"Authorization": "Bearer key-b"})
    with alice, bob:
        thread = drive(alice, body_actor="root")
        assert trail(alice, thread) == [
            ("run_started", "alice", "Mallory the CEO"),
            ("decision", "alice", "root"), ("run_started", "alice", "root"),
            ("decision", "alice", "root"), ("run_started", "alice", "root")]
        thread = drive(bob, body_actor=None)
        bob_name = f"key-{key_fingerprint('key-b')[:8]}"
        assert {actor for _, actor, _ in trail(bob, thread)} == {bob_name}
        assert "key-b" not in str(bob.get(f"/threads/{thread}/audit").json())


def test_without_keys_the_name_the_person_gave_is_the_actor(serve: Any) -> None:
    url = serve()
    with httpx.Client(base_url=url, timeout=60,
                      headers={"x-agentdesk-actor": "Ana%20Mar%C3%ADa"}) as http:
        thread = drive(http, body_actor="Ana María")
        assert trail(http, thread) == [
            ("run_started", "Ana María", None),
            ("decision", "Ana María", None), ("run_started", "Ana María", None),
            ("decision", "Ana María", None), ("run_started", "Ana María", None)]
    with httpx.Client(base_url=url, timeout=60) as http:
        thread = drive(http, body_actor=None)
        assert {actor for _, actor, _ in trail(http, thread)} == {"tester"}


def test_with_keys_every_way_to_start_a_run_records_the_key_and_the_name_beside_it(
        serve: Any, trip_script: TripScript, bank_db: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from .test_banking_graph import FREE, GOOD_SQL, insight, intent, script, sql

    monkeypatch.setenv("AGENTDESK_MODEL_TRIP", trip_script.write(
        *[item for _ in range(5) for item in (
            trip_script.search(), trip_script.answer(trip_script.itinerary()))]))
    monkeypatch.setenv("AGENTDESK_MODEL_BANKING",
                       script(tmp_path, intent(), sql(GOOD_SQL), insight("table")))
    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", bank_db)
    url = serve(api_keys=["alice:key-a"])
    with httpx.Client(base_url=url, timeout=60, headers={
            "x-api-key": "key-a", "x-agentdesk-actor": "Ana%20Mar%C3%ADa"}) as alice:
        threads = []
        for route in ("runs", "runs/stream", "runs/wait"):  # on a thread
            thread = alice.post("/threads", json={}).json()["thread_id"]
            started = alice.post(f"/threads/{thread}/{route}", json=run_body())
            assert started.status_code == 200, (route, started.text)
            run_id = alice.get(f"/threads/{thread}/runs").json()[0]["run_id"]
            assert alice.get(f"/threads/{thread}/runs/{run_id}/join").status_code == 200
            threads.append(thread)
        for route in ("/runs/wait", "/runs/stream"):  # stateless, kept to read its trail
            started = alice.post(route, json=run_body(on_completion="keep"))
            assert started.status_code == 200, (route, started.text)
            threads.append(started.headers["location"].split("/")[2])
        asked = alice.post("/ask", json={"query": FREE})
        assert asked.json()["error"] is None, asked.text
        threads.append(asked.json()["thread_id"])
        for thread in threads:
            assert trail(alice, thread)[:1] == [("run_started", "alice", "Ana María")], thread

"""Thread ids per key: another key's thread is, on every route, a thread that never existed.

Each test runs on SQLite and, when ``AGENTDESK_TEST_POSTGRES_URL`` is set, on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from agentdesk.runtime.runs.desk import Desk
from agentdesk.server.app import create_app
from agentdesk.settings import Settings, key_fingerprint

from .conftest import ServerThread
from .servers import Servers
from .trip_script import REQUEST, TripScript

KEYS = ["alice:key-a", "bob:key-b"]
FOREIGN, NEVER = "shared-name", "never-made"


@pytest.fixture
def settings(database_url: str, isolated_env: Path, trip_script: TripScript,
             monkeypatch: pytest.MonkeyPatch) -> Settings:
    """Trip runs pause for a review; enough script for two of them."""
    monkeypatch.setenv("AGENTDESK_MODEL_TRIP", trip_script.write(
        trip_script.search(), trip_script.answer(trip_script.itinerary()),
        trip_script.search(), trip_script.answer(trip_script.itinerary())))
    return Settings(data_dir=isolated_env, database_url=database_url, actor="tester",
                    api_keys=KEYS)


@pytest.fixture
def clients(settings: Settings, servers: Servers) -> Iterator[tuple[httpx.Client, httpx.Client]]:
    server = servers.app(settings, ping_seconds=0.3)
    alice = httpx.Client(base_url=server.url, timeout=60, headers={"x-api-key": "key-a"})
    bob = httpx.Client(base_url=server.url, timeout=60, headers={"x-api-key": "key-b"})
    with alice, bob:
        yield alice, bob


def run_body(**extra: Any) -> dict[str, Any]:
    return {"assistant_id": "trip", "input": {"messages": REQUEST}, **extra}


def paused_thread(http: httpx.Client, thread_id: str) -> str:
    """Create ``thread_id`` and run it to its review; the run's id."""
    assert http.post("/threads", json={"thread_id": thread_id,
                                       "metadata": {"mine": True}}).status_code == 200
    paused = http.post(f"/threads/{thread_id}/runs/wait", json=run_body())
    assert "__interrupt__" in paused.json(), paused.text
    return str(http.get(f"/threads/{thread_id}/runs").json()[0]["run_id"])


# (method, path, JSON body); {t} is the thread id, {r} a run id on it.
ROUTES: list[tuple[str, str, Any]] = [
    ("GET", "/threads/{t}", None),
    ("PATCH", "/threads/{t}", {"metadata": {"k": 1}}),
    ("GET", "/threads/{t}/state", None),
    ("GET", "/threads/{t}/history", None),
    ("POST", "/threads/{t}/history", {"limit": 5}),
    ("GET", "/threads/{t}/audit", None),
    ("GET", "/threads/{t}/runs", None),
    ("POST", "/threads/{t}/runs", run_body()),
    ("POST", "/threads/{t}/runs/wait", run_body()),
    ("POST", "/threads/{t}/runs/stream", run_body()),
    ("POST", "/threads/{t}/runs", {"assistant_id": "trip",
                                   "command": {"resume": {"type": "approve"}}}),
    ("GET", "/threads/{t}/runs/{r}", None),
    ("GET", "/threads/{t}/runs/{r}/join", None),
    ("GET", "/threads/{t}/runs/{r}/stream", None),
    ("POST", "/threads/{t}/runs/{r}/cancel", None),
    ("POST", "/threads/{t}/decisions", {"type": "approve"}),
    ("POST", "/threads/{t}/stream/events", {"channels": ["values"]}),
    ("POST", "/threads/{t}/commands", {"id": 1, "method": "input.respond",
                                       "params": {"interrupt_id": "x", "response": 1}}),
    ("POST", "/threads/search", {"ids": ["{t}"]}),
    ("DELETE", "/threads/{t}", None),
]


def ask(http: httpx.Client, method: str, path: str, body: Any, thread: str,
        run: str) -> tuple[int, str]:
    """The answer's status and body, with this case's ids written back as placeholders."""
    url = path.replace("{t}", thread).replace("{r}", run)
    content = json.dumps(body).replace("{t}", thread) if body is not None else None
    answer = http.request(method, url, content=content,
                          headers={"content-type": "application/json"} if content else {})
    return answer.status_code, answer.text.replace(thread, "{t}").replace(run, "{r}")


@pytest.mark.parametrize(("method", "path", "body"), ROUTES,
                         ids=[f"{m} {p}" for m, p, _ in ROUTES])
def test_another_keys_thread_answers_as_one_that_never_existed(
        clients: tuple[httpx.Client, httpx.Client], method: str, path: str, body: Any) -> None:
    alice, bob = clients
    alices_run = paused_thread(alice, FOREIGN)
    foreign = ask(bob, method, path, body, FOREIGN, alices_run)
    missing = ask(bob, method, path, body, NEVER, "0f6c2f5e-0000-4000-8000-000000000000")
    assert foreign == missing
    assert foreign[0] in (200, 404), foreign  # 200: an empty search
    # Nothing of alice's moved: her thread is still paused on her run, metadata untouched.
    own = alice.get(f"/threads/{FOREIGN}").json()
    assert (own["status"], own["metadata"]["mine"]) == ("interrupted", True)
    assert [r["run_id"] for r in alice.get(f"/threads/{FOREIGN}/runs").json()] == [alices_run]


def test_creating_another_keys_id_makes_ones_own_independent_thread(
        clients: tuple[httpx.Client, httpx.Client]) -> None:
    alice, bob = clients
    alices_run = paused_thread(alice, FOREIGN)
    made = bob.post("/threads", json={"thread_id": FOREIGN, "metadata": {"who": "bob"}})
    assert made.status_code == 200, made.text
    assert (made.json()["thread_id"], made.json()["metadata"]) == (FOREIGN, {"who": "bob"})
    # A second create of it is now bob's own conflict; do_nothing returns his thread.
    assert bob.post("/threads", json={"thread_id": FOREIGN}).status_code == 409
    again = bob.post("/threads", json={"thread_id": FOREIGN, "if_exists": "do_nothing"})
    assert again.json()["metadata"] == {"who": "bob"}
    # A run that creates another of alice's ids creates bob's: it runs to its own review.
    assert alice.post("/threads", json={"thread_id": "alices-too"}).status_code == 200
    stream = bob.post("/threads/alices-too/runs/stream", json=run_body(if_not_exists="create"))
    assert stream.status_code == 200, stream.text
    assert stream.headers["location"].startswith("/threads/alices-too/runs/")
    assert "event: end" in stream.text and "~" not in stream.text
    assert bob.get("/threads/alices-too").json()["status"] == "interrupted"
    assert alice.get("/threads/alices-too").json()["status"] == "idle"
    # Each key sees its own: listings, runs, inbox, decisions.
    assert sorted(t["thread_id"] for t in bob.post("/threads/search", json={}).json()) == [
        "alices-too", FOREIGN]
    assert [i["thread_id"] for i in bob.get("/interrupts").json()] == ["alices-too"]
    assert [i["thread_id"] for i in alice.get("/interrupts").json()] == [FOREIGN]
    decided = bob.post("/threads/alices-too/decisions", json={"type": "approve"})
    assert decided.status_code == 200, decided.text
    assert alice.get("/threads/alices-too/runs").json() == []
    assert bob.delete(f"/threads/{FOREIGN}").status_code == 204
    assert [r["run_id"] for r in alice.get(f"/threads/{FOREIGN}/runs").json()] == [alices_run]
    # Every id bob is answered with is public: the state's checkpoint, the runs, history.
    for path in ("/threads/alices-too", "/threads/alices-too/state",
                 "/threads/alices-too/history", "/threads/alices-too/runs",
                 "/threads/alices-too/audit"):
        answer = bob.get(path)
        assert answer.status_code == 200 and "~" not in answer.text, (path, answer.text)
    assert bob.get("/threads/alices-too/state").json()["checkpoint"]["thread_id"] == "alices-too"


def test_stateless_runs_and_ask_answer_ids_their_key_can_use(
        clients: tuple[httpx.Client, httpx.Client]) -> None:
    alice, bob = clients
    waited = bob.post("/runs/wait", json=run_body(on_completion="keep"))
    assert waited.status_code == 200, waited.text
    location = waited.headers["location"]
    thread = location.split("/")[2]
    assert "~" not in location and bob.get(f"/threads/{thread}").status_code == 200
    assert alice.get(f"/threads/{thread}").status_code == 404
    answer = bob.post("/ask", json={"query": "   "})  # refused before any thread exists
    assert answer.status_code == 200 and answer.json()["thread_id"] is None


def test_threads_a_key_made_before_namespaces_keep_their_ids(settings: Settings) -> None:
    owner = "key:" + key_fingerprint("key-a")

    async def made_before() -> None:
        async with Desk.open(settings) as desk:
            await desk.store.create_thread("old-one", None, owner=owner, model=None,
                                           metadata={"old": True})

    asyncio.run(made_before())
    with ServerThread(create_app(settings, ping_seconds=0.3)) as server:
        alice = httpx.Client(base_url=server.url, timeout=60, headers={"x-api-key": "key-a"})
        bob = httpx.Client(base_url=server.url, timeout=60, headers={"x-api-key": "key-b"})
        with alice, bob:
            assert alice.get("/threads/old-one").json()["metadata"] == {"old": True}
            assert alice.post("/threads", json={"thread_id": "old-one"}).status_code == 409
            assert bob.get("/threads/old-one").status_code == 404
            assert bob.post("/threads", json={"thread_id": "old-one"}).status_code == 200
            assert alice.post("/threads/search", json={"ids": ["old-one"]}).json()[0][
                "metadata"] == {"old": True}

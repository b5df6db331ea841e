"""What Agent Chat UI needs from the API, without the browser: CORS for its origin, our
interrupts in LangGraph's ``HumanInterrupt`` shape too, a ``[HumanResponse]`` resume, and
a resume that names the thread's latest checkpoint.

``tests/test_chat_ui.py`` drives the real UI; this module pins each piece, and its
refusals, on SQLite and PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from agentdesk.settings import Settings

from .servers import Servers
from .trip_script import REQUEST, TripScript

UI = "http://127.0.0.1:3999"


def _interrupted_trip(client: httpx.Client) -> tuple[str, dict[str, Any]]:
    """A trip thread paused at its review; its id and state."""
    thread_id = client.post("/threads", json={}).raise_for_status().json()["thread_id"]
    client.post(f"/threads/{thread_id}/runs/wait", json={
        "assistant_id": "trip",
        "input": {"messages": [{"type": "human", "content": REQUEST}]}}).raise_for_status()
    state = client.get(f"/threads/{thread_id}/state").raise_for_status().json()
    assert state["next"] == ["human_review"]
    return thread_id, state


@pytest.fixture
def client(database_url: str, servers: Servers, tmp_path: Path, trip_script: TripScript,
           monkeypatch: pytest.MonkeyPatch) -> httpx.Client:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    monkeypatch.setenv("AGENTDESK_MODEL_TRIP", model)
    server = servers.app(Settings(data_dir=tmp_path / "data", database_url=database_url,
                                  actor="tester", cors_origins=[UI]))
    return httpx.Client(base_url=server.url, timeout=60)


def test_cors_answers_the_ui_origin_only(client: httpx.Client) -> None:
    preflight = {"Access-Control-Request-Method": "POST",
                 "Access-Control-Request-Headers": "content-type"}
    allowed = client.options("/threads", headers={"Origin": UI, **preflight})
    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == UI
    other = client.options("/threads", headers={"Origin": "http://evil.test", **preflight})
    assert "access-control-allow-origin" not in other.headers
    made = client.post("/threads", json={}, headers={"Origin": UI})
    assert made.headers["access-control-allow-origin"] == UI
    exposed = made.headers["access-control-expose-headers"].lower()
    assert "content-location" in exposed and "x-pagination-total" in exposed


def test_no_cors_without_origins(servers: Servers, tmp_path: Path) -> None:
    server = servers.app(Settings(data_dir=tmp_path / "data", actor="tester"))
    answer = httpx.options(server.url + "/threads", headers={
        "Origin": UI, "Access-Control-Request-Method": "POST"})
    assert "access-control-allow-origin" not in answer.headers


def test_settings_read_origins_comma_separated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_CORS_ORIGINS", f"{UI}, http://localhost:3000")
    assert Settings().cors_origins == [UI, "http://localhost:3000"]


def test_a_human_response_resumes_at_the_latest_checkpoint(client: httpx.Client) -> None:
    thread_id, state = _interrupted_trip(client)
    value = state["tasks"][0]["interrupts"][0]["value"]
    assert value["kind"] == "review_result"  # ours, with LangGraph's HumanInterrupt beside
    assert value["action_request"] == {"action": value["title"], "args": {}}
    assert value["config"] == {"allow_accept": True, "allow_edit": True,
                               "allow_respond": False, "allow_ignore": True}
    assert value["description"] == value["summary"]

    latest = state["checkpoint"]["checkpoint_id"]
    done = client.post(f"/threads/{thread_id}/runs/wait", json={
        "assistant_id": "trip", "input": {},
        "command": {"resume": [{"type": "accept", "args": value["action_request"]}]},
        "checkpoint": {"checkpoint_ns": "", "checkpoint_id": latest}})
    assert done.status_code == 200, done.text
    after = client.get(f"/threads/{thread_id}/state").json()
    assert after["next"] == [] and after["values"]["is_approved"] is True
    runs = client.get(f"/threads/{thread_id}/runs").json()
    assert sorted(r["status"] for r in runs) == ["success", "success"]


@pytest.mark.parametrize(("resume", "field"), [
    ([{"type": "bogus"}], "command.resume"),
    ([{"type": "accept"}, {"type": "ignore"}], "command.resume"),
    ([{"type": "response", "args": "more museums"}], None),  # respond is not allowed here
    ([{"type": "edit", "args": "not an action"}], "command.resume"),
])
def test_a_bad_human_response_is_refused_and_leaves_no_run(
        client: httpx.Client, resume: list[Any], field: str | None) -> None:
    thread_id, _ = _interrupted_trip(client)
    answer = client.post(f"/threads/{thread_id}/runs/wait",
                         json={"assistant_id": "trip", "command": {"resume": resume}})
    assert answer.status_code in (409, 422), answer.text
    if field is not None:
        assert answer.json()["field"] == field
    assert len(client.get(f"/threads/{thread_id}/runs").json()) == 1
    assert client.get(f"/threads/{thread_id}/state").json()["next"] == ["human_review"]


def test_a_resume_at_an_older_checkpoint_is_refused(client: httpx.Client) -> None:
    thread_id, state = _interrupted_trip(client)
    older = state["parent_checkpoint"]["checkpoint_id"]
    answer = client.post(f"/threads/{thread_id}/runs/wait", json={
        "assistant_id": "trip", "command": {"resume": [{"type": "accept"}]},
        "checkpoint_id": older})
    assert answer.status_code == 422 and answer.json()["field"] == "checkpoint_id"
    assert "older" in answer.json()["message"]
    assert len(client.get(f"/threads/{thread_id}/runs").json()) == 1

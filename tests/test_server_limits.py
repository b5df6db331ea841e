"""Every way in holds: identifiers, body limits and ownership, against a real server.

Each test runs on SQLite and, when ``AGENTDESK_TEST_POSTGRES_URL`` is set, on PostgreSQL.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from .servers import Servers
from .trip_script import REQUEST, TripScript

BAD_IDS = ["a%00b", "x" * 65, "x" * 300, "%E2%80%AE", "'%20OR%201=1--", "%FF", "%FE", "a%20b"]
"""As they appear in a URL path (percent-encoded where they must be)."""


@pytest.fixture
def serve(database_url: str, trip_script: TripScript, servers: Servers,
          monkeypatch: pytest.MonkeyPatch) -> Callable[..., str]:
    """Start a real server on ``database_url`` whose trip agent pauses for a review."""
    monkeypatch.setenv("AGENTDESK_MODEL_TRIP", trip_script.write(
        trip_script.search(), trip_script.answer(trip_script.itinerary())))

    def start(**settings: Any) -> str:
        return servers.app(database_url=database_url, ping_seconds=0.3, **settings).url

    return start


def run_body(**extra: Any) -> dict[str, Any]:
    return {"assistant_id": "trip", "input": {"messages": REQUEST}, **extra}


def listed(http: httpx.Client) -> list[str]:
    answer = http.post("/threads/search", json={"limit": 1000})
    assert answer.status_code == 200, answer.text
    return sorted(t["thread_id"] for t in answer.json())


def test_an_identifier_post_threads_refuses_is_refused_on_every_route(serve: Any) -> None:
    with httpx.Client(base_url=serve(), timeout=60) as http:
        good = http.post("/threads", json={"thread_id": "good-1"}).json()["thread_id"]
        for bad in BAD_IDS:
            body_id = httpx.URL(f"/{bad}").path[1:]  # the id as the server decodes it
            assert http.post("/threads", json={"thread_id": body_id}).status_code == 422
            for method, path, body in [
                    ("GET", f"/threads/{bad}", None),
                    ("PATCH", f"/threads/{bad}", {"metadata": {"a": 1}}),
                    ("DELETE", f"/threads/{bad}", None),
                    ("GET", f"/threads/{bad}/state", None),
                    ("GET", f"/threads/{bad}/history", None),
                    ("GET", f"/threads/{bad}/audit", None),
                    ("GET", f"/assistants/{bad}", None),
                    ("POST", f"/threads/{bad}/runs", run_body(if_not_exists="create")),
                    ("POST", f"/threads/{bad}/runs/stream", run_body(if_not_exists="create")),
                    ("POST", f"/threads/{bad}/runs/wait", run_body(if_not_exists="create")),
                    ("POST", f"/threads/{bad}/decisions", {"type": "approve"}),
                    ("GET", f"/threads/{good}/runs/{bad}", None),
                    ("POST", f"/threads/{good}/runs/{bad}/cancel", None),
                    ("POST", "/runs/wait", {**run_body(), "assistant_id": body_id}),
                    ("POST", "/runs/stream", {**run_body(), "assistant_id": body_id}),
                    ("POST", f"/threads/{good}/decisions",
                     {"type": "approve", "interrupt_id": body_id}),
                    ("POST", "/threads/search", {"ids": [body_id]})]:
                answer = http.request(method, path, json=body)
                assert answer.status_code == 422, (method, path, answer.text)
        assert listed(http) == ["good-1"]
        assert http.get(f"/threads/{good}/runs").json() == []


def test_invalid_utf8_in_a_path_never_makes_two_ids_one(serve: Any) -> None:
    with httpx.Client(base_url=serve(), timeout=60) as http:
        made = http.post("/threads/%FF/runs/wait", json=run_body(if_not_exists="create"))
        assert made.status_code == 422
        assert http.get("/threads/%FE").status_code == 422
        assert listed(http) == []


def _deep(depth: int) -> Any:
    value: Any = "leaf"
    for _ in range(depth):
        value = {"a": value}
    return value


REFUSED_BODIES: list[tuple[str, str, str, int, str]] = [
    ("POST", "/threads", json.dumps({"metadata": _deep(900)}), 422, "metadata.a.a"),
    ("POST", "/threads", '{"metadata": {"k": "\\ud800"}}', 422, "metadata.k"),
    ("POST", "/threads", '{"metadata": {"\\udfff": 1}}', 422, "metadata: a key"),
    ("POST", "/threads", '{"metadata": {"k": "a\\u0000b"}}', 422, "metadata.k"),
    ("POST", "/threads", '{"metadata": {"k": NaN}}', 422, "body: NaN"),
    ("PATCH", "/threads/{t}", '{"metadata": {"k": [-Infinity]}}', 422, "body: -Infinity"),
    ("POST", "/threads", json.dumps({"metadata": {"k": "x" * 10_000_000}}), 413, "body"),
    ("POST", "/threads", json.dumps({"metadata": {"k": "x" * 20_000}}), 422, "metadata"),
    ("POST", "/threads", json.dumps({"metadata": {"k": "x" * 1_000_000}}), 413, "body"),
    ("PATCH", "/threads/{t}", json.dumps({"metadata": {"k": "x" * 20_000}}), 422, "metadata"),
    ("PATCH", "/threads/{t}", '{"metadata": {"k": "\\ud800"}}', 422, "metadata.k"),
    ("POST", "/threads/{t}/runs", json.dumps(run_body(metadata=_deep(100))), 422, "metadata"),
    ("POST", "/threads/{t}/runs", json.dumps({"assistant_id": "trip", "input": {
        "messages": "\ud800 hi"}}, ensure_ascii=True), 422, "input.messages"),
    ("POST", "/runs/wait", json.dumps({"assistant_id": "trip", "input": {
        "messages": [_deep(60)]}}), 422, "input.messages.0"),
    ("POST", "/threads/{t}/decisions", '{"type": "respond", "message": "\\ud83d"}', 422,
     "message"),
    ("POST", "/threads/search", b'{"metadata": {"k": "\xff"}}'.decode("latin-1"), 422, "body"),
]


@pytest.mark.parametrize(("method", "path", "raw", "status", "field"), REFUSED_BODIES,
                         ids=[f"{m} {p} {f} {s}" for m, p, _, s, f in REFUSED_BODIES])
def test_a_refused_body_writes_nothing_and_listing_keeps_working(
        serve: Any, method: str, path: str, raw: str, status: int, field: str) -> None:
    with httpx.Client(base_url=serve(), timeout=60) as http:
        thread = http.post("/threads", json={"metadata": {"n": 1}}).json()["thread_id"]
        answer = http.request(method, path.format(t=thread), content=raw.encode(
            "latin-1" if "\xff" in raw else "utf-8"), headers={"content-type": "application/json"})
        assert answer.status_code == status, answer.text[:300]
        assert answer.json()["detail"].startswith(field), answer.json()["detail"][:200]
        assert listed(http) == [thread]
        kept = http.get(f"/threads/{thread}").json()
        assert kept["metadata"] == {"n": 1} and kept["values"] == {}
        assert http.get(f"/threads/{thread}/runs").json() == []


def test_limits_come_from_settings(serve: Any) -> None:
    url = serve(max_body_bytes=4096, max_json_depth=8, max_metadata_bytes=512)
    with httpx.Client(base_url=url, timeout=60) as http:
        assert http.post("/threads", json={"metadata": {"k": "x" * 5000}}).status_code == 413
        assert http.post("/threads", json={"metadata": {"k": "x" * 600}}).status_code == 422
        assert http.post("/threads", json={"metadata": _deep(8)}).status_code == 422
        assert http.post("/threads", json={"metadata": _deep(6)}).status_code == 200
        thread = http.post("/threads", json={"metadata": {"k": "x" * 300}}).json()["thread_id"]
        grown = http.patch(f"/threads/{thread}", json={"metadata": {"j": "y" * 300}})
        assert grown.status_code == 422 and grown.json()["detail"].startswith("metadata")
        assert len(listed(http)) == 2


def test_a_chunked_body_past_the_limit_is_refused(serve: Any) -> None:
    url = serve(max_body_bytes=4096)

    def chunks() -> Iterator[bytes]:
        yield b'{"metadata": {"k": "'
        for _ in range(10):
            yield b"x" * 1000
        yield b'"}}'

    with httpx.Client(base_url=url, timeout=60) as http:
        answer = http.post("/threads", content=chunks(),
                           headers={"content-type": "application/json"})
        assert answer.status_code == 413
        assert listed(http) == []


def test_a_new_thread_answers_as_it_reads_back_and_a_taken_id_changes_nothing(
        serve: Any) -> None:
    """POST /threads answers from what it inserted (no read): the same as every later read,
    times with their zone on either database; a second create of the id is refused or
    (``do_nothing``) answered with the first, leaving it as it was."""
    with httpx.Client(base_url=serve(), timeout=60) as http:
        made = http.post("/threads", json={"thread_id": "kept", "metadata": {"n": 1}})
        assert made.status_code == 200, made.text
        stored = http.get("/threads/kept").json()
        assert made.json() == stored
        assert stored["created_at"].endswith("+00:00"), stored["created_at"]
        again = http.post("/threads", json={"thread_id": "kept", "metadata": {"n": 2}})
        assert again.status_code == 409, again.text
        assert again.json()["detail"] == "thread_id: 'kept' is not available; choose another id"
        same = http.post("/threads", json={"thread_id": "kept", "metadata": {"n": 3},
                                           "if_exists": "do_nothing"})
        assert (same.status_code, same.json()) == (200, stored)
        assert http.get("/threads/kept").json() == stored
        assert listed(http) == ["kept"]

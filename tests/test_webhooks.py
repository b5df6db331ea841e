"""Run webhooks: a run's end POSTed, signed, retried, exactly once across a kill -9.

A real receiver listens on loopback and checks every signature with the
``standardwebhooks`` library; the runs are the hitl graph's (no model), on a
real server (a thread, or ``agentdesk serve`` processes killed with SIGKILL).
"""

from __future__ import annotations

import base64
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
from standardwebhooks import Webhook

from .servers import Servers

HITL = Path(__file__).parent / "graphs" / "hitl" / "langgraph.json"
SECRET = "whsec_" + base64.b64encode(b"a secret only the test and server know").decode()
FAST = {"webhook_retry_seconds": 0.2, "webhook_poll_seconds": 0.1, "webhook_timeout": 1.0,
        "webhook_allowed_hosts": ["127.0.0.1"], "webhook_secret": SECRET}


class Receiver:
    """An HTTP receiver on loopback: answers each POST with the next scripted status.

    Every request is recorded with its headers, its body and the status answered;
    a request whose signature does not verify is answered 401 and recorded so.
    ``hold`` makes the first request wait (unanswered) until :meth:`release`.
    """

    def __init__(self, statuses: list[int] | None = None, hold: bool = False) -> None:
        self.statuses = list(statuses or [])
        self.received: list[dict[str, Any]] = []
        self.held = threading.Event()
        self.released = threading.Event()
        self.hold = hold
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                receiver.handle(self)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def handle(self, request: BaseHTTPRequestHandler) -> None:
        body = request.rfile.read(int(request.headers["content-length"])).decode()
        headers = {k.lower(): v for k, v in request.headers.items()}
        with self.lock:
            first = not self.received
            status = self.statuses.pop(0) if self.statuses else 200
            if first and self.hold:
                status = 500
        if first and self.hold:
            self.held.set()
            self.released.wait(60)
        try:
            Webhook(SECRET).verify(body, headers)
        except Exception:
            status = 401
        with self.lock:
            self.received.append({"headers": headers, "body": json.loads(body),
                                  "status": status})
        request.send_response(status)
        request.send_header("content-length", "0")
        request.end_headers()

    def release(self) -> None:
        self.released.set()

    def delivered(self) -> list[dict[str, Any]]:
        with self.lock:
            return [r for r in self.received if r["status"] == 200]

    def wait_delivered(self, count: int = 1, timeout: float = 60) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.delivered()) >= count:
                return self.delivered()
            time.sleep(0.05)
        raise AssertionError(f"no delivery in {timeout} s: {self.received}")

    def close(self) -> None:
        self.release()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    made: list[Receiver] = []

    def make(**options: Any) -> Receiver:
        made.append(Receiver(**options))
        return made[-1]

    yield make  # type: ignore[misc]
    for each in made:
        each.close()


def _audit(client: httpx.Client, thread_id: str, event: str) -> list[dict[str, Any]]:
    entries = client.get(f"/threads/{thread_id}/audit").json()
    return [e for e in entries if e["event"] == event]


def test_a_run_end_is_posted_signed_with_its_values_after_a_500(
        database_url: str, servers: Servers, receiver: Any) -> None:
    hooks = receiver(statuses=[500])
    server = servers.app(database_url=database_url, graphs=HITL, **FAST)
    with httpx.Client(base_url=server.url, timeout=60) as client:
        thread = client.post("/threads", json={}).json()["thread_id"]
        client.post(f"/threads/{thread}/runs/wait", json={
            "assistant_id": "hitl", "input": {"topic": "otters"}, "webhook": hooks.url})
        delivered = hooks.wait_delivered()
        # First answered 500, then retried: the same message (id), signed each time.
        assert [r["status"] for r in hooks.received] == [500, 200]
        ids = {r["headers"]["webhook-id"] for r in hooks.received}
        assert len(ids) == 1
        body = delivered[0]["body"]
        assert body["thread_id"] == thread and body["status"] == "success"
        assert body["values"]["draft"] == "A short note about otters."
        assert ids == {f"msg_{body['run_id']}"}
        assert body["webhook_sent_at"] and body["run_ended_at"]
        for _ in range(50):  # the mark is committed just after the receiver's 200
            entries = _audit(client, thread, "webhook_delivered")
            if entries:
                break
            time.sleep(0.1)
        assert entries[0]["run_id"] == body["run_id"]
        assert entries[0]["data"]["attempts"] == 2
        assert entries[0]["data"]["status_code"] == 200
        time.sleep(1.0)  # several passes of the loop later, still one delivery
        assert len(hooks.received) == 2


def test_a_failed_run_and_a_stateless_run_each_get_their_webhook(
        database_url: str, servers: Servers, receiver: Any) -> None:
    hooks = receiver()
    server = servers.app(database_url=database_url, graphs=HITL, **FAST)
    with httpx.Client(base_url=server.url, timeout=60) as client:
        client.post("/runs/wait", json={"assistant_id": "hitl", "input": {"topic": "a"},
                                        "webhook": hooks.url})
        thread = client.post("/threads", json={}).json()["thread_id"]
        # The graph's first node reads state["topic"]: without it the run fails.
        failed = client.post(f"/threads/{thread}/runs/wait", json={
            "assistant_id": "hitl", "input": {"draft": "no topic"}, "webhook": hooks.url})
        assert "__error__" in failed.json(), failed.text
        delivered = hooks.wait_delivered(2)
    by_status = {r["body"]["status"]: r["body"] for r in delivered}
    assert set(by_status) == {"success", "error"}
    assert by_status["error"]["error"]["message"]
    assert by_status["error"]["thread_id"] == thread


def test_webhooks_are_given_up_after_the_last_attempt(
        database_url: str, servers: Servers, receiver: Any) -> None:
    hooks = receiver(statuses=[503] * 10)
    server = servers.app(database_url=database_url, graphs=HITL,
                         **{**FAST, "webhook_max_attempts": 3})
    with httpx.Client(base_url=server.url, timeout=60) as client:
        thread = client.post("/threads", json={}).json()["thread_id"]
        client.post(f"/threads/{thread}/runs/wait", json={
            "assistant_id": "hitl", "input": {"topic": "b"}, "webhook": hooks.url})
        entries: list[dict[str, Any]] = []
        for _ in range(200):
            entries = _audit(client, thread, "webhook_failed")
            if entries:
                break
            time.sleep(0.05)
        assert entries and entries[0]["data"]["attempts"] == 3
        assert entries[0]["data"]["error"] == "HTTP 503"
    assert [r["status"] for r in hooks.received] == [503, 503, 503]


@pytest.mark.parametrize(("url", "why"), [
    ("ftp://example.com/hook", "not an http or https URL"),
    ("http:///hook", "names no host"),
    ("http://127.0.0.1:9/hook", "non-public address"),
    ("http://10.1.2.3/hook", "non-public address"),
    ("http://169.254.169.254/latest/meta-data", "non-public address"),
    ("http://[::1]:9/hook", "non-public address"),
])
def test_webhook_urls_that_may_not_be_called_are_refused_and_leave_no_run(
        servers: Servers, url: str, why: str) -> None:
    server = servers.app(graphs=HITL)
    with httpx.Client(base_url=server.url, timeout=60) as client:
        thread = client.post("/threads", json={}).json()["thread_id"]
        refused = client.post(f"/threads/{thread}/runs", json={
            "assistant_id": "hitl", "input": {"topic": "c"}, "webhook": url})
        assert refused.status_code == 422, refused.text
        assert refused.json()["field"] == "webhook" and why in refused.json()["detail"]
        assert client.get(f"/threads/{thread}/runs").json() == []
        before = len(client.post("/threads/search", json={"limit": 100}).json())
        stateless = client.post("/runs/wait", json={
            "assistant_id": "hitl", "input": {"topic": "c"}, "webhook": url})
        assert stateless.status_code == 422
        assert len(client.post("/threads/search", json={"limit": 100}).json()) == before


def test_the_servers_own_port_is_refused_even_when_loopback_is_allowed(
        servers: Servers) -> None:
    server = servers.app(graphs=HITL, webhook_allowed_hosts=["127.0.0.1", "localhost"],
                         port=8765)
    with httpx.Client(base_url=server.url, timeout=60) as client:
        refused = client.post("/runs/wait", json={
            "assistant_id": "hitl", "input": {"topic": "d"},
            "webhook": "http://localhost:8765/threads"})
        assert refused.status_code == 422
        assert "this server itself" in refused.json()["detail"]


@pytest.mark.parametrize("kill_at", ["at_once", "after_0.4s", "mid_attempt"])
def test_one_delivery_per_run_across_a_kill_9(database_url: str, servers: Servers,
                                              receiver: Any, kill_at: str) -> None:
    hooks = receiver(hold=kill_at == "mid_attempt")
    env = {"AGENTDESK_DATABASE_URL": database_url, "AGENTDESK_GRAPHS": str(HITL),
           "AGENTDESK_WEBHOOK_SECRET": SECRET, "AGENTDESK_WEBHOOK_ALLOWED_HOSTS": "127.0.0.1",
           "AGENTDESK_WEBHOOK_RETRY_SECONDS": "0.2", "AGENTDESK_WEBHOOK_POLL_SECONDS": "0.1",
           "AGENTDESK_WEBHOOK_TIMEOUT": "0.5"}
    first = servers.process("serve", env=env)
    with first.http() as client:
        thread = client.post("/threads", json={}).json()["thread_id"]
        ended = client.post(f"/threads/{thread}/runs/wait", json={
            "assistant_id": "hitl", "input": {"topic": "e"}, "webhook": hooks.url})
        assert ended.status_code == 200
    if kill_at == "mid_attempt":
        assert hooks.held.wait(60)  # the first attempt reached the receiver, unanswered
    elif kill_at == "after_0.4s":
        time.sleep(0.4)
    first.kill()
    hooks.release()
    second = servers.process("serve", env=env)
    delivered = hooks.wait_delivered()
    with second.http() as client:
        for _ in range(100):
            entries = _audit(client, thread, "webhook_delivered")
            if entries:
                break
            time.sleep(0.1)
        assert len(entries) == 1
    time.sleep(1.0)  # many passes of the second server's loop later
    assert len(hooks.delivered()) == 1, hooks.received
    assert delivered[0]["body"]["thread_id"] == thread
    if kill_at == "mid_attempt":  # the killed attempt did not count as delivered
        assert [r["status"] for r in hooks.received] == [500, 200]

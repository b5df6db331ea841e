"""The channel's ways in and out: ``agentdesk mail``, ``serve``'s SMTP listener and watcher,
and ``GET /threads/{id}/mail`` (owner-scoped)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from agentdesk.cli.main import app as cli_app
from agentdesk.server.app import create_app

from .conftest import ServerThread
from .mail_harness import AGENCY, CUSTOMER, mail_settings, message, use_stand_in_agent

runner = CliRunner()


@pytest.fixture(autouse=True)
def _agent(monkeypatch: pytest.MonkeyPatch) -> None:
    use_stand_in_agent(monkeypatch)


def cli(*args: str) -> tuple[int, Any]:
    result = runner.invoke(cli_app, list(args))
    try:
        return result.exit_code, json.loads(result.stdout)
    except json.JSONDecodeError:
        return result.exit_code, result.stdout + result.stderr


def test_mail_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "none.json"
    script.write_text("[]")
    monkeypatch.setenv("AGENTDESK_MODEL", f"scripted:{script}")
    monkeypatch.setenv("AGENTDESK_AGENCY_EMAIL", AGENCY)
    first = tmp_path / "first.eml"
    first.write_bytes(message(CUSTOMER, "Car insurance", "Quote please", name="Dana"))
    broken = tmp_path / "broken.eml"
    broken.write_bytes(b"Subject: no sender\r\n\r\nhi\r\n")

    code, rows = cli("mail", "deliver", str(first), str(first), "--json")
    assert code == 0, rows
    assert [r["disposition"] for r in rows] == ["new_thread", "duplicate"]
    thread_id = rows[0]["thread_id"]
    assert rows[1]["thread_id"] == thread_id

    code, rows = cli("mail", "deliver", str(broken), "--json")
    assert code == 2 and rows[0]["disposition"] == "refused"
    assert rows[0]["error"]["field"] == "From"

    code, log = cli("mail", "log", "--json")
    assert code == 0 and [r["disposition"] for r in log] == ["duplicate", "new_thread"]
    assert {"id", "sender", "subject", "thread_id", "reason", "received_at"} <= set(log[0])
    code, log = cli("mail", "log", "--thread", thread_id, "--json")
    assert len(log) == 2

    # No relay and no catcher running: the review email waits in the outbox, headers filled.
    code, sent = cli("mail", "outbox", "--json")
    assert code == 0 and len(sent) == 1
    review = sent[0]
    assert (review["kind"], review["status"], review["recipients"]) == (
        "review", "queued", [AGENCY])
    assert review["key"].startswith("review:") and review["headers"]["Message-ID"]
    assert review["headers"]["Reply-To"].startswith("quotes+")

    code, text = cli("mail", "log")
    assert code == 0 and "new_thread" in text


def _wait(check: Any, timeout: float = 60) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError("timed out")


def test_serve_listens_and_shows_the_conversation(tmp_path: Path) -> None:
    settings = mail_settings(f"sqlite:///{tmp_path / 's.db'}", tmp_path,
                             api_keys=["alice:key-a", "bob:key-b"], mail_owner="alice",
                             mail_watch_seconds=0.2)
    host, _, port = settings.smtp_listen.rpartition(":")

    def smtp(raw: bytes, sender: str) -> None:
        import aiosmtplib

        asyncio.run(aiosmtplib.send(raw, sender=sender, recipients=["quotes@agency.test"],
                                    hostname=host, port=int(port), timeout=60))

    with ServerThread(create_app(settings)) as server:
        alice = httpx.Client(base_url=server.url, headers={"x-api-key": "key-a"}, timeout=30)
        bob = httpx.Client(base_url=server.url, headers={"x-api-key": "key-b"}, timeout=30)
        smtp(message(CUSTOMER, "Car insurance", "Quote please"), CUSTOMER)
        threads = _wait(lambda: alice.post("/threads/search", json={}).json())
        thread_id = threads[0]["thread_id"]

        def review() -> dict[str, Any] | None:
            body = alice.get(f"/threads/{thread_id}/mail").json()
            out = [m for m in body["messages"] if m["direction"] == "out"]
            return out[0] if out and out[0]["status"] == "sent" else None

        sent = _wait(review)  # the watcher sent it, to the catcher serve runs
        assert sent["kind"] == "review" and sent["to"] == [AGENCY]
        smtp(message(AGENCY, "Re: review", "APPROVE", in_reply_to=sent["message_id"]), AGENCY)
        body = _wait(lambda: (b := alice.get(f"/threads/{thread_id}/mail").json())
                     and len(b["messages"]) >= 4 and b)
        kinds = [(m["direction"], m.get("kind") or m.get("disposition")) for m in body["messages"]]
        assert kinds == [("in", "new_thread"), ("out", "review"), ("in", "agency_decision"),
                         ("out", "question")]
        assert body["address"]["customer_email"] == CUSTOMER
        assert bob.get(f"/threads/{thread_id}/mail").status_code == 404
        assert alice.get("/threads/not-a-thread/mail").status_code == 404
        assert alice.get("/threads/bad id!/mail").status_code == 422


def test_serve_refuses_a_taken_smtp_port(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    from agentdesk.settings import get_settings

    from .conftest import free_port

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        monkeypatch.setenv("AGENTDESK_SMTP_LISTEN", f"127.0.0.1:{taken.getsockname()[1]}")
        get_settings.cache_clear()
        code, body = cli("serve", "--port", str(free_port()), "--json")
    assert code == 2 and "cannot listen on 127.0.0.1" in body["message"], body


def test_bad_listen_setting_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from pydantic import ValidationError

    from agentdesk.settings import Settings

    with pytest.raises(ValidationError, match="smtp_listen"):
        Settings(smtp_listen="localhost")

"""``kill -9`` of a real ``agentdesk serve`` while it sends the insurance agent's question:
another server takes the run over and exactly one email lands in the mailbox."""

from __future__ import annotations

import email
import os
import signal
import smtplib
import threading
from email.message import EmailMessage
from email.policy import default
from pathlib import Path
from typing import Any

from .conftest import free_port
from .crash_harness import (  # noqa: F401  (the fixtures are used by name)
    Cluster,
    cluster_fixture,
    until,
)
from .insurance_flow import BARE_EMAIL, script, step
from .mail_harness import AGENCY, message

BOB = "bob@example.com"


class Relay:
    """The outside world's mail server: keeps every SMTP transaction it receives; the
    first question to a customer it takes in full, then kills the sender before its 250."""

    def __init__(self) -> None:
        self.received: list[EmailMessage] = []
        self.victim: int | None = None
        self.lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        import asyncio

        mail = email.message_from_bytes(envelope.original_content or envelope.content,
                                        _class=EmailMessage, policy=default)
        with self.lock:
            self.received.append(mail)  # type: ignore[arg-type]
        if mail["X-Agentdesk-Kind"] == "question" and self.victim is not None:
            os.kill(self.victim, signal.SIGKILL)
            self.victim = None
            await asyncio.sleep(0.5)
        return "250 OK"

    def kinds(self, kind: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.received if m["X-Agentdesk-Kind"] == kind]


def _smtp(port: int, raw: bytes, sender: str) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=60) as client:
        client.sendmail(sender, ["quotes@localhost"], raw)


def test_kill_9_mid_send_one_question_lands(cluster: Cluster, tmp_path: Path) -> None:
    from aiosmtpd.controller import Controller

    relay = Relay()
    controller = Controller(relay, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        model = script(tmp_path, step("ask_customer_tool"), step("quote_initiate_tool"))
        env = {"AGENTDESK_MODEL": model, "AGENTDESK_AGENCY_EMAIL": AGENCY,
               "AGENTDESK_SMTP_RELAY": f"127.0.0.1:{controller.port}",
               "AGENTDESK_MAIL_WATCH_SECONDS": "0.3", "AGENTDESK_MAIL_RETRY_SECONDS": "3"}
        first_smtp = free_port()
        first = cluster.start(AGENTDESK_SMTP_LISTEN=f"127.0.0.1:{first_smtp}", **env)
        relay.victim = first.pid
        _smtp(first_smtp, message(BOB, "Car insurance quote", BARE_EMAIL, name="Bob Stone"),
              BOB)
        review = until(lambda: relay.kinds("review"), 60, "the review email")[0]
        _smtp(first_smtp, message(AGENCY, "Re: review", "APPROVE",
                                  in_reply_to=review["Message-ID"]), AGENCY)
        until(lambda: first.proc.poll() is not None, 60, "the server killed mid-send")
        assert len(relay.kinds("question")) == 1
        row = cluster.rows("SELECT status, attempts, message_id FROM agentdesk_mail_outbox "
                           "WHERE kind = 'question'")
        assert [(r["status"], r["attempts"]) for r in row] == [("queued", 1)]

        second = cluster.start(AGENTDESK_SMTP_LISTEN=f"127.0.0.1:{free_port()}", **env)
        thread_id = cluster.rows("SELECT thread_id FROM agentdesk_mail_threads")[0]["thread_id"]

        def waiting() -> bool:
            with second.http() as http:
                state = http.get(f"/threads/{thread_id}/state").json()
            kinds = [i["value"]["kind"] for i in state.get("interrupts", [])]
            return kinds == ["await_reply"]

        until(waiting, 90, "the taken-over run to reach the customer wait")
        # The cut-off attempt owned the row for AGENTDESK_MAIL_RETRY_SECONDS; then the
        # second server's watcher sent it again.
        until(lambda: len(relay.kinds("question")) == 2, 60, "the question sent again")
        questions = relay.kinds("question")
        # The cut-off send was made again with the same bytes: two transactions, one email.
        assert len(questions) == 2
        assert len({q["Message-ID"] for q in questions}) == 1
        assert questions[0].as_bytes() == questions[1].as_bytes()
        row = until(lambda: [r for r in cluster.rows(
            "SELECT status, attempts, message_id FROM agentdesk_mail_outbox WHERE kind = "
            "'question'") if r["status"] == "sent"], 30, "the outbox row marked sent")
        assert [(r["status"], r["attempts"]) for r in row] == [("sent", 2)]
        assert row[0]["message_id"] == questions[0]["Message-ID"]
        effects = cluster.rows("SELECT status FROM agentdesk_effects WHERE tool = "
                               "'ask_customer_tool'")
        assert [e["status"] for e in effects] == ["done"]
        assert len(relay.kinds("review")) == 1  # the review email was not sent again either
    finally:
        controller.stop()

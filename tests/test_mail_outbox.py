"""The outbox: one row and one email per key, headers filled, and a kill -9 mid-send."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from agentdesk.channels.email import OutgoingMail, mailer_for
from agentdesk.channels.email import outbox as outbox_module
from agentdesk.channels.email.outbox import Outbox
from agentdesk.channels.email.service import open_engine
from agentdesk.channels.email.smtp import CatcherHandler, caught_messages, listen
from agentdesk.channels.email.tables import ensure_tables, outbox

from .mail_harness import CUSTOMER, mail_settings

SRC = Path(__file__).resolve().parents[1] / "src"


def _mail(key: str = "t1:send:1") -> OutgoingMail:
    return OutgoingMail(thread_id="t1", key=key, kind="question", to=[CUSTOMER],
                        subject="Your VIN?", body="What is the VIN of your car?")


def test_one_row_one_email_per_key(database_url: str, tmp_path: Path) -> None:
    settings = mail_settings(database_url, tmp_path)

    async def main() -> None:
        async with open_engine(settings) as engine:
            await ensure_tables(engine)
            catcher = await listen(CatcherHandler(engine), settings.smtp_catcher)
            try:
                first = await mailer_for(settings).send(_mail())
                again = await mailer_for(settings).send(_mail())
                other = await mailer_for(settings).send(_mail("t1:send:2"))
            finally:
                catcher.close()
            assert first == again and first.status == "sent"
            assert other.message_id != first.message_id
            caught = await caught_messages(engine)
            assert [c["message_id"] for c in caught] == [first.message_id, other.message_id]
            assert [c["deliveries"] for c in caught] == [1, 1]
            row = await Outbox(engine, settings).get("t1:send:1")
            assert row is not None and row["attempts"] == 1
            headers = row["headers"]
            assert headers["Message-ID"] == first.message_id
            assert headers["Reply-To"].startswith("quotes+") and "[Q-" in headers["Subject"]
            second = await Outbox(engine, settings).get("t1:send:2")
            assert second is not None
            assert second["headers"]["In-Reply-To"] == first.message_id  # threads on our own
            assert second["headers"]["References"] == first.message_id

    asyncio.run(main())


def test_relay_down_then_sent_once(tmp_path: Path) -> None:
    settings = mail_settings(f"sqlite:///{tmp_path / 'o.db'}", tmp_path)

    async def main() -> None:
        async with open_engine(settings) as engine:
            await ensure_tables(engine)
            box = Outbox(engine, settings)
            queued = await box.send(_mail())  # nothing listens on the catcher's port yet
            assert queued.status == "queued"
            row = await box.get(_mail().key)
            assert row is not None and row["last_error"]
            catcher = await listen(CatcherHandler(engine), settings.smtp_catcher)
            try:
                assert await box.flush() == 0  # the last attempt is recent: left to it
                assert (await box.send(_mail())).status == "queued"  # the same: not claimed
                box.settings = settings.model_copy(update={"mail_retry_seconds": 0})
                assert await box.flush() == 1
                assert await box.flush() == 0
                sent = await box.send(_mail())
            finally:
                catcher.close()
            assert sent.status == "sent" and sent.message_id == queued.message_id
            assert len(await caught_messages(engine)) == 1

    asyncio.run(main())


def test_bad_relay_setting_names_the_field(tmp_path: Path) -> None:
    from agentdesk.errors import ConfigError

    settings = mail_settings(f"sqlite:///{tmp_path / 'b.db'}", tmp_path,
                             smtp_relay="ftp://mail.example")
    with pytest.raises(ConfigError, match="smtp_relay"):
        outbox_module.relay_of(settings)
    relay = outbox_module.relay_of(mail_settings(
        f"sqlite:///{tmp_path / 'b.db'}", tmp_path, smtp_relay="smtps://u:p@mail.example"))
    assert (relay.host, relay.port, relay.username, relay.use_tls) == (
        "mail.example", 465, "u", True)


CHILD = """
import asyncio, json
from agentdesk.settings import Settings
from agentdesk.runtime.storage.persistence import open_persistence
from agentdesk.runtime.durable.effects import EffectLedger
from agentdesk.channels.email import OutgoingMail, mailer_for

async def main():
    settings = Settings()
    async with open_persistence(settings.resolved_database_url) as persistence:
        ledger = EffectLedger(persistence.engine)
        mail = OutgoingMail(thread_id="t1", key="t1:task:call-1", kind="question",
                            to=["dana@customer.test"], subject="Your VIN?", body="The VIN?")
        mailer = mailer_for(settings)

        async def call(key):
            return (await mailer.send(mail)).model_dump()

        result = await ledger.once(mail.key, thread_id="t1", run_id="r1",
                                   tool="ask_customer_tool", args={}, call=call,
                                   idempotent=True)
        print(json.dumps(result), flush=True)

asyncio.run(main())
"""


class KillingCatcher(CatcherHandler):
    """Receives the message, then kills the sender before answering 250 (mid-send)."""

    def __init__(self, engine: Any) -> None:
        super().__init__(engine)
        self.victim: int | None = None

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        answer = await super().handle_DATA(server, session, envelope)
        if self.victim is not None:
            os.kill(self.victim, signal.SIGKILL)
            self.victim = None
            await asyncio.sleep(0.5)
        return answer


def test_kill_9_while_sending_one_email(tmp_path: Path) -> None:
    """A process killed after the relay got the message, before it heard 250: the retry
    sends the same bytes (same Message-ID) again; the mailbox holds exactly one email."""
    database = f"sqlite:///{tmp_path / 'crash.db'}"
    settings = mail_settings(database, tmp_path)
    env = {**os.environ, "PYTHONPATH": str(SRC), "AGENTDESK_DATABASE_URL": database,
           "AGENTDESK_SMTP_CATCHER": settings.smtp_catcher,
           "AGENTDESK_MAIL_FROM": settings.mail_from}

    async def child() -> tuple[int, str]:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", CHILD, env=env, stdout=asyncio.subprocess.PIPE)
        handler.victim = proc.pid if first_round else None
        out, _ = await asyncio.wait_for(proc.communicate(), 120)
        return proc.returncode or 0, out.decode()

    async def main() -> None:
        nonlocal handler, first_round
        async with open_engine(settings) as engine:
            await ensure_tables(engine)
            handler = KillingCatcher(engine)
            catcher = await listen(handler, settings.smtp_catcher)
            try:
                code, _ = await child()
                assert code == -signal.SIGKILL
                async with engine.connect() as conn:
                    row = (await conn.execute(sa.select(outbox))).mappings().one()
                assert (row["status"], row["attempts"]) == ("queued", 1)
                first_round = False
                # The retried call finds the row still owned by the cut-off attempt (for
                # mail_retry_seconds): it answers "queued" and sends nothing yet.
                code, out = await child()
                assert code == 0, out
                result = json.loads(out.strip().splitlines()[-1])
                assert result == {"message_id": row["message_id"], "status": "queued"}
                assert len(await caught_messages(engine)) == 1
                # The watcher's flush, once that time is up, sends the same bytes again.
                later = settings.model_copy(update={"mail_retry_seconds": 0})
                assert await Outbox(engine, later).flush() == 1
            finally:
                catcher.close()
            caught = await caught_messages(engine)
            assert len(caught) == 1 and caught[0]["message_id"] == row["message_id"]
            assert caught[0]["deliveries"] == 2  # it crossed the wire twice, landed once
            async with engine.connect() as conn:
                row = (await conn.execute(sa.select(outbox))).mappings().one()
            assert (row["status"], row["attempts"]) == ("sent", 2)

    handler: KillingCatcher
    first_round = True
    asyncio.run(main())

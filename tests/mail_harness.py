"""A desk with the email channel on loopback SMTP, and messages to send it, for the mail tests."""

from __future__ import annotations

import email
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

import pytest

from agentdesk.channels.email.channel import MailChannel
from agentdesk.channels.email.smtp import CatcherHandler, InboundHandler, caught_messages, listen
from agentdesk.runtime.registry import AGENTS
from agentdesk.runtime.runs.desk import Desk
from agentdesk.settings import Settings

from .conftest import free_port

CUSTOMER = "dana@customer.test"
AGENCY = "agency@agency.test"


def mail_settings(database_url: str, tmp_path: Path, **extra: Any) -> Settings:
    script = tmp_path / "no-model.json"
    script.write_text("[]")
    values: dict[str, Any] = {
        "database_url": database_url, "model": f"scripted:{script}",
        "smtp_listen": f"127.0.0.1:{free_port()}", "smtp_catcher": f"127.0.0.1:{free_port()}",
        "mail_from": "Quotes <quotes@agency.test>", "agency_email": AGENCY, **extra}
    return Settings(**values)


def use_stand_in_agent(monkeypatch: pytest.MonkeyPatch) -> None:
    """Until the insurance agent lands: ``insurance`` is the tiny stand-in graph."""
    monkeypatch.setitem(AGENTS, "insurance", "tests.mail_agent")


def message(sender: str, subject: str, body: str, *, to: str = "quotes@agency.test",
            message_id: str | None = "new", in_reply_to: str | None = None,
            references: str | None = None, name: str | None = None,
            headers: dict[str, str] | None = None) -> bytes:
    mail = EmailMessage()
    mail["From"] = f"{name} <{sender}>" if name else sender
    mail["To"] = to
    mail["Subject"] = subject
    if message_id == "new":
        message_id = make_msgid(domain="customer.test")
    if message_id:
        mail["Message-ID"] = message_id
    if in_reply_to:
        mail["In-Reply-To"] = in_reply_to
    if references:
        mail["References"] = references
    for key, value in (headers or {}).items():
        mail[key] = value
    mail.set_content(body)
    return bytes(mail)


@dataclass
class MailDesk:
    desk: Desk
    channel: MailChannel
    settings: Settings
    launched: list[str] = field(default_factory=list)

    async def smtp(self, raw: bytes, sender: str = CUSTOMER,
                   recipients: tuple[str, ...] = ("quotes@agency.test",)) -> None:
        """Send ``raw`` to the channel's SMTP listener, as a mail server would."""
        import aiosmtplib

        host, _, port = self.settings.smtp_listen.rpartition(":")
        await aiosmtplib.send(raw, sender=sender, recipients=list(recipients), hostname=host,
                              port=int(port), timeout=120)

    async def caught(self) -> list[EmailMessage]:
        """What the local catcher received, oldest first."""
        rows = await caught_messages(self.desk.persistence.engine)
        return [email.message_from_bytes(bytes(r["raw"]), _class=EmailMessage,
                                         policy=email.policy.default)
                for r in rows]

    async def last_log(self) -> dict[str, Any]:
        return json.loads(json.dumps((await self.channel.log(limit=1))[0], default=str))


@asynccontextmanager
async def mail_desk(settings: Settings) -> AsyncIterator[MailDesk]:
    """A desk whose runs execute inline, the channel's SMTP listener and the catcher."""
    async with Desk.open(settings) as desk:
        holder: list[MailDesk] = []

        async def launch(run: Any) -> None:
            holder[0].launched.append(run.run_id)
            await desk.execute(run)

        channel = await MailChannel(desk, launch).open()
        state = MailDesk(desk, channel, settings)
        holder.append(state)
        inbound = await listen(InboundHandler(channel.deliver), settings.smtp_listen)
        catcher = await listen(CatcherHandler(desk.persistence.engine), settings.smtp_catcher)
        try:
            yield state
        finally:
            for server in (inbound, catcher):
                server.close()
                await server.wait_closed()


def body_of(mail: EmailMessage) -> str:
    part = mail.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content())

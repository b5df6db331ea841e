"""Helpers for the insurance agent's graph tests: a recording mailer, scripts, a desk."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.mail import OutgoingMail, SentMail
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.prepare import RunOutcome

ANN_EMAIL = """Hi, I'd like a quote for car insurance.
My name is Ann Lee, born 03/14/1985, married, licensed since 06/01/2003.
I live in Columbus, OH 43215. The car is a Honda, VIN 1HGCM82633A004352, I use it to commute.
No tickets or accidents.
Thanks,
Ann Lee"""
"""A complete request: every field the carrier needs, all valid."""

BARE_EMAIL = "Hello, can I get a quote for my car? Thanks, Bob"
BOB_REPLY = """Sure. Zip code 43215, date of birth 07/04/1990, single, licensed since
07/10/2008. VIN 1HGCM82633A004352."""


class RecordingMailer:
    """A Mailer that keeps what it was asked to send: one message per key, like the outbox."""

    def __init__(self) -> None:
        self.sent: dict[str, OutgoingMail] = {}

    async def send(self, mail: OutgoingMail) -> SentMail:
        self.sent.setdefault(mail.key, mail)
        return SentMail(message_id=f"<{len(self.sent)}.{mail.thread_id[:8]}@test>",
                        status="sent")

    @property
    def mails(self) -> list[OutgoingMail]:
        return list(self.sent.values())


@pytest.fixture
def mailer(monkeypatch: pytest.MonkeyPatch) -> RecordingMailer:
    """The insurance agent's mail resource is this recorder (the channel is mail10's)."""
    import agentdesk.domains.insurance.agent as insurance

    recorder = RecordingMailer()

    def resources(settings: Any) -> dict[str, Any]:
        return {"mail": recorder, "review": settings.insurance_review}

    monkeypatch.setattr(insurance, "SPEC", dataclasses.replace(insurance.SPEC,
                                                               resources=resources))
    return recorder


def step(tool: str, reasoning: str = "code's step", **args: Any) -> dict[str, Any]:
    """A scripted PlannerDecision running ``tool`` (args left out come from code's plan)."""
    return {"structured": {"action": "tool", "tool_name": tool, "args": args,
                           "reasoning": reasoning}}


def complete() -> dict[str, Any]:
    return {"structured": {"action": "complete", "reasoning": "the quote was sent"}}


def script(tmp_path: Path, *items: dict[str, Any]) -> str:
    path = tmp_path / "insurance-script.json"
    path.write_text(json.dumps(list(items)))
    return f"scripted:{path}"


def start(model: str, message: str, **fields: Any) -> RunOutcome:
    fields.setdefault("customer_email", "ann@example.com")
    fields.setdefault("subject", "Car insurance quote")

    async def go() -> RunOutcome:
        async with Desk.open() as desk:
            return await desk.start("insurance", {"message": message, **fields}, model=model)
    return asyncio.run(go())


def decide(thread_id: str, **decision: Any) -> RunOutcome:
    decision.setdefault("actor", "agent@agency.example")

    async def go() -> RunOutcome:
        async with Desk.open() as desk:
            return await desk.decide(thread_id, Decision(**decision))
    return asyncio.run(go())


def values(thread_id: str) -> dict[str, Any]:
    async def go() -> dict[str, Any]:
        async with Desk.open() as desk:
            return (await desk.view(thread_id)).values
    return asyncio.run(go())


def planned(outcome: RunOutcome) -> str:
    """The tool an approve_action interrupt is about."""
    assert outcome.status == "interrupted", outcome
    assert outcome.interrupt["kind"] == "approve_action", outcome.interrupt
    name: str = outcome.interrupt["action"]["name"]
    return name

def planned_args(outcome: RunOutcome) -> dict[str, Any]:
    """All the arguments of the call an approve_action interrupt is about, as it will run
    (the card shows only those a person reads and edits)."""
    planned(outcome)
    args: dict[str, Any] = values(outcome.thread_id)["planned_tool_inputs"]["args"]
    return args


OTHER_VIN = "1HGCM82643A001234"
"""Another valid 2003 Honda Accord VIN (check digit computed)."""
BAD_VIN = "1HGCM82633A004353"
"""ANN's VIN with its last digit mistyped: the check digit does not match."""

WHOLE_QUOTE = ("add_driver_tool", "add_vehicle_tool", "set_coverages_tool", "rate_quote_tool")
"""The carrier calls that build a whole quote, in order, after the session is opened."""


def waiting(outcome: RunOutcome) -> str:
    """The question text an await_reply interrupt shows."""
    assert outcome.status == "interrupted", outcome
    assert outcome.interrupt["kind"] == "await_reply", outcome.interrupt
    assert outcome.interrupt["allowed"] == ["respond"]
    summary: str = outcome.interrupt["summary"]
    return summary

"""The insurance agent's emails and carrier calls happen once, across a crash and a retry."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path
from typing import Any

import pytest

from agentdesk.runtime.mail import OutgoingMail, SentMail
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.prepare import RunOutcome

from .insurance_flow import (
    ANN_EMAIL,
    BARE_EMAIL,
    RecordingMailer,
    decide,
    mailer,
    planned,
    script,
    start,
    step,
    values,
    waiting,
)

__all__ = ["mailer"]


class ProcessDied(BaseException):
    """Stands for the process dying: nothing in the runtime catches it."""


class DiesAfterFirstSend(RecordingMailer):
    """Sends (records) the first message, then the process 'dies' before the send returns."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []

    async def send(self, mail: OutgoingMail) -> SentMail:
        self.calls.append(mail.key)
        sent = await super().send(mail)
        if len(self.calls) == 1:
            raise ProcessDied
        return sent


def _resume(thread_id: str) -> RunOutcome:
    async def go() -> RunOutcome:
        async with Desk.open() as desk:
            return await desk.resume(thread_id, wait=30)
    return asyncio.run(go())


def test_a_crash_while_sending_sends_one_email(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import agentdesk.domains.insurance.agent as insurance

    monkeypatch.setenv("AGENTDESK_RUN_LEASE_SECONDS", "1")
    dying = DiesAfterFirstSend()
    monkeypatch.setattr(insurance, "SPEC", dataclasses.replace(
        insurance.SPEC, resources=lambda settings: {"mail": dying}))
    model = script(tmp_path, step("ask_customer_tool"))
    asked = start(model, BARE_EMAIL, customer_name="Bob Stone")
    assert planned(asked) == "ask_customer_tool"
    with pytest.raises(ProcessDied):
        decide(asked.thread_id, type="approve")
    after = _resume(asked.thread_id)  # another process takes the run over
    waiting(after)
    assert len(dying.calls) == 2 and dying.calls[0] == dying.calls[1]  # same outbox key
    assert len(dying.mails) == 1  # the outbox sent it once


def test_every_carrier_change_and_email_is_in_the_effect_ledger(
        tmp_path: Path, mailer: RecordingMailer) -> None:
    model = script(tmp_path, step("quote_initiate_tool"), step("add_driver_tool"),
                   step("add_vehicle_tool"), step("set_coverages_tool"),
                   step("rate_quote_tool"), step("prepare_final_summary_tool"))
    first = start(model, ANN_EMAIL)
    for _ in range(3):
        last = decide(first.thread_id, type="approve")
    assert last.status == "completed"

    async def rows() -> list[dict[str, Any]]:
        async with Desk.open() as desk:
            return await desk.effects.for_thread(first.thread_id)

    ledger = asyncio.run(rows())
    assert [(r["tool"], r["status"]) for r in ledger] == [
        (tool, "done") for tool in ("quote_initiate_tool", "add_driver_tool",
                                    "add_vehicle_tool", "set_coverages_tool",
                                    "rate_quote_tool", "prepare_final_summary_tool")]
    assert mailer.mails[0].key == ledger[-1]["key"]
    assert values(first.thread_id)["mercury_session"]["session_id"] == \
        ledger[0]["result"]["data"]["session_id"]


class RefusesToSend(RecordingMailer):
    async def send(self, mail: OutgoingMail) -> SentMail:
        raise ConnectionRefusedError("relay 127.0.0.1:25 refused the connection")


def test_a_failed_send_is_planned_again_then_handed_to_the_agency(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import agentdesk.domains.insurance.agent as insurance

    monkeypatch.setattr(insurance, "SPEC", dataclasses.replace(
        insurance.SPEC, resources=lambda settings: {"mail": RefusesToSend()}))
    model = script(tmp_path, step("ask_customer_tool"), step("ask_customer_tool"))
    asked = start(model, BARE_EMAIL, customer_name="Bob Stone")
    again = decide(asked.thread_id, type="approve")
    assert planned(again) == "ask_customer_tool"  # the question is planned (and reviewed) again
    assert values(asked.thread_id)["last_tool_outputs"]["message"].startswith(
        "the email was not sent: relay 127.0.0.1:25 refused")
    done = decide(asked.thread_id, type="approve")
    assert done.status == "completed" and done.result["outcome"] == "escalated"
    assert "ask_customer_tool failed" in done.result["escalation"]

"""The insurance agent on the embedded model (llama.cpp, Gemma 3 270M), run for real."""

from __future__ import annotations

import asyncio

import pytest

from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.prepare import RunOutcome

from .insurance_flow import ANN_EMAIL, RecordingMailer, mailer

pytestmark = pytest.mark.local_model
__all__ = ["mailer"]


def test_a_complete_request_email_is_planned_on_the_embedded_model(
        mailer: RecordingMailer) -> None:
    """Code reads the email; the model picks the next step: start the carrier's quote."""
    async def go() -> tuple[RunOutcome, dict]:
        async with Desk.open() as desk:
            outcome = await desk.start("insurance", {
                "message": ANN_EMAIL, "customer_email": "ann@example.com",
                "subject": "Car insurance quote"}, model="local")
            return outcome, (await desk.view(outcome.thread_id)).values

    outcome, values = asyncio.run(go())
    assert outcome.status == "interrupted", outcome.error
    assert outcome.interrupt["kind"] == "approve_action"
    assert outcome.interrupt["action"]["name"] == "quote_initiate_tool"
    assert outcome.interrupt["action"]["args"]["applicant"]["zip_code"] == "43215"
    assert "The model picked A (quote_initiate_tool)" in values["agent_scratchpad"]
    assert mailer.mails == []

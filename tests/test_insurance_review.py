"""The agency's review cards and the customer's questions, as a person reads them.

Scripted planner, the real carrier over MCP, SQLite. Each card is a question in a
person's words, says each explanation once, carries the email as its action's text
with real line breaks, and lists old -> new for values the thread already had.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from agentdesk.runtime.runs.prepare import RunOutcome

from .insurance_flow import (
    ANN_EMAIL,
    BAD_VIN,
    WHOLE_QUOTE,
    RecordingMailer,
    decide,
    mailer,
    planned,
    planned_args,
    script,
    start,
    step,
    values,
    waiting,
)

__all__ = ["mailer"]

GOOD_VIN = "1HGCM82633A004352"
VIN_REASON = "does not add up"
"""The check digit's explanation, in every reason that refuses ``BAD_VIN``."""
FIRST_EMAIL = f"Hi, I need a car insurance quote. My VIN is {BAD_VIN}."
TOOL_NAME = re.compile(r"\b\w+_tool\b")


def changes(outcome: RunOutcome) -> list[tuple[str, Any, Any]]:
    return [(c["label"], c["old"], c["new"]) for c in outcome.interrupt["changes"]]


def test_the_first_card_is_short_and_says_each_thing_once(tmp_path: Path,
                                                          mailer: RecordingMailer) -> None:
    model = script(tmp_path, step("ask_customer_tool"))
    card = start(model, FIRST_EMAIL, customer_name="Bob Stone", customer_email="bob@example.com")
    assert planned(card) == "ask_customer_tool"
    payload = card.interrupt
    assert payload["title"] == "Send this question to the customer?"
    # The VIN's explanation is in the email, the action's text, and nowhere else.
    assert json.dumps(payload).count(VIN_REASON) == 1
    body = payload["action"]["args"]["message"]
    assert payload["action"]["args"] == {"message": body} and VIN_REASON in body
    assert payload["data"] == {"email": {"to": "bob@example.com",
                                         "subject": "Re: Car insurance quote"}}
    # The summary: who asked, and what the email asks for, in a few lines.
    summary = payload["summary"]
    assert summary == ("Email Bob Stone <bob@example.com> asking for: VIN of vehicle 1, "
                       "ZIP code, date of birth, license date, marital status.")
    assert payload["changes"] == []
    # Real line breaks, one numbered question a line, the reason under its question.
    assert "\\n" not in body
    lines = body.splitlines()
    assert lines[0] == "Hello Bob," and "1. The VIN of vehicle 1." in lines
    assert f"   Why we ask: {BAD_VIN} {VIN_REASON}" in body
    assert "again" not in body  # nothing was asked in this thread before


def test_again_only_for_what_this_thread_asked_before(tmp_path: Path,
                                                      mailer: RecordingMailer) -> None:
    model = script(tmp_path, step("ask_customer_tool"), step("ask_customer_tool"))
    card = start(model, "Hello, can I get a quote for my car?", customer_name="Bob Stone",
                 customer_email="bob@example.com")
    decide(card.thread_id, type="approve")
    again = decide(card.thread_id, type="respond", message=(
        f"Zip 43215, born 07/04/1990, single, licensed since 07/10/2008. VIN {BAD_VIN}"))
    body = again.interrupt["action"]["args"]["message"]
    # The VIN was asked in the first email: this one asks again, and says so.
    assert f"1. The VIN of vehicle 1.\n   Why we ask again: {BAD_VIN} {VIN_REASON}" in body
    assert again.interrupt["summary"] == (
        "Email Bob Stone <bob@example.com> asking for: VIN of vehicle 1 (again).")
    assert [m["field"] for m in planned_args(again)["missing_fields"]] == ["vehicles[0].vin"]


def test_a_month_and_year_answers_the_licence_question(tmp_path: Path,
                                                       mailer: RecordingMailer) -> None:
    """The question says "month and year is fine": "06/2008" is not asked again."""
    model = script(tmp_path, step("ask_customer_tool"), step("quote_initiate_tool"))
    email = ANN_EMAIL.replace(", licensed since 06/01/2003", "")
    card = start(model, email)
    assert [m["field"] for m in planned_args(card)["missing_fields"]] == ["license_date"]
    assert "month and year is fine" in card.interrupt["action"]["args"]["message"]
    waiting(decide(card.thread_id, type="approve"))
    quote = decide(card.thread_id, type="respond", message="06/2008\n\nAnn")
    assert planned(quote) == "quote_initiate_tool"
    assert values(card.thread_id)["customer_info"]["license_date"] == "2008-06-01"


def test_titles_and_summaries_are_in_a_persons_words(
        tmp_path: Path, mailer: RecordingMailer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_INSURANCE_REVIEW", "all")
    model = script(tmp_path, step("quote_initiate_tool"), *map(step, WHOLE_QUOTE),
                   step("prepare_final_summary_tool"))
    card = start(model, ANN_EMAIL, customer_name="Ann Lee")
    titles, summaries = [], []
    while card.status == "interrupted":
        titles.append(card.interrupt["title"])
        summaries.append(card.interrupt["summary"])
        assert not TOOL_NAME.search(card.interrupt["title"] + card.interrupt["summary"])
        assert "session_id" not in card.interrupt["action"]["args"]
        card = decide(card.thread_id, type="approve")
    assert card.status == "completed"
    assert titles == ["Open a quote with the carrier?", "Add Ann Lee to the quote?",
                      "Add this vehicle to the quote?", "Set the quote's coverages?",
                      "Ask the carrier for the price?", "Send the quote to the customer?"]
    assert summaries[0].startswith("Quote request from Ann Lee <ann@example.com>: open a quote "
                                   "with the carrier, ZIP 43215 (Columbus, OH), no current "
                                   "insurance.")
    assert "born 03/14/1985, married, licensed in OH since 06/01/2003" in summaries[1]
    assert "the 2003 Honda Accord (VIN 1HGCM82633A004352)" in summaries[2]
    assert "BI 50/100" in summaries[3] and "1 driver, 1 vehicle" in summaries[4]
    premium = values(card.thread_id)["quote"]["premium"]["total"]
    assert f"the quote: ${premium:,} for 6 months" in summaries[5]


def test_an_agency_edit_shows_as_a_change_on_the_next_card(tmp_path: Path,
                                                           mailer: RecordingMailer) -> None:
    model = script(tmp_path, step("quote_initiate_tool"), *map(step, WHOLE_QUOTE))
    first = start(model, ANN_EMAIL)
    assert changes(first) == []
    # The web app's edit form sends back every argument the card shows.
    args = first.interrupt["action"]["args"]
    edited = {**args, "applicant": {**args["applicant"], "zip_code": "60601"}}
    rating = decide(first.thread_id, type="edit", args=edited)
    assert planned(rating) == "rate_quote_tool"
    assert changes(rating) == [("ZIP code", "43215", "60601")]


def test_a_model_call_that_changes_a_known_value_shows_it(tmp_path: Path,
                                                          mailer: RecordingMailer) -> None:
    applicant = {"first_name": "Ann", "last_name": "Lee", "zip_code": "60601",
                 "email": "ann@example.com"}
    model = script(tmp_path, step("quote_initiate_tool", applicant=applicant))
    card = start(model, ANN_EMAIL)
    assert planned(card) == "quote_initiate_tool"
    assert changes(card) == [("ZIP code", "43215", "60601")]


def test_a_corrected_vin_shows_old_and_new(tmp_path: Path, mailer: RecordingMailer) -> None:
    model = script(tmp_path, step("ask_customer_tool"), step("quote_initiate_tool"))
    card = start(model, ANN_EMAIL.replace(GOOD_VIN, BAD_VIN))
    decide(card.thread_id, type="approve")
    initiate = decide(card.thread_id, type="respond", message=f"Sorry! The VIN is {GOOD_VIN}.")
    assert planned(initiate) == "quote_initiate_tool"
    assert changes(initiate) == [("VIN of vehicle 1", BAD_VIN, GOOD_VIN)]


def test_an_edited_email_goes_out_as_edited(tmp_path: Path, mailer: RecordingMailer) -> None:
    model = script(tmp_path, step("ask_customer_tool"))
    card = start(model, FIRST_EMAIL, customer_name="Bob Stone", customer_email="bob@example.com")
    text = "Hello Bob,\n\nPlease send us your ZIP code and your car's VIN.\n\nThanks"
    wait = decide(card.thread_id, type="edit", args={"message": text})
    assert text in waiting(wait)
    assert [m.body for m in mailer.mails] == [text]


def test_a_model_email_with_escaped_line_breaks_gets_real_ones(
        tmp_path: Path, mailer: RecordingMailer) -> None:
    written = "Hello Bob,\\n\\n1. Your ZIP code.\\n2. Your VIN.\\n\\nBest regards"
    model = script(tmp_path, step("ask_customer_tool", message=written))
    card = start(model, FIRST_EMAIL, customer_name="Bob Stone", customer_email="bob@example.com")
    assert planned(card) == "ask_customer_tool"
    assert card.interrupt["action"]["args"]["message"].splitlines() == [
        "Hello Bob,", "", "1. Your ZIP code.", "2. Your VIN.", "", "Best regards"]

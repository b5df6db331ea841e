"""The insurance agent end to end: scripted planner, the real carrier over MCP, SQLite.

The seed's three walkthroughs, the whole conversation from a bare email to the quote,
an invalid VIN asked again, a knockout, a carrier error, and the agency's edits.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agentdesk.cli.main import app as cli_app
from agentdesk.errors import InputError

from .insurance_flow import (
    ANN_EMAIL,
    BAD_VIN,
    BARE_EMAIL,
    BOB_REPLY,
    OTHER_VIN,
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



def test_a_complete_request_is_quoted_after_review(tmp_path: Path, mailer: RecordingMailer,
                                                   ) -> None:
    model = script(tmp_path, step("quote_initiate_tool"), *map(step, WHOLE_QUOTE),
                   step("prepare_final_summary_tool"))
    first = start(model, ANN_EMAIL, customer_name="Ann Lee")
    assert planned(first) == "quote_initiate_tool"
    assert first.interrupt["allowed"] == ["approve", "edit", "reject"]
    assert first.interrupt["action"]["args"]["applicant"] == {
        "first_name": "Ann", "last_name": "Lee", "zip_code": "43215", "email": "ann@example.com"}
    assert "Quote request from Ann Lee <ann@example.com>" in first.interrupt["summary"]
    info = values(first.thread_id)["customer_info"]
    assert info["birth_date"] == "1985-03-14" and info["marital_status"] == "married"
    rating = decide(first.thread_id, type="approve")
    assert planned(rating) == "rate_quote_tool"  # driver, vehicle, coverages ran unreviewed
    assert "1 driver, 1 vehicle" in rating.interrupt["summary"]  # what the session holds
    summary = decide(first.thread_id, type="approve")
    assert planned(summary) == "prepare_final_summary_tool"
    quote = values(first.thread_id)["quote"]
    assert summary.interrupt["data"]["trace"] == quote["trace"]  # the agency sees the trace
    body = summary.interrupt["action"]["args"]["message"]
    for code, amount in quote["premium"]["by_coverage"].items():
        assert f"${amount:>7,}" in body, code
    assert f"Total premium: ${quote['premium']['total']:,} for 6 months" in body
    assert "We assumed:" in body and "standard coverage package" in body
    assert mailer.mails == []  # nothing is emailed before the agency approves it
    done = decide(first.thread_id, type="approve")
    assert done.status == "completed", done
    assert [(m.kind, m.to, m.body) for m in mailer.mails] == [
        ("quote", ["ann@example.com"], body)]
    assert mailer.mails[0].subject == "Re: Car insurance quote"
    assert done.result["outcome"] == "quoted" and done.result["premium"]["total"] > 0

    shown = CliRunner().invoke(cli_app, ["show", first.thread_id])
    assert shown.exit_code == 0, shown.stdout
    text = " ".join(shown.stdout.split())
    assert "Customer: Ann Lee <ann@example.com>" in text and "zip_code: 43215" in text
    assert "Quote: rated" in text and "Collision $" in text
    assert f"Total ${quote['premium']['total']:,} for 6 months" in text


def test_everything_missing_is_asked_then_quoted(
        tmp_path: Path, mailer: RecordingMailer, database_url: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed scenarios 1 and 3: ask (reviewed), wait, the reply is read, the quote goes on."""
    monkeypatch.setenv("AGENTDESK_DATABASE_URL", database_url)
    model = script(tmp_path, step("ask_customer_tool"), step("quote_initiate_tool"),
                   *map(step, WHOLE_QUOTE), step("prepare_final_summary_tool"))
    asked = start(model, BARE_EMAIL, customer_name="Bob Stone",
                  customer_email="bob@example.com")
    assert planned(asked) == "ask_customer_tool"
    fields = [m["field"] for m in planned_args(asked)["missing_fields"]]
    assert fields == ["zip_code", "birth_date", "license_date", "marital_status", "vehicles"]
    question = asked.interrupt["action"]["args"]["message"]
    assert "Hello Bob" in question and "VIN" in question
    assert asked.interrupt["action"]["args"] == {"message": question}  # the email, once
    summary = asked.interrupt["summary"]  # who asked, and what the email asks for
    assert "Bob Stone <bob@example.com>" in summary and "ZIP code, date of birth" in summary
    state = values(asked.thread_id)
    assert state["requires_agency_review"] and state["planned_tool_inputs"]
    assert mailer.mails == []
    shown = json.loads(CliRunner().invoke(cli_app, ["show", asked.thread_id, "--json"]).stdout)
    assert "Planned action (waiting for the agency): ask_customer_tool" in shown["rendered"]

    wait = decide(asked.thread_id, type="approve")
    assert question in waiting(wait)
    assert [(m.kind, m.to) for m in mailer.mails] == [("question", ["bob@example.com"])]
    state = values(asked.thread_id)
    assert state["awaiting_customer_reply"] and state["planned_tool_inputs"] is None
    assert state["last_tool_outputs"]["status"] == "ok"

    initiate = decide(asked.thread_id, type="respond", message=BOB_REPLY,
                      actor="bob@example.com")
    assert planned(initiate) == "quote_initiate_tool"
    info = values(asked.thread_id)["customer_info"]
    assert (info["zip_code"], info["birth_date"], info["license_date"],
            info["marital_status"]) == ("43215", "1990-07-04", "2008-07-10", "single")
    assert info["vehicles"][0]["model"] == "Accord" and info["problems"] == {}
    rating = decide(asked.thread_id, type="approve")
    assert planned(rating) == "rate_quote_tool"
    session = values(asked.thread_id)["mercury_session"]
    assert len(session["drivers"]) == 1 and len(session["vehicles"]) == 1
    assert planned(decide(asked.thread_id, type="approve")) == "prepare_final_summary_tool"
    done = decide(asked.thread_id, type="approve")
    assert done.status == "completed"
    assert [m.kind for m in mailer.mails] == ["question", "quote"]
    assert "Hello Bob" in mailer.mails[1].body


def test_an_invalid_vin_is_asked_again_with_its_reason(tmp_path: Path,
                                                       mailer: RecordingMailer) -> None:
    model = script(tmp_path, step("ask_customer_tool"), step("quote_initiate_tool"))
    asked = start(model, ANN_EMAIL.replace("1HGCM82633A004352", BAD_VIN))
    assert planned(asked) == "ask_customer_tool"
    missing = planned_args(asked)["missing_fields"]
    assert [m["field"] for m in missing] == ["vehicles[0].vin"]
    assert "check digit" in missing[0]["reason"]
    body = asked.interrupt["action"]["args"]["message"]
    assert f"{BAD_VIN} does not add up" in body and "Why we ask: " in body
    assert "again" not in body  # nothing was asked in this thread before
    decide(asked.thread_id, type="approve")
    fixed = decide(asked.thread_id, type="respond",
                   message="Sorry, typo! The VIN is 1HGCM82633A004352.")
    assert planned(fixed) == "quote_initiate_tool"
    info = values(fixed.thread_id)["customer_info"]
    assert [v["vin"] for v in info["vehicles"]] == ["1HGCM82633A004352"]
    assert info["problems"] == {}


def test_a_model_plan_that_sends_an_invalid_vin_on_is_refused(tmp_path: Path,
                                                             mailer: RecordingMailer) -> None:
    model = script(tmp_path, step("quote_initiate_tool"))
    asked = start(model, ANN_EMAIL.replace("1HGCM82633A004352", BAD_VIN))
    assert planned(asked) == "ask_customer_tool"  # code's plan
    scratchpad = values(asked.thread_id)["agent_scratchpad"]
    assert "refused" in scratchpad and "vehicles[0].vin" in scratchpad


def test_a_dui_is_declined_and_the_customer_told_after_review(tmp_path: Path,
                                                             mailer: RecordingMailer) -> None:
    model = script(tmp_path, step("quote_initiate_tool"), step("add_driver_tool"),
                   step("prepare_final_summary_tool"))
    email = ANN_EMAIL.replace("No tickets or accidents.", "I had a DUI on 05/02/2024.")
    first = start(model, email)
    assert values(first.thread_id)["customer_info"]["violations"] == [
        {"kind": "dui", "date": "2024-05-02"}]
    notice = decide(first.thread_id, type="approve")
    assert planned(notice) == "prepare_final_summary_tool"
    assert planned_args(notice)["outcome"] == "declined"
    assert notice.interrupt["title"] == "Send the decline notice to the customer?"
    body = notice.interrupt["action"]["args"]["message"]
    assert "cannot offer a policy" in body and "DUI" in body.upper()
    assert values(first.thread_id)["mercury_session"]["declined"]
    done = decide(first.thread_id, type="approve")
    assert done.status == "completed" and done.result["outcome"] == "declined"
    assert [m.kind for m in mailer.mails] == ["quote"]


def test_a_carrier_error_goes_back_to_the_planner(tmp_path: Path,
                                                  mailer: RecordingMailer) -> None:
    model = script(tmp_path, step("quote_initiate_tool"), step("ask_customer_tool"))
    first = start(model, ANN_EMAIL.replace("Columbus, OH 43215", "Miami, FL 33101"))
    asked = decide(first.thread_id, type="approve")  # the carrier refuses Florida
    state = values(first.thread_id)
    assert state["last_tool_outputs"]["status"] == "error"
    assert state["last_tool_outputs"]["field"] == "applicant.zip_code"
    assert planned(asked) == "ask_customer_tool"
    missing = planned_args(asked)["missing_fields"]
    assert missing[0]["field"] == "zip_code"
    assert "writes personal auto in CA, IL, NY, OH, PA, TX only" in missing[0]["reason"]
    assert state["mercury_session"] is None


def test_reject_names_a_field_and_the_customer_is_asked(
        tmp_path: Path, mailer: RecordingMailer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed scenario 2: the agency rejects add_vehicle_tool; the feedback is used, cleared."""
    monkeypatch.setenv("AGENTDESK_INSURANCE_REVIEW", "add_vehicle_tool,ask_customer_tool")
    model = script(tmp_path, step("quote_initiate_tool"), step("add_driver_tool"),
                   step("add_vehicle_tool"), step("ask_customer_tool"))
    vehicle = start(model, ANN_EMAIL)
    assert planned(vehicle) == "add_vehicle_tool"  # initiate and driver were not reviewed
    asked = decide(vehicle.thread_id, type="reject", message="The VIN is incorrect")
    assert planned(asked) == "ask_customer_tool"
    missing = planned_args(asked)["missing_fields"]
    assert missing[0]["field"] == "vehicles[0].vin"
    assert "Our agency checked it: The VIN is incorrect" in missing[0]["reason"]
    state = values(vehicle.thread_id)
    assert state["human_feedback"] is None  # used, then cleared
    assert state["requires_agency_review"]
    assert len(state["mercury_session"]["vehicles"]) == 0


def test_reject_without_a_field_hands_the_thread_to_the_agency(
        tmp_path: Path, mailer: RecordingMailer) -> None:
    model = script(tmp_path, step("quote_initiate_tool"))
    first = start(model, ANN_EMAIL)
    done = decide(first.thread_id, type="reject", message="We know this customer; call her.")
    assert done.status == "completed"
    assert done.result["outcome"] == "escalated"
    assert "call her" in done.result["escalation"]
    assert mailer.mails == []


def test_an_edit_runs_as_edited_and_is_cleared(tmp_path: Path, mailer: RecordingMailer,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_INSURANCE_REVIEW", "add_vehicle_tool,rate_quote_tool")
    model = script(tmp_path, step("quote_initiate_tool"), step("add_driver_tool"),
                   step("add_vehicle_tool"), step("set_coverages_tool"),
                   step("rate_quote_tool"))
    vehicle = start(model, ANN_EMAIL)
    assert planned(vehicle) == "add_vehicle_tool"
    with pytest.raises(InputError) as refused:
        decide(vehicle.thread_id, type="edit", args={"vehicle": {"vin": BAD_VIN}})
    assert refused.value.details["field"] == "args.vehicle"
    assert "check digit" in str(refused.value)
    with pytest.raises(InputError, match=r"args\.vehicle\.colour"):
        decide(vehicle.thread_id, type="edit", args={"vehicle": {"colour": "red"}})
    assert values(vehicle.thread_id)["human_feedback"] is None  # a refused edit left no trace
    rating = decide(vehicle.thread_id, type="edit", args={"vin": OTHER_VIN})  # flat, as mailed
    assert planned(rating) == "rate_quote_tool"  # the edited call ran without a second review
    state = values(vehicle.thread_id)
    assert state["human_feedback"] is None
    assert [v["vin"] for v in state["customer_info"]["vehicles"]] == [OTHER_VIN]
    assert len(state["mercury_session"]["vehicles"]) == 1


def test_an_email_that_is_not_a_quote_request_goes_to_the_agency(
        tmp_path: Path, mailer: RecordingMailer) -> None:
    model = script(tmp_path, step("request_human_review_tool"))
    done = start(model, "Please cancel my homeowners policy at the end of the month.")
    assert done.status == "completed"
    assert done.result["outcome"] == "escalated"
    assert "does not ask for an auto insurance quote" in done.result["escalation"]
    assert mailer.mails == []


def test_two_drivers_are_added_and_rated(tmp_path: Path, mailer: RecordingMailer) -> None:
    model = script(tmp_path, step("quote_initiate_tool"), step("add_driver_tool"),
                   step("add_driver_tool"), *map(step, WHOLE_QUOTE[1:]),
                   step("prepare_final_summary_tool"))
    email = ANN_EMAIL.replace("No tickets", "My husband Tom, born 05/05/1983, licensed "
                                           "since 2001, drives it too. No tickets")
    first = start(model, email)
    rating = decide(first.thread_id, type="approve")
    assert planned(rating) == "rate_quote_tool"
    state = values(first.thread_id)
    assert state["mercury_session"]["drivers"] == ["D1", "D2"]
    assert planned(decide(first.thread_id, type="approve")) == "prepare_final_summary_tool"
    assert values(first.thread_id)["quote"]["status"] == "rated"


def test_the_state_minimum_is_the_carriers_own(tmp_path: Path, mailer: RecordingMailer) -> None:
    """The minimum limits come from the carrier's minimum_coverages tool, over MCP."""
    model = script(tmp_path, step("quote_initiate_tool"), *map(step, WHOLE_QUOTE),
                   step("prepare_final_summary_tool"))
    email = ANN_EMAIL.replace("Columbus, OH 43215", "Chicago, IL 60601").replace(
        "No tickets", "I only want the state minimum coverage. No tickets")
    first = start(model, email)
    assert planned(first) == "quote_initiate_tool"
    assert planned(decide(first.thread_id, type="approve")) == "rate_quote_tool"
    coverages = values(first.thread_id)["mercury_session"]["coverages"]
    assert {k: v for k, v in coverages.items() if v} == {
        "bodily_injury": "25/50", "property_damage": 20000, "uninsured_motorist": "25/50"}


def test_a_customer_who_never_answers_goes_to_the_agency(
        tmp_path: Path, mailer: RecordingMailer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_INSURANCE_REVIEW", "none")
    model = script(tmp_path, *[step("ask_customer_tool")] * 3, step("request_human_review_tool"))
    wait = start(model, BARE_EMAIL, customer_name="Bob Stone")
    for _ in range(2):
        wait = decide(wait.thread_id, type="respond", message="I will look for it.")
        waiting(wait)
    done = decide(wait.thread_id, type="respond", message="Just send me a price.")
    assert done.status == "completed" and done.result["outcome"] == "escalated"
    assert "3 questions were sent" in done.result["escalation"]
    assert [m.kind for m in mailer.mails] == ["question"] * 3
    assert values(wait.thread_id)["thread_id"] == wait.thread_id


def test_an_edited_applicant_carries_into_the_later_steps(tmp_path: Path,
                                                          mailer: RecordingMailer) -> None:
    model = script(tmp_path, step("quote_initiate_tool"), *map(step, WHOLE_QUOTE))
    first = start(model, ANN_EMAIL)
    rating = decide(first.thread_id, type="edit", args={"applicant": {"zip_code": "60601"}},
                    message="She moved to Chicago")
    assert planned(rating) == "rate_quote_tool"
    state = values(first.thread_id)
    assert (state["customer_info"]["zip_code"], state["customer_info"]["state"]) == (
        "60601", "IL")
    assert state["mercury_session"]["state"] == "IL"
    calls = {c["name"]: c["args"] for m in state["messages"]
             for c in getattr(m, "tool_calls", None) or []}
    assert calls["add_vehicle_tool"]["vehicle"]["garaging_zip"] == "60601"
    assert calls["add_driver_tool"]["driver"]["license_state"] == "IL"


def test_a_customer_question_instead_of_data_goes_to_the_agency(
        tmp_path: Path, mailer: RecordingMailer) -> None:
    model = script(tmp_path, step("ask_customer_tool"), step("request_human_review_tool"))
    asked = start(model, BARE_EMAIL, customer_name="Bob Stone")
    decide(asked.thread_id, type="approve")
    done = decide(asked.thread_id, type="respond",
                  message="Before that: does comprehensive cover hail damage?")
    assert done.status == "completed" and done.result["outcome"] == "escalated"
    assert "hail damage" in done.result["escalation"]

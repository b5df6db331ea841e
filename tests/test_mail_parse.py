"""Reading raw messages: senders, threading headers, automatic replies, forwards, quotes."""

from __future__ import annotations

import pytest

from agentdesk.channels.email.agency import parse_agency_reply
from agentdesk.channels.email.parse import parse_message, strip_quoted
from agentdesk.errors import InputError
from agentdesk.runtime.approvals import Action, InterruptPayload

from .mail_harness import message


def test_fields_and_stripped_body() -> None:
    raw = message("Dana.Reyes@Customer.test", "Re: Your quote [Q-123456]",
                  "Here it is: 1HGCM82633A004352\n\n-- \nDana\n\nOn Tue, 3 Mar 2026, Quotes "
                  "<quotes@agency.test> wrote:\n> What is your VIN?\n> Thanks\n",
                  name="Dana Reyes", message_id="<m2@customer.test>", in_reply_to="<q1@agency>",
                  references="<m1@customer.test> <q1@agency>")
    mail = parse_message(raw)
    assert (mail.sender, mail.sender_name) == ("dana.reyes@customer.test", "Dana Reyes")
    assert mail.message_id == "<m2@customer.test>" and mail.dedupe_key == "<m2@customer.test>"
    assert mail.in_reply_to == "<q1@agency>"
    assert mail.body == "Here it is: 1HGCM82633A004352"
    assert mail.auto_reason is None and not mail.forwarded


def test_no_message_id_dedupes_on_content() -> None:
    raw = message("a@b.test", "hi", "hello", message_id=None)
    assert parse_message(raw).dedupe_key.startswith("sha256:")
    assert parse_message(raw).dedupe_key == parse_message(raw).dedupe_key


@pytest.mark.parametrize(("headers", "subject"), [
    ({"Auto-Submitted": "auto-replied"}, "Re: quote"),
    ({"X-Autoreply": "yes"}, "Re: quote"),
    ({"Precedence": "bulk"}, "Newsletter"),
    ({}, "Out of Office: Re: quote"),
    ({}, "Automatic reply: quote"),
])
def test_automatic_messages(headers: dict[str, str], subject: str) -> None:
    assert parse_message(message("a@b.test", subject, "away", headers=headers)).auto_reason


def test_not_automatic() -> None:
    mail = parse_message(message("a@b.test", "Re: quote", "yes",
                                 headers={"Auto-Submitted": "no"}))
    assert mail.auto_reason is None


@pytest.mark.parametrize(("subject", "body"), [
    ("Fwd: my policy", "see below"),
    ("FW: my policy", "see below"),
    ("my policy", "---------- Forwarded message ---------\nFrom: x"),
    ("my policy", "Begin forwarded message:\n\nFrom: x"),
])
def test_forwards(subject: str, body: str) -> None:
    assert parse_message(message("a@b.test", subject, body)).forwarded


@pytest.mark.parametrize(("raw", "field"), [
    (b"", "message"), (b"Subject: x\r\n\r\nbody\r\n", "From"),
    (b"From: nobody\r\nSubject: x\r\n\r\nbody\r\n", "From")])
def test_refused(raw: bytes, field: str) -> None:
    with pytest.raises(InputError) as info:
        parse_message(raw)
    assert info.value.to_dict().get("field") == field


def test_all_quote_keeps_unquoted_lines() -> None:
    assert strip_quoted("> old text\n> more") == ""
    assert strip_quoted("new line\n> old") == "new line"


PENDING = InterruptPayload(id="i1", kind="approve_action", title="Add the vehicle",
                           summary="...", allowed=["approve", "edit", "reject"],
                           action=Action(name="add_vehicle_tool", args={
                               "vin": "X", "year": 2019, "annual_miles": 12000.0,
                               "garaged": True, "driver": {"zip": "43215", "age": 40}}))


def test_agency_words() -> None:
    assert parse_agency_reply("approve\nthanks", PENDING, "a@x").type == "approve"
    rejected = parse_agency_reply("REJECT: wrong car\nask again", PENDING, "a@x")
    assert (rejected.type, rejected.message) == ("reject", "wrong car\nask again")
    edit = parse_agency_reply("vin: 1HGCM82633A004352\nyear: 2018\nannual_miles: 9,500\n"
                              "garaged: no", PENDING, "a@x")
    assert edit.type == "edit" and edit.args == {"vin": "1HGCM82633A004352", "year": 2018,
                                                 "annual_miles": 9500.0, "garaged": False}
    assert edit.actor == "a@x"


@pytest.mark.parametrize(("body", "field"), [
    ("", "body"), ("Looks fine to me", "body"), ("colour: red", "colour"),
    ("year: soon", "year")])
def test_agency_unreadable(body: str, field: str) -> None:
    with pytest.raises(InputError) as info:
        parse_agency_reply(body, PENDING, "a@x")
    assert info.value.to_dict().get("field") == field


def test_agency_edits_a_nested_argument_as_the_review_lists_it() -> None:
    from agentdesk.channels.email.agency import review_body

    assert "  driver.zip: 43215" in review_body(PENDING, None)
    edit = parse_agency_reply("driver.zip: 43004\ndriver.age: 41", PENDING, "a@x")
    assert edit.args == {"driver": {"zip": "43004", "age": 41}}
    with pytest.raises(InputError, match=r"driver\.city"):
        parse_agency_reply("driver.city: Columbus", PENDING, "a@x")

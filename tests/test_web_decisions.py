"""Deciding in the web app, in a real headless Chromium against the real server.

Editing a pause's arguments is a form with a typed field per argument; while the run a
decision started works, the page says what it is doing; a thread whose run was cut
off offers Resume, which continues it to its next pause.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .browser import api, needs_chromium
from .conftest import Gate
from .servers import Servers
from .trip_script import DEPART, DEST, ORIGIN, REQUEST, RETURN, TripScript

pytestmark = needs_chromium

PREFERENCES = {"origin": ORIGIN, "destination": DEST, "depart": DEPART, "return": RETURN,
               "travelers": 1, "budget": 2500}


@pytest.fixture
def server(servers: Servers) -> str:
    return servers.app(ping_seconds=1).url


def start_trip(server: str, model: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """A trip thread run to its end or first pause through the API; returns its id."""
    monkeypatch.setenv("AGENTDESK_MODEL_TRIP", model)
    thread_id = api(server, "POST", "/threads", json={})["thread_id"]
    api(server, "POST", f"/threads/{thread_id}/runs/wait", json={
        "assistant_id": "trip", "input": {"messages": [{"role": "user", "content": REQUEST}],
                                          "preferences": PREFERENCES}})
    return thread_id


def decisions(server: str, thread_id: str) -> list[dict[str, Any]]:
    trail = api(server, "GET", f"/threads/{thread_id}/audit")
    return [e["data"] for e in trail if e["event"] == "decision"]


def test_edit_is_a_typed_form_and_sends_only_what_changed(
        server: str, page: Page, trip_script: TripScript,
        monkeypatch: pytest.MonkeyPatch) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()),
                              trip_script.search(),
                              trip_script.answer(trip_script.itinerary(budget=3000)))
    thread_id = start_trip(server, model, monkeypatch)
    page.goto(f"/app/#/threads/{thread_id}")
    page.get_by_test_id("decision-edit").click()

    form = page.get_by_test_id("edit-form")
    expect(form).to_be_visible()
    expect(page.get_by_test_id("edit-args")).to_have_count(0)  # no raw JSON box
    budget = form.get_by_test_id("edit-field-budget")
    expect(budget).to_have_attribute("type", "number")
    expect(budget).to_have_value("2500")
    expect(form.get_by_test_id("edit-field-depart")).to_have_attribute("type", "date")
    expect(form.get_by_test_id("edit-field-depart")).to_have_value(DEPART)
    expect(form.get_by_test_id("edit-field-origin")).to_have_value(ORIGIN)
    expect(form).to_contain_text("Budget")
    page.screenshot(path="/tmp/agentdesk-edit.png", full_page=True)

    # A value the field cannot hold is refused in the page, naming the field; nothing is sent.
    travelers = form.get_by_test_id("edit-field-travelers")
    travelers.fill("1.5")
    page.get_by_test_id("decision-submit").click()
    expect(page.get_by_test_id("error")).to_contain_text("travelers: must be a whole number")
    assert decisions(server, thread_id) == []

    travelers.fill("1")
    budget.fill("3000")
    page.get_by_test_id("decision-message").fill("A little more room")
    page.get_by_test_id("decision-submit").click()
    result = page.get_by_test_id("decision-result")
    expect(result).to_have_attribute("data-status", "interrupted")

    [decision] = decisions(server, thread_id)
    assert decision["type"] == "edit"
    assert decision["args"] == {"budget": 3000}
    assert decision["message"] == "A little more room"
    state = api(server, "GET", f"/threads/{thread_id}/state")
    assert state["values"]["preferences"]["budget"] == 3000


def test_while_a_rejection_runs_the_page_says_what_the_agent_does(
        server: str, page: Page, trip_script: TripScript,
        gated_travel_server: tuple[str, Gate], monkeypatch: pytest.MonkeyPatch) -> None:
    mcp_url, gate = gated_travel_server
    monkeypatch.setenv("AGENTDESK_TOOLSERVER_TRAVEL", mcp_url)
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()),
                              trip_script.search(), trip_script.answer(trip_script.itinerary()))
    gate.open.set()
    thread_id = start_trip(server, model, monkeypatch)
    gate.open.clear()  # the revision's hotel search waits here

    page.goto(f"/app/#/threads/{thread_id}")
    expect(page.get_by_test_id("live-activity")).to_be_hidden()
    page.get_by_test_id("decision-reject").click()
    page.get_by_test_id("decision-message").fill("Find a cheaper hotel")
    page.get_by_test_id("decision-submit").click()

    expect(page.get_by_test_id("decision-progress")).to_contain_text("Rejected")
    live = page.get_by_test_id("live-activity")
    expect(live).to_be_visible()
    expect(live).to_contain_text("calling search_hotels(city_code=LIS")
    expect(live).to_contain_text(" s")
    page.screenshot(path="/tmp/agentdesk-live.png")
    expect(page.get_by_test_id("thread-status")).to_have_text("running")

    gate.open.set()
    expect(page.get_by_test_id("decision-result")).to_have_attribute("data-status",
                                                                     "interrupted")
    expect(live).to_be_hidden()
    expect(page.get_by_test_id("thread-status")).to_have_text("waiting for decision")


def test_a_failed_run_offers_resume_which_continues_it(
        server: str, page: Page, trip_script: TripScript,
        monkeypatch: pytest.MonkeyPatch) -> None:
    model = trip_script.write(trip_script.search())  # the planner's second turn finds no answer
    thread_id = start_trip(server, model, monkeypatch)
    assert api(server, "GET", f"/threads/{thread_id}")["status"] == "error"
    assert api(server, "GET", f"/threads/{thread_id}/state")["next"] == ["planner"]

    page.goto(f"/app/#/threads/{thread_id}")
    expect(page.get_by_test_id("thread-status")).to_have_text("failed")
    offer = page.get_by_test_id("resume-offer")
    expect(offer).to_contain_text("next step: planner")
    page.screenshot(path="/tmp/agentdesk-resume.png")

    # Whatever failed is fixed (here: the script gets its answer); Resume continues the thread.
    path = Path(model.removeprefix("scripted:"))
    path.write_text(json.dumps([trip_script.search(),
                                trip_script.answer(trip_script.itinerary())]))
    page.get_by_test_id("thread-resume").click()
    expect(page.get_by_test_id("thread-status")).to_have_text("waiting for decision")
    expect(page.get_by_test_id("decision")).to_be_visible()
    expect(page.get_by_test_id("resume-offer")).to_have_count(0)
    expect(page.get_by_test_id("activity-log")).to_contain_text("Resumed run")
    runs = api(server, "GET", f"/threads/{thread_id}/runs")
    assert len(runs) == 2


def test_a_finished_thread_offers_no_resume(server: str, page: Page, trip_script: TripScript,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    thread_id = start_trip(server, model, monkeypatch)
    page.goto(f"/app/#/threads/{thread_id}")
    expect(page.get_by_test_id("decision")).to_be_visible()
    expect(page.get_by_test_id("resume-offer")).to_have_count(0)

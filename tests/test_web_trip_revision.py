"""A trip revision in the web app, in a real headless Chromium against the real server.

A person starts a trip from the home page; the plan leaves the last day without an
activity; they reject it asking for one on that day. The revised plan has it, keeps
the hotel and flights, and shows what changed (old -> new) and a line saying what
was done. The model is scripted; its revision picks point at another hotel, which the
planner does not take, since the person did not ask for one.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .browser import api, needs_chromium
from .servers import Servers
from .trip_script import TripScript

pytestmark = needs_chromium

SHOTS = Path("/tmp/shots/trip")
README = "Plan 4 days in Lisbon from Boston, leaving 2027-03-10, budget 2500 USD"
ASK = "Day 5 has nothing planned, please add an activity there."


def bare_call(name: str) -> dict[str, Any]:
    return {"tool_calls": [{"name": name, "args": {}}]}


def selection(activities: int = 4, **picks: int) -> dict[str, Any]:
    chosen = {"outbound": 1, "return": 1, "hotel": 1,
              "activities": list(range(1, activities + 1)), "notes": 1, **picks}
    return {"content": json.dumps(chosen)}


@pytest.fixture
def server(servers: Servers, trip_script: TripScript, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("AGENTDESK_MODEL_TRIP", trip_script.write(
        bare_call("get_airport_code"), bare_call("search_flights"), selection(hotel=3),
        selection(activities=5, hotel=1)))
    return servers.app(ping_seconds=1).url


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_a_rejection_asking_for_an_empty_day_gets_it_and_shows_what_changed(
        server: str, page: Page) -> None:
    page.goto("/")
    page.get_by_test_id("agent-trip").click()
    page.get_by_test_id("request").fill(README)
    page.get_by_test_id("start").click()
    expect(page).to_have_url(re.compile(r"#/threads/[0-9a-f-]+$"))
    thread_id = page.url.rsplit("/", 1)[1]

    decision = page.get_by_test_id("decision")
    expect(decision.get_by_test_id("decision-title")).to_have_text(
        "Review the trip to Lisbon (under budget)")
    activities = decision.get_by_test_id("activities")
    expect(activities).to_contain_text("Day 4")
    expect(activities).not_to_contain_text("Day 5")
    first = api(server, "GET", f"/threads/{thread_id}/state")["values"]["current_itinerary"]
    hotel = first["hotels"][0]["name"]
    expect(decision.get_by_test_id("hotels")).to_contain_text(hotel)
    expect(decision.get_by_test_id("decision-changes")).to_have_count(0)  # nothing to compare yet
    shot(page, "first-plan")

    decision.get_by_test_id("decision-reject").click()
    page.get_by_test_id("decision-message").fill(ASK)
    page.get_by_test_id("decision-submit").click()
    expect(page.get_by_test_id("decision-result")).to_have_attribute("data-status",
                                                                     "interrupted")

    # The revised plan: day 5 has an activity, the rest is the plan the person saw.
    expect(decision.get_by_test_id("decision-title")).to_have_text(
        "Review the revised trip to Lisbon (under budget)")
    values = api(server, "GET", f"/threads/{thread_id}/state")["values"]
    plan = values["current_itinerary"]
    [added] = [a["name"] for a in plan["activities"] if a["day"] == 5]
    expect(decision.get_by_test_id("activities")).to_contain_text("Day 5")
    expect(decision.get_by_test_id("activities")).to_contain_text(added)
    expect(decision.get_by_test_id("hotels")).to_contain_text(hotel)
    assert plan["hotels"] == first["hotels"] and plan["flights"] == first["flights"]

    # What changed, old -> new, and why.
    rows = decision.get_by_test_id("decision-change")
    expect(rows).to_have_count(3)
    day5 = rows.filter(has_text="Day 5 activities")
    expect(day5).to_be_visible()
    expect(day5.get_by_test_id("change-old")).to_have_text("none")
    expect(day5.get_by_test_id("change-new")).to_have_text(added)
    expect(rows.filter(has_text="Total cost").get_by_test_id("change-new")).to_contain_text(
        f"{values['total_cost']:,.2f} USD")
    expect(rows.filter(has_text="Budget")).to_contain_text("under by")
    note = decision.locator("dd", has_text="done: an activity on day 5")
    expect(note).to_be_visible()
    expect(note).to_contain_text(f"({added})")
    expect(note).to_contain_text("nothing else changed")
    expect(note).to_contain_text(ASK.rstrip("."))
    shot(page, "revised-plan")

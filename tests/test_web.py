"""The web app in a real headless Chromium, against the real server and a scripted trip model.

A person starts a trip from the home page, watches it work, sees the paused review
(the itinerary as a plan, with a budget badge), approves it from the inbox and sees
the thread complete, with the decision and its actor on the timeline.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from .browser import needs_chromium
from .conftest import Gate
from .servers import Servers
from .trip_script import DEPART, DEST, ORIGIN, REQUEST, RETURN, TripScript

SCREENSHOT = Path("/tmp/agentdesk-web.png")

pytestmark = needs_chromium


@pytest.fixture
def server(trip_script: TripScript, servers: Servers, monkeypatch: pytest.MonkeyPatch) -> str:
    """The real app on a loopback port; trip threads use a scripted model (search, answer)."""
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    monkeypatch.setenv("AGENTDESK_MODEL_TRIP", model)
    return servers.app(ping_seconds=1).url


def api(server: str, method: str, path: str, **kwargs: Any) -> Any:
    response = httpx.request(method, server + path, timeout=10, **kwargs)
    response.raise_for_status()
    return response.json()


def test_start_trip_pause_approve_from_inbox(server: str, page: Page,
                                             trip_script: TripScript) -> None:
    page.goto("/")
    expect(page).to_have_url(re.compile(r"/app/"))
    page.get_by_test_id("actor-name").fill("ana")
    form = page.get_by_test_id("start-form")
    expect(form.get_by_test_id("agent-trip")).to_be_visible()
    expect(page.get_by_test_id("threads-empty")).to_be_visible()
    expect(page.get_by_test_id("request")).to_have_attribute(
        "placeholder", "Plan 4 days in Lisbon from Boston, leaving 2027-03-10, budget 2500 USD")

    # Start a trip: the request plus the optional trip fields.
    page.get_by_test_id("request").fill(REQUEST)
    page.get_by_test_id("trip-origin").fill(ORIGIN)
    page.get_by_test_id("trip-destination").fill(DEST)
    page.get_by_test_id("trip-depart").fill(DEPART)
    page.get_by_test_id("trip-return").fill(RETURN)
    page.get_by_test_id("trip-travelers").fill("1")
    page.get_by_test_id("trip-budget").fill("2500")
    page.get_by_test_id("start").click()

    # The thread page: the live log, then the pause with the plan and the budget badge.
    expect(page).to_have_url(re.compile(r"#/threads/[0-9a-f-]+$"))
    thread_id = page.url.rsplit("/", 1)[1]
    log = page.get_by_test_id("activity-log")
    expect(log).to_contain_text("search_flights")
    expect(log).to_contain_text(f"origin={ORIGIN}")
    expect(log).to_contain_text("search_hotels → ok")
    expect(log).to_contain_text("Paused for a decision")
    expect(log.locator("[data-kind=step]").first).to_be_visible()
    expect(log.get_by_test_id("model-output").last).to_contain_text('"destination"')

    status = page.get_by_test_id("thread-status")
    expect(status).to_have_attribute("data-status", "interrupted")
    expect(status).to_have_text("waiting for decision")
    decision = page.get_by_test_id("decision")
    expect(decision.get_by_test_id("decision-title")).to_have_text(
        "Review the trip to LIS (under budget)")
    expect(decision.get_by_test_id("decision-approve")).to_be_visible()
    expect(decision.get_by_test_id("decision-edit")).to_be_visible()
    expect(decision.get_by_test_id("decision-reject")).to_be_visible()
    expect(decision.get_by_test_id("decision-respond")).to_have_count(0)

    itinerary = decision.get_by_test_id("itinerary")
    out, back = trip_script.flights["outbound"][0], trip_script.flights["return"][0]
    hotel = trip_script.hotels["offers"][0]
    flights = itinerary.get_by_test_id("flights")
    expect(flights.locator("tbody tr")).to_have_count(2)
    expect(flights).to_contain_text(out["offer_id"])
    expect(flights).to_contain_text(back["offer_id"])
    expect(flights).to_contain_text(f"{out['price']:,.2f}")
    expect(itinerary.get_by_test_id("hotels")).to_contain_text(hotel["name"])
    expect(itinerary.get_by_test_id("hotel-rooms")).to_have_text("1")
    expect(itinerary.get_by_test_id("activities")).to_contain_text("Day 1")
    expect(itinerary.get_by_test_id("activities")).to_contain_text("Tram 28 ride")
    total = round(out["price"] + back["price"] + hotel["price"] + 3.0 + 12.0, 2)
    expect(itinerary.get_by_test_id("total-cost")).to_have_text(f"{total:,.2f} USD")
    badge = itinerary.get_by_test_id("budget-status")
    expect(badge).to_have_text("UNDER BUDGET")
    expect(badge).to_have_attribute("data-budget", "under")
    assert "{" not in itinerary.inner_text(), "the itinerary is shown as a plan, not JSON"
    expect(page.get_by_test_id("timeline")).to_contain_text("search_hotels")
    expect(page.get_by_test_id("inbox-count")).to_have_text("1")
    page.screenshot(path=str(SCREENSHOT), full_page=True)

    # The inbox: the pending review, approved inline.
    page.get_by_test_id("nav-inbox").click()
    expect(page).to_have_url(re.compile(r"#/inbox$"))
    item = page.get_by_test_id("inbox-item")
    expect(item).to_have_count(1)
    expect(item).to_have_attribute("data-thread-id", thread_id)
    expect(item.get_by_test_id("inbox-title")).to_have_text(
        "Review the trip to LIS (under budget)")
    expect(item.get_by_test_id("inbox-agent")).to_have_text("trip")
    expect(item.get_by_test_id("inbox-summary")).to_contain_text("Trip to LIS")
    expect(item.get_by_test_id("budget-status")).to_have_text("UNDER BUDGET")
    item.get_by_test_id("inbox-approve").click()
    expect(item).to_have_count(0)
    result = page.get_by_test_id("inbox-result")
    expect(result).to_have_attribute("data-status", "completed")
    expect(result).to_contain_text("completed")
    expect(page.get_by_test_id("inbox-empty")).to_be_visible()
    expect(page.get_by_test_id("inbox-count")).to_be_hidden()

    # Back on the thread: completed and approved, the decision on the timeline with its actor.
    result.get_by_test_id("inbox-result-link").click()
    expect(page).to_have_url(re.compile(rf"#/threads/{thread_id}$"))
    expect(page.get_by_test_id("thread-status")).to_have_text("completed")
    expect(page.get_by_test_id("current-step")).to_have_text("approved")
    expect(page.get_by_test_id("decision")).to_have_count(0)
    expect(page.get_by_test_id("plan-state")).to_have_text("Approved plan")
    expect(page.get_by_test_id("budget-status")).to_have_text("UNDER BUDGET")
    row = page.get_by_test_id("timeline-decision")
    expect(row).to_have_count(1)
    expect(row.get_by_test_id("timeline-actor")).to_have_text("ana")
    expect(row.get_by_test_id("timeline-verb")).to_have_text("approved")
    # Without keys the "Deciding as" name is the actor of every run too, with nothing beside.
    started = page.locator("li[data-event=run_started]")
    expect(started).to_have_count(2)
    expect(started.get_by_test_id("timeline-actor")).to_have_text(["ana", "ana"])
    expect(page.get_by_test_id("timeline-display-name")).to_have_count(0)
    # What each run cost, and the thread's total (the run objects' "usage").
    expect(page.get_by_test_id("timeline-usage")).to_have_count(2)
    expect(page.get_by_test_id("timeline-usage-total")).to_contain_text("tokens in")

    trail = api(server, "GET", f"/threads/{thread_id}/audit")
    assert [(e["event"], e["actor"]) for e in trail if e["event"] == "decision"] == [
        ("decision", "ana")]
    assert api(server, "GET", f"/threads/{thread_id}")["status"] == "idle"

    # The home page lists the thread as completed.
    page.get_by_test_id("nav-home").click()
    row = page.get_by_test_id("thread-row")
    expect(row).to_have_count(1)
    expect(row).to_have_attribute("data-thread-id", thread_id)
    expect(row.locator(".badge")).to_have_text("completed")


def test_a_budget_no_offer_fits_is_said_beside_the_badge(server: str, page: Page,
                                                         trip_script: TripScript) -> None:
    """Over a budget the cheapest flights and hotel already exceed, the review says no plan
    fits it, in the decision and in the inbox."""
    page.goto("/app/")
    page.get_by_test_id("request").fill(REQUEST)
    page.get_by_test_id("trip-budget").fill("300")
    page.get_by_test_id("start").click()
    decision = page.get_by_test_id("decision")
    expect(decision.get_by_test_id("budget-status")).to_have_text("OVER BUDGET")
    floor = (min(o["price"] for o in trip_script.flights["outbound"])
             + min(o["price"] for o in trip_script.flights["return"])
             + min(o["price"] for o in trip_script.hotels["offers"]))
    detail = decision.get_by_test_id("budget-detail")
    expect(detail).to_contain_text("no plan fits it: the cheapest flights and hotel found cost")
    expect(detail).to_contain_text(f"{floor:,.2f}")
    page.get_by_test_id("nav-inbox").click()
    expect(page.get_by_test_id("inbox-item").get_by_test_id("budget-detail")).to_contain_text(
        "no plan fits it")


def test_invalid_start_shows_the_api_error_and_creates_no_thread(server: str,
                                                                 page: Page) -> None:
    page.goto("/app/")
    expect(page.get_by_test_id("agent-trip")).to_be_visible()
    page.get_by_test_id("trip-origin").fill("BOS")  # no request, no destination, no dates
    page.get_by_test_id("start").click()

    error = page.get_by_test_id("error")
    expect(error).to_be_visible()
    expect(error).to_contain_text(
        "input: give a request in messages, or preferences with at least destination and depart")
    expect(page).to_have_url(re.compile(r"/app/(#/?)?$"))
    expect(page.get_by_test_id("start")).to_be_enabled()
    assert api(server, "POST", "/threads/search", json={}) == []
    expect(page.get_by_test_id("threads-empty")).to_be_visible()

    # A field the API refuses names itself too.
    page.get_by_test_id("request").fill("A weekend somewhere warm")
    page.get_by_test_id("trip-travelers").fill("0")
    page.get_by_test_id("start").click()
    expect(error).to_contain_text("input.preferences.travelers")
    assert api(server, "POST", "/threads/search", json={}) == []


def test_reload_mid_run_rejoins_the_stream(server: str, page: Page,
                                           gated_travel_server: tuple[str, Gate],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A page opened while a run works joins its stream: what happened, then what happens."""
    mcp_url, gate = gated_travel_server
    monkeypatch.setenv("AGENTDESK_TOOLSERVER_TRAVEL", mcp_url)  # hotel searches wait for the gate
    page.goto("/app/")
    page.get_by_test_id("request").fill(REQUEST)
    page.get_by_test_id("start").click()
    expect(page).to_have_url(re.compile(r"#/threads/[0-9a-f-]+$"))
    log = page.get_by_test_id("activity-log")
    expect(log).to_contain_text("Calling search_hotels")
    expect(page.get_by_test_id("thread-status")).to_have_text("running")

    page.reload()  # the browser forgets the stream it had; the page finds the running run
    expect(log).to_contain_text("Calling search_hotels")
    expect(log.locator("[data-kind=run]")).to_have_count(1)
    expect(page.get_by_test_id("thread-status")).to_have_text("running")
    expect(page.get_by_test_id("decision")).to_have_count(0)

    gate.open.set()
    expect(page.get_by_test_id("thread-status")).to_have_text("waiting for decision")
    expect(log).to_contain_text("search_hotels → ok")
    expect(log).to_contain_text("Paused for a decision")
    expect(page.get_by_test_id("decision").get_by_test_id("budget-status")).to_have_text(
        "UNDER BUDGET")
    expect(page.get_by_test_id("inbox-count")).to_have_text("1")

"""The timeline names who acted: with API keys the key's name, and the person's name beside it.

A real server with one named key, a real headless Chromium holding the key and the
"Deciding as" name; the person approves from the inbox and reads the thread's timeline.
"""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from .browser import needs_chromium
from .servers import Servers
from .trip_script import REQUEST, TripScript

pytestmark = needs_chromium


@pytest.fixture
def server(trip_script: TripScript, servers: Servers, monkeypatch: pytest.MonkeyPatch) -> str:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    monkeypatch.setenv("AGENTDESK_MODEL_TRIP", model)
    return servers.app(api_keys=["alice:key-a"], ping_seconds=1).url


def test_with_keys_the_timeline_shows_the_key_and_the_name_beside_it(server: str,
                                                                     page: Page) -> None:
    with httpx.Client(base_url=server, timeout=60, headers={
            "x-api-key": "key-a", "x-agentdesk-actor": "ana"}) as http:
        thread = http.post("/threads", json={"thread_id": "trip-1"}).json()["thread_id"]
        paused = http.post(f"/threads/{thread}/runs/wait", json={
            "assistant_id": "trip", "input": {"messages": REQUEST}})
        assert "__interrupt__" in paused.json(), paused.text
    page.add_init_script("localStorage.setItem('agentdesk.apiKey', 'key-a');"
                         "localStorage.setItem('agentdesk.actor', 'ana');")
    page.goto("/app/#/inbox")
    item = page.get_by_test_id("inbox-item")
    expect(item).to_have_attribute("data-thread-id", "trip-1")
    item.get_by_test_id("inbox-approve").click()
    expect(page.get_by_test_id("inbox-result")).to_have_attribute("data-status", "completed")

    page.goto("/app/#/threads/trip-1")
    expect(page).to_have_url(re.compile(r"#/threads/trip-1$"))
    expect(page.get_by_test_id("thread-status")).to_have_text("completed")
    rows = page.locator("li[data-event=run_started], li[data-event=decision]")
    expect(rows).to_have_count(3)
    for index in range(3):
        row = rows.nth(index)
        expect(row.get_by_test_id("timeline-actor")).to_have_text("alice")
        expect(row.get_by_test_id("timeline-display-name")).to_have_text(" (as ana)")
    expect(rows.nth(0)).to_contain_text("alice (as ana) started a run")
    expect(rows.nth(1)).to_contain_text("alice (as ana) approved")
    expect(rows.nth(2)).to_contain_text("alice (as ana) continued the run with a decision")
    expect(page.get_by_test_id("timeline-list")).not_to_contain_text("~")

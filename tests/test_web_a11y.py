"""Accessibility basics of the web app, checked by axe-core in the same Chromium.

axe-core (tests/vendor/axe.min.js, Deque's MPL-2.0 build, used by the tests only and never
served) runs on the home page, a thread waiting for a decision and the inbox; none may have
a serious or critical violation (labels, names, contrast, keyboard focus). A person using
only the keyboard can choose an agent, type a request and start it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .browser import api, needs_chromium
from .servers import Servers
from .trip_script import REQUEST, TripScript

pytestmark = needs_chromium

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
SHOTS = Path("/tmp/shots/start")
BLOCKING = ("serious", "critical")


@pytest.fixture
def server(servers: Servers, trip_script: TripScript, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("AGENTDESK_MODEL_TRIP", trip_script.write(
        trip_script.search(), trip_script.answer(trip_script.itinerary()),
        trip_script.search(), trip_script.answer(trip_script.itinerary())))
    return servers.app(ping_seconds=1).url


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
             .map((v) => ({id: v.id, impact: v.impact, help: v.help,
                           nodes: v.nodes.map((n) => n.target.join(" ") + " :: " + n.failureSummary)}))""")
    return [v for v in found if v["impact"] in BLOCKING]


def report(found: list[dict[str, Any]]) -> str:
    return "\n".join(f"{v['impact']} {v['id']}: {v['help']}\n    " + "\n    ".join(v["nodes"][:6])
                     for v in found)


def check(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"a11y-{name}.png"), full_page=True)
    found = violations(page)
    assert not found, f"axe-core on the {name} page:\n{report(found)}"


def test_home_has_no_serious_violations(server: str, page: Page) -> None:
    page.goto("/app/")
    expect(page.get_by_test_id("schema-form")).to_be_visible()
    expect(page.get_by_test_id("start-identity")).to_be_visible()
    check(page, "home")
    # The form again, with a refused start: problems beside fields, the banner open.
    page.get_by_test_id("agent-assistant").click()
    expect(page.get_by_test_id("schema-form")).to_have_attribute("data-agent", "assistant")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("request-problem")).to_be_visible()
    check(page, "home-refused")


def test_thread_and_inbox_have_no_serious_violations(server: str, page: Page) -> None:
    thread_id = api(server, "POST", "/threads", json={})["thread_id"]
    api(server, "POST", f"/threads/{thread_id}/runs/wait",
        json={"assistant_id": "trip", "input": {"messages": REQUEST}})
    page.goto(f"/app/#/threads/{thread_id}")
    expect(page.get_by_test_id("decision")).to_be_visible()
    expect(page.get_by_test_id("timeline")).to_contain_text("search_hotels")
    check(page, "thread")
    page.goto("/app/#/inbox")
    expect(page.get_by_test_id("inbox-item")).to_have_count(1)
    check(page, "inbox")


def test_a_task_starts_from_the_keyboard_alone(server: str, page: Page) -> None:
    page.goto("/app/")
    expect(page.get_by_test_id("schema-form")).to_be_visible()
    page.get_by_test_id("actor-name").focus()
    for _ in range(40):  # Tab on from "Who are you?" until the request field has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "request":
            break
    expect(page.get_by_test_id("request")).to_be_focused()
    page.keyboard.type(REQUEST)
    page.keyboard.press("Control+Enter")
    expect(page).to_have_url(re.compile(r"#/threads/[0-9a-f-]+$"))
    expect(page.get_by_test_id("thread-status")).to_have_text("waiting for decision")
    # The radio group is reachable too: the arrow keys change the agent.
    page.get_by_test_id("nav-home").click()
    radio = page.get_by_test_id("agent-trip").locator("input")
    radio.focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("input[name=agent]:focus")).not_to_have_attribute("value", "trip")
    expect(page.get_by_test_id("schema-form")).not_to_have_attribute("data-agent", "trip")

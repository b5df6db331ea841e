"""A graph of your own in the web app (real Chromium, real server): started from the home
page with JSON input, its own interrupt payload shown as it is, answered with any JSON."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .browser import api, needs_chromium
from .servers import Servers

pytestmark = needs_chromium

HITL = Path(__file__).parent / "graphs" / "hitl" / "langgraph.json"


@pytest.fixture
def server(servers: Servers) -> str:
    return servers.app(graphs=HITL, ping_seconds=1).url


def test_start_see_and_answer_a_graph_of_your_own(server: str, page: Page) -> None:
    page.goto("/app/")
    page.get_by_test_id("agent-hitl").click()
    request = page.get_by_test_id("request")
    expect(request).to_have_attribute("placeholder", 'Input as JSON, e.g. {"topic": …, '
                                      '"draft": …, "answer": …, "greeting": …}')
    request.fill('{"topic": "owls"}')
    page.get_by_test_id("start").click()

    decision = page.get_by_test_id("decision")
    expect(decision).to_have_attribute("data-kind", "custom")
    expect(page.get_by_test_id("decision-title")).to_have_text("Publish this draft?")
    expect(page.get_by_test_id("decision-value")).to_contain_text("A short note about owls.")
    expect(page.get_by_test_id("decision-json")).to_have_text(
        '{\n  "question": "Publish this draft?",\n  "draft": "A short note about owls."\n}')
    thread_id = page.url.rsplit("/", 1)[1]
    # The run's activity log names the pause by the graph's own question.
    expect(page.locator('li.entry[data-kind="interrupt"]').first).to_contain_text(
        "Paused for a decision: Publish this draft?")

    page.goto("/app/#/inbox")
    item = page.get_by_test_id("inbox-item")
    expect(item.get_by_test_id("inbox-title")).to_have_text("Publish this draft?")
    expect(item.get_by_test_id("inbox-agent")).to_have_text("hitl")
    item.get_by_test_id("inbox-open").click()

    page.get_by_test_id("decision-answer").fill('{"publish": true, "note": "lovely"}')
    page.get_by_test_id("decision-resume").click()
    expect(page.get_by_test_id("decision-result")).to_have_attribute("data-status", "completed")
    assert api(server, "GET", f"/threads/{thread_id}/state")["values"]["answer"] == {
        "publish": True, "note": "lovely"}
    trail = api(server, "GET", f"/threads/{thread_id}/audit")
    assert [(e["actor"], e["data"]["value"]) for e in trail if e["event"] == "decision"] == [
        ("tester", {"publish": True, "note": "lovely"})]


def test_text_that_is_not_json_is_sent_as_text(server: str, page: Page) -> None:
    thread_id = api(server, "POST", "/threads", json={})["thread_id"]
    api(server, "POST", f"/threads/{thread_id}/runs/wait",
        json={"assistant_id": "hitl_factory", "input": {"topic": "moss"}})
    page.goto(f"/app/#/threads/{thread_id}")
    page.get_by_test_id("decision-answer").fill("not yet, shorter please")
    page.get_by_test_id("decision-resume").click()
    expect(page.get_by_test_id("decision-result")).to_have_attribute("data-status", "completed")
    values = api(server, "GET", f"/threads/{thread_id}/state")["values"]
    assert values["answer"] == "not yet, shorter please"

"""Starting every agent from the home page, in a real Chromium against the real server.

Each agent's start form is built from its input schema (``GET /assistants/{id}/schemas``):
typed fields, the required ones marked, defaults filled. What the API refuses reads in
words beside the field it is about; a mistyped thread address is "not found"; the name in
"Who are you?" is the actor of runs and decisions and the assistant's user, whose memory
the Memory page then lists. Models are scripted, so every run is the same.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from .browser import CHROMIUM, CHROMIUM_ARGS, api, needs_chromium
from .servers import Servers
from .trip_script import REQUEST, TripScript

pytestmark = needs_chromium

SHOTS = Path("/tmp/shots/start")
BY_SEGMENT = ("SELECT segment, COUNT(*) AS customers FROM customers "
              "GROUP BY segment ORDER BY customers DESC")
BOB = "Hello, can I get a quote for my car? Thanks, Bob"
FACTS = "My name is Ana Lima and I live in Porto. What is 6*7?"


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def scripted(folder: Path, name: str, items: list[dict[str, Any]]) -> str:
    path = folder / f"{name}-script.json"
    path.write_text(json.dumps(items))
    return f"scripted:{path}"


@pytest.fixture
def models(tmp_path: Path, trip_script: TripScript, bank_db: str,
           monkeypatch: pytest.MonkeyPatch) -> None:
    """Each agent's model replays the steps that take it to its result or first pause."""
    monkeypatch.setenv("AGENTDESK_BANK_DATABASE_URL", bank_db)
    monkeypatch.setenv("AGENTDESK_MODEL_TRIP", trip_script.write(
        trip_script.search(), trip_script.answer(trip_script.itinerary())))
    monkeypatch.setenv("AGENTDESK_MODEL_BANKING", scripted(tmp_path, "banking", [
        {"structured": {"interpreted_intent": "Customers per segment"}},
        {"structured": {"sql": BY_SEGMENT}}, {"structured": {"chart_suggestion": "bar"}}]))
    monkeypatch.setenv("AGENTDESK_MODEL_ASSISTANT", scripted(tmp_path, "assistant", [
        {"tool_calls": [{"name": "calculator", "args": {"expression": "6*7"}}]},
        {"content": "6*7 is 42 [1]."}]))
    monkeypatch.setenv("AGENTDESK_MODEL_INSURANCE", scripted(tmp_path, "insurance", [
        {"structured": {"action": "tool", "tool_name": "ask_customer_tool", "args": {},
                        "reasoning": "the email gives none of what the carrier needs"}}]))
    monkeypatch.setenv("AGENTDESK_MODEL_SIMULATION", scripted(tmp_path, "simulation", [
        {"structured": {"action": "call_tool", "tool": "load_simulation",
                        "arguments": {"model_path": "one_compartment_oral.ant"},
                        "justification": "the request names the model", "question": None}}]))


@pytest.fixture
def server(servers: Servers, models: None) -> str:
    return servers.app(ping_seconds=1).url


def choose(page: Page, agent: str) -> None:
    page.get_by_test_id(f"agent-{agent}").click()
    expect(page.get_by_test_id("schema-form")).to_have_attribute("data-agent", agent)


def started_thread(page: Page) -> str:
    expect(page).to_have_url(re.compile(r"#/threads/[0-9a-f-]+$"))
    return page.url.rsplit("/", 1)[1]


def test_every_agent_starts_from_its_schema_form(server: str, page: Page) -> None:
    page.goto("/app/")
    page.get_by_test_id("actor-name").fill("Ana Lima")

    # Trip: the request and the preferences group, typed from the schema, defaults filled.
    expect(page.get_by_test_id("agent-trip").locator("input")).to_be_checked()
    group = page.get_by_test_id("trip-preferences-fields")
    expect(group).to_contain_text("Preferences")
    expect(page.get_by_test_id("trip-depart")).to_have_attribute("type", "date")
    expect(page.get_by_test_id("trip-travelers")).to_have_attribute("type", "number")
    expect(page.get_by_test_id("trip-currency")).to_have_value("USD")
    expect(page.get_by_text("Where the trip starts: IATA code or city")).to_be_visible()
    page.get_by_test_id("request").fill(REQUEST)
    page.get_by_test_id("trip-budget").fill("2500")
    shot(page, "home-trip")
    page.get_by_test_id("start").click()
    trip = started_thread(page)
    expect(page.get_by_test_id("thread-status")).to_have_text("waiting for decision")
    prefs = api(server, "GET", f"/threads/{trip}/state")["values"]["preferences"]
    assert prefs["budget"] == 2500 and prefs["destination"] == "Lisbon"

    # Banking: one required question; the answer's rows on the thread.
    page.get_by_test_id("nav-home").click()
    choose(page, "banking")
    request = page.get_by_test_id("request")
    expect(request).to_have_attribute("required", "")
    expect(page.locator("label[for=request]")).to_contain_text("Your question (required)")
    request.fill("How big is each segment?")
    page.get_by_test_id("start").click()
    started_thread(page)
    expect(page.get_by_test_id("thread-status")).to_have_text("completed")
    expect(page.get_by_test_id("ask-rows").locator("tbody tr").first).to_be_visible()

    # Assistant: the message; the user comes from "Who are you?", not a field to fill.
    page.get_by_test_id("nav-home").click()
    choose(page, "assistant")
    expect(page.get_by_test_id("assistant-user_id")).to_have_count(0)
    expect(page.get_by_test_id("start-remembers")).to_contain_text("“ana-lima”")
    page.get_by_test_id("request").fill(FACTS)
    page.get_by_test_id("start").click()
    assistant = started_thread(page)
    expect(page.get_by_test_id("thread-status")).to_have_text("completed")
    values = api(server, "GET", f"/threads/{assistant}/state")["values"]
    assert values["user_id"] == "ana-lima"
    assert values["answer"].startswith("6*7 is 42")

    # Insurance: the customer's message and address, typed; it reaches its first review.
    page.get_by_test_id("nav-home").click()
    choose(page, "insurance")
    expect(page.get_by_test_id("request")).to_have_attribute("required", "")
    expect(page.get_by_test_id("insurance-customer_email")).to_have_attribute("type", "email")
    expect(page.locator("label[for=request]")).to_contain_text("The customer's message")
    page.get_by_test_id("request").fill(BOB)
    page.get_by_test_id("insurance-customer_email").fill("bob@example.com")
    page.get_by_test_id("insurance-customer_name").fill("Bob Stone")
    shot(page, "home-insurance")
    page.get_by_test_id("start").click()
    insurance = started_thread(page)
    expect(page.get_by_test_id("thread-status")).to_have_text("waiting for decision")
    expect(page.get_by_test_id("decision")).to_be_visible()
    shot(page, "insurance-first-pause")
    values = api(server, "GET", f"/threads/{insurance}/state")["values"]
    assert BOB in json.dumps(values)

    # Simulation: the request; it pauses before loading the model.
    page.get_by_test_id("nav-home").click()
    choose(page, "simulation")
    page.get_by_test_id("request").fill("Load the one-compartment oral model and simulate a day.")
    page.get_by_test_id("start").click()
    simulation = started_thread(page)
    expect(page.get_by_test_id("thread-status")).to_have_text("waiting for decision")
    expect(page.get_by_test_id("decision")).to_be_visible()

    # Every run carries the name typed once; the home page keeps the agent last chosen.
    for thread_id in (trip, assistant, insurance, simulation):
        trail = api(server, "GET", f"/threads/{thread_id}/audit")
        assert [e["actor"] for e in trail if e["event"] == "run_started"] == ["Ana Lima"]
    page.get_by_test_id("nav-home").click()
    expect(page.get_by_test_id("agent-simulation").locator("input")).to_be_checked()
    page.reload()
    expect(page.get_by_test_id("agent-simulation").locator("input")).to_be_checked()
    expect(page.get_by_test_id("actor-name")).to_have_value("Ana Lima")


def visible_error(page: Page) -> str:
    error = page.get_by_test_id("error")
    expect(error).to_be_visible()
    return page.get_by_test_id("error-text").inner_text()


def test_refused_input_reads_in_words_beside_its_field(server: str, page: Page) -> None:
    page.goto("/app/")

    # Nothing typed where something is required: said in the page, nothing is sent.
    choose(page, "assistant")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("request-problem")).to_have_text("Fill this in.")
    expect(page.get_by_test_id("request")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_test_id("request")).to_be_focused()
    said = visible_error(page)
    assert said == "Check the form. Your request: fill this in."
    assert api(server, "POST", "/threads/search", json={}) == []

    # A value the API refuses: its 422 is shown beside the field, in words.
    choose(page, "insurance")
    page.get_by_test_id("request").fill(BOB)
    page.get_by_test_id("insurance-customer_email").fill("bob at example")
    page.get_by_test_id("start").click()
    problem = page.get_by_test_id("insurance-customer_email-problem")
    expect(problem).to_have_text("Enter an email address, like name@example.com.")
    said = visible_error(page)
    assert said.startswith("Check the form. Customer email: enter an email address")
    shot(page, "refused-email")

    choose(page, "trip")
    page.get_by_test_id("request").fill(REQUEST)
    page.get_by_test_id("trip-travelers").fill("0")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("trip-travelers-problem")).to_have_text("Must be at least 1.")
    said = visible_error(page)
    assert said == "Check the form. Travelers: must be at least 1."
    for words in ("input.", "Field required", "should be", "pattern"):
        assert words not in said
    assert api(server, "POST", "/threads/search", json={}) == []
    # The API's own wording is kept, folded away, for whoever reports the problem.
    detail = page.get_by_test_id("error-detail")
    expect(detail).not_to_have_attribute("open", "")
    expect(detail).to_contain_text("input.preferences.travelers")

    # The request field was right all along: a chat-style input reaches insurance's message.
    thread_id = api(server, "POST", "/threads", json={})["thread_id"]
    api(server, "POST", f"/threads/{thread_id}/runs/wait", json={
        "assistant_id": "insurance", "input": {
            "messages": [{"role": "user", "content": BOB}], "customer_email": "bob@example.com"}})
    assert api(server, "GET", f"/threads/{thread_id}")["status"] == "interrupted"


@pytest.mark.parametrize("address", ["not%20an%20id!", "a" * 65, "%E0%A4%A", "no-such-thread"])
def test_a_mistyped_thread_address_is_not_found(server: str, page: Page, address: str) -> None:
    page.goto(f"/app/#/threads/{address}")
    expect(page.get_by_role("heading", name="Thread not found")).to_be_visible()
    expect(page.get_by_text("Loading…")).to_have_count(0)
    expect(page.get_by_role("link", name=re.compile("home", re.I)).first).to_be_visible()
    if address == "not%20an%20id!":
        shot(page, "thread-not-found")


def test_the_name_given_is_the_actor_and_the_assistants_user(server: str, page: Page) -> None:
    page.goto("/app/")
    # No name yet: the page asks, where the task starts.
    asked = page.get_by_test_id("start-identity")
    expect(asked).to_be_visible()
    asked.fill("Ana Lima")
    asked.press("Tab")
    expect(page.get_by_test_id("actor-name")).to_have_value("Ana Lima")

    page.get_by_test_id("request").fill(REQUEST)
    page.get_by_test_id("start").click()
    trip = started_thread(page)
    expect(page.get_by_test_id("thread-status")).to_have_text("waiting for decision")
    page.get_by_test_id("nav-inbox").click()
    page.get_by_test_id("inbox-item").get_by_test_id("inbox-approve").click()
    expect(page.get_by_test_id("inbox-result")).to_have_attribute("data-status", "completed")
    trail = api(server, "GET", f"/threads/{trip}/audit")
    assert [e["actor"] for e in trail if e["event"] == "decision"] == ["Ana Lima"]

    page.get_by_test_id("nav-home").click()
    choose(page, "assistant")
    page.get_by_test_id("request").fill(FACTS)
    page.get_by_test_id("start").click()
    started_thread(page)
    expect(page.get_by_test_id("thread-status")).to_have_text("completed")

    page.get_by_test_id("nav-memory").click()
    user = page.get_by_test_id("memory-user")
    expect(user).to_have_count(1)
    expect(user).to_have_attribute("data-user-id", "ana-lima")
    expect(user.get_by_test_id("memory-you")).to_have_text("you")
    user.get_by_role("link", name="ana-lima").click()
    facts = page.get_by_test_id("memory-fact-text")
    expect(facts).to_have_count(2)
    assert sorted(facts.all_inner_texts()) == ["Their name is Ana Lima", "They live in Porto"]
    shot(page, "memory-of-ana")


@pytest.fixture
def unnamed(servers: Servers, models: None) -> Iterator[tuple[str, Page]]:
    """A server with no configured actor (as ``agentdesk serve`` runs by default), and a page."""
    url = servers.app(actor=None, ping_seconds=1).url
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=url)
            context.set_default_timeout(15_000)
            tab = context.new_page()
            tab.on("pageerror", lambda exc: errors.append(str(exc)))
            yield url, tab
        finally:
            browser.close()
    assert not errors, f"uncaught errors in the web app: {errors}"


def test_without_a_name_the_actor_is_you_never_the_login(unnamed: tuple[str, Page]) -> None:
    server, page = unnamed
    page.goto("/app/")
    expect(page.get_by_test_id("start-identity")).to_be_visible()  # asked, not required
    choose(page, "simulation")
    page.get_by_test_id("request").fill("Load the one-compartment oral model and simulate a day.")
    page.get_by_test_id("start").click()
    thread_id = started_thread(page)
    expect(page.get_by_test_id("thread-status")).to_have_text("waiting for decision")
    expect(page.get_by_test_id("timeline-actor").first).to_have_text("you")
    trail = api(server, "GET", f"/threads/{thread_id}/audit")
    assert {e["actor"] for e in trail if e["event"] == "run_started"} == {"you"}
